package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Argument;
import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.BarrierFlags;
import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What each instruction refers to, independent of types:
 * <ul>
 * <li>the operand count is within the opcode's range, and an intrinsic has its arity;</li>
 * <li>operands are present and owned: an instruction of a block of this function (found by
 *     walking the blocks, not by parent links), a parameter of this function, a global or a
 *     spec constant of the module's lists, or a well-formed constant;</li>
 * <li>an instruction used as an operand yields a value;</li>
 * <li>targets: {@code br} one, {@code condbr} two, {@code switch} the default plus one per
 *     case, a phi any number (one per value, see {@link TypeRules}), other opcodes none; each
 *     a block of this function;</li>
 * <li>{@code call}, and only {@code call}, has a callee, a function of the module;</li>
 * <li>immediates as each opcode needs them: an extract or insert path that stays inside the
 *     composite's type, one to four shuffle lanes within the two vectors, a valid intrinsic or
 *     atomic operation, barrier flags of known bits, distinct switch cases, none elsewhere.</li>
 * </ul>
 * An instruction whose counts are wrong, or that has a missing or valueless operand, is marked
 * malformed so that the type rules leave it alone.
 */
final class OperandRules {
    private OperandRules() {
    }

    static void check(FunctionScope s) {
        for (Block b : s.cfg.blocks()) {
            for (Instruction in : b.instructions()) {
                instruction(s, in);
            }
        }
    }

    private static void instruction(FunctionScope s, Instruction in) {
        Opcode op = in.op();
        int n = in.operands().size();
        if (n < op.minOperands() || n > op.maxOperands()) {
            s.at(in, COUNT, op.mnemonic(), count(op.minOperands(), op.maxOperands(), "operand"), n);
            s.malformed.add(in);
        }
        for (int j = 0; j < n; j++) {
            operand(s, in, j, in.operand(j));
        }
        targets(s, in);
        callee(s, in);
        immediates(s, in);
    }

    /** "1 operand", "no targets", "at least 2 operands", "1 to 4 lanes". */
    static String count(int min, int max, String noun) {
        if (min == max) {
            return min == 0 ? "no " + noun + "s" : min + " " + noun + (min == 1 ? "" : "s");
        }
        if (max == Integer.MAX_VALUE) {
            return "at least " + min + " " + noun + (min == 1 ? "" : "s");
        }
        return min + " to " + max + " " + noun + "s";
    }

    private static void operand(FunctionScope s, Instruction in, int j, Value v) {
        String op = in.op().mnemonic();
        // instanceof rather than a pattern switch: see dev.csir.types.Type
        if (v == null) {
            s.at(in, NULL_OPERAND, j, op);
            s.malformed.add(in);
        } else if (v instanceof Instruction d && !s.owns(d)) {
            s.at(in, FOREIGN_INSTRUCTION, j, op, s.name());
        } else if (v instanceof Instruction d && !d.hasResult()) {
            s.at(in, VOID_OPERAND, j, op, d.op().mnemonic());
            s.malformed.add(in);
        } else if (v instanceof Argument a && !s.function.params().contains(a)) {
            s.at(in, FOREIGN_ARGUMENT, j, op);
        } else if (v instanceof GlobalVariable g && !s.module.globals.contains(g)) {
            s.at(in, FOREIGN_GLOBAL, j, op, g.name());
        } else if (v instanceof SpecConstant c && !s.module.specConstants.contains(c)) {
            s.at(in, FOREIGN_SPEC, j, op, c.id());
        } else if (v instanceof Constant c && TypeFacts.malformed(c) instanceof String problem) {
            s.at(in, MALFORMED_CONSTANT, j, op, problem);
        }
    }

    private static void targets(FunctionScope s, Instruction in) {
        List<Block> targets = in.targets();
        int want = switch (in.op()) {
            case BR -> 1;
            case COND_BR -> 2;
            case SWITCH -> 1 + in.immediateCount();
            case PHI -> targets.size();
            default -> 0;
        };
        if (targets.size() != want) {
            s.at(in, COUNT, in.op().mnemonic(), count(want, want, "target"), targets.size());
            s.malformed.add(in);
        }
        for (int t = 0; t < targets.size(); t++) {
            Block b = targets.get(t);
            if (b == null) {
                s.at(in, NULL_TARGET, t, in.op().mnemonic());
            } else if (!s.cfg.contains(b)) {
                s.at(in, FOREIGN_TARGET, t, in.op().mnemonic(), s.name());
            }
        }
    }

