package dev.csir.gfx.soft;

/**
 * Clips one triangle in homogeneous clip space (Sutherland-Hodgman) against w > epsilon, the
 * near and far planes (-w <= z <= w), a guard band in x and y far outside the viewport and the
 * vertex stage's clip distances (gl_ClipDistance; a point is kept where each is at least 0).
 * Inside the guard band x and y are not clipped: the rasterizer's scissor does that exactly, so
 * shared edges stay shared. A vertex is {@code stride} floats: x, y, z, w, then the varyings,
 * which are interpolated linearly in clip space (correct under perspective).
 */
final class Clipper {
    /** Smallest w kept: a vertex at or behind the eye never reaches the divide. */
    static final float W_EPSILON = 1e-5f;
    /** Pixels of guard band on each side of the viewport; window coordinates stay small. */
    static final float GUARD_PIXELS = 16384f;
    /** The fixed planes: w, near, far and the guard band's four. */
    private static final int FIXED_PLANES = 7;

    private final int stride;
    /** Where each clip distance is within a vertex (4 + its varying component). */
    private final int[] distances;
    private final int planes;
    private final float[] bufA;
    private final float[] bufB;
    private float guardX;
    private float guardY;
    private float[] out;
    private int count;

    Clipper(int stride) {
        this(stride, new int[0]);
    }

    /** A clipper that also clips against the clip distances at {@code distances} within each vertex. */
    Clipper(int stride, int[] distances) {
        this.stride = stride;
        this.distances = distances.clone();
        this.planes = FIXED_PLANES + distances.length;
        // each plane adds at most one vertex to the convex polygon
        this.bufA = new float[(3 + planes) * stride];
        this.bufB = new float[(3 + planes) * stride];
    }

    /** Most vertices a clipped triangle can have. */
    int maxVertices() {
        return 3 + planes;
    }

    /** Sets the guard band for a viewport of {@code w x h} pixels. */
    void viewport(int w, int h) {
        guardX = 1f + 2f * GUARD_PIXELS / Math.max(w, 1);
        guardY = 1f + 2f * GUARD_PIXELS / Math.max(h, 1);
    }

    /** Whether a triangle needs no clipping (the common case). */
    boolean inside(float[] v, int o0, int o1, int o2) {
        return outcode(v, o0) == 0 && outcode(v, o1) == 0 && outcode(v, o2) == 0;
    }

    /**
     * Clips the triangle whose vertices start at {@code o0, o1, o2} in {@code v}; returns the
     * vertex count of the resulting convex polygon (0 when nothing is left), readable through
     * {@link #vertices()} at multiples of the stride.
     */
    int clip(float[] v, int o0, int o1, int o2) {
        if (!finite(v, o0) || !finite(v, o1) || !finite(v, o2)) {
            return 0;
        }
        int c0 = outcode(v, o0);
        int c1 = outcode(v, o1);
        int c2 = outcode(v, o2);
        if ((c0 & c1 & c2) != 0) {
            return 0;
        }
        float[] src = bufA;
        System.arraycopy(v, o0, src, 0, stride);
        System.arraycopy(v, o1, src, stride, stride);
        System.arraycopy(v, o2, src, 2 * stride, stride);
        int n = 3;
        int crossed = c0 | c1 | c2;
        float[] dst = bufB;
        for (int p = 0; p < planes && n > 0; p++) {
            if ((crossed & (1 << p)) == 0) {
                continue;
            }
            n = clipPlane(p, src, n, dst);
            float[] t = src;
            src = dst;
            dst = t;
        }
        out = src;
        count = n;
        return n;
    }

    float[] vertices() {
        return out;
    }

    int count() {
        return count;
    }

    private int clipPlane(int plane, float[] src, int n, float[] dst) {
        int m = 0;
        int prev = (n - 1) * stride;
        float dPrev = distance(plane, src, prev);
        for (int i = 0; i < n; i++) {
            int cur = i * stride;
            float dCur = distance(plane, src, cur);
            if (dCur >= 0f) {
                if (dPrev < 0f) {
                    m = emitIntersection(src, cur, prev, dCur, dPrev, dst, m);
                }
                System.arraycopy(src, cur, dst, m * stride, stride);
                m++;
            } else if (dPrev >= 0f) {
                m = emitIntersection(src, prev, cur, dPrev, dCur, dst, m);
            }
            prev = cur;
            dPrev = dCur;
        }
        return m;
    }

    /** Appends the point where the edge from inside vertex {@code in} to outside {@code outV} crosses. */
    private int emitIntersection(float[] src, int in, int outV, float dIn, float dOut, float[] dst, int m) {
        // Always interpolate from the inside vertex so both triangles sharing an edge compute
        // the same point, whichever direction they walk it.
        float t = dIn / (dIn - dOut);
        int o = m * stride;
        for (int k = 0; k < stride; k++) {
            float a = src[in + k];
            dst[o + k] = a + t * (src[outV + k] - a);
        }
        return m + 1;
    }

    private float distance(int plane, float[] v, int o) {
        float x = v[o];
        float y = v[o + 1];
        float z = v[o + 2];
        float w = v[o + 3];
        return switch (plane) {
            case 0 -> w - W_EPSILON;
            case 1 -> z + w;
            case 2 -> w - z;
            case 3 -> guardX * w - x;
            case 4 -> guardX * w + x;
            case 5 -> guardY * w - y;
            case 6 -> guardY * w + y;
            default -> v[o + distances[plane - FIXED_PLANES]];
        };
    }

    private int outcode(float[] v, int o) {
        int code = 0;
        for (int p = 0; p < planes; p++) {
            if (distance(p, v, o) < 0f) {
                code |= 1 << p;
            }
        }
        return code;
    }

    private static boolean finite(float[] v, int o) {
        return Float.isFinite(v[o]) && Float.isFinite(v[o + 1]) && Float.isFinite(v[o + 2])
                && Float.isFinite(v[o + 3]);
    }
}
