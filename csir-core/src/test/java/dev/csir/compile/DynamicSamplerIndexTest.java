package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Messages;
import dev.csir.ir.Opcode;
import dev.csir.ir.Stage;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sampler of an array chosen by a run-time index (GLSL 4.00, ES 3.20, ES 3.10 with GL_EXT_gpu_shader5, and before GLSL 1.30): one
 * lookup per sampler, the index tested against each, so every target takes it; accepted and
 * rejected where glslang accepts and rejects it. Two forms glslang also takes are still refused,
 * each with a located error: such a sampler passed anywhere but to a texture function, and an
 * index with side effects (the tests would evaluate it more than once).
 */
class DynamicSamplerIndexTest {
    private static String shader(String version, String extension, String body) {
        String precision = version.endsWith("es") || version.equals("100") ? "precision mediump float;\n" : "";
        boolean legacy = version.equals("100") || version.equals("110") || version.equals("120");
        String head = "#version " + version + "\n" + extension + precision + "uniform sampler2D tex[3];\nuniform int k;\n";
        return legacy ? head + "varying vec2 uv;\nvoid main() { vec4 c; " + body.replace("texture(", "texture2D(")
                + " gl_FragColor = c; }\n" : head + "in vec2 uv;\nout vec4 c;\nvoid main() { " + body + " }\n";
    }

    @Test
    void acceptedWhereGlslangAcceptsIt() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String version : List.of("330 core", "400 core", "450", "300 es", "310 es", "320 es")) {
            for (String body : List.of("c = texture(tex[k], uv);", "c = texture(tex[(k + 1) % 3], uv) + texelFetch(tex[k], ivec2(0), 0);",
                    "c = vec4(textureSize(tex[k & 1], 0), 0.0, 1.0);", "c = texture(tex[uv.x], uv);")) {
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, shader(version, "", body));
            }
        }
        for (String version : List.of("100", "110", "120", "130")) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, shader(version, "", "c = texture(tex[k], uv);"));
        }
        for (String extension : List.of("GL_ARB_gpu_shader5", "GL_EXT_gpu_shader5", "GL_OES_gpu_shader5")) {
            for (String version : List.of("330 core", "310 es")) {
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                        shader(version, "#extension " + extension + " : enable\n", "c = texture(tex[k], uv);"));
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void theFormsStillRefusedAreLocated() {
        CompileResult stray = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", "#version 450\nuniform sampler2D tex[3];\n"
                + "uniform int k;\nin vec2 uv;\nout vec4 c;\nvec4 f(sampler2D s) { return texture(s, uv); }\n"
                + "void main() { c = f(tex[k]); }\n");
        assertThat(stray.ok()).isFalse();
        assertThat(stray.diagnostics().getFirst().header()).isEqualTo("s.frag:7:24: error: " + Messages.SAMPLER_INDEX_CONSTANT);
        CompileResult effects = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag",
                shader("450", "", "int j = k; c = texture(tex[j++], uv);"));
        assertThat(effects.ok()).isFalse();
        assertThat(effects.diagnostics().getFirst().header()).isEqualTo("s.frag:6:43: error: " + Messages.SAMPLER_INDEX_CONSTANT);
        CompileResult old = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", shader("330 core", "", "c = texture(tex[k], uv);"));
        assertThat(old.diagnostics().getFirst().header()).isEqualTo("s.frag:6:31: error: " + Messages.SAMPLER_INDEX_VERSION);
    }

    @Test
    void eachSamplerHasItsLookupOnCsir() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", shader("450", "", "c = texture(tex[k], uv);"));
        assertThat(r.ok()).as(r.log()).isTrue();
        List<Integer> slots = r.ir().code().stream().filter(i -> i.opcode() == Opcode.SAMPLE).map(i -> i.aux()).toList();
        assertThat(slots).containsExactlyInAnyOrder(0, 1, 2);
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", shader("320 es", "", "c = texture(tex[k], uv);"));
        assertThat(m.ok()).as(m.log()).isTrue();
    }
}
