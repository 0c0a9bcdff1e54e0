package dev.csir.opt;

import dev.csir.ir.ShaderIr;

/** The optimization pipeline run on freshly lowered CSIR before verification. */
public final class Optimizer {
    private Optimizer() {
    }

    public static ShaderIr optimize(ShaderIr ir) {
        return DeadResults.run(ir);
    }
}
