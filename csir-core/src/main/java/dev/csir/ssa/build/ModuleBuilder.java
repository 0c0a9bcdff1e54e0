package dev.csir.ssa.build;

import dev.csir.sema.Typed;
import dev.csir.ssa.BlockLayout;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.types.AddressSpace;
import dev.csir.types.SamplerType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lowers a checked, typed tree to a transform-IR module (spec 002 "Lowering conventions").
 * Stage inputs and outputs become globals with a location (the source's, else the next free one
 * in declaration order) or a built-in; loose uniforms become the members of one std140 block,
 * {@value #DEFAULT_BLOCK}, at set 0 binding 0, as glslang gathers them for Vulkan; samplers follow
 * at bindings 1, 2, ... in declaration order; other globals are private and are initialised at
 * the start of main, where outputs are also zeroed (what CSIR has always done). Every function is
 * lowered, locals as allocas; main is the entry point.
 */
public final class ModuleBuilder {
    /** The name of the block that holds the loose uniforms, and of its struct type. */
    public static final String DEFAULT_BLOCK = "gl_DefaultUniformBlock";

    private final Typed.Unit unit;
    private final Module module = new Module();
    /** Variable id to how it is reached. */
    private final Map<Integer, Storage> storage = new HashMap<>();
    private final Map<String, Function> functions = new HashMap<>();
    private GlobalVariable defaultBlock;

    /** Where a variable lives: a global (or alloca) pointer, or member {@code member} of the default block. */
    record Storage(GlobalVariable global, int member) {
    }

    private ModuleBuilder(Typed.Unit unit) {
        this.unit = unit;
    }

    /** The module of a checked shader. */
    public static Module build(Typed.Unit unit) {
        return new ModuleBuilder(unit).run();
    }

    private Module run() {
        globals();
        for (Typed.Function f : unit.functions()) {
            Typed.Signature s = f.signature();
            List<Type> params = new ArrayList<>();
            for (Typed.Variable p : s.params()) {
                params.add(p.type() instanceof SamplerType ? new dev.csir.types.PointerType(
                        AddressSpace.UNIFORM_CONSTANT, p.type()) : p.type());
            }
            Function fn = module.addFunction(new Function(s.name(), s.returnType(), params));
            for (int i = 0; i < s.params().size(); i++) {
                fn.params().get(i).setName(s.params().get(i).name());
            }
            functions.put(s.name(), fn);
        }
        for (Typed.Function f : unit.functions()) {
            boolean main = f == unit.main();
            new FunctionLowering(this, functions.get(f.name()), main ? prologue() : List.of()).lower(f);
        }
        List<GlobalVariable> iface = module.globals().stream()
                .filter(g -> g.space() == AddressSpace.INPUT || g.space() == AddressSpace.OUTPUT).toList();
        module.entryPoints().add(new EntryPoint(unit.stage(), functions.get("main"), iface, List.of()));
        return module;
    }

    private void globals() {
        Set<Integer> inputs = new HashSet<>();
        Set<Integer> outputs = new HashSet<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.location() >= 0) {
                (v.storage() == Typed.Storage.INPUT ? inputs : outputs).add(v.location());
            }
        }
        List<StructType.Member> members = new ArrayList<>();
        List<Typed.Variable> loose = new ArrayList<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.storage() == Typed.Storage.UNIFORM && !(v.type() instanceof SamplerType)) {
                members.add(new StructType.Member(v.name(), v.type()));
                loose.add(v);
            }
        }
        if (!members.isEmpty()) {
            defaultBlock = module.addGlobal(new GlobalVariable(DEFAULT_BLOCK, AddressSpace.UNIFORM,
                    new StructType(DEFAULT_BLOCK, members)).setBinding(0, 0).setLayout(BlockLayout.STD140));
            for (int i = 0; i < loose.size(); i++) {
                storage.put(loose.get(i).id(), new Storage(defaultBlock, i));
            }
        }
        int binding = defaultBlock == null ? 0 : 1;
        for (Typed.Variable v : unit.globals()) {
            GlobalVariable g = switch (v.storage()) {
                case INPUT -> stageVariable(v, AddressSpace.INPUT, inputs);
                case OUTPUT -> stageVariable(v, AddressSpace.OUTPUT, outputs);
                case UNIFORM -> v.type() instanceof SamplerType
                        ? new GlobalVariable(v.name(), AddressSpace.UNIFORM_CONSTANT, v.type()).setBinding(0, binding++)
                        : null;
                default -> new GlobalVariable(v.name(), AddressSpace.PRIVATE, v.type());
            };
            if (g != null) {
                module.addGlobal(g);
                storage.put(v.id(), new Storage(g, -1));
            }
        }
    }

    private static GlobalVariable stageVariable(Typed.Variable v, AddressSpace space, Set<Integer> taken) {
        GlobalVariable g = new GlobalVariable(v.name(), space, v.type());
        switch (v.builtin()) {
            case POSITION -> g.setBuiltIn(BuiltIn.POSITION);
            case FRAG_COORD -> g.setBuiltIn(BuiltIn.FRAG_COORD);
            case NONE -> {
                int location = v.location();
                if (location < 0) {
                    location = 0;
                    while (taken.contains(location)) {
                        location++;
                    }
                    taken.add(location);
                }
                g.setLocation(location);
            }
        }
        return g;
    }

    /** What main does first: zero the outputs, then run the private globals' initializers in order. */
    private List<Typed.Stmt> prologue() {
        List<Typed.Stmt> out = new ArrayList<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.storage() == Typed.Storage.OUTPUT) {
                out.add(new Typed.Assign(v.pos(), v, null));
            }
        }
        for (Typed.Variable v : unit.globals()) {
            if ((v.storage() == Typed.Storage.GLOBAL || v.storage() == Typed.Storage.CONST) && v.init() != null) {
                out.add(new Typed.Assign(v.pos(), v, v.init()));
            }
        }
        return out;
    }

    Storage storage(Typed.Variable v) {
        return storage.get(v.id());
    }

    Function function(String name) {
        return functions.get(name);
    }
}
