package dev.csir.tgsi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The immediate formatter: the six-decimal look where it is exact, and never a changed value. */
class TgsiFloatsTest {

    /** What virglrenderer's parse_float computes: raw bits after "0x", else (float) atof(text). */
    static float parseLikeVirgl(String text) {
        if (text.startsWith("0x")) {
            assertThat(text).hasSize(10);
            return Float.intBitsToFloat(Integer.parseUnsignedInt(text.substring(2), 16));
        }
        assertThat(text).matches("[+-]?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");
        return (float) Double.parseDouble(text);
    }

    @Test
    void sixDecimalsWhereTheyAreExactEnough() {
        assertThat(TgsiFloats.format(0f)).isEqualTo("0.000000");
        assertThat(TgsiFloats.format(0.5f)).isEqualTo("0.500000");
        assertThat(TgsiFloats.format(1f)).isEqualTo("1.000000");
        assertThat(TgsiFloats.format(0.2f)).isEqualTo("0.200000");
        assertThat(TgsiFloats.format(-2.5f)).isEqualTo("-2.500000");
        assertThat(TgsiFloats.format(123.456f)).isEqualTo("123.456001");
        assertThat(TgsiFloats.format(0.7f)).isEqualTo("0.700000");
        assertThat(TgsiFloats.format(1e-6f)).isEqualTo("0.000001");
        assertThat(TgsiFloats.format(1_000_000f)).isEqualTo("1000000.000000");
        assertThat(TgsiFloats.format(9_999_999f)).isEqualTo("9999999.000000");
        assertThat(TgsiFloats.format(-65504.25f)).isEqualTo("-65504.250000");
    }

    @Test
    void negativeZeroKeepsItsSign() {
        assertThat(TgsiFloats.format(-0f)).isEqualTo("-0.000000");
        assertThat(Float.floatToRawIntBits(parseLikeVirgl(TgsiFloats.format(-0f))))
                .isEqualTo(Float.floatToRawIntBits(-0f));
    }

    @Test
    void smallAndLargeValuesAreNeitherFlushedNorClamped() {
        assertThat(TgsiFloats.format(1e-7f)).isEqualTo("1.0E-7");
        assertThat(TgsiFloats.format(-1e-7f)).isEqualTo("-1.0E-7");
        assertThat(TgsiFloats.format(3e38f)).isEqualTo("3.0E38");
        assertThat(TgsiFloats.format(Float.MAX_VALUE)).isEqualTo("3.4028235E38");
        assertThat(TgsiFloats.format(1e7f)).isEqualTo("1.0E7");
        assertThat(TgsiFloats.format(-12345678f)).isEqualTo("-1.2345678E7");
        assertThat(TgsiFloats.format(Float.MIN_VALUE)).isEqualTo("1.4E-45");
        assertThat(TgsiFloats.format(0.1234567f)).isEqualTo("0.1234567");
        assertThat(TgsiFloats.format(1.5e-6f)).isEqualTo("1.5E-6");
    }

    @Test
    void nonFiniteValuesAreWrittenAsRawBits() {
        assertThat(TgsiFloats.format(Float.POSITIVE_INFINITY)).isEqualTo("0x7f800000");
        assertThat(TgsiFloats.format(Float.NEGATIVE_INFINITY)).isEqualTo("0xff800000");
        assertThat(TgsiFloats.format(Float.NaN)).isEqualTo("0x7fc00000");
        assertThat(TgsiFloats.format(Float.intBitsToFloat(0xffc00001))).isEqualTo("0xffc00001");
    }

    @Test
    void appendAddsToTheBuffer() {
        StringBuilder sb = new StringBuilder("{");
        TgsiFloats.append(sb, 2f);
        assertThat(sb).hasToString("{2.000000");
    }

    @Test
    void everyFloatReadsBackToTheSameBits() {
        SplittableRandom random = new SplittableRandom(20261129);
        for (int i = 0; i < 200_000; i++) {
            int bits = i < 100_000 ? random.nextInt() : Float.floatToRawIntBits(
                    (float) (random.nextInt(-2_000_000, 2_000_000) / Math.pow(10, random.nextInt(0, 9))));
            float v = Float.intBitsToFloat(bits);
            String text = TgsiFloats.format(v);
            assertThat(Float.floatToRawIntBits(parseLikeVirgl(text))).as("%s from %08x", text, bits)
                    .isEqualTo(bits);
            assertThat(text.length()).as(text).isLessThanOrEqualTo(24);
        }
    }

    @Test
    void everyExactSixDecimalValueKeepsThePrintfLook() {
        // printf("%.6f") of the float's exact value, computed the slow way.
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            float v = random.nextInt(-1_000_000, 1_000_000) / 64f;
            String expected = new java.math.BigDecimal(v).setScale(6, java.math.RoundingMode.HALF_EVEN)
                    .toPlainString();
            assertThat(TgsiFloats.format(v)).isEqualTo(v == 0 ? "0.000000" : expected);
        }
    }
}
