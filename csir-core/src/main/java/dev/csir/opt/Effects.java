package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;

/**
 * What one instruction reads and writes, lane by lane, as both backends run it.
 *
 * <p>Why "both": the interpreter and the TGSI emitter disagree on a few lanes nobody should read
 * (SWZ and ABS write four lanes in one and ncomp in the other; DOT of width 2 is DP3 in TGSI).
 * A pass must keep both outputs unchanged, so a write counts as "must" only on lanes both
 * backends overwrite and as "may" on lanes either one touches, and a read covers the lanes
 * either backend reads. Lanes are 4-bit masks (bit i = lane i); a multi-temporary access
 * (matrix columns, uniform spans) touches the same lanes of {@code span} consecutive temporaries.
 */
final class Effects {
    static final int FULL = 0xF;

    private Effects() {
    }

    static int mask(int lanes) {
        return (1 << lanes) - 1;
    }

    /** Lanes of MOV and the component-wise binary ops: ncomp, 0 meaning 4. */
    private static int n4(Insn in) {
        int n = in.ncomp();
        return n == 0 ? 4 : Math.min(n, 4);
    }

    /** Lanes of the per-lane unary ops: ncomp, 0 meaning 1. */
    private static int n1(Insn in) {
        int n = in.ncomp();
        return n == 0 ? 1 : Math.min(n, 4);
    }

    /** Temporaries written from {@code dst} on (0 when the instruction writes none). */
    static int writeSpan(Insn in) {
        if (Opcode.of(in.op()).isInteger()) {
            return 1;
        }
        return switch (Opcode.of(in.op())) {
            case CONST, MOV, SWZ, SETLANE, ADD, SUB, MUL, MAX, MIN, ABS, DOT, RSQ, RCP, SIN, COS, LG2,
                 POW, TRUNC, CMP, MULMV, SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE2, FETCH, TEXSIZE, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER,
                 LOAD_ATTR, LOAD_VAR,
                 LOAD_FCOORD, LOAD_SYSVAL, DDX, DDY, DDX_FINE, DDY_FINE -> 1;
            case LOAD_UNI -> in.aux2();
            case MULMM -> in.aux();
            default -> 0;
        };
    }

    /** Lanes of each written temporary that both backends overwrite. */
    static int mustWrite(Insn in) {
        Opcode.IntegerForm form = Opcode.of(in.op()).integerForm();
        if (form != null) {
            return form == Opcode.IntegerForm.COMPARE ? 1 : mask(n4(in));
        }
        return switch (Opcode.of(in.op())) {
            case MOV, SWZ, ADD, SUB, MUL, MAX, MIN, ABS, DDX, DDY, DDX_FINE, DDY_FINE -> mask(n4(in));
            case RSQ, RCP, SIN, COS, LG2, TRUNC -> mask(n1(in));
            case SETLANE -> 1 << (in.aux() & 3);
            case DOT, POW, CMP -> 1;
            case CONST, MULMV, MULMM, SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE2, FETCH, TEXSIZE, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER,
                 LOAD_ATTR, LOAD_VAR,
                 LOAD_UNI, LOAD_FCOORD, LOAD_SYSVAL -> FULL;
            default -> 0;
        };
    }

    /** Lanes of each written temporary that either backend may change. */
    static int mayWrite(Insn in) {
        return switch (Opcode.of(in.op())) {
            case SWZ, ABS -> FULL;
            default -> mustWrite(in);
        };
    }

    /** Temporaries read from operand {@code a} (or {@code b}) on; 0 when that operand is not read. */
    static int readSpan(Insn in, boolean b) {
        Opcode op = Opcode.of(in.op());
        if (op.isInteger()) {
            return !b || op.readsB() ? 1 : 0;
        }
        return switch (op) {
            case MULMM -> in.aux();
            case MULMV -> b ? 1 : in.aux();
            case ADD, SUB, MUL, MAX, MIN, DOT, POW, CMP, SAMPLE_GRAD, SAMPLE2 -> 1;
            case MOV, SWZ, SETLANE, ABS, DDX, DDY, DDX_FINE, DDY_FINE, RSQ, RCP, SIN, COS, LG2, TRUNC, SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, FETCH, TEXSIZE, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER,
                 STORE_POS, STORE_VAR,
                 STORE_COLOR, STORE_DEPTH, IF -> b ? 0 : 1;
            default -> 0;
        };
    }

