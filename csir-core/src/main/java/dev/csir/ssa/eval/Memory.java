package dev.csir.ssa.eval;

import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.types.AddressSpace;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.Type;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The storage of one invocation: a cell per global and per executed alloca, read and written
 * through {@link Val.Ptr}s. An index that is out of range for the value it selects from makes a
 * load read zero and a store do nothing (robust-access semantics, the same answer the
 * dynamic-index composite opcodes give), and is reported to {@link Notes}.
 */
final class Memory {
    private final Map<GlobalVariable, Cell> globals = new LinkedHashMap<>();
    private final Notes notes;

    /**
     * Every global's cell: inputs, uniforms, push constants and storage buffers take the
     * invocation's value, else their initializer, else zero; the others their initializer or zero.
     */
    Memory(Module module, Invocation invocation, Notes notes) {
        this.notes = notes;
        for (String name : invocation.supplied().keySet()) {
            GlobalVariable g = module.global(name).orElseThrow(() -> Stop.trap("invocation: no global @" + name));
            if (!suppliable(g.space())) {
                throw Stop.trap("invocation: @" + name + " is a " + g.space().word() + " global, not an input");
            }
        }
        for (String name : invocation.members().keySet()) {
            module.global(name).orElseThrow(() -> Stop.trap("invocation: no uniform block @" + name));
        }
        for (GlobalVariable g : module.globals()) {
            Val v = invocation.supplied().get(g.name());
            if (v == null) {
                v = g.initializer() != null ? Val.of(g.initializer()) : Val.zero(g.valueType());
            }
            v = withMembers(g, v, invocation.members().getOrDefault(g.name(), Map.of()));
            if (!v.type().equals(g.valueType())) {
                throw Stop.trap("invocation: @" + g.name() + " given " + v.type() + ", wants " + g.valueType());
            }
            globals.put(g, new Cell(g.name(), g.space(), g, v));
        }
    }

    private static boolean suppliable(AddressSpace s) {
        return s == AddressSpace.INPUT || s == AddressSpace.UNIFORM || s == AddressSpace.PUSH_CONSTANT
                || s == AddressSpace.STORAGE_BUFFER;
    }

    private static Val withMembers(GlobalVariable g, Val block, Map<String, Val> members) {
        for (Map.Entry<String, Val> m : members.entrySet()) {
            int index = g.valueType() instanceof dev.csir.types.StructType s ? s.indexOf(m.getKey()) : -1;
            Val updated = index < 0 || !suppliable(g.space()) ? null : Val.with(block, index, m.getValue());
            if (updated == null) {
                throw Stop.trap("invocation: @" + g.name() + " has no member " + m.getKey() + " of "
                        + m.getValue().type());
            }
            block = updated;
        }
        return block;
    }

    /** A pointer to the whole of global {@code g}. */
    Val.Ptr global(GlobalVariable g) {
        Cell c = globals.get(g);
        if (c == null) {
            throw Stop.trap("@" + g.name() + " is not a global of the module");
        }
        return new Val.Ptr(g.type(), c, new int[0]);
    }

    /** A fresh zero-initialized local (what one execution of an alloca yields). */
    static Val.Ptr alloca(PointerType type, String name) {
        return new Val.Ptr(type, new Cell(name == null ? "local" : name, type.space(), null, Val.zero(type.pointee())),
                new int[0]);
    }

    /** {@code base} followed by {@code indices} (int read signed, uint unsigned; too large becomes -1). */
    static Val.Ptr access(Val.Ptr base, PointerType type, long[] indices) {
        int[] path = Arrays.copyOf(base.rawPath(), base.rawPath().length + indices.length);
        for (int i = 0; i < indices.length; i++) {
            path[base.rawPath().length + i] = indices[i] < 0 || indices[i] > Integer.MAX_VALUE ? -1 : (int) indices[i];
        }
        return new Val.Ptr(type, base.cell(), path);
    }

    /** An access chain index operand: an int or uint scalar, as a signed or unsigned number. */
    static long index(Val v) {
        if (v instanceof Val.Num n && n.size() == 1 && n.kind().isInteger()) {
            return n.kind() == ScalarKind.INT ? n.intAt(0) : n.bits(0);
        }
        throw Stop.trap("index of type " + v.type());
    }

    Val load(Val.Ptr p) {
        Val v = p.cell().value();
        for (int i : p.rawPath()) {
            v = Val.element(v, i);
            if (v == null) {
                notes.undefined("load out of range in " + p.cell().name() + " (reads zero)");
                return Val.zero(p.type().pointee());
            }
        }
        return v;
    }

    void store(Val.Ptr p, Val value) {
        if (!p.type().space().writable()) {
            throw Stop.trap("store to read-only " + p.type().space().word() + " " + p.cell().name());
        }
        if (!value.type().equals(p.type().pointee())) {
            throw Stop.trap("store of " + value.type() + " through " + p.type());
        }
        Val updated = Composites.replace(p.cell().value(), p.rawPath(), value);
        if (updated == null) {
            notes.undefined("store out of range in " + p.cell().name() + " (dropped)");
        } else {
            p.cell().set(updated);
        }
    }

    /** A read-modify-write on one integer scalar; yields the original value. */
    Val atomic(AtomicOp op, Val.Ptr p, Val value, Arith arith) {
        Val.Num old = scalarAt(p, value);
        ScalarKind k = old.kind();
        long x = old.bits(0);
        long y = ((Val.Num) value).bits(0);
        int c = k == ScalarKind.INT ? Integer.compare((int) x, (int) y) : Long.compare(x, y);
        long r = switch (op) {
            case ADD -> arith.scalar(Opcode.ADD, k, x, y);
            case SUB -> arith.scalar(Opcode.SUB, k, x, y);
            case MIN -> c <= 0 ? x : y;
            case MAX -> c >= 0 ? x : y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case EXCHANGE -> y;
        };
        store(p, new Val.Num(old.type(), new long[] {r}));
        return old;
    }

    /** Stores {@code value} when the target equals {@code comparand}; yields the original value. */
    Val compareExchange(Val.Ptr p, Val comparand, Val value) {
        Val.Num old = scalarAt(p, value);
        if (!comparand.type().equals(old.type())) {
            throw Stop.trap("cmpxchg comparand of " + comparand.type() + " on " + old.type());
        }
        if (old.equals(comparand)) {
            store(p, value);
        }
        return old;
    }

    private Val.Num scalarAt(Val.Ptr p, Val value) {
        Type t = p.type().pointee();
        boolean integerScalar = t.scalarKind() != null && t.scalarKind().isInteger() && t.componentCount() == 1;
        if (!t.equals(value.type()) || !integerScalar) {
            throw Stop.trap("atomic on " + p.type() + " with " + value.type());
        }
        return (Val.Num) load(p);
    }

    /** The current value of each non-opaque global (or only of each output), by name. */
    Map<String, Val> snapshot(boolean outputsOnly) {
        Map<String, Val> out = new LinkedHashMap<>();
        for (Cell c : globals.values()) {
            if (!c.global().valueType().isOpaque() && (!outputsOnly || c.space() == AddressSpace.OUTPUT)) {
                out.put(c.name(), c.value());
            }
        }
        return out;
    }
}
