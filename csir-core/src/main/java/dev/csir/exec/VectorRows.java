package dev.csir.exec;

import static jdk.incubator.vector.VectorOperators.ASHR;
import static jdk.incubator.vector.VectorOperators.F2I;
import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.GT;
import static jdk.incubator.vector.VectorOperators.I2F;
import static jdk.incubator.vector.VectorOperators.IS_NAN;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.NE;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Rows} in SIMD lanes, through {@code jdk.incubator.vector}: each method runs
 * {@link ShaderMath}'s steps on whole vectors of a row and its tail one lane at a time, and a
 * vector lane rounds every step as the scalar lane does (adds, multiplies, divides, square roots
 * and conversions are IEEE's and Java's in both), so the rows come out bit for bit as
 * {@link ShaderMath} gives them. Only batch code compiled with SIMD rows calls this class, and
 * {@link BatchCompiler} (and the tests) ask for those only where {@link Rows#VECTOR} holds, so in a
 * JVM without the module nothing here is loaded.
 */
final class VectorRows {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;

    private VectorRows() {
    }

    /** Whether the vector code can run here (a species of at least 4 floats). */
    static boolean usable() {
        return F.length() >= 4;
    }

    /**
     * pow in three passes over the row, each a loop of its own: log2 |a| into {@code scratch}
     * (a row's floats), exp2 of b times that, then the special cases into d. One loop of all of
     * it is past what HotSpot inlines into one compilation, and a vector handed to a method it
     * does not inline is boxed on the heap; the passes hand over a row in memory instead.
     */
    static void pow(float[] t, int d, int a, int b, int n, float[] scratch) {
        int end = F.loopBound(n);
        log2OfMagnitudes(t, a, scratch, end);
        exp2OfProducts(t, b, scratch, end);
        for (int l = 0; l < end; l += F.length()) {
            FloatVector x = FloatVector.fromArray(F, t, a + l);
            FloatVector y = FloatVector.fromArray(F, t, b + l);
            FloatVector m = FloatVector.fromArray(F, scratch, l);
            VectorMask<Float> big = y.abs().compare(GE, ShaderMath.TWO_24);
            IntVector whole = (IntVector) y.convert(F2I, 0);
            VectorMask<Float> fraction = ((FloatVector) whole.convert(I2F, 0)).compare(NE, y).andNot(big);
            VectorMask<Float> odd = whole.and(1).compare(NE, 0).cast(F).andNot(big).andNot(fraction);
            m.blend(m.neg(), odd).blend(0f, fraction)
                    .blend(m, x.compare(GT, 0f))
                    .blend(0f, x.eq(0f))
                    .blend(1f, y.eq(0f))
                    .blend(Float.NaN, x.test(IS_NAN))
                    .intoArray(t, d + l);
        }
        for (int l = end; l < n; l++) {
            t[d + l] = ShaderMath.pow(t[a + l], t[b + l]);
        }
    }

    private static void log2OfMagnitudes(float[] t, int a, float[] scratch, int end) {
        for (int l = 0; l < end; l += F.length()) {
            log2(FloatVector.fromArray(F, t, a + l).abs()).intoArray(scratch, l);
        }
    }

    private static void exp2OfProducts(float[] t, int b, float[] scratch, int end) {
        for (int l = 0; l < end; l += F.length()) {
            exp2(FloatVector.fromArray(F, t, b + l).mul(FloatVector.fromArray(F, scratch, l))).intoArray(scratch, l);
        }
    }

    static void log2(float[] t, int d, int a, int n) {
        int l = 0;
        for (int end = F.loopBound(n); l < end; l += F.length()) {
            log2(FloatVector.fromArray(F, t, a + l)).intoArray(t, d + l);
        }
        for (; l < n; l++) {
            t[d + l] = ShaderMath.log2(t[a + l]);
        }
    }

    static void rsq(float[] t, int d, int a, int n) {
        FloatVector one = FloatVector.broadcast(F, 1f);
        int l = 0;
        for (int end = F.loopBound(n); l < end; l += F.length()) {
            FloatVector x = FloatVector.fromArray(F, t, a + l);
            FloatVector.zero(F).blend(one.div(x.sqrt()), x.compare(GT, 0f)).intoArray(t, d + l);
        }
        for (; l < n; l++) {
            t[d + l] = ShaderMath.rsq(t[a + l]);
        }
    }

    static void rcp(float[] t, int d, int a, int n) {
        FloatVector one = FloatVector.broadcast(F, 1f);
        int l = 0;
        for (int end = F.loopBound(n); l < end; l += F.length()) {
            FloatVector x = FloatVector.fromArray(F, t, a + l);
            one.div(x).blend(0f, x.eq(0f)).intoArray(t, d + l);
        }
        for (; l < n; l++) {
            t[d + l] = ShaderMath.rcp(t[a + l]);
        }
    }

    // ---- ShaderMath's functions on vectors, step for step ----

    private static FloatVector log2(FloatVector x) {
        VectorMask<Float> small = x.lt(ShaderMath.MIN_NORMAL);
        FloatVector s = x.blend(x.mul(ShaderMath.TWO_23), small);
        IntVector bits = s.reinterpretAsInts();
        IntVector bias = IntVector.broadcast(I, 127).blend(150, small.cast(I));
        IntVector e = bits.lanewise(ASHR, 23).sub(bias);
        FloatVector m = bits.and(0x007fffff).or(0x3f800000).reinterpretAsFloats();
        VectorMask<Float> high = m.compare(GT, ShaderMath.SQRT2);
        m = m.blend(m.mul(0.5f), high);
        e = e.blend(e.add(1), high.cast(I));
        FloatVector u = m.sub(1f).div(m.add(1f));
        FloatVector u2 = u.mul(u);
        FloatVector series = u2.mul(ShaderMath.L9).add(ShaderMath.L7).mul(u2).add(ShaderMath.L5).mul(u2)
                .add(ShaderMath.L3).mul(u2).add(ShaderMath.L1).mul(u);
        FloatVector r = ((FloatVector) e.convert(I2F, 0)).add(series);
        FloatVector special = FloatVector.broadcast(F, Float.NaN)
                .blend(x, x.compare(GT, 0f))
                .blend(Float.NEGATIVE_INFINITY, x.eq(0f));
        VectorMask<Float> finite = x.compare(GT, 0f)
                .and(x.lt(Float.POSITIVE_INFINITY));
        return special.blend(r, finite);
    }

    private static FloatVector exp2(FloatVector x) {
        FloatVector c = x.max(-ShaderMath.EXP2_RANGE).min(ShaderMath.EXP2_RANGE);
        FloatVector rounded = c.add(ShaderMath.ROUND);
        IntVector i = rounded.reinterpretAsInts().sub(ShaderMath.ROUND_BITS);
        FloatVector f = c.sub(rounded.sub(ShaderMath.ROUND));
        FloatVector p = f.mul(ShaderMath.E7).add(ShaderMath.E6).mul(f).add(ShaderMath.E5).mul(f)
                .add(ShaderMath.E4).mul(f).add(ShaderMath.E3).mul(f).add(ShaderMath.E2).mul(f)
                .add(ShaderMath.E1).mul(f).add(ShaderMath.E0);
        i = i.max(-252).min(254);
        IntVector h = i.lanewise(ASHR, 1);
        FloatVector s1 = h.add(127).lanewise(LSHL, 23).reinterpretAsFloats();
        FloatVector s2 = i.sub(h).add(127).lanewise(LSHL, 23).reinterpretAsFloats();
        return p.mul(s1).mul(s2);
    }
}
