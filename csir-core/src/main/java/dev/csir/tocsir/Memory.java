package dev.csir.tocsir;

import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import java.util.ArrayList;
import java.util.List;

/** Logical pointers taken apart: the variable at the root of an access chain, and its constant path. */
final class Memory {
    private Memory() {
    }

    /** The alloca or global a pointer points into. */
    static Value base(Value pointer) {
        Value p = pointer;
        while (p instanceof Instruction i && i.op() == Opcode.ACCESS_CHAIN) {
            p = i.operand(0);
        }
        return p;
    }

    /** The global at the root, or null when the root is a local. */
    static GlobalVariable root(Value pointer) {
        return base(pointer) instanceof GlobalVariable g ? g : null;
    }

    /** The chain's indices from the root, constant or not. */
    static List<Value> steps(Value pointer) {
        List<Value> out = new ArrayList<>();
        Value p = pointer;
        while (p instanceof Instruction i && i.op() == Opcode.ACCESS_CHAIN) {
            out.addAll(0, i.operands().subList(1, i.operands().size()));
            p = i.operand(0);
        }
        return out;
    }

    /** The chain's constant indices from the root, or null when one is known only at run time. */
    static List<Integer> path(Value pointer) {
        List<Integer> out = new ArrayList<>();
        Value p = pointer;
        while (p instanceof Instruction i && i.op() == Opcode.ACCESS_CHAIN) {
            List<Integer> step = new ArrayList<>();
            for (int k = 1; k < i.operands().size(); k++) {
                if (!(i.operand(k) instanceof Constant.Scalar s)) {
                    return null;
                }
                step.add(s.intValue());
            }
            out.addAll(0, step);
            p = i.operand(0);
        }
        return out;
    }
}
