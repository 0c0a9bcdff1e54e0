package dev.csir.gfx.soft;

import java.util.Arrays;

/**
 * The software render target: packed RGBA8 colour (R in the low byte) and float depth, stored
 * in window rows, row 0 = the bottom (window y grows upwards, as GL's and the VirGL resource's
 * do). {@link #readTopDown()} turns it the right way up.
 */
final class Surface {
    final int width;
    final int height;
    final int[] color;
    final float[] depth;

    Surface(int width, int height) {
        this.width = width;
        this.height = height;
        this.color = new int[width * height];
        this.depth = new float[width * height];
        Arrays.fill(depth, 1f);
    }

    void clear(float r, float g, float b, float a, float z) {
        Arrays.fill(color, pack(r, g, b, a));
        Arrays.fill(depth, Math.clamp(z, 0f, 1f));
    }

    /** RGBA8 bytes, row 0 = the top of the image. */
    byte[] readTopDown() {
        byte[] out = new byte[width * height * 4];
        for (int y = 0; y < height; y++) {
            int src = (height - 1 - y) * width;
            int dst = y * width * 4;
            for (int x = 0; x < width; x++) {
                int p = color[src + x];
                out[dst++] = (byte) p;
                out[dst++] = (byte) (p >>> 8);
                out[dst++] = (byte) (p >>> 16);
                out[dst++] = (byte) (p >>> 24);
            }
        }
        return out;
    }

    static int pack(float r, float g, float b, float a) {
        return unorm8(r) | unorm8(g) << 8 | unorm8(b) << 16 | unorm8(a) << 24;
    }

    /** Clamp to [0, 1] and round to nearest; NaN becomes 0. */
    static int unorm8(float c) {
        if (!(c > 0f)) {
            return 0;
        }
        if (c >= 1f) {
            return 255;
        }
        return (int) (c * 255f + 0.5f);
    }
}
