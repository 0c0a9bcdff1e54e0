package dev.csir.opt;

import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random verified CSIR in the shapes lowering produces and beyond: zero-initialised outputs,
 * repeated constants, MOV chains, partial writes, SETLANE constructors, temporaries written
 * again (not SSA), reads of never-written temporaries, matrix spans from uniforms, MOVs and
 * MULMM, nested IF/ELSE, DISCARD, and stores anywhere; with loops, also counted LOOPs (nested in
 * IFs and each other) with conditional and unconditional BREAKs and CONTINUEs, whose bodies read
 * temporaries they write further down (loop-carried values).
 */
final class RandomPrograms {
    static final ShaderInterface IFACE = new ShaderInterface(3, 3, 11, 1, List.of());
    private static final float[] VALUES = {0f, 1f, -1f, 0.5f, 2f, 0f, 1f, -0f, 3.25f, Float.NaN};

    private final Random rnd;
    private final Stage stage;
    private final IrBuilder b = new IrBuilder();
    /** Single temporaries and matrix bases (with their widths) seen so far. */
    private final List<Integer> temps = new ArrayList<>();
    private final List<int[]> matrices = new ArrayList<>();
    private final List<Integer> outputs = new ArrayList<>();
    private final boolean loops;
    /** Open IFs and LOOPs together, innermost last. */
    private int depth;
    private final boolean[] hasElse = new boolean[8];
    private final boolean[] isLoop = new boolean[8];
    private int openLoops;

    private RandomPrograms(long seed, boolean loops) {
        rnd = new Random(seed);
        stage = rnd.nextBoolean() ? Stage.VERTEX : Stage.FRAGMENT;
        this.loops = loops;
    }

    /** A program without loops (the shapes of CSI version 1). */
    static ShaderIr generate(long seed) {
        return new RandomPrograms(seed, false).build();
    }

    /** A program that may hold loops; every loop ends after a few iterations. */
    static ShaderIr withLoops(long seed) {
        return new RandomPrograms(seed, true).build();
    }

    private ShaderIr build() {
        prologue();
        int statements = 5 + rnd.nextInt(45);
        for (int s = 0; s < statements && b.size() < 300 && b.temps() < 80; s++) {
            statement();
        }
        while (depth > 0) {
            close();
        }
        for (int o = 0; o < outputs.size(); o++) {
            if (rnd.nextInt(4) > 0) {
                store(outputs.get(o), o);
            }
        }
        return b.build("random" + (stage == Stage.VERTEX ? ".vert" : ".frag"), stage, IFACE);
    }

