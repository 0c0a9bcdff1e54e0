package dev.csir.tocsir;

import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Interpolation;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.types.AddressSpace;
import dev.csir.types.SamplerType;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CSIR's interface slots for a module's globals: vertex inputs are attribute slots and the
 * varyings are varying slots at their locations (a matrix at one slot per column from there,
 * as GLSL 4.60 4.4.1 counts its locations), a fragment output (of float components) is the
 * colour output of its location ({@link Limits#colorOutputs}), the default
 * uniform block's members take consecutive vec4 slots (a matrix one per column) and samplers
 * their own slots, both in declaration order. The symbols come out in source declaration order.
 */
final class Slots {
    private final Map<GlobalVariable, Integer> slots = new IdentityHashMap<>();
    private final Map<GlobalVariable, Integer> samplers = new IdentityHashMap<>();
    private final Map<GlobalVariable, int[]> uniformSlots = new IdentityHashMap<>();
    final List<GlobalVariable> outputs = new ArrayList<>();
    ShaderInterface iface;
    String error;
    /** Where the declaration {@link #error} is about is, or 0 when it concerns no one declaration. */
    int errorLine;
    int errorColumn;

    private Slots() {
    }

    /** A declaration CSIR has no form for: the message, located at the declaration. */
    private String cannotExpress(CsirLowering.Declared d, String what) {
        errorLine = d.line();
        errorColumn = d.column();
        return "CSIR cannot express " + what;
    }

    /**
     * The CSIR sampler kind of a GLSL sampler type, or null when CSIR has none: float sampler2D
     * always; samplerCube, sampler3D, sampler2DArray, samplerCubeArray, the shadow kinds of 2D,
     * cube, 2D array and cube-map array, sampler2DMS and sampler2DMSArray, and the int and uint
     * kinds of all seven where the profile writes CSI version 2 (the same profiles that have
     * integer lanes; ChrisOS keeps version 1). CSIR's kinds are spelled as GLSL's, so the name
     * finds it; 1D and buffer samplers have none.
     */
    static Type samplerKind(dev.csir.types.Type t, Limits limits) {
        if (!(t instanceof SamplerType st)) {
            return null;
        }
        Type kind = Type.ofGlsl(st.name());
        if (kind == null || !kind.isSampler()) {
            return null;
        }
        return kind.isVersion2Only() && !limits.integerLanes() ? null : kind;
    }

    int slot(GlobalVariable g) {
        return slots.getOrDefault(g, -1);
    }

    int sampler(GlobalVariable g) {
        return samplers.getOrDefault(g, -1);
    }

    /** The first vec4 slot of member {@code index} of uniform block {@code block}. */
    int uniform(GlobalVariable block, int index) {
        return uniformSlots.get(block)[index];
    }

    static Slots bind(Module m, ShaderStage stage, List<CsirLowering.Declared> declared, Limits limits) {
        Slots s = new Slots();
        s.error = s.assign(m, stage, declared, limits);
        return s;
    }

    private String assign(Module m, ShaderStage stage, List<CsirLowering.Declared> declared, Limits limits) {
        boolean vertex = stage == ShaderStage.VERTEX;
        Map<String, CsirLowering.Declared> byName = new HashMap<>();
        Map<String, Integer> order = new HashMap<>();
        for (CsirLowering.Declared d : declared) {
            byName.put(d.name(), d);
            order.put(d.name(), order.size());
        }
        List<InterfaceVar> vars = new ArrayList<>();
        Set<Integer> inputs = new HashSet<>();
        Set<Integer> varyings = new HashSet<>();
        int uniforms = 0;
        Set<Integer> colorSlots = new HashSet<>();
        for (GlobalVariable g : m.globals()) {
            if (g.builtIn() != null) {
                if (g.space() == AddressSpace.OUTPUT) {
                    outputs.add(g);
                }
                if (g.builtIn() == BuiltIn.CLIP_DISTANCE) {
                    clipDistances = g;
                }
                continue;
            }
            CsirLowering.Declared d = byName.getOrDefault(g.name(), new CsirLowering.Declared(g.name(), 0, 0, false));
            switch (g.space()) {
                case INPUT, OUTPUT -> {
                    boolean in = g.space() == AddressSpace.INPUT;
                    Type type = Selector.csirType(g.valueType());
                    if (!Selector.representable(g.valueType())) {
                        return cannotExpress(d, "an interface variable of type " + g.valueType());
                    }
                    Interpolation interpolation = Interpolation.valueOf(g.interpolation().name());
                    if (interpolation != Interpolation.SMOOTH && !limits.integerLanes()) {
                        // only CSI version 2 stores it, and the original interpolates every varying with perspective
                        return cannotExpress(d, "a " + interpolation.word() + " varying ('" + g.name() + "')");
                    }
                    int slot = g.location();
                    // a matrix takes a slot per column, from its location on
                    int last = slot + type.uniformSlots() - 1;
                    if (in && vertex) {
                        for (int k = slot; k <= last; k++) {
                            if (k >= limits.attributeSlots() || !inputs.add(k)) {
                                return k >= limits.attributeSlots() && !d.explicitLocation()
                                        ? Messages.TOO_MANY_ATTRIBUTES : Messages.ATTRIBUTE_LOCATION_CONFLICT;
                            }
                        }
                    } else if (in || vertex) {
                        for (int k = slot; k <= last; k++) {
                            if (k >= limits.varyingSlots() || !varyings.add(k)) {
                                return k >= limits.varyingSlots() && !d.explicitLocation() ? Messages.TOO_MANY_VARYINGS
                                        : Messages.LOCATION_CONFLICT;
                            }
                        }
                    } else {
                        if (type.isIntLike() || type == Type.BOOL) {
                            return cannotExpress(d, "a fragment output of type " + g.valueType());
                        }
                        if (slot >= limits.colorOutputs() || !colorSlots.add(slot)) {
                            return limits.colorOutputs() == 1 ? Messages.ONE_FRAGMENT_OUTPUT
                                    : slot >= limits.colorOutputs()
                                            ? cannotExpress(d, "a fragment output at location " + slot + " (it has "
                                                    + limits.colorOutputs() + " colour outputs)")
                                            : Messages.LOCATION_CONFLICT;
                        }
                    }
                    if (!in) {
                        outputs.add(g);
                    }
                    slots.put(g, slot);
                    vars.add(new InterfaceVar(in ? InterfaceVar.Kind.INPUT : InterfaceVar.Kind.OUTPUT, g.name(), type, slot,
                            d.line(), d.column(), d.explicitLocation(), interpolation));
                }
                case UNIFORM, PUSH_CONSTANT -> {
                    if (!(g.valueType() instanceof StructType block)) {
                        return cannotExpress(d, "the uniform block " + g.name());
                    }
                    int[] memberSlots = new int[block.members().size()];
                    uniformSlots.put(g, memberSlots);
                    for (int k = 0; k < memberSlots.length; k++) {
                        StructType.Member member = block.members().get(k);
                        memberSlots[k] = uniforms;
                        String name = uniformName(m, block, member.name());
                        CsirLowering.Declared md = byName.getOrDefault(member.name(),
                                new CsirLowering.Declared(name, 0, 0, false));
                        int[] next = {uniforms};
                        String error = uniformLeaves(name, member.type(), md, next, vars);
                        if (error != null) {
                            return error;
                        }
                        uniforms = next[0];
                        if (uniforms > limits.uniformSlots()) {
                            return Messages.TOO_MANY_UNIFORMS;
                        }
                    }
                }
                case UNIFORM_CONSTANT -> {
                    if (g.valueType() instanceof dev.csir.types.TextureType || g.valueType() instanceof dev.csir.types.SamplerStateType) {
                        continue; // read only through the samplers sampler constructors make of them
                    }
                    Type kind = samplerKind(g.valueType(), limits);
                    if (kind == null) {
                        return cannotExpress(d, "a uniform of type " + g.valueType()
                                + (limits.integerLanes() || !(g.valueType() instanceof SamplerType)
                                        ? "" : " in a profile that keeps CSI version 1 (only sampler2D)"));
                    }
                    if (samplers.size() >= limits.samplerSlots()) {
                        return Messages.TOO_MANY_SAMPLERS;
                    }
                    int slot = samplers.size();
                    samplers.put(g, slot);
                    vars.add(new InterfaceVar(InterfaceVar.Kind.UNIFORM, g.name(), kind, slot, d.line(), d.column(),
                            false));
                }
                default -> {
                }
            }
        }
        if (clipDistances != null) {
            String error = clipDistanceSlots(clipDistances, varyings, limits, vars);
            if (error != null) {
                return error;
            }
        }
        // a plain lambda: Comparator.comparingInt's is serializable, which the AOT cache does not keep linked
        vars.sort((x, y) -> Integer.compare(order.getOrDefault(x.name(), Integer.MAX_VALUE),
                order.getOrDefault(y.name(), Integer.MAX_VALUE)));
        iface = ShaderInterface.of(vertex ? Stage.VERTEX : Stage.FRAGMENT, vars);
        return null;
    }

    /** gl_ClipDistance, the vertex stage's output or the fragment stage's input, or null. */
    private GlobalVariable clipDistances;

    /**
     * gl_ClipDistance's varying slots, four distances to a slot: the first free ones (consecutive)
     * once the varyings have theirs; symbols of {@link InterfaceVar.Kind#CLIP_DISTANCE}. An error, or null.
     */
    private String clipDistanceSlots(GlobalVariable g, Set<Integer> varyings, Limits limits, List<InterfaceVar> vars) {
        if (!limits.integerLanes()) {
            // CSI version 1 has no clip distances: the Selector refuses each use, located
            return null;
        }
        int n = ((dev.csir.types.ArrayType) g.valueType()).length();
        int count = (n + 3) / 4;
        int first = 0;
        while (varyings.contains(first) || count > 1 && varyings.contains(first + 1)) {
            first++;
        }
        if (first + count > limits.varyingSlots()) {
            return Messages.TOO_MANY_VARYINGS;
        }
        slots.put(g, first);
        for (int k = 0; k < count; k++) {
            int lanes = Math.min(4, n - 4 * k);
            Type type = lanes == 1 ? Type.FLOAT : lanes == 2 ? Type.VEC2 : lanes == 3 ? Type.VEC3 : Type.VEC4;
            vars.add(new InterfaceVar(InterfaceVar.Kind.CLIP_DISTANCE, InterfaceVar.CLIP_DISTANCE_NAMES.get(k), type,
                    first + k, 0, 0, false));
        }
        return null;
    }

    /**
     * The CSIR uniforms of a uniform of type {@code t} called {@code name}: itself when CSIR has
     * its type, else one per element of an array ({@code name[i]}) and per member of a struct
     * ({@code name.member}), all the way down, as OpenGL names the uniforms of a program; they
     * take consecutive slots from {@code next[0]}, which ends after them. An error, or null.
     */
    private String uniformLeaves(String name, dev.csir.types.Type t, CsirLowering.Declared at, int[] next,
            List<InterfaceVar> vars) {
        if (t instanceof dev.csir.types.ArrayType a && !a.isRuntimeSized()) {
            for (int i = 0; i < a.length(); i++) {
                String error = uniformLeaves(name + "[" + i + "]", a.element(), at, next, vars);
                if (error != null) {
                    return error;
                }
            }
            return null;
        }
        if (t instanceof StructType st) {
            for (StructType.Member m : st.members()) {
                String error = uniformLeaves(name + "." + m.name(), m.type(), at, next, vars);
                if (error != null) {
                    return error;
                }
            }
            return null;
        }
        if (!Selector.representable(t)) {
            return cannotExpress(at, "a uniform of type " + t);
        }
        // uniform slots are always assigned here: a source location names no slot of CSIR's
        vars.add(new InterfaceVar(InterfaceVar.Kind.UNIFORM, name, Selector.csirType(t), next[0], at.line(),
                at.column(), false));
        next[0] += Selector.width(t);
        return null;
    }

    /** The vec4 slots a uniform of type {@code t} takes (see {@link #uniformLeaves}). */
    static int slotsOf(dev.csir.types.Type t) {
        if (t instanceof dev.csir.types.ArrayType a) {
            return a.length() * slotsOf(a.element());
        }
        if (t instanceof StructType st) {
            return st.members().stream().mapToInt(m -> slotsOf(m.type())).sum();
        }
        return Selector.width(t);
    }

    /**
     * The CSIR uniform name of a block member: its own name, as the program's uniforms are set
     * by name; {@code Block.member} where two blocks of the module have a member of that name, and
     * {@code Block[k].member} in element k of an array of blocks.
     */
    static String uniformName(Module m, StructType block, String member) {
        if (block.name().endsWith("]")) {
            // an element of an array of blocks (SplitBlockArrays): always named with its block
            return block.name() + "." + member;
        }
        int holders = 0;
        for (GlobalVariable g : m.globals()) {
            if ((g.space() == AddressSpace.UNIFORM || g.space() == AddressSpace.PUSH_CONSTANT)
                    && g.valueType() instanceof StructType s && s.indexOf(member) >= 0) {
                holders++;
            }
        }
        return holders > 1 ? block.name() + "." + member : member;
    }

    /** Whether {@code g} is the vertex position output. */
    static boolean isPosition(GlobalVariable g) {
        return g.builtIn() == BuiltIn.POSITION;
    }
}
