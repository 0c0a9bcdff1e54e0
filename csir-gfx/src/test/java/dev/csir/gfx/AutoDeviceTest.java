package dev.csir.gfx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.scene.Meshes;
import dev.csir.gfx.soft.SoftwareDevice;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.testing.VirglFixture;
import dev.csir.gfx.virgl.VirglDevice;
import dev.csir.gfx.virgl.VirglServer;
import dev.csir.link.LinkedProgram;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AUTO policy against a real virglrenderer: whatever goes wrong with VirGL, the frame is
 * still drawn (in software), it is the right image, and the reason is said.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AutoDeviceTest {
    private static final int SIZE = 48;

    @TempDir
    Path tmp;

    private final List<String> log = new ArrayList<>();

    private static Frame drawTriangle(Device d, LinkedProgram p) throws GfxException {
        d.clear(0, 0, 0, 1, 1);
        d.draw(p, p.newUniforms(), Meshes.triangle(), DrawState.DEPTH);
        return d.readback();
    }

    /** What software alone draws for the same frame. */
    private static Frame reference(LinkedProgram p) throws GfxException {
        try (SoftwareDevice soft = new SoftwareDevice()) {
            soft.target(SIZE, SIZE);
            return drawTriangle(soft, p);
        }
    }

    private static void assertTriangle(Frame f) {
        // Interpolated vertex colours: red at the lower left, blue at the top.
        assertThat(f.channels(6, SIZE - 6)[0]).isGreaterThan(150);
        assertThat(f.channels(SIZE / 2, 8)[2]).isGreaterThan(150);
        assertThat(f.pixel(1, 1)).isEqualTo(0x000000FF);
    }

    @Test
    void noServerFallsBackAndSaysWhy() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        Path missing = tmp.resolve("no-server.sock");
        try (AutoDevice auto = new AutoDevice(() -> VirglDevice.open(missing, "auto", VirglFixture.TIMEOUT),
                SoftwareDevice::new, log::add)) {
            auto.target(SIZE, SIZE);
            Frame f = drawTriangle(auto, p);
            assertThat(auto.name()).isEqualTo("software");
            assertThat(auto.lostReason()).isNotBlank();
            assertThat(log).singleElement().asString().startsWith("VirGL unavailable, rendering in software: ");
            assertTriangle(f);
            assertThat(f.rgba()).isEqualTo(reference(p).rgba());
        }
    }

    @Test
    void serverKilledBetweenFramesLosesNoFrame() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        VirglServer server = VirglFixture.startServer();
        try (AutoDevice auto = new AutoDevice(() -> VirglDevice.open(server, "auto", VirglFixture.TIMEOUT),
                SoftwareDevice::new, log::add)) {
            auto.target(SIZE, SIZE);
            Frame first = drawTriangle(auto, p);
            assertThat(auto.name()).isEqualTo("virgl");
            assertThat(log).isEmpty();
            assertTriangle(first);

            server.close();
            Frame second = drawTriangle(auto, p);
            assertThat(auto.name()).isEqualTo("software");
            assertThat(log).hasSize(1);
            assertTriangle(second);
            assertThat(second.rgba()).isEqualTo(reference(p).rgba());
            // The two backends agree on this frame within rounding.
            int close = 0;
            for (int i = 0; i < first.rgba().length; i++) {
                close += Math.abs((first.rgba()[i] & 0xff) - (second.rgba()[i] & 0xff)) <= 2 ? 1 : 0;
            }
            assertThat(close).isGreaterThanOrEqualTo(first.rgba().length * 995 / 1000);
        } finally {
            server.close();
        }
    }

    @Test
    void rejectedShaderFallsBackToSoftware() throws GfxException {
        LinkedProgram good = TestPrograms.colouredTriangle();
        // The same program, but with fragment text the host parser refuses (an unknown opcode).
        TestPrograms.Mutated m = TestPrograms.withFragmentText(good, good.fragment().name(),
                TestPrograms.tgsi(good).fragmentText().replace("END", "FROBNICATE TEMP[0]\n  99: END"));
        LinkedProgram broken = m.program();
        VirglServer server = VirglFixture.startServer();
        try (AutoDevice auto = new AutoDevice(
                () -> VirglDevice.open(server, "auto", VirglFixture.TIMEOUT).tgsiSource(m.source()),
                SoftwareDevice::new, log::add)) {
            auto.target(SIZE, SIZE);
            Frame f = drawTriangle(auto, broken);
            assertThat(auto.name()).isEqualTo("software");
            assertThat(log).singleElement().asString().contains("fragment shader");
            assertTriangle(f);
            assertThat(f.rgba()).isEqualTo(reference(good).rgba());
        } finally {
            server.close();
        }
    }
}
