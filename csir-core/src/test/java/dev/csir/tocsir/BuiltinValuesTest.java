package dev.csir.tocsir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Stage;
import dev.csir.testing.Shaders;
import dev.csir.testing.Shaders.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * csir's added built-ins compiled from source and run on the interpreter, each compared with
 * {@link Math} on hundreds of values in scalar, vec2, vec3 and vec4 form. Tolerances are in
 * units in the last place of the expected float; the lowering's rounding steps are named per case.
 */
class BuiltinValuesTest {
    /** Interesting values plus a seeded spread over several magnitudes. */
    static List<Float> values(float limit) {
        List<Float> v = new ArrayList<>();
        float[] fixed = {0f, -0f, 0.5f, -0.5f, 1f, -1f, 1.5f, -1.5f, 2f, -2f, 2.5f, -2.5f, 3f, -3f, 0.25f, -0.75f,
                1e-3f, -1e-3f, 0.1f, 0.3f, 0.9999999f, -0.9999999f, 7.9f, -7.9f, 100.25f, -100.25f};
        for (float f : fixed) {
            if (Math.abs(f) <= limit) {
                v.add(f);
            }
        }
        Random r = new Random(42);
        while (v.size() < 400) {
            float scale = new float[] {1f, 4f, 50f, limit}[v.size() % 4];
            v.add((float) ((r.nextDouble() * 2 - 1) * Math.min(scale, limit)));
        }
        return v;
    }

    /** The shader applying {@code fn} to the first {@code form} lanes of u, result in r. */
    static Run unary(String fn, int form) {
        String arg = new String[] {"u.x", "u.xy", "u.xyz", "u"}[form - 1];
        String pad = ", 0.0".repeat(4 - form);
        return Shaders.vertex("""
                #version 330 core
                uniform vec4 u;
                out vec4 r;
                void main() {
                    r = vec4(%s(%s)%s);
                    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
                }
                """.formatted(fn, arg, pad));
    }

    /** The four lanes each value is spread over, so every vector form sees different inputs. */
    static float[] lanes(float x) {
        return new float[] {x, -0.37f * x, x + 1.25f, 3.1f * x};
    }

    interface Tolerance {
        double of(double x, double want);
    }

    static Tolerance ulps(double n) {
        return (x, want) -> n * Math.ulp((float) want);
    }

    static final Tolerance EXACT = (x, want) -> 0;

    static void checkUnary(String fn, float limit, DoubleUnaryOperator ref, Tolerance tol) {
        checkUnary(fn, values(limit), ref, tol);
    }

    static void checkUnary(String fn, List<Float> xs, DoubleUnaryOperator ref, Tolerance tol) {
        checkUnary(fn, xs, ref, tol, false);
    }

