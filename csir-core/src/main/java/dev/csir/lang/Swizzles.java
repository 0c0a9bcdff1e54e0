package dev.csir.lang;

/** Swizzle letters: the sets {@code xyzw}, {@code rgba} and {@code stpq}, one set per swizzle, 1 to 4 letters. */
public final class Swizzles {
    /** Letters that are no swizzle of any set. */
    public static final int INVALID = -1;
    /** Letters of more than one set. */
    public static final int MIXED = -2;

    private static final String SETS = "xyzwrgbastpq";

    private Swizzles() {
    }

    /** The lanes of {@code letters}, two bits each (lane i at bits 2i..2i+1), or INVALID or MIXED. */
    public static int mask(CharSequence letters) {
        int len = letters.length();
        if (len < 1 || len > 4) {
            return INVALID;
        }
        int set = -1;
        int mask = 0;
        for (int i = 0; i < len; i++) {
            int at = SETS.indexOf(letters.charAt(i));
            if (at < 0) {
                return INVALID;
            }
            if (set >= 0 && set != at / 4) {
                return MIXED;
            }
            set = at / 4;
            mask |= (at % 4) << (2 * i);
        }
        return mask;
    }
}
