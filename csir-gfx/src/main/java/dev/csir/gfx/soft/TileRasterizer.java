package dev.csir.gfx.soft;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One thread's rasterizer: takes tiles from a shared counter until none are left and draws each
 * tile's triangles in submission order. Per covered pixel: depth test (LESS) first, then the
 * pixel joins the thread's {@link FragmentBatch} with its perspective-correct varyings and
 * gl_FragCoord; a full batch, and the last one of each triangle in a tile, goes through the
 * fragment stage at once, and its kept lanes write colour and depth. A batch holds pixels of one
 * triangle only, all different, so the order of writes is the order of primitives. The values a
 * pixel gets are computed exactly as the one-pixel-at-a-time rasterizer did, so images do not
 * change. Nothing is allocated per fragment.
 */
final class TileRasterizer {
    private FragmentBatch batch;
    private float[] rowBase = new float[2];

    /** Fragments shaded by the last {@link #run} (covered pixels that passed the depth test). */
    long shaded;

    /**
     * {@code lateDepth}: the shader writes gl_FragDepth, so the depth test (when on) takes the
     * written depth after shading instead of the interpolated one before it.
     */
    void run(Triangles tris, Bins bins, AtomicInteger nextTile, Surface s, Shading.Context ctx, boolean depthTest,
            boolean lateDepth, int varyingComponents) {
        if (batch == null || batch.components() != varyingComponents) {
            batch = new FragmentBatch(varyingComponents);
        }
        if (rowBase.length < tris.attributes) {
            rowBase = new float[tris.attributes];
        }
        // the counts live in locals: these objects sit side by side in memory, and a field
        // written per fragment would bounce its cache line between the threads
        long count = 0;
        int tiles = bins.tiles();
        for (int tile = nextTile.getAndIncrement(); tile < tiles; tile = nextTile.getAndIncrement()) {
            // down the columns: two threads then work on tiles above one another, whose rows
            // share no cache line, not on neighbours in a row, which share one at their border
            int tx = tile / bins.tilesY;
            int ty = tile % bins.tilesY;
            int x0 = tx * Bins.TILE;
            int y0 = ty * Bins.TILE;
            int bin = ty * bins.tilesX + tx;
            int[] list = bins.list(bin);
            for (int i = 0, n = bins.count(bin); i < n; i++) {
                int fragments = triangle(tris, list[i], x0, y0, s, ctx, depthTest && !lateDepth, lateDepth,
                        depthTest, varyingComponents);
                // the full batches went through on the way; the rest is the last one
                flush(fragments % FragmentBatch.SIZE, s, ctx, depthTest, lateDepth);
                count += fragments;
            }
        }
        shaded = count;
    }

