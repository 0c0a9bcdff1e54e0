package dev.csir.gfx.soft;

/** Builds {@link VertexInput}s for tests: 4-float positions, optionally with one vec4 after each. */
final class Vertices {
    private Vertices() {
    }

    /** Positions only: x, y, z, w per vertex. */
    static VertexInput positions(float... xyzw) {
        return new VertexInput(xyzw, 4, new int[] {0}, new int[] {4}, new int[] {0});
    }

    /** Position (4 floats) then a vec4 at location 1, per vertex. */
    static VertexInput withVec4(float... data) {
        return new VertexInput(data, 8, new int[] {0, 1}, new int[] {4, 4}, new int[] {0, 4});
    }

    /** A 2D triangle at z = 0, w = 1. */
    static VertexInput triangle(float x0, float y0, float x1, float y1, float x2, float y2) {
        return positions(x0, y0, 0, 1, x1, y1, 0, 1, x2, y2, 0, 1);
    }

    /** Window-pixel coordinates (x right, y up from the bottom) to NDC for a size. */
    static float ndc(float pixels, int size) {
        return pixels / size * 2f - 1f;
    }
}
