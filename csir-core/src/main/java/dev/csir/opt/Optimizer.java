package dev.csir.opt;

import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.verify.Verifier;

/** The optimization pipeline run on freshly lowered CSIR before verification. */
public final class Optimizer {
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
     * The documented pass, then {@link #extraPasses} when the verifier accepts the result under
     * {@code limits}; anything else gets the documented pass alone, so the verifier still
     * reports its problems against what lowering produced.
     */
    public static ShaderIr optimize(ShaderIr ir, Limits limits) {
        ShaderIr out = DeadResults.run(ir);
        return Verifier.verify(out, limits).isEmpty() ? extraPasses(out) : out;
    }

    /**
     * csir's own passes alone, for IR the verifier has accepted (the compiler verifies the
     * documented pass's output, then runs these): constant merging, copy propagation,
     * dead-write removal, compaction. IR with records they do not fully understand comes back
     * unchanged. Each pass treats loops conservatively (its comment says how), so none has to
     * iterate a loop to a fixed point. One round: a second round of copy propagation and dead
     * writes found nothing more on any corpus, conformance or example shader.
     */
    public static ShaderIr extraPasses(ShaderIr verified) {
        if (!Effects.understood(verified)) {
            return verified;
        }
        // The passes share one record array, so the shader is rebuilt once, at the end.
        Insn[] code = verified.code().toArray(Insn[]::new);
        int temps = verified.temps();
        ConstantDedup.run(code, temps, verified.immediates());
        CopyPropagation.run(code, temps);
        DeadWrites.run(code, temps);
        return Compaction.run(verified, code);
    }
}