    /** Lanes of each temporary read through operand {@code a} (or {@code b}). */
    static int readLanes(Insn in, boolean b) {
        if (readSpan(in, b) == 0) {
            return 0;
        }
        Opcode.IntegerForm form = Opcode.of(in.op()).integerForm();
        if (form != null) {
            return switch (form) {
                case COMPARE -> 1;
                case FIELD -> b ? mask(2) : mask(n4(in)); // b: the offset in x, the bit count in y
                default -> mask(n4(in));
            };
        }
        return switch (Opcode.of(in.op())) {
            case MOV, ADD, SUB, MUL, MAX, MIN, DDX, DDY, DDX_FINE, DDY_FINE -> mask(n4(in));
            case RSQ, RCP, SIN, COS, LG2, TRUNC -> mask(n1(in));
            case SWZ -> swizzleLanes(in);
            case SETLANE -> 1 << (in.aux2() & 3);
            case DOT -> in.aux() == 4 ? FULL : mask(3); // TGSI has only DP3 below width 4
            case POW, CMP, IF, TEXSIZE -> 1;
            case MULMV -> b ? mask(in.aux()) : FULL;
            default -> FULL; // ABS (all four in TGSI), MULMM, the lookups, stores
        };
    }

    /** Source lanes a SWZ selects for the lanes either backend writes; TGSI pads with x. */
    private static int swizzleLanes(Insn in) {
        int lanes = 1;
        for (int i = 0; i < n4(in); i++) {
            lanes |= 1 << ((in.aux() >> (2 * i)) & 3);
        }
        return lanes;
    }

    /** Instructions a pass may delete when what they write is never read. */
    static boolean removable(Insn in) {
        return writeSpan(in) > 0;
    }

    static boolean isControl(int op) {
        return op == Opcode.IF.code() || op == Opcode.ELSE.code() || op == Opcode.ENDIF.code()
                || op == Opcode.LOOP.code() || op == Opcode.ENDLOOP.code() || op == Opcode.BREAK.code()
                || op == Opcode.CONTINUE.code();
    }

    /**
     * The index of the ENDLOOP of every LOOP (at the LOOP's index; -1 elsewhere), for verified
     * code, where LOOP and ENDLOOP pair up.
     */
    static int[] loopEnds(Insn[] code) {
        int[] end = new int[code.length];
        int[] open = new int[code.length];
        int depth = 0;
        for (int i = 0; i < code.length; i++) {
            end[i] = -1;
            int op = code[i].op();
            if (op == Opcode.LOOP.code()) {
                open[depth++] = i;
            } else if (op == Opcode.ENDLOOP.code() && depth > 0) {
                end[open[--depth]] = i;
            }
        }
        return end;
    }

    /**
     * Whether the extra passes understand every record of {@code ir}: verified IR whose fields
     * are -1 wherever the opcode does not use them, whose widths have one meaning in both
     * backends, and without indexed records. Anything else is left exactly as it is.
     */
    static boolean understood(ShaderIr ir) {
        for (int i = 0; i < ir.size(); i++) {
            Insn in = ir.insn(i);
            Opcode op = Opcode.of(in.op());
            if (op == null) {
                return false;
            }
            if (op == Opcode.NOP) {
                continue;
            }
            if (op.isIndexed()) {
                return false; // a run-time index reaches any register of its array
            }
            if (in.c() != -1
                    || (writeSpan(in) == 0) != (in.dst() < 0)
                    || (readSpan(in, false) == 0) != (in.a() < 0)
                    || (readSpan(in, true) == 0) != (in.b() < 0)) {
                return false;
            }
            if ((op == Opcode.MULMV || op == Opcode.MULMM) && in.aux() != 3 && in.aux() != 4) {
                return false;
            }
            if (op == Opcode.LOAD_UNI && in.aux2() < 1) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code [a, a+n)} and {@code [b, b+m)} share a temporary. */
    static boolean overlap(int a, int n, int b, int m) {
        return a < b + m && b < a + n;
    }
}
