package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Constant folding and exact algebraic identities (spec 002, Optimizer points 2 and 3).
 *
 * <p>Blocks are visited in reverse post-order (then the unreachable ones in layout order), so an
 * operand is simplified before its uses. Each pure instruction is, in order:
 * <ol>
 * <li>folded when all its operands are constants ({@link CombineFold}: only results that are the
 *     same on every implementation); this is the only thing done to a {@code precise}
 *     instruction, and an all-constant instruction that is not folded is left alone (so that
 *     {@code mul 1.4E-45, 1.0} does not become a subnormal constant by {@code a * 1.0 = a});</li>
 * <li>simplified structurally: {@code select} with a constant condition yields the chosen operand;
 *     {@code extract} of a {@code construct} forwards the element (or extracts from the operand
 *     that holds it), {@code extract} of an {@code insert} yields the inserted value or looks
 *     through it when the paths differ, {@code insert} of a value extracted from the same place is
 *     the composite; {@code shuffle} of shuffles takes its lanes from their operands (when at most
 *     two vectors remain), an identity shuffle is its operand, a one-lane shuffle is an
 *     {@code extract}; {@code extractdyn} and {@code insertdyn} with a constant index in range
 *     become {@code extract} and {@code insert};</li>
 * <li>rewritten by the first identity of {@link CombineRules} that matches.</li>
 * </ol>
 * An instruction rewritten in place is simplified again. Replaced instructions are removed and
 * their uses redirected in one sweep at the end (there are no use lists); instructions that become
 * unused are left to DCE. Control flow and structure markers are not touched.
 */
public final class Combine implements FunctionPass {
    /** Rewrites of one instruction in a row before moving on (each one shrinks it). */
    private static final int MAX_REWRITES = 16;

    @Override
    public String name() {
        return "combine";
    }

