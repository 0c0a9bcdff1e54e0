package dev.csir.testing;

import java.util.List;

/**
 * Fragment shader bodies exercising {@code ?:}, {@code ++}/{@code --} as statements and values,
 * {@code while} and {@code do}-{@code while}, and matrices built from other matrices and from
 * components, over uniforms {@code k} and {@code j} (vec4, random
 * in [-2, 2]); each writes {@code c}.
 */
public final class StatementForms {
    private StatementForms() {
    }

    public static final List<String> BODIES = List.of(
            "float x = k.x > 0.0 ? k.y : k.z; c = vec4(x);",
            "c = k.x < j.x ? k : j;",
            "c = vec4(k.x < 0.5 ? k.y : k.z > 0.0 ? 1 : 2.0);",
            "vec3 v = k.w > j.w ? k.xyz : vec3(j.x); c = vec4(v, k.x > 0.0 && j.x > 0.0 ? 1.0 : 0.0);",
            "float x = k.x; x++; ++x; x--; c = vec4(x);",
            "vec3 v = k.xyz; v--; ++v; v++; c = vec4(v, 1.0);",
            "int i = int(k.x * 3.0); int j2 = i++ + ++i; int m = i-- - --i; c = vec4(float(i), float(j2), float(m), 1.0);",
            "float x = k.y; float y = x++ * 2.0; float z = --x; c = vec4(x, y, z, 0.0);",
            "int i = 0; float s = 0.0; while (i < 4) { s += k.x; i++; } c = vec4(s, float(i), 0.0, 1.0);",
            "int i = 0; float s = 0.0; while (s < 3.0 && i < 20) { s += abs(k.y) + 0.1; ++i; } c = vec4(s, float(i), 0.0, 1.0);",
            "int i = 0; do { i += 1; } while (i < 3); c = vec4(float(i));",
            "int i = 0; float s = 0.0; do { s += k.x; if (s > 3.0) break; } while (++i < 10); c = vec4(s, float(i), 0.0, 0.0);",
            "int i = 0; float s = 0.0; do { i++; if (k.y > 0.0 && i == 2) continue; s += k.z; } while (i < 5); c = vec4(s, float(i), 0.0, 0.0);",
            "float s = 0.0; int i = 0; do { s += 1.0; } while (k.x > 5.0); c = vec4(s);",
            "int n = 0; for (int i = 0; i < 5; i++) { n = n > 2 ? n : n + 1; } c = vec4(float(n));",
            "float t = 0.0; int i = 0; while (true) { if (++i > 6) break; t += k.x > float(i) * 0.3 ? 1.0 : -1.0; } c = vec4(t);",
            "float acc = 0.0; for (int i = 0; i < 3; ++i) { int j3 = 0; do { acc += k.w; j3++; } while (j3 < i); } c = vec4(acc);",
            "int i; float s = 0.0; for (i = 0; i < 3; i++) { s += k.x; } c = vec4(s, float(i), 0.0, 0.0);",
            "int i = int(k.y * 2.0); float s = 0.0; for (i += 3; i < 9; ++i) { s += j.x; } c = vec4(s, float(i), 0.0, 0.0);",
            "mat4 m = mat4(k, j, k.yzwx, j.wzyx); mat3 n = mat3(m); c = vec4(n * k.xyz, 1.0);",
            "mat4 q = mat4(mat3(k.xyz, j.xyz, k.zxy)); c = q * j;",
            "mat3 p = mat3(k.x, k.y, k.z, j.x, j.y, j.z, 1.0, 2.0, 3); c = vec4(p * k.xyz, 0.0);",
            "mat4 r = mat4(k.xy, j.xy, k, j.zw, k.zw, 1.0, 2.0, 3.0, 4.0); c = r * k;",
            "mat3 t = mat3(transpose(mat4(k, j, k, j))); c = vec4(t[1], t[2].z);");

    /** The fragment shader around a body. */
    public static String shader(String body) {
        return """
                #version 330 core
                uniform vec4 k;
                uniform vec4 j;
                out vec4 c;
                void main() {
                    %s
                }
                """.formatted(body);
    }
}
