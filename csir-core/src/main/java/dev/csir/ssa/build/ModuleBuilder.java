package dev.csir.ssa.build;

import dev.csir.sema.Constants;
import dev.csir.sema.Typed;
import dev.csir.ssa.BlockLayout;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.Constant;
import dev.csir.ssa.SpecConstant;
import dev.csir.types.ScalarType;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Interpolation;
import dev.csir.ssa.Module;
import dev.csir.types.AddressSpace;
import dev.csir.types.ScalarKind;
import dev.csir.types.ShaderStage;
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
 * in declaration order) or a built-in, a stage block's members each one of their own; loose
 * uniforms become the members of one std140 block, {@value #DEFAULT_BLOCK}, at set 0 binding 0
 * (or the first binding not declared), as glslang gathers them for Vulkan; uniform blocks,
 * push-constant blocks and samplers keep the set and binding they declared, and those that
 * declared none take the next free binding of set 0 in declaration order; a constant with a
 * {@code constant_id} is a specialization constant; other globals are private and are initialised at
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
    /** Each user function's signature (overloads apart) to its function. */
    private final Map<Typed.Signature, Function> functions = new HashMap<>();
    private final Map<Integer, SpecConstant> specConstants = new HashMap<>();
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
        Set<String> names = new HashSet<>();
        for (Typed.Function f : unit.functions()) {
            Typed.Signature s = f.signature();
            List<Type> params = new ArrayList<>();
            for (int i = 0; i < s.params().size(); i++) {
                Type t = s.params().get(i).type();
                // a sampler passes its resource, an out or inout parameter the caller's temporary
                params.add(t.isOpaque() ? new dev.csir.types.PointerType(AddressSpace.UNIFORM_CONSTANT, t)
                        : s.writesBack(i) ? new dev.csir.types.PointerType(AddressSpace.FUNCTION, t) : t);
            }
            // overloads share a GLSL name; the module's functions are named apart
            String name = s.name();
            for (int n = 1; !names.add(name); n++) {
                name = s.name() + "_" + n;
            }
            Function fn = module.addFunction(new Function(name, s.returnType(), params));
            for (int i = 0; i < s.params().size(); i++) {
                fn.params().get(i).setName(s.params().get(i).name());
            }
            functions.put(s, fn);
        }
        for (Typed.Function f : unit.functions()) {
            boolean main = f == unit.main();
            new FunctionLowering(this, functions.get(f.signature()), main ? prologue() : List.of()).lower(f);
        }
        List<GlobalVariable> iface = module.globals().stream()
                .filter(g -> g.space() == AddressSpace.INPUT || g.space() == AddressSpace.OUTPUT).toList();
        module.entryPoints().add(new EntryPoint(unit.stage(), functions.get(unit.main().signature()), iface, List.of(),
                unit.earlyFragmentTests()));
        return module;
    }

    private void globals() {
        Set<Integer> inputs = new HashSet<>();
        Set<Integer> outputs = new HashSet<>();
        Set<Integer> bindings = new HashSet<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.location() >= 0 && (v.storage() == Typed.Storage.INPUT || v.storage() == Typed.Storage.OUTPUT)) {
                for (int k = 0; k < locations(v.type()); k++) {
                    (v.storage() == Typed.Storage.INPUT ? inputs : outputs).add(v.location() + k);
                }
            }
            if (v.storage() == Typed.Storage.UNIFORM && v.decoration().binding() >= 0
                    && Math.max(v.decoration().set(), 0) == 0) {
                bindings.add(v.decoration().binding());
            }
        }
        List<StructType.Member> members = new ArrayList<>();
        List<Typed.Variable> loose = new ArrayList<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.storage() == Typed.Storage.UNIFORM && v.member() == null && !v.type().isOpaque()) {
                members.add(new StructType.Member(v.name(), v.type()));
                loose.add(v);
            }
        }
        if (!members.isEmpty()) {
            defaultBlock = module.addGlobal(new GlobalVariable(DEFAULT_BLOCK, AddressSpace.UNIFORM,
                    new StructType(DEFAULT_BLOCK, members)).setBinding(0, free(bindings)).setLayout(BlockLayout.STD140));
            if (loose.stream().anyMatch(v -> v.init() != null)) {
                // the uniforms' initializers: what the block holds until the application sets a member
                List<Constant> values = new ArrayList<>();
                for (Typed.Variable v : loose) {
                    values.add(v.init() != null ? Folding.fold(v.init()) : Zero.of(v.type()));
                }
                defaultBlock.setInitializer(new Constant.Composite(defaultBlock.valueType(), values));
            }
            for (int i = 0; i < loose.size(); i++) {
                storage.put(loose.get(i).id(), new Storage(defaultBlock, i));
            }
        }
        Map<Typed.InterfaceBlock, GlobalVariable> blocks = new HashMap<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.storage() == Typed.Storage.CONST && v.decoration().constantId() >= 0) {
                SpecConstant sc = new SpecConstant(v.decoration().constantId(), v.name(),
                        Constant.ofBits((ScalarType) v.type(), Constants.scalarBits(v.init())));
                module.specConstants().add(sc);
                specConstants.put(v.id(), sc);
                continue;
            }
            if (v.storage() == Typed.Storage.UNIFORM && v.member() != null) {
                Typed.InterfaceBlock b = v.member().block();
                GlobalVariable g = blocks.get(b);
                if (g == null) {
                    g = module.addGlobal(uniformBlock(b, bindings));
                    blocks.put(b, g);
                }
                storage.put(v.id(), new Storage(g, v.member().index()));
                continue;
            }
            if (unit.pairs().containsKey(v)) {
                // a sampler constructor's sampler: no binding of its own, its two uniforms have theirs
                List<Typed.Variable> pair = unit.pairs().get(v);
                GlobalVariable g = module.addGlobal(new GlobalVariable(v.name(), AddressSpace.UNIFORM_CONSTANT, v.type())
                        .setPair(storage.get(pair.get(0).id()).global(), storage.get(pair.get(1).id()).global()));
                storage.put(v.id(), new Storage(g, -1));
                continue;
            }
            GlobalVariable g = switch (v.storage()) {
                case INPUT -> stageVariable(v, AddressSpace.INPUT, inputs, unit.stage() == ShaderStage.FRAGMENT);
                case OUTPUT -> stageVariable(v, AddressSpace.OUTPUT, outputs, false);
                case UNIFORM -> v.type().isOpaque()
                        ? new GlobalVariable(v.name(), AddressSpace.UNIFORM_CONSTANT, v.type())
                                .setBinding(Math.max(v.decoration().set(), 0),
                                        v.decoration().binding() >= 0 ? v.decoration().binding() : free(bindings))
                                .setInputAttachment(v.decoration().inputAttachment())
                        : null;
                default -> new GlobalVariable(v.name(), AddressSpace.PRIVATE, v.type());
            };
            if (g != null) {
                module.addGlobal(g);
                storage.put(v.id(), new Storage(g, -1));
            }
        }
    }

    /**
     * A uniform block at its set and binding (set 0 and the next free binding when not given),
     * laid out std140, or a push-constant block, std430 unless it asked for std140; named by its
     * instance, or by its block name when it has none; its struct type has the block name.
     */
    private static GlobalVariable uniformBlock(Typed.InterfaceBlock b, Set<Integer> bindings) {
        boolean push = b.kind() == Typed.BlockKind.PUSH_CONSTANT;
        // an array of blocks is one variable of an array of the block struct (one binding in Vulkan)
        Type type = b.elements() > 0 ? new dev.csir.types.ArrayType(b.struct(), b.elements()) : b.struct();
        GlobalVariable g = new GlobalVariable(b.instance() != null ? b.instance() : b.name(),
                push ? AddressSpace.PUSH_CONSTANT : AddressSpace.UNIFORM, type)
                .setLayout(b.packing() == Typed.Packing.STD430 ? BlockLayout.STD430 : BlockLayout.STD140);
        return push ? g : g.setBinding(Math.max(b.set(), 0), b.binding() >= 0 ? b.binding() : free(bindings));
    }

    /** The lowest binding of set 0 nobody declared or took yet, now taken. */
    private static int free(Set<Integer> bindings) {
        int b = 0;
        while (bindings.contains(b)) {
            b++;
        }
        bindings.add(b);
        return b;
    }

    /**
     * The locations a stage variable of type {@code t} takes (GLSL 4.60 4.4.1): one per scalar or
     * vector, a matrix one per column, an array its elements', a struct its members'.
     */
    static int locations(Type t) {
        if (t instanceof dev.csir.types.MatrixType m) {
            return m.columns();
        }
        if (t instanceof dev.csir.types.ArrayType a) {
            return Math.max(a.length(), 1) * locations(a.element());
        }
        if (t instanceof StructType st) {
            return st.members().stream().mapToInt(m -> locations(m.type())).sum();
        }
        return 1;
    }

    private static boolean free(Set<Integer> taken, int from, int n) {
        for (int k = from; k < from + n; k++) {
            if (taken.contains(k)) {
                return false;
            }
        }
        return true;
    }

    private static GlobalVariable stageVariable(Typed.Variable v, AddressSpace space, Set<Integer> taken, boolean fragment) {
        GlobalVariable g = new GlobalVariable(v.name(), space, v.type());
        switch (v.builtin()) {
            case POSITION -> g.setBuiltIn(BuiltIn.POSITION);
            case FRAG_COORD -> g.setBuiltIn(BuiltIn.FRAG_COORD);
            case VERTEX_INDEX -> g.setBuiltIn(BuiltIn.VERTEX_INDEX);
            case INSTANCE_INDEX -> g.setBuiltIn(BuiltIn.INSTANCE_INDEX);
            case FRONT_FACING -> g.setBuiltIn(BuiltIn.FRONT_FACING);
            case FRAG_DEPTH -> g.setBuiltIn(BuiltIn.FRAG_DEPTH);
            case POINT_COORD -> g.setBuiltIn(BuiltIn.POINT_COORD);
            case VIEW_INDEX -> g.setBuiltIn(BuiltIn.VIEW_INDEX);
            case SHADING_RATE -> g.setBuiltIn(BuiltIn.SHADING_RATE);
            case PRIMITIVE_SHADING_RATE -> g.setBuiltIn(BuiltIn.PRIMITIVE_SHADING_RATE);
            case CLIP_DISTANCE -> g.setBuiltIn(BuiltIn.CLIP_DISTANCE);
            case NONE -> {
                int location = v.location();
                if (location < 0) {
                    int n = locations(v.type());
                    location = 0;
                    while (!free(taken, location, n)) {
                        location++;
                    }
                    for (int k = 0; k < n; k++) {
                        taken.add(location + k);
                    }
                }
                g.setLocation(location);
                g.setInterpolation(switch (v.decoration().interp()) {
                    case FLAT -> Interpolation.FLAT;
                    case NOPERSPECTIVE -> Interpolation.NOPERSPECTIVE;
                    case NONE, SMOOTH -> Interpolation.SMOOTH;
                });
                g.setCentroid(v.decoration().centroid());
            }
        }
        if (fragment && space == AddressSpace.INPUT && g.builtIn() != null && v.type().scalarKind() == ScalarKind.INT) {
            // an integer input of the fragment stage is flat, as SPIR-V wants it (gl_ViewIndex, gl_ShadingRateEXT)
            g.setInterpolation(Interpolation.FLAT);
        }
        return g;
    }

    /** What main does first: zero the outputs, then run the private globals' initializers in order. */
    private List<Typed.Stmt> prologue() {
        List<Typed.Stmt> out = new ArrayList<>();
        for (Typed.Variable v : unit.globals()) {
            if (v.storage() == Typed.Storage.OUTPUT) {
                out.add(Typed.assign(v.pos(), v, null));
            }
        }
        for (Typed.Variable v : unit.globals()) {
            if ((v.storage() == Typed.Storage.GLOBAL || v.storage() == Typed.Storage.CONST) && v.init() != null
                    && !specConstants.containsKey(v.id())) {
                out.add(Typed.assign(v.pos(), v, v.init()));
            }
        }
        return out;
    }

    /** The specialization constant a constant with a {@code constant_id} is, or null. */
    SpecConstant specConstant(Typed.Variable v) {
        return specConstants.get(v.id());
    }

    Storage storage(Typed.Variable v) {
        return storage.get(v.id());
    }

    Function function(Typed.Signature s) {
        return functions.get(s);
    }
}
