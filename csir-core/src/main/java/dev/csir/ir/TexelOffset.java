package dev.csir.ir;

/**
 * The texel offset (and a gather's component) that {@link Opcode#SAMPLE_OFFSET},
 * {@link Opcode#SAMPLE_LOD_OFFSET}, {@link Opcode#FETCH_OFFSET} and {@link Opcode#GATHER} keep in
 * their record's {@code aux2}: x in bits 0-5 and y in bits 6-11, each two's complement in
 * [-32, 31] (GLSL's gather offsets; the others' are in [-8, 7]), the component in bits 12-13.
 */
public final class TexelOffset {
    private TexelOffset() {
    }

    /** The smallest and largest offset a record holds. */
    public static final int MIN = -32, MAX = 31;

    /** The aux2 of offset (x, y) and component {@code component} (0 to 3). */
    public static int pack(int x, int y, int component) {
        if (x < MIN || x > MAX || y < MIN || y > MAX || component < 0 || component > 3) {
            throw new IllegalArgumentException("texel offset (" + x + ", " + y + ") component " + component);
        }
        return (x & 0x3F) | (y & 0x3F) << 6 | component << 12;
    }

    public static int x(int aux2) {
        return (aux2 << 26) >> 26;
    }

    public static int y(int aux2) {
        return (aux2 << 20) >> 26;
    }

    public static int component(int aux2) {
        return (aux2 >> 12) & 3;
    }

    /** Whether {@code aux2} is a value {@link #pack} gives. */
    public static boolean valid(int aux2) {
        return aux2 >= 0 && aux2 < 1 << 14;
    }
}
