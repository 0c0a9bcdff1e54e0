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
 * GL_EXT_fragment_shading_rate: gl_ShadingRateEXT (a fragment input), gl_PrimitiveShadingRateEXT
 * (a vertex output) and the four gl_ShadingRateFlag constants, where the extension is enabled from
 * GLSL 4.50 and ES 3.10 in both clients, as glslang has them; on CSIR, whose targets shade every
 * pixel, the rate reads 0 (one by one) and the requested rate is dropped.
 */
public class ShadingRateTest {
    private static final List<String> VERSIONS = List.of("330", "440", "450", "460", "300 es", "310 es", "320 es");
    private static final List<String> DIRECTIVES = List.of("", "#extension GL_EXT_fragment_shading_rate : enable\n",
            "#extension GL_EXT_fragment_shading_rate : disable\n");

    public static String fragment(String version, String directive, String body) {
        return "#version " + version + "\n" + directive + (version.endsWith("es") ? "precision mediump float;\n" : "")
                + "layout(location = 0) out vec4 o;\nvoid main() { " + body + " }\n";
    }

    public static String vertex(String version, String directive, String body) {
        return "#version " + version + "\n" + directive + "void main() { " + body + " gl_Position = vec4(0.5); }\n";
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
                if (vulkan && version.equals("300 es")) {
                    continue; // glslang takes ES for Vulkan from 3.10
                }
                for (String d : DIRECTIVES) {
                    List<String[]> sources = List.of(
                            new String[] {"f.frag", fragment(version, d,
                                    "o = vec4(float(gl_ShadingRateEXT & gl_ShadingRateFlag4HorizontalPixelsEXT));")},
                            new String[] {"f.frag", fragment(version, d, "gl_ShadingRateEXT = 1; o = vec4(0.0);")},
                            new String[] {"f.frag", fragment(version, d,
                                    "float a[gl_ShadingRateFlag2HorizontalPixelsEXT + gl_ShadingRateFlag4VerticalPixelsEXT];"
                                            + " o = vec4(float(a.length()));")},
                            new String[] {"v.vert", vertex(version, d,
                                    "gl_PrimitiveShadingRateEXT = gl_ShadingRateFlag2VerticalPixelsEXT;")},
                            new String[] {"v.vert", vertex(version, d, "int r = gl_ShadingRateEXT;")},
                            new String[] {"v.vert", vertex(version, d,
                                    "\n#ifndef GL_EXT_fragment_shading_rate\n#error no macro\n#endif\n")});
                    for (String[] s : sources) {
                        accepted += GlslangAgreement.checkCompiled(disagreements, client, s[0], s[1]) ? 1 : 0;
                        tried++;
                    }
                }
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(accepted).as("accepted of " + tried).isBetween(30, tried - 60);
    }

    @Test
    void onCsirEveryPixelIsShadedAtOneByOne() {
        String directive = "#extension GL_EXT_fragment_shading_rate : enable\n";
        CompileOptions vulkan = CompileOptions.DEFAULT.withClient(Client.VULKAN);
        CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "f.frag", fragment("450", directive,
                "o = vec4(float(gl_ShadingRateEXT), 0.25, float(gl_ShadingRateFlag4HorizontalPixelsEXT) / 16.0, 1.0);"), vulkan);
        assertThat(f.ok()).as(f.log()).isTrue();
        Interpreter in = Interpreter.of(f.ir(), null);
        Frame frame = in.newFrame();
        assertThat(in.run(frame)).isEqualTo(Status.OK);
        assertThat(frame.color()).containsExactly(0f, 0.25f, 0.5f, 1f);
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "v.vert", vertex("450", directive,
                "gl_PrimitiveShadingRateEXT = gl_ShadingRateFlag2VerticalPixelsEXT;"), vulkan);
        assertThat(v.ok()).as(v.log()).isTrue();
        Interpreter vs = Interpreter.of(v.ir(), null);
        Frame out = vs.newFrame();
        assertThat(vs.run(out)).isEqualTo(Status.OK);
        assertThat(out.position()).containsExactly(0.5f, 0.5f, 0.5f, 0.5f);
    }
}
