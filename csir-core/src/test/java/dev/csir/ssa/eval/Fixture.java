package dev.csir.ssa.eval;

import dev.csir.ssa.Builder;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.List;

/** A module with a fragment entry {@code main} under construction, and ways to run it. */
final class Fixture {
    final Module module = new Module();
    final Function main = new Function("main", VoidType.VOID, List.of());
    final Builder b = new Builder(main);
    private final List<GlobalVariable> io = new ArrayList<>();

    Fixture() {
        module.addFunction(main);
        b.at(main.addBlock("entry"));
    }

    GlobalVariable global(String name, AddressSpace space, Type t) {
        GlobalVariable g = module.addGlobal(new GlobalVariable(name, space, t));
        if (space == AddressSpace.INPUT || space == AddressSpace.OUTPUT) {
            io.add(g.setLocation(io.size()));
        }
        return g;
    }

    GlobalVariable input(String name, Type t) {
        return global(name, AddressSpace.INPUT, t);
    }

    /** Stores {@code v} to a new output global called {@code name} of its type. */
    GlobalVariable out(String name, Value v) {
        GlobalVariable g = global(name, AddressSpace.OUTPUT, v.type());
        b.store(g, v);
        return g;
    }

    /** A new function of the module with a builder at its entry. */
    Builder function(String name, Type returns, List<Type> params) {
        Function f = module.addFunction(new Function(name, returns, params));
        return new Builder(f).at(f.addBlock("entry"));
    }

    Result run(Invocation invocation) {
        if (!b.terminated()) {
            b.ret();
        }
        if (module.entryPoints().isEmpty()) {
            module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, main, io, List.of()));
        }
        return Evaluator.run(module, invocation);
    }

    Result run() {
        return run(new Invocation());
    }

    /** Runs a module computing one value into output {@code r}; asserts it returned and yields r. */
    static Val.Num eval(java.util.function.Function<Builder, Value> body) {
        Result r = evalResult(body);
        if (!r.returned()) {
            throw new AssertionError("did not return: " + r);
        }
        return r.num("r");
    }

    static Result evalResult(java.util.function.Function<Builder, Value> body) {
        Fixture f = new Fixture();
        f.out("r", body.apply(f.b));
        return f.run();
    }
}
