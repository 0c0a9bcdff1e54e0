package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.link.Program;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The forms of GLSL 1.10 and ES 1.00 that real shaders still use: {@code attribute},
 * {@code varying}, {@code gl_FragColor}, {@code gl_FragData[0]} and {@code texture2D}, in the versions glslang has them
 * (ES 1.00, desktop to 4.10, and the compatibility profile).
 */
class LegacyFormsTest {
    private static final String VS = """
            %s
            attribute vec4 position;
            attribute vec2 uv;
            varying vec2 vUV;
            void main() { vUV = uv; gl_Position = position; }
            """;
    private static final String FS = """
            %s
            %s
            uniform sampler2D tex;
            uniform vec4 tint;
            varying vec2 vUV;
            void main() { gl_FragColor = texture2D(tex, vUV) * tint + vec4(vUV, 0.0, 0.0); }
            """;

    private static String es(String version) {
        return version.endsWith("100") || version.endsWith("es") ? "precision mediump float;" : "";
    }

    @Test
    void aPairLinksAndTheInterpreterComputesTheEvaluatorsValues() {
        for (String version : List.of("#version 100", "#version 110", "#version 330", "#version 450 compatibility")) {
            String fs = FS.formatted(version, es(version));
            CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "l.vert", VS.formatted(version));
            CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "l.frag", fs);
            assertThat(v.ok()).as(version + v.log()).isTrue();
            assertThat(f.ok()).as(version + f.log()).isTrue();
            Program p = new Program();
            assertThat(p.attach(v)).isEmpty();
            assertThat(p.attach(f)).isEmpty();
            assertThat(p.link()).as(version + p.log()).isTrue();
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "l.frag", fs);
            Random random = new Random(100);
            for (int run = 0; run < 50; run++) {
                assertThat(Differential.compare(ShaderStage.FRAGMENT, f.ir(), m.module(), random)).as(version).isNull();
            }
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String version : List.of("#version 100", "#version 110", "#version 130", "#version 330", "#version 410",
                "#version 420", "#version 450", "#version 450 compatibility", "#version 300 es")) {
            check(disagreements, "a.vert", VS.formatted(version));
            check(disagreements, "a.frag", FS.formatted(version, es(version)));
        }
        check(disagreements, "a.frag", "#version 330\nattribute vec4 p;\nvoid main() { gl_FragColor = p; }\n");
        check(disagreements, "a.frag", "#version 330\nvoid main() { varying vec4 p; gl_FragColor = p; }\n");
        check(disagreements, "a.vert", "#version 330\nvoid main() { gl_FragColor = vec4(1.0); }\n");
        check(disagreements, "a.frag", "#version 330\nvarying vec4 p = vec4(1.0);\nvoid main() { gl_FragColor = p; }\n");
        for (String version : List.of("#version 100", "#version 110", "#version 330", "#version 420", "#version 300 es")) {
            String head = version + "\n" + es(version) + "\nuniform vec4 tint;\n";
            check(disagreements, "a.frag", head + "void main() { gl_FragData[0] = tint; gl_FragData[0].x += 1.0; }\n");
            check(disagreements, "a.vert", head + "void main() { gl_FragData[0] = tint; gl_Position = tint; }\n");
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void glFragDataZeroIsTheColourOutput() {
        String fs = "#version 110\nuniform vec4 tint;\nvarying vec2 vUV;\n"
                + "void main() { gl_FragData[0] = tint; gl_FragData[0].xy *= vUV; }\n";
        CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", fs);
        assertThat(f.ok()).as(f.log()).isTrue();
        assertThat(f.ir().iface().outputs()).extracting(v -> v.name() + "@" + v.slot()).containsExactly("gl_FragData@0");
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "d.frag", fs);
        Random random = new Random(7);
        for (int run = 0; run < 50; run++) {
            assertThat(Differential.compare(ShaderStage.FRAGMENT, f.ir(), m.module(), random)).isNull();
        }
        // glslang takes any element below gl_MaxDrawBuffers; every target of csir's has one colour output
        for (String use : List.of("gl_FragData[1] = tint;", "gl_FragData[int(tint.x)] = tint;", "vec4 d[1] = gl_FragData;")) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag",
                    "#version 110\nuniform vec4 tint;\nvoid main() { " + use + " }\n");
            assertThat(r.ok()).as(use).isFalse();
            assertThat(r.diagnostics().getFirst().message()).as(use).isEqualTo(dev.csir.diag.Messages.FRAG_DATA_INDEX);
            assertThat(r.diagnostics().getFirst().line()).isEqualTo(3);
        }
    }

    private static void check(List<String> disagreements, String file, String src) throws Exception {
        GlslangAgreement.check(disagreements, file.endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT, src);
    }
}
