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
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.verify.Verifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gl_FrontFacing on CSIR: LOAD_SYSVAL's fragment system value, a bool; the interpreter and the
 * batch compiler read what the rasterizer set, TGSI reads a FACE input. (The devices' facing is
 * the contract workload {@code gl_FrontFacing}.)
 */
class FrontFacingTest {
    private static final String SHADER = """
            #version 330 core
            in vec2 uv;
            out vec4 c;
            void main() {
                bool front = gl_FrontFacing;
                float f = float(front);
                c = front ? vec4(uv, f, 1.0) : vec4(0.25, f, uv.y, 0.5);
                if (!gl_FrontFacing && uv.x > 0.5) {
                    c.w = 0.75;
                }
            }
            """;

    private static ShaderIr compile() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "f.frag", SHADER);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    private static float[] expected(boolean front, float u, float v) {
        return front ? new float[] {u, v, 1f, 1f} : new float[] {0.25f, 0f, v, u > 0.5f ? 0.75f : 0.5f};
    }

    @Test
    void theInterpreterAndTheBatchReadTheFacing() {
        ShaderIr ir = compile();
        Interpreter in = Interpreter.of(ir, null);
        Frame f = in.newFrame();
        BatchShader shader = BatchShader.of(ir, null);
        Batch b = shader.newBatch();
        float[][] uvs = {{0.25f, 0.75f}, {0.75f, 0.125f}, {0.5f, 1f}, {1f, 0f}};
        int lane = 0;
        for (boolean front : new boolean[] {true, false}) {
            for (float[] uv : uvs) {
                f.clearInputs();
                f.varying(0, uv[0], uv[1], 0f, 0f).frontFacing(front);
                in.run(f);
                assertThat(f.color()).as(front + " " + uv[0]).startsWith(expected(front, uv[0], uv[1]));
                b.varying(lane, 0, uv[0], uv[1], 0f, 0f).frontFacing(lane, front);
                lane++;
            }
        }
        shader.run(b, lane);
        for (int l = 0; l < lane; l++) {
            float[] e = expected(l < uvs.length, uvs[l % uvs.length][0], uvs[l % uvs.length][1]);
            for (int c = 0; c < 4; c++) {
                assertThat(b.at(b.color(), l, 0, c)).as("lane " + l + " component " + c).isEqualTo(e[c]);
            }
        }
    }

    @Test
    void tgsiReadsAFaceInput() {
        String tgsi = ShaderCompiler.compile(Stage.FRAGMENT, "f.frag", SHADER).tgsi();
        // uv takes IN[0], so FACE the next free register
        assertThat(tgsi).contains("DCL IN[1], FACE, CONSTANT", "MOV TEMP[").contains(", IN[1].xxxx\n").containsPattern(
                "SLT (TEMP\\[\\d+\\]), -\\1, \\1\n");
        String withCoord = ShaderCompiler.compile(Stage.FRAGMENT, "g.frag", """
                #version 330 core
                out vec4 c;
                void main() { c = gl_FrontFacing ? gl_FragCoord : vec4(0.0); }
                """).tgsi();
        assertThat(withCoord).contains("DCL IN[7], POSITION", "DCL IN[0], FACE, CONSTANT");
    }

    @Test
    void itNeedsCsiVersion2AndTheFragmentStage() {
        ShaderIr ir = compile();
        assertThat(Csi.version1Problem(ir)).contains("needs CSI version 2");
        CsiResult loaded = Csi.load(Csi.save(ir));
        assertThat(loaded).isInstanceOf(CsiResult.Loaded.class);
        assertThat(((CsiResult.Loaded) loaded).shader()).isEqualTo(ir);
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "f.frag", SHADER,
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(chrisos.log()).contains("f.frag:", "CSIR cannot express gl_FrontFacing");

        int at = 0;
        while (ir.insn(at).op() != Opcode.LOAD_SYSVAL.code()) {
            at++;
        }
        Insn load = ir.insn(at);
        assertThat(load.aux()).isEqualTo(Opcode.SYSVAL_FRONT_FACING);
        assertThat(problems(ir, at, new Insn(load.op(), Type.INT32.code(), load.ncomp(), load.dst(), -1, -1, -1,
                load.aux(), 0))).contains("front facing load without the bool type");
        assertThat(problems(ir, at, new Insn(load.op(), load.ty(), load.ncomp(), load.dst(), -1, -1, -1,
                Opcode.SYSVALS, 0))).contains("invalid system value");
        ShaderIr asVertex = new ShaderIr(ir.name(), Stage.VERTEX, ir.code(), ir.immediates(), ir.temps(),
                dev.csir.ir.ShaderInterface.EMPTY);
        assertThat(Verifier.verify(asVertex, Limits.DEFAULT).toString()).contains("system value load in the wrong stage");
    }

    private static String problems(ShaderIr ir, int at, Insn replacement) {
        List<Insn> code = new ArrayList<>(ir.code());
        code.set(at, replacement);
        return Verifier.verify(new ShaderIr(ir.name(), ir.stage(), code, ir.immediates(), ir.temps(), ir.iface()),
                Limits.DEFAULT).toString();
    }
}
