package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code texture} with a bias and {@code textureSize} (GLSL 4.60 8.9.1, 8.9.2): the interpreter
 * computes the evaluator's values; CSIR carries them as SAMPLE_BIAS (38) and TEXSIZE (39), CSI
 * version 2 only, TGSI TXB and TXQ; csir accepts them where glslang does.
 */
class TextureFunctionsTest {
    private static String fragment(String body) {
        return """
                #version 330 core
                uniform sampler2D t;
                uniform vec4 k;
                out vec4 c;
                void main() {
                    %s
                }
                """.formatted(body);
    }

    private static final List<String> BODIES = List.of(
            "c = texture(t, k.xy, k.z);",
            "c = texture(t, k.xy, 1) + texture(t, k.zw);",
            "c = vec4(textureSize(t, 0), textureSize(t, 1));",
            "ivec2 s = textureSize(t, int(abs(k.x))); c = vec4(1.0 / vec2(s), float(s.x * s.y), 0.0);",
            "c = texture(t, k.xy * vec2(textureSize(t, 0)) / 4.0, -0.5);");

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        List<String> sources = BODIES.stream().map(TextureFunctionsTest::fragment).toList();
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, sources, 100, new Random(15))).isEmpty();
        // the vertex stage asks for sizes too
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "s.vert", """
                #version 330 core
                uniform sampler2D t;
                in vec4 p;
                void main() { gl_Position = p * float(textureSize(t, 0).x); }
                """);
        assertThat(v.ok()).as(v.log()).isTrue();
    }

    @Test
    void csirCarriesThemInVersion2AndTgsiAsTxbAndTxq() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment(BODIES.get(4)));
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.tgsi()).contains("TXB TEMP[", "TXQ TEMP[", "F2I TEMP[", "I2F TEMP[");
        ShaderIr ir = r.ir();
        assertThat(List.of(Opcode.SAMPLE_BIAS.code(), Opcode.TEXSIZE.code())).containsExactly(38, 39);
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(ir));
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader()).isEqualTo(ir);
        assertThat(Csi.version1Problem(ir)).contains("needs CSI version 2");
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        List<String> bodies = new ArrayList<>(BODIES);
        bodies.addAll(List.of("c = vec4(textureSize(t, 0.0), 0.0, 0.0);", "c = vec4(textureSize(t), 0.0, 0.0);",
                "c = vec4(textureSize(k, 0), 0.0, 0.0);", "c = texture(t, k.xy, k.zw);", "c = texture(t, k.xy, true);"));
        for (String body : bodies) {
            check(disagreements, fragment(body), ShaderStage.FRAGMENT);
        }
        for (String version : List.of("#version 120", "#version 130", "#version 100", "#version 300 es")) {
            String es = version.endsWith("es") || version.endsWith("100") ? "precision mediump float;\n" : "";
            check(disagreements, version + "\n" + es + "uniform sampler2D t;\nvoid main() { ivec2 s = textureSize(t, 0); }\n",
                    ShaderStage.FRAGMENT);
        }
        check(disagreements, "#version 330 core\nuniform sampler2D t;\nin vec2 uv;\n"
                + "void main() { gl_Position = texture(t, uv, 1.0); }\n", ShaderStage.VERTEX);
        assertThat(disagreements).isEmpty();
    }

    private static void check(List<String> disagreements, String src, ShaderStage stage) throws Exception {
        String file = stage == ShaderStage.VERTEX ? "a.vert" : "a.frag";
        boolean glslang = Glslang.validate(file, src) == null;
        ModuleResult r = ShaderCompiler.compileModule(stage, file, src);
        if (glslang != r.ok()) {
            disagreements.add(src + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                    + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
        } else if (!r.ok()) {
            assertThat(r.diagnostics().getFirst().line()).as(src).isGreaterThan(0);
        }
    }
}
