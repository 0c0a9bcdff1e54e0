package dev.csir.gfx.soft;

/**
 * Rasterizes every set-up triangle of a draw into the rows one thread owns (bands of
 * {@link #BAND_ROWS} rows, dealt round-robin to the threads), in submission order, so each pixel
 * is written by one thread in primitive order and no locking is needed. Per covered pixel: depth
 * test (LESS) first, then the fragment stage with perspective-correct varyings and gl_FragCoord,
 * then colour and depth writes unless the fragment was discarded. Nothing is allocated per
 * fragment.
 */
final class BandRasterizer {
    static final int BAND_ROWS = 16;

    private final int band;
    private final int bands;
    private float[] rowBase = new float[2];

    /** The rasterizer of band set {@code band} of {@code bands}. */
    BandRasterizer(int band, int bands) {
        this.band = band;
        this.bands = bands;
    }

    /** Fragments shaded by the last {@link #run} (covered pixels that passed the depth test). */
    long shaded;

    void run(Triangles tris, Surface s, Shading.Context ctx, boolean depthTest, int varyingComponents) {
        int n = tris.attributes;
        if (rowBase.length < n) {
            rowBase = new float[n];
        }
        shaded = 0;
        final float[] base = rowBase;
        final float[] vin = ctx.varyingsIn();
        final float[] fc = ctx.fragCoord();
        final float[] color = ctx.color();
        final int[] cbuf = s.color;
        final float[] dbuf = s.depth;
        final int width = s.width;
        final long[] edges = tris.edges;
        final int[] boxes = tris.boxes;
        final float[] planes = tris.planes;
        final int stride = tris.planeStride;
        long count = 0;
        for (int t = 0; t < tris.count; t++) {
            int bo = t * Triangles.BOX_STRIDE;
            int minX = boxes[bo];
            int maxX = boxes[bo + 1];
            int minY = boxes[bo + 2];
            int maxY = boxes[bo + 3];
            int eo = t * Triangles.EDGE_STRIDE;
            long a0 = edges[eo], b0 = edges[eo + 1], c0 = edges[eo + 2];
            long a1 = edges[eo + 3], b1 = edges[eo + 4], c1 = edges[eo + 5];
            long a2 = edges[eo + 6], b2 = edges[eo + 7], c2 = edges[eo + 8];
            int po = t * stride;
            int y = firstOwnedRow(minY);
            while (y <= maxY) {
                int bandIndex = y / BAND_ROWS;
                int bandEnd = Math.min((bandIndex + 1) * BAND_ROWS - 1, maxY);
                for (; y <= bandEnd; y++) {
                    long py = y * TriangleSetup.ONE + TriangleSetup.HALF;
                    // Exact span of pixel x where every edge A*(x*ONE + HALF) + B*py + C >= 0.
                    int lo = minX;
                    int hi = maxX;
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
                    float dy = y - minY;
                    for (int k = 0; k < n; k++) {
                        base[k] = planes[po + k] + planes[po + 2 * n + k] * dy;
                    }
                    float dzdx = planes[po + n];
                    float diwdx = planes[po + n + 1];
                    int row = y * width;
                    float fy = y + 0.5f;
                    for (int x = lo; x <= hi; x++) {
                        float dx = x - minX;
                        float z = Math.clamp(base[0] + dzdx * dx, 0f, 1f);
                        int idx = row + x;
                        if (depthTest && !(z < dbuf[idx])) {
                            continue;
                        }
                        float iw = base[1] + diwdx * dx;
                        float w = 1f / iw;
                        for (int k = 0; k < varyingComponents; k++) {
                            vin[k] = (base[2 + k] + planes[po + n + 2 + k] * dx) * w;
                        }
                        fc[0] = x + 0.5f;
                        fc[1] = fy;
                        fc[2] = z;
                        fc[3] = iw;
                        count++;
                        if (!ctx.runFragment()) {
                            continue;
                        }
                        cbuf[idx] = Surface.pack(color[0], color[1], color[2], color[3]);
                        if (depthTest) {
                            dbuf[idx] = z;
                        }
                    }
                }
                y = (bandIndex + bands) * BAND_ROWS;
            }
        }
        shaded = count;
    }

    /** The first row at or after {@code y} in a band this rasterizer owns. */
    private int firstOwnedRow(int y) {
        int b = y / BAND_ROWS;
        int r = Math.floorMod(b - band, bands);
        return r == 0 ? y : (b + bands - r) * BAND_ROWS;
    }
}
