package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.testing.ExpressionForms;
import dev.csir.testing.Glslang;
import dev.csir.testing.StatementForms;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The comma operator, assignments as values and {@code switch} (GLSL 4.60 5.8, 5.9, 6.2): the
 * interpreter computes the evaluator's values, and csir accepts or rejects each form where
 * glslang does, under GLSL 1.10, 1.20, 1.30, 3.30, ES 1.00 and ES 3.00.
 */
class ExpressionFormsTest {
    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        List<String> sources = new ArrayList<>();
        ExpressionForms.COMMA_AND_ASSIGNMENT.forEach(b -> sources.add(StatementForms.shader(b)));
        ExpressionForms.SWITCHES.forEach(b -> sources.add(StatementForms.shader(b)));
        sources.add("""
                #version 330 core
                uniform vec4 k;
                out vec4 c;
                float pick(int s) {
                    switch (s) {
                    case 0: return k.x;
                    case 1: if (k.y > 0.0) return k.y;
                    case 2: break;
                    default: return -k.z;
                    }
                    return 7.0;
                }
                void main() { c = vec4(pick(int(k.x * 2.0)), pick(int(k.y * 2.0)), pick(2), pick(-5)); }
                """);
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, sources, 100, new Random(71))).isEmpty();
    }

    @Test
    void compoundAssignmentsAndStepsEvaluateTheirTargetOnce() {
        // each target's index has a side effect: evaluated twice, i would end at 2 and the next element change
        String[][] cases = {
            {"float a[3] = float[](1.0, 2.0, 3.0); int i = 0; a[i++] += 10.0; c = vec4(a[0], a[1], a[2], float(i));",
                "[11.0, 2.0, 3.0, 1.0]"},
            {"vec4 v = vec4(1.0); int i = 1; v[i++] *= 3.0; c = v + vec4(0.0, 0.0, 0.0, float(i));", "[1.0, 3.0, 1.0, 3.0]"},
            {"float a[2] = float[](5.0, 7.0); int i = 0; a[i++]++; c = vec4(a[0], a[1], float(i), 0.0);",
                "[6.0, 7.0, 1.0, 0.0]"},
            {"vec3 p = vec3(1.0, 2.0, 3.0); int n = 0; p.zy += vec2(float(++n), 10.0); c = vec4(p, float(n));",
                "[1.0, 12.0, 4.0, 1.0]"},
            {"mat2 m = mat2(1.0); int j = 0; m[j++] += vec2(1.0, 2.0); c = vec4(m[0], m[1]) + vec4(float(j));",
                "[3.0, 3.0, 1.0, 2.0]"},
            {"float a[2] = float[](1.0, 2.0); int i = 0; float r = (a[i++] -= 4.0) * 2.0; c = vec4(a[0], a[1], r, float(i));",
                "[-3.0, 2.0, -6.0, 1.0]"}};
        for (String[] t : cases) {
            String src = "#version 330 core\nout vec4 c;\nvoid main() {\n    " + t[0] + "\n}\n";
            for (boolean optimize : new boolean[] {false, true}) {
                dev.csir.ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "a.frag", src,
                        dev.csir.CompileOptions.DEFAULT.withOptimize(optimize));
                assertThat(m.ok()).as(m.log()).isTrue();
                dev.csir.ssa.eval.Result r = dev.csir.ssa.eval.Evaluator.run(m.module(),
                        Differential.invocation(m.module(), new Random(1), false));
                dev.csir.ssa.eval.Val.Num c = r.num("c");
                assertThat(java.util.Arrays.toString(new float[] {c.floatAt(0), c.floatAt(1), c.floatAt(2), c.floatAt(3)}))
                        .as(t[0]).isEqualTo(t[1]);
            }
            CompileResult csir = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", src);
            assertThat(csir.ok()).as(csir.log()).isTrue();
        }
    }

    /** The shader around a body for {@code version}: it writes its local {@code c} to the stage's output. */
    private static String shader(String version, String body) {
        boolean es = version.endsWith("es") || version.equals("100");
        boolean legacy = version.equals("110") || version.equals("120") || version.equals("100");
        return "#version " + version + "\n" + (es ? "precision mediump float;\n" : "") + "uniform vec4 k;\n"
                + (legacy ? "" : "out vec4 o;\n") + "void main() {\n    vec4 c = vec4(0.0);\n    " + body + "\n    "
                + (legacy ? "gl_FragColor" : "o") + " = c;\n}\n";
    }

    private static final List<String> VERSIONS = List.of("110", "120", "130", "330", "100", "300 es");

    private static final List<String> BODIES = List.of(
            "int i; int n; for (i = 0, n = 3; i < n; i++, n--) { c.x += 1.0; }",
            "float a; float b = (a = k.x) + 1.0; c = vec4(a, b, 0.0, 1.0);",
            "float a; float b; a = b = k.y; c.x = a + b;",
            "float x = k.x; float y = (x += k.y) * 2.0; c.xy = vec2(x, y);",
            "float x = k.x; if ((x = x * 2.0) > 1.0) { c.x = x; }",
            "int i = 0; while ((i += 1) < 4) c.x += 1.0;",
            "vec4 v = k; vec2 w = (v.zx = k.xy); c.xy = w;",
            "vec4 v = k; vec2 w = (v.xx = k.xy); c.xy = w;",
            "float x; float y = (x = k.x, x * 2.0); c.x = y;",
            "int x = 1; int y = (x, 3); float f = (x, 1.0); c.x = f + float(y);",
            "const float q = k.x; c.x = q;",
            "const bool b = 1 < 2; const int m = 7 / 3; const float s = sin(1.0); c.x = s;",
            "const float t = (1.0 > 0.0) ? 1.0 : 2.0; c.x = t;",
            "int i = 1; i <<= 2; int h = (i |= 3) ^ (i &= 6); c.x = float(h);",
            "const int q = (1, 2); c.x = float(q);",
            "float a[(1, 2)]; c.x = 1.0;",
            "float x = 1.0; (x + 1.0) = 2.0; c.x = x;",
            "float x = 1.0; x = 2.0 = x; c.x = x;",
            "float x = k.x; c.x = max(x = 0.5, k.y);",
            "k = (k.x, k); c = k;",
            "float x; x = (k.x, k); c.x = x;",
            "float x = k.x > 0.0 ? (c.x = 1.0, 2.0) : c.y = 3.0; c.z = x;",
            "int i = 0, j = (i = 2, i + 1); c.x = float(j);",
            "int s = int(k.x); switch (s) { case 1: c.x = 1.0; break; default: c.x = 2.0; }",
            "switch (int(k.x)) { case 1: c.x = 1.0; case 2: c.y = 2.0; break; case 3: { c.z = 1.0; } }",
            "switch (k.x) { case 1: break; }",
            "switch (true) { case 1: break; }",
            "switch (ivec2(1)) { case 1: break; }",
            "switch (int(k.x)) { case 1: case 1: break; }",
            "switch (int(k.x)) { default: c.x = 1.0; default: break; }",
            "int s = 1; switch (int(k.x)) { case s: break; }",
            "const int K = 3; switch (int(k.x)) { case K: break; case K + 1: break; case -K: c.x = 1.0; }",
            "switch (int(k.x)) { case 2 - 1: break; case 1: break; }",
            "switch (int(k.x)) { case 6 / 2: break; case 3: break; }",
            "switch (int(k.x)) { }",
            "switch (int(k.x)) { case 1: }",
            "switch (int(k.x)) { case 1: break; case 2: }",
            "switch (int(k.x)) { case 1: ; }",
            "switch (int(k.x)) { case 1: {} }",
            "switch (int(k.x)) { case 1: int t; }",
            "switch (int(k.x)) { case 1: int t = 2; }",
            "switch (int(k.x)) { case 1: const int t = 2; }",
            "switch (int(k.x)) { c.x = 1.0; case 1: break; }",
            "switch (int(k.x)) { case 1: int t = 1; break; case 2: t = 2; c.x = float(t); }",
            "switch (int(k.x)) { case 1: int t = 1; break; case 2: int t = 2; }",
            "switch (int(k.x)) { case 1: break; } int t = 3; c.x = float(t);",
            "case 2: c.x = 1.0;",
            "default: c.x = 1.0;",
            "for (int i = 0; i < 3; i++) { switch (i) { case 1: continue; } c.x += 1.0; }",
            "switch (int(k.x)) { case 1: continue; }",
            "switch (int(k.x)) { case 1: break; } break;",
            "switch (int(k.x)) case 1: break;",
            "switch (int(k.x)) { case 1.0: break; }",
            "switch (int(k.x)) { case true: break; }",
            "switch (int(k.x)) { case (1, 2): break; }",
            "switch (int(k.x)) { case 1: switch (int(k.y)) { case 1: break; } break; }",
            "switch (int(k.x)) { case 1: return; }",
            "switch (int(k.x)) { case 1: discard; }",
            "switch (int(k.x)) { case 1 break; }",
            "switch int(k.x) { case 1: break; }",
            "switch (int(k.x)) ;",
            "switch (int(k.x)) { case 2147483647: break; case -2147483648: c.x = 1.0; }",
            "int switch = 1;",
            "int default = 1;",
            "float case = 1.0;");

    @Test
    void switchErrorsAreLocatedAndNamed() {
        String src = """
                #version 330 core
                uniform vec4 k;
                out vec4 c;
                void main() {
                    switch (k.x) { case 1: break; }
                    switch (int(k.x)) { case 1: c = k; case 2 - 1: break; default: default: break; }
                    switch (int(k.x)) { c = k; case 3: }
                    case 4: break;
                    const int q = (1, 2);
                }
                """;
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "e.frag", src);
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message()).containsExactly(
                "5:14: a switch selector must be an int or uint scalar",
                "6:40: duplicate case label",
                "6:68: duplicate default label",
                "7:5: the last label of a switch must be followed by a statement",
                "7:27: a switch's body must begin with a case or default label",
                "8:5: case and default labels are only valid in a switch",
                "8:13: break is only valid inside a loop",
                "9:15: a constant's initializer must be a constant expression");
        CompileResult old = ShaderCompiler.compile(Stage.FRAGMENT, "o.frag",
                "#version 120\nuniform vec4 k;\nvoid main() { switch (int(k.x)) { default: gl_FragColor = k; } }\n");
        assertThat(old.log()).startsWith("o.frag:3:15: error: switch needs #version 130 or 300 es or later");
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int rejected = 0;
        for (String version : VERSIONS) {
            for (String body : BODIES) {
                String src = shader(version, body);
                String glslang = Glslang.validate("a.frag", src);
                CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", src);
                if ((glslang == null) != r.ok()) {
                    disagreements.add("#version " + version + ": " + body + ": glslang "
                            + (glslang == null ? "accepts" : "rejects: " + glslang) + ", csir "
                            + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
                } else if (!r.ok()) {
                    rejected++;
                    assertThat(r.diagnostics().getFirst().line()).as(body).isGreaterThan(0);
                    assertThat(r.log()).as(body).startsWith("a.frag:").doesNotContain("Exception");
                }
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(rejected).isGreaterThan(50);
    }
}
