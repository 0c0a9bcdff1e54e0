package dev.csir.ssa.opt;

import dev.csir.ssa.Module;

/** One transformation of a module, in place. */
public interface Pass {
    /** The name reports and failures use ({@code mem2reg}, {@code dce}). */
    String name();

    /** Runs over the module; true when anything changed. */
    boolean run(Module module);
}
