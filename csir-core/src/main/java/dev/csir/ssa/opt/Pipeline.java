package dev.csir.ssa.opt;

import java.util.List;

/** The standard pipeline of spec 002: inlining once (and private globals made locals), then the cleanup passes to a fixed point. */
public final class Pipeline {
    private Pipeline() {
    }

    public static PassManager standard(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline(), new Localize()), List.of(new Sroa(), new Mem2Reg(), new Combine(), new Cse(), new Dce(),
                new SimplifyCfg()), verifyEachPass);
    }

    /** What a back end without calls or memory needs and nothing more: inlining, localizing, SROA and mem2reg. */
    public static PassManager minimal(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline(), new Localize()), List.of(new Sroa(), new Mem2Reg()), verifyEachPass);
    }

    /**
     * The standard pipeline with {@link Unroll} (where it pays) and {@link SplitLoads} for the CSIR
     * path, which holds no array or struct in a register and cannot index one at run time:
     * unrolling makes the indices constant, whole loads of uniform aggregates become loads of their
     * elements, and the next round's SROA and mem2reg take the local arrays and structs apart;
     * {@link SplitBlockArrays} first makes an array of uniform blocks a block per element. SPIR-V
     * keeps its loops and aggregates and uses {@link #standard}.
     */
    public static PassManager forCsir(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline(), new Localize(), new SplitBlockArrays()),
                List.of(new SplitLoads(), new Sroa(), new Mem2Reg(),
                new Combine(), new Cse(), new Dce(), new SimplifyCfg(), Unroll.whenItPays()), verifyEachPass);
    }

    /** {@link #minimal} with {@link Unroll} and {@link SplitLoads}: what CSIR needs even unoptimized. */
    public static PassManager minimalForCsir(boolean verifyEachPass) {
        return new PassManager(List.of(new Inline(), new Localize(), new SplitBlockArrays()),
                List.of(new SplitLoads(), new Sroa(), new Mem2Reg(),
                Unroll.whenItPays()), verifyEachPass);
    }
}
