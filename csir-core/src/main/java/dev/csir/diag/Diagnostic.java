package dev.csir.diag;

/**
 * One diagnostic: {@code name:line:col: error: message} (or {@code warning:}, {@code note:}), then
 * the source line and a caret. Line and column are 1-based; {@code sourceLine} is empty when there
 * is no source to show. One of the whole shader ({@code located} false) has no position and is
 * shown at 1:1. {@code code} names the kind for tools (JSON output, IDEs): a warning's is its
 * own ({@code csir-opt-failed}); an error's is derived from its message's head in
 * {@link Messages} ({@code unknown-identifier}, {@code shader-exceeds-the-temporary-limit}), so
 * the one table still defines both. The rendered text does not show it. {@code offset} and
 * {@code length} are the UTF-8 byte span of the token the error points at (-1 and 0 when there
 * is none), for tools that underline it.
 */
public record Diagnostic(String file, int line, int column, String message, String sourceLine, boolean located,
        Severity severity, String code, int offset, int length) {

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
        code = code == null || code.isEmpty() ? codeOf(message) : code;
    }

    /**
     * The code of a message: its head as lower-case words joined by '-'. The head ends before a
     * ':' or a quoted name (the detail some messages carry); quoted punctuation is spelled out,
     * so {@code expected ')'} is {@code expected-rparen} and {@code expected ':'} {@code expected-colon}.
     */
    public static String codeOf(String message) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            boolean quoted = i > 0 && message.charAt(i - 1) == '\'';
            if ((c == ':' && !quoted) || (c == '\'' && i + 1 < message.length()
                    && (Character.isLetterOrDigit(message.charAt(i + 1)) || message.charAt(i + 1) == '_'))) {
                break;
            }
            String word = switch (c) {
                case '(' -> "lparen";
                case ')' -> "rparen";
                case '{' -> "lbrace";
                case '}' -> "rbrace";
                case '[' -> "lbracket";
                case ']' -> "rbracket";
                case ';' -> "semicolon";
                case '=' -> "equals";
                case ',' -> "comma";
                case ':' -> "colon";
                default -> null;
            };
            if (word != null && quoted) {
                separate(sb);
                sb.append(word);
            } else if (Character.isLetterOrDigit(c)) {
                sb.append(Character.toLowerCase(c));
            } else {
                separate(sb);
            }
        }
        while (!sb.isEmpty() && sb.charAt(sb.length() - 1) == '-') {
            sb.setLength(sb.length() - 1);
        }
        return sb.toString();
    }

    private static void separate(StringBuilder sb) {
        if (!sb.isEmpty() && sb.charAt(sb.length() - 1) != '-') {
            sb.append('-');
        }
    }

    /** An error, located or not, without a span. */
    public Diagnostic(String file, int line, int column, String message, String sourceLine, boolean located) {
        this(file, line, column, message, sourceLine, located, Severity.ERROR, "", -1, 0);
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
        return new Diagnostic(file, 1, 1, message, firstLine, false, Severity.WARNING, code, -1, 0);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The one-line header, {@code name:line:col: error: message}. */
    public String header() {
        return file + ":" + line + ":" + column + ": " + severity.word() + ": " + message;
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
