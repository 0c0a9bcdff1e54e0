package dev.csir.tocsir;

import dev.csir.ir.Opcode;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.StructType;
import dev.csir.types.Type;

/**
 * Arrays and structs as values: a block of consecutive registers laid out as {@link IndexedMemory}
 * lays out memory (elements and members in order, each leaf, a scalar, vector or matrix, in
 * registers of its own), so storing one to a local or loading one from it copies leaf by leaf.
 * Built by constants and constructors, taken apart by extracts, changed by inserts, chosen by a
 * scalar select, merged by phis (whole-register copies of the block).
 */
final class Aggregates {
    private final Selector s;

    Aggregates(Selector s) {
        this.s = s;
    }

    static boolean is(Type t) {
        return t instanceof ArrayType || t instanceof StructType;
    }

    /** Whether CSIR holds every leaf of {@code t}. */
    static boolean representable(Type t) {
        return switch (t) {
            case ArrayType a -> representable(a.element());
            case StructType st -> st.members().stream().allMatch(m -> representable(m.type()));
            default -> Selector.representable(t);
        };
    }

    /** A leaf of an aggregate and the register offset of its first column in the block. */
    interface Leaf {
        void at(Type leaf, int offset);
    }

    /** Visits the leaves of {@code t} in layout order. */
    static void leaves(Type t, int offset, Leaf visit) {
        switch (t) {
            case ArrayType a -> {
                int stride = Slots.slotsOf(a.element());
                for (int k = 0; k < a.length(); k++) {
                    leaves(a.element(), offset + k * stride, visit);
                }
            }
            case StructType st -> {
                int at = offset;
                for (StructType.Member m : st.members()) {
                    leaves(m.type(), at, visit);
                    at += Slots.slotsOf(m.type());
                }
            }
            default -> visit.at(t, offset);
        }
    }

    private static Type element(Type t, int k) {
        return t instanceof ArrayType a ? a.element() : ((StructType) t).members().get(k).type();
    }

    /** The register offset of element or member {@code k} of {@code t}. */
    private static int offsetOf(Type t, int k) {
        if (t instanceof ArrayType a) {
            return k * Slots.slotsOf(a.element());
        }
        int at = 0;
        for (int j = 0; j < k; j++) {
            at += Slots.slotsOf(((StructType) t).members().get(j).type());
        }
        return at;
    }

    private static int count(Type t) {
        return t instanceof ArrayType a ? a.length() : ((StructType) t).members().size();
    }

    /** Writes the constant {@code c} (an aggregate, or a leaf) into the block at {@code r}. */
    void constantInto(Constant c, int r) {
        Type t = c.type();
        if (!is(t)) {
            s.writeConstant(c, r, true);
            return;
        }
        for (int k = 0; k < count(t); k++) {
            Constant e = c instanceof Constant.Composite comp ? comp.elements().get(k) : new Constant.Undef(element(t, k));
            constantInto(e, r + offsetOf(t, k));
        }
    }

    /** Copies a value of type {@code t} (an aggregate or a leaf) from the block at {@code src} to the one at {@code dst}. */
    void copy(Type t, int dst, int src) {
        leaves(t, 0, (leaf, o) -> {
            for (int col = 0; col < Selector.width(leaf); col++) {
                s.emitPartial(Opcode.MOV, s.colType(leaf), Selector.lanes(leaf), dst + o + col, src + o + col, -1, 0, 0);
            }
        });
    }

    void construct(Instruction i) {
        int d = s.result(i);
        int at = 0;
        for (Value part : i.operands()) {
            copy(part.type(), d + at, s.operand(part));
            at += Slots.slotsOf(part.type());
        }
    }

    /** An element, member, leaf column or lane along the constant path, as a value of its own. */
    void extract(Instruction i) {
        Type t = i.operand(0).type();
        int at = s.operand(i.operand(0));
        int[] path = i.immediates();
        int k = 0;
        while (k < path.length && is(t)) {
            at += offsetOf(t, path[k]);
            t = element(t, path[k++]);
        }
        if (k == path.length) {
            int d = s.result(i);
            copy(t, d, at);
        } else if (t instanceof MatrixType) {
            int col = at + path[k];
            if (k + 1 == path.length) {
                int d = s.result(i);
                s.emit(Opcode.MOV, s.colType(t), Selector.lanes(t), d, col, -1, 0, 0);
            } else {
                s.bind(i, s.lane(col, path[k + 1]));
            }
        } else {
            s.bind(i, s.lane(at, path[k]));
        }
    }

    /** {@code insert value, aggregate}: a copy of the aggregate with the place along the path replaced. */
    void insert(Instruction i) {
        Type t = i.type();
        int v = s.operand(i.operand(0));
        int d = s.result(i);
        copy(t, d, s.operand(i.operand(1)));
        int at = d;
        int[] path = i.immediates();
        int k = 0;
        while (k < path.length && is(t)) {
            at += offsetOf(t, path[k]);
            t = element(t, path[k++]);
        }
        if (k == path.length) {
            copy(t, at, v);
        } else if (t instanceof MatrixType && k + 1 == path.length) {
            s.emitPartial(Opcode.MOV, s.colType(t), Selector.lanes(t), at + path[k], v, -1, 0, 0);
        } else {
            int target = t instanceof MatrixType ? at + path[k] : at;
            s.emitPartial(Opcode.SETLANE, s.colType(t), 1, target, v, -1, path[path.length - 1], 0);
        }
    }

    /** {@code select c, a, b} of aggregates by a scalar condition: one block copied or the other. */
    void select(Instruction i) {
        Type t = i.type();
        int c = s.operand(i.operand(0));
        int a = s.operand(i.operand(1));
        int b = s.operand(i.operand(2));
        int d = s.result(i);
        s.control(Opcode.IF, c);
        copy(t, d, a);
        s.control(Opcode.ELSE, -1);
        copy(t, d, b);
        s.control(Opcode.ENDIF, -1);
    }
}
