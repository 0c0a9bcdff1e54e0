package dev.csir.gfx.soft;

import dev.csir.ir.Interpolation;

/**
 * Projects clipped clip-space vertices to the window, snaps them to 1/256 pixel, and turns each
 * triangle of a polygon fan into a {@link Triangles} record: integer edge functions (exact, so
 * the top-left rule decides every tie the same way for both triangles of a shared edge), the
 * covered pixel box inside the scissor, and attribute planes. Culling happens here.
 *
 * <p>Window space: x right, y up (row 0 is the bottom row), pixel centres at +0.5, depth
 * = NDC z * 0.5 + 0.5. Counter-clockwise triangles in that space are front-facing; NDC has the
 * same orientation, so this is GL's {@code glFrontFace(GL_CCW)}.
 */
final class TriangleSetup {
    static final int SUBPIXEL_BITS = 8;
    static final long ONE = 1L << SUBPIXEL_BITS;
    static final long HALF = ONE >> 1;

    private final int stride;
    private final int varyings;
    private final long[] fx;
    private final long[] fy;
    private final float[] z;
    private final float[] invW;
    private final float[] q;
    private final double[] lambda = new double[9];
    /** Per varying component, as {@link Triangles#windowSpace}; flat ones also get zero gradients. */
    private final boolean[] windowSpace;
    private final boolean[] flat;

    private float scaleX;
    private float offsetX;
    private float scaleY;
    private float offsetY;
    private int clipX0;
    private int clipX1;
    private int clipY0;
    private int clipY1;
    private boolean cullBack;

    TriangleSetup(int stride, int maxVertices) {
        this.stride = stride;
        this.varyings = stride - 4;
        this.fx = new long[maxVertices];
        this.fy = new long[maxVertices];
        this.z = new float[maxVertices];
        this.invW = new float[maxVertices];
        this.q = new float[maxVertices * Math.max(varyings, 1)];
        this.windowSpace = new boolean[varyings];
        this.flat = new boolean[varyings];
    }

    /** How each varying component is interpolated (all smooth until this is called). */
    void interpolation(Interpolation[] components) {
        for (int k = 0; k < varyings; k++) {
            flat[k] = components[k] == Interpolation.FLAT;
            windowSpace[k] = components[k] != Interpolation.SMOOTH;
        }
    }

    /**
     * The viewport (window pixels, y up) and the scissor it implies together with the target
     * size: pixels outside both are never drawn.
     */
    void viewport(int vx, int vy, int vw, int vh, int targetW, int targetH) {
        scaleX = vw * 0.5f;
        offsetX = vx + vw * 0.5f;
        scaleY = vh * 0.5f;
        offsetY = vy + vh * 0.5f;
        clipX0 = Math.max(vx, 0);
        clipY0 = Math.max(vy, 0);
        clipX1 = Math.min(vx + vw, targetW) - 1;
        clipY1 = Math.min(vy + vh, targetH) - 1;
    }

    void cullBack(boolean on) {
        cullBack = on;
    }

    /**
     * Sets up the fan (0, i, i+1) of a convex clip-space polygon of {@code n} vertices stored
     * one after another from {@code base}.
     */
    void polygon(float[] v, int base, int n, Triangles out) {
        for (int i = 0; i < n; i++) {
            project(v, base + i * stride, i);
        }
        for (int i = 1; i + 1 < n; i++) {
            triangle(0, i, i + 1, out);
        }
    }

    private void project(float[] v, int o, int i) {
        float iw = 1f / v[o + 3];
        float xw = v[o] * iw * scaleX + offsetX;
        float yw = v[o + 1] * iw * scaleY + offsetY;
        fx[i] = (long) Math.rint(xw * ONE);
        fy[i] = (long) Math.rint(yw * ONE);
        z[i] = v[o + 2] * iw * 0.5f + 0.5f;
        invW[i] = iw;
        int qo = i * varyings;
        for (int k = 0; k < varyings; k++) {
            q[qo + k] = windowSpace[k] ? v[o + 4 + k] : v[o + 4 + k] * iw;
        }
    }

