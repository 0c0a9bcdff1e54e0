package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * ShaderMath's polynomials against the exact functions (GLSL's precision: log2 3 ULP, exp2 3 ULP,
 * pow that of exp2(y log2 x)) and their special values, and VectorRows against ShaderMath bit for
 * bit, over edge values, random values and every row length up to beyond three vectors.
 */
class ShaderMathTest {
    private static final int SAMPLES = 2_000_000;

    private static double ulps(float got, double exact) {
        return Math.abs(got - exact) / Math.ulp((float) exact);
    }

    @Test
    void log2IsWithinThreeUlpsOverThePositiveFloats() {
        SplittableRandom r = new SplittableRandom(11);
        double worst = 0;
        for (int i = 0; i < SAMPLES; i++) {
            // every positive finite float alike, subnormals included
            float x = Float.intBitsToFloat(1 + r.nextInt(0x7f7fffff));
            double exact = Math.log(x) / Math.log(2);
            if (exact != 0) {
                worst = Math.max(worst, ulps(ShaderMath.log2(x), exact));
            }
        }
        assertThat(worst).isLessThan(3.0);
        assertThat(ShaderMath.log2(1f)).isZero();
        for (int e = -149; e < 128; e++) {
            assertThat(ShaderMath.log2(Math.scalb(1f, e))).as("log2 2^%d", e).isEqualTo((float) e);
        }
    }

    @Test
    void exp2IsWithinTwoUlpsWhereTheResultIsNormal() {
        SplittableRandom r = new SplittableRandom(12);
        double worst = 0;
        for (int i = 0; i < SAMPLES; i++) {
            float x = (float) (r.nextDouble() * 253 - 126);
            double exact = Math.pow(2, x);
            if (exact >= Float.MIN_NORMAL && exact <= Float.MAX_VALUE) {
                worst = Math.max(worst, ulps(ShaderMath.exp2(x), exact));
            }
        }
        assertThat(worst).isLessThan(2.0);
        for (int e = -149; e < 128; e++) {
            assertThat(ShaderMath.exp2(e)).as("exp2 %d", e).isEqualTo(Math.scalb(1f, e));
        }
    }

    @Test
    void powIsExp2OfTheProductWithinItsRoundingBound() {
        SplittableRandom r = new SplittableRandom(13);
        for (int i = 0; i < SAMPLES; i++) {
            float a = (float) (r.nextDouble() * 4);
            float b = (float) (r.nextDouble() * 128 - 64);
            double exact = Math.pow(a, b);
            if (exact >= Float.MIN_NORMAL && exact <= Float.MAX_VALUE) {
                // exp2's argument carries log2's 3 ULP times b and the product's rounding; exp2 its own 2 ULP
                float log2 = (float) (Math.log(a) / Math.log(2));
                double argument = Math.abs(b) * 3 * Math.ulp(log2) + Math.ulp(b * log2);
                double bound = exact * Math.log(2) * argument * 1.01 + 2 * Math.ulp((float) exact);
                assertThat(Math.abs(ShaderMath.pow(a, b) - exact)).as("pow(%s, %s)", a, b).isLessThanOrEqualTo(bound);
            }
        }
    }

    @Test
    void specialValues() {
        float inf = Float.POSITIVE_INFINITY;
        assertThat(ShaderMath.log2(0f)).isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(ShaderMath.log2(-0f)).isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(ShaderMath.log2(-1f)).isNaN();
        assertThat(ShaderMath.log2(Float.NaN)).isNaN();
        assertThat(ShaderMath.log2(inf)).isEqualTo(inf);
        assertThat(ShaderMath.exp2(128f)).isEqualTo(inf);
        assertThat(ShaderMath.exp2(inf)).isEqualTo(inf);
        assertThat(ShaderMath.exp2(-inf)).isZero();
        assertThat(ShaderMath.exp2(-150f)).isZero();
        assertThat(ShaderMath.exp2(-149f)).isEqualTo(Float.MIN_VALUE);
        assertThat(ShaderMath.exp2(Float.NaN)).isNaN();
        assertThat(ShaderMath.pow(inf, 0f)).isEqualTo(1f);
        assertThat(ShaderMath.pow(0.5f, inf)).isZero();
        assertThat(ShaderMath.pow(2f, inf)).isEqualTo(inf);
        assertThat(ShaderMath.pow(1f, inf)).isNaN();
        assertThat(ShaderMath.pow(2f, Float.NaN)).isNaN();
        assertThat(ShaderMath.pow(-2f, Float.NaN)).isZero();
        assertThat(ShaderMath.pow(-2f, 3e7f)).isEqualTo(inf); // past 2^24 every float is even
        assertThat(ShaderMath.pow(-0f, 2f)).isZero();
        assertThat(ShaderMath.rsq(0f)).isZero();
        assertThat(ShaderMath.rsq(-4f)).isZero();
        assertThat(ShaderMath.rsq(4f)).isEqualTo(0.5f);
        assertThat(ShaderMath.rcp(0f)).isZero();
        assertThat(ShaderMath.rcp(-0f)).isZero();
        assertThat(ShaderMath.rcp(4f)).isEqualTo(0.25f);
    }

