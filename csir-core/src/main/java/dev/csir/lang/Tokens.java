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
        }
        kind[count] = k;
        line[count] = ln;
        column[count] = col;
        offset[count] = off;
        length[count] = len;
        return count++;
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

    /** The value of an INT token's digits, saturating at {@link Long#MAX_VALUE}. */
    long exactInt(int i) {
        long v = 0;
        for (int k = 0; k < length[i]; k++) {
            int d = charAt(i, k) - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v > (Long.MAX_VALUE - d) / 10 ? Long.MAX_VALUE : v * 10 + d;
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
