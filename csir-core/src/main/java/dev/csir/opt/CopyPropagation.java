package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.Arrays;

/** Makes readers of a MOV's destination read its source while both still hold the same lanes. */
final class CopyPropagation {
    // Why: every assignment lowers to "compute into a fresh temporary, then MOV into the
    // variable", and every output store reads the output's temporary, so most MOVs only rename.
    // Reading the source directly leaves the MOV without readers for DeadWrites to delete. Not
    // SSA: a copy "d = s on lanes L" is a fact about the current state, killed by any write to d
    // or s (partial writes and SETLANE included). At ENDIF only the copies that hold at the end
    // of both arms (or of the arm and the IF, without ELSE) survive. A reader is rewritten only
    // when every temporary and lane it reads is covered, a matrix read only when all its columns
    // were copied from consecutive columns, and never so that a matrix product reads a
    // temporary it writes (TGSI writes the product column by column while still reading).
    // Loops: the body's top is reached from before the loop and from every ENDLOOP and CONTINUE,
    // so at LOOP the copies with either side written anywhere in the body (nested loops
    // included) are dropped; what is left holds in every iteration and after the loop, which is
    // left only through BREAK, so at ENDLOOP the state goes back to it. Copies made inside the
    // body hold from where they are made on within one iteration, as in straight-line code.

    private CopyPropagation() {
    }

    static ShaderIr run(ShaderIr ir) {
        Insn[] code = ir.code().toArray(Insn[]::new);
        return run(code, ir.temps()) ? ir.withCode(Arrays.asList(code)) : ir;
    }

    /** Rewrites {@code code} in place; returns whether anything changed. */
    static boolean run(Insn[] code, int ntmp) {
        int n = code.length;
        int[] src = new int[ntmp];
        int[] lanes = new int[ntmp];
        // How many copies read each temporary, so a write to one nobody copies costs nothing.
        int[] users = new int[ntmp];
        Arrays.fill(src, -1);
        // Per open IF: the copies before it, and those at the end of its first arm once ELSE is seen.
        int[][] before = new int[n][];
        int[][] thenEnd = new int[n][];
        int depth = 0;
        // Per open LOOP: the copies that hold throughout it.
        int[] loopEnd = Effects.loopEnds(code);
        int[][] invariant = new int[n][];
        int loops = 0;
        boolean changed = false;
        for (int i = 0; i < n; i++) {
            Insn in = code[i];
            Opcode op = Opcode.of(in.op());
            if (op == Opcode.NOP || op == Opcode.DISCARD) {
                continue;
            }
            Insn now = rewrite(in, src, lanes);
            if (now != in) {
                code[i] = now;
                in = now;
                changed = true;
            }
            switch (op) {
                case IF -> {
                    before[depth] = save(src, lanes);
                    thenEnd[depth++] = null;
                }
                case ELSE -> {
                    thenEnd[depth - 1] = save(src, lanes);
                    restore(before[depth - 1], src, lanes);
                    count(src, users);
                }
                case ENDIF -> {
                    depth--;
                    int[] other = thenEnd[depth] != null ? thenEnd[depth] : before[depth];
                    meet(other, src, lanes);
                    count(src, users);
                }
                case LOOP -> {
                    int end = loopEnd[i] < 0 ? n : loopEnd[i];
                    for (int j = i + 1; j < end; j++) {
                        int span = Effects.writeSpan(code[j]);
                        for (int k = 0; k < span; k++) {
                            kill(code[j].dst() + k, src, users);
                        }
                    }
                    invariant[loops++] = save(src, lanes);
                }
                case ENDLOOP -> {
                    restore(invariant[--loops], src, lanes);
                    count(src, users);
                }
                case BREAK, CONTINUE -> {
                }
                default -> {
                    if (op == Opcode.MOV && in.a() == in.dst()) {
                        code[i] = in.asNop(); // a copy onto itself after rewriting: no effect
                        changed = true;
                        continue;
                    }
                    int span = Effects.writeSpan(in);
                    for (int k = 0; k < span; k++) {
                        kill(in.dst() + k, src, users);
                    }
                    if (op == Opcode.MOV) {
                        src[in.dst()] = in.a();
                        users[in.a()]++;
                        lanes[in.dst()] = Effects.mustWrite(in);
                    }
                }
            }
        }
        return changed;
    }

    private static Insn rewrite(Insn in, int[] src, int[] lanes) {
        int a = operand(in, false, src, lanes);
        int b = operand(in, true, src, lanes);
        if (a == in.a() && b == in.b()) {
            return in;
        }
        return new Insn(in.op(), in.ty(), in.ncomp(), in.dst(), a, b, in.c(), in.aux(), in.aux2());
    }

    /** The temporary operand {@code a} (or {@code b}) can read instead, or the one it reads. */
    private static int operand(Insn in, boolean b, int[] src, int[] lanes) {
        int base = b ? in.b() : in.a();
        int span = Effects.readSpan(in, b);
        if (span == 0 || src[base] < 0) {
            return base;
        }
        int s = src[base];
        int need = Effects.readLanes(in, b);
        for (int k = 0; k < span; k++) {
            if (src[base + k] != s + k || (lanes[base + k] & need) != need) {
                return base;
            }
        }
        int op = in.op();
        if ((op == Opcode.MULMV.code() || op == Opcode.MULMM.code())
                && Effects.overlap(s, span, in.dst(), Effects.writeSpan(in))) {
            return base;
        }
        return s;
    }

    /** A write to {@code t}: copies into it and copies out of it no longer hold. */
    private static void kill(int t, int[] src, int[] users) {
        if (src[t] >= 0) {
            users[src[t]]--;
            src[t] = -1;
        }
        if (users[t] > 0) {
            for (int d = 0; d < src.length; d++) {
                if (src[d] == t) {
                    src[d] = -1;
                }
            }
            users[t] = 0;
        }
    }

    private static void count(int[] src, int[] users) {
        Arrays.fill(users, 0);
        for (int s : src) {
            if (s >= 0) {
                users[s]++;
            }
        }
    }

    private static int[] save(int[] src, int[] lanes) {
        int[] s = Arrays.copyOf(src, src.length * 2);
        System.arraycopy(lanes, 0, s, src.length, lanes.length);
        return s;
    }

    private static void restore(int[] saved, int[] src, int[] lanes) {
        System.arraycopy(saved, 0, src, 0, src.length);
        System.arraycopy(saved, src.length, lanes, 0, lanes.length);
    }

    /** Keeps the copies that also hold in {@code saved}, on the lanes both cover. */
    private static void meet(int[] saved, int[] src, int[] lanes) {
        int n = src.length;
        for (int d = 0; d < n; d++) {
            if (src[d] >= 0) {
                lanes[d] &= src[d] == saved[d] ? saved[n + d] : 0;
                if (lanes[d] == 0) {
                    src[d] = -1;
                }
            }
        }
    }
}
