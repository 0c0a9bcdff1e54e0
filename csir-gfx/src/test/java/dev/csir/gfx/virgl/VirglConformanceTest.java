package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.testing.Shared;
import dev.csir.gfx.testing.VirglFixture;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.UniformInfo;
import dev.csir.link.UniformValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every linkable vertex + fragment pair of the original's conformance shaders, compiled and linked
 * by csir, is accepted by virglrenderer (no dropped connection, canary intact) and draws.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglConformanceTest {
    private static VirglServer server;
    private static VirglDevice device;

    /** The pairs the original links (golden/linked, less the failing mm+mm) and the synthetic remap pair. */
    static Stream<String> pairs() {
        return Stream.of("const+const", "d+d", "fn+if", "for+if", "if+if", "lab+lab", "light+light", "mvp+tri",
                "p+proc", "tex+tex", "tri+tri", "vary+vary", "world+world", "remap+remap");
    }

    @BeforeAll
    static void start() throws GfxException {
        Assumptions.assumeTrue(Shared.conformance().isPresent(), "SKIPPED: ../shared/conformance is absent");
        server = VirglFixture.startServer();
        device = VirglDevice.open(server, "VirglConformanceTest", VirglFixture.TIMEOUT);
        device.target(32, 32);
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

    private static Path source(String file) {
        Path c = Shared.conformance().orElseThrow();
        Path p = c.resolve("shaders").resolve(file);
        return Files.exists(p) ? p : c.resolve("golden/synthetic").resolve(file);
    }

    private static CompileResult compile(Stage stage, String file) throws IOException {
        CompileResult r = ShaderCompiler.compile(stage, file, Files.readString(source(file)));
        assertThat(r.ok()).as("%s compiles:\n%s", file, r.log()).isTrue();
        return r;
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void pairIsAcceptedAndDraws(String pair) throws IOException, GfxException {
        String[] names = pair.split("\\+");
        Program program = new Program();
        assertThat(program.attach(compile(Stage.VERTEX, names[0] + ".vert"))).isEmpty();
        assertThat(program.attach(compile(Stage.FRAGMENT, names[1] + ".frag"))).isEmpty();
        assertThat(program.link()).as("link log %s", program.log()).isTrue();
        LinkedProgram p = program.linked().orElseThrow();

        UniformValues u = p.newUniforms();
        for (UniformInfo info : p.iface().uniforms()) {
            assertThat(u.set(info.name(), value(info))).isEmpty();
        }
        List<Texture> textures = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            textures.add(new Texture(2, 2, filled(16, (byte) 200)));
        }
        int before = device.connections();
        device.clear(0, 0, 0, 1, 1);
        // the first draw of a program checks acceptance (round trip) and host compilation (canary)
        device.draw(p, u, mesh(p), DrawState.DEPTH, textures);
        Frame f = device.readback();
        assertThat(f.width()).isEqualTo(32);
        assertThat(device.connections()).as("no reconnect was needed").isEqualTo(before);
        if (pair.equals("tri+tri")) {
            // the triangle's own colour lands at the centre, the corner keeps the clear colour
            assertThat(f.pixel(16, 16)).isNotEqualTo(f.pixel(0, 0));
        }
    }

    private static byte[] filled(int n, byte v) {
        byte[] b = new byte[n];
        Arrays.fill(b, v);
        return b;
    }

    /** Identity matrices, so positions pass through; every other uniform 0.5 in each lane. */
    private static float[] value(UniformInfo info) {
        float[] v = new float[info.floats()];
        if (info.type() == Type.MAT4 || info.type() == Type.MAT3) {
            int n = info.type().components();
            for (int i = 0; i < n; i++) {
                v[i * n + i] = 1;
            }
        } else {
            Arrays.fill(v, 0.5f);
        }
        return v;
    }

    /** One triangle around the centre: the attribute at location 0 carries the position, the others 0.5. */
    private static Mesh mesh(LinkedProgram p) {
        List<AttributeInfo> attrs = new ArrayList<>(p.iface().attributes());
        attrs.sort((a, b) -> Integer.compare(a.location(), b.location()));
        List<VertexAttribute> layout = new ArrayList<>();
        int stride = 0;
        for (AttributeInfo a : attrs) {
            layout.add(new VertexAttribute(a.location(), a.components(), stride));
            stride += a.components();
        }
        if (stride == 0) {
            stride = 1;
        }
        float[][] pos = {{-0.9f, -0.9f, 0, 1}, {0.9f, -0.9f, 0, 1}, {0, 0.9f, 0, 1}};
        float[] v = new float[3 * stride];
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < attrs.size(); i++) {
                AttributeInfo a = attrs.get(i);
                for (int c = 0; c < a.components(); c++) {
                    v[k * stride + layout.get(i).offset() + c] = a.location() == 0 ? pos[k][c] : 0.5f;
                }
            }
        }
        return new Mesh(v, new VertexLayout(stride, layout));
    }
}
