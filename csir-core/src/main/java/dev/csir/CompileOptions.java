package dev.csir;

import dev.csir.ir.Limits;

/**
 * How {@link ShaderCompiler} compiles: the capacities to enforce, whether to optimize, and
 * whether to verify the transform IR after every optimizer pass (the default is the system
 * property {@code csir.verifyEachPass}, which the test build sets).
 */
public record CompileOptions(Limits limits, boolean optimize, boolean verifyEachPass) {

    public static final CompileOptions DEFAULT = new CompileOptions(Limits.DEFAULT, true,
            Boolean.getBoolean("csir.verifyEachPass"));

    public CompileOptions {
        if (limits == null) {
            throw new IllegalArgumentException("limits");
        }
    }

    public CompileOptions(Limits limits, boolean optimize) {
        this(limits, optimize, DEFAULT.verifyEachPass);
    }

    public CompileOptions withLimits(Limits newLimits) {
        return new CompileOptions(newLimits, optimize, verifyEachPass);
    }

    public CompileOptions withOptimize(boolean on) {
        return new CompileOptions(limits, on, verifyEachPass);
    }

    public CompileOptions withVerifyEachPass(boolean on) {
        return new CompileOptions(limits, optimize, on);
    }
}
