package dev.csir.link;

import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Stage;

/**
 * One reason a link failed: the documented message, the symbol it concerns (or null), the stage
 * whose declaration it points at and that declaration's position (0 when unknown), and a detail
 * sentence for people (empty when the message says it all).
 */
public record LinkError(String message, String symbol, Stage stage, int line, int column, String detail) {

    static LinkError of(String message) {
        return new LinkError(message, null, null, 0, 0, "");
    }

    static LinkError at(String message, Stage stage, InterfaceVar v, String detail) {
        return new LinkError(message, v.name(), stage, v.line(), v.column(), detail);
    }

    /** The program-log form: the message, then the symbol name on its own line. */
    public String logLine() {
        return symbol == null ? message : message + "\n" + symbol;
    }

    public boolean located() {
        return stage != null && line > 0 && column > 0;
    }
}
