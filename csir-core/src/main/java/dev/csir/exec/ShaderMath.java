package dev.csir.exec;

/**
 * CSIR's transcendental lanes as the CPU computes them: the definition the interpreter, the batch
 * code's lane loops and {@link VectorRows} share, so every path gives the same bits.
 *
 * <p>{@code log2} and {@code exp2} are float polynomials rather than {@link Math#log} and
 * {@link Math#pow}: written with nothing but float adds, multiplies, a divide, compares and bit
 * moves, the same steps run as SIMD lanes (where {@code Math}'s scalar routines cannot), and a
 * vector of lanes rounds each step exactly as one lane does. Both are within GLSL's precision:
 * log2 at most 2.6 ULP from the exact value over every positive normal float (3 are allowed), exp2
 * at most 1.1 ULP; {@code pow} is {@code exp2(b * log2(a))}, the precision GLSL defines it by.
 * {@code ShaderMathTest} holds these bounds over millions of inputs.
 */
final class ShaderMath {
    private ShaderMath() {
    }

    /** 2/ln 2 over 1, 3, 5, 7, 9: log2(m) = sum of c_k t^k with t = (m-1)/(m+1) (the atanh series). */
    static final float L1 = (float) (2 / Math.log(2));
    static final float L3 = (float) (2 / Math.log(2) / 3);
    static final float L5 = (float) (2 / Math.log(2) / 5);
    static final float L7 = (float) (2 / Math.log(2) / 7);
    static final float L9 = (float) (2 / Math.log(2) / 9);
    /** (ln 2)^k / k!, k = 0..7: 2^f = e^(f ln 2) for |f| <= 1/2, the error of the cut under 6e-9. */
    static final float E0 = 1f;
    static final float E1 = (float) Math.log(2);
    static final float E2 = (float) (Math.pow(Math.log(2), 2) / 2);
    static final float E3 = (float) (Math.pow(Math.log(2), 3) / 6);
    static final float E4 = (float) (Math.pow(Math.log(2), 4) / 24);
    static final float E5 = (float) (Math.pow(Math.log(2), 5) / 120);
    static final float E6 = (float) (Math.pow(Math.log(2), 6) / 720);
    static final float E7 = (float) (Math.pow(Math.log(2), 7) / 5040);
    static final float SQRT2 = (float) Math.sqrt(2);
    /** The smallest normal float; below it log2 first scales by 2^23. */
    static final float MIN_NORMAL = Float.MIN_NORMAL;
    static final float TWO_23 = 8388608f;
    /** Beyond this every float exponent is a whole number and even. */
    static final float TWO_24 = 16777216f;
    /** exp2's input is clamped here first: far enough to overflow and underflow, near enough for an int. */
    static final float EXP2_RANGE = 300f;
    /** 1.5 2^23: a float within 2^22 of zero plus this is its nearest whole number plus this. */
    static final float ROUND = 12582912f;
    static final int ROUND_BITS = Float.floatToRawIntBits(ROUND);

    /**
     * log2(x): -inf at zero, NaN below zero and for NaN, +inf at +inf. x = m 2^e with m in
     * [sqrt(1/2), sqrt(2)), so m - 1 is exact and the series converges fast.
     */
    static float log2(float x) {
        float s = x < MIN_NORMAL ? x * TWO_23 : x;
        int bits = Float.floatToRawIntBits(s);
        int e = (bits >> 23) - (x < MIN_NORMAL ? 150 : 127);
        float m = Float.intBitsToFloat((bits & 0x007fffff) | 0x3f800000);
        boolean high = m > SQRT2;
        m = high ? m * 0.5f : m;
        e = high ? e + 1 : e;
        float t = (m - 1f) / (m + 1f);
        float t2 = t * t;
        float r = e + t * (L1 + t2 * (L3 + t2 * (L5 + t2 * (L7 + t2 * L9))));
        if (x > 0f && x < Float.POSITIVE_INFINITY) {
            return r;
        }
        return x == 0f ? Float.NEGATIVE_INFINITY : x > 0f ? x : Float.NaN;
    }

    /**
     * exp2(x): 2^i p with i the nearest whole number and p = 2^(x - i) by its series, scaled in
     * two exact powers of two so results down into the subnormals round once. +inf past 128, 0
     * below -150, NaN for NaN.
     */
    static float exp2(float x) {
        float c = Math.min(Math.max(x, -EXP2_RANGE), EXP2_RANGE);
        // adding 1.5 2^23 rounds c to a whole number (ties to even), whose value the sum's low
        // bits then hold; f = c - i is exact and in [-1/2, 1/2]
        float rounded = c + ROUND;
        int i = Float.floatToRawIntBits(rounded) - ROUND_BITS;
        float f = c - (rounded - ROUND);
        float p = E0 + f * (E1 + f * (E2 + f * (E3 + f * (E4 + f * (E5 + f * (E6 + f * E7))))));
        i = Math.min(Math.max(i, -252), 254);
        int h = i >> 1;
        return p * Float.intBitsToFloat((h + 127) << 23) * Float.intBitsToFloat((i - h + 127) << 23);
    }

    /**
     * pow(a, b) for a scalar lane: exp2(b log2 |a|). b == 0 gives 1 and a == 0 otherwise 0 (no
     * infinity, as rcp(0) = 0); a < 0 (undefined in GLSL) takes a whole b's sign, so (-2)^3 = -8,
     * and gives 0 for a fractional or NaN b instead of NaN, as the original does; a NaN base NaN.
     */
    static float pow(float a, float b) {
        float m = exp2(b * log2(Math.abs(a)));
        if (a != a) {
            return Float.NaN;
        }
        if (b == 0f) {
            return 1f;
        }
        if (a == 0f) {
            return 0f;
        }
        if (a > 0f) {
            return m;
        }
        float big = Math.abs(b);
        int whole = (int) b;
        if (big >= TWO_24) {
            return m;
        }
        if (whole != b) {
            return 0f;
        }
        return (whole & 1) != 0 ? -m : m;
    }

    /**
     * 1/sqrt(x) in float: the rounded square root, then a rounded division, within 1 ULP (GLSL
     * allows 2), and a SIMD lane's pair of instructions; 0 for x <= 0 and NaN.
     */
    static float rsq(float x) {
        return x > 0f ? 1f / (float) Math.sqrt(x) : 0f;
    }

    /** 1/x, and 0 for x == 0. */
    static float rcp(float x) {
        return x != 0f ? 1f / x : 0f;
    }
}
