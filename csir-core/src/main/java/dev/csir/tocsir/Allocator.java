package dev.csir.tocsir;

import dev.csir.ir.Insn;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Register allocation over CSIR's vec4 temporaries: the interference of {@link Interference},
 * then coalescing (a copy whose source and destination do not interfere becomes no copy: they
 * share one register; phis and the values flowing into them mostly do), then a greedy colouring
 * in order of first appearance that gives each register the lowest temporaries free of its
 * neighbours' (a matrix takes consecutive ones, and matrices go first). Then the final records, each parallel copy in a
 * safe order.
 */
final class Allocator {
    private final VCode code;
    private final BitSet[] adjacent;
    /** Union-find over coalesced registers: each register's representative. */
    private final int[] rep;
    private final int[] base;
    private int temps;

    private Allocator(VCode code) {
        this.code = code;
        this.adjacent = Interference.of(code);
        int n = code.registers();
        rep = new int[n];
        for (int i = 0; i < n; i++) {
            rep[i] = i;
        }
        base = new int[n];
    }

    /** Allocates and appends the records to {@code out}; returns the temporaries used (before the limit check). */
    static int allocate(VCode code, IrBuilder out) {
        Allocator a = new Allocator(code);
        a.coalesce();
        a.colour();
        return a.emit(out);
    }

    private int find(int v) {
        while (rep[v] != v) {
            rep[v] = rep[rep[v]];
            v = rep[v];
        }
        return v;
    }

    // ---- coalescing

    private void coalesce() {
        for (VCode.Item item : code.items) {
            if (!(item instanceof VCode.Copies c)) {
                continue;
            }
            for (int i = 0; i < c.dsts().length; i++) {
                int s = c.srcs()[i];
                if (VCode.column(s) != 0) {
                    continue; // a matrix column flowing into a vector: no register of its own to share
                }
                int x = find(VCode.vreg(c.dsts()[i]));
                int y = find(VCode.vreg(s));
                if (x == y || code.width(x) != code.width(y) || adjacent[x].get(y)) {
                    continue;
                }
                rep[y] = x;
                adjacent[x].or(adjacent[y]);
                BitSet ny = adjacent[y];
                for (int k = ny.nextSetBit(0); k >= 0; k = ny.nextSetBit(k + 1)) {
                    adjacent[k].set(x);
                }
            }
        }
    }

    // ---- colouring

    private void colour() {
        int n = code.registers();
        boolean[] seen = new boolean[n];
        boolean[] done = new boolean[n];
        List<Integer> order = new ArrayList<>();
        for (VCode.Item item : code.items) {
            forEachRegister(item, (v, read) -> {
                int r = find(v);
                if (!seen[r]) {
                    seen[r] = true;
                    order.add(r);
                }
            });
        }
        // matrices first, each needing a run of temporaries, then the single ones around them
        // (a plain lambda: Comparator.comparingInt's is serializable, which the AOT cache does not keep linked)
        order.sort((x, y) -> Integer.compare(code.width(x) > 1 ? 0 : 1, code.width(y) > 1 ? 0 : 1));
        for (int r : order) {
            int w = code.width(r);
            int at = 0;
            boolean moved = true;
            while (moved) {
                moved = false;
                BitSet adj = adjacent[r];
                for (int k = adj.nextSetBit(0); k >= 0; k = adj.nextSetBit(k + 1)) {
                    if (find(k) != k || !done[k]) {
                        continue; // merged into another, or not placed yet
                    }
                    int kb = base[k];
                    int kw = code.width(k);
                    if (kb < at + w && at < kb + kw) {
                        at = kb + kw;
                        moved = true;
                    }
                }
            }
            base[r] = at;
            done[r] = true;
            temps = Math.max(temps, at + w);
        }
    }

    interface RegisterVisitor {
        void visit(int vreg, boolean read);
    }

    /** Every register an item reads (first) and writes; a partial write reads its destination too. */
    static void forEachRegister(VCode.Item item, RegisterVisitor visitor) {
        if (item instanceof VCode.Op o) {
            if (o.a() >= 0) {
                visitor.visit(VCode.vreg(o.a()), true);
            }
            if (o.b() >= 0) {
                visitor.visit(VCode.vreg(o.b()), true);
            }
            if (o.dst() >= 0) {
                visitor.visit(VCode.vreg(o.dst()), o.dstRead());
            }
        } else if (item instanceof VCode.Copies c) {
            for (int s : c.srcs()) {
                visitor.visit(VCode.vreg(s), true);
            }
            for (int d : c.dsts()) {
                visitor.visit(VCode.vreg(d), false);
            }
        } else {
            throw new IllegalArgumentException(String.valueOf(item));
        }
    }

    private int phys(int operand) {
        return operand < 0 ? -1 : base[find(VCode.vreg(operand))] + VCode.column(operand);
    }

    // ---- emission

