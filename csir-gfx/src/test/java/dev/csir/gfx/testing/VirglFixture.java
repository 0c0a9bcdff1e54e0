package dev.csir.gfx.testing;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.virgl.VirglServer;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/** Starts a private virglrenderer server for a test class, or skips the class where none is installed. */
public final class VirglFixture {
    public static final Duration TIMEOUT = Duration.ofSeconds(15);

    private VirglFixture() {
    }

    public static VirglServer startServer() throws GfxException {
        Assumptions.assumeTrue(VirglServer.executable().isPresent(),
                "SKIPPED: virgl_test_server is not installed (apt-get install virgl-server libegl1 "
                        + "libgl1-mesa-dri libopengl0; .ci/run installs them)");
        return VirglServer.start(TIMEOUT);
    }
}
