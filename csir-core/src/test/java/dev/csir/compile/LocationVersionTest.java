package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which versions take {@code layout(location = N)}, as glslang has it: on vertex
 * inputs and fragment outputs from GLSL 3.30 and ES 3.00 (earlier with
 * GL_ARB_explicit_attrib_location), vertex outputs and fragment inputs from GLSL 4.10 and ES 3.10
 * (earlier with GL_ARB_separate_shader_objects, which gives both kinds); and uniforms from GLSL 4.30
 * and ES 3.10 (from 3.30 with GL_ARB_explicit_uniform_location).
 */
class LocationVersionTest {
    private static final List<String> VERSIONS = List.of("140", "150", "330", "400", "410", "420", "430", "450", "300 es",
            "310 es");
    private static final List<String> EXTENSIONS = List.of("", "GL_ARB_explicit_attrib_location",
            "GL_ARB_separate_shader_objects", "GL_ARB_explicit_uniform_location");

    @Test
    void acceptedExactlyWhereGlslangAcceptsIt() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        int tried = 0;
        for (String version : VERSIONS) {
            for (String extension : EXTENSIONS) {
                String head = "#version " + version + "\n" + (extension.isEmpty() ? "" : "#extension " + extension + " : enable\n")
                        + (version.endsWith("es") ? "precision mediump float;\n" : "");
                List<Object[]> probes = List.of(
                        new Object[] {ShaderStage.VERTEX, "layout(location = 1) in vec4 p;\nvoid main() { gl_Position = p; }\n"},
                        new Object[] {ShaderStage.VERTEX,
                                "layout(location = 1) out vec4 q;\nvoid main() { q = vec4(0.0); gl_Position = vec4(0.0); }\n"},
                        new Object[] {ShaderStage.FRAGMENT, "layout(location = 1) in vec4 q;\nout vec4 o;\nvoid main() { o = q; }\n"},
                        new Object[] {ShaderStage.FRAGMENT, "layout(location = 0) out vec4 o;\nvoid main() { o = vec4(0.0); }\n"},
                        new Object[] {ShaderStage.FRAGMENT, "layout(location = 3) uniform vec4 u;\nout vec4 o;\nvoid main() { o = u; }\n"},
                        new Object[] {ShaderStage.VERTEX,
                                "layout(location = 2) uniform sampler2D s;\nvoid main() { gl_Position = textureLod(s, vec2(0.0), 0.0); }\n"});
                for (Object[] p : probes) {
                    ModuleResult r = GlslangAgreement.check(disagreements, (ShaderStage) p[0], head + p[1]);
                    accepted += r.ok() ? 1 : 0;
                    tried++;
                }
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(accepted).as("accepted of " + tried).isBetween(40, tried - 20);
    }
}
