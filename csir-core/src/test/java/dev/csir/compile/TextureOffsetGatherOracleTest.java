package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offset forms of the texture built-ins (textureOffset, texelFetchOffset, textureLodOffset,
 * textureGradOffset, textureProj[Lod|Grad]Offset, textureProjGrad) and the gathers
 * (textureGather with and without a component and with a reference, textureGatherOffset,
 * textureGatherOffsets) and textureQueryLevels and textureQueryLod over every sampler kind of the language, in both stages, every version
 * from 1.30 and ES 3.00 and with the extensions that bring the gathers early, and a set of wrong
 * calls (offsets that are not constant or out of range, components that are not constant or not
 * 0 to 3): accepted by csir's front end exactly where {@code glslangValidator} accepts them, a
 * rejection located. glslang runs once per stage over all the probes.
 */
class TextureOffsetGatherOracleTest {
    /** A sampler kind: its coordinate (with a shadow reference), projective coordinate, offset, gradient, texel and gather coordinates. */
    record Kind(String sampler, String coord, String proj, String offset, String grad, String texel, String gather,
            boolean shadow) {
    }

    static final List<Kind> KINDS = List.of(
            new Kind("sampler2D", "vec2(0.5)", "vec3(0.5)", "ivec2(1, -1)", "vec2(0.1)", "ivec2(1)", "vec2(0.5)", false),
            new Kind("isampler2D", "vec2(0.5)", "vec4(0.5)", "ivec2(1, -1)", "vec2(0.1)", "ivec2(1)", "vec2(0.5)", false),
            new Kind("sampler3D", "vec3(0.5)", "vec4(0.5)", "ivec3(1, -1, 0)", "vec3(0.1)", "ivec3(1)", "vec3(0.5)", false),
            new Kind("samplerCube", "vec3(0.5)", "vec4(0.5)", "ivec3(1)", "vec3(0.1)", "ivec3(1)", "vec3(0.5)", false),
            new Kind("sampler2DArray", "vec3(0.5)", "vec4(0.5)", "ivec2(1, -1)", "vec2(0.1)", "ivec3(1)", "vec3(0.5)",
                    false),
            new Kind("sampler2DShadow", "vec3(0.5)", "vec4(0.5)", "ivec2(1, -1)", "vec2(0.1)", "ivec2(1)", "vec2(0.5)",
                    true),
            new Kind("sampler2DArrayShadow", "vec4(0.5)", "vec4(0.5)", "ivec2(1, -1)", "vec2(0.1)", "ivec3(1)",
                    "vec3(0.5)", true),
            new Kind("samplerCubeShadow", "vec4(0.5)", "vec4(0.5)", "ivec3(1)", "vec3(0.1)", "ivec3(1)", "vec3(0.5)",
                    true));

    static final String OFFSETS = "ivec2[4](ivec2(1, 0), ivec2(0, 1), ivec2(-1, 0), ivec2(0, -2))";

    /** The calls on a kind; the shadow ones' gradient and bias forms are left out (csir has neither for shadow yet). */
    static List<String> calls(Kind k) {
        List<String> calls = new ArrayList<>(List.of(
                "textureOffset(s, " + k.coord() + ", " + k.offset() + ")",
                "textureLodOffset(s, " + k.coord() + ", 0.0, " + k.offset() + ")",
                "texelFetchOffset(s, " + k.texel() + ", 0, " + k.offset() + ")",
                "textureProjOffset(s, " + k.proj() + ", " + k.offset() + ")",
                "textureProjLodOffset(s, " + k.proj() + ", 0.0, " + k.offset() + ")"));
        if (!k.shadow()) {
            calls.add("textureOffset(s, " + k.coord() + ", " + k.offset() + ", 1.0)");
            calls.add("textureProjOffset(s, " + k.proj() + ", " + k.offset() + ", 0.5)");
            calls.add("textureGradOffset(s, " + k.coord() + ", " + k.grad() + ", " + k.grad() + ", " + k.offset() + ")");
            calls.add("textureProjGrad(s, " + k.proj() + ", " + k.grad() + ", " + k.grad() + ")");
            calls.add("textureProjGradOffset(s, " + k.proj() + ", " + k.grad() + ", " + k.grad() + ", " + k.offset()
                    + ")");
            calls.add("textureGather(s, " + k.gather() + ")");
            calls.add("textureGather(s, " + k.gather() + ", 2)");
            calls.add("textureGatherOffset(s, " + k.gather() + ", ivec2(1, -2))");
            calls.add("textureGatherOffset(s, " + k.gather() + ", ivec2(1, -2), 3)");
            calls.add("textureGatherOffsets(s, " + k.gather() + ", " + OFFSETS + ")");
            calls.add("textureGatherOffsets(s, " + k.gather() + ", " + OFFSETS + ", 1)");
        } else {
            calls.add("textureGather(s, " + k.gather() + ", 0.5)");
            calls.add("textureGatherOffset(s, " + k.gather() + ", 0.5, ivec2(1, -2))");
            calls.add("textureGatherOffsets(s, " + k.gather() + ", 0.5, " + OFFSETS + ")");
        }
        calls.add("textureQueryLevels(s)");
        calls.add("textureQueryLod(s, " + k.grad() + ").xyxy");
        if (k.sampler().equals("sampler2D")) {
            calls.add("textureProjOffset(s, vec4(0.5), ivec2(1))");
            calls.add("textureProjGrad(s, vec4(0.5), vec2(0.1), vec2(0.1))");
        }
        return calls;
    }

