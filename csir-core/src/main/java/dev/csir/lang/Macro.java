package dev.csir.lang;

import java.util.Arrays;

/**
 * A macro: object-like ({@code params} null) or function-like, its body as tokens with the
 * parameter each one names ({@code paramOf}, -1 for none), and where it was defined (line 0:
 * predefined or given with -D). {@code busy} counts its expansions being read, inside which its
 * name is not expanded again.
 */
final class Macro {
    enum Builtin { NONE, LINE, FILE }

    final String name;
    final String[] params;
    final PpToken[] body;
    final int[] paramOf;
    final String[] bodyText;
    final Builtin builtin;
    final boolean predefined;
    final PpFile defFile;
    final int defLine;
    final int defCol;
    int busy;

    Macro(String name, String[] params, PpToken[] body, int[] paramOf, String[] bodyText, Builtin builtin,
            boolean predefined, PpFile defFile, int defLine, int defCol) {
        this.name = name;
        this.params = params;
        this.body = body;
        this.paramOf = paramOf;
        this.bodyText = bodyText;
        this.builtin = builtin;
        this.predefined = predefined;
        this.defFile = defFile;
        this.defLine = defLine;
        this.defCol = defCol;
    }

    boolean functionLike() {
        return params != null;
    }

    /** The same definition, token for token (white space between tokens does not count). */
    boolean sameAs(Macro o) {
        return Arrays.equals(params, o.params) && Arrays.equals(bodyText, o.bodyText);
    }
}
