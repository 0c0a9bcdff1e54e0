package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The two nearest-texel rules: the original's rounding and GL's floor, both clamped to the edge. */
class Texture2DNearestTest {
    /** Four texels in a row whose red channel is the texel index. */
    private static Texture2D row(Texture2D.Nearest rule) {
        return new Texture2D(4, 1, new int[] {0xFF000000, 0xFF010000, 0xFF020000, 0xFF030000}, rule);
    }

    private static int texel(Texture2D t, float u) {
        float[] out = new float[4];
        Texture2D.sample(t, u, 0.5f, out, 0);
        return Math.round(out[0] * 255);
    }

    @Test
    void glNearestPicksTheTexelWhoseSpanHoldsTheCoordinate() {
        Texture2D gl = row(Texture2D.Nearest.GL);
        float[] u = {-1f, 0f, 0.2499f, 0.25f, 0.49f, 0.5f, 0.74f, 0.76f, 0.9999f, 1f, 7f, Float.NaN};
        int[] expected = {0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 0};
        for (int i = 0; i < u.length; i++) {
            assertThat(texel(gl, u[i])).as("u = %s", u[i]).isEqualTo(expected[i]);
        }
    }

    @Test
    void theOriginalRuleRoundsAcrossWidthMinusOne() {
        Texture2D orig = row(Texture2D.Nearest.ORIGINAL);
        float[] u = {0f, 0.16f, 0.17f, 0.49f, 0.51f, 0.83f, 0.84f, 1f};
        int[] expected = {0, 0, 1, 1, 2, 2, 3, 3};
        for (int i = 0; i < u.length; i++) {
            assertThat(texel(orig, u[i])).as("u = %s", u[i]).isEqualTo(expected[i]);
        }
        assertThat(new Texture2D(4, 1, new int[4]).nearest()).isEqualTo(Texture2D.Nearest.ORIGINAL);
        assertThat(row(Texture2D.Nearest.GL)).isNotEqualTo(orig);
    }
}
