package dev.csir.tgsi;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;

/**
 * Structured control flow in TGSI: IF/ELSE/ENDIF as they are, LOOP as {@code BGNLOOP}, ENDLOOP as
 * {@code ENDLOOP}, BREAK as {@code BRK}, and CONTINUE lowered, because virglrenderer parses
 * {@code CONT} but translates nothing for it (the instruction vanishes from the GLSL it writes).
 *
 * <p>The lowering: a loop with a CONTINUE of its own gets a "go on" flag, one extra TEMP after the
 * shader's temporaries per level of such loops, set to 1.0 at the top of every iteration. CONTINUE
 * sets it to 0.0. Whatever follows the CONTINUE in its statement list, and whatever follows a
 * construct that contains one, up to the end of the enclosing list, is wrapped in
 * {@code IF TEMP[flag].xxxx} ... {@code ENDIF}; so once the flag is down nothing more of the body
 * runs and the loop goes on at its ENDLOOP, as CONTINUE means. A wrapper opens only when a
 * statement follows (no empty IF at the end of a list), and a nested loop's CONTINUE concerns
 * only that loop's flag. The flag's 1.0 and 0.0 come from one extra immediate after the shader's.
 *
 * <p>Malformed nesting (unverified IR) never throws: an ELSE, ENDIF or ENDLOOP with nothing open
 * is written as it is, and a BREAK or CONTINUE outside every loop has no TGSI form.
 */
final class TgsiFlow {
    private final TgsiWriter w;
    /** The flag temporary of each LOOP in code order, -1 for a loop without a CONTINUE. */
    private final int[] flags;
    private final int extraTemps;
    private final int firstContinue;
    private int nextLoop;
    private int flagImmediate = -1;

    /** The open constructs, innermost last. */
    private final boolean[] isLoop;
    /** The flag of the innermost loop around (or at) each construct, -1 for none. */
    private final int[] flag;
    /** IF-flag wrappers opened in the construct's current statement list, still to close. */
    private final int[] wrappers;
    /** A statement that follows in the current list must be wrapped (a CONTINUE came before). */
    private final boolean[] wrapNext;
    /** For an IF: one of its arms holds a CONTINUE of the innermost loop. */
    private final boolean[] continues;
    private int depth;

    private TgsiFlow(TgsiWriter w, int[] flags, int extraTemps, int firstContinue, int size) {
        this.w = w;
        this.flags = flags;
        this.extraTemps = extraTemps;
        this.firstContinue = firstContinue;
        this.isLoop = new boolean[size + 1];
        this.flag = new int[size + 1];
        this.wrappers = new int[size + 1];
        this.wrapNext = new boolean[size + 1];
        this.continues = new boolean[size + 1];
    }

    /** Plans the flags of {@code ir}'s loops; they are numbered from {@code firstTemp} on. */
    static TgsiFlow plan(ShaderIr ir, int firstTemp, TgsiWriter w) {
        int n = ir.size();
        int[] loopAt = new int[n + 1];
        boolean[] hasContinue = new boolean[n + 1];
        int[] open = new int[n + 1];
        int loops = 0;
        int depth = 0;
        int firstContinue = -1;
        for (int i = 0; i < n; i++) {
            int op = ir.insn(i).op();
            if (op == Opcode.LOOP.code()) {
                loopAt[loops] = i;
                open[depth++] = loops++;
            } else if (op == Opcode.ENDLOOP.code() && depth > 0) {
                depth--;
            } else if (op == Opcode.CONTINUE.code() && depth > 0) {
                hasContinue[open[depth - 1]] = true;
                firstContinue = firstContinue < 0 ? i : firstContinue;
            }
        }
        // Flags by nesting level of the loops that need one, so sibling loops share theirs.
        int[] flags = new int[loops];
        boolean[] levelUsed = new boolean[n + 1];
        int level = 0;
        int extra = 0;
        int k = 0;
        depth = 0;
        for (int i = 0; i < n; i++) {
            int op = ir.insn(i).op();
            if (op == Opcode.LOOP.code()) {
                boolean needs = hasContinue[k];
                flags[k++] = needs ? firstTemp + level : -1;
                levelUsed[depth++] = needs;
                level += needs ? 1 : 0;
                extra = Math.max(extra, level);
            } else if (op == Opcode.ENDLOOP.code() && depth > 0) {
                level -= levelUsed[--depth] ? 1 : 0;
            }
        }
        return new TgsiFlow(w, flags, extra, firstContinue, n);
    }

