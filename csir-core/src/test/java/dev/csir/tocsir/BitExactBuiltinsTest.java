package dev.csir.tocsir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Batch;
import dev.csir.exec.BatchShader;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Stage;
import dev.csir.ssa.Module;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.types.ShaderStage;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * modf, frexp, the pack and unpack functions, the carry and extended-multiply functions and mix
 * with a bool selector over ints, uints and bools, computed bit for bit alike by a reference
 * written here from GLSL 4.60 section 8 (with Java's float16 conversions, which round to
 * nearest even), the transform-IR evaluator, the CSIR interpreter and the batch compiler, on
 * edge inputs: signed zeros, infinities, NaNs, float and half subnormals, the half range's
 * rounding boundaries, the normalized formats' halfway cases, random patterns. The shader takes
 * the input's bits in a vec4 attribute and gives its result's bits in a vec4 varying, so
 * nothing on the way rounds them.
 */
class BitExactBuiltinsTest {
    /** A case: statements before the result, the result (a vec4), and the reference from the input bits. */
    record Case(String name, String prelude, String result, boolean floatResult, Function<int[], int[]> reference) {
    }

    static final String SHADER = """
            #version 450 core
            in vec4 a;
            out vec4 r;
            void main() {
                %s
                r = %s;
                gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
            }
            """;

    // ---- the reference -----------------------------------------------------------------------

    static float f(int bits) {
        return Float.intBitsToFloat(bits);
    }

    static int b(float x) {
        return Float.floatToRawIntBits(x);
    }

    /** round(clamp(c, lo, 1) * scale), halfway to even; NaN 0. */
    static long normalized(float c, boolean signed, int width) {
        if (Float.isNaN(c)) {
            return 0;
        }
        float scale = signed ? (1 << (width - 1)) - 1 : (1 << width) - 1;
        float clamped = Math.min(1f, Math.max(signed ? -1f : 0f, c));
        return (long) Math.rint(clamped * scale) & ((1L << width) - 1);
    }

    static int half(float c) {
        return Float.isNaN(c) ? b(c) >>> 16 & 0x8000 | 0x7E00 : Float.floatToFloat16(c) & 0xFFFF;
    }

    static int pack(int[] x, int from, int count, int width, java.util.function.IntUnaryOperator field) {
        long word = 0;
        for (int k = 0; k < count; k++) {
            word |= (field.applyAsInt(x[from + k]) & ((1L << width) - 1)) << (k * width);
        }
        return (int) word;
    }

    static int[] unpack(int word, int width, boolean signed) {
        int n = 32 / width;
        int[] out = new int[4];
        for (int k = 0; k < n; k++) {
            int field = word >>> (k * width) & ((1 << width) - 1);
            if (signed) {
                field = field << (32 - width) >> (32 - width);
                out[k] = b(Math.max(-1f, field / (float) ((1 << (width - 1)) - 1)));
            } else {
                out[k] = b(field / (float) ((1 << width) - 1));
            }
        }
        return out;
    }

    /** modf: {fraction, whole}, both with x's sign; an infinity's fraction is 0. */
    static float[] modf(float x) {
        double m = Math.abs((double) x);
        double whole = Math.floor(m);
        double fraction = Double.isInfinite(m) ? 0 : m - whole;
        return new float[] {(float) Math.copySign(fraction, x), (float) Math.copySign(whole, x)};
    }

    /** frexp: {mantissa bits, exponent}: x = mantissa * 2^exponent, |mantissa| in [0.5, 1); 0, inf, NaN kept with 0. */
    static int[] frexp(float x) {
        if (x == 0 || Float.isNaN(x) || Float.isInfinite(x)) {
            return new int[] {b(x), 0};
        }
        int e = Math.getExponent((double) x) + 1;
        return new int[] {b((float) Math.scalb((double) x, -e)), e};
    }

    static int[] each(int[] x, java.util.function.IntUnaryOperator op) {
        int[] out = new int[4];
        for (int k = 0; k < 4; k++) {
            out[k] = op.applyAsInt(x[k]);
        }
        return out;
    }

