package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Dead code elimination: mark every instruction with a side effect and, transitively, what it
 * uses; sweep the rest. Then a local that is only ever stored to (no load, no access chain, no
 * call reads it) is dropped with its stores, and a store of a whole variable that a later store
 * of the whole variable in the same block overwrites, with nothing between that could read it
 * (a load, an access chain, a call, a texture or atomic operation), is dropped: the zeroed
 * outputs main starts with, mostly.
 */
public final class Dce implements FunctionPass {
    @Override
    public String name() {
        return "dce";
    }

    @Override
    public boolean run(Function f, Module module) {
        boolean changed = sweep(f);
        changed |= deadLocals(f);
        changed |= overwrittenStores(f);
        if (changed) {
            sweep(f);
        }
        return changed;
    }

    private static boolean sweep(Function f) {
        Set<Instruction> live = new HashSet<>();
        Deque<Instruction> work = new ArrayDeque<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (Effects.hasSideEffect(i)) {
                    live.add(i);
                    work.add(i);
                }
            }
        }
        while (!work.isEmpty()) {
            for (Value v : work.pop().operands()) {
                if (v instanceof Instruction d && live.add(d)) {
                    work.add(d);
                }
            }
        }
        boolean changed = false;
        for (Block b : f.blocks()) {
            changed |= b.removeIf(i -> !live.contains(i));
        }
        return changed;
    }

    /** Stores whose variable the next store in the block replaces before anything could read it. */
    private static boolean overwrittenStores(Function f) {
        boolean changed = false;
        for (Block b : f.blocks()) {
            java.util.Map<Value, Instruction> pending = null;
            Set<Instruction> overwritten = null;
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.STORE && !(i.operand(0) instanceof Instruction p && p.op() == Opcode.ACCESS_CHAIN)) {
                    if (pending == null) {
                        pending = new java.util.IdentityHashMap<>();
                    }
                    Instruction earlier = pending.put(i.operand(0), i);
                    if (earlier != null) {
                        if (overwritten == null) {
                            overwritten = new HashSet<>();
                        }
                        overwritten.add(earlier);
                    }
                } else if (pending != null && (i.op() == Opcode.STORE || mayRead(i))) {
                    pending.clear(); // a partial store, or something that may read memory
                }
            }
            if (overwritten != null) {
                b.removeIf(overwritten::contains);
                changed = true;
            }
        }
        return changed;
    }

    private static boolean mayRead(Instruction i) {
        return switch (i.op().family()) {
            case MEMORY, CALL, TEXTURE, ATOMIC, BARRIER -> true;
            default -> i.op().isTerminator();
        };
    }

    /** Allocas whose every use is as the pointer of a store. */
    private static boolean deadLocals(Function f) {
        Set<Instruction> allocas = new HashSet<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.ALLOCA) {
                    allocas.add(i);
                }
            }
        }
        if (allocas.isEmpty()) {
            return false;
        }
        List<Instruction> stores = new ArrayList<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                for (int k = 0; k < i.operands().size(); k++) {
                    Value v = i.operands().get(k);
                    if (v instanceof Instruction a && allocas.contains(a)) {
                        if (i.op() == Opcode.STORE && k == 0) {
                            stores.add(i);
                        } else {
                            allocas.remove(a);
                        }
                    }
                }
            }
        }
        boolean changed = false;
        for (Instruction s : stores) {
            if (allocas.contains((Instruction) s.operand(0))) {
                s.detach();
                changed = true;
            }
        }
        for (Instruction a : allocas) {
            a.detach();
            changed = true;
        }
        return changed;
    }
}