    /** TEMP registers the flags take after the shader's own. */
    int extraTemps() {
        return extraTemps;
    }

    /** The first CONTINUE (to blame for the flag immediate's line), or -1 when there is none. */
    int firstContinue() {
        return firstContinue;
    }

    /** Whether the flags need their {@code {1, 0, 0, 0}} immediate. */
    boolean needsImmediate() {
        return extraTemps > 0;
    }

    /** Numbers the flags' immediate (written by the emitter after the shader's own). */
    void immediateAt(int index) {
        flagImmediate = index;
    }

    /**
     * Writes what comes before {@code in}: the wrapper a CONTINUE earlier in the same list asks
     * for, unless {@code in} ends the list.
     */
    void before(Insn in) {
        int op = in.op();
        boolean endsList = op == Opcode.ELSE.code() || op == Opcode.ENDIF.code()
                || op == Opcode.ENDLOOP.code() || op == Opcode.NOP.code();
        if (!endsList && depth > 0 && wrapNext[depth - 1]) {
            wrapNext[depth - 1] = false;
            wrappers[depth - 1]++;
            w.begin("IF").sp().tempReplicated(flag[depth - 1], 0).end();
        }
    }

    /** Writes a control-flow instruction; returns false for one that has no TGSI form here. */
    boolean emit(Opcode op, Insn in) {
        switch (op) {
            case IF -> {
                // virglrenderer's parser wants four swizzle letters here too; ".x" is rejected.
                w.begin("IF").sp().tempReplicated(in.a(), 0).end();
                push(false, depth > 0 ? flag[depth - 1] : -1);
            }
            case ELSE -> {
                closeList();
                w.begin("ELSE").end();
            }
            case ENDIF -> {
                closeList();
                w.begin("ENDIF").end();
                if (depth > 0 && !isLoop[depth - 1]) {
                    boolean inner = continues[--depth];
                    if (inner && depth > 0) {
                        wrapNext[depth - 1] = true;
                        continues[depth - 1] = true;
                    }
                }
            }
            case LOOP -> {
                int f = nextLoop < flags.length ? flags[nextLoop++] : -1;
                w.begin("BGNLOOP").end();
                push(true, f);
                if (f >= 0) {
                    w.begin("MOV").sp().tempLane(f, 0).comma().reg("IMM", flagImmediate).text(".xxxx").end();
                }
            }
            case ENDLOOP -> {
                closeList();
                w.begin("ENDLOOP").end();
                if (depth > 0 && isLoop[depth - 1]) {
                    depth--;
                }
            }
            case BREAK -> {
                if (innermostFlag() == Integer.MIN_VALUE) {
                    return false;
                }
                w.begin("BRK").end();
            }
            case CONTINUE -> {
                int f = innermostFlag();
                if (f < 0) {
                    return false;
                }
                w.begin("MOV").sp().tempLane(f, 0).comma().reg("IMM", flagImmediate).text(".yyyy").end();
                wrapNext[depth - 1] = true;
                continues[depth - 1] = true;
            }
            default -> throw new IllegalArgumentException("not control flow: " + op);
        }
        return true;
    }

    /** The flag of the innermost open loop: -1 when it has none, MIN_VALUE when no loop is open. */
    private int innermostFlag() {
        for (int k = depth - 1; k >= 0; k--) {
            if (isLoop[k]) {
                return flag[k];
            }
        }
        return Integer.MIN_VALUE;
    }

    private void push(boolean loop, int f) {
        isLoop[depth] = loop;
        flag[depth] = f;
        wrappers[depth] = 0;
        wrapNext[depth] = false;
        continues[depth++] = false;
    }

    /** Closes the wrappers of the current statement list, which ends here. */
    private void closeList() {
        if (depth == 0) {
            return;
        }
        for (; wrappers[depth - 1] > 0; wrappers[depth - 1]--) {
            w.begin("ENDIF").end();
        }
        wrapNext[depth - 1] = false;
    }
}
