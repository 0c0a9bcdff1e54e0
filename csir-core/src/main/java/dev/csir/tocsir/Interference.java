package dev.csir.tocsir;

import dev.csir.ir.Opcode;
import java.util.BitSet;
import java.util.List;

/**
 * Which virtual registers may not share a temporary, from liveness over the structured code:
 * backwards through each sequence, the two arms of an IF joined at the IF, a loop's body run to a
 * fixed point (its ENDLOOP and CONTINUE lead back to its LOOP, its BREAK past its ENDLOOP), and
 * nothing live after a DISCARD. A register written by an instruction interferes with every
 * register live after it, and with the instruction's own operands where its expansion reads
 * them after writing part of the destination (see {@link #readsAfterWriting}); a copy's
 * destination may share its source's temporary, which makes coalescing possible.
 */
final class Interference {
    private final VCode code;
    private final List<VCode.Item> items;
    /** Records whose result is never read: set on every visit, so a loop's last round decides. */
    private final BitSet dead = new BitSet();
    /** For a copy record some of whose destinations are dead: the copies that remain. */
    private final java.util.Map<Integer, VCode.Copies> liveCopies = new java.util.HashMap<>();
    /** Adjacency as one bit set per register. */
    private final BitSet[] adjacent;
    /** Where each IF/LOOP's matching ELSE, ENDIF or ENDLOOP is. */
    private final int[] match;
    private final int[] elseOf;
    /** The record being stepped over. */
    private int at;

    private Interference(VCode code) {
        this.code = code;
        this.items = code.items;
        this.adjacent = new BitSet[code.registers()];
        for (int i = 0; i < adjacent.length; i++) {
            adjacent[i] = new BitSet();
        }
        this.match = new int[items.size()];
        this.elseOf = new int[items.size()];
        java.util.Arrays.fill(elseOf, -1);
        pairUp();
    }

    /**
     * The interference graph, after dropping every record whose result nobody reads (and the
     * copies into registers nobody reads). One backward walk finds them all: a dead record is
     * treated as gone where it stands, so it neither writes nor reads, and what only it read is
     * dead in turn when the walk reaches it; live sets only grow over a loop's rounds, so a record
     * dead in the last round was dead in every round and added no edge.
     */
    static BitSet[] of(VCode code) {
        Interference g = new Interference(code);
        g.sequence(0, g.items.size(), new BitSet(), null);
        if (!g.dead.isEmpty()) {
            List<VCode.Item> kept = new java.util.ArrayList<>(code.items.size());
            for (int p = 0; p < code.items.size(); p++) {
                VCode.Item item = code.items.get(p);
                if (!g.dead.get(p)) {
                    kept.add(item);
                } else if (g.liveCopies.containsKey(p)) {
                    kept.add(g.liveCopies.get(p));
                }
            }
            code.items.clear();
            code.items.addAll(kept);
        }
        return g.adjacent;
    }

    private void pairUp() {
        int[] stack = new int[items.size() + 1];
        int top = 0;
        for (int p = 0; p < items.size(); p++) {
            if (items.get(p) instanceof VCode.Op o) {
                switch (o.op()) {
                    case IF, LOOP -> stack[top++] = p;
                    case ELSE -> elseOf[stack[top - 1]] = p;
                    case ENDIF, ENDLOOP -> {
                        int open = stack[--top];
                        match[open] = p;
                        match[p] = open;
                    }
                    default -> { }
                }
            }
        }
    }

    /** The enclosing loop: what is live at its LOOP (where CONTINUE goes) and after its ENDLOOP (BREAK). */
    private record Loop(BitSet head, BitSet exit) {
    }

    /** Items {@code from} (inclusive) to {@code to} (exclusive), backwards; returns what is live before them. */
    private BitSet sequence(int from, int to, BitSet liveOut, Loop loop) {
        BitSet live = (BitSet) liveOut.clone();
        int p = to - 1;
        at = p;
        while (p >= from) {
            VCode.Item item = items.get(p);
            if (item instanceof VCode.Op o && (o.op() == Opcode.ENDIF || o.op() == Opcode.ENDLOOP)) {
                int open = match[p];
                live = o.op() == Opcode.ENDIF ? ifStatement(open, p, live, loop) : loop(open, p, live);
                p = open - 1;
                continue;
            }
            at = p;
            live = step(item, live, loop);
            p--;
        }
        return live;
    }

    private BitSet ifStatement(int open, int close, BitSet after, Loop loop) {
        int otherwise = elseOf[open];
        BitSet then = sequence(open + 1, otherwise < 0 ? close : otherwise, after, loop);
        BitSet live = otherwise < 0 ? (BitSet) after.clone() : sequence(otherwise + 1, close, after, loop);
        live.or(then);
        VCode.Op o = (VCode.Op) items.get(open);
        use(live, o.a());
        return live;
    }