    private void prologue() {
        for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
            int span = new int[] {1, 1, 3, 4}[rnd.nextInt(4)];
            int t = b.temp(span);
            int slot = rnd.nextInt(12 - span + 1);
            emit(Opcode.LOAD_UNI, span == 1 ? 1 + rnd.nextInt(4) : 4, t, -1, -1, slot, span);
            if (span == 1) {
                temps.add(t);
            } else {
                matrices.add(new int[] {t, span});
            }
        }
        for (int k = 0; k < 1 + rnd.nextInt(2); k++) {
            int t = b.temp();
            if (stage == Stage.VERTEX) {
                emit(Opcode.LOAD_ATTR, 4, t, -1, -1, rnd.nextInt(4), 0);
            } else {
                emit(Opcode.LOAD_VAR, 1 + rnd.nextInt(4), t, -1, -1, rnd.nextInt(4), 0);
            }
            temps.add(t);
        }
        if (stage == Stage.FRAGMENT && rnd.nextBoolean()) {
            int t = b.temp();
            emit(Opcode.LOAD_FCOORD, 4, t, -1, -1, 0, 0);
            temps.add(t);
        }
        int nout = 1 + rnd.nextInt(stage == Stage.VERTEX ? 3 : 1);
        for (int o = 0; o < nout; o++) {
            int t = b.temp();
            if (rnd.nextInt(5) > 0) {
                int z = b.constant(0f, 0f, 0f, 0f);
                emit(Opcode.MOV, 4, t, z, -1, 0, 0);
            }
            outputs.add(t);
            temps.add(t);
        }
        if (rnd.nextInt(4) == 0) {
            temps.add(b.temp()); // read, never written: reads zero
        }
    }

    private void statement() {
        if (loops && rnd.nextInt(100) < 12) {
            loopStatement();
            return;
        }
        int pick = rnd.nextInt(100);
        if (pick < 8 && depth < 4) {
            int c = rnd.nextBoolean() ? any() : fresh(Opcode.CMP, 1, any(), any(), 1 + rnd.nextInt(6), 0);
            emit(Opcode.IF, 0, -1, c, -1, 0, 0);
            isLoop[depth] = false;
            hasElse[depth++] = false;
        } else if (pick < 12 && depth > 0 && !isLoop[depth - 1] && !hasElse[depth - 1]) {
            emit(Opcode.ELSE, 0, -1, -1, -1, 0, 0);
            hasElse[depth - 1] = true;
        } else if (pick < 17 && depth > 0) {
            close();
        } else if (pick < 10 && depth < 4) {
            // The same literal in both arms, each arm storing a value computed from it.
            float v = 1.5f + rnd.nextInt(4);
            emit(Opcode.IF, 0, -1, any(), -1, 0, 0);
            int x = b.constant(v);
            emit(Opcode.MOV, 1 + rnd.nextInt(4), pickOf(outputs), x, -1, 0, 0);
            emit(Opcode.ELSE, 0, -1, -1, -1, 0, 0);
            int y = b.constant(v);
            emit(Opcode.ADD, 4, pickOf(outputs), y, any(), 0, 0);
            emit(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
        } else if (pick < 19 && stage == Stage.FRAGMENT && depth > 0) {
            emit(Opcode.DISCARD, 0, -1, -1, -1, 0, 0);
        } else if (pick < 22) {
            store(pickOf(outputs), rnd.nextInt(outputs.size()));
        } else if (pick < 34) {
            float[] v = new float[1 + rnd.nextInt(4)];
            for (int i = 0; i < v.length; i++) {
                v[i] = VALUES[rnd.nextInt(VALUES.length)];
            }
            int t = b.constant(v);
            temps.add(t);
            if (rnd.nextInt(3) == 0) {
                emit(Opcode.MOV, 4, target(), t, -1, 0, 0);
            }
        } else if (pick < 48) {
            emit(Opcode.MOV, rnd.nextInt(5), target(), any(), -1, 0, 0);
        } else if (pick < 54) {
            int t = target();
            if (rnd.nextBoolean()) {
                emit(Opcode.MOV, 4, t, b.constant(0f, 0f, 0f, 0f), -1, 0, 0);
            }
            for (int lane = 0; lane < 4; lane++) {
                if (rnd.nextInt(5) > 0) {
                    emit(Opcode.SETLANE, 1, t, any(), -1, lane, rnd.nextInt(4));
                }
            }
            temps.add(t);
        } else if (pick < 58) {
            emit(Opcode.SWZ, rnd.nextInt(5), target(), any(), -1, rnd.nextInt(256), 0);
        } else if (pick < 72) {
            Opcode op = new Opcode[] {Opcode.ADD, Opcode.SUB, Opcode.MUL, Opcode.MAX, Opcode.MIN}[rnd.nextInt(5)];
            emit(op, rnd.nextInt(5), target(), any(), any(), 0, 0);
        } else if (pick < 80) {
            Opcode op = new Opcode[] {Opcode.ABS, Opcode.RSQ, Opcode.RCP, Opcode.SIN, Opcode.COS,
                    Opcode.TRUNC}[rnd.nextInt(6)];
            emit(op, rnd.nextInt(5), target(), any(), -1, 0, 0);
        } else if (pick < 84) {
            emit(Opcode.DOT, 1, target(), any(), any(), 1 + rnd.nextInt(4), 0);
        } else if (pick < 86) {
            emit(Opcode.POW, 1, target(), any(), any(), 0, 0);
        } else if (pick < 88) {
            emit(Opcode.CMP, 1, target(), any(), any(), 1 + rnd.nextInt(6), 0);
        } else if (pick < 91) {
            // A matrix built from columns, as constructors and copies do.
            int cols = rnd.nextBoolean() ? 3 : 4;
            int m = b.temp(cols);
            for (int c = 0; c < cols; c++) {
                emit(Opcode.MOV, 4, m + c, any(), -1, 0, 0);
            }
            matrices.add(new int[] {m, cols});
        } else if (pick < 95 && !matrices.isEmpty()) {
            int[] m = pickOf(matrices);
            emit(Opcode.MULMV, m[1], target(), m[0], any(), m[1], 0);
        } else if (pick < 97 && !matrices.isEmpty()) {
            int[] m = pickOf(matrices);
            List<int[]> same = matrices.stream().filter(x -> x[1] == m[1]).toList();
            int[] other = pickOf(same);
            int d = rnd.nextInt(3) == 0 ? pickOf(same)[0] : b.temp(m[1]);
            emit(Opcode.MULMM, 4, d, m[0], other[0], m[1], 0);
            matrices.add(new int[] {d, m[1]});
        } else {
            emit(Opcode.SAMPLE, 4, target(), any(), -1, rnd.nextInt(2), 0);
        }
    }

    /**
     * Opens a counted loop, or (inside one) a BREAK or CONTINUE, conditional or not. The counter
     * and its bounds are in no list, so nothing else reads or writes them: the loop counts at the
     * top of each iteration (before any CONTINUE) and breaks after 1 to 4 iterations.
     */
    private void loopStatement() {
        int pick = rnd.nextInt(10);
        if (openLoops > 0 && pick < 5) {
            Opcode jump = rnd.nextInt(3) == 0 ? Opcode.CONTINUE : Opcode.BREAK;
            boolean conditional = rnd.nextInt(4) > 0;
            if (conditional) {
                emit(Opcode.IF, 0, -1, any(), -1, 0, 0);
            }
            emit(jump, 0, -1, -1, -1, 0, 0);
            if (conditional) {
                emit(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
            }
        } else if (depth < 4) {
            int counter = b.temp();
            emit(Opcode.MOV, 1, counter, b.constant(0f), -1, 0, 0);
            int limit = b.constant(1 + rnd.nextInt(4));
            int one = b.constant(1f);
            emit(Opcode.LOOP, 0, -1, -1, -1, 0, 0);
            emit(Opcode.ADD, 1, counter, counter, one, 0, 0);
            int done = b.temp();
            emit(Opcode.CMP, 1, done, counter, limit, 2, 0); // counter > limit
            emit(Opcode.IF, 0, -1, done, -1, 0, 0);
            emit(Opcode.BREAK, 0, -1, -1, -1, 0, 0);
            emit(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
            isLoop[depth++] = true;
            openLoops++;
        }
    }

    private void close() {
        if (isLoop[--depth]) {
            emit(Opcode.ENDLOOP, 0, -1, -1, -1, 0, 0);
            openLoops--;
        } else {
            emit(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
        }
    }

    private void store(int t, int output) {
        if (stage == Stage.VERTEX) {
            if (output == 0) {
                emit(Opcode.STORE_POS, 4, -1, t, -1, 0, 0);
            } else {
                emit(Opcode.STORE_VAR, 4, -1, t, -1, output - 1, 0);
            }
        } else {
            emit(Opcode.STORE_COLOR, 4, -1, t, -1, 0, 0);
        }
    }

    /** A destination: mostly fresh, often an existing temporary (not SSA). */
    private int target() {
        if (rnd.nextInt(3) == 0 && !temps.isEmpty()) {
            return pickOf(temps);
        }
        int t = b.temp();
        temps.add(t);
        return t;
    }

    private int any() {
        if (rnd.nextInt(12) == 0 && !matrices.isEmpty()) {
            int[] m = pickOf(matrices);
            return m[0] + rnd.nextInt(m[1]); // a matrix column read as a vector
        }
        if (rnd.nextBoolean()) { // recent values, as expressions mostly read
            return temps.get(temps.size() - 1 - rnd.nextInt(Math.min(6, temps.size())));
        }
        return pickOf(temps);
    }

    private int fresh(Opcode op, int ncomp, int a, int bb, int aux, int aux2) {
        int t = b.temp();
        emit(op, ncomp, t, a, bb, aux, aux2);
        temps.add(t);
        return t;
    }

    private <T> T pickOf(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    private void emit(Opcode op, int ncomp, int dst, int a, int bb, int aux, int aux2) {
        b.emit(op, Type.VEC4, ncomp, dst, a, bb, aux, aux2);
    }
}
