package dev.csir.lang;

/**
 * One token inside the {@link Preprocessor}: its text in the preprocessor's byte pool
 * ({@code off} -1 for a number it made), where it is shown ({@code line}, {@code col} and the span
 * in the original source: a macro's expansion is shown at the macro's use, an included file at
 * its #include), and the file and line it was read from, for directives and {@code __LINE__}.
 */
final class PpToken {
    TokenKind kind;
    int off;
    int len;
    int line;
    int col;
    int spanOff;
    int spanLen;
    /** The file the token was read from (for expansions, the file of the use); null for none. */
    PpFile file;
    /** The line and column in {@link #file}, before any #line. */
    int fileLine;
    int fileCol;
    float floatValue;
    long intValue;
    /** The lexer's error, reported when the token is compiled. */
    String error;
    /** A macro name met inside its own expansion: never expanded again (C's "painted blue"). */
    boolean noExpand;
    /** Read straight from a file as the first token of its line: a '#' here starts a directive. */
    boolean lineStart;

    PpToken copy() {
        PpToken t = new PpToken();
        t.kind = kind;
        t.off = off;
        t.len = len;
        t.line = line;
        t.col = col;
        t.spanOff = spanOff;
        t.spanLen = spanLen;
        t.file = file;
        t.fileLine = fileLine;
        t.fileCol = fileCol;
        t.floatValue = floatValue;
        t.intValue = intValue;
        t.error = error;
        t.noExpand = noExpand;
        return t;
    }

    /** This token's text and values, shown where {@code use} is. */
    PpToken at(PpToken use) {
        PpToken t = copy();
        t.line = use.line;
        t.col = use.col;
        t.spanOff = use.spanOff;
        t.spanLen = use.spanLen;
        t.file = use.file;
        t.fileLine = use.fileLine;
        t.fileCol = use.fileCol;
        t.lineStart = false;
        return t;
    }
}
