package dev.csir.gfx;

/**
 * A 2D RGBA8 texture sampled nearest with clamp-to-edge. Texels are given in rows of
 * {@code width * 4} bytes, row 0 first, and row 0 is at texture coordinate t = 0 (the GL
 * convention of glTexImage2D): texel (i, j) covers s in [i/w, (i+1)/w) and t in [j/h, (j+1)/h).
 */
public final class Texture {
    private final int width;
    private final int height;
    private final byte[] rgba;

    public Texture(int width, int height, byte[] rgba) {
        if (width < 1 || height < 1 || rgba.length != width * height * 4) {
            throw new IllegalArgumentException("texture " + width + "x" + height + " with " + rgba.length + " bytes");
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

    /** A copy of the texel bytes. */
    public byte[] rgba() {
        return rgba.clone();
    }

    /** The texel at column i, row j as 0xRRGGBBAA. */
    public int texel(int i, int j) {
        int o = (j * width + i) * 4;
        return (rgba[o] & 0xff) << 24 | (rgba[o + 1] & 0xff) << 16 | (rgba[o + 2] & 0xff) << 8 | (rgba[o + 3] & 0xff);
    }
}
