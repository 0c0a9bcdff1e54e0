package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GL_EXT_multiview's gl_ViewIndex: an int input of both stages and both clients where the
 * extension is enabled (enable, require or warn) from GLSL 1.40 and ES 3.10, read-only, with the
 * extension's macro defined there, as glslang has it; on CSIR, whose targets draw one view, it is 0.
 */
public class MultiviewTest {
    private static final List<String> VERSIONS = List.of("110", "130", "140", "150", "330", "450", "300 es", "310 es",
            "320 es");
    private static final List<String> DIRECTIVES = List.of("", "#extension GL_EXT_multiview : enable\n",
            "#extension GL_EXT_multiview : require\n", "#extension GL_EXT_multiview : warn\n",
            "#extension GL_EXT_multiview : disable\n");

    public static String vertex(String version, String directive, String body) {
        return "#version " + version + "\n" + directive + "void main() { " + body + " }\n";
    }

    public static String fragment(String version, String directive, boolean vulkan) {
        boolean es = version.endsWith("es");
        return "#version " + version + "\n" + directive + (es ? "precision mediump float;\n" : "")
                + (vulkan ? "layout(location = 0) " : "") + "out vec4 o;\nvoid main() { o = vec4(float(gl_ViewIndex) + 0.25); }\n";
    }

    @Test
    void declaredExactlyWhereGlslangDeclaresIt() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        int tried = 0;
        for (Client client : Client.values()) {
            boolean vulkan = client == Client.VULKAN;
            for (String version : VERSIONS) {
                if (vulkan && (version.equals("110") || version.equals("130") || version.equals("300 es"))) {
                    continue; // not versions glslang takes for Vulkan
                }
                for (String directive : DIRECTIVES) {
                    List<String[]> sources = List.of(
                            new String[] {"v.vert", vertex(version, directive, "gl_Position = vec4(float(gl_ViewIndex));")},
                            new String[] {"v.vert", vertex(version, directive, "gl_ViewIndex = 1; gl_Position = vec4(0.0);")},
                            new String[] {"v.vert", vertex(version, directive, "gl_Position = vec4(0.0);\n#ifndef GL_EXT_multiview\n#error no macro\n#endif\n")},
                            new String[] {"f.frag", fragment(version, directive, vulkan)});
                    for (String[] s : sources) {
                        accepted += GlslangAgreement.checkCompiled(disagreements, client, s[0], s[1]) ? 1 : 0;
                        tried++;
                    }
                }
            }
        }
        assertThat(disagreements).isEmpty();
        // enough of both answers to mean something
        assertThat(accepted).as("accepted of " + tried).isGreaterThan(40);
        assertThat(tried - accepted).isGreaterThan(60);
    }

    @Test
    void onCsirTheOneViewIsViewZero() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "f.frag",
                fragment("450", "#extension GL_EXT_multiview : enable\n", true), CompileOptions.DEFAULT.withClient(Client.VULKAN));
        assertThat(r.ok()).as(r.log()).isTrue();
        Interpreter in = Interpreter.of(r.ir(), null);
        Frame f = in.newFrame();
        assertThat(in.run(f)).isEqualTo(Status.OK);
        assertThat(f.color()).containsExactly(0.25f, 0.25f, 0.25f, 0.25f);
    }
}
