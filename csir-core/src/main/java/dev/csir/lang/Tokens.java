package dev.csir.lang;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lexer's output: tokens in parallel arrays (kind, 1-based line and column, byte offset and
 * length in the UTF-8 source, numeric values), always ending with an {@link TokenKind#EOF} token.
 */
public final class Tokens {
    private final byte[] source;
    TokenKind[] kind;
    int[] line;
    int[] column;
    int[] offset;
    int[] length;
    float[] floatValue;
    long[] intValue;
    int count;
    /**
     * The lexer's errors of each token, held back until the preprocessor knows the token is
     * compiled (not in a skipped group or a directive); null when the lexer reported them itself.
     */
    String[] error;
    /**
     * Where each token is shown in the original source, when that is not where its text is (a
     * macro's expansion is shown at the macro's use, an included file at its #include); null
     * when every token's text is its place.
     */
    int[] spanOffset;
    int[] spanLength;
    /** The #version the source asked for. */
    GlslVersion version = GlslVersion.DEFAULT;
    /** The extensions an {@code #extension} line enabled (require, enable or warn), which decide some built-ins. */
    java.util.Set<String> extensions = java.util.Set.of();

    Tokens(byte[] source, int capacity) {
        this.source = source;
        int cap = Math.max(16, capacity);
        kind = new TokenKind[cap];
        line = new int[cap];
        column = new int[cap];
        offset = new int[cap];
        length = new int[cap];
        floatValue = new float[cap];
        intValue = new long[cap];
    }

    int add(TokenKind k, int ln, int col, int off, int len) {
        if (count == kind.length) {
            int cap = count * 2;
            kind = Arrays.copyOf(kind, cap);
            line = Arrays.copyOf(line, cap);
            column = Arrays.copyOf(column, cap);
            offset = Arrays.copyOf(offset, cap);
            length = Arrays.copyOf(length, cap);
            floatValue = Arrays.copyOf(floatValue, cap);
            intValue = Arrays.copyOf(intValue, cap);
            if (error != null) {
                error = Arrays.copyOf(error, cap);
            }
            if (spanOffset != null) {
                spanOffset = Arrays.copyOf(spanOffset, cap);
                spanLength = Arrays.copyOf(spanLength, cap);
            }
        }
        kind[count] = k;
        line[count] = ln;
        column[count] = col;
        offset[count] = off;
        length[count] = len;
        return count++;
    }

    /** Keeps the lexer's errors on the tokens instead of reporting them (the preprocessor's raw tokens). */
    void holdErrors() {
        error = new String[kind.length];
    }

    /** Gives every token a shown span apart from its text's. */
    void separateSpans() {
        spanOffset = new int[kind.length];
        spanLength = new int[kind.length];
    }

    /** The UTF-8 byte offset in the original source where token i is shown. */
    public int spanOffset(int i) {
        return spanOffset == null ? offset[i] : spanOffset[i];
    }

    /** The byte length of the source span where token i is shown. */
    public int spanLength(int i) {
        return spanLength == null ? length[i] : spanLength[i];
    }

    /** The #version the source asked for ({@link GlslVersion#DEFAULT} without one). */
    public GlslVersion version() {
        return version;
    }

    /** The extensions the source enabled with {@code #extension} (require, enable or warn). */
    public java.util.Set<String> extensions() {
        return extensions;
    }

    /** The bytes token texts are taken from. */
    byte[] source() {
        return source;
    }

    /** Tokens including the final EOF. */
    public int count() {
        return count;
    }

    public TokenKind kind(int i) {
        return kind[i];
    }

    public int line(int i) {
        return line[i];
    }

    public int column(int i) {
        return column[i];
    }

    /** The token's source text (identifiers and numbers are ASCII). */
    public String text(int i) {
        return new String(source, offset[i], length[i], StandardCharsets.ISO_8859_1);
    }

    /** The value of a FLOAT token, or of an INT token as a float. */
    public float floatValue(int i) {
        return floatValue[i];
    }

    /** The value of an INT token, 0..2^32-1 as the original's unsigned 32-bit conversion gives it. */
    public long intValue(int i) {
        return intValue[i];
    }

    /**
     * The value of an INT token's digits (decimal, {@code 0x} hexadecimal or {@code 0} octal),
     * saturating at {@link Long#MAX_VALUE}.
     */
    long exactInt(int i) {
        int len = length[i];
        int radix = 10;
        int from = 0;
        if (len > 1 && charAt(i, 0) == '0') {
            boolean hex = charAt(i, 1) == 'x' || charAt(i, 1) == 'X';
            radix = hex ? 16 : 8;
            from = hex ? 2 : 1;
        }
        long v = 0;
        for (int k = from; k < len; k++) {
            int d = Character.digit(charAt(i, k), radix);
            if (d < 0) {
                break;
            }
            v = v > (Long.MAX_VALUE - d) / radix ? Long.MAX_VALUE : v * radix + d;
        }
        return v;
    }

    /** The correctly rounded float of a FLOAT token's text (an over-long exponent is infinity or zero). */
    float exactFloat(int i) {
        String text = new String(source, offset[i], length[i], java.nio.charset.StandardCharsets.US_ASCII);
        try {
            return Float.parseFloat(text);
        } catch (NumberFormatException e) {
            return floatValue[i];
        }
    }

    /** The length in bytes of token i's text. */
    public int length(int i) {
        return length[i];
    }

    /** The byte at position k of token i's text. */
    int charAt(int i, int k) {
        return source[offset[i] + k] & 0xFF;
    }
}
