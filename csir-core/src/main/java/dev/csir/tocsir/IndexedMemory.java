package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Value;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;

/**
 * Access chains into a block of consecutive registers (a local's home, a loaded input) or of
 * uniform slots, with constant and run-time indexes: arrays and structs laid out flat, an
 * element of {@link Slots#slotsOf} registers, a matrix a register per column. The register (or
 * slot) reached is a constant offset from the block plus a run-time one; the run-time one is
 * read and written by the indexed records (LOAD_INDEXED, STORE_INDEXED, LOAD_UNI_INDEXED), a
 * lane at a run-time index by IFs. Every run-time index is clamped to its array, column or lane
 * range, so every executor stays in bounds and agrees (GLSL leaves an index out of range
 * undefined).
 */
final class IndexedMemory {
    private final Selector s;

    IndexedMemory(Selector s) {
        this.s = s;
    }

    /**
     * Where a chain leads: {@code offset} registers past the block, plus {@code index} (a
     * register with the run-time offset in lane x as an integer lane, -1 when none) within
     * {@code length} registers from there; {@code type} the scalar, vector, column or matrix
     * in that register, {@code lane} a last index into it when it is a vector (null when none).
     */
    record Place(int offset, int index, int length, Type type, Value lane) {
        boolean dynamic() {
            return index >= 0;
        }
    }

    /** Whether the chain's steps can be lowered here: the profile has the indexed records, or no step is run-time. */
    boolean supported(List<Value> steps) {
        if (s.integers || steps.stream().allMatch(v -> v instanceof Constant.Scalar)) {
            return true;
        }
        s.unsupported("indexing memory at a run-time index in this profile (the indexed records need CSI version 2)");
        return false;
    }

    /** The place {@code steps} lead to from the start of a block of type {@code root}. */
    Place place(Type root, List<Value> steps) {
        int offset = 0;
        List<int[]> scaled = new ArrayList<>(); // run-time steps: operand, length, stride
        Type t = root;
        Value lane = null;
        for (Value step : steps) {
            switch (t) {
                case ArrayType a -> {
                    step(step, a.length(), Slots.slotsOf(a.element()), scaled);
                    offset += constant(step) * Slots.slotsOf(a.element());
                    t = a.element();
                }
                case StructType st -> {
                    int k = constant(step);
                    for (int j = 0; j < k; j++) {
                        offset += Slots.slotsOf(st.members().get(j).type());
                    }
                    t = st.members().get(k).type();
                }
                case MatrixType m -> {
                    step(step, m.columns(), 1, scaled);
                    offset += constant(step);
                    t = m.columnType();
                }
                default -> lane = step; // into a vector: the last step

            }
        }
        int length = Slots.slotsOf(root) - offset;
        if (scaled.isEmpty()) {
            return new Place(offset, -1, length, t, lane);
        }
        if (scaled.size() == 1 && scaled.getFirst()[2] == 1) {
            // one index into registers of their own: the record's clamp is the array's
            return new Place(offset, scaled.getFirst()[0], scaled.getFirst()[1], t, lane);
        }
        int index = -1;
        for (int[] k : scaled) {
            int term = clamped(k[0], k[1]);
            if (k[2] != 1) {
                term = s.ints.op(Opcode.IMUL, 1, false, term, s.intConstant(1, k[2]));
            }
            index = index < 0 ? term : s.ints.op(Opcode.IADD, 1, false, index, term);
        }
        return new Place(offset, index, length, t, lane);
    }

    private void step(Value step, int length, int stride, List<int[]> scaled) {
        if (!(step instanceof Constant.Scalar)) {
            scaled.add(new int[] {s.operand(step), length, stride});
        }
    }

    private static int constant(Value step) {
        return step instanceof Constant.Scalar k ? k.intValue() : 0;
    }

    /** The int in lane x of {@code index} clamped to {@code [0, length - 1]}. */
    private int clamped(int index, int length) {
        int low = s.ints.op(Opcode.IMAX, 1, false, index, s.intConstant(1, 0));
        return s.ints.op(Opcode.IMIN, 1, false, low, s.intConstant(1, length - 1));
    }

    // ---- registers

    /** The value at {@code p} in the register block {@code block}, in a register of its own. */
    int read(int block, Place p) {
        Type t = p.type();
        if (Aggregates.is(t)) {
            // an array or struct: a block of its own, read leaf by leaf
            int d = s.newRegister(t);
            Aggregates.leaves(t, 0, (leaf, o) -> {
                Place at = leafOf(p, leaf, o);
                for (int col = 0; col < Selector.width(leaf); col++) {
                    s.emitPartial(Opcode.MOV, s.colType(leaf), Selector.lanes(leaf), d + o + col, register(block, at, col),
                            -1, 0, 0);
                }
            });
            return d;
        }
        if (t instanceof MatrixType m) {
            int d = s.code.newRegister(m.columns());
            for (int col = 0; col < m.columns(); col++) {
                s.emitPartial(Opcode.MOV, s.colType(t), m.rows(), d + col, register(block, p, col), -1, 0, 0);
            }
            return d;
        }
        int r = register(block, p, 0);
        if (p.lane() == null) {
            if (!p.dynamic()) {
                int d = s.code.newRegister(1);
                s.emit(Opcode.MOV, s.type(t), Selector.lanes(t), d, r, -1, 0, 0);
                return d;
            }
            return r;
        }
        return lane(r, p.lane(), t);
    }

