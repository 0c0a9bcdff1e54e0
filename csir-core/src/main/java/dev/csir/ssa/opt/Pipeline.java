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

    /**
     * The standard pipeline with {@link Unroll} (where it pays) for the CSIR path, which cannot
     * index arrays at run time: unrolling makes the indices constant, and the next round's SROA
     * and mem2reg take the arrays apart. SPIR-V keeps its loops and uses {@link #standard}.
     */
    public static PassManager forCsir(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline()), List.of(new Sroa(), new Mem2Reg(), new Combine(), new Cse(), new Dce(),
                new SimplifyCfg(), Unroll.whenItPays()), verifyEachPass);
    }

    /** {@link #minimal} with {@link Unroll}: CSIR needs counted loops over arrays unrolled even unoptimized. */
    public static PassManager minimalForCsir(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline()), List.of(new Sroa(), new Mem2Reg(), Unroll.whenItPays()), verifyEachPass);
    }
}