    static int[] rotated(int[] x) {
        return new int[] {x[1], x[2], x[3], x[0]};
    }

    static long u(int x) {
        return x & 0xFFFF_FFFFL;
    }

    static final List<Case> CASES = List.of(
            new Case("pack 2x16", "", "vec4(uintBitsToFloat(packHalf2x16(a.xy)), uintBitsToFloat(packHalf2x16(a.zw)),"
                    + " uintBitsToFloat(packUnorm2x16(a.xy)), uintBitsToFloat(packSnorm2x16(a.zw)))", false,
                    x -> new int[] {pack(x, 0, 2, 16, v -> half(f(v))), pack(x, 2, 2, 16, v -> half(f(v))),
                        pack(x, 0, 2, 16, v -> (int) normalized(f(v), false, 16)),
                        pack(x, 2, 2, 16, v -> (int) normalized(f(v), true, 16))}),
            new Case("pack 4x8", "", "vec4(uintBitsToFloat(packUnorm4x8(a)), uintBitsToFloat(packSnorm4x8(a)),"
                    + " uintBitsToFloat(packUnorm4x8(a.wzyx)), 0.0)", false,
                    x -> new int[] {pack(x, 0, 4, 8, v -> (int) normalized(f(v), false, 8)),
                        pack(x, 0, 4, 8, v -> (int) normalized(f(v), true, 8)),
                        pack(new int[] {x[3], x[2], x[1], x[0]}, 0, 4, 8, v -> (int) normalized(f(v), false, 8)), 0}),
            new Case("unpackHalf2x16", "", "vec4(unpackHalf2x16(floatBitsToUint(a.x)), unpackHalf2x16(floatBitsToUint(a.y)))",
                    true, x -> new int[] {b(Float.float16ToFloat((short) x[0])), b(Float.float16ToFloat((short) (x[0] >>> 16))),
                        b(Float.float16ToFloat((short) x[1])), b(Float.float16ToFloat((short) (x[1] >>> 16)))}),
            new Case("unpack 2x16 normalized", "", "vec4(unpackUnorm2x16(floatBitsToUint(a.x)), unpackSnorm2x16(floatBitsToUint(a.y)))",
                    true, x -> {
                        int[] un = unpack(x[0], 16, false);
                        int[] sn = unpack(x[1], 16, true);
                        return new int[] {un[0], un[1], sn[0], sn[1]};
                    }),
            new Case("unpackUnorm4x8", "", "unpackUnorm4x8(floatBitsToUint(a.z))", true, x -> unpack(x[2], 8, false)),
            new Case("unpackSnorm4x8", "", "unpackSnorm4x8(floatBitsToUint(a.w))", true, x -> unpack(x[3], 8, true)),
            new Case("modf fraction", "vec4 w; vec4 q = modf(a, w);", "q", true, x -> each(x, v -> b(modf(f(v))[0]))),
            new Case("modf whole", "vec4 w; vec4 q = modf(a, w);", "w", true, x -> each(x, v -> b(modf(f(v))[1]))),
            new Case("modf scalar into a lane", "vec4 w = vec4(7.0); float q = modf(a.y, w.z);", "vec4(q, w.yzw)", true,
                    x -> new int[] {b(modf(f(x[1]))[0]), b(7f), b(modf(f(x[1]))[1]), b(7f)}),
            new Case("frexp mantissa", "ivec4 e; vec4 m = frexp(a, e);", "m", true, x -> each(x, v -> frexp(f(v))[0])),
            new Case("frexp exponent", "ivec4 e; vec4 m = frexp(a, e);", "intBitsToFloat(e)", false,
                    x -> each(x, v -> frexp(f(v))[1])),
            new Case("frexp exponent into a float", "vec4 e; vec4 m = frexp(a, e);", "e", true,
                    x -> each(x, v -> b((float) frexp(f(v))[1]))),
            new Case("uaddCarry", "uvec4 x = floatBitsToUint(a); uvec4 c; uvec4 s = uaddCarry(x, x.yzwx, c);",
                    "vec4(uintBitsToFloat(s.xy), uintBitsToFloat(c.xy))", false, x -> {
                        int[] y = rotated(x);
                        return new int[] {x[0] + y[0], x[1] + y[1], (int) ((u(x[0]) + u(y[0])) >>> 32),
                            (int) ((u(x[1]) + u(y[1])) >>> 32)};
                    }),
            new Case("usubBorrow", "uvec4 x = floatBitsToUint(a); uvec4 c; uvec4 s = usubBorrow(x, x.yzwx, c);",
                    "vec4(uintBitsToFloat(s.zw), uintBitsToFloat(c.zw))", false, x -> {
                        int[] y = rotated(x);
                        return new int[] {x[2] - y[2], x[3] - y[3], u(x[2]) < u(y[2]) ? 1 : 0, u(x[3]) < u(y[3]) ? 1 : 0};
                    }),
            new Case("umulExtended", "uvec4 x = floatBitsToUint(a); uvec2 hi; uvec2 lo; umulExtended(x.xy, x.zw, hi, lo);",
                    "vec4(uintBitsToFloat(hi), uintBitsToFloat(lo))", false, x -> {
                        java.math.BigInteger p0 = java.math.BigInteger.valueOf(u(x[0])).multiply(java.math.BigInteger.valueOf(u(x[2])));
                        java.math.BigInteger p1 = java.math.BigInteger.valueOf(u(x[1])).multiply(java.math.BigInteger.valueOf(u(x[3])));
                        return new int[] {p0.shiftRight(32).intValue(), p1.shiftRight(32).intValue(), p0.intValue(), p1.intValue()};
                    }),
            new Case("imulExtended", "ivec4 x = floatBitsToInt(a); int hi; int lo; imulExtended(x.x, x.w, hi, lo);"
                    + " ivec3 h3; ivec3 l3; imulExtended(x.yzw, x.xxy, h3, l3);",
                    "intBitsToFloat(ivec4(hi, lo, h3.x, l3.z))", false, x -> {
                        long p = (long) x[0] * x[3];
                        long q = (long) x[1] * x[0];
                        long t = (long) x[3] * x[1];
                        return new int[] {(int) (p >> 32), (int) p, (int) (q >> 32), (int) t};
                    }),
            new Case("mix of ints, uints and bools", "ivec4 i = floatBitsToInt(a); bvec4 s = lessThan(i, i.yzwx);"
                    + " uint m = mix(uint(i.x), uint(i.y), s.z);",
                    "vec4(intBitsToFloat(mix(i.xyz, i.wzy, s.xyz)), uintBitsToFloat(m))", false, x -> {
                        boolean[] s = new boolean[4];
                        for (int k = 0; k < 4; k++) {
                            s[k] = x[k] < x[(k + 1) % 4];
                        }
                        return new int[] {s[0] ? x[3] : x[0], s[1] ? x[2] : x[1], s[2] ? x[1] : x[2], s[2] ? x[1] : x[0]};
                    }),
            new Case("mix of bools", "bvec4 p = greaterThan(a, vec4(0.0)); bvec4 q = lessThan(a, a.yzwx);",
                    "vec4(mix(p, q, bvec4(true, false, a.x < a.w, p.y)))", false, x -> {
                        boolean[] p = new boolean[4];
                        boolean[] q = new boolean[4];
                        for (int k = 0; k < 4; k++) {
                            p[k] = f(x[k]) > 0;
                            q[k] = f(x[k]) < f(x[(k + 1) % 4]);
                        }
                        boolean[] sel = {true, false, f(x[0]) < f(x[3]), p[1]};
                        int[] out = new int[4];
                        for (int k = 0; k < 4; k++) {
                            out[k] = b((sel[k] ? q[k] : p[k]) ? 1f : 0f);
                        }
                        return out;
                    }));

