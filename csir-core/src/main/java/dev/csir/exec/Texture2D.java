package dev.csir.exec;

import java.util.Arrays;

/**
 * A CPU texture for {@link Interpreter} sampling: row-major texels as {@code 0xAARRGGBB}, row 0 at
 * v = 0 (the original's BGRA byte buffer read as little-endian ints). The array is shared, not
 * copied, so a caller may update texels in place between invocations.
 */
public record Texture2D(int width, int height, int[] argb, Nearest nearest) {

    /** Which texel nearest sampling picks for a coordinate (both clamp to the edge). */
    public enum Nearest {
        /** The original's: u clamped to [0, 1], texel {@code (int)(u*(w-1)+0.5)}. */
        ORIGINAL,
        /**
         * GL's GL_NEAREST with CLAMP_TO_EDGE, what the VirGL path samples: texel
         * {@code floor(u*w)} clamped to [0, w-1], so texel i covers [i/w, (i+1)/w).
         */
        GL
    }

    public Texture2D {
        if (width < 0 || height < 0 || argb == null || argb.length < (long) width * height) {
            throw new IllegalArgumentException("texture " + width + "x" + height + " needs "
                    + (long) width * height + " texels");
        }
        if (nearest == null) {
            throw new IllegalArgumentException("texture without a sampling rule");
        }
    }

    /** A texture sampled by the original's rule. */
    public Texture2D(int width, int height, int[] argb) {
        this(width, height, argb, Nearest.ORIGINAL);
    }

    /** The texel at (x, y), no bounds forgiveness. */
    public int texel(int x, int y) {
        return argb[y * width + x];
    }

    /**
     * Nearest/clamp sampling as the original does it: u and v clamped to [0, 1], texel
     * {@code (int)(u*(w-1)+0.5)}, channels divided by 255. Writes r, g, b, a at {@code out[at..]};
     * an empty texture (or {@code tex == null}) samples (0, 0, 0, 0).
     */
    public static void sample(Texture2D tex, float u, float v, float[] out, int at) {
        if (tex == null || tex.width <= 0 || tex.height <= 0) {
            out[at] = 0f;
            out[at + 1] = 0f;
            out[at + 2] = 0f;
            out[at + 3] = 0f;
            return;
        }
        int w = tex.width;
        int h = tex.height;
        // Written as "less than / greater than" so NaN passes through like the C code; the int
        // cast below then gives 0 and the index clamp keeps it in range.
        if (u < 0f) {
            u = 0f;
        }
        if (u > 1f) {
            u = 1f;
        }
        if (v < 0f) {
            v = 0f;
        }
        if (v > 1f) {
            v = 1f;
        }
        int x;
        int y;
        if (tex.nearest == Nearest.GL) {
            x = Math.clamp((int) (u * w), 0, w - 1);
            y = Math.clamp((int) (v * h), 0, h - 1);
        } else {
            x = Math.clamp((int) (u * (w - 1) + 0.5f), 0, w - 1);
            y = Math.clamp((int) (v * (h - 1) + 0.5f), 0, h - 1);
        }
        int p = tex.argb[y * w + x];
        out[at] = ((p >>> 16) & 0xFF) / 255f;
        out[at + 1] = ((p >>> 8) & 0xFF) / 255f;
        out[at + 2] = (p & 0xFF) / 255f;
        out[at + 3] = (p >>> 24) / 255f;
    }

    /**
     * The texel at column {@code x}, row {@code y} (whole numbers, as CSIR holds integers) of level
     * {@code lod}; zeros outside the texture and for any level but the one these textures have.
     */
    public static void fetch(Texture2D tex, float x, float y, float lod, float[] out, int at) {
        if (tex == null || lod != 0f || !(x >= 0f && x < tex.width && y >= 0f && y < tex.height)) {
            java.util.Arrays.fill(out, at, at + 4, 0f);
            return;
        }
        int p = tex.argb[(int) y * tex.width + (int) x];
        out[at] = ((p >>> 16) & 0xFF) / 255f;
        out[at + 1] = ((p >>> 8) & 0xFF) / 255f;
        out[at + 2] = (p & 0xFF) / 255f;
        out[at + 3] = (p >>> 24) / 255f;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Texture2D t && width == t.width && height == t.height && nearest == t.nearest
                && Arrays.equals(argb, 0, width * height, t.argb, 0, t.width * t.height);
    }

    @Override
    public int hashCode() {
        return (width * 31 + height) * 31 + Arrays.hashCode(Arrays.copyOf(argb, width * height));
    }

    @Override
    public String toString() {
        return "Texture2D[" + width + "x" + height + (nearest == Nearest.GL ? ", GL" : "") + "]";
    }
}
