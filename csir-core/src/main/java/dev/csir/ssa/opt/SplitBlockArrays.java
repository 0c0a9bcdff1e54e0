package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * An array of uniform blocks ({@code uniform UBO { ... } ubo[2];}, one variable of an array of
 * the block struct, as SPIR-V has it) becomes one uniform block per element, for CSIR, whose
 * uniforms are vec4 slots that no index reaches at run time: element k is the variable
 * {@code ubo[k]} of the struct {@code UBO[k]}, so its members are the uniforms
 * {@code UBO[k].member}, and each element's binding is the array's plus k (OpenGL's numbering of
 * the blocks of an array). An access at a constant index goes to its element's block; a load at
 * a run-time index becomes a load from every element with the index tested against each (an
 * index past either end takes the first or last block, as CSIR clamps run-time indexes), down to
 * the vectors of the member, since a register holds no aggregate. An access the pass cannot take
 * (anything but a load at a run-time index) keeps the array, which CSIR lowering then refuses.
 */
public final class SplitBlockArrays implements Pass {
    @Override
    public String name() {
        return "split-block-arrays";
    }

    @Override
    public boolean run(Module module) {
        boolean changed = false;
        for (GlobalVariable g : new ArrayList<>(module.globals())) {
            if ((g.space() == AddressSpace.UNIFORM || g.space() == AddressSpace.PUSH_CONSTANT)
                    && g.valueType() instanceof ArrayType a && a.element() instanceof StructType s) {
                List<GlobalVariable> blocks = elements(module, g, a.length(), s);
                boolean left = false;
                for (Function f : module.functions()) {
                    left |= !rewrite(f, g, blocks);
                }
                if (!left) {
                    module.globals().remove(g);
                }
                changed = true;
            }
        }
        return changed;
    }

    /** One block per element, in the array's place among the globals. */
    private static List<GlobalVariable> elements(Module module, GlobalVariable g, int n, StructType s) {
        List<GlobalVariable> out = new ArrayList<>(n);
        int at = module.globals().indexOf(g);
        for (int k = 0; k < n; k++) {
            GlobalVariable e = new GlobalVariable(g.name() + "[" + k + "]", g.space(),
                    new StructType(s.name() + "[" + k + "]", s.members())).setLayout(g.layout());
            if (g.set() >= 0) {
                e.setBinding(g.set(), g.binding() + k);
            }
            module.globals().add(at + k, e);
            out.add(e);
        }
        return out;
    }

    /** Rewrites {@code f}'s accesses of {@code g} to its blocks; false when one is left. */
    private static boolean rewrite(Function f, GlobalVariable g, List<GlobalVariable> blocks) {
        flattenChains(f, g);
        boolean all = true;
        for (Instruction chain : chainsOn(f, g)) {
            Value index = chain.operand(1);
            List<Value> rest = new ArrayList<>(chain.operands().subList(2, chain.operands().size()));
            if (index instanceof Constant.Scalar k) {
                GlobalVariable block = blocks.get(Math.clamp(k.intValue(), 0, blocks.size() - 1));
                if (rest.isEmpty()) {
                    replaceUses(f, chain, block);
                    chain.detach();
                } else {
                    rest.addFirst(block);
                    chain.rewrite(Opcode.ACCESS_CHAIN, chain.type(), rest);
                }
                continue;
            }
            boolean taken = true;
            for (Instruction user : users(f, chain)) {
                if (user.op() != Opcode.LOAD) {
                    taken = false;
                    continue;
                }
                Value chosen = new Choice(f, user, index, blocks).value(user.type(), rest);
                replaceUses(f, user, chosen);
                user.detach();
            }
            if (taken) {
                chain.detach();
            }
            all &= taken;
        }
        return all;
    }

    /** An access chain on an access chain of {@code g} becomes one chain on {@code g}. */
    private static void flattenChains(Function f, GlobalVariable g) {
        for (boolean again = true; again;) {
            again = false;
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    if (i.op() == Opcode.ACCESS_CHAIN && i.operand(0) instanceof Instruction inner
                            && inner.op() == Opcode.ACCESS_CHAIN && inner.operand(0) == g) {
                        List<Value> ops = new ArrayList<>(inner.operands());
                        ops.addAll(i.operands().subList(1, i.operands().size()));
                        i.rewrite(Opcode.ACCESS_CHAIN, i.type(), ops);
                        again = true;
                    }
                }
            }
        }
    }

    private static List<Instruction> chainsOn(Function f, GlobalVariable g) {
        List<Instruction> out = new ArrayList<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.ACCESS_CHAIN && i.operand(0) == g && i.operands().size() > 1) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    private static List<Instruction> users(Function f, Value v) {
        List<Instruction> out = new ArrayList<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.operands().stream().anyMatch(o -> o == v)) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    private static void replaceUses(Function f, Value from, Value to) {
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                i.replaceOperand(from, to);
            }
        }
    }

    /** The value a load at a run-time index reads, built from loads of every block before the load. */
    private static final class Choice {
        private final Instruction load;
        private final Value index;
        private final List<GlobalVariable> blocks;
        private final Builder b;

        Choice(Function f, Instruction load, Value index, List<GlobalVariable> blocks) {
            this.load = load;
            this.index = index;
            this.blocks = blocks;
            this.b = new Builder(f);
        }

        /** The value of type {@code t} at {@code path} in the chosen block: the composites taken apart to their vectors. */
        Value value(Type t, List<Value> path) {
            int parts = t instanceof StructType s ? s.members().size() : t instanceof ArrayType a ? a.length()
                    : t instanceof MatrixType m ? m.columns() : 0;
            if (parts > 0) {
                List<Value> elements = new ArrayList<>(parts);
                for (int k = 0; k < parts; k++) {
                    List<Value> deeper = new ArrayList<>(path);
                    deeper.add(Constant.ofInt(k));
                    elements.add(value(Builder.element(t, k), deeper));
                }
                return before(b.at(load.parent()).construct(t, elements));
            }
            Value chosen = null;
            for (int k = blocks.size() - 1; k >= 0; k--) {
                Value from = before(b.at(load.parent()).load(before(b.at(load.parent()).access(blocks.get(k),
                        path.toArray(Value[]::new)))));
                if (chosen == null) {
                    chosen = from;
                    continue;
                }
                boolean signed = index.type().scalarKind() == ScalarKind.INT;
                Value at = signed ? Constant.ofInt(k) : Constant.ofUint(k);
                Value test = before(b.at(load.parent()).compare(k == 0 && signed ? Opcode.LE : Opcode.EQ, index, at));
                chosen = before(b.at(load.parent()).select(test, from, chosen));
            }
            return chosen;
        }

        /** {@code i}, just made at its block's end, moved before the load and given its position. */
        private Instruction before(Instruction i) {
            Block blk = load.parent();
            return blk.insert(blk.instructions().indexOf(load), i.setPosition(load.line(), load.column()));
        }
    }
}
