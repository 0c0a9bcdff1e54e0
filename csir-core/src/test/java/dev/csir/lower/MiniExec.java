package dev.csir.lower;

import dev.csir.ir.Cmp;
import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;

/**
 * A small exact-math CSIR evaluator for lowering tests until the project's interpreter is used:
 * straight-line code with IF/ELSE/ENDIF, returning gl_Position or the colour.
 */
final class MiniExec {
    private MiniExec() {
    }

    /** Runs the shader with the given attributes and uniforms (vec4 each); returns the stored output. */
    static float[] run(ShaderIr ir, float[][] attrs, float[][] uniforms) {
        float[][] t = new float[ir.temps()][4];
        float[] imm = ir.immediates();
        float[] out = {0, 0, 0, 1};
        boolean[] skip = new boolean[40];
        boolean[] taken = new boolean[40];
        int depth = 0;
        boolean skipping = false;
        for (Insn in : ir.code()) {
            Opcode op = in.opcode();
            if (op == Opcode.IF) {
                skip[++depth] = skipping;
                taken[depth] = !skipping && t[in.a()][0] != 0;
                skipping = skipping || !taken[depth];
                continue;
            }
            if (op == Opcode.ELSE) {
                skipping = skip[depth] || taken[depth];
                continue;
            }
            if (op == Opcode.ENDIF) {
                skipping = skip[depth--];
                continue;
            }
            if (skipping || op == Opcode.NOP) {
                continue;
            }
            int n = in.ncomp();
            float[] a = in.a() >= 0 && op != Opcode.SAMPLE ? t[in.a()].clone() : null;
            float[] b = in.b() >= 0 ? t[in.b()].clone() : null;
            float[] d = in.dst() >= 0 ? t[in.dst()] : null;
            switch (op) {
                case CONST -> {
                    java.util.Arrays.fill(d, 0);
                    System.arraycopy(imm, in.aux(), d, 0, n);
                }
                case MOV -> System.arraycopy(a, 0, d, 0, n == 0 ? 4 : n);
                case SWZ -> {
                    java.util.Arrays.fill(d, 0);
                    for (int i = 0; i < n; i++) {
                        d[i] = a[(in.aux() >> (2 * i)) & 3];
                    }
                }
                case SETLANE -> d[in.aux() & 3] = a[in.aux2() & 3];
                case ADD, SUB, MUL, MIN, MAX -> {
                    for (int i = 0; i < n; i++) {
                        d[i] = switch (op) {
                            case ADD -> a[i] + b[i];
                            case SUB -> a[i] - b[i];
                            case MUL -> a[i] * b[i];
                            case MIN -> a[i] < b[i] ? a[i] : b[i];
                            default -> a[i] > b[i] ? a[i] : b[i];
                        };
                    }
                }
                case ABS -> {
                    for (int i = 0; i < n; i++) {
                        d[i] = Math.abs(a[i]);
                    }
                }
                case SIN, COS -> {
                    for (int i = 0; i < n; i++) {
                        d[i] = (float) (op == Opcode.SIN ? Math.sin(a[i]) : Math.cos(a[i]));
                    }
                }
                case RCP -> {
                    for (int i = 0; i < n; i++) {
                        d[i] = a[i] != 0 ? 1f / a[i] : 0f;
                    }
                }
                case DOT -> {
                    float s = 0;
                    for (int i = 0; i < in.aux(); i++) {
                        s += a[i] * b[i];
                    }
                    d[0] = s;
                }
                case RSQ -> d[0] = a[0] > 0 ? (float) (1.0 / Math.sqrt(a[0])) : 0f;
                case POW -> d[0] = (float) Math.pow(a[0], b[0]);
                case TRUNC -> d[0] = (float) (int) a[0];
                case CMP -> d[0] = Cmp.of(in.aux()).test(a[0], b[0]) ? 1f : 0f;
                case MULMV -> {
                    float[] r = new float[4];
                    for (int k = 0; k < in.aux(); k++) {
                        for (int i = 0; i < 4; i++) {
                            r[i] += t[in.a() + k][i] * b[k];
                        }
                    }
                    System.arraycopy(r, 0, d, 0, 4);
                }
                case MULMM -> {
                    int cols = in.aux();
                    float[][] r = new float[cols][4];
                    for (int c = 0; c < cols; c++) {
                        for (int k = 0; k < cols; k++) {
                            for (int i = 0; i < 4; i++) {
                                r[c][i] += t[in.a() + k][i] * t[in.b() + c][k];
                            }
                        }
                    }
                    for (int c = 0; c < cols; c++) {
                        t[in.dst() + c] = r[c];
                    }
                }
                case LOAD_ATTR -> System.arraycopy(attrs[in.aux()], 0, d, 0, 4);
                case LOAD_UNI -> {
                    for (int k = 0; k < Math.max(1, in.aux2()); k++) {
                        System.arraycopy(uniforms[in.aux() + k], 0, t[in.dst() + k], 0, 4);
                    }
                }
                case STORE_POS, STORE_COLOR -> out = a.clone();
                case DISCARD -> {
                    return null;
                }
                default -> {
                }
            }
        }
        return out;
    }
}
