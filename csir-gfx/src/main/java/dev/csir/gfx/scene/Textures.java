package dev.csir.gfx.scene;

import dev.csir.gfx.Texture;

/** Built-in textures of {@code csir render}. */
public final class Textures {
    private Textures() {
    }

    /** 8x8 texels alternating opaque white and opaque red, texel (0, 0) white. */
    public static Texture checker() {
        byte[] rgba = new byte[8 * 8 * 4];
        for (int j = 0; j < 8; j++) {
            for (int i = 0; i < 8; i++) {
                int o = (j * 8 + i) * 4;
                boolean white = ((i + j) & 1) == 0;
                rgba[o] = (byte) 255;
                rgba[o + 1] = (byte) (white ? 255 : 0);
                rgba[o + 2] = (byte) (white ? 255 : 0);
                rgba[o + 3] = (byte) 255;
            }
        }
        return new Texture(8, 8, rgba);
    }
}