    /** Edge values first, then random bit patterns and random values of shader-like size. */
    private static float[] values(int count, long seed) {
        List<Float> edges = new ArrayList<>(List.of(0f, -0f, 1f, -1f, 2f, -2f, 0.5f, 3f, -3f, 0.1f,
                Float.MIN_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0x7fc00001),
                127.5f, 128f, -126f, -149.5f, -150f, 16777216f, 16777215f, -16777217f, 1e-30f, 1e30f,
                (float) Math.sqrt(2), Math.nextUp((float) Math.sqrt(2)), 0.75f, 1.5f));
        SplittableRandom r = new SplittableRandom(seed);
        float[] v = new float[count];
        for (int i = 0; i < count; i++) {
            if (i < edges.size()) {
                v[i] = edges.get(i);
            } else if (r.nextBoolean()) {
                v[i] = Float.intBitsToFloat(r.nextInt());
            } else {
                v[i] = (float) (r.nextDouble() * 20 - 10);
            }
        }
        return v;
    }

    @Test
    void simdRowsAreShaderMathBitForBit() {
        assumeThat(Rows.VECTOR).as("the JVM has jdk.incubator.vector (the build's test JVMs do)").isTrue();
        int n = 4096;
        float[] x = values(n, 21);
        float[] y = values(n, 22);
        for (int shift = 0; shift < 3; shift++) { // pair every value with many others
            float[] t = new float[3 * n];
            System.arraycopy(x, 0, t, 0, n);
            for (int i = 0; i < n; i++) {
                t[n + i] = y[(i * (2 * shift + 1) + shift) % n];
            }
            float[] v = t.clone();
            VectorRows.pow(v, 2 * n, 0, n, n, new float[n]);
            VectorRows.log2(v, 0, 0, n); // in place
            for (int i = 0; i < n; i++) {
                assertSame(v[2 * n + i], ShaderMath.pow(t[i], t[n + i]), "pow", t[i], t[n + i]);
                assertSame(v[i], ShaderMath.log2(t[i]), "log2", t[i], 0);
            }
            v = t.clone();
            VectorRows.rsq(v, 2 * n, 0, n);
            VectorRows.rcp(v, n, n, n);
            for (int i = 0; i < n; i++) {
                assertSame(v[2 * n + i], ShaderMath.rsq(t[i]), "rsq", t[i], 0);
                assertSame(v[n + i], ShaderMath.rcp(t[n + i]), "rcp", t[n + i], 0);
            }
        }
        // every length, so the vector body and the scalar tail both meet every position
        for (int len = 0; len <= 70; len++) {
            float[] t = new float[3 * 70];
            System.arraycopy(x, 0, t, 0, 70);
            System.arraycopy(y, 0, t, 70, 70);
            float[] v = t.clone();
            VectorRows.pow(v, 140, 0, 70, len, new float[len]);
            for (int i = 0; i < 70; i++) {
                float want = i < len ? ShaderMath.pow(t[i], t[70 + i]) : 0f;
                assertSame(v[140 + i], want, "pow of " + len + " lanes", t[i], t[70 + i]);
            }
        }
    }

    @Test
    void scalarRowsAreShaderMath() {
        float[] t = new float[3 * 100];
        System.arraycopy(values(100, 31), 0, t, 0, 100);
        System.arraycopy(values(100, 32), 0, t, 100, 100);
        float[] v = t.clone();
        Rows.pow(v, 200, 0, 100, 100, null);
        Rows.rsq(v, 100, 100, 100);
        for (int i = 0; i < 100; i++) {
            assertSame(v[200 + i], ShaderMath.pow(t[i], t[100 + i]), "pow", t[i], t[100 + i]);
            assertSame(v[100 + i], ShaderMath.rsq(t[100 + i]), "rsq", t[100 + i], 0);
        }
    }

    private static void assertSame(float got, float want, String what, float a, float b) {
        // NaNs agree as NaNs; Java leaves their payload bits to the platform
        if (Float.isNaN(got) && Float.isNaN(want)) {
            return;
        }
        assertThat(Float.floatToRawIntBits(got)).as("%s(%s, %s): %s, want %s", what, a, b, got, want)
                .isEqualTo(Float.floatToRawIntBits(want));
    }
}
