package dev.csir.ssa.cfg;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The control-flow graph of one function, computed once: successors, predecessors, reverse
 * post-order, reachability, the dominator tree and dominance frontiers. It is a snapshot; a
 * pass that changes branches builds a new one.
 *
 * <p>Edges come from each block's terminator ({@link Block#terminator()}: the last instruction
 * when it is a terminator). A terminator target that is null or not a block of the function
 * makes no edge, so the graph of a half-built function is still a graph; the verifier reports
 * such targets. An edge listed twice (a {@code condbr} with both arms the same block) counts
 * once, because a phi names each predecessor once.
 *
 * <p>Predecessors include unreachable blocks: a continue block that the optimizer reduced to a
 * branch back to its header is still a predecessor of the header, as in SPIR-V, whose phis
 * name every parent block. Dominance only concerns reachable blocks: an unreachable block has
 * no immediate dominator, dominates nothing and is dominated by nothing.
 *
 * <p>Dominators follow Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm": the
 * iterative data-flow solution over reverse post-order, which is fast on the small, shallow
 * graphs shaders have.
 */
public final class Cfg {
    private final Function function;
    private final List<Block> blocks;
    /** Layout index of each block of the function. */
    private final Map<Block, Integer> index = new IdentityHashMap<>();
    private final List<List<Block>> successors = new ArrayList<>();
    private final List<List<Block>> predecessors = new ArrayList<>();
    private final List<Block> rpo = new ArrayList<>();
    private List<Block> rpoList;
    /** RPO number per layout index; -1 for unreachable blocks. */
    private final int[] rpoNumber;
    /** Immediate dominator per RPO number (the entry's is itself). */
    private int[] idom;
    private List<List<Block>> children;
    private List<Set<Block>> frontiers;

    private Cfg(Function function) {
        this.function = function;
        this.blocks = List.copyOf(function.blocks());
        for (int i = 0; i < blocks.size(); i++) {
            index.put(blocks.get(i), i);
            predecessors.add(new ArrayList<>());
        }
        for (Block b : blocks) {
            LinkedHashSet<Block> out = new LinkedHashSet<>();
            Instruction t = b.terminator();
            if (t != null) {
                for (Block target : t.targets()) {
                    if (target != null && index.containsKey(target)) {
                        out.add(target);
                    }
                }
            }
            successors.add(List.copyOf(out));
        }
        // predecessors in layout order of the predecessor, so results do not depend on hashing
        for (int i = 0; i < blocks.size(); i++) {
            for (Block s : successors.get(i)) {
                predecessors.get(index.get(s)).add(blocks.get(i));
            }
        }
        // frozen once, so the accessors hand out the lists themselves: passes ask in loops
        predecessors.replaceAll(List::copyOf);
        rpoNumber = new int[blocks.size()];
        Arrays.fill(rpoNumber, -1);
        computeRpo();
        rpoList = List.copyOf(rpo);
        computeDominators();
    }

    /** The graph of {@code function} as its blocks and terminators are now. */
    public static Cfg of(Function function) {
        return new Cfg(function);
    }

    public Function function() {
        return function;
    }

    /** The blocks in layout order. */
    public List<Block> blocks() {
        return blocks;
    }

    /** The layout index of {@code b}, or -1 when it is not a block of the function. */
    public int indexOf(Block b) {
        Integer i = b == null ? null : index.get(b);
        return i == null ? -1 : i;
    }

    /** True when {@code b} is one of the function's blocks. */
    public boolean contains(Block b) {
        return indexOf(b) >= 0;
    }

    /** The distinct blocks {@code b}'s terminator branches to, in target order. */
    public List<Block> successors(Block b) {
        int i = indexOf(b);
        return i < 0 ? List.of() : successors.get(i);
    }

    /** The distinct blocks that branch to {@code b} (reachable or not), in layout order. */
    public List<Block> predecessors(Block b) {
        int i = indexOf(b);
        return i < 0 ? List.of() : predecessors.get(i);
    }

    /** The blocks reachable from the entry, in reverse post-order (the entry first). */
    public List<Block> reversePostOrder() {
        return rpoList;
    }

    public boolean isReachable(Block b) {
        int i = indexOf(b);
        return i >= 0 && rpoNumber[i] >= 0;
    }

    /** The immediate dominator of {@code b}; null for the entry and for unreachable blocks. */
    public Block immediateDominator(Block b) {
        int n = rpoOf(b);
        return n <= 0 ? null : rpo.get(idom[n]);
    }

