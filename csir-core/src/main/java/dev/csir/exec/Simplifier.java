package dev.csir.exec;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts instruction dispatches before assembly without changing anything a caller can observe
 * (outputs, discard, status): only temporaries change, and those are private to a run.
 * <ul>
 *   <li>Fusion: {@code X = op ...; Y = mov X} with the same lane count, adjacent, and X read
 *       nowhere else, becomes {@code Y = op ...}. Lowering emits this for every assignment.</li>
 *   <li>Dead results: an instruction with no effect besides writing temporaries that nothing
 *       reads is dropped, repeated until nothing changes.</li>
 * </ul>
 * Adjacent means no IF, ELSE, ENDIF or loop marker between, so no jump lands between the pair.
 *
 * <p>Both stay right with loops, though a loop can read a temporary near its top that is written
 * further down (a loop-carried value) or after the loop: fusion only drops a temporary whose one
 * reader is the MOV right after its producer, and dead results count reads anywhere in the
 * shader, before or after the write, so neither relies on the order of the code.
 */
final class Simplifier {
    private Simplifier() {
    }

    static ShaderIr simplify(ShaderIr ir) {
        List<Insn> code = new ArrayList<>();
        for (Insn in : ir.code()) {
            Opcode op = Opcode.of(in.op());
            if (op != null && op != Opcode.NOP) {
                code.add(in);
            }
        }
        int temps = maxTemp(code, ir.temps());
        fuse(code, temps);
        removeDead(code, temps);
        return ir.withCode(code);
    }

    private static void fuse(List<Insn> code, int temps) {
        int[] reads = reads(code, temps);
        for (int i = 0; i + 1 < code.size(); i++) {
            Insn def = code.get(i);
            Insn mov = code.get(i + 1);
            int x = def.dst();
            if (mov.op() != Opcode.MOV.code() || x < 0 || mov.a() != x || mov.dst() < 0
                    || reads[x] != 1) {
                continue;
            }
            int lanes = lanesWritten(def);
            if (lanes == 0 || lanes != lanes(mov.ncomp(), 4)) {
                continue;
            }
            code.set(i, new Insn(def.op(), def.ty(), def.ncomp(), mov.dst(), def.a(), def.b(),
                    def.c(), def.aux(), def.aux2()));
            code.remove(i + 1);
            reads[x] = 0;
            // The fused instruction may itself feed a following MOV: look at it again.
            i--;
        }
    }

    private static void removeDead(List<Insn> code, int temps) {
        boolean changed = true;
        while (changed) {
            changed = false;
            int[] reads = reads(code, temps);
            for (int i = code.size() - 1; i >= 0; i--) {
                Insn in = code.get(i);
                if (isPure(in) && !writesRead(in, reads)) {
                    code.remove(i);
                    changed = true;
                }
            }
        }
    }

    /** How many times each temporary is read as an operand (matrix spans included). */
    private static int[] reads(List<Insn> code, int temps) {
        int[] reads = new int[temps];
        for (Insn in : code) {
            Opcode op = Opcode.of(in.op());
            if (op != null && op.isInteger()) {
                count(reads, in.a(), 1);
                count(reads, in.b(), op.readsB() ? 1 : 0);
                continue;
            }
            switch (op) {
                case MOV, SWZ, SETLANE, ABS, RSQ, RCP, SIN, COS, LG2, TRUNC, SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, FETCH, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER,
                        TEXSIZE, STORE_POS, STORE_VAR, STORE_COLOR, STORE_DEPTH, IF -> count(reads, in.a(), 1);
                case ADD, SUB, MUL, MAX, MIN, DOT, POW, CMP, SAMPLE_GRAD, SAMPLE2 -> {
                    count(reads, in.a(), 1);
                    count(reads, in.b(), 1);
                }
                case MULMV -> {
                    count(reads, in.a(), Math.clamp(in.aux(), 0, 4));
                    count(reads, in.b(), 1);
                }
                case MULMM -> {
                    count(reads, in.a(), Math.clamp(in.aux(), 0, 4));
                    count(reads, in.b(), Math.clamp(in.aux(), 0, 4));
                }
                case LOAD_INDEXED -> {
                    count(reads, in.a(), Math.max(in.aux(), 1)); // any register of the array
                    count(reads, in.b(), 1);
                }
                case STORE_INDEXED -> {
                    count(reads, in.a(), 1);
                    count(reads, in.b(), 1);
                }
                case LOAD_UNI_INDEXED -> count(reads, in.b(), 1);
                default -> {
                }
            }
        }
        return reads;
    }

    private static void count(int[] reads, int t, int span) {
        for (int k = 0; k < span; k++) {
            if (t >= 0 && t + k < reads.length) {
                reads[t + k]++;
            }
        }
    }

    private static boolean isPure(Insn in) {
        return switch (Opcode.of(in.op())) {
            case STORE_POS, STORE_VAR, STORE_COLOR, STORE_DEPTH, IF, ELSE, ENDIF, DISCARD, LOOP, ENDLOOP, BREAK,
                 CONTINUE, STORE_INDEXED -> false;
            default -> true;
        };
    }

    private static boolean writesRead(Insn in, int[] reads) {
        int d = in.dst();
        if (d < 0) {
            return false; // writes nothing at all
        }
        int span = switch (Opcode.of(in.op())) {
            case MULMM -> Math.clamp(in.aux(), 0, 4);
            case LOAD_UNI -> in.aux2() <= 0 ? 1 : in.aux2();
            default -> 1;
        };
        for (int k = 0; k < span; k++) {
            if (d + k < reads.length && reads[d + k] > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Lanes 0..n-1 an instruction writes into its single destination register, or 0 when it is
     * not a candidate for fusion (multi-register results, SETLANE, anything without a result).
     */
    private static int lanesWritten(Insn in) {
        int nc = in.ncomp();
        Opcode.IntegerForm form = Opcode.of(in.op()).integerForm();
        if (form != null) {
            return form == Opcode.IntegerForm.COMPARE ? 1 : lanes(nc, 4);
        }
        return switch (Opcode.of(in.op())) {
            case CONST, SWZ, MULMV, SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE2, FETCH, TEXSIZE, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER, LOAD_ATTR, LOAD_VAR,
                 LOAD_FCOORD, LOAD_SYSVAL -> 4;
            case LOAD_UNI -> in.aux2() <= 1 ? 4 : 0;
            case MOV, ADD, SUB, MUL, MAX, MIN, ABS, DDX, DDY, DDX_FINE, DDY_FINE -> lanes(nc, 4);
            case RSQ, RCP, SIN, COS, LG2, TRUNC -> lanes(nc, 1);
            case DOT, POW, CMP -> 1;
            default -> 0;
        };
    }

    static int lanes(int nc, int dflt) {
        return nc == 0 ? dflt : Math.min(nc, 4);
    }

    private static int maxTemp(List<Insn> code, int temps) {
        int hi = temps;
        for (Insn in : code) {
            hi = Math.max(hi, Math.max(in.dst(), Math.max(in.a(), in.b())) + 4);
        }
        return hi;
    }
}
