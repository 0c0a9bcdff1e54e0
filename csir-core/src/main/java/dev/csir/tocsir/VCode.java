package dev.csir.tocsir;

import dev.csir.ir.Opcode;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * CSIR code over virtual registers, before allocation. A register operand is encoded as
 * {@code vreg << COLUMN_BITS | column}: a matrix or a register array lives in consecutive
 * temporaries and its columns or elements are read and written at an offset. -1 is no operand.
 */
final class VCode {
    /** One CSIR instruction on virtual registers; {@code dstRead} marks a partial write (the rest of dst lives on). */
    record Op(Opcode op, Type ty, int ncomp, int dst, int a, int b, int aux, int aux2, boolean dstRead, int line,
            int column) implements Item {
    }

    /** Copies that happen at once (phi moves on an edge): each {@code dsts[i]} gets {@code srcs[i]}, whole registers. */
    record Copies(int[] dsts, int[] srcs, int line, int column) implements Item {
    }

    sealed interface Item permits Op, Copies {
        int line();

        int column();
    }

    final List<Item> items = new ArrayList<>();
    /** The values of each CONST (its {@code aux}), 1 to 4 floats. */
    final List<float[]> constants = new ArrayList<>();
    private final List<Integer> widths = new ArrayList<>();

    /** Bits of an operand for the temporary within its register: a register array may take all of CSIR's temporaries. */
    static final int COLUMN_BITS = 12;

    static int operand(int vreg, int column) {
        return vreg << COLUMN_BITS | column;
    }

    static int vreg(int operand) {
        return operand >> COLUMN_BITS;
    }

    static int column(int operand) {
        return operand & ((1 << COLUMN_BITS) - 1);
    }

    /** A new virtual register of {@code width} consecutive temporaries (1, a matrix's columns, an array's registers). */
    int newRegister(int width) {
        widths.add(width);
        return operand(widths.size() - 1, 0);
    }

    int width(int vreg) {
        return widths.get(vreg);
    }

    int registers() {
        return widths.size();
    }
}
