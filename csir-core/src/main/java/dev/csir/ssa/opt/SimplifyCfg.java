package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.Value;
import dev.csir.ssa.Values;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.ScalarKind;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CFG simplification that keeps every structure marker valid (spec 002, optimizer point 4).
 * Each run repeats these steps until none changes anything:
 * <ol>
 * <li><b>Constant branches.</b> In a reachable block, {@code condbr} on a constant (or with both
 *     arms the same block) and {@code switch} on a constant (or with every target the same)
 *     become a {@code br} to the block taken. Not folded: a branch whose dropped edge is a back
 *     edge to a loop header (the continue construct must still lead back to the header; a
 *     continue block that is reached keeps its back edge). A loop header that ends in a folded
 *     {@code condbr} keeps its marker (a loop header may end in {@code br}). A selection header
 *     whose branch folds loses its marker, since a selection header must end in {@code condbr}
 *     or {@code switch}: the taken arm then runs as plain straight-line code of the enclosing
 *     construct, and its merge block as an ordinary block (removed if nothing reaches it any
 *     more). That is only done when every reachable branch into the merge block comes from the
 *     selection's own level, not from inside a construct nested in it (a break out of a nested
 *     construct straight to a switch's merge); otherwise the branch is left alone. The
 *     front end's if-selections always qualify.</li>
 * <li><b>Unreachable blocks.</b> A <i>live</i> header is a reachable block with a marker; the
 *     merge and continue blocks of live headers are <i>kept</i>. An unreachable kept block is
 *     reduced: a continue block to a lone {@code br} back to its header (a continue block must
 *     still branch to its loop header, which keeps it as a predecessor), a merge block to a lone
 *     {@code unreachable}; a marker of its own is dropped. Every other unreachable block is
 *     removed, so a loop whose header is unreachable goes entirely. Uses of removed values (only
 *     phi operands from unreachable predecessors can have them) become undef.</li>
 * <li><b>Phis.</b> Each phi is made to name exactly its block's predecessors: incoming values
 *     from blocks that are no longer predecessors are dropped, and a predecessor not named (a
 *     continue block reduced to a branch back) gets undef. In a reachable block, a phi whose
 *     incoming values from reachable predecessors are all one value defined outside the block
 *     (in particular a phi with a single reachable incoming) is replaced by that value.</li>
 * <li><b>Straight-line merging.</b> A reachable block A ending in {@code br B}, where A is B's
 *     only predecessor, absorbs B (B's phis are replaced by their single incoming value, B's
 *     successors' phis name A instead). Never when A or B is a header, or B is the merge or
 *     continue block of a live header; A may be one (it keeps its identity, so markers naming it
 *     stay valid).</li>
 * </ol>
 * The entry block is never removed and, having no predecessors, never absorbed.
 */
public final class SimplifyCfg implements FunctionPass {
    @Override
    public String name() {
        return "simplifycfg";
    }

    @Override
    public boolean run(Function f, Module module) {
        if (f.entry() == null) {
            return false;
        }
        if (f.blocks().size() == 1 && (f.entry().terminator() == null || f.entry().terminator().targets().isEmpty())) {
            return false; // one block that branches nowhere: nothing to fold, remove or merge
        }
        boolean changed = false;
        while (true) {
            boolean round = foldBranches(f);
            round |= removeUnreachable(f);
            round |= fixPhis(f);
            round |= mergeChains(f);
            if (!round) {
                return changed;
            }
            changed = true;
        }
    }

    // ---- constant branches -------------------------------------------------------------------

    private static boolean foldBranches(Function f) {
        Cfg cfg = Cfg.of(f);
        boolean changed = false;
        for (Block b : f.blocks()) {
            Instruction t = b.terminator();
            if (t == null || !cfg.isReachable(b)) {
                continue;
            }
            Block target = taken(t);
            if (target == null || !cfg.contains(target)) {
                continue;
            }
            boolean dropsBackEdge = false;
            for (Block d : t.targets()) {
                if (d != target && d.structure() == StructureKind.LOOP && cfg.dominates(d, b)) {
                    dropsBackEdge = true;
                }
            }
            if (dropsBackEdge) {
                continue;
            }
            if (b.structure() == StructureKind.SELECTION) {
                if (!selectionMayGo(f, cfg, b)) {
                    continue;
                }
                b.clearStructure();
            }
            t.rewrite(Opcode.BR, null, List.of());
            t.targets().add(target);
            changed = true;
        }
        return changed;
    }

    /** The one block a {@code condbr} or {@code switch} can go to; null when that is not known. */
    private static Block taken(Instruction t) {
        List<Block> targets = t.targets();
        if (targets.isEmpty() || targets.contains(null)) {
            return null;
        }
        if (t.op() == Opcode.COND_BR && targets.size() == 2 && t.operands().size() == 1) {
            if (targets.get(0) == targets.get(1)) {
                return targets.get(0);
            }
            if (t.operand(0) instanceof Constant.Scalar c && c.type().kind() == ScalarKind.BOOL) {
                return c.boolValue() ? targets.get(0) : targets.get(1);
            }
        } else if (t.op() == Opcode.SWITCH && t.immediateCount() == targets.size() - 1 && t.operands().size() == 1) {
            if (targets.stream().allMatch(x -> x == targets.get(0))) {
                return targets.get(0);
            }
            if (t.operand(0) instanceof Constant.Scalar c
                    && (c.type().kind() == ScalarKind.INT || c.type().kind() == ScalarKind.UINT)) {
                for (int i = 0; i < t.immediateCount(); i++) {
                    if (t.immediate(i) == c.intValue()) {
                        return targets.get(i + 1);
                    }
                }
                return targets.get(0);
            }
        }
        return null;
    }

    /**
     * True when no reachable predecessor of the selection's merge block (other than the header)
     * lies inside a construct nested in the selection: inside means dominated by a live header
     * the selection header strictly dominates (and the merge does not), and not dominated by
     * that header's own merge.
     */
    private static boolean selectionMayGo(Function f, Cfg cfg, Block header) {
        Block merge = header.merge();
        if (merge == null || !cfg.contains(merge)) {
            return true;
        }
        for (Block p : cfg.predecessors(merge)) {
            if (p == header || !cfg.isReachable(p)) {
                continue;
            }
            for (Block inner : f.blocks()) {
                if (inner == header || inner.structure() == StructureKind.NONE || !cfg.isReachable(inner)
                        || !cfg.strictlyDominates(header, inner) || cfg.dominates(merge, inner)) {
                    continue;
                }
                Block innerMerge = inner.merge();
                boolean afterInner = innerMerge != null && cfg.dominates(innerMerge, p);
                if (cfg.dominates(inner, p) && !afterInner) {
                    return false;
                }
            }
        }
        return true;
    }

    // ---- unreachable blocks ------------------------------------------------------------------

    private static boolean removeUnreachable(Function f) {
        Cfg cfg = Cfg.of(f);
        Set<Block> keptMerges = Collections.newSetFromMap(new IdentityHashMap<>());
        Map<Block, Block> continueOf = new IdentityHashMap<>();
        for (Block h : f.blocks()) {
            if (h.structure() == StructureKind.NONE || !cfg.isReachable(h)) {
                continue;
            }
            if (h.merge() != null) {
                keptMerges.add(h.merge());
            }
            if (h.structure() == StructureKind.LOOP && h.continueTarget() != null) {
                continueOf.putIfAbsent(h.continueTarget(), h);
            }
        }
        Set<Instruction> removed = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean changed = false;
        for (Block b : List.copyOf(f.blocks())) {
            if (cfg.isReachable(b)) {
                continue;
            }
            Block header = continueOf.get(b);
            if (header != null) {
                if (!isLone(b, Opcode.BR, header)) {
                    clear(b, removed);
                    new Builder(f).at(b).br(header);
                    changed = true;
                }
            } else if (keptMerges.contains(b)) {
                if (!isLone(b, Opcode.UNREACHABLE, null)) {
                    clear(b, removed);
                    new Builder(f).at(b).unreachable();
                    changed = true;
                }
            } else {
                removed.addAll(b.instructions());
                f.removeBlock(b);
                changed = true;
            }
        }
        if (!removed.isEmpty()) {
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    for (int k = 0; k < i.operands().size(); k++) {
                        if (i.operand(k) instanceof Instruction d && removed.contains(d)) {
                            i.operands().set(k, new Constant.Undef(d.type()));
                        }
                    }
                }
            }
        }
        return changed;
    }

    /** True when {@code b} is already just the one terminator (to {@code target}) and no header. */
    private static boolean isLone(Block b, Opcode op, Block target) {
        if (b.structure() != StructureKind.NONE || b.instructions().size() != 1) {
            return false;
        }
        Instruction t = b.instructions().getFirst();
        return t.op() == op && (target == null ? t.targets().isEmpty() : t.targets().equals(List.of(target)));
    }

    private static void clear(Block b, Set<Instruction> removed) {
        for (Instruction i : List.copyOf(b.instructions())) {
            removed.add(i);
            i.detach();
        }
        b.clearStructure();
    }

    // ---- phis --------------------------------------------------------------------------------

    private static boolean fixPhis(Function f) {
        Cfg cfg = Cfg.of(f);
        Map<Value, Value> replaced = new IdentityHashMap<>();
        boolean changed = false;
        for (Block b : f.blocks()) {
            List<Block> preds = cfg.predecessors(b);
            for (Instruction phi : b.phis()) {
                for (int k = phi.targets().size() - 1; k >= 0; k--) {
                    // keep the first entry of a block named twice: walk forwards to decide
                    Block from = phi.targets().get(k);
                    boolean duplicate = phi.targets().subList(0, k).contains(from);
                    if (!preds.contains(from) || duplicate || k >= phi.operands().size()) {
                        phi.targets().remove(k);
                        if (k < phi.operands().size()) {
                            phi.operands().remove(k);
                        }
                        changed = true;
                    }
                }
                // what is left names each of its blocks once, and only predecessors
                for (Block p : preds) {
                    if (!phi.targets().contains(p)) {
                        Builder.incoming(phi, new Constant.Undef(phi.type()), p);
                        changed = true;
                    }
                }
                if (!cfg.isReachable(b)) {
                    continue;
                }
                Value only = null;
                boolean single = true;
                for (int k = 0; k < phi.targets().size(); k++) {
                    Value v = phi.operand(k);
                    if (!cfg.isReachable(phi.targets().get(k)) || v == phi) {
                        continue;
                    }
                    if (only == null) {
                        only = v;
                    } else if (!Values.same(only, v)) {
                        single = false;
                    }
                }
                if (single && only != null && !(only instanceof Instruction d && d.parent() == b)) {
                    replaced.put(phi, only);
                    phi.detach();
                    changed = true;
                }
            }
        }
        replaceUses(f, replaced);
        return changed;
    }

    static void replaceUses(Function f, Map<Value, Value> replaced) {
        if (replaced.isEmpty()) {
            return;
        }
        for (Block b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                for (int k = 0; k < i.operands().size(); k++) {
                    Value v = i.operand(k);
                    Value r = v;
                    while (replaced.containsKey(r)) {
                        r = replaced.get(r);
                    }
                    if (r != v) {
                        i.operands().set(k, r);
                    }
                }
            }
        }
    }

    // ---- straight-line merging ---------------------------------------------------------------

    private static boolean mergeChains(Function f) {
        boolean changed = false;
        boolean progress = true;
        while (progress) {
            progress = false;
            Cfg cfg = Cfg.of(f);
            Set<Block> kept = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Block h : f.blocks()) {
                if (h.structure() != StructureKind.NONE && cfg.isReachable(h)) {
                    kept.add(h.merge());
                    kept.add(h.continueTarget());
                }
            }
            for (Block a : f.blocks()) {
                Instruction t = a.terminator();
                if (t == null || t.op() != Opcode.BR || t.targets().size() != 1 || !cfg.isReachable(a)) {
                    continue;
                }
                Block b = t.targets().getFirst();
                if (b == a || b == f.entry() || !cfg.contains(b) || a.structure() != StructureKind.NONE
                        || b.structure() != StructureKind.NONE || kept.contains(b)
                        || !cfg.predecessors(b).equals(List.of(a))) {
                    continue;
                }
                absorb(f, cfg, a, b);
                progress = true;
                changed = true;
                break; // the graph changed: look again with a fresh one
            }
        }
        return changed;
    }

    private static void absorb(Function f, Cfg cfg, Block a, Block b) {
        Map<Value, Value> replaced = new IdentityHashMap<>();
        for (Instruction phi : b.phis()) {
            replaced.put(phi, phi.operands().isEmpty() ? new Constant.Undef(phi.type()) : phi.operand(0));
            phi.detach();
        }
        a.terminator().detach();
        for (Instruction i : List.copyOf(b.instructions())) {
            a.append(i);
        }
        for (Block s : new LinkedHashSet<>(cfg.successors(b))) {
            for (Instruction phi : s.phis()) {
                List<Block> from = phi.targets();
                for (int k = 0; k < from.size(); k++) {
                    if (from.get(k) == b) {
                        from.set(k, a);
                    }
                }
            }
        }
        f.removeBlock(b);
        replaceUses(f, replaced);
    }
}
