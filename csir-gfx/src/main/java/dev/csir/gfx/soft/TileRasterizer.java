package dev.csir.gfx.soft;

import dev.csir.exec.Quads;
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
 *
 * <p>A fragment stage that takes derivatives ({@link Shading.Context#quads()}) is shaded in 2x2
 * quads at even pixel coordinates instead: a quad with a covered pixel that passes the depth
 * test joins the batch whole, its other pixels as helpers (their values extrapolated from the
 * same planes, never written), so a batch holds 16 quads. A covered pixel gets the values the
 * pixel-by-pixel walk gives it; shaders without derivatives keep that walk.
 */
final class TileRasterizer {
    private FragmentBatch batch;
    private float[] rowBase = new float[2];
    /** The quad walk's bases of its second row, and the two rows' spans (lo, hi; lo > hi when empty). */
    private float[] rowBase2 = new float[2];
    private final int[] spans = new int[4];
    /** Per lane of the pixel walk's batch: its offsets into the triangle's box, and its w. */
    private final float[] laneDx = new float[FragmentBatch.SIZE];
    private final float[] laneDy = new float[FragmentBatch.SIZE];
    private final float[] laneW = new float[FragmentBatch.SIZE];

    /** The draw's early fragment tests, with the depth test on ({@link #run}). */
    private boolean earlyWrites;

    /** Fragments shaded by the last {@link #run} (covered pixels that passed the depth test). */
    long shaded;

    /**
     * {@code lateDepth}: the shader writes gl_FragDepth, so the depth test (when on) takes the
     * written depth after shading instead of the interpolated one before it. {@code earlyWrites}:
     * the shader asked for early fragment tests, so a fragment that passed the depth test writes
     * its depth whether or not the shader discards it.
     */
    void run(Triangles tris, Bins bins, AtomicInteger nextTile, Surface s, Shading.Context ctx, boolean depthTest,
            boolean lateDepth, boolean earlyWrites, int varyingComponents) {
        this.earlyWrites = earlyWrites && depthTest;
        if (batch == null || batch.components() != varyingComponents) {
            batch = new FragmentBatch(varyingComponents);
        }
        if (rowBase.length < tris.attributes) {
            rowBase = new float[tris.attributes];
            rowBase2 = new float[tris.attributes];
        }
        boolean quads = ctx.quads();
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
                if (quads) {
                    count += quads(tris, list[i], x0, y0, s, ctx, depthTest && !lateDepth, lateDepth, depthTest,
                            varyingComponents);
                    continue;
                }
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
        final float[] dbuf = s.depth;
        final int width = s.width;
        final float[] planes = tris.planes;
        final FragmentBatch b = batch;
        b.frontFacing = tris.front[t];
        int bo = t * Triangles.BOX_STRIDE;
        int minX = tris.boxes[bo];
        int minY = tris.boxes[bo + 2];
        int fromX = Math.max(minX, x0);
        int toX = Math.min(tris.boxes[bo + 1], x0 + Bins.TILE - 1);
        int fromY = Math.max(minY, y0);
        int toY = Math.min(tris.boxes[bo + 3], y0 + Bins.TILE - 1);
        int po = t * tris.planeStride;
        float dzdx = planes[po + n];
        final int[] span = spans;
        for (int y = fromY; y <= toY; y++) {
            if (!rowSpan(tris, t, y, fromX, toX, span, 0)) {
                continue;
            }
            int lo = span[0];
            int hi = span[1];
            // the planes are anchored at the triangle's box corner, as in setup
            float dy = y - minY;
            float zRow = planes[po] + planes[po + 2 * n] * dy;
            int row = y * width;
            float fy = y + 0.5f;
            for (int x = lo; x <= hi; x++) {
                float dx = x - minX;
                float z = Math.clamp(zRow + dzdx * dx, 0f, 1f);
                int idx = row + x;
                if (earlyTest && !(z < dbuf[idx])) {
                    continue;
                }
                int lane = lanes;
                laneDx[lane] = dx;
                laneDy[lane] = dy;
                b.x[lane] = x + 0.5f;
                b.y[lane] = fy;
                b.z[lane] = z;
                b.pixel[lane] = idx;
                fragments++;
                if (++lanes == FragmentBatch.SIZE) {
                    interpolate(tris, t, lanes, varyingComponents);
                    flush(lanes, s, ctx, depthTest, lateDepth);
                    lanes = 0;
                }
            }
        }
        interpolate(tris, t, lanes, varyingComponents);
        return fragments;
    }

    /**
     * 1/w and the varyings of the batch's {@code count} lanes, all of triangle {@code t}, from
     * each lane's offsets into the triangle's box, a loop over the lanes per component (which
     * the JIT vectorizes) rather than per pixel: each value is the pixel walk's expression,
     * (plane + dy * slope_y) + dx * slope_x, times w unless the component is in window space.
     */
    private void interpolate(Triangles tris, int t, int count, int varyingComponents) {
        final FragmentBatch b = batch;
        final float[] planes = tris.planes;
        final float[] dxs = laneDx;
        final float[] dys = laneDy;
        final float[] iws = b.w;
        final float[] ws = laneW;
        int n = tris.attributes;
        int po = t * tris.planeStride;
        float iw0 = planes[po + 1];
        float iwX = planes[po + n + 1];
        float iwY = planes[po + 2 * n + 1];
        for (int l = 0; l < count; l++) {
            float iw = (iw0 + iwY * dys[l]) + iwX * dxs[l];
            iws[l] = iw;
            ws[l] = 1f / iw;
        }
        float[] v = b.varyings;
        for (int k = 0; k < varyingComponents; k++) {
            float p0 = planes[po + 2 + k];
            float px = planes[po + n + 2 + k];
            float py = planes[po + 2 * n + 2 + k];
            int o = k * FragmentBatch.SIZE;
            if (tris.windowSpace[k]) {
                for (int l = 0; l < count; l++) {
                    v[o + l] = (p0 + py * dys[l]) + px * dxs[l];
                }
            } else {
                for (int l = 0; l < count; l++) {
                    v[o + l] = ((p0 + py * dys[l]) + px * dxs[l]) * ws[l];
                }
            }
        }
    }

    /**
     * The quads of triangle {@code t} inside the tile at {@code (x0, y0)} (tiles start at even
     * pixels, so no quad crosses one), all shaded before it returns; returns the covered
     * fragments past the depth test.
     */
    private int quads(Triangles tris, int t, int x0, int y0, Surface s, Shading.Context ctx, boolean earlyTest,
            boolean lateDepth, boolean depthTest, int varyingComponents) {
        batch.frontFacing = tris.front[t];
        int lanes = 0;
        int fragments = 0;
        final int n = tris.attributes;
        final float[] dbuf = s.depth;
        final int width = s.width;
        final float[] planes = tris.planes;
        int bo = t * Triangles.BOX_STRIDE;
        int minX = tris.boxes[bo];
        int minY = tris.boxes[bo + 2];
        int fromX = Math.max(minX, x0);
        int toX = Math.min(tris.boxes[bo + 1], x0 + Bins.TILE - 1);
        int fromY = Math.max(minY, y0);
        int toY = Math.min(tris.boxes[bo + 3], y0 + Bins.TILE - 1);
        int po = t * tris.planeStride;
        final int[] span = spans;
        for (int y = fromY & -2; y <= toY; y += 2) {
            boolean top = y >= fromY && rowSpan(tris, t, y, fromX, toX, span, 0);
            boolean bottom = y + 1 <= toY && rowSpan(tris, t, y + 1, fromX, toX, span, 2);
            if (!top && !bottom) {
                continue;
            }
            int lo = Math.min(top ? span[0] : Integer.MAX_VALUE, bottom ? span[2] : Integer.MAX_VALUE);
            int hi = Math.max(top ? span[1] : Integer.MIN_VALUE, bottom ? span[3] : Integer.MIN_VALUE);
            rowBases(planes, po, n, y - minY, rowBase);
            rowBases(planes, po, n, y + 1 - minY, rowBase2);
            for (int x = lo & -2; x <= hi; x += 2) {
                int covered = 0;
                for (int k = 0; k < Quads.SIZE; k++) {
                    int px = x + Quads.column(k);
                    int row = Quads.row(k);
                    boolean in = row == 0 ? top && px >= span[0] && px <= span[1]
                            : bottom && px >= span[2] && px <= span[3];
                    if (in && earlyTest) {
                        float[] base = row == 0 ? rowBase : rowBase2;
                        float z = Math.clamp(base[0] + planes[po + n] * (px - minX), 0f, 1f);
                        in = z < dbuf[(y + row) * width + px];
                    }
                    covered |= in ? 1 << k : 0;
                }
                if (covered == 0) {
                    continue;
                }
                for (int k = 0; k < Quads.SIZE; k++) {
                    int px = x + Quads.column(k);
                    int py = y + Quads.row(k);
                    boolean in = (covered & 1 << k) != 0;
                    lane(planes, po, n, Quads.row(k) == 0 ? rowBase : rowBase2, px, py, minX, varyingComponents,
                            tris.windowSpace, lanes + k, in ? py * width + px : -1);
                }
                fragments += Integer.bitCount(covered);
                lanes += Quads.SIZE;
                if (lanes == FragmentBatch.SIZE) {
                    flush(lanes, s, ctx, depthTest, lateDepth);
                    lanes = 0;
                }
            }
        }
        flush(lanes, s, ctx, depthTest, lateDepth);
        return fragments;
    }

    /** The planes' values at the start of row {@code dy} of the triangle's box. */
    private static void rowBases(float[] planes, int po, int n, float dy, float[] base) {
        for (int k = 0; k < n; k++) {
            base[k] = planes[po + k] + planes[po + 2 * n + k] * dy;
        }
    }

    /** Fills batch lane {@code lane} with pixel (x, y)'s values, as {@link #triangle} computes them; pixel -1 for a helper. */
    private void lane(float[] planes, int po, int n, float[] base, int x, int y, int minX, int varyingComponents,
            boolean[] windowSpace, int lane, int pixel) {
        FragmentBatch b = batch;
        float dx = x - minX;
        float iw = base[1] + planes[po + n + 1] * dx;
        float w = 1f / iw;
        float[] v = b.varyings;
        for (int k = 0, o = lane; k < varyingComponents; k++, o += FragmentBatch.SIZE) {
            v[o] = (base[2 + k] + planes[po + n + 2 + k] * dx) * (windowSpace[k] ? 1f : w);
        }
        b.x[lane] = x + 0.5f;
        b.y[lane] = y + 0.5f;
        b.z[lane] = Math.clamp(base[0] + planes[po + n] * dx, 0f, 1f);
        b.w[lane] = iw;
        b.pixel[lane] = pixel;
    }

    /**
     * The exact span of row {@code y} where every edge of triangle {@code t} holds, within
     * {@code fromX..toX}, into {@code out[at]} and {@code out[at + 1]}; false when it is empty.
     */
    private static boolean rowSpan(Triangles tris, int t, int y, int fromX, int toX, int[] out, int at) {
        long[] edges = tris.edges;
        int eo = t * Triangles.EDGE_STRIDE;
        long py = y * TriangleSetup.ONE + TriangleSetup.HALF;
        int lo = fromX;
        int hi = toX;
        for (int e = 0; e < 3; e++) {
            long a = edges[eo + 3 * e], b = edges[eo + 3 * e + 1], c = edges[eo + 3 * e + 2];
            long k = a * TriangleSetup.HALF + b * py + c;
            long step = a * TriangleSetup.ONE;
            if (step > 0) {
                lo = firstInside(k, step, lo, hi);
            } else if (step < 0) {
                hi = lastInside(k, step, lo, hi);
            } else if (k < 0) {
                return false;
            }
        }
        out[at] = lo;
        out[at + 1] = hi;
        return lo <= hi;
    }

    /*
     * An edge's bound on a row's span: where k + s x >= 0, exactly, within lo..hi. These were
     * ceilDiv and floorDiv of longs, three 64-bit divisions a row at tens of cycles each; a
     * double's quotient is within one of the bound, which the exact integer tests then settle.
     */

    /** The first x of lo..hi (lo <= hi + 1) with k + s x >= 0 (s > 0), or hi + 1 when there is none. */
    static int firstInside(long k, long s, int lo, int hi) {
        long x = Math.clamp((long) Math.ceil(-k / (double) s), lo, hi + 1L);
        while (x > lo && k + s * (x - 1) >= 0) {
            x--;
        }
        while (x <= hi && k + s * x < 0) {
            x++;
        }
        return (int) x;
    }

    /** The last x of lo..hi (lo <= hi + 1) with k + s x >= 0 (s < 0), or lo - 1 when there is none. */
    static int lastInside(long k, long s, int lo, int hi) {
        long x = Math.clamp((long) Math.floor(k / (double) -s), lo - 1L, hi);
        while (x < hi && k + s * (x + 1) >= 0) {
            x++;
        }
        while (x >= lo && k + s * x < 0) {
            x--;
        }
        return (int) x;
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
            if (earlyWrites && !b.kept[i] && b.pixel[i] >= 0) {
                dbuf[b.pixel[i]] = b.z[i]; // tested before shading, written whatever the shader did
                continue;
            }
            // a helper of a quad (pixel -1) is never written
            if (b.kept[i] && b.pixel[i] >= 0) {
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
