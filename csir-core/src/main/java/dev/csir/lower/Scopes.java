package dev.csir.lower;

import java.util.Arrays;

/**
 * The symbol table with lexical scoping: a stack of nested scopes inside frames. A frame is the
 * body of {@code main} or of one inlined call; a lookup inside a frame sees that frame's scopes and
 * then the global scope, never the caller's locals. Popped scopes release their entries.
 */
public final class Scopes {
    private Symbol[] syms = new Symbol[32];
    private int count;
    private int[] scopeStart = new int[16];
    private int depth;
    private int[] frameFloor = new int[12];
    private int frames;
    /** Symbols [0, globals) form the global scope once {@link #sealGlobals()} has run. */
    private int globals = -1;

    public Scopes() {
        scopeStart[0] = 0;
        depth = 1;
    }

    /** Marks the end of global registration; later scopes are frames and blocks. */
    public void sealGlobals() {
        globals = count;
    }

    /** Declares a symbol in the innermost scope; false when the name is already in that scope. */
    public boolean declare(Symbol s) {
        int from = scopeStart[depth - 1];
        for (int i = count - 1; i >= from; i--) {
            if (syms[i].name.equals(s.name)) {
                return false;
            }
        }
        if (count == syms.length) {
            syms = Arrays.copyOf(syms, count * 2);
        }
        syms[count++] = s;
        return true;
    }

    /** The visible symbol with this name (innermost first), or null. */
    public Symbol lookup(String name) {
        int floor = frames > 0 ? frameFloor[frames - 1] : 0;
        for (int i = count - 1; i >= floor; i--) {
            if (syms[i].name.equals(name)) {
                return syms[i];
            }
        }
        if (frames > 0) {
            for (int i = globals - 1; i >= 0; i--) {
                if (syms[i].name.equals(name)) {
                    return syms[i];
                }
            }
        }
        return null;
    }

    /** A global symbol with this name, or null. */
    public Symbol global(String name) {
        int end = globals < 0 ? count : globals;
        for (int i = end - 1; i >= 0; i--) {
            if (syms[i].name.equals(name)) {
                return syms[i];
            }
        }
        return null;
    }

    public void push() {
        if (depth == scopeStart.length) {
            scopeStart = Arrays.copyOf(scopeStart, depth * 2);
        }
        scopeStart[depth++] = count;
    }

    public void pop() {
        int to = scopeStart[--depth];
        Arrays.fill(syms, to, count, null);
        count = to;
    }

    /** Opens a frame (a function body): only globals stay visible below it. Also opens a scope. */
    public void pushFrame() {
        if (frames == frameFloor.length) {
            frameFloor = Arrays.copyOf(frameFloor, frames * 2);
        }
        frameFloor[frames++] = count;
        push();
    }

    public void popFrame() {
        pop();
        frames--;
    }

    /** The global symbols in declaration order. */
    public Symbol[] globals() {
        return Arrays.copyOf(syms, globals < 0 ? count : globals);
    }
}
