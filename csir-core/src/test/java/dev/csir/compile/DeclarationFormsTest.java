package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Declarations as real shaders write them: precision statements and qualifiers (GLSL 4.60 4.7,
 * no effect here), the {@code f} suffix, {@code main(void)}, {@code in} and {@code const in}
 * parameters, several declarators in one declaration (also in a for loop's initializer). The
 * interpreter computes the evaluator's values for them, and csir accepts or rejects each form
 * where glslang does.
 */
class DeclarationFormsTest {
    private static final String[] ACCEPTED = {
        "precision mediump float;\nuniform highp vec4 k;\nout lowp vec4 c;\nvoid main(void) { c = k * 2.0f; }",
        "uniform vec4 k;\nout vec4 c;\nfloat f(in float a, const in float b) { return a * b + 0.5F; }\n"
            + "void main() { c = vec4(f(k.x, k.y)); }",
        "uniform vec4 k;\nout vec4 c;\nfloat g(const float a, highp float b) { return a - b; }\n"
            + "void main() { c = vec4(g(k.z, 1.5e-1f)); }",
        "uniform vec4 k;\nout vec4 c;\nvoid main() { float a = k.x, b = a * 2.0, d; d = a + b; c = vec4(a, b, d, 1.0); }",
        "uniform vec4 k;\nout vec4 c;\nfloat s = 1.0, t = 2.0;\nvoid main() { c = k * s + vec4(t); }",
        "uniform vec4 k;\nout vec4 c;\nvoid main() { float acc = 0.0; for (int i = 0, j = 3; i < j; i++) { acc += k.x; } c = vec4(acc); }",
        "uniform vec4 k;\nout vec4 c;\nvoid main() { mediump vec3 v = k.xyz, w = v * 2.0; c = vec4(v + w, 1.0); }",
        "uniform vec4 k;\nout vec4 c;\nfloat[3] f(float x) { return float[3](x, x * k.y, -x); }\n"
            + "struct S { vec2 a; };\nS[2] g() { return S[2](S(k.xy), S(k.zw)); }\n"
            + "void main() { float a[3] = f(k.x); c = vec4(a[2], f(k.w)[1], g()[1].a); }",
    };

    private static final String[] REJECTED = {
        "uniform vec4 k;\nout vec4 c;\nvoid main() { float a = 1.0, a = 2.0; c = vec4(a); }",
        "uniform vec4 k;\nout vec4 c;\nvoid main() { float a = 1.0, b = vec2(1.0); c = vec4(a); }",
        "uniform vec4 k;\nout vec4 c;\nvoid main() { float a = b, b = 1.0; c = vec4(a); }",
        "precision float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }",
        "precision highp vec4 v;\nout vec4 c;\nvoid main() { c = vec4(1.0); }",
        "out vec4 c;\nvoid main() { c = vec4(1f); }",
        "out vec4 c;\nvoid main(void x) { c = vec4(1.0); }",
        "out vec4 c;\nfloat f(in in float a) { return a; }\nvoid main() { c = vec4(f(1.0)); }",
        "out vec4 c;\nvoid main() { float a = 1.0,; c = vec4(a); }",
        "out vec4 c;\nfloat[] f() { return float[1](1.0); }\nvoid main() { c = vec4(f()[0]); }",
        "out vec4 c;\nfloat[2] f() { return float[3](1.0, 2.0, 3.0); }\nvoid main() { c = vec4(f()[0]); }",
    };

    private static String shader(String body) {
        return "#version 330 core\n" + body + "\n";
    }

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        Random random = new Random(4);
        for (String body : ACCEPTED) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", shader(body));
            assertThat(r.ok()).as(body + "\n" + r.log()).isTrue();
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "d.frag", shader(body));
            for (int run = 0; run < 50; run++) {
                assertThat(Differential.compare(ShaderStage.FRAGMENT, r.ir(), m.module(), random)).as(body).isNull();
            }
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        List<String> all = new ArrayList<>(List.of(ACCEPTED));
        all.addAll(List.of(REJECTED));
        for (String body : all) {
            boolean glslang = Glslang.validate("d.frag", shader(body)) == null;
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", shader(body));
            if (glslang != r.ok()) {
                disagreements.add(body + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                        + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
            } else if (!r.ok()) {
                assertThat(r.diagnostics().getFirst().line()).as(body).isGreaterThan(1);
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(all).hasSize(ACCEPTED.length + REJECTED.length);
    }
}
