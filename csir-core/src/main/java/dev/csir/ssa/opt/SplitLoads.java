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
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A whole load of an array or struct from a uniform or push-constant block, or from a stage
 * input, becomes a {@code construct} of the loads of its elements, all the way down to the
 * scalars, vectors and matrices, each through an access chain: what a back end that holds no
 * aggregate in a register needs ({@code Light l = lights[1];}), and what lets the combiner
 * replace the extracts of the aggregate by the element loads. Memory that nothing in the shader
 * writes is read the same element by element as at once. Arrays of more than
 * {@link #MAX_ELEMENTS} elements are left whole.
 */
public final class SplitLoads implements FunctionPass {
    public static final int MAX_ELEMENTS = 64;

    @Override
    public String name() {
        return "split-loads";
    }

    @Override
    public boolean run(Function f, Module module) {
        Deque<Instruction> work = new ArrayDeque<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (splittable(i)) {
                    work.add(i);
                }
            }
        }
        boolean changed = false;
        Builder builder = new Builder(f);
        while (!work.isEmpty()) {
            Instruction load = work.poll();
            Block b = load.parent();
            Type t = load.type();
            int n = t instanceof ArrayType a ? a.length() : ((StructType) t).members().size();
            List<Value> elements = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                Instruction access = builder.at(b).access(load.operand(0), Constant.ofInt(k));
                b.insert(b.instructions().indexOf(load), access.setPosition(load.line(), load.column()));
                Instruction part = builder.at(b).load(access);
                b.insert(b.instructions().indexOf(load), part.setPosition(load.line(), load.column()));
                elements.add(part);
                if (splittable(part)) {
                    work.add(part);
                }
            }
            load.rewrite(Opcode.CONSTRUCT, t, elements);
            changed = true;
        }
        return changed;
    }

    private static boolean splittable(Instruction i) {
        if (i.op() != Opcode.LOAD || !(i.type() instanceof StructType
                || i.type() instanceof ArrayType a && !a.isRuntimeSized() && a.length() <= MAX_ELEMENTS)) {
            return false;
        }
        Value p = i.operand(0);
        while (p instanceof Instruction chain && chain.op() == Opcode.ACCESS_CHAIN) {
            p = chain.operand(0);
        }
        return p instanceof GlobalVariable g && (g.space() == AddressSpace.UNIFORM
                || g.space() == AddressSpace.PUSH_CONSTANT || g.space() == AddressSpace.INPUT);
    }
}
