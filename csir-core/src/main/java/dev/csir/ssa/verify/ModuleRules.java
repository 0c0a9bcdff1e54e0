package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.SpecConstant;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The module's own rules: names, entry points and their interfaces, the decorations of globals
 * and the spec constants. Each rule and why:
 * <ul>
 * <li>global names are unique, and so are function names: the dump and every back end refer to
 *     both by name ({@code @name});</li>
 * <li>an entry point has a stage and names a function of the module that returns void and
 *     takes no parameters (the lowering's wrapper), once per stage;</li>
 * <li>its interface lists input or output globals of the module, each once;</li>
 * <li>a compute entry point has a local size of three sizes of at least 1; other stages have
 *     none, since nothing would honour it;</li>
 * <li>a stage variable (input, output) has a location or a built-in, not both; no other global
 *     has either;</li>
 * <li>a resource (uniform, uniform_constant, storage) has a set and a binding; no other global
 *     has them (push constants have no binding);</li>
 * <li>samplers and images live in uniform_constant and only they do: texture operations take
 *     pointers to such globals, and a uniform_constant of plain data has no binding model;</li>
 * <li>only private and workgroup globals have an initializer (the pipeline fills inputs and
 *     resources; GLSL gives outputs none); it has the global's value type and is well formed;</li>
 * <li>a spec constant has a default and an id of at least 0, unique in the module.</li>
 * </ul>
 */
final class ModuleRules {
    private final ModuleIndex index;
    private final List<Problem> problems;

    private ModuleRules(ModuleIndex index, List<Problem> problems) {
        this.index = index;
        this.problems = problems;
    }

    static void check(ModuleIndex index, List<Problem> problems) {
        ModuleRules r = new ModuleRules(index, problems);
        r.names();
        r.entryPoints();
        for (GlobalVariable g : index.module.globals()) {
            if (g != null) {
                r.decorations(g);
                r.initializer(g);
            }
        }
        r.specConstants();
    }

    private void report(String template, Object... args) {
        problems.add(Problem.ofModule(format(template, args)));
    }

    private void names() {
        List<GlobalVariable> globals = index.module.globals();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < globals.size(); i++) {
            GlobalVariable g = globals.get(i);
            if (g == null) {
                report(NULL_GLOBAL, i);
            } else if (!seen.add(g.name())) {
                report(DUPLICATE_GLOBAL, g.name());
            }
        }
        List<Function> functions = index.module.functions();
        seen.clear();
        for (int i = 0; i < functions.size(); i++) {
            Function f = functions.get(i);
            if (f == null) {
                report(NULL_FUNCTION, i);
            } else if (f.name() == null || f.name().isEmpty()) {
                report(UNNAMED_FUNCTION, i);
            } else if (!seen.add(f.name())) {
                report(DUPLICATE_FUNCTION, f.name());
            }
        }
    }

    private void entryPoints() {
        List<EntryPoint> entries = index.module.entryPoints();
        Set<String> declared = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            EntryPoint e = entries.get(i);
            if (e == null) {
                report(NULL_ENTRY_POINT, i);
                continue;
            }
            if (e.stage() == null) {
                report(ENTRY_NO_STAGE, i);
            }
            Function f = e.function();
            if (f == null) {
                report(ENTRY_NO_FUNCTION, i);
                continue;
            }
            if (!index.functions.contains(f)) {
                report(ENTRY_FOREIGN_FUNCTION, f.name());
            }
            if (!(f.returnType() instanceof VoidType)) {
                report(ENTRY_RETURNS, f.name(), TypeFacts.name(f.returnType()));
            }
            if (!f.params().isEmpty()) {
                report(ENTRY_PARAMS, f.name(), OperandRules.count(f.params().size(), f.params().size(), "parameter"));
            }
            if (e.stage() != null && !declared.add(e.stage().word() + " " + f.name())) {
                report(ENTRY_DUPLICATE, f.name(), e.stage().word());
            }
            interfaceOf(e, f);
            localSize(e, f);
        }
    }

    private void interfaceOf(EntryPoint e, Function f) {
        Set<GlobalVariable> listed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (GlobalVariable g : e.interfaceVariables()) {
            if (!index.globals.contains(g)) {
                report(ENTRY_FOREIGN_INTERFACE, f.name(), g.name());
            } else if (g.space() != AddressSpace.INPUT && g.space() != AddressSpace.OUTPUT) {
                report(ENTRY_INTERFACE_SPACE, f.name(), g.name(), g.space().word());
            }
            if (!listed.add(g)) {
                report(ENTRY_INTERFACE_TWICE, f.name(), g.name());
            }
        }
    }

    private void localSize(EntryPoint e, Function f) {
        List<Integer> size = e.workgroupSize();
        if (e.stage() == ShaderStage.COMPUTE) {
            if (size.size() != 3 || size.stream().anyMatch(n -> n < 1)) {
                report(COMPUTE_LOCAL_SIZE, f.name(), size);
            }
        } else if (e.stage() != null && !size.isEmpty()) {
            report(STAGE_LOCAL_SIZE, e.stage().word(), f.name(), size);
        }
    }

    private void decorations(GlobalVariable g) {
        AddressSpace space = g.space();
        boolean stage = space == AddressSpace.INPUT || space == AddressSpace.OUTPUT;
        boolean located = g.location() >= 0;
        if (stage && !located && g.builtIn() == null) {
            report(STAGE_VARIABLE_UNBOUND, g.name());
        } else if (stage && located && g.builtIn() != null) {
            report(STAGE_VARIABLE_BOTH, g.name(), g.location(), g.builtIn().word());
        } else if (!stage && (located || g.builtIn() != null)) {
            report(NOT_STAGE_LOCATION, g.name(), space.word());
        }
        // a sampler constructor's sampler is no resource: its texture and sampler state are
        boolean resource = (space == AddressSpace.UNIFORM || space == AddressSpace.UNIFORM_CONSTANT
                || space == AddressSpace.STORAGE_BUFFER) && g.pair() == null;
        boolean bound = g.set() >= 0 && g.binding() >= 0;
        if (resource && !bound) {
            report(RESOURCE_UNBOUND, g.name());
        } else if (!resource && (g.set() >= 0 || g.binding() >= 0)) {
            report(NOT_RESOURCE_BINDING, g.name(), space.word());
        }
        Type t = g.valueType();
        if (t.isOpaque() && space != AddressSpace.UNIFORM_CONSTANT) {
            report(OPAQUE_SPACE, g.name(), t.name(), space.word());
        } else if (!t.isOpaque() && space == AddressSpace.UNIFORM_CONSTANT) {
            report(UNIFORM_CONSTANT_DATA, g.name(), t.name());
        }
    }

    private void initializer(GlobalVariable g) {
        if (g.initializer() == null) {
            return;
        }
        // a uniform block's initializer is what its storage holds until the application sets it
        // (GLSL's uniform initializers): the evaluator and the devices start from it
        if (g.space() != AddressSpace.PRIVATE && g.space() != AddressSpace.WORKGROUP && g.space() != AddressSpace.UNIFORM) {
            report(INITIALIZER_SPACE, g.name(), g.space().word());
            return;
        }
        Type t = TypeFacts.typeOf(g.initializer());
        if (!g.valueType().equals(t)) {
            report(INITIALIZER_TYPE, g.name(), TypeFacts.name(t), g.valueType().name());
            return;
        }
        String wrong = TypeFacts.malformed(g.initializer());
        if (wrong != null) {
            report(MALFORMED_INITIALIZER, g.name(), wrong);
        }
    }

    private void specConstants() {
        List<SpecConstant> specs = index.module.specConstants();
        Set<Integer> ids = new HashSet<>();
        List<Integer> reported = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            SpecConstant s = specs.get(i);
            if (s == null) {
                report(NULL_SPEC_CONSTANT, i);
                continue;
            }
            if (s.defaultValue() == null) {
                report(SPEC_NO_DEFAULT, s.id(), s.name());
            }
            if (s.id() < 0) {
                report(SPEC_NEGATIVE_ID, s.name(), s.id());
            } else if (!ids.add(s.id()) && !reported.contains(s.id())) {
                reported.add(s.id());
                report(SPEC_DUPLICATE_ID, s.id());
            }
        }
    }
}
