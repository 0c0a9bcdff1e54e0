package dev.csir.testing;

import java.util.List;

/**
 * Fragment shader bodies exercising arrays and structs (GLSL 4.60 4.1.8, 4.1.9, 5.4.2, 5.5, 5.7):
 * locals, constructors, {@code .length()}, element and member l-values, nested aggregates,
 * aggregates as parameters and results, and uniform arrays and structs, over uniforms {@code k}
 * and {@code j} (vec4), {@code w} (float[3]) and {@code ls} (two structs {@code L}), and the
 * private global {@code g3} (float[3]); each
 * writes {@code c}. The bodies index with constants or with the counter of a loop of known trip
 * count; {@link #DYNAMIC} index with values known only at run time.
 */
public final class AggregateForms {
    private AggregateForms() {
    }

    public static final List<String> BODIES = List.of(
            "float a[3]; a[0] = k.x; a[1] = k.y; a[2] = a[0] * a[1]; c = vec4(a[0], a[1], a[2], float(a.length()));",
            "float a[] = float[](k.x, k.y, 2.0, 3); c = vec4(a[3], a[2], a[1] + a[0], float(a.length()));",
            "vec4 v[2] = vec4[2](k, j); v[1].y = 7.0; v[0].zw = v[1].xy; c = v[0] + v[1];",
            "L l = L(k.xyz, j); l.c.w += 1.0; l.p *= 2.0; c = vec4(l.p, l.c.w);",
            "N n = N(L(k.xyz, j), float[2](k.w, j.w)); n.l.c.x = n.f[1]; n.f[0]++; c = n.l.c + vec4(n.f[0]);",
            "L a[2] = L[2](L(k.xyz, j), L(j.xyz, k)); a[1].p.x = a[0].c.z; c = vec4(a[1].p, a[0].c.w);",
            "c = vec4(w[0], w[1], w[2], 1.0) + ls[1].c * ls[0].p.y;",
            "L l = ls[0]; l.c += ls[1].c; c = l.c + vec4(l.p, 0.0);",
            "c = vec4(sumOf(float[3](k.x, k.y, k.z)), first(ls[1]).xy, 0.0);",
            "L l = flip(L(k.xyz, j)); c = l.c + vec4(l.p, 1.0);",
            "float s = 0.0; for (int i = 0; i < 3; i++) { s += w[i] * float(i + 1); } c = vec4(s);",
            "vec4 t = vec4(0.0); for (int i = 0; i < 2; ++i) { t += ls[i].c * ls[i].p.x; } c = t;",
            "float a[4]; for (int i = 0; i < 4; i++) { a[i] = k[i] * float(i); } c = vec4(a[3], a[2], a[1], a[0]);",
            "L a[2]; for (int i = 0; i < 2; i++) { a[i] = L(vec3(float(i)), k * float(i)); } c = a[1].c + vec4(a[0].p, 0.0);",
            "N n; n.f = float[2](k.x, k.y); n.l = ls[1]; c = vec4(n.f[0] + n.f[1]) + n.l.c;",
            "float a[3] = float[3](k.x, k.y, k.z); float b[3] = a; b[0] = 9.0; c = vec4(a[0], b[0], b[1], 0.0);",
            "float s = 0.0; for (int i = 0; i < 3; i++) { s += g3[i] * k[i]; } g3[1] = s; c = vec4(g3[0], g3[1], g3[2], s);",
            "L a = L(k.xyz, j); L b2 = a; b2.c.x += k.w; c = vec4(a == b2 ? 1.0 : 0.0, a != b2 ? 1.0 : 0.0, "
                    + "k.xy == j.xy ? 1.0 : 0.0, float(w == float[3](w[0], w[1], j.z)) + float(mat3(k.x) != mat3(j.x)));");

    /** Bodies that index arrays at values only known at run time. */
    public static final List<String> DYNAMIC = List.of(
            "float a[3] = float[](k.x, k.y, k.z); int i = int(abs(j.x)) % 3; c = vec4(a[i], w[i], ls[i % 2].c.x, 0.0);",
            "vec4 v[2] = vec4[](k, j); v[int(k.y > 0.0)].x = 5.0; c = v[0] + v[1];",
            "float s = 0.0; for (int i = 0; i < int(abs(k.w) * 2.0) + 1 && i < 3; i++) { s += w[i]; } c = vec4(s);");

    /** The fragment shader around a body. */
    public static String shader(String body) {
        return """
                #version 330 core
                struct L { vec3 p; vec4 c; };
                struct N { L l; float f[2]; };
                uniform vec4 k;
                uniform vec4 j;
                uniform float w[3];
                uniform L ls[2];
                uniform sampler2D t;
                out vec4 c;
                float g3[3] = float[](0.5, 1.5, 2.5);
                float sumOf(float a[3]) { return a[0] + a[1] + a[2]; }
                vec4 first(L l) { return l.c; }
                L flip(L l) { return L(l.c.zyx, vec4(l.p, 2.0)); }
                void main() {
                    %s
                }
                """.formatted(body);
    }
}
