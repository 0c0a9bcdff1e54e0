package dev.csir;

import dev.csir.diag.Diagnostic;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.util.List;

/**
 * The outcome of one compile: the verified shader and its TGSI when it succeeded, the
 * diagnostics (at most 8 kept, {@code errorCount} counts all), and the AST and IR dumps
 * (each empty when the compile did not get that far).
 */
public record CompileResult(String name, Stage stage, ShaderIr ir, String tgsi, List<Diagnostic> diagnostics,
        int errorCount, String astDump, String irDump) {

    public CompileResult {
        diagnostics = List.copyOf(diagnostics);
    }

    /** True when the shader compiled, verified and produced TGSI. */
    public boolean ok() {
        return errorCount == 0 && ir != null && tgsi != null;
    }

    /** All diagnostics rendered with source lines and carets (the compile log). */
    public String log() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : diagnostics) {
            sb.append(d.render());
        }
        return sb.toString();
    }
}
