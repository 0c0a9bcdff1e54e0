package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The documented dead-result pass: a pure instruction whose destination temporary is never read
 * becomes NOP. Four rounds, so removing one result can expose its producers.
 *
 * <p>Two differences from the original, both bug fixes: every temporary of a multi-temporary read
 * counts as used (MULMV and MULMM read whole matrices, so column writes survive), and instructions
 * already turned into NOP no longer count their operands (so the rounds really cascade).
 * SETLANE's destination counts as a use because it keeps the untouched lanes; SETLANE, SAMPLE (and the biased one and TEXSIZE),
 * loads, stores, MULMM and control flow are never removed.
 *
 * <p>Loops need nothing here: a use counts wherever it is, before or after the write, so a value
 * a loop carries into its next iteration or reads after it is always counted.
 */
public final class DeadResults {
    /** Rounds of use counting and elimination. */
    public static final int ROUNDS = 4;

    private DeadResults() {
    }

    public static ShaderIr run(ShaderIr ir) {
        Insn[] code = ir.code().toArray(Insn[]::new);
        int ntmp = ir.temps();
        int[] uses = new int[ntmp];
        boolean changedAny = false;
        for (int round = 0; round < ROUNDS; round++) {
            Arrays.fill(uses, 0);
            for (Insn in : code) {
                countUses(in, uses, ntmp);
            }
            boolean changed = false;
            for (int i = 0; i < code.length; i++) {
                Insn in = code[i];
                if (isPure(in.opcode()) && in.dst() >= 0 && in.dst() < ntmp && uses[in.dst()] == 0) {
                    code[i] = in.asNop();
                    changed = true;
                }
            }
            changedAny |= changed;
            if (!changed) {
                break;
            }
        }
        return changedAny ? ir.withCode(List.of(code)) : ir;
    }

    private static void countUses(Insn in, int[] uses, int ntmp) {
        Opcode op = in.opcode();
        if (op == null || op == Opcode.NOP) {
            return;
        }
        switch (op) {
            case MULMV -> {
                use(uses, ntmp, in.a(), in.aux());
                use(uses, ntmp, in.b(), 1);
            }
            case MULMM -> {
                use(uses, ntmp, in.a(), in.aux());
                use(uses, ntmp, in.b(), in.aux());
            }
            case LOAD_INDEXED -> {
                use(uses, ntmp, in.a(), in.aux()); // any register of the array
                use(uses, ntmp, in.b(), 1);
            }
            default -> {
                use(uses, ntmp, in.a(), 1);
                use(uses, ntmp, in.b(), 1);
                use(uses, ntmp, in.c(), 1);
                if (op == Opcode.SETLANE) {
                    use(uses, ntmp, in.dst(), 1);
                }
            }
        }
    }

    private static void use(int[] uses, int ntmp, int base, int span) {
        if (base < 0) {
            return;
        }
        for (int t = base; t < base + Math.max(1, span) && t < ntmp; t++) {
            uses[t]++;
        }
    }

    /** Instructions whose only effect is their destination. */
    static boolean isPure(Opcode op) {
        if (op == null) {
            return false;
        }
        if (op.isInteger()) {
            return true;
        }
        return switch (op) {
            case LOAD_SYSVAL -> true;
            case CONST, MOV, SWZ, ADD, SUB, MUL, MAX, MIN, ABS, DOT, RSQ, RCP, SIN, COS, LG2, POW, TRUNC, CMP,
                 MULMV, DDX, DDY, DDX_FINE, DDY_FINE -> true;
            default -> false;
        };
    }

    /** Indices of the instructions the pass removed (for tests and reports). */
    static List<Integer> removed(ShaderIr before, ShaderIr after) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            if (before.insn(i).op() != Opcode.NOP.code() && after.insn(i).op() == Opcode.NOP.code()) {
                out.add(i);
            }
        }
        return out;
    }
}