    /** True when every path from the entry to {@code b} passes {@code a} (so {@code a} dominates itself). */
    public boolean dominates(Block a, Block b) {
        int na = rpoOf(a);
        int nb = rpoOf(b);
        if (na < 0 || nb < 0) {
            return false;
        }
        // walk b's dominator chain up; RPO numbers only decrease along it, so stop below a's
        while (nb > na) {
            nb = idom[nb];
        }
        return nb == na;
    }

    public boolean strictlyDominates(Block a, Block b) {
        return a != b && dominates(a, b);
    }

    /** The blocks {@code b} immediately dominates, in reverse post-order. */
    public List<Block> dominatorTreeChildren(Block b) {
        if (children == null) {
            children = new ArrayList<>();
            for (int i = 0; i < rpo.size(); i++) {
                children.add(new ArrayList<>());
            }
            for (int n = 1; n < rpo.size(); n++) {
                children.get(idom[n]).add(rpo.get(n));
            }
        }
        int n = rpoOf(b);
        return n < 0 ? List.of() : List.copyOf(children.get(n));
    }

    /**
     * The dominance frontier of {@code b}: the blocks where {@code b}'s dominance ends, that is
     * those with a reachable predecessor {@code b} dominates that {@code b} does not strictly
     * dominate themselves (where mem2reg places phis). In reverse post-order; empty for
     * unreachable blocks.
     */
    public List<Block> dominanceFrontier(Block b) {
        if (frontiers == null) {
            computeFrontiers();
        }
        int n = rpoOf(b);
        if (n < 0) {
            return List.of();
        }
        List<Block> out = new ArrayList<>(frontiers.get(n));
        out.sort((x, y) -> Integer.compare(rpoOf(x), rpoOf(y)));
        return out;
    }

    private int rpoOf(Block b) {
        int i = indexOf(b);
        return i < 0 ? -1 : rpoNumber[i];
    }

    /** Depth-first from the entry without recursion (a long chain of blocks must not overflow the stack). */
    private void computeRpo() {
        if (blocks.isEmpty()) {
            return;
        }
        List<Block> post = new ArrayList<>();
        boolean[] seen = new boolean[blocks.size()];
        Deque<int[]> stack = new ArrayDeque<>(); // {layout index, next successor to visit}
        stack.push(new int[] {0, 0});
        seen[0] = true;
        while (!stack.isEmpty()) {
            int[] top = stack.peek();
            List<Block> out = successors.get(top[0]);
            if (top[1] < out.size()) {
                int s = index.get(out.get(top[1]++));
                if (!seen[s]) {
                    seen[s] = true;
                    stack.push(new int[] {s, 0});
                }
            } else {
                stack.pop();
                post.add(blocks.get(top[0]));
            }
        }
        for (int i = post.size() - 1; i >= 0; i--) {
            rpoNumber[index.get(post.get(i))] = rpo.size();
            rpo.add(post.get(i));
        }
    }

    private void computeDominators() {
        idom = new int[rpo.size()];
        if (rpo.isEmpty()) {
            return;
        }
        Arrays.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int n = 1; n < rpo.size(); n++) {
                int newIdom = -1;
                for (Block p : predecessors.get(index.get(rpo.get(n)))) {
                    int pn = rpoOf(p);
                    if (pn < 0 || idom[pn] < 0) {
                        continue; // unreachable, or not processed yet in this sweep
                    }
                    newIdom = newIdom < 0 ? pn : intersect(pn, newIdom);
                }
                if (newIdom != idom[n]) {
                    idom[n] = newIdom;
                    changed = true;
                }
            }
        }
    }

    private int intersect(int a, int b) {
        while (a != b) {
            while (a > b) {
                a = idom[a];
            }
            while (b > a) {
                b = idom[b];
            }
        }
        return a;
    }

    /**
     * For each join point, walk up from each reachable predecessor to the join's immediate
     * dominator, adding the join to every frontier on the way. The entry has no immediate
     * dominator, so a walk for the entry (a back edge to it) goes all the way up and includes
     * the entry itself.
     */
    private void computeFrontiers() {
        frontiers = new ArrayList<>();
        for (int i = 0; i < rpo.size(); i++) {
            frontiers.add(new LinkedHashSet<>());
        }
        for (int n = 0; n < rpo.size(); n++) {
            Block join = rpo.get(n);
            int stop = n == 0 ? -1 : idom[n];
            for (Block p : predecessors.get(index.get(join))) {
                int runner = rpoOf(p);
                while (runner >= 0 && runner != stop) {
                    frontiers.get(runner).add(join);
                    runner = runner == 0 ? -1 : idom[runner];
                }
            }
        }
    }
}
