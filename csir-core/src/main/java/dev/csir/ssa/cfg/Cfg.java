package dev.csir.ssa.cfg;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 *
 * <p>{@link #of} hands out the graph it last built for the function while the function's blocks
 * and their terminators' targets are still those it was built from: most passes change no
 * branch, and checking the targets is far cheaper than building the graph again.
 */
public final class Cfg {
    private final Function function;
    private final List<Block> blocks;
    /** Layout index of each block of the function. */
    private final Map<Block, Integer> index;
    /** Per layout index: the distinct successors and the predecessors, as layout indices and as blocks. */
    private final int[][] succ;
    private final int[][] pred;
    private final List<List<Block>> successors;
    private final List<List<Block>> predecessors;
    private final List<Block> rpo = new ArrayList<>();
    private final List<Block> rpoList = Collections.unmodifiableList(rpo);
    /** RPO number per layout index; -1 for unreachable blocks. */
    private final int[] rpoNumber;
    /** Layout index per RPO number. */
    private int[] rpoIndex;
    /** Immediate dominator per RPO number (the entry's is itself). */
    private int[] idom;
    private List<List<Block>> children;
    private List<Set<Block>> frontiers;
    /** Per layout index, the terminator and its targets (nulls and repeats included) as built from. */
    private final Instruction[] terminators;
    private final Block[][] targetsSeen;

    private Cfg(Function function) {
        this.function = function;
        this.blocks = List.copyOf(function.blocks());
        int n = blocks.size();
        terminators = new Instruction[n];
        targetsSeen = new Block[n][];
        index = new IdentityHashMap<>(n);
        for (int i = 0; i < n; i++) {
            index.put(blocks.get(i), i);
        }
        succ = new int[n][];
        int[] predCount = new int[n];
        for (int i = 0; i < n; i++) {
            Instruction t = blocks.get(i).terminator();
            List<Block> targets = t == null ? List.of() : t.targets();
            terminators[i] = t;
            targetsSeen[i] = targets.toArray(new Block[0]);
            int[] out = new int[targets.size()];
            int k = 0;
            for (int j = 0; j < targets.size(); j++) {
                Integer s = targets.get(j) == null ? null : index.get(targets.get(j));
                // distinct, in target order (terminators have few targets, so a search is cheapest)
                if (s != null && !containsFirst(out, k, s)) {
                    out[k++] = s;
                    predCount[s]++;
                }
            }
            succ[i] = k == out.length ? out : Arrays.copyOf(out, k);
        }
        // predecessors in layout order of the predecessor, so results do not depend on hashing
        pred = new int[n][];
        for (int i = 0; i < n; i++) {
            pred[i] = new int[predCount[i]];
            predCount[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            for (int s : succ[i]) {
                pred[s][predCount[s]++] = i;
            }
        }
        // frozen once, so the accessors hand out the lists themselves: passes ask in loops
        successors = new ArrayList<>(n);
        predecessors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            successors.add(blockList(succ[i]));
            predecessors.add(blockList(pred[i]));
        }
        rpoNumber = new int[n];
        Arrays.fill(rpoNumber, -1);
        computeRpo();
        computeDominators();
    }

    private static boolean containsFirst(int[] a, int count, int v) {
        for (int i = 0; i < count; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    private List<Block> blockList(int[] indices) {
        if (indices.length == 0) {
            return List.of();
        }
        Block[] out = new Block[indices.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = blocks.get(indices[i]);
        }
        return List.of(out);
    }

    /** The graph of {@code function} as its blocks and terminators are now. */
    public static Cfg of(Function function) {
        if (function.cachedCfg() instanceof Cfg kept && kept.function == function && kept.stillHolds()) {
            return kept;
        }
        Cfg cfg = new Cfg(function);
        function.cacheCfg(cfg);
        return cfg;
    }

    /** Whether the function still has exactly the blocks, terminators and targets this graph was built from. */
    private boolean stillHolds() {
        List<Block> now = function.blocks();
        int n = blocks.size();
        if (now.size() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            Block b = now.get(i);
            if (b != blocks.get(i)) {
                return false;
            }
            Instruction t = b.terminator();
            if (t != terminators[i]) {
                return false;
            }
            Block[] seen = targetsSeen[i];
            List<Block> targets = t == null ? List.of() : t.targets();
            if (targets.size() != seen.length) {
                return false;
            }
            for (int k = 0; k < seen.length; k++) {
                if (targets.get(k) != seen[k]) {
                    return false;
                }
            }
        }
        return true;
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
            children.replaceAll(Collections::unmodifiableList);
        }
        int n = rpoOf(b);
        return n < 0 ? List.of() : children.get(n);
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
        int n = blocks.size();
        rpoIndex = new int[0];
        if (n == 0) {
            return;
        }
        int[] post = new int[n];
        int posted = 0;
        boolean[] seen = new boolean[n];
        int[] stackBlock = new int[n];
        int[] stackNext = new int[n];
        stackBlock[0] = 0;
        seen[0] = true;
        int depth = 1;
        while (depth > 0) {
            int top = stackBlock[depth - 1];
            int[] out = succ[top];
            if (stackNext[depth - 1] < out.length) {
                int s = out[stackNext[depth - 1]++];
                if (!seen[s]) {
                    seen[s] = true;
                    stackBlock[depth] = s;
                    stackNext[depth] = 0;
                    depth++;
                }
            } else {
                depth--;
                post[posted++] = top;
            }
        }
        rpoIndex = new int[posted];
        for (int i = posted - 1; i >= 0; i--) {
            int number = posted - 1 - i;
            rpoIndex[number] = post[i];
            rpoNumber[post[i]] = number;
            rpo.add(blocks.get(post[i]));
        }
    }

    private void computeDominators() {
        int count = rpoIndex.length;
        idom = new int[count];
        if (count == 0) {
            return;
        }
        Arrays.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int v = 1; v < count; v++) {
                int newIdom = -1;
                for (int p : pred[rpoIndex[v]]) {
                    int pn = rpoNumber[p];
                    if (pn < 0 || idom[pn] < 0) {
                        continue; // unreachable, or not processed yet in this sweep
                    }
                    newIdom = newIdom < 0 ? pn : intersect(pn, newIdom);
                }
                if (newIdom != idom[v]) {
                    idom[v] = newIdom;
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
            for (int p : pred[rpoIndex[n]]) {
                int runner = rpoNumber[p];
                while (runner >= 0 && runner != stop) {
                    frontiers.get(runner).add(join);
                    runner = runner == 0 ? -1 : idom[runner];
                }
            }
        }
    }
}
