package dev.csir.testing;

import java.util.List;

/**
 * Fragment shader bodies (for {@link StatementForms#shader}) exercising the comma operator and
 * assignments as values (GLSL 4.60 5.8, 5.9), and the {@code switch} statement (6.2): its
 * fallthrough, a default among the cases, breaks, continues of a loop around, nesting,
 * declarations in a case, returns and discards. Each writes {@code c} from the uniforms
 * {@code k} and {@code j}.
 */
public final class ExpressionForms {
    private ExpressionForms() {
    }

    public static final List<String> COMMA_AND_ASSIGNMENT = List.of(
            "int i; int n; float s = 0.0; for (i = 0, n = 3; i < n; i++, n--) { s += k.x; } c = vec4(s, float(i), float(n), 1.0);",
            "float a; float b = (a = k.x) + 1.0; c = vec4(a, b, 0.0, 1.0);",
            "float a; float b; float d; a = b = d = k.y; c = vec4(a, b, d, 1.0);",
            "float x = k.x; float y = (x += k.y) * 2.0; x *= y -= 1.0; c = vec4(x, y, 0.0, 1.0);",
            "float x = k.x; if ((x = x * 2.0) > 1.0) { x = -x; } c = vec4(x);",
            "int i = 0; float s = 0.0; while ((i += 1) < 4) s += k.z; c = vec4(s, float(i), 0.0, 0.0);",
            "vec4 v = k; vec2 w = (v.zx = j.xy); c = vec4(w, v.xz);",
            "float x; float y = (x = k.x, x * 2.0); c = vec4(x, y, (k.y, k.z), 1.0);",
            "float x = k.x; c = vec4(max(x = 0.5, k.y), x, 0.0, 1.0);",
            "float x = 0.0; float y = k.x > 0.0 ? (x = 1.0, 2.0) : x = 3.0; c = vec4(x, y, 0.0, 0.0);",
            "int i = 0; int n = 0; do { n += 2; } while ((i++, i < 3)); c = vec4(float(n), float(i), 0.0, 0.0);",
            "float a[3]; a[0] = a[1] = a[2] = k.w; c = vec4(a[0], a[1], a[2], 1.0);",
            "float x = k.x; float y = x; x = (y = x * 3.0) - (x = 1.0); c = vec4(x, y, 0.0, 1.0);",
            "mat3 m = mat3(k.xyz, j.xyz, k.zxy); vec3 v = k.xyz; v = (v *= m) + 1.0; c = vec4(v, 0.0);",
            "int i = int(k.x * 4.0); i *= 2; int h = (i -= 3) * (i += 6); c = vec4(float(i), float(h), 0.0, 1.0);",
            "int i = 0; float s = 0.0; for (int n = 4; (n -= 1) > 0; s += k.y, i++) { } c = vec4(s, float(i), 0.0, 0.0);",
            "vec3 v = k.xyz; float t = (v.y += 1.0, v.x = v.y * 2.0); c = vec4(v, t);");

    public static final List<String> SWITCHES = List.of(
            "int s = int(k.x * 2.0); float r = 0.0; switch (s) { case 0: r = 1.0; break; case 1: r = 2.0; case 2: r += 3.0; break;"
                    + " case -1: case -2: r = -1.0; break; default: r = 9.0; } c = vec4(r);",
            "int s = int(k.y * 2.0); float r = 0.5; switch (s) { case 1: r += 1.0; default: r *= 2.0; case 3: r -= 0.25; break;"
                    + " case -3: r = k.z; } c = vec4(r, float(s), 0.0, 1.0);",
            "float acc = 0.0; for (int i = 0; i < 6; i++) { switch (i - int(k.x)) { case 0: continue; case 2: acc += 10.0; break;"
                    + " case 3: acc -= k.y; default: acc += 1.0; } acc *= 1.5; } c = vec4(acc);",
            "int a = int(k.x * 2.0); int b = int(k.y * 2.0); float r = 0.0; switch (a) { case 0: switch (b) { case 0: r = 1.0; break;"
                    + " default: r = 2.0; } r += 0.5; break; case 1: switch (b) { case 1: r = 3.0; } default: r -= 1.0; } c = vec4(r);",
            "float r = k.w; switch (int(k.z)) { case 5: r = 0.0; } c = vec4(r);",
            "float r = 0.0; switch (int(k.x * 2.0)) { case 0: float t = k.y * 2.0; r = t; break; case 1: { float t = k.z; r = t + 1.0; }"
                    + " break; default: r = -k.w; } c = vec4(r);",
            "float r = k.x; switch (int(k.y)) { } c = vec4(r);",
            "c = vec4(0.25); switch (int(k.x * 2.0)) { case 1: c = vec4(1.0); return; case 2: discard; } c += k;",
            "int i = 0; float r = 0.0; while (true) { switch (i) { case 4: r += k.x; break; default: r += 1.0; }"
                    + " if (++i > int(k.y * 2.0) + 3) break; } c = vec4(r, float(i), 0.0, 1.0);",
            "int i = 0; float r = 0.0; do { i++; switch (i - (i / 2) * 2) { case 0: continue; } r += k.x; } while (i < 5); c = vec4(r);",
            "const int K = 2; float r = 0.0; switch (int(k.x * 2.0)) { case K: r = 1.0; break; case K * 2 - 5: r = 2.0; break;"
                    + " case -K: r = 3.0; } c = vec4(r);",
            "float r = 0.0; for (int i = 0; i < 4; i++) { switch (int(k.x * 2.0) + i) { case 1: switch (i) { case 2: continue; }"
                    + " r += 1.0; break; case 3: r -= k.y; } r += 0.5; } c = vec4(r);",
            "int n = 0; float r = 0.0; switch (n = int(k.z * 2.0), n + 1) { case 1: r = 1.0; default: r += float(n); } c = vec4(r);",
            "float r = 0.0; switch (int(k.w * 2.0)) { default: r = 4.0; break; case 0: r = k.x; } c = vec4(r);",
            "float r = 0.0; int s = int(k.x * 3.0); switch (s) { case 2: case 3: r = 1.0; case 4: case 5: r += 2.0; break;"
                    + " case 1: default: r = -1.0; } c = vec4(r);");
}
