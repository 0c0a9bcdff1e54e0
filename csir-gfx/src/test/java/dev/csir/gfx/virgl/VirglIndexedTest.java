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
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fragment shaders that index at run time (a local array written and read in a loop, a uniform
 * array, a matrix element and a vector lane, an array of structs) are accepted by the real
 * virglrenderer as their TGSI (register arrays, ADDR[0], indirect TEMP and CONST operands) and
 * draw the colour the interpreter computes: the indexes come from uniforms, so the host GPU
 * really addresses at run time.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglIndexedTest {
    private static final int W = 32;
    private static final int H = 32;
    private static final int TOLERANCE = 2;
    private static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec4 position;
            void main() { gl_Position = position; }
            """;

    private static VirglServer server;
    private static VirglDevice device;

    /** A shader, and the uniforms it declares (each must be set, so the host really indexes them). */
    record Case(String name, String fragment, List<String> declares) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(new Case("local array in a loop", """
                #version 330 core
                uniform int k;
                uniform int n;
                out vec4 c;
                void main() {
                    float arr[8];
                    for (int i = 0; i < n; i++) arr[i] = float(i) * 0.1;
                    arr[k] = 0.9;
                    c = vec4(arr[k], arr[k - 1], arr[(k + 2) % n], 1.0);
                }
                """, List.of("k", "n")), new Case("uniform array", """
                #version 330 core
                uniform vec4 pal[6];
                uniform int k;
                uniform int n;
                out vec4 c;
                void main() {
                    vec4 sum = vec4(0.0);
                    for (int i = 0; i < n; i++) sum += pal[i] * 0.2;
                    c = vec4(sum.rgb * 0.5 + pal[k].rgb * 0.5, pal[k - 1][k - 2]);
                }
                """, List.of("k", "n", "pal[0]", "pal[5]")), new Case("matrix element and vector lane", """
                #version 330 core
                uniform mat4 m;
                uniform int k;
                out vec4 c;
                void main() {
                    mat4 local = m;
                    local[k][k - 1] = 0.75;
                    vec4 v = vec4(0.1, 0.2, 0.3, 0.4);
                    v[k - 2] = local[k][k - 1] - m[k - 1][k];
                    c = vec4(local[k].x, v[k - 2], v[k], m[k][k - 3]);
                }
                """, List.of("k", "m")), new Case("array of structs", """
                #version 330 core
                struct Light { vec3 colour; float power; };
                uniform Light lights[3];
                uniform int k;
                out vec4 c;
                void main() {
                    Light copy[3];
                    for (int i = 0; i < 3; i++) { copy[i].colour = lights[i].colour; copy[i].power = lights[i].power; }
                    copy[k - 1].power = 0.5;
                    c = vec4(copy[k - 2].colour * copy[k - 1].power, lights[k - 1].power);
                }
                """, List.of("k", "lights[0].colour", "lights[2].power")), new Case("constant tables and struct values", """
                #version 330 core
                struct Tone { vec3 colour; float gain; };
                const float weight[5] = float[](0.05, 0.15, 0.3, 0.6, 0.9);
                const Tone tones[3] = Tone[3](Tone(vec3(0.9, 0.1, 0.2), 0.5), Tone(vec3(0.2, 0.8, 0.4), 0.75),
                        Tone(vec3(0.1, 0.3, 0.9), 1.0));
                uniform int k;
                uniform int n;
                out vec4 c;
                void main() {
                    float sum = 0.0;
                    for (int i = 0; i < n; i++) sum += weight[i] * 0.25;
                    Tone t = tones[k - 1];
                    Tone u = sum > 0.3 ? t : tones[0];
                    c = vec4(u.colour * u.gain, weight[k] - sum * 0.5);
                }
                """, List.of("k", "n")));
    }

    @BeforeAll
    static void start() throws GfxException {
        server = VirglFixture.startServer();
        device = VirglDevice.open(server, "VirglIndexedTest", VirglFixture.TIMEOUT);
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

    private static UniformValues uniforms(LinkedProgram p, Case c) {
        UniformValues u = p.newUniforms();
        // the names a shader lacks are reported, not set: each case takes the ones it declares
        for (String name : c.declares()) {
            assertThat(p.iface().uniform(name)).as("%s declares %s", c, name).isPresent();
        }
        u.set("k", 3f);
        u.set("n", 5f);
        float[][] pal = {{1, 0, 0, 0.2f}, {0, 1, 0, 0.4f}, {0, 0, 1, 0.6f}, {1, 1, 0, 0.8f}, {0, 1, 1, 1}, {1, 0, 1, 0}};
        for (int i = 0; i < pal.length; i++) {
            u.set("pal[" + i + "]", pal[i]);
        }
        float[] m = new float[16];
        for (int i = 0; i < 16; i++) {
            m[i] = i / 16f;
        }
        u.set("m", m);
        for (int i = 0; i < 3; i++) {
            u.set("lights[" + i + "].colour", 0.2f + 0.3f * i, 0.9f - 0.3f * i, 0.5f);
            u.set("lights[" + i + "].power", 0.25f * (i + 1));
        }
        return u;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void acceptedAndDrawsTheInterpretersColour(Case c) throws GfxException {
        LinkedProgram p = TestPrograms.link("indexed.vert", VERTEX, "indexed.frag", c.fragment());
        String text = TestPrograms.tgsi(p).fragmentText();
        assertThat(text).contains("DCL ADDR[0]", "UARL ADDR[0].x");
        UniformValues u = uniforms(p, c);

        Interpreter in = p.interpreter(Stage.FRAGMENT);
        Frame f = in.newFrame();
        float[] words = u.words(Stage.FRAGMENT);
        System.arraycopy(words, 0, f.uniforms(), 0, Math.min(words.length, f.uniforms().length));
        assertThat(in.run(f)).isEqualTo(Status.OK);

        float[] quad = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
        Mesh m = new Mesh(quad, VertexLayout.of(4, new VertexAttribute(0, 4, 0)));
        int before = device.connections();
        device.clear(0, 0, 0, 1, 1);
        // the draw checks acceptance (a round trip) and the host's GLSL compile (the canary)
        device.draw(p, u, m, DrawState.FLAT);
        dev.csir.gfx.Frame shot = device.readback();
        assertThat(device.connections()).as("no reconnect was needed").isEqualTo(before);
        int[] px = shot.channels(W / 2, H / 2);
        for (int lane = 0; lane < 4; lane++) {
            int want = Math.round(Math.clamp(f.color()[lane], 0f, 1f) * 255f);
            assertThat(px[lane]).as("%s lane %d: drawn %s, interpreter %s", c, lane, java.util.Arrays.toString(px),
                    java.util.Arrays.toString(f.color())).isBetween(want - TOLERANCE, want + TOLERANCE);
        }
    }
}