    /** Wrong and borderline calls on a sampler2D (and its uniforms u, o, os, k). */
    static final List<String> FORMS = List.of(
            "textureOffset(s, vec2(0.5), o)",
            "textureOffset(s, vec2(0.5), ivec2(8, 0))",
            "textureOffset(s, vec2(0.5), ivec2(0, -9))",
            "textureOffset(s, vec2(0.5), ivec2(7, -8))",
            "textureOffset(s, vec2(0.5), k)",
            "textureOffset(s, vec2(0.5), -k)",
            "textureOffset(s, vec2(0.5), ivec2(2))",
            "textureOffset(s, vec2(0.5), vec2(1.0))",
            "textureOffset(s, vec2(0.5), ivec3(1))",
            "textureOffset(s, vec2(0.5))",
            "texelFetchOffset(s, ivec2(1), 0, o)",
            "texelFetchOffset(s, ivec2(1), 0, ivec2(-8, 7))",
            "textureLodOffset(s, vec2(0.5), 0.0, ivec2(9))",
            "textureGather(s, vec2(0.5), u)",
            "textureGather(s, vec2(0.5), 4)",
            "textureGather(s, vec2(0.5), -1)",
            "textureGather(s, vec2(0.5), 1.0)",
            "textureGather(s, vec2(0.5), 1, 2)",
            "textureGatherOffset(s, vec2(0.5), o)",
            "textureGatherOffset(s, vec2(0.5), ivec2(20, -30))",
            "textureGatherOffset(s, vec2(0.5), o, u)",
            "textureGatherOffsets(s, vec2(0.5), os)",
            "textureGatherOffsets(s, vec2(0.5), ivec2[4](o, o, o, o))");

    static final String[] VERSIONS = {"130", "140", "150", "330", "400", "430", "460", "300 es", "310 es", "320 es"};

    static final String[] EXTENSIONS = {"GL_ARB_texture_gather", "GL_ARB_gpu_shader5", "GL_EXT_gpu_shader5",
        "GL_OES_gpu_shader5"};

    static String source(String version, String extension, String sampler, String call) {
        boolean es = version.endsWith("es");
        StringBuilder s = new StringBuilder("#version ").append(version).append('\n');
        if (extension != null) {
            s.append("#extension ").append(extension).append(" : enable\n");
        }
        if (es) {
            s.append("precision highp float;\nprecision highp int;\n");
            s.append("precision highp ").append(sampler).append(";\n");
        }
        s.append("uniform ").append(sampler).append(" s;\n");
        s.append("uniform int u;\nuniform ivec2 o;\nuniform ivec2 os[4];\nconst ivec2 k = ivec2(1, -1);\n");
        return s.append("void main() {\n    vec4 r = vec4(").append(call).append(");\n}\n").toString();
    }

    static List<String> sources() {
        List<String> sources = new ArrayList<>();
        for (Kind k : KINDS) {
            for (String call : calls(k)) {
                for (String v : VERSIONS) {
                    sources.add(source(v, null, k.sampler(), call));
                }
                if (call.startsWith("textureGather")) {
                    for (String v : new String[] {"130", "330", "310 es"}) {
                        for (String e : EXTENSIONS) {
                            sources.add(source(v, e, k.sampler(), call));
                        }
                    }
                }
            }
        }
        for (String call : FORMS) {
            for (String v : new String[] {"130", "400", "460", "310 es", "320 es"}) {
                sources.add(source(v, null, "sampler2D", call));
            }
            sources.add(source("310 es", "GL_EXT_gpu_shader5", "sampler2D", call));
        }
        return sources;
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> sources = sources();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.FRAGMENT, ShaderStage.VERTEX}) {
            boolean[] glslang = Glslang.validateEach(sources, stage == ShaderStage.FRAGMENT ? "frag" : "vert");
            for (int i = 0; i < sources.size(); i++) {
                String src = sources.get(i);
                ModuleResult r = ShaderCompiler.compileModule(stage, "a." + stage, src);
                accepted += r.ok() ? 1 : 0;
                if (r.ok() != glslang[i]) {
                    disagreements.add(stage + " " + src + ": glslang " + (glslang[i] ? "accepts" : "rejects") + ", csir "
                            + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
                } else if (!r.ok()) {
                    assertThat(r.diagnostics().getFirst().line()).as(src).isGreaterThan(0);
                }
            }
        }
        assertThat(disagreements).as(disagreements.size() + " of " + 2 * sources.size()).isEmpty();
        // both ways are exercised
        assertThat(sources).hasSizeGreaterThan(1000);
        assertThat(accepted).isBetween(500, 2 * sources.size() - 500);
    }

    @Test
    void anOffsetThatIsNotConstantIsReportedAtTheArgument() {
        String src = "#version 460\nuniform sampler2D s;\nuniform ivec2 o;\nout vec4 c;\n"
                + "void main() {\n    c = textureOffset(s, vec2(0.5), o) + textureGather(s, vec2(0.5), 1 + int(o.x));\n}\n";
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "o.frag", src);
        assertThat(r.ok()).isFalse();
        List<Diagnostic> d = r.diagnostics();
        assertThat(d).hasSize(2);
        assertThat(d.get(0).line()).isEqualTo(6);
        assertThat(d.get(0).column()).isEqualTo(37);
        assertThat(d.get(0).message()).isEqualTo("a texel offset must be a constant expression");
        assertThat(d.get(1).column()).isEqualTo(72);
        assertThat(d.get(1).message()).isEqualTo("textureGather's component must be a constant 0, 1, 2 or 3");
    }
}
