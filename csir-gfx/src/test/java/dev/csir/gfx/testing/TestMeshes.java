package dev.csir.gfx.testing;

/** Vertex data shared by the draw tests. */
public final class TestMeshes {
    /** The colour of each cube face, in the order {@link #colouredCube} emits the faces. */
    public static final float[][] FACE_COLOURS = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {0, 1, 1}, {1, 0, 1}};

    private TestMeshes() {
    }

    /**
     * A unit cube (-0.5..0.5), faces counter-clockwise seen from outside, one colour per face:
     * 36 vertices of position (x, y, z, 1) and colour (r, g, b, 1); face f is triangles 2f and 2f+1.
     */
    public static float[] colouredCube() {
        int[][] axes = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}; // normal axis, u axis, v axis (u x v = n)
        int[][] uv = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        float[] out = new float[36 * 8];
        int o = 0;
        int face = 0;
        for (int[] ax : axes) {
            for (int sign : new int[] {1, -1}) {
                float[][] corners = new float[4][];
                for (int k = 0; k < 4; k++) {
                    float[] p = new float[3];
                    p[ax[0]] = 0.5f * sign;
                    // flipping u for the negative face keeps the winding counter-clockwise outside
                    p[ax[1]] = 0.5f * uv[k][0] * sign;
                    p[ax[2]] = 0.5f * uv[k][1];
                    corners[k] = p;
                }
                float[] c = FACE_COLOURS[face++];
                for (int k : new int[] {0, 1, 2, 0, 2, 3}) {
                    float[] vert = {corners[k][0], corners[k][1], corners[k][2], 1, c[0], c[1], c[2], 1};
                    System.arraycopy(vert, 0, out, o, 8);
                    o += 8;
                }
            }
        }
        return out;
    }
}
