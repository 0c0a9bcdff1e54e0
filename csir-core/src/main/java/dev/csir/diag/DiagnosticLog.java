package dev.csir.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the errors of one compile. At most {@link #MAX_REPORTED} are kept (later ones are only
 * counted), each located in the source with its line text for the caret.
 */
public final class DiagnosticLog {
    /** Errors written to the log; later ones still count. */
    public static final int MAX_REPORTED = 8;

    private final String file;
    private final String source;
    private final List<Diagnostic> reported = new ArrayList<>();
    private int count;

    /** A log for the named file; {@code source} may be empty when there is none to show. */
    public DiagnosticLog(String file, String source) {
        this.file = file;
        // A leading byte-order mark is invisible and the lexer skips it: lines are shown without it.
        String text = source == null ? "" : source;
        this.source = text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    public String file() {
        return file;
    }

    /** Reports an error at a 1-based line and column. */
    public void error(int line, int column, String message) {
        count++;
        if (reported.size() < MAX_REPORTED) {
            reported.add(new Diagnostic(file, Math.max(1, line), Math.max(1, column), message,
                    sourceLine(Math.max(1, line))));
        }
    }

    /** Reports an error that has no source position (shown at 1:1). */
    public void error(String message) {
        error(1, 1, message);
    }

    /** Errors reported so far, including those beyond the kept ones. */
    public int count() {
        return count;
    }

    public boolean hasErrors() {
        return count > 0;
    }

    /** True once the log is full: phases stop running then. */
    public boolean full() {
        return count >= MAX_REPORTED;
    }

    /** The kept diagnostics, in report order. */
    public List<Diagnostic> diagnostics() {
        return List.copyOf(reported);
    }

    /** All kept diagnostics rendered, each with its source line and caret. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : reported) {
            sb.append(d.render());
        }
        return sb.toString();
    }

    /** The text of a 1-based source line, up to the first CR or LF. */
    public String sourceLine(int line) {
        int start = 0;
        for (int l = 1; l < line; l++) {
            int nl = source.indexOf('\n', start);
            if (nl < 0) {
                return "";
            }
            start = nl + 1;
        }
        int end = start;
        while (end < source.length() && source.charAt(end) != '\n' && source.charAt(end) != '\r') {
            end++;
        }
        return source.substring(start, end);
    }
}
