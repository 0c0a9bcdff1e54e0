package dev.csir.exec;

import dev.csir.diag.Messages;

/**
 * How one interpreter invocation ended. Malformed (unverified) control flow fails, and so does a
 * loop that runs past {@link Interpreter#MAX_ITERATIONS}, which no verifier can rule out.
 */
public enum Status {
    /** Ran to the end or to a DISCARD. */
    OK(null),
    /** An IF nested deeper than the interpreter's depth limit (IFs and LOOPs together) was reached. */
    IF_TOO_DEEP(Messages.EXEC_IF_TOO_DEEP),
    /** An ELSE with no open IF inside the innermost loop was reached. */
    ELSE_WITHOUT_IF(Messages.EXEC_ELSE_WITHOUT_IF),
    /** An ENDIF with no open IF inside the innermost loop was reached. */
    ENDIF_WITHOUT_IF(Messages.EXEC_ENDIF_WITHOUT_IF),
    /** A LOOP nested deeper than the interpreter's depth limit (IFs and LOOPs together) was reached. */
    LOOP_TOO_DEEP(Messages.EXEC_LOOP_TOO_DEEP),
    /** An ENDLOOP was reached while no LOOP was open, or an IF inside the loop still was. */
    ENDLOOP_WITHOUT_LOOP(Messages.EXEC_ENDLOOP_WITHOUT_LOOP),
    /** The end of the shader was reached inside a LOOP that has no ENDLOOP. */
    LOOP_NOT_CLOSED(Messages.EXEC_LOOP_NOT_CLOSED),
    /** A BREAK outside every loop was reached. */
    BREAK_OUTSIDE_LOOP(Messages.EXEC_BREAK_OUTSIDE_LOOP),
    /** A CONTINUE outside every loop was reached. */
    CONTINUE_OUTSIDE_LOOP(Messages.EXEC_CONTINUE_OUTSIDE_LOOP),
    /**
     * The invocation was about to take loop back-edge number {@link Interpreter#MAX_ITERATIONS}
     * + 1 and stopped instead; the outputs hold what it had stored until then.
     */
    ITERATION_LIMIT(Messages.EXEC_ITERATION_LIMIT);

    private final String message;

    Status(String message) {
        this.message = message;
    }

    public boolean ok() {
        return this == OK;
    }

    /** The failure text, or {@code null} for {@link #OK}. */
    public String message() {
        return message;
    }
}
