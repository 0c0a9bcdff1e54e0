package dev.csir.opt;

import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.verify.Verifier;

/** The optimization pipeline run on freshly lowered CSIR before verification. */
public final class Optimizer {
    /** Rounds of the passes after constant merging; a second round rarely finds anything. */
    private static final int ROUNDS = 2;

    private Optimizer() {
    }

    /** Only the documented dead-result pass: the original's output shape (NOP holes kept). */
    public static ShaderIr documented(ShaderIr ir) {
        return DeadResults.run(ir);
    }

    /** The documented pass, then csir's own passes, against the default limits. */
    public static ShaderIr optimize(ShaderIr ir) {
        return optimize(ir, Limits.DEFAULT);
    }

    /**
     * The documented pass, then constant merging, copy propagation, dead-write removal and
     * compaction. The extra passes run only on IR the verifier accepts under {@code limits}
     * and whose records they fully understand; anything else gets the documented pass alone,
     * so the verifier still reports its problems against what lowering produced.
     */
    public static ShaderIr optimize(ShaderIr ir, Limits limits) {
        ShaderIr out = DeadResults.run(ir);
        if (!Verifier.verify(out, limits).isEmpty() || !Effects.understood(out)) {
            return out;
        }
        out = ConstantDedup.run(out);
        for (int round = 0; round < ROUNDS; round++) {
            ShaderIr before = out;
            out = DeadWrites.run(CopyPropagation.run(out));
            if (out == before) {
                break;
            }
        }
        return Compaction.run(out);
    }
}
