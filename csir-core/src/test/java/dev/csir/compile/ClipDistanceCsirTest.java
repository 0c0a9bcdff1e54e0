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
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.link.Program;
import dev.csir.verify.Verifier;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gl_ClipDistance on CSIR: clip-distance symbols at varying slots of their own (four distances
 * to a slot), written by STORE_VAR and read back by LOAD_VAR; the interpreter and the batch
 * compiler carry them bit for bit alike, TGSI declares them CLIPDIST with the distances' write
 * masks, CSI version 2 keeps them and version 1 and the ChrisOS profile refuse them by name.
 * (The rasterizers' clipping is the contract workload {@code gl_ClipDistance}.)
 */
class ClipDistanceCsirTest {
    private static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec4 p;
            out vec2 uv;
            out float gl_ClipDistance[6];
            void main() {
                gl_Position = p;
                uv = p.zw;
                for (int k = 0; k < 6; k++) {
                    gl_ClipDistance[k] = p.x * float(k) - p.y;
                }
            }
            """;
    private static final String FRAGMENT = """
            #version 330 core
            in vec2 uv;
            in float gl_ClipDistance[6];
            uniform int pick;
            out vec4 c;
            void main() {
                c = vec4(gl_ClipDistance[1], gl_ClipDistance[5], gl_ClipDistance[pick], uv.x);
            }
            """;

    private static ShaderIr compile(Stage stage, String source) {
        CompileResult r = ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "c.vert" : "c.frag", source);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    @Test
    void theirOwnSlotsFourDistancesToASlot() {
        ShaderIr v = compile(Stage.VERTEX, VERTEX);
        List<InterfaceVar> clip = v.iface().clipDistances();
        assertThat(clip).extracting(InterfaceVar::name).containsExactly("gl_ClipDistance", "gl_ClipDistance4");
        assertThat(clip).extracting(InterfaceVar::type).containsExactly(Type.VEC4, Type.VEC2);
        assertThat(clip).extracting(InterfaceVar::slot).containsExactly(1, 2); // after uv's slot 0
        assertThat(v.iface().clipDistanceCount()).isEqualTo(6);
        assertThat(v.iface().varHi()).isEqualTo(2);
        assertThat(Verifier.verify(v, Limits.DEFAULT).isEmpty()).isTrue();
    }

    @Test
    void theInterpreterAndTheBatchCarryThemAlike() {
        ShaderIr v = compile(Stage.VERTEX, VERTEX);
        Interpreter in = Interpreter.of(v, null);
        Frame f = in.newFrame();
        BatchShader shader = BatchShader.of(v, null);
        Batch b = shader.newBatch();
        float[][] points = {{0.5f, 0.25f, 0f, 0f}, {-1.5f, 2f, 0f, 0f}, {0.125f, -0.75f, 0f, 0f}};
        float[][] written = new float[points.length][];
        for (int l = 0; l < points.length; l++) {
            float[] q = points[l];
            f.clearInputs();
            f.attribute(0, q[0], q[1], q[2], 1f);
            in.run(f);
            written[l] = f.varyingsOut().clone();
            for (int k = 0; k < 6; k++) {
                float expected = q[0] * k - q[1];
                assertThat(f.varyingsOut()[4 + 4 * (k / 4) + k % 4]).as("distance %d of point %d", k, l)
                        .isEqualTo(expected);
            }
            assertThat(f.varyingsOut()[4 * 2 + 2]).as("past the last distance").isZero();
            b.attribute(l, 0, q[0], q[1], q[2], 1f);
        }
        shader.run(b, points.length);
        for (int l = 0; l < points.length; l++) {
            for (int slot = 1; slot <= 2; slot++) {
                for (int c = 0; c < 4; c++) {
                    assertThat(Float.floatToRawIntBits(b.at(b.varyingsOut(), l, slot, c)))
                            .as("lane %d slot %d.%d", l, slot, c)
                            .isEqualTo(Float.floatToRawIntBits(written[l][4 * slot + c]));
                }
            }
        }
    }

    @Test
    void theFragmentStageReadsThemInterpolated() {
        ShaderIr fr = compile(Stage.FRAGMENT, FRAGMENT);
        assertThat(fr.iface().clipDistances()).extracting(InterfaceVar::slot).containsExactly(1, 2);
        Interpreter in = Interpreter.of(fr, null);
        BatchShader shader = BatchShader.of(fr, null);
        for (int pick = 0; pick < 6; pick++) {
            Frame f = in.newFrame();
            Batch b = shader.newBatch();
            f.uniform(0, pick, 0, 0, 0);
            b.uniform(0, pick, 0, 0, 0);
            f.varying(0, 0.5f, 0f, 0f, 0f).varying(1, 10f, 11f, 12f, 13f).varying(2, 14f, 15f, 0f, 0f);
            b.varying(0, 0, 0.5f, 0f, 0f, 0f).varying(0, 1, 10f, 11f, 12f, 13f).varying(0, 2, 14f, 15f, 0f, 0f);
            in.run(f);
            shader.run(b, 1);
            float[] expected = {11f, 15f, 10f + pick, 0.5f};
            for (int c = 0; c < 4; c++) {
                assertThat(f.color()[c]).as("pick %d, channel %d", pick, c).isEqualTo(expected[c]);
                assertThat(b.at(b.color(), 0, 0, c)).as("batch, pick %d, channel %d", pick, c).isEqualTo(expected[c]);
            }
        }
    }

    @Test
    void tgsiDeclaresThemClipdistWithTheirWriteMasks() {
        String vertex = ShaderCompiler.compile(Stage.VERTEX, "c.vert", VERTEX).tgsi();
        assertThat(vertex).contains("DCL OUT[1], GENERIC[0]\n", "DCL OUT[2], CLIPDIST[0]\n", "DCL OUT[3], CLIPDIST[1]\n",
                "PROPERTY NUM_CLIPDIST_ENABLED 6\n").containsPattern("MOV OUT\\[2\\]\\.xyzw, TEMP\\[\\d+\\]\n")
                .containsPattern("MOV OUT\\[3\\]\\.xy, TEMP\\[\\d+\\]\n");
        String fragment = ShaderCompiler.compile(Stage.FRAGMENT, "c.frag", FRAGMENT).tgsi();
        assertThat(fragment).contains("DCL IN[0], GENERIC[0], PERSPECTIVE\n", "DCL IN[1], CLIPDIST[0], PERSPECTIVE\n",
                "DCL IN[2], CLIPDIST[1], PERSPECTIVE\n");
        String plain = ShaderCompiler.compile(Stage.VERTEX, "p.vert",
                "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n").tgsi();
        assertThat(plain).doesNotContain("CLIPDIST", "NUM_CLIPDIST_ENABLED");
    }

    @Test
    void csiVersion2KeepsThemAndVersion1AndChrisOsRefuseThem() {
        for (ShaderIr ir : List.of(compile(Stage.VERTEX, VERTEX), compile(Stage.FRAGMENT, FRAGMENT))) {
            CsiResult loaded = Csi.load(Csi.save(ir));
            assertThat(loaded).isInstanceOf(CsiResult.Loaded.class);
            assertThat(((CsiResult.Loaded) loaded).shader()).isEqualTo(ir);
            assertThat(Csi.version1Problem(ir)).contains("clip distances need CSI version 2", "gl_ClipDistance");
        }
        CompileResult chrisos = ShaderCompiler.compile(Stage.VERTEX, "c.vert",
                "#version 330 core\nvoid main() {\n    gl_Position = vec4(0.0);\n    gl_ClipDistance[0] = 1.0;\n}\n",
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(chrisos.ok()).isFalse();
        assertThat(chrisos.log()).contains("c.vert:4:", "CSIR cannot express gl_ClipDistance", "CSI version 1");
    }

    @Test
    void linkingMatchesTheFragmentsDistancesToTheVertexOnes() {
        Program p = new Program();
        p.attach(ShaderCompiler.compile(Stage.VERTEX, "c.vert", VERTEX).ir());
        p.attach(compile(Stage.FRAGMENT, "#version 330 core\nout vec4 c;\n"
                + "void main() { c = vec4(gl_ClipDistance[4]); }\n"));
        assertThat(p.link()).as(String.join("\n", p.log())).isTrue();
        // the fragment's distances 4-7 at its slot 1 read the vertex stage's slot 2
        assertThat(p.linked().orElseThrow().remap()[1]).isEqualTo(2);
        Program tooMany = new Program();
        tooMany.attach(compile(Stage.VERTEX, "#version 330 core\nvoid main() { gl_Position = vec4(0.0); "
                + "gl_ClipDistance[1] = 1.0; }\n"));
        tooMany.attach(compile(Stage.FRAGMENT, "#version 330 core\nout vec4 c;\n"
                + "void main() { c = vec4(gl_ClipDistance[2]); }\n"));
        assertThat(tooMany.link()).isFalse();
        assertThat(String.join("\n", tooMany.log())).contains("reads 3 clip distances and the vertex shader writes 2");
    }
}
