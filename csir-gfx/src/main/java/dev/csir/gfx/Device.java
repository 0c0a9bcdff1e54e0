package dev.csir.gfx;

import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.List;

/**
 * A small rendering device in the style of Gfx3D, shared by every backend. It owns one render
 * target (RGBA8 colour plus a depth buffer) and draws triangle lists with linked programs.
 *
 * <p>Conventions every backend follows exactly (they are GL's):
 * <ul>
 *   <li><b>Clip space</b>: the vertex shader's position is clip space; x, y and z are divided by w
 *       and the triangle is clipped to -w..w on all three axes (depth clipping on).</li>
 *   <li><b>Window</b>: NDC x = -1 is the left edge and x = +1 the right edge; NDC y = +1 is the
 *       top edge and y = -1 the bottom. Pixel (x, y) of a {@link Frame} (row 0 = top) has its
 *       centre at NDC ((2x + 1) / w - 1, 1 - (2y + 1) / h). A pixel is covered when its centre is
 *       inside the triangle, with GL's top-left style tie rule of the host rasterizer.</li>
 *   <li><b>Depth</b>: window depth = NDC z * 0.5 + 0.5, in [0, 1]; smaller is nearer. The depth
 *       test is LESS ({@link DrawState}).</li>
 *   <li><b>Varyings</b> interpolate perspective-correctly, {@code noperspective} ones linearly in
 *       window space, {@code flat} ones take the triangle's last vertex; colours are written unblended and
 *       clamped to [0, 1], then converted to 8 bits by rounding (v * 255 rounded).</li>
 *   <li><b>Textures</b> are sampled nearest with clamp-to-edge; see {@link Texture} for the row
 *       order.</li>
 *   <li><b>Uniforms</b> come from {@link UniformValues#upload}: vec4 slots per stage, as the
 *       program's TGSI declares them.</li>
 *   <li><b>Slots</b> are those of the profile the program was linked under
 *       ({@link LinkedProgram#limits()}): the default's 16 attribute locations, 32 varyings, 1024
 *       uniform vec4 slots and 32 samplers, or ChrisOS's 8, 8, 32 and 4. A mesh attribute at a
 *       location past them is not fed.</li>
 * </ul>
 */
public interface Device extends AutoCloseable {

    /** What this backend is, for messages ({@code virgl}, {@code software}, {@code vulkan}). */
    String name();

    /** (Re)creates the render target: {@code width x height} RGBA8 colour and a depth buffer. */
    void target(int width, int height) throws GfxException;

    /** Fills the whole target's colour (components in 0..1) and depth (0..1). */
    void clear(float r, float g, float b, float a, float depth) throws GfxException;

    /**
     * Draws a triangle list with a linked program. Every program attribute must be present in the
     * mesh layout at its location; {@code textures.get(i)} is bound to sampler slot i (a slot the
     * program samples must have one).
     */
    void draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state, List<Texture> textures)
            throws GfxException;

    /** A draw without textures. */
    default void draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state)
            throws GfxException {
        draw(program, uniforms, mesh, state, List.of());
    }

    /** Reads the target's colour back, rows top-down. */
    Frame readback() throws GfxException;

    @Override
    void close() throws GfxException;
}