    // ---- the inputs --------------------------------------------------------------------------

    /** Edge floats and patterns, at least 100 distinct, then random ones. */
    static List<Integer> edgeBits() {
        List<Integer> v = new ArrayList<>();
        float[] floats = {0f, -0f, 1f, -1f, 0.5f, -0.5f, 1.5f, -1.5f, 2f, -2f, 2.5f, -2.5f, 0.75f, -0.25f, 0.1f,
            1f / 3, -2f / 3, 0.99999994f, 1.0000001f, -1.0000001f, 7.9f, -100.25f, 1e9f, -1e9f, 8388607.5f, 8388608f,
            16777217f, 3e38f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, Float.MIN_VALUE,
            -Float.MIN_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN,
            // half: the largest finite, the rounding boundary to infinity, the smallest normal and subnormal
            65504f, 65519.996f, 65520f, 65536f, -65520f, 0x1p-14f, 0x1.ff8p-15f, 0x1p-24f, 0x1p-25f, 0x1.8p-24f,
            0x1.8p-25f, 0x1.0000002p-25f, 3e-8f, -6e-8f, 1.00048828125f, 1.000244140625f, 1.000732421875f,
            2049f, 2051f, 0.000061f, -0.0000305f};
        for (float x : floats) {
            v.add(b(x));
        }
        // normalized packing's halfway cases and their neighbours
        for (int k : new int[] {0, 1, 2, 3, 100, 127, 254, 32766, 65534}) {
            for (float d : new float[] {255f, 127f, 65535f, 32767f}) {
                float h = (k + 0.5f) / d;
                v.add(b(h));
                v.add(b(-h));
                v.add(b(Math.nextUp(h)));
            }
        }
        int[] patterns = {0x7FC00000, 0xFFC00000, 0x7F800001, 0x7FBFFFFF, 0xFFFFFFFF, 0x007FFFFF, 0x00400000,
            0x80000001, 0x00000003, 0x80400000, 0x7C007C00, 0xFC00FC00, 0x7E017C01, 0x00010001, 0x03FF83FF,
            0x04008400, 0x3C00BC00, 0x7BFFFBFF, 0x80008000, 0x7F7F7F7F, 0x80808080, 0x81FF0001, 0x00FF00FF,
            0xFFFF0000, 0x8000FFFF, 0x12345678, 0xDEADBEEF, 0x7FFFFFFF, 0x80000000};
        for (int p : patterns) {
            v.add(p);
        }
        return v;
    }