    /** {@code positive}: every lane's input made nonnegative (for the square roots). */
    static void checkUnary(String fn, List<Float> xs, DoubleUnaryOperator ref, Tolerance tol, boolean positive) {
        int checked = 0;
        for (int form = 1; form <= 4; form++) {
            Run s = unary(fn, form);
            for (float x : xs) {
                float[] in = lanes(x);
                for (int k = 0; positive && k < 4; k++) {
                    in[k] = Math.abs(in[k]);
                }
                s.uniform("u", in).run();
                float[] got = s.out("r");
                for (int lane = 0; lane < form; lane++) {
                    double want = ref.applyAsDouble(in[lane]);
                    close(fn + "(" + in[lane] + ") as " + form + "-vector", got[lane], want,
                            tol.of(in[lane], want));
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(10 * xs.size()).isGreaterThan(3900);
    }

    static void close(String what, float got, double want, double tol) {
        double err = got == (float) want ? 0 : Math.abs(got - (float) want);
        if (!(err <= tol) && !(Double.isNaN(want) && Float.isNaN(got))) {
            throw new AssertionError(what + ": got " + got + ", want " + (float) want + " (" + want + "), tolerance "
                    + tol);
        }
    }

    @Test
    void floorCeilTruncFractSignAreExact() {
        checkUnary("floor", 1e9f, Math::floor, EXACT);
        checkUnary("ceil", 1e9f, Math::ceil, EXACT);
        checkUnary("trunc", 1e9f, x -> x < 0 ? Math.ceil(x) : Math.floor(x), EXACT);
        checkUnary("sign", 1e9f, Math::signum, EXACT);
        // x - floor(x) is exact in float; Math.floor supplies the floor
        checkUnary("fract", 1e6f, x -> (float) x - (float) Math.floor(x), EXACT);
    }

    @Test
    void sqrtAndInverseSqrt() {
        List<Float> positive = values(1e6f).stream().map(Math::abs).toList();
        // sqrt is rcp(rsq(x)): two roundings
        checkUnary("sqrt", positive, Math::sqrt, ulps(2), true);
        List<Float> nonzero = positive.stream().filter(x -> x > 1e-30f).toList();
        checkUnary("inversesqrt", nonzero, x -> 1 / Math.sqrt(x), ulps(1), true);
        // defined here where GLSL leaves them undefined: sqrt(0) = 0 (rsq and rcp of 0 are 0)
        Run s = unary("sqrt", 4).uniform("u", 0f, 4f, 0.25f, 0f).run();
        assertThat(s.out("r")).containsExactly(0f, 2f, 0.5f, 0f);
    }

    @Test
    void radiansDegreesAndTan() {
        checkUnary("radians", 1e5f, Math::toRadians, ulps(2));
        checkUnary("degrees", 1e5f, Math::toDegrees, ulps(2));
        // sin and cos rounded to float, then rcp and mul
        checkUnary("tan", 1e3f, Math::tan, ulps(5));
    }

    @Test
    void expAndExp2() {
        checkUnary("exp2", 100f, x -> Math.pow(2, x), ulps(1));
        // pow(float e, x): the float e is off by 3e-8 relative, which grows with |x|; GLSL's
        // own bound for exp is 3 + 2|x| ulp
        checkUnary("exp", 80f, Math::exp, (x, want) -> (3 + 2 * Math.abs(x)) * Math.ulp((float) want));
    }

    /** The shader applying {@code fn} to the first {@code form} lanes of u and v, result in r. */
    static Run binary(String fn, int form, boolean scalarResult) {
        String sw = new String[] {".x", ".xy", ".xyz", ""}[form - 1];
        String pad = ", 0.0".repeat(scalarResult ? 3 : 4 - form);
        return Shaders.vertex("""
                uniform vec4 u;
                uniform vec4 v;
                out vec4 r;
                void main() {
                    r = vec4(%1$s(u%2$s, v%2$s)%3$s);
                    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
                }
                """.formatted(fn, sw, pad));
    }

    /** Runs a two-argument built-in lane by lane; {@code skip} leaves out ill-conditioned inputs. */
    static int checkBinary(String fn, DoubleBinaryOperator ref, BinaryTolerance tol, BinarySkip skip) {
        List<Float> xs = values(1e3f);
        List<Float> ys = values(50f);
        int checked = 0;
        for (int form = 1; form <= 4; form++) {
          Run s = binary(fn, form, false);
          for (int i = 0; i < xs.size(); i++) {
            float[] a = lanes(xs.get(i));
            float[] b = lanes(ys.get((i * 7 + 3) % ys.size()));
            for (int k = 0; k < 4; k++) {
                if (Math.abs(b[k]) < 0.1f) {
                    b[k] = b[k] < 0 ? -0.1f - k : 0.1f + k;
                }
            }
            s.uniform("u", a).uniform("v", b).run();
            {
                float[] got = s.out("r");
                for (int lane = 0; lane < form; lane++) {
                    if (skip.skip(a[lane], b[lane])) {
                        continue;
                    }
                    double want = ref.applyAsDouble(a[lane], b[lane]);
                    close(fn + "(" + a[lane] + ", " + b[lane] + ")", got[lane], want, tol.of(a[lane], b[lane], want));
                    checked++;
                }
            }
          }
        }
        return checked;
    }

    interface BinaryTolerance {
        double of(double x, double y, double want);
    }

    interface BinarySkip {
        boolean skip(double x, double y);
    }

    @Test
    void modAndStep() {
        // mod is x - y * floor(x * rcp(y)); near a whole quotient the float quotient may round
        // to the other side of the integer (as on GPUs), so those inputs are left out
        int n = checkBinary("mod", (x, y) -> x - y * Math.floor(x / y),
                (x, y, want) -> 1e-6 * (Math.abs(x) + Math.abs(y)),
                (x, y) -> {
                    double q = x / y;
                    return Math.abs(q - Math.rint(q)) < 1e-4 * Math.max(1, Math.abs(q));
                });
        assertThat(n).isGreaterThan(3500);
        n = checkBinary("step", (edge, x) -> x < edge ? 0 : 1, (x, y, want) -> 0, (x, y) -> false);
        assertThat(n).isEqualTo(4000);
        Run s = binary("step", 4, false).uniform("u", 1f, 1f, -2f, 0f).uniform("v", 1f, 0.999f, -2f, -0f).run();
        assertThat(s.out("r")).containsExactly(1f, 0f, 1f, 1f);
    }

    @Test
    void distance() {
        List<Float> xs = values(1e3f);
        int checked = 0;
        for (int form = 1; form <= 4; form++) {
            Run s = binary("distance", form, true);
            for (int i = 0; i < xs.size(); i++) {
                float[] a = lanes(xs.get(i));
                float[] b = lanes(xs.get((i * 13 + 5) % xs.size()) * 0.5f);
                s.uniform("u", a).uniform("v", b).run();
                double sum = 0;
                double mag = 0;
                for (int k = 0; k < form; k++) {
                    double d = (double) a[k] - b[k];
                    sum += d * d;
                    mag = Math.max(mag, Math.max(Math.abs(a[k]), Math.abs(b[k])));
                }
                double want = Math.sqrt(sum);
                // the float differences round (one ulp of the larger operand), then dot, rsq, rcp
                double tol = 4 * Math.ulp((float) want) + 2 * Math.ulp((float) mag);
                close("distance over " + form + " lanes at " + i, s.out("r")[0], want, tol);
                checked++;
            }
        }
        assertThat(checked).isEqualTo(1600);
    }

    @Test
    void smoothstep() {
        Run s = Shaders.vertex("""
                uniform vec4 e0;
                uniform vec4 e1;
                uniform vec4 x;
                out vec4 r1;
                out vec4 r4;
                void main() {
                    r1 = vec4(smoothstep(e0.x, e1.x, x.x), 0.0, 0.0, 0.0);
                    r4 = smoothstep(e0, e1, x);
                    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
                }
                """);
        List<Float> xs = values(10f);
        int checked = 0;
        for (int i = 0; i < xs.size(); i++) {
            float[] lo = {-1f, 0f, 2f, -5f};
            float[] hi = {1f, 0.5f, 7f, -4.5f};
            float[] in = lanes(xs.get(i));
            s.uniform("e0", lo).uniform("e1", hi).uniform("x", in).run();
            for (int k = 0; k < 4; k++) {
                double t = Math.clamp((in[k] - (double) lo[k]) / (hi[k] - (double) lo[k]), 0.0, 1.0);
                double want = t * t * (3 - 2 * t);
                close("smoothstep lane " + k + " at " + in[k], s.out("r4")[k], want, 1e-6);
                checked++;
            }
            double t = Math.clamp((in[0] + 1.0) / 2.0, 0.0, 1.0);
            close("smoothstep scalar at " + in[0], s.out("r1")[0], t * t * (3 - 2 * t), 1e-6);
        }
        assertThat(checked).isEqualTo(1600);
    }

    @Test
    void builtinsCsirCannotExpressAreLocatedTargetErrors() {
        // GLSL has them and the transform IR computes them; CSIR has no neighbours, and integer
        // bits only in the default profile (the ChrisOS one keeps float-valued ints)
        String bits = "#version 400 core\nuniform vec4 u;\nvoid main() {\n    gl_Position = vec4(bitCount(ivec4(u)));\n}\n";
        assertThat(dev.csir.ShaderCompiler.compile(Stage.VERTEX, "b.vert", bits).ok()).isTrue();
        var chrisos = dev.csir.ShaderCompiler.compile(Stage.VERTEX, "b.vert", bits,
                dev.csir.CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
        assertThat(chrisos.diagnostics().getFirst().line()).isEqualTo(4);
        assertThat(chrisos.diagnostics().getFirst().message()).isEqualTo("CSIR cannot express built-in bitCount");
        // derivatives are CSIR's now (DerivativesTest)
        String derivative = "#version 330 core\nuniform vec4 u;\nout vec4 c;\nvoid main() {\n    c = dFdx(u);\n}\n";
        assertThat(dev.csir.ShaderCompiler.compile(Stage.FRAGMENT, "t", derivative).ok()).isTrue();
        for (String fn : new String[] {"unpackDouble2x32", "packDouble2x32"}) {
            String src = "uniform vec4 u;\nvoid main() {\n    gl_Position = " + fn + "(u);\n}\n";
            assertThat(Shaders.firstError(Stage.VERTEX, src)).as(fn)
                    .isEqualTo("3:19: unsupported built-in function '" + fn + "'");
        }
        assertThat(Shaders.firstError(Stage.VERTEX, "void main() { gl_Position = vec4(hypot(1.0)); }"))
                .isEqualTo("1:34: unknown function");
    }

    @Test
    void userFunctionTakesPrecedenceOverAnAddedBuiltin() {
        Run s = Shaders.vertex("""
                float sqrt(float x) { return x * 10.0; }
                void main() { gl_Position = vec4(sqrt(4.0), 0.0, 0.0, 1.0); }
                """).run();
        assertThat(s.position()).containsExactly(40f, 0f, 0f, 1f);
    }
}