    /** The leaf of type {@code leaf} {@code o} registers into the array or struct at {@code p}. */
    private static Place leafOf(Place p, Type leaf, int o) {
        return new Place(p.offset() + o, p.index(), p.length() - o, leaf, null);
    }

    /** Register {@code col} of the place: itself, or a copy read at the run-time index. */
    private int register(int block, Place p, int col) {
        int base = block + p.offset() + col;
        if (!p.dynamic()) {
            return base;
        }
        int d = s.code.newRegister(1);
        s.emit(Opcode.LOAD_INDEXED, dev.csir.ir.Type.VEC4, 4, d, base, p.index(), p.length() - col, 0);
        return d;
    }

    /** Stores {@code v} (a register) at {@code p} in the block, the rest of the block kept. */
    void write(int block, Place p, int v) {
        Type t = p.type();
        if (Aggregates.is(t)) {
            Aggregates.leaves(t, 0, (leaf, o) -> write(block, leafOf(p, leaf, o), v + o));
            return;
        }
        int width = Selector.width(t);
        if (p.lane() == null) {
            for (int col = 0; col < width; col++) {
                int base = block + p.offset() + col;
                if (p.dynamic()) {
                    s.emitPartial(Opcode.STORE_INDEXED, s.colType(t), Selector.lanes(t), base, v + col, p.index(),
                            p.length() - col, 0);
                } else {
                    s.emitPartial(Opcode.MOV, s.colType(t), Selector.lanes(t), base, v + col, -1, 0, 0);
                }
            }
            return;
        }
        // a lane: into the register (a copy of it when it is at a run-time index, stored back)
        int base = block + p.offset();
        int target = base;
        if (p.dynamic()) {
            target = s.code.newRegister(1);
            s.emit(Opcode.LOAD_INDEXED, dev.csir.ir.Type.VEC4, 4, target, base, p.index(), p.length(), 0);
        }
        if (p.lane() instanceof Constant.Scalar k) {
            s.emitPartial(Opcode.SETLANE, s.type(t), 1, target, v, -1, k.intValue() & 3, 0);
        } else {
            int n = Selector.lanes(t);
            int index = clamped(s.operand(p.lane()), n);
            for (int k = 0; k < n; k++) {
                s.control(Opcode.IF, s.ints.compare(Cmp.EQ, false, index, s.intConstant(1, k)));
                s.emitPartial(Opcode.SETLANE, s.type(t), 1, target, v, -1, k, 0);
                s.control(Opcode.ENDIF, -1);
            }
        }
        if (p.dynamic()) {
            s.emitPartial(Opcode.STORE_INDEXED, dev.csir.ir.Type.VEC4, 4, base, target, p.index(), p.length(), 0);
        }
    }

    /**
     * Lane {@code lane} of register {@code r}, holding a {@code vector}, in lane x of a new
     * register: a constant lane by a swizzle, a run-time one (clamped) by lane 0 and then an IF
     * per further lane it may be.
     */
    int lane(int r, Value lane, Type vector) {
        if (lane instanceof Constant.Scalar k) {
            return s.lane(r, k.intValue());
        }
        Type scalar = ((VectorType) vector).component();
        int n = Selector.lanes(vector);
        int index = s.operand(lane);
        int d = s.code.newRegister(1);
        s.emit(Opcode.SWZ, s.type(scalar), 1, d, r, -1, 0, 0);
        for (int k = 1; k < n; k++) {
            // from lane 1 up, each lane at or past k takes over: an index past the end reads the last lane
            s.control(Opcode.IF, s.ints.compare(Cmp.GE, false, index, s.intConstant(1, k)));
            s.emitPartial(Opcode.SWZ, s.type(scalar), 1, d, r, -1, k, 0);
            s.control(Opcode.ENDIF, -1);
        }
        return d;
    }

    // ---- uniforms

    /**
     * The value at {@code p} in the uniform slots from {@code slot}, as loaded (floats, ints as
     * whole floats), or the register of its column or lane.
     */
    int readUniform(int slot, Place p) {
        Type t = p.type();
        int width = Selector.width(t);
        int d = s.code.newRegister(width);
        for (int col = 0; col < width; col++) {
            int at = slot + p.offset() + col;
            if (p.dynamic()) {
                s.emitColumnWrite(t, Opcode.LOAD_UNI_INDEXED, dev.csir.ir.Type.VEC4, 4, d, col, -1, p.index(), at,
                        p.length() - col);
            } else {
                s.emitColumnWrite(t, Opcode.LOAD_UNI, s.colType(t), Selector.lanes(t), d, col, -1, -1, at, 1);
            }
        }
        return d;
    }
}
