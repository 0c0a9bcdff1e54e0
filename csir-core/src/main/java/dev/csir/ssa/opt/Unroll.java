package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.UnrollPlan.incoming;
import static dev.csir.ssa.opt.UnrollPlan.resolve;
import static dev.csir.ssa.opt.UnrollPlan.seed;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Full unrolling of loops whose trip count is known at compile time, for the CSIR path: CSIR has
 * no indexed temporaries and no indexed uniform access, so a local or uniform array indexed by a
 * loop counter can only be lowered once each copy of the body indexes it by a constant (SROA then
 * splits the local, mem2reg promotes its elements). SPIR-V keeps its loops: this pass is in
 * {@link Pipeline#forCsir} only.
 *
 * <p>A loop is unrolled when all of this holds:
 * <ul>
 * <li>its header is entered from one block outside the loop (the preheader) and branched back
 *     to from one block inside (the latch); nothing else enters the loop, nothing but its merge
 *     block is left to, every construct nested in it merges and continues inside it, and the
 *     hint is not {@code dontunroll};</li>
 * <li>the header, then blocks reached from it by plain branches, end in the exit test: a
 *     {@code condbr} with the merge block on one side, on a comparison (any of lt le gt ge eq ne)
 *     of a header phi, the counter, with a constant;</li>
 * <li>the counter starts as a constant and the latch brings back {@code counter + c},
 *     {@code c + counter} or {@code counter - c} for a constant {@code c} (int, uint or float:
 *     the trips are counted by running the test and the step on constants with {@link CombineFold},
 *     so wrapping and float rounding are exactly what the copies compute, and a float step that
 *     reaches a NaN, an infinity or a subnormal is not unrolled);</li>
 * <li>the test fails within {@link #MAX_TRIPS} trips, the copies hold at most
 *     {@link #MAX_UNROLLED} instructions (trips times the loop's instructions) and the function
 *     stays within {@link #MAX_FUNCTION};</li>
 * <li>it pays, unless the pass was made with {@link #everyLoop()} or the hint is {@code unroll}:
 *     an access chain in the loop is indexed by a value computed from a counter (the tested one
 *     or another header phi stepped the same way), or the copies, once folded, keep fewer
 *     instructions than the loop has (no trip or one, a body of one instruction, a loop that
 *     computes a constant). Any other loop is left as it is: CSIR and TGSI have loops, and
 *     copies would only grow the code, which the TGSI budget counts.</li>
 * </ul>
 * Copy {@code k} of the loop's blocks runs with the counter replaced by its {@code k}-th value
 * and the other header phis by what copy {@code k - 1} brought back; its exit test becomes a
 * branch into the body, and its instructions whose operands are now all constants are folded
 * (so an index {@code i + 1} is constant even without {@link Combine}, as in
 * {@link Pipeline#minimalForCsir}). After the last copy the blocks up to the exit test run once
 * more, and branch to the merge block. Uses after the loop take their value from the copy that
 * left it (through a phi in the merge block when several copies can leave).
 *
 * <p>{@code break} and {@code continue} keep their structured meaning in the copies through a
 * loop that runs once, as the inliner makes: with breaks, one around all the copies, so a break is
 * a branch to its merge block; with continues (a branch to the continue block from inside a
 * construct nested in the body), one around each copy, merging at that copy's continue block. A
 * loop with both is left alone (a break would have to leave two loops), and so is a loop whose
 * exit test is not where the header's chain ends ({@code do ... while}, which tests in the
 * continue block). Loops nested in the loop are copied with it; the innermost loops are unrolled
 * first, so a triangular loop ({@code j < i}) unrolls once its outer loop has. {@link UnrollPlan}
 * finds and checks the loops; this class makes the copies.
 */
public final class Unroll implements FunctionPass {
    /** The most trips unrolled. */
    public static final int MAX_TRIPS = 64;
    /** The most instructions the copies of one loop may hold: trips times the loop's instruction count. */
    public static final int MAX_UNROLLED = 2048;
    /** The most instructions a function may reach by unrolling (nested copies multiply). */
    public static final int MAX_FUNCTION = 8192;

    private final boolean everyLoop;

    private Unroll(boolean everyLoop) {
        this.everyLoop = everyLoop;
    }

    /** Unrolls the loops where it pays (an array indexed by a counter, or copies smaller than the loop). */
    public static Unroll whenItPays() {
        return new Unroll(false);
    }

    /** Unrolls every loop it can prove, within the same limits (tests, and a caller that wants no loops). */
    public static Unroll everyLoop() {
        return new Unroll(true);
    }

    @Override
    public String name() {
        return "unroll";
    }

    @Override
    public boolean run(Function f, Module module) {
        boolean changed = false;
        // one loop at a time: each unrolling changes the graph the next one is found in
        for (UnrollPlan l = UnrollPlan.next(f, everyLoop); l != null; l = UnrollPlan.next(f, everyLoop)) {
            expand(f, l);
            changed = true;
        }
        return changed;
    }

    private static void expand(Function f, UnrollPlan l) {
        int trips = l.trips();
        Block h = l.header();
        List<Block> order = new ArrayList<>();
        for (Block b : f.blocks()) {
            if (l.blocks().contains(b)) {
                order.add(b);
            }
        }
        List<Block> rpo = new ArrayList<>(Cfg.of(f).reversePostOrder());
        rpo.retainAll(l.blocks());
        // the copies' blocks first, so that each copy's back edge can name the next copy's entry
        List<Block> layout = new ArrayList<>();
        List<Map<Object, Object>> maps = new ArrayList<>();
        List<Block> entries = new ArrayList<>();
        Builder b = new Builder(f);
        Block once = l.wrap() == UnrollPlan.Wrap.BREAKS && trips > 0 ? f.addBlock("unroll.header") : null;
        if (once != null) {
            layout.add(once);
        }
        for (int k = 0; k <= trips; k++) {
            Map<Object, Object> map = new IdentityHashMap<>();
            maps.add(map);
            Block wrapper = l.wrap() == UnrollPlan.Wrap.CONTINUES && k < trips ? f.addBlock("unroll.header") : null;
            if (wrapper != null) {
                layout.add(wrapper);
            }
            for (Block ob : k < trips ? order : l.chain()) {
                Block nb = f.addBlock(ob.name());
                map.put(ob, nb);
                layout.add(nb);
            }
            if (wrapper != null) {
                wrapper.markLoop((Block) map.get(h.continueTarget()), onceContinue(f, b, wrapper, layout), ControlHint.NONE);
                b.at(wrapper).br((Block) map.get(h));
            }
            entries.add(wrapper != null ? wrapper : (Block) map.get(h));
        }
        if (once != null) {
            once.markLoop(l.merge(), onceContinue(f, b, once, layout), ControlHint.NONE);
            b.at(once).br(entries.getFirst());
            entries.set(0, once);
        }
        for (int k = 0; k <= trips; k++) {
            Block next = k < trips ? entries.get(k + 1) : null;
            copy(l, k, maps, next, k < trips ? rpo : l.chain(), k < trips ? order : l.chain());
        }
        Set<Block> fresh = Collections.newSetFromMap(new IdentityHashMap<>());
        fresh.addAll(layout);
        rewireExits(f, l, maps, fresh);
        Instruction enter = l.preheader().terminator();
        enter.targets().replaceAll(t -> t == h ? entries.getFirst() : t);
        int at = f.blocks().indexOf(h);
        for (Block nb : layout) {
            f.moveBlock(nb, at++);
        }
        for (Block ob : order) {
            f.removeBlock(ob);
        }
    }

    /** The continue block of a loop that runs once: never reached, it branches back to the header as the marker asks. */
    private static Block onceContinue(Function f, Builder b, Block header, List<Block> layout) {
        Block cont = f.addBlock("unroll.continue");
        b.at(cont).br(header);
        layout.add(cont);
        return cont;
    }

    /**
     * Fills copy {@code k}: the header's phis become the counter's {@code k}-th value and the
     * values the previous copy brought back, the exit test a branch into the body (out to the
     * merge block in the last copy, which holds only the chain), and the back edge a branch to the
     * next copy. Blocks are filled in reverse post-order, so an instruction's operands (phis
     * aside) are mapped before it and one whose operands all became constants is folded.
     */
    private static void copy(UnrollPlan l, int k, List<Map<Object, Object>> maps, Block next, List<Block> reachable,
            List<Block> blocks) {
        Map<Object, Object> map = maps.get(k);
        Block h = l.header();
        seed(l, k, map, k == 0 ? null : maps.get(k - 1));
        List<Block> filled = new ArrayList<>(reachable);
        for (Block ob : blocks) {
            if (!filled.contains(ob)) {
                filled.add(ob); // unreachable kept blocks: no instruction of theirs is folded
            }
        }
        Builder b = new Builder(h.parent());
        Map<Instruction, Instruction> made = new IdentityHashMap<>();
        for (Block ob : filled) {
            Block nb = (Block) map.get(ob);
            b.at(nb);
            for (Instruction i : ob.instructions()) {
                if (map.containsKey(i)) {
                    continue; // the header's phis
                }
                if (i == l.exit()) {
                    b.br(k < l.trips() ? (Block) map.get(l.body()) : l.merge());
                    continue;
                }
                List<Value> ops = new ArrayList<>(i.operands());
                ops.replaceAll(v -> resolve(map, v));
                List<Block> targets = new ArrayList<>(i.targets());
                targets.replaceAll(t -> t == h && i.op() != Opcode.PHI ? next : (Block) map.getOrDefault(t, t));
                Instruction n = b.emit(i.op(), i.type(), ops, targets, i.immediates());
                n.setCallee(i.callee());
                n.setPrecise(i.precise());
                n.setName(i.name());
                n.setPosition(i.line(), i.column());
                Constant folded = i.op() != Opcode.PHI && ops.stream().allMatch(v -> v instanceof Constant)
                        ? CombineFold.fold(n) : null;
                if (folded != null) {
                    n.detach();
                    map.put(i, folded);
                } else {
                    map.put(i, n);
                    made.put(i, n);
                }
            }
            switch (ob == h ? StructureKind.NONE : ob.structure()) {
                case SELECTION -> nb.markSelection((Block) map.get(ob.merge()), ob.hint());
                case LOOP -> nb.markLoop((Block) map.get(ob.merge()), (Block) map.get(ob.continueTarget()), ob.hint());
                case NONE -> {
                }
            }
        }
        // phis and unreachable blocks may use values defined after them: map those now
        for (Map.Entry<Instruction, Instruction> e : made.entrySet()) {
            List<Value> from = e.getKey().operands();
            for (int n = 0; n < from.size(); n++) {
                e.getValue().operands().set(n, resolve(map, from.get(n)));
            }
        }
    }

    /**
     * The merge block's predecessors are now the copies' blocks that branch to it: its phis take
     * each one's value, and every other use of a loop value after the loop takes it from the one
     * copy that left, or from a new phi when several can. ({@code fresh}: the copies' blocks.)
     */
    private static void rewireExits(Function f, UnrollPlan l, List<Map<Object, Object>> maps, Set<Block> fresh) {
        Block m = l.merge();
        List<Block> exits = new ArrayList<>();
        List<Map<Object, Object>> exitMaps = new ArrayList<>();
        List<Block> originals = new ArrayList<>();
        for (Map<Object, Object> map : maps) {
            for (Block ob : l.blocks()) {
                Block nb = (Block) map.get(ob);
                if (nb != null && nb.successors().contains(m)) {
                    exits.add(nb);
                    exitMaps.add(map);
                    originals.add(ob);
                }
            }
        }
        Set<Instruction> rewired = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Instruction phi : m.phis()) {
            List<Value> values = new ArrayList<>();
            for (int e = 0; e < exits.size(); e++) {
                values.add(resolve(exitMaps.get(e), incoming(phi, originals.get(e))));
            }
            phi.operands().clear();
            phi.targets().clear();
            for (int e = 0; e < exits.size(); e++) {
                Builder.incoming(phi, values.get(e), exits.get(e));
            }
            rewired.add(phi);
        }
        Map<Instruction, Value> after = new IdentityHashMap<>();
        Builder b = new Builder(f).at(m);
        for (Block ob : f.blocks()) {
            if (l.blocks().contains(ob) || fresh.contains(ob)) {
                continue;
            }
            for (Instruction i : List.copyOf(ob.instructions())) {
                for (int n = 0; n < i.operands().size() && !rewired.contains(i); n++) {
                    if (i.operand(n) instanceof Instruction d && l.blocks().contains(d.parent())) {
                        i.operands().set(n, after.computeIfAbsent(d, v -> leaving(b, v, exits, exitMaps, rewired)));
                    }
                }
            }
        }
    }

    /**
     * A loop value {@code v} as code after the loop sees it: the exit's copy, or a phi in the
     * merge block over the exits. A value only valid IR never uses after the loop (one defined
     * past the exit test, used in an unreachable block) becomes undef where a copy lacks it.
     */
    private static Value leaving(Builder b, Instruction v, List<Block> exits, List<Map<Object, Object>> exitMaps,
            Set<Instruction> rewired) {
        List<Value> values = new ArrayList<>();
        for (Map<Object, Object> map : exitMaps) {
            values.add(map.containsKey(v) ? resolve(map, v) : new Constant.Undef(v.type()));
        }
        if (values.size() == 1) {
            return values.getFirst();
        }
        Instruction phi = b.phi(v.type()).setName(v.name());
        rewired.add(phi);
        for (int e = 0; e < exits.size(); e++) {
            Builder.incoming(phi, values.get(e), exits.get(e));
        }
        return phi;
    }
}
