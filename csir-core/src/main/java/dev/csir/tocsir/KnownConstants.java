package dev.csir.tocsir;

import dev.csir.ir.Opcode;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * Which temporaries hold which constant as the records are written, so a CONST that would write
 * what a temporary already holds is left out (an accumulator set before an IF and again on the
 * path that keeps it). Both arms of an IF start from the state at the IF and meet at the ENDIF;
 * a loop forgets everything, its body may run again.
 */
final class KnownConstants {
    /** Per temporary: the immediate index times 8 plus the lane count of the CONST it holds, or -1. */
    private int[] state;
    private final Deque<int[]> atIf = new ArrayDeque<>();
    /** Per open IF: the state its then arm ended with, once its ELSE was reached. */
    private final Deque<int[]> thenEnd = new ArrayDeque<>();
    private static final int[] NONE = new int[0];

    KnownConstants(int temps) {
        state = new int[temps + 1];
        Arrays.fill(state, -1);
    }

    boolean holds(int t, int immediate, int lanes) {
        return t >= 0 && t < state.length && state[t] == immediate * 8 + lanes;
    }

    /** After a record: a CONST is remembered, any other write forgets; control records move the state. */
    void after(Opcode op, int dst, int columns, int immediate, int lanes) {
        switch (op) {
            case IF -> {
                atIf.push(state.clone());
                thenEnd.push(NONE);
            }
            case ENDIF -> {
                int[] start = atIf.pop();
                int[] then = thenEnd.pop();
                int[] other = then == NONE ? start : state;
                int[] ran = then == NONE ? state : then;
                for (int i = 0; i < state.length; i++) {
                    state[i] = ran[i] == other[i] ? ran[i] : -1;
                }
            }
            case LOOP, ENDLOOP -> Arrays.fill(state, -1);
            case CONST -> forget(dst, 1, immediate * 8 + lanes);
            default -> forget(dst, Math.max(columns, 4), -1);
        }
    }

    /** At an ELSE: the then arm's state is kept for the ENDIF, the else arm starts from the IF's. */
    void otherwise() {
        thenEnd.pop();
        thenEnd.push(state);
        state = atIf.peek().clone();
    }

    void copied(int dst, int src) {
        if (dst >= 0 && dst < state.length) {
            state[dst] = src >= 0 && src < state.length ? state[src] : -1;
        }
    }

    /** {@code dst} and, for a matrix write, the columns after it: {@code value} in the first, nothing known after. */
    private void forget(int dst, int span, int value) {
        if (dst < 0) {
            return;
        }
        for (int k = 0; k < span && dst + k < state.length; k++) {
            state[dst + k] = -1;
        }
        if (dst < state.length) {
            state[dst] = value;
        }
    }
}
