package dev.csir.exec;

import static dev.csir.exec.Ops.STRIDE;

import java.util.Arrays;

/**
 * An interpreter's code as {@link Interpreter#runQuad} walks it, in the order {@link BatchCompiler}'s
 * execution masks walk a batch: down the code, each place run by the invocations that are there,
 * an invocation that jumps waiting at the target until the walk gets there, and at a loop's last
 * back-edge the walk going back to the top while an invocation waits there. Between the places
 * where that order can show (the jump targets, the derivatives, the loops' last back-edges) each
 * invocation runs on its own; a derivative so reads each quad-mate's registers as they are when
 * the walk reaches it, as a batch's lanes are.
 *
 * <p>The code is the interpreter's with a PAUSE at each such place; the instruction a PAUSE
 * replaced at a jump target runs from a copy appended after the code, followed by a jump back.
 */
final class QuadCode {
    /** What the walk does at a position. */
    static final byte PLAIN = 0, JOIN = 1, DERIVATIVE = 2, CLOSING = 3;

    final int[] code;
    final byte[] place;
    /** Where an invocation resumes to run the instruction at each position (a copy's, at a JOIN). */
    final int[] entry;
    /** The next position after each where the walk has something to do (the end: the count). */
    final int[] next;
    /** At a CLOSING position, the loop top its back-edge goes to. */
    final int[] target;
    final int count;

    private QuadCode(int[] code, byte[] place, int[] entry, int[] next, int[] target, int count) {
        this.code = code;
        this.place = place;
        this.entry = entry;
        this.next = next;
        this.target = target;
        this.count = count;
    }

    /** The walk's code for {@code code} of {@code count} instructions, or null when it has no derivative. */
    static QuadCode of(int[] code, int count) {
        byte[] place = new byte[count];
        boolean derivatives = false;
        int[] lastBack = new int[count];
        Arrays.fill(lastBack, -1);
        for (int p = 0; p < count; p++) {
            int op = code[p * STRIDE];
            if (op == Ops.DERIV) {
                derivatives = true;
            }
            if (op == Ops.IF || op == Ops.JUMP || op == Ops.BACK) {
                int t = code[p * STRIDE + Ops.X] / STRIDE;
                if (t >= 0 && t < count) {
                    place[t] = JOIN;
                    if (op == Ops.BACK) {
                        lastBack[t] = Math.max(lastBack[t], p);
                    }
                }
            }
        }
        if (!derivatives) {
            return null;
        }
        int[] target = new int[count];
        for (int t = 0; t < count; t++) {
            if (lastBack[t] >= 0) {
                place[lastBack[t]] = CLOSING;
                target[lastBack[t]] = t;
            }
        }
        int joins = 0;
        for (int p = 0; p < count; p++) {
            if (code[p * STRIDE] == Ops.DERIV) {
                place[p] = DERIVATIVE;
            }
            joins += place[p] == JOIN ? 1 : 0;
        }
        int[] walk = Arrays.copyOf(code, (count + 2 * joins) * STRIDE);
        int[] entry = new int[count];
        int copy = count;
        for (int p = 0; p < count; p++) {
            entry[p] = p * STRIDE;
            if (place[p] == PLAIN) {
                continue;
            }
            if (place[p] == JOIN) {
                System.arraycopy(code, p * STRIDE, walk, copy * STRIDE, STRIDE);
                walk[(copy + 1) * STRIDE] = Ops.JUMP;
                walk[(copy + 1) * STRIDE + Ops.X] = (p + 1) * STRIDE;
                entry[p] = copy * STRIDE;
                copy += 2;
            }
            Arrays.fill(walk, p * STRIDE, (p + 1) * STRIDE, 0);
            walk[p * STRIDE] = Ops.PAUSE;
        }
        int[] next = new int[count];
        int after = count;
        for (int p = count - 1; p >= 0; p--) {
            next[p] = after;
            if (place[p] != PLAIN) {
                after = p;
            }
        }
        return new QuadCode(walk, place, entry, next, target, count);
    }
}
