package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Drops NOP records, renumbers temporaries densely and rebuilds the immediate pool. */
final class Compaction {
    // Why: the documented pass only turns instructions into NOPs, and the temporary counter
    // never frees anything, so after the other passes the record array has holes, DCL TEMP
    // declares registers nothing touches and the pool keeps values no CONST reads. Renumbering
    // keeps the old order, so a matrix or uniform span, whose temporaries are all kept, stays
    // contiguous; a temporary that is read but never written stays never written (reads zero).
    // Identical immediate ranges are stored once.

    private Compaction() {
    }

    static ShaderIr run(ShaderIr ir) {
        return run(ir, ir.code().toArray(Insn[]::new));
    }

    /** {@code ir} (for its pool, temporaries and interface) with {@code code} compacted. */
    static ShaderIr run(ShaderIr ir, Insn[] code) {
        int ntmp = ir.temps();
        boolean[] used = new boolean[ntmp];
        List<Insn> kept = new ArrayList<>(code.length);
        int[] lines = new int[code.length];
        int[] columns = new int[code.length];
        for (int i = 0; i < code.length; i++) {
            Insn in = code[i];
            if (in.op() == Opcode.NOP.code()) {
                continue;
            }
            // the source positions travel with the records kept
            lines[kept.size()] = i < ir.size() ? ir.sourceLine(i) : 0;
            columns[kept.size()] = i < ir.size() ? ir.sourceColumn(i) : 0;
            kept.add(in);
            mark(used, in.dst(), Effects.writeSpan(in));
            mark(used, in.a(), Effects.readSpan(in, false));
            mark(used, in.b(), Effects.readSpan(in, true));
        }
        int[] number = new int[ntmp];
        int temps = 0;
        for (int t = 0; t < ntmp; t++) {
            number[t] = used[t] ? temps++ : -1;
        }

        float[] imms = ir.immediates();
        float[] pool = new float[imms.length];
        int nimm = 0;
        for (int i = 0; i < kept.size(); i++) {
            Insn in = kept.get(i);
            int aux = in.aux();
            if (in.op() == Opcode.CONST.code()) {
                int at = find(pool, nimm, imms, aux, in.ncomp());
                if (at < 0) {
                    System.arraycopy(imms, aux, pool, nimm, in.ncomp());
                    at = nimm;
                    nimm += in.ncomp();
                }
                aux = at;
            }
            int dst = renumber(number, in.dst());
            int a = renumber(number, in.a());
            int b = renumber(number, in.b());
            if (dst != in.dst() || a != in.a() || b != in.b() || aux != in.aux()) {
                kept.set(i, new Insn(in.op(), in.ty(), in.ncomp(), dst, a, b, in.c(), aux, in.aux2()));
            }
        }
        return new ShaderIr(ir.name(), ir.stage(), kept, Arrays.copyOf(pool, nimm), temps, ir.iface(),
                Arrays.copyOf(lines, kept.size()), Arrays.copyOf(columns, kept.size()))
                .withEarlyFragmentTests(ir.earlyFragmentTests());
    }

    private static void mark(boolean[] used, int base, int span) {
        for (int k = 0; k < span; k++) {
            used[base + k] = true;
        }
    }

    private static int renumber(int[] number, int t) {
        return t < 0 ? t : number[t];
    }

    /** Where {@code imms[from..from+len)} already lies in the first {@code n} pool entries, bit for bit, or -1. */
    private static int find(float[] pool, int n, float[] imms, int from, int len) {
        for (int at = 0; at + len <= n; at++) {
            boolean same = true;
            for (int k = 0; k < len && same; k++) {
                same = Float.floatToRawIntBits(pool[at + k]) == Float.floatToRawIntBits(imms[from + k]);
            }
            if (same) {
                return at;
            }
        }
        return -1;
    }
}
