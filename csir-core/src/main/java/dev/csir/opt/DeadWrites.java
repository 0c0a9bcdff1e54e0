package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.Arrays;

/** Removes writes whose lanes are all overwritten or never read on every path after them. */
final class DeadWrites {
    // Why: lowering zero-initialises every output with CONST + MOV and every constructor with a
    // zero vec4 before its SETLANEs; when the program then overwrites all the lanes anyone
    // reads, those writes are dead, though their temporaries are read and DeadResults keeps
    // them. One backward walk of lane liveness finds them (and any result nobody reads): at an
    // IF the live lanes are those of either arm, and at DISCARD nothing is live as nothing after
    // it runs or is kept. A write only kills the lanes both backends overwrite (so SETLANE and
    // partial writes keep the other lanes alive); it is dead only when none of the lanes either
    // backend may touch is live. Stores and control flow always stay.
    // Loops are not iterated to a fixed point: at the end of a body and at a CONTINUE (both go
    // back to the top) the walk takes as live every lane read anywhere in the loop plus what is
    // live after it, which covers whatever the top can need, so a loop-carried value or one read
    // after the loop is never lost; at a BREAK, what is live after the loop. Writes inside the
    // body still kill lanes for what precedes them in the same iteration, so a write the body
    // itself overwrites before any read can still go. Reads by writes the walk deletes were
    // counted at the body's end, so with loops the walk repeats until it deletes nothing.

    private DeadWrites() {
    }

    static ShaderIr run(ShaderIr ir) {
        Insn[] code = ir.code().toArray(Insn[]::new);
        return run(code, ir.temps()) ? ir.withCode(Arrays.asList(code)) : ir;
    }

    /** Rewrites {@code code} in place; returns whether anything changed. */
    static boolean run(Insn[] code, int ntmp) {
        int[] loopStart = loopStarts(code);
        boolean loops = false;
        for (Insn in : code) {
            loops |= in.op() == Opcode.LOOP.code();
        }
        // Without loops one walk finds everything. With loops, the reads taken as live at a body's
        // end include those of writes the walk then deletes, so walk again until nothing changes
        // (each walk that changes something deletes at least one record).
        boolean changed = false;
        while (walk(code, ntmp, loopStart)) {
            changed = true;
            if (!loops) {
                break;
            }
        }
        return changed;
    }

    /** One backward walk; returns whether it deleted anything. */
    private static boolean walk(Insn[] code, int ntmp, int[] loopStart) {
        int n = code.length;
        int[] live = new int[ntmp];
        // Per open IF (seen from its ENDIF): lanes live after ENDIF, then at the start of ELSE's arm.
        int[][] after = new int[n][];
        int[][] elseStart = new int[n][];
        int depth = 0;
        // Per open LOOP (seen from its ENDLOOP): lanes live after the loop, then at its top.
        int[][] exit = new int[n][];
        int[][] top = new int[n][];
        int loops = 0;
        boolean changed = false;
        for (int i = n - 1; i >= 0; i--) {
            Insn in = code[i];
            Opcode op = Opcode.of(in.op());
            switch (op) {
                case NOP -> {
                }
                case DISCARD -> Arrays.fill(live, 0);
                case ENDIF -> {
                    after[depth] = live.clone();
                    elseStart[depth++] = null;
                }
                case ELSE -> {
                    elseStart[depth - 1] = live.clone();
                    System.arraycopy(after[depth - 1], 0, live, 0, ntmp);
                }
                case ENDLOOP -> {
                    exit[loops] = live.clone();
                    readsIn(code, loopStart[i] + 1, i, live);
                    top[loops++] = live.clone();
                }
                case CONTINUE -> System.arraycopy(top[loops - 1], 0, live, 0, ntmp);
                case BREAK -> System.arraycopy(exit[loops - 1], 0, live, 0, ntmp);
                case LOOP -> loops--;
                case IF -> {
                    depth--;
                    int[] other = elseStart[depth] != null ? elseStart[depth] : after[depth];
                    for (int t = 0; t < ntmp; t++) {
                        live[t] |= other[t];
                    }
                    read(in, false, live);
                }
                default -> {
                    int span = Effects.writeSpan(in);
                    if (span > 0 && !anyLive(in, span, live)) {
                        code[i] = in.asNop();
                        changed = true;
                        continue;
                    }
                    int must = Effects.mustWrite(in);
                    for (int k = 0; k < span; k++) {
                        live[in.dst() + k] &= ~must;
                    }
                    read(in, false, live);
                    read(in, true, live);
                }
            }
        }
        return changed;
    }

    /** The LOOP of every ENDLOOP (at the ENDLOOP's index; 0 elsewhere). */
    private static int[] loopStarts(Insn[] code) {
        int[] end = Effects.loopEnds(code);
        int[] start = new int[code.length];
        for (int i = 0; i < code.length; i++) {
            if (end[i] >= 0) {
                start[end[i]] = i;
            }
        }
        return start;
    }

    /** Adds every lane read by the instructions {@code from..to-1} to {@code live}. */
    private static void readsIn(Insn[] code, int from, int to, int[] live) {
        for (int j = from; j < to; j++) {
            if (code[j].op() != Opcode.NOP.code()) {
                read(code[j], false, live);
                read(code[j], true, live);
            }
        }
    }

    private static boolean anyLive(Insn in, int span, int[] live) {
        int may = Effects.mayWrite(in);
        for (int k = 0; k < span; k++) {
            if ((live[in.dst() + k] & may) != 0) {
                return true;
            }
        }
        return false;
    }

    private static void read(Insn in, boolean b, int[] live) {
        int span = Effects.readSpan(in, b);
        int lanes = Effects.readLanes(in, b);
        int base = b ? in.b() : in.a();
        for (int k = 0; k < span; k++) {
            live[base + k] |= lanes;
        }
    }
}