    private int emit(IrBuilder out) {
        List<List<int[]>> moves = new ArrayList<>();
        boolean scratch = false;
        for (VCode.Item item : code.items) {
            if (item instanceof VCode.Copies c) {
                List<int[]> seq = sequence(c);
                moves.add(seq);
                scratch |= seq.stream().anyMatch(m -> m[0] == temps || m[1] == temps);
            }
        }
        int total = temps + (scratch ? 1 : 0);
        claimTemporaries(out, total);
        Map<List<Integer>, Integer> pool = new LinkedHashMap<>();
        int copies = 0;
        // an ELSE waits for the next record: when coalescing emptied its arm, that is the ENDIF
        VCode.Op pendingElse = null;
        KnownConstants known = new KnownConstants(total);
        for (int p = 0; p < code.items.size(); p++) {
            VCode.Item item = code.items.get(p);
            if (pendingElse != null && !(item instanceof VCode.Copies c && moves.get(copies).isEmpty())) {
                if (!(item instanceof VCode.Op o && o.op() == Opcode.ENDIF)) {
                    out.at(pendingElse.line(), pendingElse.column());
                    out.emit(Opcode.ELSE, dev.csir.ir.Type.NONE, 0, -1, -1, -1, 0, 0);
                }
                pendingElse = null;
            }
            out.at(item.line(), item.column());
            if (item instanceof VCode.Op o && o.op() == Opcode.ELSE) {
                known.otherwise();
                pendingElse = o;
            } else if (item instanceof VCode.Op o) {
                int aux = o.aux();
                if (o.op() == Opcode.CONST) {
                    aux = immediate(out, pool, code.constants.get(o.aux()));
                    if (aux < 0) {
                        return total;
                    }
                    if (known.holds(phys(o.dst()), aux, o.ncomp())) {
                        continue; // the temporary holds these values already
                    }
                }
                out.emit(new Insn(o.op().code(), o.ty().code(), o.ncomp(), phys(o.dst()), phys(o.a()), phys(o.b()),
                        -1, aux, o.aux2()));
                known.after(o.op(), phys(o.dst()), o.op() == Opcode.MULMM ? o.aux() : 1, aux, o.ncomp());
            } else if (item instanceof VCode.Copies) {
                for (int[] m : moves.get(copies++)) {
                    out.emit(Opcode.MOV, Type.VEC4, 4, m[0], m[1], -1, 0, 0);
                    known.copied(m[0], m[1]);
                }
            } else {
                throw new IllegalArgumentException(String.valueOf(item));
            }
        }
        return total;
    }

    /** Claims the temporaries at the first instruction that needs one past the limit, so an overflow is located there. */
    private void claimTemporaries(IrBuilder out, int total) {
        int limit = out.limits().maxTemporaries();
        if (total > limit) {
            for (VCode.Item item : code.items) {
                int[] over = {0};
                forEachRegister(item, (v, read) -> over[0] |= base[find(v)] + code.width(v) > limit ? 1 : 0);
                if (over[0] != 0 && item.line() > 0) {
                    out.at(item.line(), item.column());
                    break;
                }
            }
        }
        if (total > 0) {
            out.temp(total);
        }
    }

    private static int immediate(IrBuilder out, Map<List<Integer>, Integer> pool, float[] values) {
        List<Integer> key = new ArrayList<>();
        for (float f : values) {
            // by the raw bits: -0 is not 0, and no two NaNs (integer lanes, many of them) are alike
            key.add(Float.floatToRawIntBits(f));
        }
        Integer known = pool.get(key);
        if (known != null) {
            return known;
        }
        int k = out.immediates(values);
        pool.put(key, k);
        return k;
    }

    /**
     * A parallel copy as a sequence of whole-temporary moves: a move whose destination no other
     * pending move reads goes first; a cycle is broken through the scratch temporary past the
     * allocated ones.
     */
    private List<int[]> sequence(VCode.Copies c) {
        Map<Integer, Integer> pending = new LinkedHashMap<>();
        for (int i = 0; i < c.dsts().length; i++) {
            int w = code.width(VCode.vreg(c.dsts()[i]));
            for (int k = 0; k < w; k++) {
                int d = phys(c.dsts()[i]) + k;
                int s = phys(c.srcs()[i]) + k;
                if (d != s) {
                    pending.put(d, s);
                }
            }
        }
        List<int[]> out = new ArrayList<>();
        while (!pending.isEmpty()) {
            Integer ready = null;
            for (int d : pending.keySet()) {
                if (!pending.containsValue(d)) {
                    ready = d;
                    break;
                }
            }
            if (ready != null) {
                out.add(new int[] {ready, pending.remove(ready)});
                continue;
            }
            int d = pending.keySet().iterator().next();
            out.add(new int[] {temps, d});
            pending.replaceAll((k, s) -> s == d ? temps : s);
            out.add(new int[] {d, pending.remove(d)});
        }
        return out;
    }
}
