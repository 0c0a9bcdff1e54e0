package dev.csir.diag;

/**
 * One error: {@code name:line:col: error: message}, then the source line and a caret. Line and
 * column are 1-based; {@code sourceLine} is empty when there is no source to show. An error of the
 * whole shader ({@code located} false) has no position and is shown at 1:1.
 */
public record Diagnostic(String file, int line, int column, String message, String sourceLine, boolean located) {

    public Diagnostic {
        if (file == null || message == null || sourceLine == null || line < 1 || column < 1) {
            throw new IllegalArgumentException("incomplete diagnostic");
        }
    }

    /** A located diagnostic. */
    public Diagnostic(String file, int line, int column, String message, String sourceLine) {
        this(file, line, column, message, sourceLine, true);
    }

    /** A diagnostic with no location in source (reported at 1:1 with the first source line). */
    public static Diagnostic unlocated(String file, String message, String firstLine) {
        return new Diagnostic(file, 1, 1, message, firstLine, false);
    }

    /** The one-line header, {@code name:line:col: error: message}. */
    public String header() {
        return file + ":" + line + ":" + column + ": error: " + message;
    }

    /** Header, source line and caret, each ending in a newline. */
    public String render() {
        StringBuilder sb = new StringBuilder(header()).append('\n');
        sb.append(sourceLine).append('\n');
        // Columns count UTF-8 bytes, as the lexer does; the caret goes under the character holding that byte.
        int bytes = 0;
        for (int i = 0; i < sourceLine.length() && bytes < column - 1; ) {
            int cp = sourceLine.codePointAt(i);
            sb.append(cp == '\t' ? '\t' : ' ');
            bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            i += Character.charCount(cp);
        }
        for (; bytes < column - 1; bytes++) {
            sb.append(' ');
        }
        return sb.append("^\n").toString();
    }

    @Override
    public String toString() {
        return header();
    }
}
