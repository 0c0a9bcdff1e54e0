package dev.csir.gfx;

import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The AUTO policy: draw on a preferred device (VirGL) while it works; on any failure of it
 * (cannot be opened, shader rejected, context or connection lost) say why, mark it lost for the
 * rest of this device's life, and draw the same frame on the fallback (software). The commands
 * since the last readback are kept, so the frame that failed is replayed whole on a fresh target:
 * no frame is lost (a frame should therefore begin with a clear).
 */
public final class AutoDevice implements Device {

    /** Opens a device; used lazily so an unusable preferred backend costs nothing until needed. */
    @FunctionalInterface
    public interface Opener {
        Device open() throws GfxException;
    }

    private sealed interface Command permits Target, Clear, Draw {
    }

    private record Target(int width, int height) implements Command {
    }

    private record Clear(float r, float g, float b, float a, float depth) implements Command {
    }

    private record Draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state,
            List<Texture> textures) implements Command {
    }

    private final Opener preferred;
    private final Opener fallback;
    private final Consumer<String> log;
    /** The commands since the last readback, replayed after the last target on a fallback. */
    private final List<Command> frame = new ArrayList<>();
    private Target target;
    private Device current;
    private boolean preferredLost;
    private String lostReason;

    public AutoDevice(Opener preferred, Opener fallback, Consumer<String> log) {
        this.preferred = preferred;
        this.fallback = fallback;
        this.log = log;
    }

    @Override
    public String name() {
        return current == null ? "auto" : current.name();
    }

    /** Why the preferred device was given up, or null while it is still in use. */
    public String lostReason() {
        return lostReason;
    }

    @Override
    public void target(int width, int height) throws GfxException {
        frame.clear();
        target = new Target(width, height);
        record(target);
    }

    @Override
    public void clear(float r, float g, float b, float a, float depth) throws GfxException {
        record(new Clear(r, g, b, a, depth));
    }

    @Override
    public void draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state, List<Texture> textures)
            throws GfxException {
        // The values are copied: a replay must see them as they were when the draw was issued.
        record(new Draw(program, uniforms.copy(), mesh, state, List.copyOf(textures)));
    }

    @Override
    public Frame readback() throws GfxException {
        Frame f;
        try {
            f = device().readback();
        } catch (GfxException e) {
            if (preferredLost) {
                throw e;
            }
            fallBack(e);
            replay();
            f = current.readback();
        }
        frame.clear();
        return f;
    }

    private void record(Command c) throws GfxException {
        if (!(c instanceof Target)) {
            frame.add(c);
        }
        try {
            apply(device(), c);
        } catch (GfxException e) {
            if (preferredLost) {
                throw e;
            }
            fallBack(e);
            replay();
        }
    }

    private Device device() throws GfxException {
        if (current == null) {
            if (preferredLost) {
                current = fallback.open();
            } else {
                try {
                    current = preferred.open();
                } catch (GfxException e) {
                    fallBack(e);
                }
            }
        }
        return current;
    }

    private void fallBack(GfxException why) throws GfxException {
        preferredLost = true;
        lostReason = why.getMessage();
        log.accept("VirGL unavailable, rendering in software: " + lostReason);
        if (current != null) {
            try {
                current.close();
            } catch (GfxException ignored) {
                // The preferred device is already broken; closing it is best effort.
            }
        }
        current = fallback.open();
    }

    private void replay() throws GfxException {
        if (target != null) {
            apply(current, target);
        }
        for (Command c : frame) {
            apply(current, c);
        }
    }

    private static void apply(Device d, Command c) throws GfxException {
        switch (c) {
            case Target t -> d.target(t.width(), t.height());
            case Clear k -> d.clear(k.r(), k.g(), k.b(), k.a(), k.depth());
            case Draw w -> d.draw(w.program(), w.uniforms(), w.mesh(), w.state(), w.textures());
        }
    }

    @Override
    public void close() throws GfxException {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
