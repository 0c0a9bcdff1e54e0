package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.PointerType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Common subexpression elimination along the dominator tree (spec 002, Optimizer point 2). A walk
 * of the tree keeps a scoped table of the instructions met on the path from the entry; an
 * instruction equal to one in the table (one that dominates it) is replaced by that one. Equal
 * means the same opcode, result type, operands (constants by value, everything else by identity,
 * after earlier replacements), immediates, precise flag and callee.
 *
 * <p>Candidates are the pure instructions ({@link Effects#isPure}) and the loads through a pointer
 * into memory an invocation cannot write: {@code uniform} (constant buffers), {@code uniform_constant}
 * (resources), {@code input} (stage inputs) and {@code push_constant}, the spaces that are not
 * {@link dev.csir.types.AddressSpace#writable()}. A load through an access chain counts, and two
 * such loads merge when their chains are the same value, which merging the chains first arranges.
 * Loads from function, private, workgroup, storage or output memory are never merged.
 *
 * <p>Unreachable blocks are not searched (they have no place in the tree), but their uses of a
 * replaced instruction are redirected too. Control flow and structure markers are not touched.
 */
public final class Cse implements FunctionPass {
    @Override
    public String name() {
        return "cse";
    }

    /**
     * What makes two candidates the same computation, read from the instruction itself: its
     * operands do not change while it is in the table (only later instructions are redirected).
     * Constants compare by value; arguments, globals, instructions and spec constants by identity.
     */
    private static final class Key {
        private final Instruction insn;
        private final int hash;

        Key(Instruction insn) {
            this.insn = insn;
            int h = insn.op().hashCode() * 31 + insn.type().hashCode();
            List<Value> ops = insn.operands();
            for (int k = 0; k < ops.size(); k++) {
                h = h * 31 + ops.get(k).hashCode();
            }
            for (int k = 0; k < insn.immediateCount(); k++) {
                h = h * 31 + insn.immediate(k);
            }
            this.hash = h;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key k) || k.hash != hash) {
                return false;
            }
            Instruction a = insn;
            Instruction b = k.insn;
            if (a.op() != b.op() || a.precise() != b.precise() || a.callee() != b.callee()
                    || !a.type().equals(b.type()) || !a.operands().equals(b.operands())
                    || a.immediateCount() != b.immediateCount()) {
                return false;
            }
            for (int i = 0; i < a.immediateCount(); i++) {
                if (a.immediate(i) != b.immediate(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    @Override
    public boolean run(Function f, Module module) {
        if (f.entry() == null) {
            return false;
        }
        // a function of one block (most shaders once inlined) is its own dominator tree
        Cfg cfg = f.blocks().size() == 1 ? null : Cfg.of(f);
        Map<Key, Instruction> table = new HashMap<>();
        Map<Value, Value> replaced = new IdentityHashMap<>();
        // an iterative pre-order walk; a null entry on the stack closes the scope above it
        Deque<Object> work = new ArrayDeque<>();
        work.push(f.entry());
        Deque<List<Key>> scopes = new ArrayDeque<>();
        while (!work.isEmpty()) {
            Object next = work.pop();
            if (next == Scope.CLOSE) {
                for (Key k : scopes.pop()) {
                    table.remove(k);
                }
                continue;
            }
            Block b = (Block) next;
            List<Key> added = new ArrayList<>();
            for (Instruction i : b.instructions().toArray(Instruction[]::new)) {
                resolve(i, replaced);
                if (!candidate(i)) {
                    continue;
                }
                Key k = new Key(i);
                Instruction earlier = table.get(k);
                if (earlier != null) {
                    replaced.put(i, earlier);
                    i.detach();
                } else {
                    table.put(k, i);
                    added.add(k);
                }
            }
            scopes.push(added);
            work.push(Scope.CLOSE);
            List<Block> children = cfg == null ? List.of() : cfg.dominatorTreeChildren(b);
            for (int c = children.size() - 1; c >= 0; c--) {
                work.push(children.get(c));
            }
        }
        if (replaced.isEmpty()) {
            return false;
        }
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                resolve(i, replaced);
            }
        }
        return true;
    }

    private enum Scope { CLOSE }

    /** Pure, or a load of memory no invocation writes. */
    static boolean candidate(Instruction i) {
        if (!i.hasResult() || i.op() == Opcode.PHI) {
            return false;
        }
        if (i.op() == Opcode.LOAD) {
            return i.operands().size() == 1 && i.operand(0).type() instanceof PointerType p && !p.space().writable();
        }
        return Effects.isPure(i);
    }

    private static void resolve(Instruction i, Map<Value, Value> replaced) {
        if (replaced.isEmpty()) {
            return;
        }
        List<Value> ops = i.operands();
        for (int k = 0; k < ops.size(); k++) {
            Value r = ops.get(k);
            while (r instanceof Instruction && replaced.containsKey(r)) {
                r = replaced.get(r);
            }
            ops.set(k, r);
        }
    }
}
