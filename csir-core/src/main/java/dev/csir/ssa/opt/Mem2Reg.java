package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.PointerType;
import dev.csir.types.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Promotes locals of scalar, vector and matrix type that are only loaded and stored whole to SSA
 * values: phis go on the iterated dominance frontier of the blocks that store, pruned to the
 * blocks where the variable is live on entry; a walk of the dominator tree then renames each load
 * to the value that reaches it. A read before any write sees undef.
 */
public final class Mem2Reg implements FunctionPass {
    @Override
    public String name() {
        return "mem2reg";
    }

    @Override
    public boolean run(Function f, Module module) {
        List<Instruction> vars = promotable(f);
        if (vars.isEmpty()) {
            return false;
        }
        Cfg cfg = Cfg.of(f);
        Map<Instruction, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < vars.size(); i++) {
            index.put(vars.get(i), i);
        }
        // phis per block, per variable
        Map<Block, Map<Integer, Instruction>> phis = new HashMap<>();
        Accesses accesses = new Accesses(vars.size());
        for (Block b : cfg.blocks()) {
            accesses.scan(b, index);
        }
        for (int v = 0; v < vars.size(); v++) {
            placePhis(cfg, vars.get(v), v, accesses, phis);
        }
        Map<Value, Value> replaced = new IdentityHashMap<>();
        Deque<Value>[] stacks = stacks(vars);
        rename(cfg, f.entry(), index, phis, stacks, replaced);
        // a predecessor no walk reached still needs its incoming value
        for (Map.Entry<Block, Map<Integer, Instruction>> e : phis.entrySet()) {
            for (Instruction phi : e.getValue().values()) {
                for (Block p : cfg.predecessors(e.getKey())) {
                    if (!phi.targets().contains(p)) {
                        Builder.incoming(phi, new Constant.Undef(phi.type()), p);
                    }
                }
            }
        }
        // what no walk reached (unreachable blocks): loads read undef, stores go
        for (Block b : f.blocks()) {
            if (!cfg.isReachable(b)) {
                for (Instruction i : b.instructions()) {
                    if (i.op() == Opcode.LOAD && target(i, index) != null) {
                        replaced.put(i, new Constant.Undef(i.type()));
                    }
                }
                b.removeIf(i -> target(i, index) != null);
            }
        }
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                for (int k = 0; k < i.operands().size(); k++) {
                    i.operands().set(k, resolve(i.operands().get(k), replaced));
                }
            }
        }
        Set<Instruction> promoted = new HashSet<>(vars);
        f.entry().removeIf(promoted::contains);
        return true;
    }

    @SuppressWarnings("unchecked")
    private static Deque<Value>[] stacks(List<Instruction> vars) {
        Deque<Value>[] s = new Deque[vars.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = new ArrayDeque<>();
            s[i].push(new Constant.Undef(((PointerType) vars.get(i).type()).pointee()));
        }
        return s;
    }

    private static Value resolve(Value v, Map<Value, Value> replaced) {
        Value r = v;
        while (replaced.containsKey(r)) {
            r = replaced.get(r);
        }
        return r;
    }

    /** Allocas of numeric or bool values used only as the pointer of whole loads and stores. */
    static List<Instruction> promotable(Function f) {
        List<Instruction> ordered = new ArrayList<>();
        Set<Instruction> ok = new HashSet<>();
        for (Instruction i : f.entry().instructions()) {
            if (i.op() == Opcode.ALLOCA && ((PointerType) i.type()).pointee().isNumericOrBool()) {
                ok.add(i);
                ordered.add(i);
            }
        }
        if (ordered.isEmpty()) {
            return ordered;
        }
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                for (int k = 0; k < i.operands().size(); k++) {
                    if (i.operands().get(k) instanceof Instruction a && ok.contains(a)) {
                        boolean whole = (i.op() == Opcode.LOAD && k == 0) || (i.op() == Opcode.STORE && k == 0);
                        if (!whole) {
                            ok.remove(a);
                        }
                    }
                }
            }
        }
        ordered.retainAll(ok);
        return ordered;
    }

    private static Instruction target(Instruction i, Map<Instruction, Integer> index) {
        if ((i.op() == Opcode.LOAD || i.op() == Opcode.STORE) && !i.operands().isEmpty()
                && i.operand(0) instanceof Instruction a && index.containsKey(a)) {
            return a;
        }
        return null;
    }

    /** Per variable, in one walk over the blocks: those that store it, and those that read it before storing. */
    private static final class Accesses {
        final List<Set<Block>> stores = new ArrayList<>();
        final List<Set<Block>> readsFirst = new ArrayList<>();
        private final boolean[] storedHere;

        Accesses(int vars) {
            for (int v = 0; v < vars; v++) {
                stores.add(new HashSet<>());
                readsFirst.add(new HashSet<>());
            }
            storedHere = new boolean[vars];
        }

        void scan(Block b, Map<Instruction, Integer> index) {
            java.util.Arrays.fill(storedHere, false);
            for (Instruction i : b.instructions()) {
                Instruction var = target(i, index);
                if (var == null) {
                    continue;
                }
                int v = index.get(var);
                if (i.op() == Opcode.STORE) {
                    storedHere[v] = true;
                    stores.get(v).add(b);
                } else if (!storedHere[v]) {
                    readsFirst.get(v).add(b);
                }
            }
        }
    }

    private static void placePhis(Cfg cfg, Instruction var, int v, Accesses accesses,
            Map<Block, Map<Integer, Instruction>> phis) {
        Set<Block> defs = accesses.stores.get(v);
        Set<Block> liveIn = new HashSet<>(accesses.readsFirst.get(v));
        Deque<Block> work = new ArrayDeque<>(liveIn);
        // live on entry: read before written here, or live into a successor and not written here
        while (!work.isEmpty()) {
            for (Block p : cfg.predecessors(work.pop())) {
                if (!defs.contains(p) && liveIn.add(p)) {
                    work.add(p);
                }
            }
        }
        Type t = ((PointerType) var.type()).pointee();
        Set<Block> placed = new HashSet<>();
        Deque<Block> frontier = new ArrayDeque<>(defs);
        while (!frontier.isEmpty()) {
            Block d = frontier.pop();
            if (!cfg.isReachable(d)) {
                continue;
            }
            for (Block y : cfg.dominanceFrontier(d)) {
                if (placed.add(y) && liveIn.contains(y)) {
                    Instruction phi = new Builder(y.parent()).at(y).phi(t);
                    phi.setName(var.name());
                    phis.computeIfAbsent(y, k -> new HashMap<>()).put(v, phi);
                    if (!defs.contains(y)) {
                        frontier.add(y);
                    }
                }
            }
        }
    }

    private static void rename(Cfg cfg, Block b, Map<Instruction, Integer> index,
            Map<Block, Map<Integer, Instruction>> phis, Deque<Value>[] stacks, Map<Value, Value> replaced) {
        int[] pushed = new int[stacks.length];
        for (Map.Entry<Integer, Instruction> e : phis.getOrDefault(b, Map.of()).entrySet()) {
            stacks[e.getKey()].push(e.getValue());
            pushed[e.getKey()]++;
        }
        boolean promoted = false;
        for (Instruction i : b.instructions()) {
            Instruction var = target(i, index);
            if (var == null) {
                continue;
            }
            int v = index.get(var);
            if (i.op() == Opcode.LOAD) {
                replaced.put(i, stacks[v].peek());
            } else {
                stacks[v].push(i.operand(1));
                pushed[v]++;
            }
            promoted = true;
        }
        if (promoted) {
            b.removeIf(i -> target(i, index) != null);
        }
        for (Block s : new java.util.LinkedHashSet<>(cfg.successors(b))) {
            for (Map.Entry<Integer, Instruction> e : phis.getOrDefault(s, Map.of()).entrySet()) {
                Builder.incoming(e.getValue(), stacks[e.getKey()].peek(), b);
            }
        }
        for (Block child : cfg.dominatorTreeChildren(b)) {
            rename(cfg, child, index, phis, stacks, replaced);
        }
        for (int v = 0; v < stacks.length; v++) {
            for (int k = 0; k < pushed[v]; k++) {
                stacks[v].pop();
            }
        }
    }
}
