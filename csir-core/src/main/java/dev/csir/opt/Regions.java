package dev.csir.opt;

import dev.csir.ir.Opcode;

/**
 * Straight-line regions of structured control flow, walked forwards: each IF arm and each loop
 * body gets a fresh region that stays alive until its ELSE, ENDIF or ENDLOOP. An instruction
 * dominates a later one exactly when its region is still alive there, which is all the dominance
 * the passes need. A loop body is a region of its own because a BREAK (or the first iteration's
 * condition) may leave it before any of it ran, so nothing in it dominates what follows the loop;
 * within the body, an instruction still dominates what comes after it in every iteration.
 */
final class Regions {
    private final boolean[] alive;
    private final int[] outer;
    private int depth;
    private int current;
    private int next = 1;

    Regions(int instructions) {
        alive = new boolean[instructions + 2];
        outer = new int[instructions + 1];
        alive[0] = true;
    }

    /** Advances over one instruction and returns the region it belongs to. */
    int step(int op) {
        if (op == Opcode.IF.code() || op == Opcode.LOOP.code()) {
            int at = current;
            outer[depth++] = current;
            open();
            return at;
        }
        if (op == Opcode.ELSE.code()) {
            alive[current] = false;
            open();
            return current;
        }
        if (op == Opcode.ENDIF.code() || op == Opcode.ENDLOOP.code()) {
            alive[current] = false;
            current = outer[--depth];
        }
        return current;
    }

    boolean alive(int region) {
        return alive[region];
    }

    private void open() {
        current = next++;
        alive[current] = true;
    }
}
