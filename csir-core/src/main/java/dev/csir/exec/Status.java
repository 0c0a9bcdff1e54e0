package dev.csir.exec;

import dev.csir.diag.Messages;

/** How one interpreter invocation ended. Only malformed (unverified) control flow fails. */
public enum Status {
    /** Ran to the end or to a DISCARD. */
    OK(null),
    /** An IF nested deeper than the interpreter's depth limit was reached. */
    IF_TOO_DEEP(Messages.EXEC_IF_TOO_DEEP),
    /** An ELSE with no open IF was reached. */
    ELSE_WITHOUT_IF(Messages.EXEC_ELSE_WITHOUT_IF),
    /** An ENDIF with no open IF was reached. */
    ENDIF_WITHOUT_IF(Messages.EXEC_ENDIF_WITHOUT_IF);

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
