package dev.csir.gfx;

/**
 * Fixed-function state of one draw. Depth test is LESS against the target's depth and writes
 * depth when it passes; with it off, depth is neither tested nor written. Culling removes
 * back faces: a triangle is front-facing when its vertices run counter-clockwise in normalized
 * device coordinates (x right, y up), as GL's default {@code glFrontFace(GL_CCW)}.
 */
public record DrawState(boolean depthTest, boolean cullBackFaces) {
    /** No depth test, no culling. */
    public static final DrawState FLAT = new DrawState(false, false);
    /** Depth test on, no culling. */
    public static final DrawState DEPTH = new DrawState(true, false);
    /** Depth test on, back faces culled. */
    public static final DrawState DEPTH_CULL = new DrawState(true, true);
}
