package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.StatementForms;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code ?:} (GLSL 4.60 5.9), {@code ++} and {@code --} as statements and values (5.9), and the
 * {@code while} and {@code do}-{@code while} loops (6.3): the interpreter computes the
 * evaluator's values, and csir accepts or rejects each form where glslang does.
 */
class StatementFormsTest {
    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        Random random = new Random(6);
        List<String> wrong = new ArrayList<>();
        for (String body : StatementForms.BODIES) {
            String src = StatementForms.shader(body);
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src);
            assertThat(r.ok()).as(body + "\n" + r.log()).isTrue();
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", src);
            for (int run = 0; run < 100; run++) {
                String d = Differential.compare(ShaderStage.FRAGMENT, r.ir(), m.module(), random);
                if (d != null) {
                    wrong.add(body + ": " + d);
                    break;
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void theArmNotTakenIsNotEvaluated() {
        // the arms call a function that counts: only the chosen one may count
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "e.frag", """
                #version 330 core
                uniform vec4 k;
                out vec4 c;
                float n = 0.0;
                float bump(float v) { n += 1.0; return v; }
                void main() {
                    float x = k.x > 0.0 ? bump(1.0) : bump(2.0) + bump(3.0);
                    c = vec4(x, n, 0.0, 1.0);
                }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        for (float kx : new float[] {1f, -1f}) {
            dev.csir.exec.Interpreter exec = dev.csir.exec.Interpreter.of(r.ir(), null);
            dev.csir.exec.Frame frame = exec.newFrame();
            for (dev.csir.ir.InterfaceVar v : r.ir().iface().vars()) {
                if (v.name().equals("k")) {
                    frame.uniform(v.slot(), kx, 0f, 0f, 0f);
                }
            }
            exec.run(frame);
            assertThat(frame.color()).as("k.x = " + kx).startsWith(kx > 0 ? 1f : 5f, kx > 0 ? 1f : 2f);
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> bodies = new ArrayList<>(StatementForms.BODIES);
        bodies.addAll(List.of(
                "float x = k.x ? 1.0 : 0.0; c = vec4(x);",
                "float x = true ? 1.0 : vec2(0.0); c = vec4(x);",
                "float x = true ? 1 : 2.0; c = vec4(x);",
                "bool b = true; b++; c = vec4(1.0);",
                "mat3 m = mat3(1.0); m++; c = vec4(1.0);",
                "const float q = 1.0; q++; c = vec4(q);",
                "k++; c = k;",
                "float x = 1.0; (x + 1.0)++; c = vec4(x);",
                "int i = 0; while (i < 3) i++; c = vec4(float(i));",
                "int i = 0; while (i) { i++; } c = vec4(1.0);",
                "int i = 0; do i++; while (i < 2); c = vec4(float(i));",
                "int i = 0; do { i++; } while (i < 2) c = vec4(float(i));",
                "int i = 0; do { i++; } (i < 2); c = vec4(float(i));",
                "float x = 1.0 ? : 2.0; c = vec4(x);",
                "float x = k.x > 0.0 ? 1.0 2.0; c = vec4(x);",
                "c = vec4(k.x > 0.0 ? k.y : k.z > 0.0 ? k.w : 0.5);",
                "while (false) { } c = vec4(1.0);",
                "do { break; } while (true); c = vec4(1.0);",
                "continue; c = vec4(1.0);"));
        List<String> disagreements = new ArrayList<>();
        for (String body : bodies) {
            String src = StatementForms.shader(body);
            boolean glslang = Glslang.validate("a.frag", src) == null;
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", src);
            if (glslang != r.ok()) {
                disagreements.add(body + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                        + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
            } else if (!r.ok()) {
                assertThat(r.diagnostics().getFirst().line()).as(body).isGreaterThan(0);
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
