package dev.csir.tgsi;

/**
 * Writes one {@code FLT32} immediate value as text that virglrenderer's TGSI parser reads back
 * to exactly the same 32-bit float.
 *
 * <p>The parser ({@code parse_float} in virglrenderer's copy of {@code tgsi_text.c}) accepts two
 * forms: {@code 0x} followed by exactly eight hex digits, taken as the raw IEEE-754 bits, and
 * otherwise a decimal {@code [+-]digits[.digits][(e|E)[+-]digits]} that it converts with
 * {@code (float) atof(text)}, that is decimal to double (correctly rounded) and then double to
 * float. The original C formatter printed six fixed decimals and clamped magnitudes at 1e6, so
 * {@code 1e-7} became {@code 0.000000} and {@code 3e38} became {@code 1000000.000000}. We keep
 * its look where that is exact and never change a value:
 * <ol>
 *   <li>A finite value below 1e7 in magnitude whose {@code "%.6f"} text (correctly rounded, as
 *       C's printf writes it) converts back to the same float is written that way:
 *       {@code 0.500000}, {@code 1.000000}, {@code 0.200000}, {@code 123.456001}.</li>
 *   <li>Any other finite value is written as the shortest decimal that converts back, in Java's
 *       {@link Float#toString} shape ({@code 1.0E-7}, {@code 3.0E38}, {@code 0.001234567}),
 *       which the parser's grammar accepts. If decimal-to-double-to-float double rounding would
 *       move that text to another float, the exact double text of the value is written instead
 *       (a double holds every float exactly, so that conversion cannot move it).</li>
 *   <li>The sign is always kept, so {@code -0.0} is written {@code -0.000000}.</li>
 *   <li>NaN and the infinities have no decimal form the parser takes, so they are written as
 *       their raw bits: {@code 0x7f800000} (+inf), {@code 0xff800000} (-inf), {@code 0x7fc00000}
 *       (the usual NaN; other NaN payloads keep their bits). This form is specific to
 *       virglrenderer's parser (current Mesa would read it as a hex float), which is the parser
 *       this text is made for.</li>
 * </ol>
 */
public final class TgsiFloats {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** Below this magnitude the six-decimal form is tried; Java switches to exponents here too. */
    private static final float FIXED_LIMIT = 1e7f;

    private TgsiFloats() {
    }

    /** The text of one value. */
    public static String format(float v) {
        StringBuilder sb = new StringBuilder(16);
        append(sb, v);
        return sb.toString();
    }

    /** Appends the text of one value. */
    public static void append(StringBuilder sb, float v) {
        int bits = Float.floatToRawIntBits(v);
        if (!Float.isFinite(v)) {
            appendBits(sb, bits);
            return;
        }
        if (bits < 0) {
            sb.append('-');
        }
        float mag = Math.abs(v);
        if (mag < FIXED_LIMIT && appendFixed(sb, mag)) {
            return;
        }
        appendShortest(sb, mag);
    }

    /**
     * Six decimals when they convert back to {@code mag}; otherwise appends nothing. The product
     * {@code mag * 1e6} is exact in double arithmetic (a 24-bit significand times 15625 * 2^6 fits
     * in 53 bits), so {@link Math#rint} rounds the exact value half-to-even as printf does, and
     * {@code n / 1e6} is the correctly rounded double of the printed decimal, as atof returns it.
     */
    private static boolean appendFixed(StringBuilder sb, float mag) {
        double scaled = Math.rint((double) mag * 1e6);
        if ((float) (scaled / 1e6) != mag) {
            return false;
        }
        long n = (long) scaled;
        long whole = n / 1_000_000;
        int frac = (int) (n % 1_000_000);
        sb.append(whole);
        if (frac == 0) {
            // most immediates are whole (zero lanes above all): one append for the decimals
            sb.append(".000000");
            return true;
        }
        sb.append('.');
        // leading zeros of the six decimals, then the rest as one number
        for (int div = 100_000; div > frac; div /= 10) {
            sb.append('0');
        }
        sb.append(frac);
        return true;
    }

    private static void appendShortest(StringBuilder sb, float mag) {
        String text = Float.toString(mag);
        if ((float) Double.parseDouble(text) != mag) {
            text = Double.toString(mag);
        }
        sb.append(text);
    }

    private static void appendBits(StringBuilder sb, int bits) {
        sb.append("0x");
        for (int shift = 28; shift >= 0; shift -= 4) {
            sb.append(HEX[(bits >>> shift) & 0xF]);
        }
    }
}