    private void triangle(int i0, int i1, int i2, Triangles out) {
        long area = (fx[i1] - fx[i0]) * (fy[i2] - fy[i0]) - (fy[i1] - fy[i0]) * (fx[i2] - fx[i0]);
        if (area == 0 || (cullBack && area < 0)) {
            return;
        }
        boolean front = area > 0;
        if (area < 0) {
            // Put the interior on the positive side of every edge.
            int t = i1;
            i1 = i2;
            i2 = t;
            area = -area;
        }
        long minFx = Math.min(fx[i0], Math.min(fx[i1], fx[i2]));
        long maxFx = Math.max(fx[i0], Math.max(fx[i1], fx[i2]));
        long minFy = Math.min(fy[i0], Math.min(fy[i1], fy[i2]));
        long maxFy = Math.max(fy[i0], Math.max(fy[i1], fy[i2]));
        // Pixel p is a candidate when its centre p*ONE + HALF lies inside the vertex box.
        int minX = (int) Math.max(Math.ceilDiv(minFx - HALF, ONE), clipX0);
        int maxX = (int) Math.min(Math.floorDiv(maxFx - HALF, ONE), clipX1);
        int minY = (int) Math.max(Math.ceilDiv(minFy - HALF, ONE), clipY0);
        int maxY = (int) Math.min(Math.floorDiv(maxFy - HALF, ONE), clipY1);
        if (minX > maxX || minY > maxY) {
            return;
        }
        int t = out.add();
        out.front[t] = front;
        int[] box = out.boxes;
        int bo = t * Triangles.BOX_STRIDE;
        box[bo] = minX;
        box[bo + 1] = maxX;
        box[bo + 2] = minY;
        box[bo + 3] = maxY;

        long refX = minX * ONE + HALF;
        long refY = minY * ONE + HALF;
        double inv = 1.0 / area;
        long[] e = out.edges;
        int eo = t * Triangles.EDGE_STRIDE;
        // Edge k is opposite vertex k, so its function divided by the area is vertex k's weight.
        edge(i1, i2, e, eo, refX, refY, inv, 0);
        edge(i2, i0, e, eo + 3, refX, refY, inv, 1);
        edge(i0, i1, e, eo + 6, refX, refY, inv, 2);

        float[] p = out.planes;
        int n = out.attributes;
        int po = t * out.planeStride;
        plane(p, po, n, z[i0], z[i1], z[i2]);
        plane(p, po + 1, n, invW[i0], invW[i1], invW[i2]);
        int q0 = i0 * varyings;
        int q1 = i1 * varyings;
        int q2 = i2 * varyings;
        for (int k = 0; k < varyings; k++) {
            if (flat[k]) {
                // every vertex holds the provoking vertex's value (SoftwareRenderer copies it):
                // a constant plane gives it to each fragment exactly
                p[po + 2 + k] = q[q0 + k];
                p[po + 2 + k + n] = 0f;
                p[po + 2 + k + 2 * n] = 0f;
            } else {
                plane(p, po + 2 + k, n, q[q0 + k], q[q1 + k], q[q2 + k]);
            }
        }
    }

    /**
     * Writes the edge a->b as A*x + B*y + C (subpixel units) with the fill-rule bias folded into
     * C, and records the barycentric weight it gives at the reference pixel and per pixel step.
     */
    private void edge(int a, int b, long[] e, int o, long refX, long refY, double inv, int k) {
        long dx = fx[b] - fx[a];
        long dy = fy[b] - fy[a];
        long A = -dy;
        long B = dx;
        long C = dy * fx[a] - dx * fy[a];
        lambda[k] = (A * refX + B * refY + C) * inv;
        lambda[3 + k] = A * ONE * inv;
        lambda[6 + k] = B * ONE * inv;
        // Top-left rule with y growing with the row index: a pixel centre exactly on an edge
        // belongs to the triangle only when the edge is a "top" edge (horizontal, interior at
        // larger y) or a "left" edge (interior at larger x). This is the rule llvmpipe applies
        // in its resource rows, and the VirGL resource's row 0 is our row 0.
        boolean topLeft = dy < 0 || (dy == 0 && dx > 0);
        e[o] = A;
        e[o + 1] = B;
        e[o + 2] = topLeft ? C : C - 1;
    }

    private void plane(float[] p, int o, int n, float f0, float f1, float f2) {
        double[] l = lambda;
        p[o] = (float) (f0 * l[0] + f1 * l[1] + f2 * l[2]);
        p[o + n] = (float) (f0 * l[3] + f1 * l[4] + f2 * l[5]);
        p[o + 2 * n] = (float) (f0 * l[6] + f1 * l[7] + f2 * l[8]);
    }
}
