package dev.csir.gfx.testing;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.soft.SoftwareDevice;
import dev.csir.gfx.virgl.VirglDevice;
import dev.csir.gfx.virgl.VirglServer;

/**
 * A private virglrenderer server with a VirGL device on it, and a two-thread software device
 * beside it, for tests that draw the same thing on both; skips the class where no server is
 * installed ({@link VirglFixture#startServer}). Closed in reverse order of opening.
 */
public final class DevicePair implements AutoCloseable {
    private VirglServer server;
    private VirglDevice virgl;
    private SoftwareDevice soft;

    private DevicePair() {
    }

    /** Opens both; {@code name} names the VirGL context. Whatever opened is closed on a failure. */
    public static DevicePair open(String name) throws GfxException {
        DevicePair p = new DevicePair();
        try {
            p.server = VirglFixture.startServer();
            p.virgl = VirglDevice.open(p.server, name, VirglFixture.TIMEOUT);
            p.soft = new SoftwareDevice(2);
            return p;
        } catch (GfxException | RuntimeException e) {
            p.close();
            throw e;
        }
    }

    public VirglDevice virgl() {
        return virgl;
    }

    public SoftwareDevice soft() {
        return soft;
    }

    @Override
    public void close() throws GfxException {
        if (soft != null) {
            soft.close();
        }
        if (virgl != null) {
            virgl.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