    /** Inputs of four lanes: each edge pattern in each lane against the others, then random ones. */
    static List<int[]> inputs() {
        List<Integer> e = edgeBits();
        List<int[]> in = new ArrayList<>();
        int n = e.size();
        for (int i = 0; i < n; i++) {
            in.add(new int[] {e.get(i), e.get((i + 7) % n), e.get((i * 3 + 1) % n), e.get((i * 5 + 2) % n)});
        }
        Random r = new Random(2026);
        for (int i = 0; i < 200; i++) {
            int[] x = new int[4];
            for (int k = 0; k < 4; k++) {
                x[k] = switch (r.nextInt(3)) {
                    case 0 -> r.nextInt();
                    case 1 -> b((float) (r.nextDouble() * 4 - 2));
                    default -> b((float) (r.nextGaussian() * Math.pow(2, r.nextInt(60) - 30)));
                };
            }
            in.add(x);
        }
        return in;
    }

    // ---- the three paths -----------------------------------------------------------------------

    @Test
    void atLeastAHundredDistinctEdgeInputs() {
        assertThat(new java.util.HashSet<>(edgeBits())).hasSizeGreaterThan(100);
    }

    @Test
    void referenceEvaluatorInterpreterAndBatchAgreeBitForBit() {
        List<int[]> inputs = inputs();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Case c : CASES) {
            String src = SHADER.formatted(c.prelude(), c.result());
            CompileResult r = ShaderCompiler.compile(Stage.VERTEX, "p.vert", src);
            assertThat(r.ok()).as(c.name() + "\n" + r.log()).isTrue();
            assertThat(dev.csir.verify.Verifier.verify(r.ir())).as(c.name()).isEmpty();
            assertThat(r.tgsi()).as(c.name()).contains("VERT").contains("END");
            Module m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "p.vert", src).module();
            int in = slot(r, "a");
            int out = slot(r, "r");
            Interpreter exec = Interpreter.of(r.ir(), null);
            BatchShader batch = BatchShader.of(r.ir(), null);
            assertThat(batch.isCompiled()).as(c.name() + ": " + batch.fallbackReason()).isTrue();
            int lanes = batch.lanes();
            for (int start = 0; start < inputs.size(); start += lanes) {
                int count = Math.min(lanes, inputs.size() - start);
                Batch bt = batch.newBatch();
                for (int l = 0; l < count; l++) {
                    int[] x = inputs.get(start + l);
                    bt.attribute(l, in, f(x[0]), f(x[1]), f(x[2]), f(x[3]));
                }
                batch.run(bt, count);
                for (int l = 0; l < count; l++) {
                    int[] x = inputs.get(start + l);
                    int[] want = c.reference().apply(x);
                    Frame fr = exec.newFrame();
                    fr.attribute(in, f(x[0]), f(x[1]), f(x[2]), f(x[3]));
                    exec.run(fr);
                    Result ev = Evaluator.run(m, new Invocation().input("a", Val.Num.of(VectorType.VEC4,
                            u(x[0]), u(x[1]), u(x[2]), u(x[3]))));
                    Val.Num e = ev.num("r");
                    for (int k = 0; k < 4; k++) {
                        int interpreted = b(fr.varyingsOut()[out * 4 + k]);
                        int compiled = b(bt.varyingsOut()[(out * 4 + k) * lanes + l]);
                        int evaluated = (int) e.bits(k);
                        String at = c.name() + " of " + hex(x) + " lane " + k + ": reference " + hex(want[k]);
                        if (!same(want[k], evaluated, c.floatResult())) {
                            wrong.add(at + ", evaluator " + hex(evaluated));
                        } else if (!same(want[k], interpreted, c.floatResult())) {
                            wrong.add(at + ", interpreter " + hex(interpreted));
                        } else if (!same(want[k], compiled, c.floatResult())) {
                            wrong.add(at + ", batch " + hex(compiled));
                        }
                        checked++;
                    }
                }
            }
        }
        assertThat(wrong).as(wrong.size() + " of " + checked).isEmpty();
        assertThat(checked).isEqualTo(CASES.size() * inputs.size() * 4);
    }

    @Test
    void theProfileWithoutIntegerLanesRefusesThemNamingTheFunction() {
        String[][] calls = {{"vec4 w; r = modf(a, w);", "modf"}, {"ivec4 e; r = frexp(a, e);", "frexp"},
            {"r = vec4(float(packHalf2x16(a.xy)));", "packHalf2x16"},
            {"r = vec4(unpackUnorm4x8(uint(a.x)));", "unpackUnorm4x8"}};
        for (String[] c : calls) {
            String src = SHADER.formatted(c[0], "r");
            CompileResult r = ShaderCompiler.compile(Stage.VERTEX, "p.vert", src,
                    dev.csir.CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
            assertThat(r.ok()).as(c[1]).isFalse();
            assertThat(r.diagnostics().getFirst().line()).as(c[1]).isEqualTo(5);
            assertThat(r.diagnostics().getFirst().message()).as(c[1]).contains("CSIR cannot express").contains(c[1]);
        }
    }

    /** Equal bits; where the result is a float, any NaN is as good as another. */
    static boolean same(int want, int got, boolean floatResult) {
        return want == got || floatResult && Float.isNaN(f(want)) && Float.isNaN(f(got));
    }

    static int slot(CompileResult r, String name) {
        for (InterfaceVar v : r.ir().iface().vars()) {
            if (v.name().equals(name)) {
                return v.slot();
            }
        }
        throw new AssertionError("no " + name);
    }

    static String hex(int x) {
        return String.format("%08x", x);
    }

    static String hex(int[] x) {
        return "(" + hex(x[0]) + ", " + hex(x[1]) + ", " + hex(x[2]) + ", " + hex(x[3]) + ")";
    }
}