    /**
     * The pixels of triangle {@code t} inside the tile at {@code (x0, y0)}: full batches are shaded
     * on the way; returns how many fragments there were, the last {@code n % SIZE} still to flush.
     */
    private int triangle(Triangles tris, int t, int x0, int y0, Surface s, Shading.Context ctx, boolean earlyTest,
            boolean lateDepth, boolean depthTest, int varyingComponents) {
        int lanes = 0;
        int fragments = 0;
        final int n = tris.attributes;
        final float[] base = rowBase;
        final float[] dbuf = s.depth;
        final int width = s.width;
        final float[] planes = tris.planes;
        final boolean[] windowSpace = tris.windowSpace;
        final FragmentBatch b = batch;
        b.frontFacing = tris.front[t];
        int bo = t * Triangles.BOX_STRIDE;
        int minX = tris.boxes[bo];
        int minY = tris.boxes[bo + 2];
        int fromX = Math.max(minX, x0);
        int toX = Math.min(tris.boxes[bo + 1], x0 + Bins.TILE - 1);
        int fromY = Math.max(minY, y0);
        int toY = Math.min(tris.boxes[bo + 3], y0 + Bins.TILE - 1);
        long[] edges = tris.edges;
        int eo = t * Triangles.EDGE_STRIDE;
        long a0 = edges[eo], b0 = edges[eo + 1], c0 = edges[eo + 2];
        long a1 = edges[eo + 3], b1 = edges[eo + 4], c1 = edges[eo + 5];
        long a2 = edges[eo + 6], b2 = edges[eo + 7], c2 = edges[eo + 8];
        int po = t * tris.planeStride;
        float dzdx = planes[po + n];
        float diwdx = planes[po + n + 1];
        for (int y = fromY; y <= toY; y++) {
            long py = y * TriangleSetup.ONE + TriangleSetup.HALF;
            // Exact span of pixel x where every edge A*(x*ONE + HALF) + B*py + C >= 0.
            int lo = fromX;
            int hi = toX;
            long k0 = a0 * TriangleSetup.HALF + b0 * py + c0;
            long k1 = a1 * TriangleSetup.HALF + b1 * py + c1;
            long k2 = a2 * TriangleSetup.HALF + b2 * py + c2;
            long s0 = a0 * TriangleSetup.ONE;
            long s1 = a1 * TriangleSetup.ONE;
            long s2 = a2 * TriangleSetup.ONE;
            if (s0 > 0) {
                lo = (int) Math.max(lo, Math.ceilDiv(-k0, s0));
            } else if (s0 < 0) {
                hi = (int) Math.min(hi, Math.floorDiv(k0, -s0));
            } else if (k0 < 0) {
                continue;
            }
            if (s1 > 0) {
                lo = (int) Math.max(lo, Math.ceilDiv(-k1, s1));
            } else if (s1 < 0) {
                hi = (int) Math.min(hi, Math.floorDiv(k1, -s1));
            } else if (k1 < 0) {
                continue;
            }
            if (s2 > 0) {
                lo = (int) Math.max(lo, Math.ceilDiv(-k2, s2));
            } else if (s2 < 0) {
                hi = (int) Math.min(hi, Math.floorDiv(k2, -s2));
            } else if (k2 < 0) {
                continue;
            }
            if (lo > hi) {
                continue;
            }
            // the planes are anchored at the triangle's box corner, as in setup
            float dy = y - minY;
            for (int k = 0; k < n; k++) {
                base[k] = planes[po + k] + planes[po + 2 * n + k] * dy;
            }
            int row = y * width;
            float fy = y + 0.5f;
            for (int x = lo; x <= hi; x++) {
                float dx = x - minX;
                float z = Math.clamp(base[0] + dzdx * dx, 0f, 1f);
                int idx = row + x;
                if (earlyTest && !(z < dbuf[idx])) {
                    continue;
                }
                float iw = base[1] + diwdx * dx;
                float w = 1f / iw;
                int lane = lanes;
                float[] v = b.varyings;
                for (int k = 0, o = lane; k < varyingComponents; k++, o += FragmentBatch.SIZE) {
                    v[o] = (base[2 + k] + planes[po + n + 2 + k] * dx) * (windowSpace[k] ? 1f : w);
                }
                b.x[lane] = x + 0.5f;
                b.y[lane] = fy;
                b.z[lane] = z;
                b.w[lane] = iw;
                b.pixel[lane] = idx;
                fragments++;
                if (++lanes == FragmentBatch.SIZE) {
                    flush(lanes, s, ctx, depthTest, lateDepth);
                    lanes = 0;
                }
            }
        }
        return fragments;
    }

    /**
     * Shades the {@code n} lanes gathered and writes the kept ones; with {@code lateDepth} those
     * whose written depth (clamped to [0, 1], as GL does for a fixed-point buffer) passes.
     */
    private void flush(int n, Surface s, Shading.Context ctx, boolean depthTest, boolean lateDepth) {
        if (n == 0) {
            return;
        }
        FragmentBatch b = batch;
        ctx.runFragments(b, n);
        int[] cbuf = s.color;
        float[] dbuf = s.depth;
        for (int i = 0; i < n; i++) {
            if (b.kept[i]) {
                int idx = b.pixel[i];
                float z = b.z[i];
                if (lateDepth) {
                    z = Math.clamp(b.depth[i], 0f, 1f);
                    if (depthTest && !(z < dbuf[idx])) {
                        continue;
                    }
                }
                cbuf[idx] = Surface.pack(b.r[i], b.g[i], b.b[i], b.a[i]);
                if (depthTest) {
                    dbuf[idx] = z;
                }
            }
        }
    }
}
