package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The texture built-ins (GLSL 4.60 8.9): on a sampler2D the interpreter computes the evaluator's
 * values, and CSIR carries a bias, {@code textureSize}, {@code textureLod}, {@code textureGrad}
 * and {@code texelFetch} as SAMPLE_BIAS (38), TEXSIZE (39), SAMPLE_LOD (40), SAMPLE_GRAD (41) and
 * FETCH (42), CSI version 2 only, TGSI TXB, TXQ, TXL, TXD and TXF ({@code textureProj} divides
 * first); over every sampler type csir accepts them where glslang does, and SPIR-V takes them.
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
            "c = texture(t, k.xy * vec2(textureSize(t, 0)) / 4.0, -0.5);",
            "c = textureLod(t, k.xy, k.z) + textureLod(t, k.zw, 2);",
            "c = textureGrad(t, k.xy, k.zw, vec2(0.5, k.x));",
            "c = textureProj(t, vec3(k.xy, 2.0)) + textureProj(t, k, 0.5) + textureProjLod(t, k.xyz, 1.0);",
            "c = texelFetch(t, ivec2(k.xy * 3.0), 0) + texelFetch(t, ivec2(int(k.z), 5), 0) + texelFetch(t, ivec2(1), 1);");


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
        assertThat(List.of(Opcode.SAMPLE_BIAS.code(), Opcode.TEXSIZE.code(), Opcode.SAMPLE_LOD.code(),
                Opcode.SAMPLE_GRAD.code(), Opcode.FETCH.code())).containsExactly(38, 39, 40, 41, 42);
        CompileResult lookups = ShaderCompiler.compile(Stage.FRAGMENT, "l.frag", fragment(BODIES.get(5) + BODIES.get(6)
                .replace("c =", "c +=") + BODIES.get(8).replace("c =", "c +=")));
        assertThat(lookups.ok()).as(lookups.log()).isTrue();
        assertThat(lookups.tgsi()).contains("TXL TEMP[", "TXD TEMP[", "TXF TEMP[");
        assertThat(Csi.version1Problem(lookups.ir())).contains("needs CSI version 2");
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
        check(disagreements, dev.csir.testing.TextureForms.EVERY_SAMPLER, ShaderStage.FRAGMENT);
        String samplers = "uniform samplerCube q;\nuniform sampler3D v;\nuniform sampler2DShadow h;\nuniform sampler2DArray a;\n"
                + "uniform isampler2D n;\nin vec3 d;\nout vec4 c;\nvoid main() {\n";
        for (String body : List.of("c = texture(q, d.xy);", "c = texelFetch(q, ivec3(d), 0);", "c = textureProj(q, vec4(d, 1.0));",
                "c = vec4(texture(h, d.xy));", "c = texture(h, d);", "c = texture(v, d, 1.0, 2.0);",
                "c = vec4(texture(n, d.xy));", "c = texture(n, d.xy);", "c = vec4(texelFetch(a, ivec3(d), 0));",
                "c = textureGrad(a, d, d.xy, d.xy);", "c = vec4(textureSize(q, 0), 0.0, 0.0);",
                "c = vec4(textureSize(a, 0), 0.0);", "c = textureLod(v, d, 1);", "c = texture2D(q, d.xy);")) {
            check(disagreements, "#version 330\n" + samplers + body + "\n}\n", ShaderStage.FRAGMENT);
        }
        // the 1.10 forms where the version has them; the 1.30 samplers are names before 1.30
        for (String version : List.of("#version 110", "#version 120", "#version 130", "#version 330 core", "#version 100",
                "#version 300 es")) {
            // ES has no default precision for these samplers
            String es = version.endsWith("es") ? "precision mediump float;\nprecision lowp sampler2DShadow;\n"
                    + "precision lowp sampler2DArray;\nprecision lowp sampler3D;\n"
                    : version.endsWith("100") ? "precision mediump float;\n" : "";
            String out = version.endsWith("core") || version.endsWith("es") ? "out vec4 c;\n" : "";
            String colour = out.isEmpty() ? "gl_FragColor" : "c";
            for (String body : List.of("uniform samplerCube q;\nvoid main() { " + colour + " = textureCube(q, vec3(1.0)); }",
                    "uniform sampler3D v;\nvoid main() { " + colour + " = texture3D(v, vec3(1.0)); }",
                    "uniform sampler2D t;\nvoid main() { " + colour + " = texture2DProj(t, vec3(1.0)) + texture2D(t, vec2(0.5), 1.0); }",
                    "uniform sampler2D t;\nvoid main() { " + colour + " = textureLod(t, vec2(0.5), 0.0) + texture(t, vec2(0.5)); }",
                    "float sampler2DArray = 1.0;\nvoid main() { " + colour + " = vec4(sampler2DArray); }",
                    "float isampler2D = 1.0;\nvoid main() { " + colour + " = vec4(isampler2D); }",
                    "uniform sampler2DShadow h;\nvoid main() { " + colour + " = vec4(1.0); }",
                    "uniform sampler2DArray a;\nvoid main() { " + colour + " = texture(a, vec3(1.0)); }")) {
                check(disagreements, version + "\n" + es + out + body + "\n", ShaderStage.FRAGMENT);
            }
            check(disagreements, version + "\n" + es + "uniform sampler2D t;\nuniform samplerCube q;\n"
                    + "void main() { gl_Position = texture2DLod(t, vec2(0.5), 1.0) + textureCubeLod(q, vec3(1.0), 0.0); }\n",
                    ShaderStage.VERTEX);
        }
        assertThat(disagreements).isEmpty();
    }

    private static void check(List<String> disagreements, String src, ShaderStage stage) throws Exception {
        GlslangAgreement.check(disagreements, stage, src);
    }
}
