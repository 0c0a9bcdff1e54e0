package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.ArrayType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scalar replacement of aggregates: a local (an {@code alloca} of the entry block) of struct
 * type, or of a fixed-size array of at most {@link #MAX_ARRAY_ELEMENTS} elements, becomes one
 * local per element when every use of it is one of
 * <ul>
 * <li>an {@code access} whose first index is a constant in range (any indices may follow): it
 *     becomes an access into the element's local with the remaining indices, or the element's
 *     local itself when no index remains;</li>
 * <li>a whole {@code load}: it becomes one load per element and a {@code construct} of them
 *     (the load is rewritten in place, so its users need no update);</li>
 * <li>a whole {@code store} (the local as the pointer): it becomes one store per element of an
 *     {@code extract} of the value (or of the element itself when the value is a constant).</li>
 * </ul>
 * Any other use (a dynamic or out-of-range first index, the pointer passed to a call or an
 * intrinsic, ...) leaves the local whole. Element locals are made only for the elements used,
 * in element order, where the aggregate's alloca was in the entry block; they are named
 * {@code name.member} (structs) or {@code name.index} (arrays). The pass repeats within one run
 * until no candidate is left, so nested aggregates (a struct holding an array) split all the
 * way down; mem2reg then promotes the scalar, vector and matrix pieces.
 *
 * <p>The array bound keeps code size in check: a whole load or store of an array becomes one
 * instruction per element, and every element gets a local. Larger arrays stay in memory (and
 * are typically indexed dynamically anyway).
 */
public final class Sroa implements FunctionPass {
    /** The largest array split into one local per element. */
    public static final int MAX_ARRAY_ELEMENTS = 16;

    @Override
    public String name() {
        return "sroa";
    }

    @Override
    public boolean run(Function f, Module module) {
        boolean changed = false;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Instruction a : candidates(f)) {
                List<Instruction> uses = usesIfSplittable(f, a);
                if (uses != null) {
                    split(f, a, uses);
                    progress = true;
                }
            }
            changed |= progress;
        }
        return changed;
    }

    /** The entry block's allocas of aggregate type within the bound. */
    private static List<Instruction> candidates(Function f) {
        List<Instruction> out = new ArrayList<>();
        if (f.entry() == null) {
            return out;
        }
        for (Instruction i : f.entry().instructions()) {
            if (i.op() == Opcode.ALLOCA && i.type() instanceof PointerType p && elementCount(p.pointee()) > 0) {
                out.add(i);
            }
        }
        return out;
    }

    /** How many elements {@code t} splits into; 0 when it is not split. */
    static int elementCount(Type t) {
        if (t instanceof StructType s) {
            return s.members().size();
        }
        if (t instanceof ArrayType a && !a.isRuntimeSized() && a.length() <= MAX_ARRAY_ELEMENTS) {
            return a.length();
        }
        return 0;
    }

    private static Type elementType(Type t, int i) {
        if (t instanceof StructType s) {
            return s.members().get(i).type();
        }
        if (t instanceof ArrayType a) {
            return a.element();
        }
        throw new IllegalArgumentException(t.name());
    }

    /** The instructions using {@code a}, in layout order, when every one is a use the pass rewrites; else null. */
    private static List<Instruction> usesIfSplittable(Function f, Instruction a) {
        Type t = ((PointerType) a.type()).pointee();
        int n = elementCount(t);
        List<Instruction> uses = new ArrayList<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                boolean uses0 = false;
                for (int k = 0; k < i.operands().size(); k++) {
                    if (i.operand(k) != a) {
                        continue;
                    }
                    boolean ok = k == 0 && switch (i.op()) {
                        case LOAD -> i.type().equals(t);
                        case STORE -> i.operands().size() == 2 && i.operand(1).type().equals(t);
                        case ACCESS_CHAIN -> constantIndex(i.operands().size() > 1 ? i.operand(1) : null, n) >= 0;
                        default -> false;
                    };
                    if (!ok) {
                        return null;
                    }
                    uses0 = true;
                }
                if (uses0) {
                    uses.add(i);
                }
            }
        }
        return uses;
    }

    /** The index a constant integer operand names when it is in {@code [0, n)}; else -1. */
    private static int constantIndex(Value v, int n) {
        if (v instanceof Constant.Scalar s && (s.type().kind() == ScalarKind.INT || s.type().kind() == ScalarKind.UINT)) {
            long index = s.type().kind() == ScalarKind.INT ? s.intValue() : s.bits();
            return index >= 0 && index < n ? (int) index : -1;
        }
        return -1;
    }

    private static void split(Function f, Instruction a, List<Instruction> uses) {
        Type t = ((PointerType) a.type()).pointee();
        int n = elementCount(t);
        boolean[] needed = new boolean[n];
        for (Instruction u : uses) {
            if (u.op() == Opcode.ACCESS_CHAIN) {
                needed[constantIndex(u.operand(1), n)] = true;
            } else {
                java.util.Arrays.fill(needed, true);
            }
        }
        Block entry = f.entry();
        Builder builder = new Builder(f);
        Map<Integer, Instruction> parts = new LinkedHashMap<>();
        for (int e = 0; e < n; e++) {
            if (needed[e]) {
                Instruction part = builder.alloca(elementType(t, e), partName(a.name(), t, e));
                entry.insert(entry.instructions().indexOf(a), part);
                parts.put(e, part);
            }
        }
        Map<Value, Value> replaced = new IdentityHashMap<>();
        for (Instruction u : uses) {
            Block b = u.parent();
            switch (u.op()) {
                case ACCESS_CHAIN -> {
                    Instruction part = parts.get(constantIndex(u.operand(1), n));
                    if (u.operands().size() == 2) {
                        replaced.put(u, part);
                        u.detach();
                    } else {
                        List<Value> rest = new ArrayList<>(u.operands().subList(2, u.operands().size()));
                        rest.addFirst(part);
                        u.rewrite(Opcode.ACCESS_CHAIN, u.type(), rest);
                    }
                }
                case LOAD -> {
                    List<Value> elements = new ArrayList<>();
                    for (int e = 0; e < n; e++) {
                        Instruction load = builder.at(b).load(parts.get(e));
                        load.setName(parts.get(e).name());
                        b.insert(b.instructions().indexOf(u), load);
                        elements.add(load);
                    }
                    u.rewrite(Opcode.CONSTRUCT, t, elements);
                }
                default -> { // STORE
                    Value v = u.operand(1);
                    for (int e = 0; e < n; e++) {
                        Value element = elementOf(v, e, builder.at(b), b, u);
                        b.insert(b.instructions().indexOf(u), builder.store(parts.get(e), element));
                    }
                    u.detach();
                }
            }
        }
        if (!replaced.isEmpty()) {
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    for (int k = 0; k < i.operands().size(); k++) {
                        Value r = replaced.get(i.operand(k));
                        if (r != null) {
                            i.operands().set(k, r);
                        }
                    }
                }
            }
        }
        a.detach();
    }

    /** Element {@code e} of the stored value: a constant's element, or an extract placed before {@code before}. */
    private static Value elementOf(Value v, int e, Builder builder, Block b, Instruction before) {
        if (v instanceof Constant.Composite c) {
            return c.elements().get(e);
        }
        if (v instanceof Constant.Undef u) {
            return new Constant.Undef(elementType(u.type(), e));
        }
        Instruction x = builder.extract(v, e);
        b.insert(b.instructions().indexOf(before), x);
        return x;
    }

    private static String partName(String name, Type t, int e) {
        if (name == null) {
            return null;
        }
        return name + "." + (t instanceof StructType s ? s.members().get(e).name() : Integer.toString(e));
    }
}
