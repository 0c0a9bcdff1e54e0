package dev.csir.ssa;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A compiled unit: globals, functions, entry points and specialization constants, in source order. */
public final class Module {
    private final List<GlobalVariable> globals = new ArrayList<>();
    private final List<Function> functions = new ArrayList<>();
    private final List<EntryPoint> entryPoints = new ArrayList<>();
    private final List<SpecConstant> specConstants = new ArrayList<>();

    public List<GlobalVariable> globals() {
        return globals;
    }

    public List<Function> functions() {
        return functions;
    }

    public List<EntryPoint> entryPoints() {
        return entryPoints;
    }

    public List<SpecConstant> specConstants() {
        return specConstants;
    }

    public GlobalVariable addGlobal(GlobalVariable g) {
        globals.add(g);
        return g;
    }

    public Function addFunction(Function f) {
        functions.add(f);
        return f;
    }

    public Optional<GlobalVariable> global(String name) {
        return globals.stream().filter(g -> g.name().equals(name)).findFirst();
    }

    public Optional<Function> function(String name) {
        return functions.stream().filter(f -> f.name().equals(name)).findFirst();
    }
}
