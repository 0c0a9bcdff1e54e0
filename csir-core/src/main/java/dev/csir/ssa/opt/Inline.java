package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Inlines every call it can (spec 002 "Optimizer" point 1), callees first: the functions are
 * visited in the order of the call graph's strongly connected components, callees before
 * callers, so a callee is already free of calls when it is copied into its callers.
 *
 * <p><b>Recursion.</b> A function on a cycle of the call graph (mutual recursion, or calling
 * itself) is never inlined; calls to it stay. Its own calls to other functions are inlined.
 *
 * <p><b>Splicing.</b> The call's block is split after the call: the part after it, with the
 * terminator, becomes a new block (a selection header marker moves with the terminator; a loop
 * header keeps its marker, since its back edges come to it, and ends in a branch to the body). The
 * callee's blocks are copied in between, its parameters replaced by the arguments, its allocas
 * moved to the top of the caller's entry block. How the callee's {@code ret}s are wired is
 * {@link InlinePlan}'s: a callee whose one {@code ret} lies outside every structured construct
 * is spliced directly, its {@code ret} becoming a branch to the rest of the block; any other is
 * wrapped in a loop that runs once (header, the body, an unreachable continue block branching
 * back, and the rest of the block as merge), each {@code ret} storing the result to a local and
 * breaking out, through the merge blocks of the callee's loops and switches, which test a flag
 * and break on. A {@code ret} in a block the callee cannot reach becomes {@code unreachable}.
 *
 * <p><b>Growth cap.</b> A call is not inlined when the caller would then hold more than
 * {@link #maxInstructions} instructions (the callee's count added to the caller's current one;
 * default {@value #DEFAULT_MAX_INSTRUCTIONS}). Calls of functions with a pointer parameter
 * (a sampler: resources must be inlined before a back end runs) are inlined whatever the size.
 * A call whose shapes {@link InlinePlan} refuses, or in a loop header that does not end in
 * {@code br}, is left alone too.
 *
 * <p><b>Dead functions.</b> When the module has an entry point, afterwards every function that no
 * entry point reaches through the calls that remain is removed. A module without entry points
 * (a library, a test fragment) keeps all its functions.
 */
public final class Inline implements Pass {
    /** The default growth cap: instructions a caller may hold after inlining. */
    public static final int DEFAULT_MAX_INSTRUCTIONS = 20_000;

    private final int maxInstructions;

    public Inline() {
        this(DEFAULT_MAX_INSTRUCTIONS);
    }

    /** An inliner that stops inlining into a caller once it would exceed {@code maxInstructions}. */
    public Inline(int maxInstructions) {
        this.maxInstructions = maxInstructions;
    }

    @Override
    public String name() {
        return "inline";
    }

    @Override
    public boolean run(Module module) {
        Set<Function> defined = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        defined.addAll(module.functions());
        Map<Function, List<Function>> calls = new IdentityHashMap<>();
        boolean anyCall = false;
        for (Function f : module.functions()) {
            List<Function> callees = callees(f, defined);
            calls.put(f, callees);
            anyCall |= !callees.isEmpty();
        }
        if (!anyCall) {
            return removeDead(module); // nothing to inline (most shaders): only unused functions go
        }
        List<List<Function>> order = InlineOrder.components(module.functions(), calls);
        Set<Function> recursive = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (List<Function> scc : order) {
            if (scc.size() > 1 || calls.get(scc.getFirst()).contains(scc.getFirst())) {
                recursive.addAll(scc);
            }
        }
        Map<Function, InlinePlan> plans = new IdentityHashMap<>();
        Map<Function, Integer> sizes = new IdentityHashMap<>();
        boolean changed = false;
        for (List<Function> scc : order) {
            for (Function f : scc) {
                changed |= inlineInto(f, defined, recursive, plans, sizes);
                sizes.put(f, size(f));
            }
        }
        changed |= removeDead(module);
        return changed;
    }

    /** Inlines the calls of {@code f} until none that may be is left. */
    private boolean inlineInto(Function f, Set<Function> defined, Set<Function> recursive,
            Map<Function, InlinePlan> plans, Map<Function, Integer> sizes) {
        Set<Instruction> kept = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        int size = size(f);
        boolean changed = false;
        Instruction call;
        while ((call = nextCall(f, kept)) != null) {
            Function g = call.callee();
            InlinePlan plan = null;
            int grown = 0;
            if (g != null && g != f && defined.contains(g) && !recursive.contains(g)) {
                grown = sizes.computeIfAbsent(g, Inline::size);
                boolean exempt = g.paramTypes().stream().anyMatch(t -> t instanceof PointerType);
                if (exempt || size + grown <= maxInstructions) {
                    plan = plans.computeIfAbsent(g, InlinePlan::of);
                }
            }
            if (plan == null || !splittable(call.parent())) {
                kept.add(call);
                continue;
            }
            splice(f, call, g, plan);
            size = size(f);
            changed = true;
        }
        return changed;
    }

    private static Instruction nextCall(Function f, Set<Instruction> kept) {
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.CALL && !kept.contains(i)) {
                    return i;
                }
            }
        }
        return null;
    }

    /** A loop header's body must start with a plain branch for the call's part to stay in the header. */
    private static boolean splittable(Block b) {
        if (b.structure() != StructureKind.LOOP) {
            return true;
        }
        Instruction t = b.terminator();
        return t != null && t.op() == Opcode.BR && b.continueTarget() != b;
    }

    // ---- one call ------------------------------------------------------------------------------

    private static void splice(Function f, Instruction call, Function g, InlinePlan plan) {
        Block block = call.parent();
        Block after = split(f, block, call);
        Builder b = new Builder(f);

        // copy the callee's blocks and instructions, then point operands and targets into the copy
        Map<Object, Object> map = new IdentityHashMap<>();
        for (int i = 0; i < g.params().size(); i++) {
            map.put(g.params().get(i), call.operand(i));
        }
        List<Block> copies = new ArrayList<>();
        for (Block gb : g.blocks()) {
            Block c = f.addBlock(gb.name() == null ? g.name() : g.name() + "." + gb.name());
            map.put(gb, c);
            copies.add(c);
        }
        List<Instruction> made = new ArrayList<>();
        for (Block gb : g.blocks()) {
            b.at((Block) map.get(gb));
            for (Instruction i : gb.instructions()) {
                Instruction n = b.emit(i.op(), i.type(), i.operands(), i.targets(), i.immediates());
                n.setCallee(i.callee());
                n.setPrecise(i.precise());
                n.setName(i.name());
                map.put(i, n);
                made.add(n);
            }
        }
        for (Instruction n : made) {
            for (int k = 0; k < n.operands().size(); k++) {
                Value v = n.operands().get(k);
                n.operands().set(k, (Value) map.getOrDefault(v, v));
            }
            for (int k = 0; k < n.targets().size(); k++) {
                Block t = n.targets().get(k);
                n.targets().set(k, (Block) map.getOrDefault(t, t));
            }
            if (n.op() == Opcode.ALLOCA) {
                toEntry(f, n);
            }
        }
        for (Block gb : g.blocks()) {
            Block c = (Block) map.get(gb);
            switch (gb.structure()) {
                case SELECTION -> c.markSelection(mapped(map, gb.merge()), gb.hint());
                case LOOP -> c.markLoop(mapped(map, gb.merge()), mapped(map, gb.continueTarget()), gb.hint());
                case NONE -> {
                }
            }
            Instruction t = c.terminator();
            if (plan.unreachable.contains(gb) && t != null && t.op() == Opcode.RET) {
                t.rewrite(Opcode.UNREACHABLE, VoidType.VOID, List.of());
            }
        }
        Block entryCopy = (Block) map.get(g.entry());
        Type resultType = call.type();
        boolean hasResult = !(resultType instanceof VoidType);
        Value result;
        List<Block> layout = new ArrayList<>();
        if (plan.direct) {
            result = hasResult ? new Constant.Undef(resultType) : null;
            for (Block r : plan.returns) {
                Instruction ret = ((Block) map.get(r)).terminator();
                if (hasResult && !ret.operands().isEmpty()) {
                    result = ret.operand(0);
                }
                ret.rewrite(Opcode.BR, VoidType.VOID, List.of());
                ret.targets().add(after);
            }
            b.at(block).br(entryCopy);
            layout.addAll(copies);
        } else {
            Value slot = hasResult ? b.alloca(resultType, g.name() + ".result") : null;
            Value flag = plan.needsFlag() ? b.alloca(ScalarType.BOOL, g.name() + ".returned") : null;
            Block header = f.addBlock("inline.header");
            Block cont = f.addBlock("inline.continue");
            header.markLoop(after, cont, ControlHint.NONE);
            for (Block r : plan.returns) {
                Block rc = (Block) map.get(r);
                Instruction ret = rc.terminator();
                Value v = ret.operands().isEmpty() ? null : ret.operand(0);
                ret.detach();
                b.at(rc);
                if (slot != null && v != null) {
                    b.store(slot, v);
                }
                Block out = plan.returnBreak.containsKey(r) ? mapped(map, plan.returnBreak.get(r)) : after;
                if (out != after) {
                    b.store(flag, Constant.ofBool(true));
                }
                b.br(out);
            }
            layout.add(header);
            for (Block gb : g.blocks()) {
                Block c = (Block) map.get(gb);
                layout.add(c);
                if (plan.tested.contains(gb)) {
                    Block out = plan.testBreak.containsKey(gb) ? mapped(map, plan.testBreak.get(gb)) : after;
                    layout.addAll(test(f, c, flag, out));
                }
            }
            layout.add(cont);
            b.at(block);
            if (flag != null) {
                b.store(flag, Constant.ofBool(false));
            }
            b.br(header);
            b.at(header).br(entryCopy);
            b.at(cont).br(header);
            if (slot != null) {
                Instruction load = b.load(slot);
                after.insert(0, load);
                load.setName(call.name());
                result = load;
            } else {
                result = null;
            }
        }
        layout.add(after);
        int at = f.blocks().indexOf(block) + 1;
        for (Block l : layout) {
            f.moveBlock(l, at++);
        }
        if (result != null) {
            for (Block fb : f.blocks()) {
                for (Instruction i : fb.instructions()) {
                    i.replaceOperand(call, result);
                }
            }
        }
        call.detach();
        completePhis(f, layout);
    }

    private static Block mapped(Map<Object, Object> map, Block b) {
        return b == null ? null : (Block) map.getOrDefault(b, b);
    }

    /**
     * Splits {@code block} after {@code call}: what follows (allocas excepted, they stay in the
     * entry) moves to a new block placed after it, which inherits a selection header marker; phis
     * of the successors name the new block instead.
     */
    private static Block split(Function f, Block block, Instruction call) {
        Block after = f.addBlock(block.name());
        int k = block.instructions().indexOf(call);
        for (Instruction i : List.copyOf(block.instructions().subList(k + 1, block.instructions().size()))) {
            if (i.op() != Opcode.ALLOCA) {
                after.append(i);
            }
        }
        if (block.structure() == StructureKind.SELECTION) {
            after.markSelection(block.merge(), block.hint());
            block.clearStructure();
        }
        renamePredecessor(after, block, after);
        f.moveBlock(after, f.blocks().indexOf(block) + 1);
        return after;
    }

    /** In the phis of {@code from}'s successors, the incoming block {@code old} becomes {@code now}. */
    private static void renamePredecessor(Block from, Block old, Block now) {
        for (Block s : new LinkedHashSet<>(from.successors())) {
            for (Instruction phi : s.phis()) {
                for (int k = 0; k < phi.targets().size(); k++) {
                    if (phi.targets().get(k) == old) {
                        phi.targets().set(k, now);
                    }
                }
            }
        }
    }

    /**
     * Makes {@code merge} test the flag: it keeps its phis and becomes a selection header that
     * breaks to {@code out} when the flag is set; its other instructions, header marker included,
     * move to a new block that is the selection's merge. Returns the new blocks in layout order.
     */
    private static List<Block> test(Function f, Block merge, Value flag, Block out) {
        Block brk = f.addBlock("inline.break");
        Block rest = f.addBlock(merge.name());
        int phis = merge.phis().size();
        for (Instruction i : List.copyOf(merge.instructions().subList(phis, merge.instructions().size()))) {
            rest.append(i);
        }
        if (merge.structure() == StructureKind.SELECTION) {
            rest.markSelection(merge.merge(), merge.hint());
        }
        renamePredecessor(rest, merge, rest);
        Builder b = new Builder(f).at(merge);
        Instruction set = b.load(flag);
        merge.markSelection(rest, ControlHint.NONE);
        b.condBr(set, brk, rest);
        b.at(brk).br(out);
        return List.of(brk, rest);
    }

    /** Phis of the copied blocks get an undef for each predecessor the rewiring added. */
    private static void completePhis(Function f, List<Block> blocks) {
        if (blocks.stream().allMatch(b -> b.phis().isEmpty())) {
            return;
        }
        Cfg cfg = Cfg.of(f);
        for (Block b : blocks) {
            for (Instruction phi : b.phis()) {
                for (Block p : cfg.predecessors(b)) {
                    if (!phi.targets().contains(p)) {
                        Builder.incoming(phi, new Constant.Undef(phi.type()), p);
                    }
                }
            }
        }
    }

    /** Moves an alloca to the top of the caller's entry block, after the allocas already there. */
    private static void toEntry(Function f, Instruction alloca) {
        Block entry = f.entry();
        int at = 0;
        while (at < entry.instructions().size() && entry.instructions().get(at).op() == Opcode.ALLOCA
                && entry.instructions().get(at) != alloca) {
            at++;
        }
        entry.insert(at, alloca);
    }

    // ---- the module ----------------------------------------------------------------------------

    private static List<Function> callees(Function f, Set<Function> defined) {
        List<Function> out = new ArrayList<>();
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.CALL && i.callee() != null && defined.contains(i.callee())
                        && !out.contains(i.callee())) {
                    out.add(i.callee());
                }
            }
        }
        return out;
    }

    static int size(Function f) {
        int n = 0;
        for (Block b : f.blocks()) {
            n += b.instructions().size();
        }
        return n;
    }

    /** Removes the functions no entry point reaches through calls; none when there is no entry point. */
    private static boolean removeDead(Module module) {
        if (module.entryPoints().isEmpty()) {
            return false;
        }
        Set<Function> defined = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        defined.addAll(module.functions());
        Set<Function> live = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Function> work = new ArrayDeque<>();
        for (EntryPoint e : module.entryPoints()) {
            if (e.function() != null && live.add(e.function())) {
                work.add(e.function());
            }
        }
        while (!work.isEmpty()) {
            for (Function c : callees(work.pop(), defined)) {
                if (live.add(c)) {
                    work.add(c);
                }
            }
        }
        return module.functions().removeIf(fn -> !live.contains(fn));
    }
}
