package dev.csir;

import dev.csir.ir.Limits;

/** How {@link ShaderCompiler} compiles: the capacities to enforce and whether to optimize. */
public record CompileOptions(Limits limits, boolean optimize) {

    public static final CompileOptions DEFAULT = new CompileOptions(Limits.DEFAULT, true);

    public CompileOptions {
        if (limits == null) {
            throw new IllegalArgumentException("limits");
        }
    }

    public CompileOptions withLimits(Limits newLimits) {
        return new CompileOptions(newLimits, optimize);
    }

    public CompileOptions withOptimize(boolean on) {
        return new CompileOptions(limits, on);
    }
}
