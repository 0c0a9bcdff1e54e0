package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.Arrays;

/** Merges CONSTs of bitwise-identical values into the first one that dominates them. */
final class ConstantDedup {
    // Why: lowering gives every literal and every read of a known constant its own CONST and
    // temporary, so the same 0.0 or 1.0 appears many times. The IR is not SSA, so a later CONST
    // may reuse an earlier temporary only when that temporary is written by nothing else (it
    // still holds the value everywhere after its CONST) and both the earlier CONST and the later
    // one dominate every read they serve. Temporaries read as part of a matrix span keep their
    // own CONST: renaming one column would tear the span apart.
    // Loops: a loop body is a region (see Regions), so a CONST in a loop serves nothing after it;
    // a read that comes before the only CONST in the code, such as a loop-carried read near the
    // top of a body whose CONST comes later, pins the temporary as any read before it does.

    private ConstantDedup() {
    }

    static ShaderIr run(ShaderIr ir) {
        Insn[] code = ir.code().toArray(Insn[]::new);
        return run(code, ir.temps(), ir.immediates()) ? ir.withCode(Arrays.asList(code)) : ir;
    }

    /** Rewrites {@code code} in place; returns whether anything changed. */
    static boolean run(Insn[] code, int ntmp, float[] imms) {
        int n = code.length;
        Regions regions = new Regions(n);
        int[] defs = new int[ntmp];
        int[] defRegion = new int[ntmp];
        boolean[] pinned = new boolean[ntmp];
        for (int i = 0; i < n; i++) {
            Insn in = code[i];
            int region = regions.step(in.op());
            read(in, false, region, defs, defRegion, pinned, regions);
            read(in, true, region, defs, defRegion, pinned, regions);
            int span = Effects.writeSpan(in);
            for (int k = 0; k < span; k++) {
                int t = in.dst() + k;
                defs[t]++;
                defRegion[t] = region;
                pinned[t] |= span > 1;
            }
        }

        int[] rename = new int[ntmp];
        Arrays.fill(rename, -1);
        // Available constants: the four lanes' bits in two longs and the temporary, in CONST order;
        // truncated back to the IF's mark at its ELSE and ENDIF (the LOOP's at its ENDLOOP), as a
        // branch's or a loop body's CONSTs do not dominate what follows it.
        long[] keys = new long[2 * n];
        int[] temps = new int[n];
        int avail = 0;
        int[] marks = new int[n + 1];
        int depth = 0;
        boolean changed = false;
        for (int i = 0; i < n; i++) {
            Insn in = code[i];
            Opcode op = Opcode.of(in.op());
            if (op == Opcode.IF || op == Opcode.LOOP) {
                marks[depth++] = avail;
            } else if (op == Opcode.ELSE) {
                avail = marks[depth - 1];
            } else if (op == Opcode.ENDIF || op == Opcode.ENDLOOP) {
                avail = marks[--depth];
            } else if (op == Opcode.CONST) {
                int t = in.dst();
                if (defs[t] != 1 || pinned[t]) {
                    continue;
                }
                long lo = bits(imms, in, 0) | (long) bits(imms, in, 1) << 32;
                long hi = bits(imms, in, 2) | (long) bits(imms, in, 3) << 32;
                int found = -1;
                for (int k = 0; k < avail && found < 0; k++) {
                    if (keys[2 * k] == lo && keys[2 * k + 1] == hi) {
                        found = temps[k];
                    }
                }
                if (found >= 0) {
                    rename[t] = found;
                    code[i] = in.asNop();
                    changed = true;
                } else {
                    keys[2 * avail] = lo;
                    keys[2 * avail + 1] = hi;
                    temps[avail++] = t;
                }
            }
        }
        if (!changed) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            Insn in = code[i];
            int a = in.a() >= 0 && rename[in.a()] >= 0 ? rename[in.a()] : in.a();
            int b = in.b() >= 0 && rename[in.b()] >= 0 ? rename[in.b()] : in.b();
            if (a != in.a() || b != in.b()) {
                code[i] = new Insn(in.op(), in.ty(), in.ncomp(), in.dst(), a, b, in.c(), in.aux(), in.aux2());
            }
        }
        return true;
    }

    /**
     * Records a read through one operand: a temporary read before its only definition, or
     * where that definition no longer dominates, or as part of a span, must keep its CONST.
     */
    private static void read(Insn in, boolean b, int region, int[] defs, int[] defRegion,
            boolean[] pinned, Regions regions) {
        int span = Effects.readSpan(in, b);
        int base = b ? in.b() : in.a();
        for (int k = 0; k < span; k++) {
            int t = base + k;
            pinned[t] |= span > 1 || defs[t] == 0 || !regions.alive(defRegion[t]);
        }
    }

    /** The raw bits of one lane the CONST writes (lanes past ncomp are zero), as an unsigned int. */
    private static long bits(float[] imms, Insn in, int lane) {
        return lane < Math.min(in.ncomp(), 4) ? Float.floatToRawIntBits(imms[in.aux() + lane]) & 0xFFFFFFFFL : 0L;
    }
}
