package dev.csir.testing;

import java.util.List;

/**
 * Fragment shaders that call GLSL's built-in functions on uniforms mapped into each function's
 * domain (the random uniforms lie in [-2, 2]), for tests that compare their values across the
 * evaluator, the interpreter and the back ends.
 */
public final class BuiltinCalls {
    private BuiltinCalls() {
    }

    /** Each entry a vec4 expression over {@code k, j} (vec4), {@code m3} (mat3) and {@code m4} (mat4). */
    public static final List<String> EXPRESSIONS = List.of(
            "asin(k * 0.45)",
            "acos(j * 0.45)",
            "vec4(atan(k.x), atan(k.y * 40.0), atan(k.zw * 0.01))",
            "atan(k, j)",
            "vec4(atan(k.xy, -j.xy), atan(-k.z, j.z), atan(k.w * 1e-3, j.w))",
            "log(abs(k) + 0.05)",
            "vec4(log2(abs(j) * 10.0 + 0.01).xyz, log2(8.0))",
            "asinh(k * 3.0)",
            "acosh(abs(k) + 1.0)",
            "atanh(k * 0.45)",
            "sinh(k)",
            "cosh(j)",
            "tanh(k * 3.0)",
            "vec4(tanh(k.x * 60.0), tanh(-50.0), tanh(0.0), tanh(j.y))",
            "round(k * 3.0)",
            "vec4(round(2.5), round(-2.5), round(0.5), round(-0.49))",
            "roundEven(k * 3.0)",
            "vec4(roundEven(2.5), roundEven(3.5), roundEven(-2.5), roundEven(-0.5))",
            "vec4(roundEven(vec2(k.x * 4.0 + 0.5, 1.5)), roundEven(j.zw * 2.0))",
            "vec4(isnan(k / k).xy, isnan(vec2(j.xy)))",
            "vec4(isinf(k * 1e30 * 1e30).xz, isinf(j.xy))",
            "fma(k, j, vec4(0.25))",
            "ldexp(k, ivec4(j * 3.0))",
            "faceforward(k, j, k.wzyx)",
            "vec4(faceforward(k.xyz, j.xyz, -j.zxy), faceforward(k.w, j.w, 1.0))",
            "refract(normalize(k), normalize(j), 0.66)",
            "vec4(refract(normalize(k.xyz), normalize(j.xyz), 1.5), 1.0)",
            "vec4(refract(k.x * 0.5, 1.0, 0.8), refract(vec2(0.6, 0.8), vec2(0.0, 1.0), 1.6), 0.0)",
            "vec4(lessThan(k, j)) + vec4(greaterThanEqual(k.xy, j.zw), 0.0, 0.0)",
            "vec4(equal(floor(k), floor(j))) - vec4(notEqual(ivec4(k), ivec4(j)))",
            "vec4(lessThanEqual(ivec3(k.xyz), ivec3(j.xyz)), float(k.w > j.w))",
            "vec4(any(lessThan(k, j)), all(lessThan(k, j)), any(not(greaterThan(k.xy, j.xy))), "
                    + "all(equal(bvec2(true, k.x > 0.0), bvec2(true, j.x > 0.0))))",
            "mix(k, j, lessThan(k, vec4(0.0)))",
            "vec4(mix(k.x, j.x, k.y > j.y), mix(k.yzw, j.yzw, bvec3(true, false, true)))",
            "matrixCompMult(m4, m4) * k",
            "vec4(matrixCompMult(m3, m3) * k.xyz, 1.0)",
            "outerProduct(k, j) * k",
            "vec4(outerProduct(k.xyz, j.zyx) * j.xyz, 0.0)",
            "transpose(m4) * k",
            "vec4(transpose(m3) * j.xyz, 0.0)",
            "vec4(determinant(m3), determinant(m4), determinant(mat3(1.0)), determinant(m4 * 0.5))",
            "inverse(m4 * 0.1 + mat4(1.0)) * k",
            "vec4(inverse(m3 * 0.1 + mat3(1.0)) * j.xyz, determinant(inverse(m4 * 0.1 + mat4(1.0))))",
            "(inverse(m4 * 0.1 + mat4(1.0)) * (m4 * 0.1 + mat4(1.0)))[1] + "
                    + "vec4((inverse(m3 * 0.1 + mat3(2.0)) * (m3 * 0.1 + mat3(2.0)))[2], 0.0)",
            "vec4(abs(ivec4(k * 3.0)))",
            "vec4(sign(ivec2(k.xy * 3.0)), min(ivec2(k.zw * 3.0), ivec2(1)))",
            "vec4(max(ivec3(k.xyz * 3.0), 0), clamp(int(k.w * 9.0), -2, 3))",
            "vec4(min(k.x, 1), max(j, 0).yzw)",
            "vec4(dot(k.x, j.x), length(k.y), distance(k.z, j.z), normalize(k.w))");

    /** The fragment shader that writes {@code expression} as its colour. */
    public static String shader(String expression) {
        return """
                #version 400 core
                uniform vec4 k;
                uniform vec4 j;
                uniform mat3 m3;
                uniform mat4 m4;
                out vec4 color;
                void main() {
                    color = %s;
                }
                """.formatted(expression);
    }
}
