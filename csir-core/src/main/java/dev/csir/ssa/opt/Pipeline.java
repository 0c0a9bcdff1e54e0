package dev.csir.ssa.opt;

import java.util.List;

/** The standard pipeline of spec 002: inlining once, then the cleanup passes to a fixed point. */
public final class Pipeline {
    private Pipeline() {
    }

    public static PassManager standard(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline()), List.of(new Sroa(), new Mem2Reg(), new Combine(), new Cse(), new Dce(),
                new SimplifyCfg()), verifyEachPass);
    }

    /** What a back end without calls or memory needs and nothing more: inlining, SROA and mem2reg. */
    public static PassManager minimal(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline()), List.of(new Sroa(), new Mem2Reg()), verifyEachPass);
    }
}