    /** A loop's body to a fixed point: the head's live set grows until a round adds nothing. */
    private BitSet loop(int open, int close, BitSet after) {
        BitSet head = new BitSet();
        while (true) {
            BitSet next = sequence(open + 1, close, head, new Loop(head, after));
            next.or(head);
            if (next.equals(head)) {
                return head;
            }
            head = next;
        }
    }

    private BitSet step(VCode.Item item, BitSet live, Loop loop) {
        if (item instanceof VCode.Op o) {
            switch (o.op()) {
                case BREAK -> {
                    return loop == null ? new BitSet() : (BitSet) loop.exit().clone();
                }
                case CONTINUE -> {
                    return loop == null ? new BitSet() : (BitSet) loop.head().clone();
                }
                case DISCARD -> {
                    return new BitSet();
                }
                default -> { }
            }
            if (o.dst() >= 0) {
                int d = VCode.vreg(o.dst());
                boolean unread = !live.get(d);
                dead.set(at, unread);
                if (unread) {
                    return live; // dropped: it neither writes nor reads
                }
                interfere(d, live);
                if (readsAfterWriting(o)) {
                    operandInterferes(d, o.a());
                    operandInterferes(d, o.b());
                }
                if (!o.dstRead()) {
                    live.clear(d);
                }
            }
            use(live, o.a());
            use(live, o.b());
            if (o.dst() >= 0 && o.dstRead()) {
                live.set(VCode.vreg(o.dst()));
            }
        } else if (item instanceof VCode.Copies c) {
            copiesStillRead(c, live);
            // the destinations still read are written at once: they interfere with what lives
            // on and with each other, not with the sources; the other copies are dropped
            BitSet written = new BitSet();
            for (int d : c.dsts()) {
                if (live.get(VCode.vreg(d))) {
                    written.set(VCode.vreg(d));
                }
            }
            for (int d = written.nextSetBit(0); d >= 0; d = written.nextSetBit(d + 1)) {
                interfere(d, live);
                interfere(d, written);
            }
            live.andNot(written);
            for (int i = 0; i < c.srcs().length; i++) {
                if (written.get(VCode.vreg(c.dsts()[i]))) {
                    use(live, c.srcs()[i]);
                }
            }
        }
        return live;
    }

    /** Notes the copies of {@code c} whose destinations nobody reads after it. */
    private void copiesStillRead(VCode.Copies c, BitSet live) {
        int kept = 0;
        for (int d : c.dsts()) {
            kept += live.get(VCode.vreg(d)) ? 1 : 0;
        }
        dead.set(at, kept < c.dsts().length);
        liveCopies.remove(at);
        if (kept < c.dsts().length && kept > 0) {
            int[] dsts = new int[kept];
            int[] srcs = new int[kept];
            for (int i = 0, k = 0; i < c.dsts().length; i++) {
                if (live.get(VCode.vreg(c.dsts()[i]))) {
                    dsts[k] = c.dsts()[i];
                    srcs[k++] = c.srcs()[i];
                }
            }
            liveCopies.put(at, new VCode.Copies(dsts, srcs, c.line(), c.column()));
        }
    }

    /**
     * Whether the record's expansion may read an operand after writing part of its destination,
     * so the two must not share temporaries: the matrix products (TGSI writes a column with a MUL
     * and then MADs that read the vector again) and anything on matrices, whose columns are
     * records of their own. Every other record reads all it needs first, or works lane by lane.
     */
    private boolean readsAfterWriting(VCode.Op o) {
        return o.op() == Opcode.MULMV || o.op() == Opcode.MULMM || wide(o.dst()) || wide(o.a()) || wide(o.b());
    }

    private boolean wide(int operand) {
        return operand >= 0 && code.width(VCode.vreg(operand)) > 1;
    }

    private static void use(BitSet live, int operand) {
        if (operand >= 0) {
            live.set(VCode.vreg(operand));
        }
    }

    private void operandInterferes(int d, int operand) {
        if (operand >= 0 && VCode.vreg(operand) != d) {
            edge(d, VCode.vreg(operand));
        }
    }

    private void interfere(int d, BitSet others) {
        for (int x = others.nextSetBit(0); x >= 0; x = others.nextSetBit(x + 1)) {
            if (x != d) {
                edge(d, x);
            }
        }
    }

    private void edge(int a, int b) {
        adjacent[a].set(b);
        adjacent[b].set(a);
    }
}
