package dev.csir.testing;

import java.util.List;

/** Fragment shaders over every matrix type, for the differential and the SPIR-V tests. */
public final class MatrixForms {
    private MatrixForms() {
    }

    public static String shader(String body) {
        return """
                #version 330 core
                uniform vec4 k;
                uniform vec4 j;
                uniform mat2 u2;
                uniform mat3x2 u32;
                uniform mat2x4 u24;
                uniform mat4x3 u43;
                out vec4 c;
                void main() {
                    %s
                }
                """.formatted(body);
    }

    public static final List<String> BODIES = List.of(
            "mat2 r = mat2(k.x, k.y, -k.y, k.x); c = vec4(r * j.xy, j.zw * r);",
            "mat2 a = mat2(k); mat2 b = mat2(j.xy, j.zw); c = vec4((a * b)[0], (b * a)[1]);",
            "mat2x3 a = mat2x3(k.xyz, j.xyz); c = vec4(a * k.zw, 1.0) + vec4(j.xyz * a, 0.0, 0.0);",
            "mat3x2 a = transpose(mat2x3(k.xyz, j.xyz)); mat2x3 b = mat2x3(j.xyz, k.yzw); c = vec4((a * b)[1], (b * a)[2].xy);",
            "c = vec4(u2 * k.xy, u32 * j.xyz);",
            "c = u24 * k.zw + vec4(u43 * j, 0.0);",
            "mat4x2 t = transpose(u24); c = vec4(t * k, t[3]);",
            "mat2 m = outerProduct(k.xy, j.zw); mat3x2 n = outerProduct(k.xy, j.xyz); c = vec4(m[0] + n[2], m[1]);",
            "mat2 m = matrixCompMult(u2, mat2(k)); c = vec4(m[0], m[1]);",
            "mat2 m = mat2(k.x + 2.0, k.y, k.z, k.w + 2.0); c = vec4(determinant(m), inverse(m)[0], inverse(m)[1].x);",
            "mat2 m = mat2(u43); mat4 w = mat4(u2); mat3 v = mat3(u32 * mat2x3(k.xyz, j.xyz)); c = vec4(m[1], w[1].y, v[2].z);",
            "mat2x4 m = mat2x4(k, j); m[1] = k.wzyx; m[0].y = j.x; m *= 2.0; m += mat2x4(1.0); c = m[0] - m[1];",
            "mat2 a = mat2(k); a *= mat2(j); c = vec4(a[0], a[1]) + vec4(-a[1], a[0] / 2.0);",
            "mat3x4 m = mat3x4(2.0); c = m[0] + m[1] + m[2] + vec4(mat2x2(3.0)[1], mat4x4(k.x)[3].zw);");
}
