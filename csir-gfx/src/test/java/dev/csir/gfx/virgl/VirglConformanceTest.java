package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Texture;
import dev.csir.gfx.testing.ConformancePairs;
import dev.csir.gfx.testing.VirglFixture;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import dev.csir.testing.Shared;
import java.io.IOException;
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

    static Stream<String> pairs() {
        return ConformancePairs.pairs();
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

    @ParameterizedTest
    @MethodSource("pairs")
    void pairIsAcceptedAndDraws(String pair) throws IOException, GfxException {
        LinkedProgram p = ConformancePairs.link(pair);
        UniformValues u = ConformancePairs.uniforms(p);
        List<Texture> textures = ConformancePairs.textures();
        int before = device.connections();
        device.clear(0, 0, 0, 1, 1);
        // the first draw of a program checks acceptance (round trip) and host compilation (canary)
        device.draw(p, u, ConformancePairs.mesh(p), DrawState.DEPTH, textures);
        Frame f = device.readback();
        assertThat(f.width()).isEqualTo(32);
        assertThat(device.connections()).as("no reconnect was needed").isEqualTo(before);
        if (pair.equals("tri+tri")) {
            // the triangle's own colour lands at the centre, the corner keeps the clear colour
            assertThat(f.pixel(16, 16)).isNotEqualTo(f.pixel(0, 0));
        }
    }
}
