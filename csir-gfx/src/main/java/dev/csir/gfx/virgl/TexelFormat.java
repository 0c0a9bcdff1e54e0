package dev.csir.gfx.virgl;

import static dev.csir.gfx.virgl.VirglProtocol.FORMAT_R16G16B16A16_SINT;
import static dev.csir.gfx.virgl.VirglProtocol.FORMAT_R8G8B8A8_UINT;
import static dev.csir.gfx.virgl.VirglProtocol.FORMAT_R8G8B8A8_UNORM;
import static dev.csir.gfx.virgl.VirglProtocol.FORMAT_Z32_UNORM;

import dev.csir.gfx.Texture;

/**
 * The resource format a texture of a sampler kind is uploaded in, and its texels as that format's
 * dwords, so that the host samples what the software device does: RGBA8 for the float kinds; a
 * shadow kind's depth texture as Z32_UNORM, each depth the red byte over 255 (k * 0x01010101,
 * exactly the value the software device compares with; a fixed-point format, so that the host
 * clamps the reference to [0, 1] as GL does for those and the software device does); a usampler's bytes as RGBA8 UINT; an isampler's as
 * RGBA16 SINT, since RGBA8 SINT would read bytes from 128 up as negative numbers and the
 * software device's integers are 0 to 255.
 */
record TexelFormat(int format, int[] words, int wordsPerTexel) {

    static TexelFormat of(Texture t) {
        byte[] rgba = t.rgba();
        int texels = rgba.length / 4;
        if (t.kind().isShadowSampler()) {
            int[] depth = new int[texels];
            for (int i = 0; i < texels; i++) {
                depth[i] = (rgba[i * 4] & 0xff) * 0x01010101;
            }
            return new TexelFormat(FORMAT_Z32_UNORM, depth, 1);
        }
        if (t.kind().isIntegerSampler() && !t.kind().isUnsignedSampler()) {
            int[] shorts = new int[texels * 2];
            for (int i = 0; i < texels; i++) {
                int o = i * 4;
                shorts[i * 2] = (rgba[o] & 0xff) | (rgba[o + 1] & 0xff) << 16;
                shorts[i * 2 + 1] = (rgba[o + 2] & 0xff) | (rgba[o + 3] & 0xff) << 16;
            }
            return new TexelFormat(FORMAT_R16G16B16A16_SINT, shorts, 2);
        }
        int[] words = new int[texels];
        for (int i = 0; i < texels; i++) {
            int o = i * 4;
            words[i] = (rgba[o] & 0xff) | (rgba[o + 1] & 0xff) << 8 | (rgba[o + 2] & 0xff) << 16 | (rgba[o + 3] & 0xff) << 24;
        }
        return new TexelFormat(t.kind().isIntegerSampler() ? FORMAT_R8G8B8A8_UINT : FORMAT_R8G8B8A8_UNORM, words, 1);
    }
}
