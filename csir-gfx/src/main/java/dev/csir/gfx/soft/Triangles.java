package dev.csir.gfx.soft;

import java.util.Arrays;

/**
 * Set-up triangles of one draw in flat arrays, in submission order: integer edge functions with
 * the fill-rule bias, the pixel bounding box, and attribute planes for depth, 1/w and every
 * varying/w. Filled by {@link TriangleSetup} on one thread, then read by every raster band.
 */
final class Triangles {
    /** Edge records: A, B, C for each of the three edges. */
    static final int EDGE_STRIDE = 9;
    /** Bounding boxes: minX, maxX, minY, maxY (inclusive pixels). */
    static final int BOX_STRIDE = 4;

    /** Attribute planes per triangle: depth, 1/w, then the varying components. */
    final int attributes;
    /** Floats per triangle: the attribute values at the box corner, then d/dx, then d/dy. */
    final int planeStride;
    /**
     * Per varying component: whether it is carried in window space (flat and noperspective
     * varyings, whose planes hold the values themselves) rather than divided by w (smooth ones,
     * whose planes hold value/w and which a fragment multiplies back by its w). Set per draw.
     */
    final boolean[] windowSpace;
    long[] edges = new long[EDGE_STRIDE * 64];
    int[] boxes = new int[BOX_STRIDE * 64];
    /** Whether each triangle faces front (counter-clockwise in window space). */
    boolean[] front = new boolean[64];
    float[] planes;
    int count;

    Triangles(int varyingComponents) {
        this.attributes = 2 + varyingComponents;
        this.planeStride = 3 * attributes;
        this.planes = new float[planeStride * 64];
        this.windowSpace = new boolean[varyingComponents];
    }

    void clear() {
        count = 0;
    }

    /** Makes room for one more triangle and returns its index. */
    int add() {
        if (count * EDGE_STRIDE == edges.length) {
            int n = count * 2;
            edges = Arrays.copyOf(edges, n * EDGE_STRIDE);
            boxes = Arrays.copyOf(boxes, n * BOX_STRIDE);
            planes = Arrays.copyOf(planes, n * planeStride);
            front = Arrays.copyOf(front, n);
        }
        return count++;
    }
}
