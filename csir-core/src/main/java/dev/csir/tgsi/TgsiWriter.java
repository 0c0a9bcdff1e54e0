package dev.csir.tgsi;

/**
 * Appends TGSI tokens to one pre-sized buffer: registers, write masks, swizzles and numbered
 * instruction lines. Keeps the program counter, which counts emitted TGSI instructions only.
 */
final class TgsiWriter {
    private static final char[] LANE = {'x', 'y', 'z', 'w'};
    /** Write masks for 1..3 lanes; 4 lanes (and the 0 = 4 convention) print no mask. */
    private static final String[] MASK = {"", ".x", ".xy", ".xyz", ""};

    final StringBuilder sb;
    private int pc;

    TgsiWriter(int capacity) {
        sb = new StringBuilder(capacity);
    }

    int length() {
        return sb.length();
    }

    TgsiWriter text(String s) {
        sb.append(s);
        return this;
    }

    TgsiWriter num(int n) {
        sb.append(n);
        return this;
    }

    /** Starts an instruction line: two spaces, the program counter, a colon, then the opcode. */
    TgsiWriter begin(String opcode) {
        sb.append("  ").append(pc++).append(": ").append(opcode);
        return this;
    }

    /** Ends the current line. */
    void end() {
        sb.append('\n');
    }

    /** Separator before the first operand. */
    TgsiWriter sp() {
        sb.append(' ');
        return this;
    }

    /** Separator between operands. */
    TgsiWriter comma() {
        sb.append(", ");
        return this;
    }

    TgsiWriter reg(String file, int index) {
        sb.append(file).append('[').append(index).append(']');
        return this;
    }

    /** A vec4 of constant buffer 0: {@code CONST[0][slot]}. */
    TgsiWriter constant(int slot) {
        sb.append("CONST[0][").append(slot).append(']');
        return this;
    }

    /** The write mask of an n-lane value (n in 1..4; empty for 4). */
    static String mask(int n) {
        return MASK[n];
    }

    TgsiWriter temp(int t) {
        return reg("TEMP", t);
    }

    /** A destination temporary with the write mask of an n-lane value (n in 1..4). */
    TgsiWriter tempMasked(int t, int n) {
        temp(t);
        sb.append(MASK[n]);
        return this;
    }

    /** A destination temporary writing the single lane {@code lane} (0..3). */
    TgsiWriter tempLane(int t, int lane) {
        temp(t);
        sb.append('.').append(LANE[lane]);
        return this;
    }

    /** A source temporary with lane {@code lane} (0..3) replicated: {@code TEMP[t].yyyy}. */
    TgsiWriter tempReplicated(int t, int lane) {
        temp(t);
        char c = LANE[lane];
        sb.append('.').append(c).append(c).append(c).append(c);
        return this;
    }

    /**
     * A source temporary read through a CSIR swizzle: lane i of the first {@code n} comes from bits
     * {@code 2i..2i+1} of {@code mask}; the rest are padded with x so the swizzle always has the four
     * letters the parser requires. The suffix is left out for a 4-lane identity.
     */
    TgsiWriter tempSwizzled(int t, int mask, int n) {
        temp(t);
        if (n == 4 && (mask & 0xFF) == 0xE4) {
            return this;
        }
        sb.append('.');
        for (int i = 0; i < 4; i++) {
            sb.append(i < n ? LANE[(mask >> (2 * i)) & 3] : 'x');
        }
        return this;
    }

    /** The CSIR mask that reads lanes 0..3 in order. */
    static final int IDENTITY = 0xE4;
}
