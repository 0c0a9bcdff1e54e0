package dev.csir;

import dev.csir.ir.Limits;

/**
 * How {@link ShaderCompiler} compiles: the capacities to enforce, whether to optimize, whether to
 * verify the transform IR after every optimizer pass (the default is the system property
 * {@code csir.verifyEachPass}, which the test build sets), and the target to produce.
 */
public record CompileOptions(Limits limits, boolean optimize, boolean verifyEachPass, Target target) {

    public static final CompileOptions DEFAULT = new CompileOptions(Limits.DEFAULT, true,
            Boolean.getBoolean("csir.verifyEachPass"), Target.TGSI);

    public CompileOptions {
        if (limits == null || target == null) {
            throw new IllegalArgumentException("limits and target");
        }
    }

    public CompileOptions withLimits(Limits newLimits) {
        return new CompileOptions(newLimits, optimize, verifyEachPass, target);
    }

    public CompileOptions withOptimize(boolean on) {
        return new CompileOptions(limits, on, verifyEachPass, target);
    }

    public CompileOptions withVerifyEachPass(boolean on) {
        return new CompileOptions(limits, optimize, on, target);
    }

    public CompileOptions withTarget(Target newTarget) {
        return new CompileOptions(limits, optimize, verifyEachPass, newTarget);
    }
}
