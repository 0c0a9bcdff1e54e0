package dev.csir.ssa.verify;

import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.SpecConstant;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * What belongs to the module, by identity: two globals of one name are still two objects, and
 * an operand must be the module's own object, not an equal-looking one from another module.
 */
final class ModuleIndex {
    final Module module;
    final Set<GlobalVariable> globals = identitySet();
    final Set<Function> functions = identitySet();
    final Set<SpecConstant> specConstants = identitySet();

    ModuleIndex(Module module) {
        this.module = module;
        globals.addAll(module.globals());
        functions.addAll(module.functions());
        specConstants.addAll(module.specConstants());
        // the lists may hold nulls (ModuleRules reports them); they belong to nothing
        globals.remove(null);
        functions.remove(null);
        specConstants.remove(null);
    }

    private static <T> Set<T> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
