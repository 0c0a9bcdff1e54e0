package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.lang.Client;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cube-map array samplers ({@code samplerCubeArray}, {@code isamplerCubeArray},
 * {@code usamplerCubeArray}, {@code samplerCubeArrayShadow}) and their lookups, in both stages,
 * every version and with the extensions that bring them early, and GLSL for Vulkan's
 * {@code textureCubeArray} paired by a constructor: accepted by csir's front end exactly where
 * {@code glslangValidator} accepts them (for OpenGL and with -V), a rejection located.
 */
class CubeMapArrayOracleTest {
    /** Statements on a float, int or uint cube-map array {@code s} ({@code T} its result's vector: vec4, ivec4, uvec4). */
    static final List<String> COLOUR = List.of(
            "T r = texture(s, vec4(0.5, -0.5, 1.0, 2.0));",
            "T r = texture(s, vec4(0.5), 1.0);",
            "T r = textureLod(s, vec4(0.5), 2.0);",
            "T r = textureGrad(s, vec4(0.5), vec3(0.1), vec3(0.2));",
            "ivec3 r = textureSize(s, 1);",
            "ivec2 r = textureSize(s, 1);",
            "T r = texture(s, vec3(0.5));",
            "T r = texture(s, ivec4(1));",
            "T r = textureLod(s, vec4(0.5));",
            "T r = textureGrad(s, vec4(0.5), vec4(0.1), vec4(0.2));",
            "T r = texelFetch(s, ivec4(1), 0);",
            "T r = texelFetch(s, ivec3(1), 0);",
            "T r = textureOffset(s, vec4(0.5), ivec3(1));",
            "T r = textureProj(s, vec4(0.5));",
            "T r = textureGather(s, vec4(0.5));",
            "vec2 r = textureQueryLod(s, vec3(0.5));",
            "int r = textureQueryLevels(s);",
            "T r = textureCube(s, vec3(0.5));");

    /**
     * Statements on a {@code samplerCubeArrayShadow s}. glslang's textureGrad with a reference is
     * left out: csir has no shadow lookup with gradients on any kind yet (the transform IR's
     * samplecmp takes a level, not gradients).
     */
    static final List<String> SHADOW = List.of(
            "float r = texture(s, vec4(0.5, -0.5, 1.0, 2.0), 0.5);",
            "float r = texture(s, vec4(0.5), 1);",
            "float r = texture(s, vec4(0.5));",
            "float r = texture(s, vec4(0.5), 0.5, 1.0);",
            "float r = texture(s, vec3(0.5), 0.5);",
            "float r = textureLod(s, vec4(0.5), 0.5, 0.0);",
            "ivec3 r = textureSize(s, 0);",
            "vec4 r = textureGather(s, vec4(0.5), 0.5);",
            "float r = textureProj(s, vec4(0.5), 0.5);");

    /** Declarations around the use: a parameter, an array of samplers, and a local (which GLSL forbids). */
    static final List<String> DECLARATIONS = List.of(
            "vec4 f(samplerCubeArray t) { return texture(t, vec4(0.5)); }\nvoid main() { vec4 r = f(s); }",
            "uniform samplerCubeArray a[2];\nvoid main() { vec4 r = texture(a[1], vec4(0.5)); }",
            "void main() { samplerCubeArray t = s; }");

    static final String[] VERSIONS = {"110", "130", "150", "330", "400", "450", "460", "100", "300 es", "310 es",
        "320 es"};

    static final String[] EXTENSIONS = {"GL_ARB_texture_cube_map_array", "GL_EXT_texture_cube_map_array",
        "GL_OES_texture_cube_map_array"};

    static String source(String version, String extension, String sampler, String body) {
        boolean es = version.endsWith("es") || version.equals("100");
        StringBuilder s = new StringBuilder("#version ").append(version).append('\n');
        if (extension != null) {
            s.append("#extension ").append(extension).append(" : enable\n");
        }
        if (es) {
            s.append("precision highp float;\nprecision highp int;\nprecision highp ").append(sampler).append(";\n");
        }
        s.append("uniform ").append(sampler).append(" s;\n");
        return s.append(body.startsWith("void") || body.contains("\n") || body.startsWith("vec4 f") ? body
                : "void main() {\n    " + body + "\n}").append('\n').toString();
    }

