package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Block;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.cfg.Cfg;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The structure markers SPIR-V's merge instructions and the text back ends' if/for/switch come
 * from. For every header:
 * <ul>
 * <li>it has a hint, and one that applies to it (unroll for loops, flatten for selections, as
 *     SPIR-V's loop and selection controls);</li>
 * <li>its merge block exists, is a block of this function, is not the header itself and is no
 *     other header's merge block (SPIR-V gives each construct its own);</li>
 * <li>a selection header ends in condbr or switch, a loop header in br or condbr;</li>
 * <li>a loop header has a continue block of this function that is not its merge block;</li>
 * <li>where both are reachable, the header dominates its merge and continue blocks;</li>
 * <li>a reachable continue block leads back to the header: some predecessor of the header is
 *     dominated by it (the back edge may come from a later block of the continue construct, as
 *     in SPIR-V). An unreachable continue block, which the optimizer keeps for the marker, is
 *     not asked to.</li>
 * </ul>
 * Whether the blocks between header and merge form a properly nested construct is not
 * checked; the lowering builds them that way and no pass reorders branches across headers.
 */
final class StructureRules {
    private StructureRules() {
    }

    static void check(FunctionScope s) {
        Map<Block, Integer> mergeOf = new IdentityHashMap<>();
        List<Block> blocks = s.cfg.blocks();
        for (int h = 0; h < blocks.size(); h++) {
            Block header = blocks.get(h);
            StructureKind kind = header.structure();
            if (kind == null || kind == StructureKind.NONE) {
                continue;
            }
            hint(s, h, header, kind);
            merge(s, h, header, kind, mergeOf);
            Instruction t = header.terminator();
            if (t != null && kind == StructureKind.SELECTION && t.op() != Opcode.COND_BR && t.op() != Opcode.SWITCH) {
                s.at(h, -1, SELECTION_TERMINATOR, t.op().mnemonic());
            } else if (t != null && kind == StructureKind.LOOP && t.op() != Opcode.BR && t.op() != Opcode.COND_BR) {
                s.at(h, -1, LOOP_TERMINATOR, t.op().mnemonic());
            }
            if (kind == StructureKind.LOOP) {
                continueBlock(s, h, header);
            }
        }
    }

    private static void hint(FunctionScope s, int h, Block header, StructureKind kind) {
        ControlHint hint = header.hint();
        if (hint == null) {
            s.at(h, -1, HEADER_NO_HINT, kind.word());
            return;
        }
        boolean loopHint = hint == ControlHint.UNROLL || hint == ControlHint.DONT_UNROLL;
        boolean selectionHint = hint == ControlHint.FLATTEN || hint == ControlHint.DONT_FLATTEN;
        if (kind == StructureKind.LOOP ? selectionHint : loopHint) {
            s.at(h, -1, HINT_KIND, hint.word(), kind.word());
        }
    }

    private static void merge(FunctionScope s, int h, Block header, StructureKind kind, Map<Block, Integer> mergeOf) {
        Block merge = header.merge();
        Cfg cfg = s.cfg;
        if (merge == null) {
            s.at(h, -1, HEADER_NO_MERGE, kind.word());
        } else if (!cfg.contains(merge)) {
            s.at(h, -1, HEADER_FOREIGN_MERGE, kind.word(), s.name());
        } else if (merge == header) {
            s.at(h, -1, HEADER_OWN_MERGE, kind.word());
        } else {
            Integer other = mergeOf.putIfAbsent(merge, h);
            if (other != null) {
                s.at(h, -1, MERGE_SHARED, cfg.indexOf(merge), other);
            }
            if (cfg.isReachable(header) && cfg.isReachable(merge) && !cfg.dominates(header, merge)) {
                s.at(h, -1, HEADER_NOT_DOMINATING, "merge", cfg.indexOf(merge));
            }
        }
    }

    private static void continueBlock(FunctionScope s, int h, Block header) {
        Block target = header.continueTarget();
        Cfg cfg = s.cfg;
        if (target == null) {
            s.at(h, -1, LOOP_NO_CONTINUE);
        } else if (!cfg.contains(target)) {
            s.at(h, -1, LOOP_FOREIGN_CONTINUE, s.name());
        } else if (target == header.merge()) {
            s.at(h, -1, LOOP_CONTINUE_IS_MERGE);
        } else if (cfg.isReachable(header) && cfg.isReachable(target)) {
            if (!cfg.dominates(header, target)) {
                s.at(h, -1, HEADER_NOT_DOMINATING, "continue", cfg.indexOf(target));
            } else if (cfg.predecessors(header).stream().noneMatch(p -> cfg.dominates(target, p))) {
                s.at(h, -1, LOOP_NO_BACK_EDGE, cfg.indexOf(target));
            }
        }
    }
}
