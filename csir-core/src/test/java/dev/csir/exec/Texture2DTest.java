package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.ir.Opcode;
import org.junit.jupiter.api.Test;

class Texture2DTest {

    // 3 x 2, row 0 first; each texel's red byte is 10*y + x + 1 so a sample names its texel.
    private static final Texture2D TEX = new Texture2D(3, 2, new int[] {
        0xFF010000, 0xFF020000, 0xFF030000,
        0xFF0B0000, 0xFF0C0000, 0xFF0D0000,
    });

    private static int texel(float u, float v) {
        float[] out = new float[4];
        Texture2D.sample(TEX, u, v, out, 0);
        return Math.round(out[0] * 255f);
    }

    @Test
    void nearestTexelWithRowZeroAtVZero() {
        assertThat(texel(0f, 0f)).isEqualTo(1);
        assertThat(texel(1f, 0f)).isEqualTo(3);
        assertThat(texel(0f, 1f)).isEqualTo(11);
        assertThat(texel(1f, 1f)).isEqualTo(13);
        assertThat(texel(0.5f, 0.49f)).isEqualTo(2);
        assertThat(texel(0.5f, 0.5f)).isEqualTo(12);
    }

    @Test
    void roundsHalfUpOnTheTexelGrid() {
        // x = (int)(u * (w - 1) + 0.5) with w - 1 = 2
        assertThat(texel(0.24f, 0f)).isEqualTo(1);
        assertThat(texel(0.25f, 0f)).isEqualTo(2);
        assertThat(texel(0.74f, 0f)).isEqualTo(2);
        assertThat(texel(0.75f, 0f)).isEqualTo(3);
    }

    @Test
    void clampsCoordinatesOutsideTheUnitSquare() {
        assertThat(texel(-5f, 7f)).isEqualTo(11);
        assertThat(texel(2f, -1f)).isEqualTo(3);
        assertThat(texel(Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)).isEqualTo(3);
        assertThat(texel(Float.NaN, Float.NaN)).isEqualTo(1);
    }

    @Test
    void channelsComeFromArgbBytes() {
        float[] out = new float[6];
        Texture2D.sample(new Texture2D(1, 1, new int[] {0x80FF4001}), 0.3f, 0.3f, out, 2);
        assertThat(out).containsExactly(0f, 0f, 1f, 0x40 / 255f, 1 / 255f, 0x80 / 255f);
    }

    @Test
    void emptyOrMissingTexturesSampleZero() {
        float[] out = {9f, 9f, 9f, 9f};
        Texture2D.sample(null, 0f, 0f, out, 0);
        assertThat(out).containsOnly(0f);
        out = new float[] {9f, 9f, 9f, 9f};
        Texture2D.sample(new Texture2D(0, 5, new int[0]), 0f, 0f, out, 0);
        assertThat(out).containsOnly(0f);
    }

    @Test
    void rejectsTooFewTexels() {
        assertThatThrownBy(() -> new Texture2D(2, 2, new int[3])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Texture2D(-1, 2, new int[3])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sampleOpUsesTheTextureOfItsSlot() {
        Prog p = Prog.fragment();
        int uv = p.vec(1f, 1f, 7f, 7f);
        int s0 = p.fresh(Opcode.SAMPLE, 4, uv, -1, 0);
        int s2 = p.fresh(Opcode.SAMPLE, 4, uv, -1, 2);
        int s3 = p.fresh(Opcode.SAMPLE, 4, uv, -1, 3);
        int s31 = p.fresh(Opcode.SAMPLE, 4, uv, -1, 31);
        Interpreter in = p.interpreter(null);
        Frame f = in.newFrame();
        // the default profile's 32 sampler slots
        assertThat(f.textures()).hasSize(32);
        f.texture(0, TEX).texture(2, new Texture2D(1, 1, new int[] {0x00000080}));
        f.texture(31, new Texture2D(1, 1, new int[] {0xFF00FF00}));
        in.run(f);
        assertThat(Prog.reg(f, s0)).containsExactly(13 / 255f, 0f, 0f, 1f);
        assertThat(Prog.reg(f, s2)).containsExactly(0f, 0f, 128 / 255f, 0f);
        assertThat(Prog.reg(f, s3)).containsExactly(0f, 0f, 0f, 0f);
        assertThat(Prog.reg(f, s31)).containsExactly(0f, 1f, 0f, 1f);
    }
}