    static List<String> sources() {
        List<String> bodies = new ArrayList<>();
        List<String> samplers = new ArrayList<>();
        String[][] colour = {{"samplerCubeArray", "vec4"}, {"isamplerCubeArray", "ivec4"},
            {"usamplerCubeArray", "uvec4"}};
        for (String[] k : colour) {
            for (String statement : COLOUR) {
                bodies.add(statement.replace("T r", k[1] + " r"));
                samplers.add(k[0]);
            }
        }
        for (String statement : SHADOW) {
            bodies.add(statement);
            samplers.add("samplerCubeArrayShadow");
        }
        for (String d : DECLARATIONS) {
            bodies.add(d);
            samplers.add("samplerCubeArray");
        }
        List<String> sources = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            for (String v : VERSIONS) {
                sources.add(source(v, null, samplers.get(i), bodies.get(i)));
            }
            for (String v : new String[] {"130", "150", "330", "300 es", "310 es"}) {
                for (String e : EXTENSIONS) {
                    sources.add(source(v, e, samplers.get(i), bodies.get(i)));
                }
            }
        }
        return sources;
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        GlslangAgreement.Tally t = GlslangAgreement.eachStage(getClass().getSimpleName(), sources());
        // both ways are exercised
        assertThat(t.accepted()).isBetween(200, t.probes() - 200);
    }

    static final String VULKAN_HEAD = """
            layout(set = 0, binding = 0) uniform P textureCubeArray t;
            layout(set = 0, binding = 1) uniform P sampler smp;
            layout(set = 0, binding = 2) uniform P samplerShadow sh;
            layout(location = 0) out vec4 c;
            """;

    static final List<String> VULKAN_BODIES = List.of(
            "c = texture(samplerCubeArray(t, smp), vec4(0.5, 0.5, -1.0, 1.0));",
            "c = vec4(texture(samplerCubeArrayShadow(t, sh), vec4(0.5, 0.5, -1.0, 1.0), 0.25));",
            "c = vec4(textureSize(samplerCubeArray(t, smp), 0), 1.0);",
            "c = textureLod(samplerCubeArray(t, smp), vec4(0.5), 1.0);",
            "c = texture(samplerCube(t, smp), vec3(0.5));",
            "c = texture(samplerCubeArray(t, smp), vec3(0.5));",
            "c = vec4(texture(samplerCubeArrayShadow(t, sh), vec4(0.5)));");

    @Test
    void vulkanTexturesAgreeWithGlslangV() throws Exception {
        CompileOptions vulkan = CompileOptions.DEFAULT.withClient(Client.VULKAN);
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        for (String version : new String[] {"450", "310 es", "320 es"}) {
            String head = "#version " + version + "\n"
                    + (version.endsWith("es") ? "precision highp float;\n" : "");
            for (String body : VULKAN_BODIES) {
                String src = head + VULKAN_HEAD.replace("P ", version.endsWith("es") ? "highp " : "") + "void main() {\n    " + body + "\n}\n";
                boolean glslang = Glslang.validate("v.frag", src, true) == null;
                ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "v.frag", src, vulkan);
                accepted += r.ok() ? 1 : 0;
                if (glslang != r.ok()) {
                    disagreements.add(src + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                            + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
                } else if (!r.ok()) {
                    assertThat(r.diagnostics().getFirst().located()).as(src).isTrue();
                }
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(accepted).isGreaterThanOrEqualTo(8);
    }

    @Test
    void aCubeArrayBeforeItsVersionIsAReservedWordAtTheWord() {
        String src = "#version 330\nuniform samplerCubeArray s;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "r.frag", src);
        assertThat(r.ok()).isFalse();
        Diagnostic d = r.diagnostics().getFirst();
        assertThat(d.line()).isEqualTo(2);
        assertThat(d.column()).isEqualTo(9);
        assertThat(d.message()).isEqualTo("'samplerCubeArray' : Reserved word.");
        String enabled = "#version 330\n#extension GL_ARB_texture_cube_map_array : require\n" + src.substring(13);
        assertThat(ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "r.frag", enabled).ok()).isTrue();
    }
}