    private static void callee(FunctionScope s, Instruction in) {
        Function callee = in.callee();
        if (in.op() != Opcode.CALL) {
            if (callee != null) {
                s.at(in, STRAY_CALLEE, in.op().mnemonic());
            }
        } else if (callee == null) {
            s.at(in, NO_CALLEE);
            s.malformed.add(in);
        } else if (!s.module.functions.contains(callee)) {
            s.at(in, FOREIGN_CALLEE, callee.name());
        }
    }

    private static void immediates(FunctionScope s, Instruction in) {
        Opcode op = in.op();
        int n = in.immediateCount();
        int min = switch (op) {
            case EXTRACT, INSERT, SHUFFLE, CALL_INTRINSIC, ATOMIC_RMW, BARRIER -> 1;
            default -> 0;
        };
        int max = switch (op) {
            case EXTRACT, INSERT, SWITCH -> Integer.MAX_VALUE;
            case SHUFFLE -> 4;
            case CALL_INTRINSIC, ATOMIC_RMW, BARRIER -> 1;
            // a lookup's texel offset count
            case SAMPLE, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE_COMPARE, FETCH, GATHER, GATHER_COMPARE -> 1;
            default -> 0;
        };
        if (n < min || n > max) {
            s.at(in, COUNT, op.mnemonic(), count(min, max, op == Opcode.SHUFFLE ? "lane" : "immediate"), n);
            s.malformed.add(in);
            return;
        }
        switch (op) {
            case EXTRACT -> path(s, in, 0);
            case INSERT -> path(s, in, 1);
            case SHUFFLE -> lanes(s, in);
            case CALL_INTRINSIC -> intrinsic(s, in);
            case ATOMIC_RMW -> {
                if (in.immediate(0) < 0 || in.immediate(0) >= AtomicOp.values().length) {
                    s.at(in, BAD_ATOMIC_OP, in.immediate(0));
                    s.malformed.add(in);
                }
            }
            case BARRIER -> {
                if ((in.immediate(0) & ~(BarrierFlags.WORKGROUP_MEMORY | BarrierFlags.DEVICE_MEMORY)) != 0) {
                    s.at(in, BAD_BARRIER_FLAGS, in.immediate(0));
                }
            }
            case SWITCH -> {
                Set<Integer> seen = new HashSet<>();
                for (int c : in.immediates()) {
                    if (!seen.add(c)) {
                        s.at(in, DUPLICATE_CASE, c);
                    }
                }
            }
            default -> {
            }
        }
    }

    /** The path in the immediates must select an element of operand {@code composite}'s type. */
    private static void path(FunctionScope s, Instruction in, int composite) {
        if (in.operands().size() <= composite) {
            return; // the count problem is reported
        }
        Type t = TypeFacts.typeOf(in.operand(composite));
        if (t != null && TypeFacts.elementAt(t, in.immediates()) == null) {
            s.at(in, BAD_PATH, in.op().mnemonic(), Arrays.toString(in.immediates()), t.name());
            s.malformed.add(in);
        }
    }

    private static void lanes(FunctionScope s, Instruction in) {
        if (in.operands().size() != 2 || !(TypeFacts.typeOf(in.operand(0)) instanceof VectorType a)
                || !(TypeFacts.typeOf(in.operand(1)) instanceof VectorType b)) {
            return; // counts and operand types are reported elsewhere
        }
        for (int lane : in.immediates()) {
            if (lane < 0 || lane >= a.size() + b.size()) {
                s.at(in, BAD_LANE, lane, a.name(), b.name());
                s.malformed.add(in);
            }
        }
    }

    private static void intrinsic(FunctionScope s, Instruction in) {
        int ordinal = in.immediate(0);
        if (ordinal < 0 || ordinal >= Intrinsic.count()) {
            s.at(in, BAD_INTRINSIC, ordinal);
            s.malformed.add(in);
            return;
        }
        Intrinsic f = Intrinsic.ofOrdinal(ordinal);
        if (in.operands().size() != f.arity()) {
            s.at(in, COUNT, "intrinsic " + f.glslName(), count(f.arity(), f.arity(), "operand"),
                    in.operands().size());
            s.malformed.add(in);
        }
    }
}
