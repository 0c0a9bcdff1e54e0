package dev.csir.diag;

/**
 * One located error: {@code name:line:col: error: message}, then the source line and a caret.
 * Line and column are 1-based; {@code sourceLine} is empty when there is no source to show.
 */
public record Diagnostic(String file, int line, int column, String message, String sourceLine) {

    public Diagnostic {
        if (file == null || message == null || sourceLine == null || line < 1 || column < 1) {
            throw new IllegalArgumentException("incomplete diagnostic");
        }
    }

    /** A diagnostic with no location in source (reported at 1:1 with the first source line). */
    public static Diagnostic unlocated(String file, String message, String firstLine) {
        return new Diagnostic(file, 1, 1, message, firstLine);
    }

    /** The one-line header, {@code name:line:col: error: message}. */
    public String header() {
        return file + ":" + line + ":" + column + ": error: " + message;
    }

    /** Header, source line and caret, each ending in a newline. */
    public String render() {
        StringBuilder sb = new StringBuilder(header()).append('\n');
        sb.append(sourceLine).append('\n');
        for (int i = 1; i < column; i++) {
            sb.append(i - 1 < sourceLine.length() && sourceLine.charAt(i - 1) == '\t' ? '\t' : ' ');
        }
        return sb.append("^\n").toString();
    }

    @Override
    public String toString() {
        return header();
    }
}
