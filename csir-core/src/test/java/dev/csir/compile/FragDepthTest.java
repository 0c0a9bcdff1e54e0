package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.exec.Batch;
import dev.csir.exec.BatchShader;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * gl_FragDepth on CSIR: STORE_DEPTH, whose value the interpreter and the batch compiler leave in
 * the output after the colours ({@link Interpreter#depthOutput}) and TGSI writes to a POSITION
 * output's z. (The devices' late depth test is the contract workload {@code gl_FragDepth}.)
 */
class FragDepthTest {
    private static final String SHADER = """
            #version 330 core
            in vec2 uv;
            layout(location = 1) out vec4 second;
            out vec4 c;
            void main() {
                c = vec4(uv, 0.0, 1.0);
                second = vec4(1.0);
                gl_FragDepth = uv.x > 0.5 ? uv.y * 0.5 : 1.0 - uv.y;
            }
            """;

    private static ShaderIr compile() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", SHADER);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    @Test
    void theInterpreterAndTheBatchKeepTheWrittenDepth() {
        ShaderIr ir = compile();
        Interpreter in = Interpreter.of(ir, null);
        assertThat(in.depthOutput()).isEqualTo(Limits.DEFAULT.colorOutputs());
        Frame f = in.newFrame();
        BatchShader shader = BatchShader.of(ir, null);
        Batch b = shader.newBatch();
        float[][] uvs = {{0.25f, 0.75f}, {0.75f, 0.125f}, {0.5f, 1f}, {1f, 0.5f}};
        for (int l = 0; l < uvs.length; l++) {
            float[] uv = uvs[l];
            float expected = uv[0] > 0.5f ? uv[1] * 0.5f : 1f - uv[1];
            f.clearInputs();
            f.varying(0, uv[0], uv[1], 0f, 0f);
            in.run(f);
            assertThat(f.color()[4 * in.depthOutput()]).as("uv " + uv[0] + ", " + uv[1]).isEqualTo(expected);
            b.varying(l, 0, uv[0], uv[1], 0f, 0f);
        }
        shader.run(b, uvs.length);
        for (int l = 0; l < uvs.length; l++) {
            float expected = uvs[l][0] > 0.5f ? uvs[l][1] * 0.5f : 1f - uvs[l][1];
            assertThat(b.at(b.color(), l, in.depthOutput(), 0)).as("lane " + l).isEqualTo(expected);
        }
        ShaderIr plain = ShaderCompiler.compile(Stage.FRAGMENT, "p.frag",
                "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n").ir();
        assertThat(Interpreter.of(plain, null).depthOutput()).isEqualTo(-1);
    }

    @Test
    void tgsiWritesAPositionOutputsZ() {
        String tgsi = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", SHADER).tgsi();
        // colour outputs 0 and 1, then the depth
        assertThat(tgsi).contains("DCL OUT[1], COLOR[1]", "DCL OUT[2], POSITION").containsPattern(
                "MOV OUT\\[2\\]\\.z, TEMP\\[\\d+\\]\\.xxxx\n");
    }

    @Test
    void itNeedsCsiVersion2AndTheFragmentStage() {
        ShaderIr ir = compile();
        assertThat(Csi.version1Problem(ir)).contains("needs CSI version 2");
        CsiResult loaded = Csi.load(Csi.save(ir));
        assertThat(loaded).isInstanceOf(CsiResult.Loaded.class);
        assertThat(((CsiResult.Loaded) loaded).shader()).isEqualTo(ir);
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", SHADER.replace(
                "layout(location = 1) out vec4 second;", "").replace("second = vec4(1.0);", ""),
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(chrisos.log()).contains("d.frag:", "CSIR cannot express the built-in output gl_FragDepth");
        ShaderIr asVertex = new ShaderIr(ir.name(), Stage.VERTEX, ir.code(), ir.immediates(), ir.temps(),
                dev.csir.ir.ShaderInterface.EMPTY);
        assertThat(Verifier.verify(asVertex, Limits.DEFAULT).toString()).contains("color store in a non-fragment shader");
    }
}
