package dev.csir.testing;

import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Builds random CSIR shaders from a stream of choices (a seeded {@link Random} for property tests,
 * fuzzer bytes for fuzz targets). Fields are mostly plausible for their opcode, so a good share
 * passes the verifier, and now and then wild, so the verifier's rejections are exercised too.
 */
public final class RandomIr {
    /**
     * The opcodes of a float program: all but the integer lanes and the indexed records, whose
     * index is an integer lane (one a float opcode made could be a NaN whose sign, and so the
     * element the clamp picks, Java leaves to the platform), and SAMPLE2, which only a cube-map
     * array slot takes (a random program's slots are sampler2D).
     */
    /** The texel lookups, whose result type is their slot's: VEC4 at the float slots a random shader has. */
    private static final java.util.Set<Opcode> LOOKUPS = java.util.EnumSet.of(Opcode.SAMPLE, Opcode.SAMPLE_BIAS,
            Opcode.SAMPLE_LOD, Opcode.SAMPLE_GRAD, Opcode.FETCH, Opcode.SAMPLE_OFFSET, Opcode.SAMPLE_LOD_OFFSET,
            Opcode.FETCH_OFFSET, Opcode.GATHER);
    private static final Opcode[] OPS = java.util.Arrays.stream(Opcode.values()).filter(o -> !o.isInteger()
            && o != Opcode.LOAD_SYSVAL && !o.isIndexed() && !o.isDerivative() && o != Opcode.SAMPLE2)
            .toArray(Opcode[]::new);
    /** A fragment program's opcodes with the derivatives, each as likely as a tenth of the others together. */
    private static final Opcode[] DERIVATIVE_OPS = java.util.stream.Stream.concat(java.util.Arrays.stream(OPS),
            java.util.stream.Stream.generate(() -> java.util.Arrays.stream(Opcode.values()).filter(Opcode::isDerivative))
                    .limit(OPS.length / 10 + 1).flatMap(s -> s)).toArray(Opcode[]::new);
    /**
     * The opcodes of an integer program: the integer lanes, with the moves, constants, loads,
     * stores, float comparisons and control flow, but no float arithmetic. A NaN a float opcode
     * makes has a payload Java leaves to the platform (and the JIT may swap a product's
     * operands), so an integer opcode reading one could see other bits on the two paths; the
     * opcodes here only copy, compare or make whole floats.
     */
    private static final Opcode[] INTEGER_OPS = java.util.Arrays.stream(Opcode.values()).filter(o -> o.isInteger()
            || switch (o) {
                case NOP, CONST, MOV, SWZ, SETLANE, CMP, LOAD_ATTR, LOAD_VAR, LOAD_UNI, LOAD_FCOORD, LOAD_SYSVAL,
                     STORE_POS, STORE_VAR, STORE_COLOR, IF, ELSE, ENDIF, LOOP, ENDLOOP, BREAK, CONTINUE, DISCARD,
                     LOAD_INDEXED, STORE_INDEXED, LOAD_UNI_INDEXED -> true;
                default -> false;
            }).toArray(Opcode[]::new);
    private Opcode[] ops = OPS;
    private static final float[] SPECIAL = {0f, -0f, 1f, -1f, 0.5f, 2f, 1e-7f, -3.75f, 1e30f, -1e30f,
        Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, Float.NaN,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 123456.78f, 3.1415927f, 1e-38f};

    /** A source of choices: a number in {@code 0..n-1} for {@code n >= 1}. */
    @FunctionalInterface
    public interface Choices {
        int below(int n);

        static Choices of(Random random) {
            return random::nextInt;
        }
    }

    private final Choices c;
    private final Limits lim;
    /** Whether this is a fragment shader with derivatives ({@link #generateDerivatives}). */
    private boolean derivatives;
    /** A clean shader never goes wild, so long ones pass the verifier and reach the TGSI budget. */
    private boolean clean;
    private Stage stage;

    private RandomIr(Choices c, Limits lim) {
        this.c = c;
        this.lim = lim;
    }

    /** A random shader shaped against the default limits (sometimes one past them). */
    public static ShaderIr generate(Choices choices) {
        return new RandomIr(choices, Limits.CHRISOS).shader();
    }

    /**
     * A random fragment shader that also takes derivatives (DDX, DDY and the fine ones), inside
     * and outside its IFs and loops, for the quad paths (the interpreter's runQuad, a batch's quads).
     */
    public static ShaderIr generateDerivatives(Choices choices) {
        RandomIr g = new RandomIr(choices, Limits.CHRISOS);
        g.derivatives = true;
        return g.shader();
    }

