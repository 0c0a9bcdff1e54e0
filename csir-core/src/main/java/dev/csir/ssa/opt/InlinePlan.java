package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.cfg.Cfg;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How {@link Inline} splices one callee, worked out once on the callee's own CFG.
 *
 * <p>Constructs are SPIR-V's: a header's construct is the blocks it dominates, less those its
 * merge block dominates (all of them when the merge is unreachable). A <em>breakable</em>
 * construct is a loop or a switch selection: the only ones a branch to the merge leaves from
 * anywhere inside (a plain selection is left by breaking out of the loop around it).
 *
 * <ul>
 * <li><b>direct</b>: at most one reachable {@code ret}, in a block outside every construct. The
 *     body is spliced in and that {@code ret} becomes a branch to the rest of the caller's block.</li>
 * <li><b>wrapped</b>: otherwise. Each reachable {@code ret} stores the result and breaks: to the
 *     wrapper loop's merge when no breakable construct of the callee holds it, else (with the
 *     flag set) to the merge of the innermost one. The merge of each breakable construct that
 *     holds a {@code ret} is {@linkplain #tested tested}: when the flag is set it breaks on, to the
 *     merge of the next breakable construct out, or to the wrapper's merge.</li>
 * </ul>
 *
 * <p>{@link #of} refuses (returns null) shapes it cannot make legal breaks from, and the call is
 * then left alone: a {@code ret} inside a continue construct (SPIR-V allows no break from
 * there), a merge block to test that is also a loop header or a continue block, or a callee
 * whose entry block is a branch target.
 */
final class InlinePlan {
    /** True when the body is spliced without the wrapper loop. */
    final boolean direct;
    /** The reachable blocks ending in {@code ret}, in layout order. */
    final List<Block> returns;
    /** Per returning block: the merge block of the innermost breakable construct holding it (absent: none). */
    final Map<Block, Block> returnBreak;
    /** Merge blocks that test the flag, in layout order. */
    final List<Block> tested;
    /** Per tested merge block: where a set flag breaks to (absent: the wrapper's merge). */
    final Map<Block, Block> testBreak;
    /** Blocks the callee's entry does not reach; a {@code ret} there becomes {@code unreachable}. */
    final Set<Block> unreachable;

    private InlinePlan(boolean direct, List<Block> returns, Map<Block, Block> returnBreak, List<Block> tested,
            Map<Block, Block> testBreak, Set<Block> unreachable) {
        this.direct = direct;
        this.returns = returns;
        this.returnBreak = returnBreak;
        this.tested = tested;
        this.testBreak = testBreak;
        this.unreachable = unreachable;
    }

    /** True when some {@code ret} sits in a breakable construct, so the flag is needed. */
    boolean needsFlag() {
        return !tested.isEmpty();
    }

    /** The plan for {@code callee}, or null when its shape is refused. */
    static InlinePlan of(Function callee) {
        if (callee.blocks().isEmpty()) {
            return null;
        }
        Cfg cfg = Cfg.of(callee);
        if (!cfg.predecessors(callee.entry()).isEmpty()) {
            return null;
        }
        Set<Block> unreachable = new HashSet<>();
        List<Block> returns = new ArrayList<>();
        List<Block> headers = new ArrayList<>();
        Set<Block> continues = new HashSet<>();
        for (Block b : callee.blocks()) {
            if (!cfg.isReachable(b)) {
                unreachable.add(b);
                continue;
            }
            Instruction t = b.terminator();
            if (t != null && t.op() == Opcode.RET) {
                returns.add(b);
            }
            if (b.structure() != StructureKind.NONE && b.merge() != null && cfg.contains(b.merge())) {
                headers.add(b);
                if (b.structure() == StructureKind.LOOP && b.continueTarget() != null) {
                    continues.add(b.continueTarget());
                }
            }
        }
        boolean outside = returns.size() <= 1;
        for (Block r : returns) {
            if (!containing(cfg, headers, r).isEmpty()) {
                outside = false;
            }
        }
        if (outside) {
            return new InlinePlan(true, returns, Map.of(), List.of(), Map.of(), unreachable);
        }
        Map<Block, Block> returnBreak = new IdentityHashMap<>();
        Set<Block> testedHeaders = new HashSet<>();
        for (Block r : returns) {
            List<Block> around = containing(cfg, headers, r);
            for (Block h : around) {
                if (h.structure() == StructureKind.LOOP && h.continueTarget() != null
                        && cfg.dominates(h.continueTarget(), r)) {
                    return null; // no break out of a continue construct
                }
                if (breakable(h)) {
                    testedHeaders.add(h);
                }
            }
            Block inner = innermost(cfg, breakables(around));
            if (inner != null) {
                returnBreak.put(r, inner.merge());
            }
        }
        List<Block> tested = new ArrayList<>();
        Map<Block, Block> testBreak = new IdentityHashMap<>();
        for (Block h : headers) {
            if (!testedHeaders.contains(h)) {
                continue;
            }
            Block m = h.merge();
            if (m.structure() == StructureKind.LOOP || continues.contains(m) || m == callee.entry()) {
                return null;
            }
            List<Block> around = containing(cfg, headers, h);
            around.remove(h);
            Block outer = innermost(cfg, breakables(around));
            if (outer != null) {
                testBreak.put(m, outer.merge());
            }
            tested.add(m);
        }
        tested.sort((a, b) -> Integer.compare(cfg.indexOf(a), cfg.indexOf(b)));
        return new InlinePlan(false, returns, returnBreak, tested, testBreak, unreachable);
    }

    /** A loop, or a selection that ends in a switch. */
    private static boolean breakable(Block header) {
        if (header.structure() == StructureKind.LOOP) {
            return true;
        }
        Instruction t = header.terminator();
        return header.structure() == StructureKind.SELECTION && t != null && t.op() == Opcode.SWITCH;
    }

    private static List<Block> breakables(List<Block> headers) {
        return headers.stream().filter(InlinePlan::breakable).toList();
    }

    /** The headers whose construct holds {@code b} (a header is in its own construct). */
    private static List<Block> containing(Cfg cfg, List<Block> headers, Block b) {
        List<Block> out = new ArrayList<>();
        for (Block h : headers) {
            Block m = h.merge();
            if (cfg.dominates(h, b) && !(cfg.isReachable(m) && cfg.dominates(m, b))) {
                out.add(h);
            }
        }
        return out;
    }

    /** Of headers that all dominate one block (so form a dominator chain), the one every other dominates. */
    private static Block innermost(Cfg cfg, List<Block> chain) {
        Block inner = null;
        for (Block h : chain) {
            if (inner == null || cfg.dominates(inner, h)) {
                inner = h;
            }
        }
        return inner;
    }
}
