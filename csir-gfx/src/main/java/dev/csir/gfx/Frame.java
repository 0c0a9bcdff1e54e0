package dev.csir.gfx;

/**
 * A read-back colour image: RGBA8, rows top-down (row 0 is the top of the image, where NDC
 * y = +1 lands), {@code width * 4} bytes per row.
 */
public final class Frame {
    private final int width;
    private final int height;
    private final byte[] rgba;

    public Frame(int width, int height, byte[] rgba) {
        if (rgba.length != width * height * 4) {
            throw new IllegalArgumentException("frame " + width + "x" + height + " with " + rgba.length + " bytes");
        }
        this.width = width;
        this.height = height;
        this.rgba = rgba.clone();
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** A copy of the pixel bytes. */
    public byte[] rgba() {
        return rgba.clone();
    }

    /** The pixel at column x, row y (row 0 = top) as 0xRRGGBBAA. */
    public int pixel(int x, int y) {
        int o = offset(x, y);
        return (rgba[o] & 0xff) << 24 | (rgba[o + 1] & 0xff) << 16 | (rgba[o + 2] & 0xff) << 8 | (rgba[o + 3] & 0xff);
    }

    /** The four channels of a pixel, each 0..255. */
    public int[] channels(int x, int y) {
        int o = offset(x, y);
        return new int[] {rgba[o] & 0xff, rgba[o + 1] & 0xff, rgba[o + 2] & 0xff, rgba[o + 3] & 0xff};
    }

    private int offset(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new IndexOutOfBoundsException("pixel (" + x + ", " + y + ") outside " + width + "x" + height);
        }
        return (y * width + x) * 4;
    }
}
