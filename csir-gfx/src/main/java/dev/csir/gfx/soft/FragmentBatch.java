package dev.csir.gfx.soft;

/**
 * Fragments shaded together, in structure-of-arrays form: lane {@code i}'s varying component
 * {@code k} at {@code varyings[k * SIZE + i]}, its gl_FragCoord in {@code x, y, z, w}, its
 * colour out in {@code r, g, b, a} and whether it survived (not discarded) in {@code kept}. One
 * per rasterizer thread, reused for every batch: nothing is allocated per fragment.
 */
public final class FragmentBatch {
    /** Lanes per batch: enough for the loops over lanes to pay, small enough to stay in cache. */
    public static final int SIZE = 64;

    final float[] varyings;
    final float[] x = new float[SIZE];
    final float[] y = new float[SIZE];
    final float[] z = new float[SIZE];
    final float[] w = new float[SIZE];
    final float[] r = new float[SIZE];
    final float[] g = new float[SIZE];
    final float[] b = new float[SIZE];
    final float[] a = new float[SIZE];
    final boolean[] kept = new boolean[SIZE];
    /** gl_FragDepth per lane, when the shading writes it ({@link Shading#writesDepth}). */
    final float[] depth = new float[SIZE];
    /** The lane's pixel in the surface, for the writes after shading. */
    final int[] pixel = new int[SIZE];
    /** Whether the batch's triangle (a batch holds one triangle's pixels) faces front. */
    boolean frontFacing = true;
    private final int components;

    FragmentBatch(int varyingComponents) {
        this.components = varyingComponents;
        this.varyings = new float[Math.max(varyingComponents, 1) * SIZE];
    }

    /** Interpolated varying components per lane (the draw's slots times 4). */
    public int components() {
        return components;
    }

    public float[] varyings() {
        return varyings;
    }

    public float[] fragX() {
        return x;
    }

    public float[] fragY() {
        return y;
    }

    public float[] fragZ() {
        return z;
    }

    public float[] fragW() {
        return w;
    }

    public float[] red() {
        return r;
    }

    public float[] green() {
        return g;
    }

    public float[] blue() {
        return b;
    }

    public float[] alpha() {
        return a;
    }

    /** Whether every lane's triangle faces front (gl_FrontFacing). */
    public boolean frontFacing() {
        return frontFacing;
    }

    /** Per lane: true when the fragment was not discarded (its colour is to be written). */
    public boolean[] kept() {
        return kept;
    }
}
