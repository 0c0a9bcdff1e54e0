package dev.csir.diag;

/**
 * One diagnostic: {@code name:line:col: error: message} (or {@code warning:}, {@code note:}), then
 * the source line and a caret. Line and column are 1-based; {@code sourceLine} is empty when there
 * is no source to show. One of the whole shader ({@code located} false) has no position and is
 * shown at 1:1. {@code code} names a warning's kind for tools ({@code csir-opt-failed}); errors
 * are told apart by their message text, which {@link Messages} defines.
 */
public record Diagnostic(String file, int line, int column, String message, String sourceLine, boolean located,
        Severity severity, String code) {

    /** How bad it is: an error rejects the input, a warning or note does not. */
    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note");

        private final String word;

        Severity(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    public Diagnostic {
        if (file == null || message == null || sourceLine == null || line < 1 || column < 1 || severity == null) {
            throw new IllegalArgumentException("incomplete diagnostic");
        }
        code = code == null ? "" : code;
    }

    /** An error, located or not. */
    public Diagnostic(String file, int line, int column, String message, String sourceLine, boolean located) {
        this(file, line, column, message, sourceLine, located, Severity.ERROR, "");
    }

    /** A located error. */
    public Diagnostic(String file, int line, int column, String message, String sourceLine) {
        this(file, line, column, message, sourceLine, true);
    }

    /** An error with no location in source (reported at 1:1 with the first source line). */
    public static Diagnostic unlocated(String file, String message, String firstLine) {
        return new Diagnostic(file, 1, 1, message, firstLine, false);
    }

    /** A warning about the whole shader, with its code. */
    public static Diagnostic warning(String file, String code, String message, String firstLine) {
        return new Diagnostic(file, 1, 1, message, firstLine, false, Severity.WARNING, code);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The one-line header, {@code name:line:col: error: message}. */
    public String header() {
        return file + ":" + line + ":" + column + ": " + severity.word() + ": " + message
                + (code.isEmpty() ? "" : " [" + code + "]");
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