    @Override
    public boolean run(Function f, Module module) {
        if (f.entry() == null) {
            return false;
        }
        // definitions before uses where the graph allows: reverse post-order, then the unreachable rest
        Collection<Block> order = f.blocks();
        if (order.size() > 1) {
            Set<Block> rpo = new LinkedHashSet<>(Cfg.of(f).reversePostOrder());
            rpo.addAll(f.blocks());
            order = rpo;
        }
        Map<Value, Value> replaced = new IdentityHashMap<>();
        boolean changed = false;
        for (Block b : order) {
            for (Instruction i : b.instructions().toArray(Instruction[]::new)) {
                resolveOperands(i, replaced);
                for (int round = 0; round < MAX_REWRITES; round++) {
                    Step s = simplify(i);
                    if (s == Step.NONE) {
                        break;
                    }
                    changed = true;
                    if (s instanceof Step.To to) {
                        replaced.put(i, to.value());
                        i.detach();
                        break;
                    }
                }
            }
        }
        if (!replaced.isEmpty()) {
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    resolveOperands(i, replaced);
                }
            }
        }
        return changed;
    }

    private static void resolveOperands(Instruction i, Map<Value, Value> replaced) {
        if (replaced.isEmpty()) {
            return;
        }
        List<Value> ops = i.operands();
        for (int k = 0; k < ops.size(); k++) {
            Value v = ops.get(k);
            Value r = v;
            while (r instanceof Instruction && replaced.containsKey(r)) {
                r = replaced.get(r);
            }
            if (r != v) {
                ops.set(k, r);
            }
        }
    }

    /** What simplifying one instruction did. */
    sealed interface Step {
        Step NONE = new Nothing();
        Step REWRITTEN = new InPlace();

        record Nothing() implements Step {
        }

        record InPlace() implements Step {
        }

        /** Every use becomes {@code value}. */
        record To(Value value) implements Step {
        }
    }

    /** One simplification of {@code i}. */
    static Step simplify(Instruction i) {
        if (!i.hasResult() || !Effects.isPure(i) || i.op() == Opcode.PHI) {
            return Step.NONE;
        }
        if (i.operands().stream().allMatch(v -> v instanceof Constant)) {
            // all constant: folded, or left to the GPU (an identity must not fold it after all)
            Constant c = CombineFold.fold(i);
            return c == null ? Step.NONE : new Step.To(c);
        }
        if (i.precise()) {
            return Step.NONE;
        }
        Step s = structural(i);
        if (s != Step.NONE) {
            return s;
        }
        // instanceof rather than a pattern switch: see dev.csir.types.Type
        CombineRules.Outcome rule = CombineRules.apply(i);
        if (rule instanceof CombineRules.Replace r) {
            return new Step.To(r.value());
        }
        return rule instanceof CombineRules.Rewritten ? Step.REWRITTEN : Step.NONE;
    }

    // ---- structural simplifications ----------------------------------------------------------------

    private static Step structural(Instruction i) {
        Step s = switch (i.op()) {
            case SELECT -> select(i);
            case EXTRACT -> extract(i);
            case INSERT -> insert(i);
            case SHUFFLE -> shuffle(i);
            case EXTRACT_DYNAMIC -> dynamicIndex(i, 1).map(k -> {
                i.rewrite(Opcode.EXTRACT, i.type(), List.of(i.operand(0)), k);
                return Step.REWRITTEN;
            }).orElse(Step.NONE);
            case INSERT_DYNAMIC -> dynamicIndex(i, 2).map(k -> {
                i.rewrite(Opcode.INSERT, i.type(), List.of(i.operand(1), i.operand(0)), k);
                return Step.REWRITTEN;
            }).orElse(Step.NONE);
            default -> Step.NONE;
        };
        if (s instanceof Step.To to && !to.value().type().equals(i.type())) {
            return Step.NONE;
        }
        return s;
    }

    /** A constant condition: scalar, or a bvec with every lane the same. */
    private static Step select(Instruction i) {
        if (!(i.operand(0) instanceof Constant c) || c instanceof Constant.Undef) {
            return Step.NONE;
        }
        var n = CombineFold.num(c);
        if (n == null || n.kind() != ScalarKind.BOOL) {
            return Step.NONE;
        }
        boolean all = true;
        boolean none = true;
        for (int k = 0; k < n.size(); k++) {
            all &= n.bits(k) != 0;
            none &= n.bits(k) == 0;
        }
        return all ? new Step.To(i.operand(1)) : none ? new Step.To(i.operand(2)) : Step.NONE;
    }

    private static Step extract(Instruction i) {
        int[] path = i.immediates();
        Value from = i.operand(0);
        if (path.length == 0) {
            return new Step.To(from);
        }
        if (!(from instanceof Instruction src) || path[0] < 0) {
            return Step.NONE;
        }
        if (src.op() == Opcode.CONSTRUCT) {
            Value element;
            int[] rest;
            if (src.type() instanceof VectorType) {
                // operands are scalars and vectors of the component type, in order
                int at = 0;
                element = null;
                rest = null;
                for (Value v : src.operands()) {
                    int n = v.type() instanceof VectorType vt ? vt.size() : 1;
                    if (path[0] < at + n) {
                        element = v;
                        rest = v.type() instanceof VectorType ? new int[] {path[0] - at} : new int[0];
                        break;
                    }
                    at += n;
                }
                if (element == null || path.length != 1) {
                    return Step.NONE;
                }
            } else if (src.type() instanceof MatrixType || src.type() instanceof ArrayType
                    || src.type() instanceof StructType) {
                if (path[0] < 0 || path[0] >= src.operands().size()) {
                    return Step.NONE;
                }
                element = src.operand(path[0]);
                rest = Arrays.copyOfRange(path, 1, path.length);
            } else {
                return Step.NONE;
            }
            return forward(i, element, rest);
        }
        if (src.op() == Opcode.INSERT) {
            int[] at = src.immediates();
            int common = Math.min(at.length, path.length);
            for (int k = 0; k < common; k++) {
                if (at[k] != path[k]) {
                    // a different element: the insert does not touch it
                    i.rewrite(Opcode.EXTRACT, i.type(), List.of(src.operand(1)), path);
                    return Step.REWRITTEN;
                }
            }
            if (at.length <= path.length) {
                // inside the inserted value
                return forward(i, src.operand(0), Arrays.copyOfRange(path, at.length, path.length));
            }
        }
        return Step.NONE;
    }

    /** {@code i} becomes {@code element} at the remaining path {@code rest}. */
    private static Step forward(Instruction i, Value element, int[] rest) {
        if (rest.length == 0) {
            return new Step.To(element);
        }
        i.rewrite(Opcode.EXTRACT, i.type(), List.of(element), rest);
        return Step.REWRITTEN;
    }

    /** {@code insert (extract c [p]), c [p]} is c. */
    private static Step insert(Instruction i) {
        if (i.operand(0) instanceof Instruction e && e.op() == Opcode.EXTRACT && e.operand(0) == i.operand(1)
                && Arrays.equals(e.immediates(), i.immediates())) {
            return new Step.To(i.operand(1));
        }
        return Step.NONE;
    }

    private static Step shuffle(Instruction i) {
        int[] lanes = i.immediates();
        Value a = i.operand(0);
        Value b = i.operand(1);
        if (!(a.type() instanceof VectorType va) || !(b.type() instanceof VectorType)) {
            return Step.NONE;
        }
        // each lane as (source vector, lane in it), through operands that are shuffles themselves
        List<Value> src = new ArrayList<>();
        int[] lane = new int[lanes.length];
        boolean through = false;
        for (int k = 0; k < lanes.length; k++) {
            int l = lanes[k];
            if (l < 0) {
                src.add(null);
                lane[k] = -1;
                continue;
            }
            Value v = l < va.size() ? a : b;
            int at = l < va.size() ? l : l - va.size();
            if (v instanceof Instruction s && s.op() == Opcode.SHUFFLE && s.operand(0).type() instanceof VectorType sa
                    && at < s.immediateCount()) {
                int inner = s.immediate(at);
                through = true;
                if (inner < 0) {
                    v = null;
                    at = -1;
                } else {
                    v = inner < sa.size() ? s.operand(0) : s.operand(1);
                    at = inner < sa.size() ? inner : inner - sa.size();
                }
            }
            src.add(v);
            lane[k] = at;
        }
        List<Value> distinct = new ArrayList<>();
        for (Value v : src) {
            if (v != null && distinct.stream().noneMatch(d -> d == v)) {
                distinct.add(v);
            }
        }
        if (distinct.size() > 2) {
            return Step.NONE;
        }
        if (distinct.isEmpty()) {
            return Step.NONE; // every lane undefined: left as it is
        }
        Value x = distinct.get(0);
        Value y = distinct.size() > 1 ? distinct.get(1) : x;
        int xs = ((VectorType) x.type()).size();
        int[] out = new int[lanes.length];
        for (int k = 0; k < lanes.length; k++) {
            out[k] = src.get(k) == null ? -1 : src.get(k) == x ? lane[k] : xs + lane[k];
        }
        // one source, every lane in place: the source itself
        if (distinct.size() == 1 && x.type().equals(i.type())) {
            boolean identity = true;
            for (int k = 0; k < out.length; k++) {
                identity &= out[k] == k;
            }
            if (identity) {
                return new Step.To(x);
            }
        }
        if (lanes.length == 1 && out[0] >= 0) {
            // one lane is a scalar: an extract (which forwards out of constructs)
            i.rewrite(Opcode.EXTRACT, i.type(), List.of(src.getFirst()), lane[0]);
            return Step.REWRITTEN;
        }
        if (!through) {
            return Step.NONE;
        }
        i.rewrite(Opcode.SHUFFLE, i.type(), List.of(x, y), out);
        return Step.REWRITTEN;
    }

    /** The constant index operand {@code k} of a dynamic access, when it is in range for the vector. */
    private static java.util.Optional<Integer> dynamicIndex(Instruction i, int k) {
        if (!(i.operand(k) instanceof Constant.Scalar s) || !(i.operand(0).type() instanceof VectorType v)
                || !s.type().kind().isInteger()) {
            return java.util.Optional.empty();
        }
        long index = s.type().kind() == ScalarKind.INT ? s.intValue() : s.bits();
        return index >= 0 && index < v.size() ? java.util.Optional.of((int) index) : java.util.Optional.empty();
    }
}
