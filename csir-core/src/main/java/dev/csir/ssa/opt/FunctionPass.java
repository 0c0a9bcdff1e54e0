package dev.csir.ssa.opt;

import dev.csir.ssa.Function;
import dev.csir.ssa.Module;

/** A pass that works on one function at a time. */
public interface FunctionPass extends Pass {
    /** Runs over one function of {@code module}; true when anything changed. */
    boolean run(Function function, Module module);

    @Override
    default boolean run(Module module) {
        boolean changed = false;
        for (Function f : module.functions()) {
            changed |= run(f, module);
        }
        return changed;
    }
}
