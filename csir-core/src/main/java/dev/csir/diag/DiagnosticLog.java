package dev.csir.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the errors of one compile, in source order: located errors sorted by position (a
 * stable sort, so errors at one position keep their report order), then the whole-shader errors
 * that have no location, in report order. At most {@link #MAX_REPORTED} are kept, the first ones
 * in that order however late they were reported; all are counted.
 */
public final class DiagnosticLog {
    /** Errors written to the log; later ones still count. */
    public static final int MAX_REPORTED = 8;

    /**
     * A reported error or warning; {@code key} is its sort position, {@code line} and
     * {@code column} where it is shown; {@code file} and {@code sourceLine} are null for the
     * log's own file (an error in an included file names that file).
     */
    private record Entry(long key, int line, int column, String message, int offset, int length, String file,
            String sourceLine) {
        Entry(long key, int line, int column, String message, int offset, int length) {
            this(key, line, column, message, offset, length, null, null);
        }
    }

    private final String file;
    private final String source;
    /** The earliest located errors by sort position, at most {@link #MAX_REPORTED}, sorted. */
    private final List<Entry> located = new ArrayList<>();
    /** The first errors without a location, in report order. */
    private final List<Entry> unlocated = new ArrayList<>();
    /** The first warnings by position, at most {@link #MAX_REPORTED}; they never count as errors. */
    private List<Entry> warnings;
    /** Notes shown after any error at a position (the definition of the macro expanded there). */
    private java.util.Map<Long, Note> notes;
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
        error(line, column, message, line, column);
    }

    /**
     * Reports an error shown at {@code line:column} that sorts at {@code sortLine:sortColumn}:
     * lowering sorts what it finds at the statement it was lowering, so a statement's follow-on
     * errors stay after their cause even where they are shown at an earlier column.
     */
    public void error(int line, int column, String message, int sortLine, int sortColumn) {
        add(line, column, -1, 0, message, sortLine, sortColumn);
    }

    /** Reports an error at a 1-based line and column over the token at UTF-8 byte {@code offset}, {@code length} long. */
    public void error(int line, int column, int offset, int length, String message) {
        add(line, column, offset, length, message, line, column);
    }

    private void add(int line, int column, int offset, int length, String message, int sortLine, int sortColumn) {
        count++;
        insert(located, new Entry(key(sortLine, sortColumn), Math.max(1, line), Math.max(1, column), message, offset,
                length));
    }

    private static void insert(List<Entry> list, Entry e) {
        int at = list.size();
        while (at > 0 && list.get(at - 1).key() > e.key()) {
            at--;
        }
        if (at < MAX_REPORTED) {
            list.add(at, e);
            if (list.size() > MAX_REPORTED) {
                list.removeLast();
            }
        }
    }

    /**
     * Reports an error in another file (one the source included) at its {@code line:column},
     * sorted at {@code sortLine:sortColumn} of this log's file (the #include).
     */
    public void errorIn(String otherFile, String otherSourceLine, int line, int column, String message, int sortLine,
            int sortColumn) {
        count++;
        insert(located, new Entry(key(sortLine, sortColumn), Math.max(1, line), Math.max(1, column), message, -1, 0,
                otherFile, otherSourceLine == null ? "" : otherSourceLine));
    }

    /** Reports a warning at a 1-based line and column: shown after the errors, never counted as one. */
    public void warning(int line, int column, String message) {
        warningIn(null, null, line, column, message, line, column);
    }

    /** A warning in another file, as {@link #errorIn}; {@code otherFile} null is this log's file. */
    public void warningIn(String otherFile, String otherSourceLine, int line, int column, String message,
            int sortLine, int sortColumn) {
        if (warnings == null) {
            warnings = new ArrayList<>(2);
        }
        insert(warnings, new Entry(key(sortLine, sortColumn), Math.max(1, line), Math.max(1, column), message, -1, 0,
                otherFile, otherFile == null ? null : otherSourceLine == null ? "" : otherSourceLine));
    }

    /** A note to show after an error; {@code file} null is the log's own, whose line is looked up when shown. */
    private record Note(String file, String sourceLine, int line, int column, String message) {
    }

    /**
     * Attaches a note to every error shown at {@code line:column} of this log's file (the first
     * note given for a position stays): the preprocessor names the macro whose expansion an
     * error is in. {@code noteFile} null is this log's file, and then {@code noteSourceLine} is
     * not used.
     */
    public void noteAt(int line, int column, String noteFile, String noteSourceLine, int noteLine, int noteColumn,
            String message) {
        if (notes == null) {
            notes = new java.util.HashMap<>();
        }
        notes.putIfAbsent(key(line, column), new Note(noteFile, noteSourceLine, Math.max(1, noteLine),
                Math.max(1, noteColumn), message));
    }

    /** Reports an error of the whole shader, which has no source position: shown at 1:1, listed last. */
    public void error(String message) {
        count++;
        if (unlocated.size() < MAX_REPORTED) {
            unlocated.add(new Entry(Long.MAX_VALUE, 1, 1, message, -1, 0));
        }
    }

    private static long key(int line, int column) {
        return ((long) Math.max(1, line) << 32) | Math.max(1, column);
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

    /**
     * True when the kept errors are settled up to {@code line:column}: {@link #MAX_REPORTED}
     * located errors sort at or before it, so nothing reported at or after it can be kept. The
     * parser stops there, not at {@link #full()}, so lexer errors further on do not hide earlier
     * syntax errors.
     */
    public boolean full(int line, int column) {
        return located.size() == MAX_REPORTED && located.getLast().key() <= key(line, column);
    }

    /**
     * The kept diagnostics: the errors in source order (located ones first), each followed by its
     * note when it has one, then the warnings in source order. The first one is therefore the
     * first error whenever there is an error.
     */
    public List<Diagnostic> diagnostics() {
        List<Diagnostic> out = new ArrayList<>(MAX_REPORTED);
        int errors = 0;
        for (Entry e : located) {
            out.add(new Diagnostic(e.file() == null ? file : e.file(), e.line(), e.column(), e.message(),
                    e.file() == null ? sourceLine(e.line()) : e.sourceLine(), true, Diagnostic.Severity.ERROR, "",
                    e.offset(), e.length()));
            errors++;
            Note n = notes == null || e.file() != null ? null : notes.get(key(e.line(), e.column()));
            if (n != null) {
                out.add(new Diagnostic(n.file() == null ? file : n.file(), n.line(), n.column(), n.message(),
                        n.file() == null ? sourceLine(n.line()) : n.sourceLine() == null ? "" : n.sourceLine(), true,
                        Diagnostic.Severity.NOTE, "", -1, 0));
            }
        }
        for (Entry e : unlocated) {
            if (errors == MAX_REPORTED) {
                break;
            }
            out.add(Diagnostic.unlocated(file, e.message(), sourceLine(1)));
            errors++;
        }
        if (warnings != null) {
            for (Entry e : warnings) {
                out.add(new Diagnostic(e.file() == null ? file : e.file(), e.line(), e.column(), e.message(),
                        e.file() == null ? sourceLine(e.line()) : e.sourceLine(), true, Diagnostic.Severity.WARNING,
                        "", -1, 0));
            }
        }
        return List.copyOf(out);
    }

    /** True when a warning was reported. */
    public boolean hasWarnings() {
        return warnings != null && !warnings.isEmpty();
    }

    /** All kept diagnostics rendered, each with its source line and caret. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : diagnostics()) {
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
