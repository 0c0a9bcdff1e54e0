package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A loop {@link Unroll} can unroll, found and checked as that pass's documentation says: its
 * blocks ({@code blocks}, the header's construct), the chain of blocks from the header to the exit
 * test, the body's first block, the counter and its value in each copy (the last value is the one
 * the test rejects, so there are {@code values.size() - 1} trips), and how break or continue is
 * kept structured.
 */
record UnrollPlan(Block header, Block merge, Block preheader, Block latch, Set<Block> blocks, List<Block> chain,
        Instruction exit, Block body, Instruction counter, List<Constant> values, Wrap wrap) {

    /** How {@code break} and {@code continue} in the body stay structured in the copies. */
    enum Wrap { NONE, BREAKS, CONTINUES }

    int trips() {
        return values.size() - 1;
    }

    /** The innermost loop of {@code f} that can be unrolled, or null; {@code everyLoop}: whether or not it pays. */
    static UnrollPlan next(Function f, boolean everyLoop) {
        if (f.entry() == null) {
            return null;
        }
        Cfg cfg = Cfg.of(f);
        Map<Block, Set<Block>> constructs = new IdentityHashMap<>();
        for (Block b : f.blocks()) {
            if (b.structure() == StructureKind.LOOP && cfg.isReachable(b)) {
                constructs.put(b, construct(cfg, b));
            }
        }
        List<Block> headers = new ArrayList<>(constructs.keySet());
        // lambdas of ours, not Comparator.comparingInt's serializable ones, which the JDK's AOT
        // cache cannot keep linked: a one-shot compile would link them at run time
        headers.sort((a, b) -> Integer.compare(f.blocks().indexOf(a), f.blocks().indexOf(b)));
        // deepest first: a loop inside more constructs is inner to them
        headers.sort((a, b) -> Long.compare(depth(constructs, b), depth(constructs, a)));
        int size = size(f.blocks());
        for (Block h : headers) {
            UnrollPlan l = analyze(f, cfg, h, constructs.get(h), size, everyLoop);
            if (l != null) {
                return l;
            }
        }
        return null;
    }

    /** How many of the loop constructs hold {@code header}. */
    private static long depth(Map<Block, Set<Block>> constructs, Block header) {
        return constructs.values().stream().filter(c -> c.contains(header)).count();
    }

    /**
     * The loop's blocks: the reachable ones the header dominates and its merge block does not,
     * and the unreachable merge and continue blocks that constructs among them name (the
     * optimizer keeps those for the markers, so each copy needs its own).
     */
    private static Set<Block> construct(Cfg cfg, Block h) {
        Set<Block> in = new LinkedHashSet<>();
        Block m = h.merge();
        for (Block b : cfg.blocks()) {
            if (cfg.isReachable(b) && cfg.dominates(h, b) && !(m != null && cfg.isReachable(m) && cfg.dominates(m, b))) {
                in.add(b);
            }
        }
        for (boolean grew = true; grew;) {
            grew = false;
            for (Block b : List.copyOf(in)) {
                if (b != h && b.structure() != StructureKind.NONE) {
                    for (Block t : new Block[] {b.merge(), b.continueTarget()}) {
                        if (t != null && !cfg.isReachable(t) && in.add(t)) {
                            grew = true;
                        }
                    }
                }
            }
        }
        return in;
    }

    private static UnrollPlan analyze(Function f, Cfg cfg, Block h, Set<Block> in, int functionSize,
            boolean everyLoop) {
        Block m = h.merge();
        Block c = h.continueTarget();
        if (h.hint() == ControlHint.DONT_UNROLL || m == null || c == null || c == h || !in.contains(c)
                || in.contains(m) || !cfg.isReachable(m)) {
            return null;
        }
        Block pre = null;
        Block latch = null;
        for (Block p : cfg.predecessors(h)) {
            if (!in.contains(p) && pre == null) {
                pre = p;
            } else if (in.contains(p) && latch == null) {
                latch = p;
            } else {
                return null;
            }
        }
        if (pre == null || latch == null || !cfg.isReachable(latch) || !closed(f, cfg, h, in, pre)) {
            return null;
        }
        List<Block> chain = chain(cfg, h, in);
        if (chain == null) {
            return null;
        }
        Block t = chain.getLast();
        Instruction exit = t.terminator();
        int exitArm = exit.targets().indexOf(m);
        Block body = exitArm < 0 ? null : exit.targets().get(1 - exitArm);
        if (body == null || body == m || body == h || !in.contains(body) || t.structure() == StructureKind.SELECTION
                || !(exit.operand(0) instanceof Instruction test) || test.op().family() != Opcode.Family.COMPARE) {
            return null;
        }
        int at = test.operand(0) instanceof Instruction p && h.phis().contains(p) ? 0 : 1;
        if (!(test.operand(at) instanceof Instruction counter) || !h.phis().contains(counter)
                || !(test.operand(1 - at) instanceof Constant.Scalar)) {
            return null;
        }
        Instruction step = step(counter, pre, latch);
        if (step == null) {
            return null;
        }
        List<Constant> values = count(test, exitArm == 1, counter, step, (Constant) incoming(counter, pre));
        if (values == null) {
            return null;
        }
        int trips = values.size() - 1;
        long unrolled = (long) trips * size(in);
        if (unrolled > Unroll.MAX_UNROLLED || functionSize + unrolled > Unroll.MAX_FUNCTION) {
            return null;
        }
        boolean breaks = cfg.predecessors(m).stream().anyMatch(p -> p != t);
        boolean continues = cfg.predecessors(c).stream().anyMatch(p -> nested(cfg, h, in, p));
        // with continues, each copy's continue block becomes the merge of a loop of its own
        if (breaks && continues
                || continues && (c.structure() != StructureKind.NONE || in.stream().anyMatch(g -> g.merge() == c))) {
            return null;
        }
        Wrap wrap = breaks ? Wrap.BREAKS : continues ? Wrap.CONTINUES : Wrap.NONE;
        UnrollPlan l = new UnrollPlan(h, m, pre, latch, in, chain, exit, body, counter, values, wrap);
        boolean pays = everyLoop || h.hint() == ControlHint.UNROLL || indexesByCounter(cfg, l)
                || foldedSize(cfg, l) < size(in);
        return pays ? l : null;
    }

    /** The blocks from the header through plain branches to the first that ends in {@code condbr}; null when there is none. */
    private static List<Block> chain(Cfg cfg, Block h, Set<Block> in) {
        List<Block> chain = new ArrayList<>();
        for (Block t = h; ; ) {
            chain.add(t);
            Instruction term = t.terminator();
            if (term.op() == Opcode.COND_BR) {
                return chain;
            }
            Block next = term.op() == Opcode.BR ? term.targets().getFirst() : null;
            if (next == null || next == h || !in.contains(next) || next.structure() != StructureKind.NONE
                    || cfg.predecessors(next).size() != 1) {
                return null;
            }
            t = next;
        }
    }

    /**
     * True when the loop is entered only by the preheader's branch to the header, left only for
     * its merge block (whose predecessors are all in the loop), no block outside names one of
     * its blocks as merge or continue, and every construct inside merges and continues inside.
     */
    private static boolean closed(Function f, Cfg cfg, Block h, Set<Block> in, Block pre) {
        for (Block b : f.blocks()) {
            boolean inside = in.contains(b);
            for (Block s : cfg.successors(b)) {
                if (!inside && in.contains(s) && !(b == pre && s == h)
                        || inside && !in.contains(s) && s != h.merge()) {
                    return false;
                }
            }
            if (b != h && b.structure() != StructureKind.NONE) {
                boolean mergeIn = in.contains(b.merge());
                boolean continueIn = b.continueTarget() == null || in.contains(b.continueTarget());
                if (inside ? !mergeIn || !continueIn : mergeIn || b.continueTarget() != null && continueIn) {
                    return false;
                }
            }
        }
        for (Block p : cfg.predecessors(h.merge())) {
            if (!in.contains(p)) {
                return false;
            }
        }
        return true;
    }

    /** The latch's value of a counter phi when it is the phi stepped by a constant, else null. */
    private static Instruction step(Instruction phi, Block pre, Block latch) {
        if (!(incoming(phi, pre) instanceof Constant.Scalar) || !(incoming(phi, latch) instanceof Instruction s)) {
            return null;
        }
        boolean added = s.op() == Opcode.ADD && (s.operand(0) == phi && s.operand(1) instanceof Constant.Scalar
                || s.operand(1) == phi && s.operand(0) instanceof Constant.Scalar);
        boolean subtracted = s.op() == Opcode.SUB && s.operand(0) == phi && s.operand(1) instanceof Constant.Scalar;
        return added || subtracted ? s : null;
    }

    static Value incoming(Instruction phi, Block from) {
        int k = phi.targets().indexOf(from);
        return k < 0 ? null : phi.operand(k);
    }

    /**
     * The counter's values from {@code start} up to the first the test rejects, stepping as the
     * latch does; null when a test or step does not fold or the test holds past {@link Unroll#MAX_TRIPS}.
     */
    private static List<Constant> count(Instruction test, boolean staysWhenTrue, Instruction counter, Instruction step,
            Constant start) {
        List<Constant> values = new ArrayList<>();
        Constant v = start;
        while (true) {
            values.add(v);
            Constant holds = fold(test, counter, v);
            if (!(holds instanceof Constant.Scalar s)) {
                return null;
            }
            if (s.boolValue() != staysWhenTrue) {
                return values;
            }
            if (values.size() > Unroll.MAX_TRIPS) {
                return null;
            }
            v = fold(step, counter, v);
            if (v == null) {
                return null;
            }
        }
    }

    /** {@code i} folded with {@code value} in place of {@code counter}; null when it does not fold. */
    private static Constant fold(Instruction i, Instruction counter, Constant value) {
        List<Value> ops = new ArrayList<>(i.operands());
        ops.replaceAll(v -> v == counter ? value : v);
        return numeric(i, ops);
    }

    /** {@code i}'s arithmetic on {@code operands}, folded as {@link Combine} folds it; null when it is not. */
    private static Constant numeric(Instruction i, List<Value> operands) {
        Opcode.Family family = i.op().family();
        boolean arithmetic = family == Opcode.Family.UNARY || family == Opcode.Family.BINARY
                || family == Opcode.Family.COMPARE || family == Opcode.Family.CONVERT;
        if (!arithmetic || !operands.stream().allMatch(v -> v instanceof Constant)) {
            return null;
        }
        try {
            return CombineFold.numeric(i.op(), i.type(), operands);
        } catch (RuntimeException e) {
            return null; // operands the verifier would reject
        }
    }

    /**
     * True when an access chain in the loop takes an index computed (by pure instructions) from a
     * counter: a header phi that starts constant and is stepped by a constant. Its copies then
     * index by constants, which is what CSIR needs.
     */
    private static boolean indexesByCounter(Cfg cfg, UnrollPlan l) {
        Set<Value> counted = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Instruction phi : l.header().phis()) {
            if (step(phi, l.preheader(), l.latch()) != null) {
                counted.add(phi);
            }
        }
        // reverse post-order visits a definition before its uses (phis aside, which are not followed)
        for (Block b : cfg.reversePostOrder()) {
            if (!l.blocks().contains(b)) {
                continue;
            }
            for (Instruction i : b.instructions()) {
                boolean fromCounter = i.operands().stream().anyMatch(counted::contains);
                if (i.op() == Opcode.ACCESS_CHAIN && i.operands().subList(1, i.operands().size()).stream()
                        .anyMatch(counted::contains)) {
                    return true;
                }
                if (fromCounter && i.op() != Opcode.PHI && Effects.isPure(i)) {
                    counted.add(i);
                }
            }
        }
        return false;
    }

    /**
     * How many instructions the copies keep, plain branches aside, once the counter's values are
     * folded through them: a dry run of {@link Unroll} that folds arithmetic only, so it never
     * counts fewer than the copies will hold. A loop that computes a constant comes to nothing.
     */
    private static int foldedSize(Cfg cfg, UnrollPlan l) {
        List<Block> rpo = new ArrayList<>(cfg.reversePostOrder());
        rpo.retainAll(l.blocks());
        int kept = 0;
        Map<Object, Object> previous = null;
        for (int k = 0; k <= l.trips(); k++) {
            Map<Object, Object> map = new IdentityHashMap<>();
            seed(l, k, map, previous);
            for (Block b : k < l.trips() ? rpo : l.chain()) {
                for (Instruction i : b.instructions()) {
                    if (map.containsKey(i) || i == l.exit() || i.op() == Opcode.BR) {
                        continue;
                    }
                    List<Value> ops = new ArrayList<>(i.operands());
                    ops.replaceAll(v -> resolve(map, v));
                    Constant c = numeric(i, ops);
                    if (c != null) {
                        map.put(i, c);
                    } else {
                        kept++;
                    }
                }
            }
            previous = map;
        }
        return kept;
    }

    /** Copy {@code k}'s header phis: the counter's {@code k}-th value, the others what the previous copy brought back. */
    static void seed(UnrollPlan l, int k, Map<Object, Object> map, Map<Object, Object> previous) {
        for (Instruction phi : l.header().phis()) {
            map.put(phi, phi == l.counter() ? l.values().get(k)
                    : k == 0 ? incoming(phi, l.preheader()) : resolve(previous, incoming(phi, l.latch())));
        }
    }

    /** True when {@code b} is inside a construct nested in the loop (a branch from it to the continue block is a continue). */
    private static boolean nested(Cfg cfg, Block h, Set<Block> in, Block b) {
        for (Block g : in) {
            if (g != h && g.structure() != StructureKind.NONE && cfg.dominates(g, b)
                    && !(cfg.isReachable(g.merge()) && cfg.dominates(g.merge(), b))) {
                return true;
            }
        }
        return false;
    }

    private static int size(Iterable<Block> blocks) {
        int n = 0;
        for (Block b : blocks) {
            n += b.instructions().size();
        }
        return n;
    }

    /** What {@code v} is in the copy {@code map} describes: its copy, a constant, or itself when defined outside the loop. */
    static Value resolve(Map<Object, Object> map, Value v) {
        return (Value) map.getOrDefault(v, v);
    }
}
