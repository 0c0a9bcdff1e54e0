package dev.csir.gfx.scene;

import dev.csir.gfx.Mesh;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;

/**
 * The built-in meshes of {@code csir render}. Every vertex is 9 floats: location 0 the position
 * (x, y, z; w reads as 1), location 1 a vec4 (the vertex colour for the triangle, the face normal
 * (x, y, z, 0) otherwise) and location 2 the texture coordinate (u, v).
 */
public final class Meshes {
    /** Floats per vertex. */
    public static final int STRIDE = 9;
    /** The layout shared by every built-in and OBJ mesh. */
    public static final VertexLayout LAYOUT = VertexLayout.of(STRIDE,
            new VertexAttribute(0, 3, 0), new VertexAttribute(1, 4, 3), new VertexAttribute(2, 2, 7));

    private Meshes() {
    }

    /** (-0.8,-0.8,0) red, (0.8,-0.8,0) green, (0,0.8,0) blue. */
    public static Mesh triangle() {
        return new Mesh(new float[] {
            -0.8f, -0.8f, 0, 1, 0, 0, 1, 0, 0,
            0.8f, -0.8f, 0, 0, 1, 0, 1, 1, 0,
            0, 0.8f, 0, 0, 0, 1, 1, 0.5f, 1,
        }, LAYOUT);
    }

    /** Two triangles covering clip space at z = 0, normal +z, uv = xy * 0.5 + 0.5. */
    public static Mesh quad() {
        float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
        float[] v = new float[corners.length * STRIDE];
        for (int i = 0; i < corners.length; i++) {
            float x = corners[i][0];
            float y = corners[i][1];
            System.arraycopy(new float[] {x, y, 0, 0, 0, 1, 0, x * 0.5f + 0.5f, y * 0.5f + 0.5f}, 0, v, i * STRIDE, STRIDE);
        }
        return new Mesh(v, LAYOUT);
    }

    /** The unit cube [-0.5, 0.5]^3: 12 counter-clockwise (outward) triangles, per-face uv 0..1. */
    public static Mesh cube() {
        // Each face: normal, then the axes u and v run along so that u x v = normal.
        float[][][] faces = {
            {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
            {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
            {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},
            {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
            {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},
            {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
        };
        float[][] uv = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
        float[] v = new float[6 * 6 * STRIDE];
        int o = 0;
        for (float[][] f : faces) {
            float[] n = f[0];
            float[] u = f[1];
            float[] w = f[2];
            for (float[] t : uv) {
                float su = t[0] - 0.5f;
                float sv = t[1] - 0.5f;
                for (int k = 0; k < 3; k++) {
                    v[o + k] = n[k] * 0.5f + u[k] * su + w[k] * sv;
                }
                v[o + 3] = n[0];
                v[o + 4] = n[1];
                v[o + 5] = n[2];
                v[o + 6] = 0;
                v[o + 7] = t[0];
                v[o + 8] = t[1];
                o += STRIDE;
            }
        }
        return new Mesh(v, LAYOUT);
    }
}
