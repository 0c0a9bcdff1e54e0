package dev.csir.ir;

/**
 * One CSIR instruction: the fields of the 16-byte record. {@code op}, {@code ty} and {@code ncomp}
 * are unsigned bytes; the other fields are signed 16-bit values where -1 means "unused".
 * The opcode is kept as a raw number so that a loaded blob with a bad opcode can still be
 * represented and rejected by the verifier.
 */
public record Insn(int op, int ty, int ncomp, int dst, int a, int b, int c, int aux, int aux2) {

    public Insn {
        checkU8("op", op);
        checkU8("ty", ty);
        checkU8("ncomp", ncomp);
        checkI16("dst", dst);
        checkI16("a", a);
        checkI16("b", b);
        checkI16("c", c);
        checkI16("aux", aux);
        checkI16("aux2", aux2);
    }

    /** An instruction with the given opcode and type. */
    public static Insn of(Opcode op, Type ty, int ncomp, int dst, int a, int b, int aux, int aux2) {
        return new Insn(op.code(), ty.code(), ncomp, dst, a, b, -1, aux, aux2);
    }

    /** The opcode, or {@code null} when {@link #op} names none. */
    public Opcode opcode() {
        return Opcode.of(op);
    }

    /** This instruction turned into a NOP (all other fields kept, as the original optimizer does). */
    public Insn asNop() {
        return new Insn(Opcode.NOP.code(), ty, ncomp, dst, a, b, c, aux, aux2);
    }

    private static void checkU8(String field, int v) {
        if (v < 0 || v > 0xFF) {
            throw new IllegalArgumentException(field + " out of u8 range: " + v);
        }
    }

    private static void checkI16(String field, int v) {
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw new IllegalArgumentException(field + " out of i16 range: " + v);
        }
    }
}