    /** A random fragment-to-vertex varying remap, or null (no remap) one time in three. */
    public static int[] remap(Choices c) {
        if (c.below(3) == 0) {
            return null;
        }
        int[] r = new int[c.below(10)];
        for (int i = 0; i < r.length; i++) {
            r[i] = c.below(10) - 1;
        }
        return r;
    }

    private boolean rarely() {
        return !clean && c.below(40) == 0;
    }

    private ShaderIr shader() {
        clean = c.below(3) == 0;
        ops = c.below(3) == 0 ? INTEGER_OPS : OPS;
        stage = c.below(2) == 0 ? Stage.VERTEX : Stage.FRAGMENT;
        if (derivatives) {
            ops = DERIVATIVE_OPS;
            stage = Stage.FRAGMENT;
        }
        int temps = clean ? 4 + c.below(lim.maxTemporaries() - 3)
                : rarely() ? 1 + c.below(lim.maxTemporaries() + 1) : 1 + c.below(12);
        int nimm = clean ? 4 + c.below(lim.maxImmediates() - 3)
                : rarely() ? c.below(lim.maxImmediates() + 2) : c.below(12);
        float[] imms = new float[nimm];
        for (int k = 0; k < nimm; k++) {
            imms[k] = c.below(3) == 0 ? SPECIAL[c.below(SPECIAL.length)]
                    : Float.intBitsToFloat((c.below(1 << 16) << 16) | c.below(1 << 16));
        }
        int attrHi = mark(lim.attributeSlots());
        int varHi = mark(lim.varyingSlots());
        int uniHi = mark(lim.uniformSlots());
        int sampHi = mark(lim.samplerSlots());
        int n = clean && c.below(2) == 0 ? c.below(lim.maxInstructions() + 1)
                : rarely() ? c.below(lim.maxInstructions() + 2) : c.below(28);
        List<Insn> code = new ArrayList<>(n + 8);
        // The open constructs, innermost last: true for a LOOP, false for an IF.
        List<Boolean> open = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Opcode op = ops[c.below(ops.length)];
            boolean inLoop = open.contains(true);
            if (op == Opcode.LOOP && c.below(6) > 0) {
                op = filler(); // loops stay rare: a verified one may run to the iteration guard
            } else if (inLoop && c.below(4) == 0) {
                op = Opcode.BREAK; // and mostly end early
            }
            if (clean && !fits(op, open, attrHi, sampHi)) {
                op = filler();
            }
            boolean innermostIf = !open.isEmpty() && !open.getLast();
            boolean innermostLoop = !open.isEmpty() && open.getLast();
            switch (op) {
                case ENDIF, ELSE -> {
                    if (!innermostIf && !rarely()) {
                        op = Opcode.MOV;
                    } else if (op == Opcode.ENDIF && innermostIf) {
                        open.removeLast();
                    }
                }
                case ENDLOOP -> {
                    if (!innermostLoop && !rarely()) {
                        op = Opcode.MOV;
                    } else if (innermostLoop) {
                        open.removeLast();
                    }
                }
                case BREAK, CONTINUE -> {
                    if (!inLoop && !rarely()) {
                        op = Opcode.MOV;
                    }
                }
                case IF -> open.add(false);
                case LOOP -> open.add(true);
                default -> {
                }
            }
            code.add(insn(op, temps, nimm, attrHi, sampHi));
        }
        if (!rarely()) {
            while (!open.isEmpty()) {
                Opcode closer = open.removeLast() ? Opcode.ENDLOOP : Opcode.ENDIF;
                code.add(new Insn(closer.code(), 0, 0, -1, -1, -1, -1, 0, 0));
            }
        }
        return new ShaderIr("random", stage, code, imms, temps,
                new ShaderInterface(attrHi, varHi, uniHi, sampHi, List.of()));
    }

    /** Whether a clean shader may use {@code op} here (stage, open IFs and LOOPs, declared slots). */
    private boolean fits(Opcode op, List<Boolean> open, int attrHi, int sampHi) {
        int depth = open.size();
        boolean vertex = stage == Stage.VERTEX;
        return switch (op) {
            case STORE_POS, LOAD_ATTR, STORE_VAR, LOAD_SYSVAL -> vertex && (op != Opcode.LOAD_ATTR || attrHi >= 0);
            case STORE_COLOR, DISCARD, LOAD_VAR, LOAD_FCOORD, DDX, DDY, DDX_FINE, DDY_FINE -> !vertex;
            case SAMPLE -> sampHi >= 0;
            case IF, LOOP -> depth < lim.maxIfDepth();
            case ELSE, ENDIF -> depth > 0 && !open.getLast();
            case ENDLOOP -> depth > 0 && open.getLast();
            case BREAK, CONTINUE -> open.contains(true);
            default -> true;
        };
    }

    private int mark(int slots) {
        return rarely() ? c.below(slots + 2) - 1 : c.below(slots + 1) - 1;
    }

    private Insn insn(Opcode op, int temps, int nimm, int attrHi, int sampHi) {
        int raw = rarely() ? c.below(256) : op.code();
        int ty = rarely() ? c.below(256) : op.isInteger() || op == Opcode.LOAD_SYSVAL ? integerType(op) : c.below(14);
        if (LOOKUPS.contains(op) && ty < 14) {
            ty = dev.csir.ir.Type.VEC4.code(); // a lookup's result is its slot's type (float slots here)
        }
        int ncomp = rarely() ? c.below(256) : op == Opcode.CONST ? 1 + c.below(4) : c.below(5);
        int dst = temp(temps);
        int a = temp(temps);
        int b = temp(temps);
        int cc = rarely() ? wild() : -1;
        if (op == Opcode.LOOP || op == Opcode.ENDLOOP || op == Opcode.BREAK || op == Opcode.CONTINUE) {
            // no operands, but now and then a stray one for the verifier to refuse
            dst = rarely() ? dst : -1;
            a = rarely() ? a : -1;
            b = rarely() ? b : -1;
        }
        int aux = 0;
        int aux2 = 0;
        switch (op) {
            case CMP, ICMP, UCMP -> aux = 1 + c.below(6);
            case LOAD_SYSVAL -> aux = c.below(2);
            case DOT -> aux = 1 + c.below(4);
            case SETLANE -> {
                aux = c.below(4);
                aux2 = c.below(4);
            }
            case SWZ -> aux = c.below(256);
            case LOAD_ATTR -> aux = Math.max(0, c.below(attrHi + (clean ? 1 : 2)));
            case SAMPLE -> aux = Math.max(0, c.below(sampHi + (clean ? 1 : 2)));
            case LOAD_VAR, STORE_VAR -> aux = c.below(lim.varyingSlots());
            case LOAD_UNI -> {
                aux2 = 1 + c.below(4);
                aux = c.below(lim.uniformSlots() - aux2 + 1);
                dst = Math.min(dst, Math.max(0, temps - aux2));
            }
            case MULMM, MULMV -> {
                aux = 3 + c.below(2);
                a = Math.min(a, Math.max(0, temps - aux));
                b = op == Opcode.MULMM ? Math.min(b, Math.max(0, temps - aux)) : b;
                dst = op == Opcode.MULMM ? Math.min(dst, Math.max(0, temps - aux)) : dst;
            }
            case CONST -> aux = c.below(Math.max(1, nimm - ncomp + 1));
            // an array that fits the registers (the index, any bits, is clamped into it)
            case LOAD_INDEXED -> {
                aux = 1 + c.below(Math.max(1, Math.min(8, temps)));
                a = Math.min(a, Math.max(0, temps - aux));
            }
            case STORE_INDEXED -> {
                aux = 1 + c.below(Math.max(1, Math.min(8, temps)));
                dst = Math.min(dst, Math.max(0, temps - aux));
            }
            case LOAD_UNI_INDEXED -> {
                aux2 = 1 + c.below(8);
                aux = c.below(lim.uniformSlots() - aux2 + 1);
            }
            default -> {
            }
        }
        if (rarely()) {
            aux = wild();
        }
        if (rarely()) {
            aux2 = wild();
        }
        return new Insn(raw, ty, ncomp, dst, a, b, cc, aux, aux2);
    }

    /** What takes the place of an opcode that does not fit: an addition of the program's kind. */
    private Opcode filler() {
        return ops == INTEGER_OPS ? Opcode.IADD : Opcode.ADD;
    }

    /** The type an integer opcode carries: integer lanes, a float type for I2F and U2F, bool for comparisons. */
    private int integerType(Opcode op) {
        return switch (op) {
            case I2F, U2F -> dev.csir.ir.Type.floatVector(1 + c.below(4)).code();
            case ICMP, UCMP -> dev.csir.ir.Type.BOOL.code();
            default -> dev.csir.ir.Type.integerLanes(1 + c.below(4), c.below(2) == 0).code();
        };
    }

    /** Mostly a valid temporary, sometimes none (-1) or one past the last. */
    private int temp(int temps) {
        int k = clean ? 2 : c.below(24);
        return k == 0 ? -1 : k == 1 ? temps : c.below(temps);
    }

    private int wild() {
        return c.below(1 << 16) - (1 << 15);
    }
}
