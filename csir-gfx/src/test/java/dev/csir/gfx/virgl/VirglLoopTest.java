package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.testing.VirglFixture;
import dev.csir.link.LinkedProgram;
import dev.csir.opt.Optimizer;
import dev.csir.testing.LoopShaders;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fragment shaders with loops, BREAK and CONTINUE (lowered to a flag) are accepted by the real
 * virglrenderer, and draw the colour the interpreter computes for them: their loop bounds come
 * from the interpolated colour, so the host GPU (llvmpipe) really iterates.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglLoopTest {
    private static final int W = 32;
    private static final int H = 32;
    private static final int TOLERANCE = 2;
    private static final VertexLayout POS4_COL4 = VertexLayout.of(8, new VertexAttribute(0, 4, 0),
            new VertexAttribute(1, 4, 4));

    private static VirglServer server;
    private static VirglDevice device;

    @BeforeAll
    static void start() throws GfxException {
        server = VirglFixture.startServer();
        device = VirglDevice.open(server, "VirglLoopTest", VirglFixture.TIMEOUT);
        device.target(W, H);
    }

    @AfterAll
    static void stop() {
        if (device != null) {
            device.close();
        }
        if (server != null) {
            server.close();
        }
    }

    static Stream<String> cases() {
        return LoopShaders.all().stream().map(LoopShaders.Case::name);
    }

    private static LoopShaders.Case named(String name) {
        return LoopShaders.all().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    /** A triangle over the centre whose three vertices all carry the colour (0.5, 0.5, 0.5, 1). */
    private static Mesh greyTriangle() {
        float[][] pos = {{-0.9f, -0.9f}, {0.9f, -0.9f}, {0f, 0.9f}};
        float[] v = new float[24];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(new float[] {pos[i][0], pos[i][1], 0, 1, 0.5f, 0.5f, 0.5f, 1}, 0, v, i * 8, 8);
        }
        return new Mesh(v, POS4_COL4);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void loopShaderIsAcceptedAndDrawsTheInterpretersColour(String name) throws GfxException {
        LoopShaders.Case c = named(name);
        LinkedProgram tri = TestPrograms.colouredTriangle();
        for (var form : List.of(c.ir(), Optimizer.optimize(c.ir()))) {
            LinkedProgram p = new LinkedProgram(tri.vertex(), form.withName(name + ".frag"), tri.remap(),
                    tri.iface(), tri.generation(), tri.limits());
            String text = ((TgsiResult.Ok) TgsiEmitter.emit(p.fragment(), p.remap())).text();
            assertThat(text).contains("BGNLOOP").contains("ENDLOOP").doesNotContain("CONT");

            Interpreter in = p.interpreter(dev.csir.ir.Stage.FRAGMENT);
            Frame f = in.newFrame();
            f.varying(0, 0.5f, 0.5f, 0.5f, 1f);
            assertThat(in.run(f)).isEqualTo(Status.OK);
            assertThat(f.color()).containsExactly(c.expected());

            int before = device.connections();
            device.clear(0, 0, 0, 1, 1);
            // the draw checks acceptance (a round trip) and the host's GLSL compile (the canary)
            device.draw(p, p.newUniforms(), greyTriangle(), DrawState.FLAT);
            dev.csir.gfx.Frame shot = device.readback();
            assertThat(device.connections()).as("no reconnect was needed").isEqualTo(before);
            int[] px = shot.channels(W / 2, H / 2);
            for (int lane = 0; lane < 4; lane++) {
                int want = Math.round(f.color()[lane] * 255f);
                assertThat(px[lane]).as("%s lane %d: drawn %s, interpreter %s", name, lane,
                        java.util.Arrays.toString(px), java.util.Arrays.toString(f.color()))
                        .isBetween(want - TOLERANCE, want + TOLERANCE);
            }
            assertThat(shot.channels(0, 0)).as("outside the triangle: the clear colour").containsExactly(0, 0, 0, 255);
        }
    }
}
