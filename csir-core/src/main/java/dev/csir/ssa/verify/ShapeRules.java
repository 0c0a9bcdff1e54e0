package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Argument;
import dev.csir.ssa.Block;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import java.util.List;

/**
 * The function's signature and the shape of its blocks:
 * <ul>
 * <li>a function has a return type, parameters of value types, and at least one block;</li>
 * <li>every block is non-empty and ends in exactly one terminator: the last instruction is
 *     one and no other is;</li>
 * <li>parent links agree with the lists: each block's parent is the function, each
 *     instruction's parent the block holding it (passes navigate by them);</li>
 * <li>phis come first in a block, and not in the entry block;</li>
 * <li>allocas are in the entry block (a local lives for the whole invocation; SPIR-V puts its
 *     variables there);</li>
 * <li>nothing branches to the entry block, as SPIR-V requires: it has no predecessors, so
 *     passes can insert at its top without a preheader.</li>
 * </ul>
 */
final class ShapeRules {
    private ShapeRules() {
    }

    static void check(FunctionScope s) {
        signature(s);
        List<Block> blocks = s.cfg.blocks();
        for (int b = 0; b < blocks.size(); b++) {
            block(s, b, blocks.get(b));
        }
    }

    private static void signature(FunctionScope s) {
        if (s.function.returnType() == null) {
            s.report(NO_RETURN_TYPE, s.name());
        }
        for (Argument a : s.function.params()) {
            if (!TypeFacts.holdsValue(a.type())) {
                s.report(PARAM_TYPE, a.index(), s.name(), TypeFacts.name(a.type()));
            }
        }
        if (s.cfg.blocks().isEmpty()) {
            s.report(NO_BLOCKS, s.name());
        }
    }

    private static void block(FunctionScope s, int b, Block block) {
        if (block.parent() != s.function) {
            s.at(b, -1, BLOCK_PARENT, block.parent() == null ? "nothing" : block.parent().toString(), s.name());
        }
        List<Instruction> code = block.instructions();
        if (code.isEmpty()) {
            s.at(b, -1, EMPTY_BLOCK);
            return;
        }
        boolean phisDone = false;
        for (int i = 0; i < code.size(); i++) {
            Instruction in = code.get(i);
            if (in.parent() != block) {
                s.at(b, i, INSTRUCTION_PARENT, in.op().mnemonic());
            }
            boolean last = i == code.size() - 1;
            if (in.op().isTerminator() && !last) {
                s.at(b, i, EARLY_TERMINATOR, in.op().mnemonic());
            } else if (last && !in.op().isTerminator()) {
                s.at(b, i, NO_TERMINATOR, in.op().mnemonic());
            }
            if (in.op() == Opcode.PHI) {
                if (phisDone) {
                    s.at(b, i, PHI_AFTER_NON_PHI);
                } else if (b == 0) {
                    s.at(b, i, PHI_IN_ENTRY);
                }
            } else {
                phisDone = true;
            }
            if (in.op() == Opcode.ALLOCA && b != 0) {
                s.at(b, i, ALLOCA_OUTSIDE_ENTRY);
            }
            if (last && in.op().isTerminator()) {
                branchesToEntry(s, b, i, in);
            }
        }
    }

    private static void branchesToEntry(FunctionScope s, int b, int i, Instruction terminator) {
        Block entry = s.cfg.blocks().getFirst();
        if (terminator.targets().contains(entry)) {
            s.at(b, i, BRANCH_TO_ENTRY, terminator.op().mnemonic());
        }
    }
}
