package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Block;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The SSA rules, for reachable blocks only (in an unreachable block nothing runs, so
 * dominance means nothing there):
 * <ul>
 * <li>every definition dominates its uses: earlier in the same block, or in a block that
 *     dominates the user's; a phi's use of the value from block P is at the end of P, so the
 *     definition must dominate P;</li>
 * <li>no reachable instruction uses a value defined in an unreachable block;</li>
 * <li>each phi names exactly its block's predecessors, each once; predecessors include
 *     unreachable blocks that branch here, as SPIR-V's phis name every parent block (mem2reg
 *     gives them undef). Values from unreachable predecessors are not checked for dominance.</li>
 * </ul>
 * Operands from outside the function are {@link OperandRules}' business and skipped here.
 */
final class SsaRules {
    private SsaRules() {
    }

    static void check(FunctionScope s) {
        Cfg cfg = s.cfg;
        List<Block> blocks = cfg.blocks();
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            if (!cfg.isReachable(block)) {
                continue;
            }
            List<Instruction> code = block.instructions();
            for (int k = 0; k < code.size(); k++) {
                Instruction in = code.get(k);
                if (in.op() == Opcode.PHI) {
                    phiValues(s, in);
                    phiPredecessors(s, block, in);
                } else {
                    uses(s, b, k, in);
                }
            }
        }
    }

    private static void uses(FunctionScope s, int b, int k, Instruction in) {
        List<Value> ops = in.operands();
        for (int j = 0; j < ops.size(); j++) {
            if (!(ops.get(j) instanceof Instruction d) || !s.owns(d)) {
                continue;
            }
            int db = s.blockOf(d);
            if (!s.cfg.isReachable(s.block(db))) {
                s.at(in, USE_FROM_UNREACHABLE, j, in.op().mnemonic(), db);
            } else if (db == b) {
                if (s.indexOf(d) >= k) {
                    s.at(in, USE_BEFORE_DEF, j, in.op().mnemonic());
                }
            } else if (!s.cfg.dominates(s.block(db), s.block(b))) {
                s.at(in, USE_NOT_DOMINATED, j, in.op().mnemonic(), db);
            }
        }
    }

    private static void phiValues(FunctionScope s, Instruction phi) {
        int n = Math.min(phi.operands().size(), phi.targets().size());
        for (int j = 0; j < n; j++) {
            Block from = phi.targets().get(j);
            if (!(phi.operand(j) instanceof Instruction d) || !s.owns(d) || !s.cfg.isReachable(from)) {
                continue;
            }
            int db = s.blockOf(d);
            if (!s.cfg.isReachable(s.block(db))) {
                s.at(phi, USE_FROM_UNREACHABLE, j, "phi", db);
            } else if (!s.cfg.dominates(s.block(db), from)) {
                s.at(phi, PHI_NOT_DOMINATED, s.cfg.indexOf(from), db);
            }
        }
    }

    private static void phiPredecessors(FunctionScope s, Block block, Instruction phi) {
        List<Block> predecessors = s.cfg.predecessors(block);
        Set<Block> named = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Block from : phi.targets()) {
            if (!s.cfg.contains(from)) {
                continue; // null or foreign: OperandRules reports it
            }
            if (!predecessors.contains(from)) {
                s.at(phi, PHI_NOT_PREDECESSOR, s.cfg.indexOf(from));
            } else if (!named.add(from)) {
                s.at(phi, PHI_PREDECESSOR_TWICE, s.cfg.indexOf(from));
            }
        }
        for (Block p : predecessors) {
            if (!named.contains(p)) {
                s.at(phi, PHI_MISSING_PREDECESSOR, s.cfg.indexOf(p));
            }
        }
    }
}
