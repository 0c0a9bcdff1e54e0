package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The multisample samplers ({@code sampler2DMS}, {@code isampler2DMS}, {@code usampler2DMS} and
 * their arrays) with {@code texelFetch} by sample and {@code textureSize}, in both stages, every
 * version and with the extensions that bring them early, and the lookups they do not have:
 * accepted by csir's front end exactly where {@code glslangValidator} accepts them, a rejection
 * located; declared with and without a precision in ES. (A fetch at gl_SampleID is left out:
 * csir has no per-sample shading, so no gl_SampleID.)
 */
class MultisampleSamplerOracleTest {
    /** Statements on {@code s}; {@code T} the texel vector, {@code P} the texel coordinate, {@code Z} textureSize's type. */
    static final List<String> STATEMENTS = List.of(
            "T r = texelFetch(s, P(1), 3);",
            "Z r = textureSize(s);",
            "Z r = textureSize(s, 0);",
            "T r = texelFetch(s, P(1));",
            "T r = texelFetch(s, P(1), 1.0);",
            "T r = texture(s, vec2(0.5));",
            "T r = texture(s, vec3(0.5));",
            "T r = textureLod(s, vec2(0.5), 0.0);",
            "T r = texelFetchOffset(s, P(1), 0, ivec2(1));",
            "T r = textureGather(s, vec2(0.5));",
            "int r = textureQueryLevels(s);");

    static final String[] VERSIONS = {"110", "130", "140", "150", "330", "400", "450", "100", "300 es", "310 es",
        "320 es"};

    static final String[] EXTENSIONS = {"GL_ARB_texture_multisample", "GL_OES_texture_storage_multisample_2d_array"};

    static String source(String version, String extension, String sampler, String body, boolean precision) {
        boolean es = version.endsWith("es") || version.equals("100");
        StringBuilder s = new StringBuilder("#version ").append(version).append('\n');
        if (extension != null) {
            s.append("#extension ").append(extension).append(" : enable\n");
        }
        if (es) {
            s.append("precision highp float;\nprecision highp int;\n");
            if (precision) {
                s.append("precision highp ").append(sampler).append(";\n");
            }
        }
        s.append("uniform ").append(sampler).append(" s;\n");
        return s.append("void main() {\n    ").append(body).append("\n}\n").toString();
    }

    static List<String> sources() {
        String[][] kinds = {{"sampler2DMS", "vec4"}, {"isampler2DMS", "ivec4"}, {"usampler2DMS", "uvec4"},
            {"sampler2DMSArray", "vec4"}, {"usampler2DMSArray", "uvec4"}};
        List<String> sources = new ArrayList<>();
        for (String[] k : kinds) {
            boolean array = k[0].endsWith("Array");
            for (String statement : STATEMENTS) {
                String body = statement.replace("T r", k[1] + " r").replace("P(1)", array ? "ivec3(1)" : "ivec2(1)")
                        .replace("Z r", array ? "ivec3 r" : "ivec2 r");
                if (array) {
                    body = body.replace("vec2(0.5)", "vec3(0.5)");
                }
                for (String v : VERSIONS) {
                    sources.add(source(v, null, k[0], body, true));
                }
                for (String v : new String[] {"130", "140", "300 es", "310 es"}) {
                    for (String e : EXTENSIONS) {
                        sources.add(source(v, e, k[0], body, true));
                    }
                }
                sources.add(source("310 es", null, k[0], body, false));
                sources.add(source("320 es", null, k[0], body, false));
            }
        }
        return sources;
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        GlslangAgreement.Tally t = GlslangAgreement.eachStage(getClass().getSimpleName(), sources());
        assertThat(t.accepted()).isBetween(100, t.probes() - 100);
    }

    @Test
    void es300ReservesTheWordAndAWrongLookupIsLocatedAtTheCall() {
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "m.frag",
                "#version 300 es\nprecision highp float;\nuniform highp sampler2DMS s;\nvoid main() { }\n");
        assertThat(r.ok()).isFalse();
        Diagnostic d = r.diagnostics().getFirst();
        assertThat(d.line()).isEqualTo(3);
        assertThat(d.column()).isEqualTo(15);
        assertThat(d.message()).isEqualTo("'sampler2DMS' : Reserved word.");
        ModuleResult lookup = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "m.frag",
                "#version 450\nuniform sampler2DMS s;\nout vec4 c;\nvoid main() {\n    c = texture(s, vec2(0.5));\n}\n");
        assertThat(lookup.ok()).isFalse();
        assertThat(lookup.diagnostics().getFirst().line()).isEqualTo(5);
        assertThat(lookup.diagnostics().getFirst().column()).isEqualTo(9);
    }
}
