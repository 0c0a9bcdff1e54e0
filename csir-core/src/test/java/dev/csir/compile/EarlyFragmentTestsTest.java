package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.back.spirv.Disassembler;
import dev.csir.back.spirv.SpirvWriter;
import dev.csir.diag.Messages;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code layout(early_fragment_tests) in;}: accepted and rejected where glslang does (a fragment
 * shader of GLSL 4.20 or ES 3.10 on, alone on {@code in}), the rejections located; the entry
 * point's EarlyFragmentTests in SPIR-V, TGSI's {@code PROPERTY FS_EARLY_DEPTH_STENCIL 1}, and
 * neither without it.
 */
class EarlyFragmentTestsTest {
    private static String fragment(String version, String layout) {
        String precision = version.endsWith("es") ? "precision mediump float;\n" : "";
        return "#version " + version + "\n" + precision + layout + "\nlayout(location = 0) out vec4 c;\n"
                + "void main() { c = vec4(1.0); }\n";
    }

    @Test
    void acceptedAndRejectedWhereGlslangIs() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        List<String> sources = new ArrayList<>();
        for (String version : List.of("330", "410", "420", "450", "300 es", "310 es", "320 es")) {
            sources.add(fragment(version, "layout(early_fragment_tests) in;"));
        }
        for (String layout : List.of("layout(early_fragment_tests) out;", "layout(early_fragment_tests) uniform;",
                "layout(early_fragment_tests) in vec4 x;", "layout(early_fragment_tests, location = 0) in;",
                "layout(early_fragment_tests) in;\nlayout(early_fragment_tests) in;", "layout(early_fragment_tests = 1) in;")) {
            sources.add(fragment("450", layout));
        }
        for (String src : sources) {
            for (boolean vulkan : new boolean[] {false, true}) {
                if (vulkan && !src.startsWith("#version 450")) {
                    continue;
                }
                boolean glslang = Glslang.validate("s.frag", src, vulkan) == null;
                CompileOptions options = vulkan ? CompileOptions.DEFAULT.withClient(Client.VULKAN) : CompileOptions.DEFAULT;
                CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src, options);
                if (glslang != r.ok()) {
                    disagreements.add(src + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir " + r.log());
                }
                if (!r.ok()) {
                    assertThat(r.diagnostics().getFirst().located()).as(src).isTrue();
                }
                accepted += glslang ? 1 : 0;
            }
        }
        String vertex = "#version 450\nlayout(early_fragment_tests) in;\nvoid main() { gl_Position = vec4(0.0); }\n";
        assertThat(Glslang.validate("s.vert", vertex)).isNotNull();
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "s.vert", vertex);
        assertThat(v.diagnostics().getFirst().header())
                .isEqualTo("s.vert:2:8: error: " + Messages.layoutNotHere("early_fragment_tests"));
        assertThat(disagreements).isEmpty();
        // 4.20, 4.50, ES 3.10 and 3.20, twice written, and 4.50 and twice in Vulkan
        assertThat(accepted).isEqualTo(7);
        CompileResult old = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment("410", "layout(early_fragment_tests) in;"));
        assertThat(old.diagnostics().getFirst().header()).isEqualTo("s.frag:2:8: error: " + Messages.EARLY_FRAGMENT_TESTS_VERSION);
    }

    @Test
    void theTargetsSaySo() {
        for (boolean early : new boolean[] {false, true}) {
            String src = fragment("450", early ? "layout(early_fragment_tests) in;" : "");
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src);
            assertThat(r.ok()).as(r.log()).isTrue();
            assertThat(r.tgsi().contains("PROPERTY FS_EARLY_DEPTH_STENCIL 1\n")).isEqualTo(early);
            assertThat(r.ir().earlyFragmentTests()).isEqualTo(early);
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", src,
                    CompileOptions.DEFAULT.withClient(Client.VULKAN));
            assertThat(m.ok()).as(m.log()).isTrue();
            assertThat(Disassembler.text(SpirvWriter.write(m.module()).words()).contains("EarlyFragmentTests")).isEqualTo(early);
            // the transform IR's text keeps it, both ways
            String text = Printer.print(m.module());
            assertThat(text.contains(") early_fragment_tests\n")).isEqualTo(early);
            assertThat(((dev.csir.ssa.text.ParseResult.Parsed) Parser.parse(text)).module().entryPoints().getFirst().earlyFragmentTests()).isEqualTo(early);
        }
    }
}
