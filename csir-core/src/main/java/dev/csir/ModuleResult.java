package dev.csir;

import dev.csir.diag.Diagnostic;
import dev.csir.ssa.Module;
import java.util.List;

/**
 * A source compiled to the transform IR: the module when the shader is valid, else null, and
 * the diagnostics (errors, at most 8 kept, {@code errorCount} counting all; and warnings, such
 * as an optimizer failure that left the module unoptimized).
 */
public record ModuleResult(String name, Module module, List<Diagnostic> diagnostics, int errorCount) {
    public ModuleResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean ok() {
        return module != null && errorCount == 0;
    }

    /** The diagnostics rendered with source lines and carets. */
    public String log() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : diagnostics) {
            sb.append(d.render());
        }
        return sb.toString();
    }
}
