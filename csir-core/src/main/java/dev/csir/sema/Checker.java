package dev.csir.sema;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Pos;
import dev.csir.lang.Client;
import dev.csir.lang.GlslVersion;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a parsed shader and builds its typed tree: globals and functions, then every function
 * body (each once, whether or not it is called), with statements here and expressions in
 * {@link ExprChecker}. Language rules only: the limits of CSIR (pools, slot counts, the loop
 * forms it can unroll, the parameter count) are the CSIR lowering's to enforce, not the language's.
 */
public final class Checker {
    private final ShaderStage stage;
    private final DiagnosticLog log;
    /** Loops around the statement being checked (break and continue need one). */
    private int loops;
    /** Switches around the statement being checked (break may leave one). */
    private int switches;
    private final ExprChecker exprs;
    private final Deque<Map<String, Typed.Variable>> scopes = new ArrayDeque<>();
    private final Map<String, Typed.Variable> globals = new LinkedHashMap<>();
    private final OpaqueUniforms opaque = new OpaqueUniforms();
    /** Each function name's overloads, in declaration order. */
    private final Map<String, List<Typed.Signature>> functions = new LinkedHashMap<>();
    /** The definition of each signature: its declaration with a body (a prototype has none until defined). */
    private final Map<Typed.Signature, Ast.FuncDecl> declarations = new LinkedHashMap<>();
    /** Caller to callees, for the recursion check. */
    private final Map<String, Set<String>> calls = new HashMap<>();
    private int nextId;
    private Typed.Signature current;
    private final GlslVersion version;
    private final Interfaces interfaces;
    /** The members of each block instance, by the instance's name. */
    private final Map<String, Map<String, Typed.Variable>> instances = new HashMap<>();

    private Checker(ShaderStage stage, GlslVersion version, Client client, DiagnosticLog log) {
        this.stage = stage;
        this.version = version;
        this.log = log;
        this.client = client;
        this.exprs = new ExprChecker(this);
        this.interfaces = new Interfaces(this, client);
    }

    private final Client client;

    /** The client the source is written for (GLSL for OpenGL or for Vulkan). */
    Client client() {
        return client;
    }

    /** The typed tree of {@code unit}, or null after reporting why it is not a valid shader. */
    public static Typed.Unit check(Ast.Unit unit, ShaderStage stage, DiagnosticLog log) {
        return check(unit, stage, Client.OPENGL, log);
    }

    /** As {@link #check(Ast.Unit, ShaderStage, DiagnosticLog)}, for a source written for {@code client}. */
    public static Typed.Unit check(Ast.Unit unit, ShaderStage stage, Client client, DiagnosticLog log) {
        Checker c = new Checker(stage, unit.version(), client, log);
        c.extensions = unit.extensions();
        return c.run(unit);
    }

    ShaderStage stage() {
        return stage;
    }

    /** The extensions the shader enabled, which give some built-ins before their version. */
    private java.util.Set<String> extensions = java.util.Set.of();

    java.util.Set<String> extensions() {
        return extensions;
    }

    /** The {@code #version} the shader asked for, which decides the built-in functions it has. */
    GlslVersion version() {
        return version;
    }

    void error(Pos pos, String message) {
        log.error(pos.line(), pos.column(), pos.offset(), pos.length(), message);
    }

    private Typed.Unit run(Ast.Unit unit) {
        int errors = log.count();
        declareBuiltins();
        // GLSL ES: a fragment shader's floats have no default precision, and no stage's samplers
        // but sampler2D and samplerCube; a declaration then needs a qualifier or a precision statement
        if (version.es() && stage == ShaderStage.FRAGMENT && unit.floatWithoutPrecision() != null) {
            error(unit.floatWithoutPrecision(), Messages.precisionRequired("float"));
        }
        if (version.es() && unit.samplerWithoutPrecision() != null) {
            error(unit.samplerWithoutPrecision(), Messages.precisionRequired(unit.samplerName()));
        }
        List<Typed.Variable> vars = new ArrayList<>();
        for (Ast.Decl d : unit.globals()) {
            if (d instanceof Ast.VarDecl v && v.name().equals(ClipDistances.NAME)) {
                if (clipDistances != null) {
                    redeclareClipDistance(v);
                } else {
                    error(v.pos(), Messages.RESERVED_GL_IDENTIFIER); // a version without the built-in
                }
            } else if (d instanceof Ast.VarDecl v) {
                Typed.Variable g = global(v);
                if (g != null && g.storage() == Typed.Storage.UNIFORM && OpaqueUniforms.splits(g.type())) {
                    globals.remove(g.name());
                    OpaqueUniforms.Split split = opaque.split(g, () -> nextId++);
                    vars.addAll(split.samplers().values());
                    if (split.data() != null) {
                        vars.add(split.data());
                        globals.put(g.name(), split.data());
                    }
                } else if (g != null) {
                    vars.add(g);
                }
            } else if (d instanceof Ast.FuncDecl f) {
                signature(f);
            } else if (d instanceof Ast.BlockDecl b) {
                vars.addAll(block(b));
            } else if (d instanceof Ast.DefaultLayout dl) {
                interfaces.defaultLayout(dl);
            } else if (d instanceof Ast.StructDecl sd) {
                structName(sd);
            } else {
                throw new IllegalArgumentException(String.valueOf(d));
            }
        }
        checkLocations(vars);
        List<Typed.Function> bodies = new ArrayList<>();
        for (Map.Entry<Typed.Signature, Ast.FuncDecl> d : declarations.entrySet()) {
            if (d.getValue().body() != null) {
                bodies.add(body(d.getKey(), d.getValue()));
            }
        }
        exprs.reportStrayChoices();
        Typed.Function main = bodies.stream().filter(f -> f.name().equals("main")).findFirst().orElse(null);
        if (main != null && functions.get("main").size() > 1) {
            error(functions.get("main").get(1).pos(), Messages.MAIN_SIGNATURE);
        }
        if (main == null) {
            log.error(Messages.MISSING_MAIN);
        } else if (!(main.signature().returnType() instanceof VoidType) || !main.signature().params().isEmpty()) {
            log.error(Messages.MAIN_SIGNATURE);
        }
        checkRecursion();
        if (log.count() > errors) {
            return null;
        }
        List<Typed.Variable> all = new ArrayList<>(builtinsOfStage());
        all.addAll(vars);
        all.addAll(pairedSamplers.keySet());
        return new Typed.Unit(stage, all, bodies, main, pairedSamplers, interfaces.earlyFragmentTests());
    }

    // ---- declarations ------------------------------------------------------------------------

    private Typed.Variable position;
    private Typed.Variable fragCoord;
    static final String FRAG_DATA = "gl_FragData";
    /** GLSL 1.10's and ES 1.00's gl_FragData[0], where the version has it; else null. */
    private Typed.Variable fragData;

    Typed.Variable fragData() {
        return fragData;
    }
    /**
     * The built-ins that are part of the interface only when the shader uses them: the vertex
     * and instance numbers, and GLSL 1.10's and ES 1.00's gl_FragColor.
     */
    private final List<Typed.Variable> onDemand = new ArrayList<>();
    /** Those of them the shader uses, in first-use order. */
    private final Set<Typed.Variable> usedOnDemand = new java.util.LinkedHashSet<>();

    /** Notes that the shader reads or writes {@code v}. */
    void used(Typed.Variable v) {
        if (clipDistances != null && clipDistances.is(v)) {
            usedOnDemand.add(clipDistances.variable());
        } else if (onDemand.contains(v)) {
            usedOnDemand.add(v);
        }
    }

    /** gl_ClipDistance where the stage and version have it; else null. */
    private ClipDistances clipDistances;

    ClipDistances clipDistances() {
        return clipDistances;
    }

    /**
     * {@code out float gl_ClipDistance[N];} (or {@code in} in the fragment stage, or {@code []}):
     * the built-in given its size, part of the interface from now on.
     */
    private void redeclareClipDistance(Ast.VarDecl v) {
        Ast.Storage st = v.qualifiers().storage();
        boolean storage = st == (stage == ShaderStage.VERTEX ? Ast.Storage.OUT : Ast.Storage.IN) && v.init() == null;
        boolean unsized = v.dims().size() == 1 && v.dims().get(0) == null;
        Type type = unsized ? v.type() : declaredType(v.type(), v.dims(), null, v.pos());
        if (type == null) {
            return;
        }
        redeclareClipDistance(type, unsized, storage, v.pos());
    }

    private void redeclareClipDistance(Type type, boolean unsized, boolean storage, Pos pos) {
        Typed.Variable before = clipDistances.variable();
        String error = clipDistances.redeclare(type, unsized, storage);
        if (error != null) {
            error(pos, error);
            return;
        }
        if (usedOnDemand.remove(before)) {
            usedOnDemand.add(clipDistances.variable()); // used before its redeclaration
        }
        globals.put(ClipDistances.NAME, clipDistances.variable());
    }

    private void declareBuiltins() {
        position = new Typed.Variable(nextId++, "gl_Position", VectorType.VEC4, Typed.Storage.OUTPUT,
                Typed.BuiltinVar.POSITION, -1, Pos.NONE, null);
        fragCoord = new Typed.Variable(nextId++, "gl_FragCoord", VectorType.VEC4, Typed.Storage.INPUT,
                Typed.BuiltinVar.FRAG_COORD, -1, Pos.NONE, null);
        globals.put(position.name(), position);
        globals.put(fragCoord.name(), fragCoord);
        // the vertex and instance numbers: gl_VertexID (1.30, 3.00 es) and gl_InstanceID (1.40, 3.00 es)
        // in GLSL for OpenGL, gl_VertexIndex and gl_InstanceIndex in GLSL for Vulkan
        boolean vulkan = client == Client.VULKAN;
        if (stage == ShaderStage.VERTEX && (vulkan || version.glsl130())) {
            onDemand.add(new Typed.Variable(nextId++, vulkan ? "gl_VertexIndex" : "gl_VertexID", ScalarType.INT,
                    Typed.Storage.INPUT, Typed.BuiltinVar.VERTEX_INDEX, -1, Pos.NONE, null));
        }
        if (stage == ShaderStage.VERTEX && (vulkan || version.number() >= (version.es() ? 300 : 140))) {
            onDemand.add(new Typed.Variable(nextId++, vulkan ? "gl_InstanceIndex" : "gl_InstanceID", ScalarType.INT,
                    Typed.Storage.INPUT, Typed.BuiltinVar.INSTANCE_INDEX, -1, Pos.NONE, null));
        }
        if (stage == ShaderStage.FRAGMENT) {
            // every version has them, bar ES 1.00's gl_FragDepth (an extension's gl_FragDepthEXT)
            onDemand.add(new Typed.Variable(nextId++, "gl_FrontFacing", ScalarType.BOOL, Typed.Storage.INPUT,
                    Typed.BuiltinVar.FRONT_FACING, -1, Pos.NONE, null));
            if (version.es() || version.number() >= 120) {
                // a point sprite's coordinate (GLSL 1.20 on, every ES)
                onDemand.add(new Typed.Variable(nextId++, "gl_PointCoord", VectorType.VEC2, Typed.Storage.INPUT,
                        Typed.BuiltinVar.POINT_COORD, -1, Pos.NONE, null));
            }
            if (!(version.es() && version.number() < 300)) {
                onDemand.add(new Typed.Variable(nextId++, "gl_FragDepth", ScalarType.FLOAT, Typed.Storage.OUTPUT,
                        Typed.BuiltinVar.FRAG_DEPTH, -1, Pos.NONE, null));
            }
        }
        if (version.enabled("GL_EXT_multiview") && dev.csir.lang.Preprocessor.multiview(version)) {
            // the view a multiview draw renders (GL_EXT_multiview), in both stages and clients
            onDemand.add(new Typed.Variable(nextId++, "gl_ViewIndex", ScalarType.INT, Typed.Storage.INPUT,
                    Typed.BuiltinVar.VIEW_INDEX, -1, Pos.NONE, null));
        }
        if (version.enabled("GL_EXT_fragment_shading_rate") && dev.csir.lang.BuiltinConstants.shadingRate(version)) {
            // GL_EXT_fragment_shading_rate: the rate a fragment was shaded at, and the one a vertex asks for
            onDemand.add(stage == ShaderStage.FRAGMENT
                    ? new Typed.Variable(nextId++, "gl_ShadingRateEXT", ScalarType.INT, Typed.Storage.INPUT,
                            Typed.BuiltinVar.SHADING_RATE, -1, Pos.NONE, null)
                    : new Typed.Variable(nextId++, "gl_PrimitiveShadingRateEXT", ScalarType.INT, Typed.Storage.OUTPUT,
                            Typed.BuiltinVar.PRIMITIVE_SHADING_RATE, -1, Pos.NONE, null));
        }
        if (stage == ShaderStage.VERTEX) {
            // points are not drawn: the size is a private variable, which is what it is to a triangle
            onDemand.add(new Typed.Variable(nextId++, "gl_PointSize", ScalarType.FLOAT, Typed.Storage.GLOBAL,
                    Typed.BuiltinVar.NONE, -1, Pos.NONE, null));
        }
        if ((stage == ShaderStage.VERTEX || stage == ShaderStage.FRAGMENT) && !version.es()
                && version.number() >= 130) {
            // the vertex stage writes the distances, the fragment stage reads them interpolated
            boolean vertex = stage == ShaderStage.VERTEX;
            clipDistances = new ClipDistances(new Typed.Variable(nextId++, ClipDistances.NAME,
                    new dev.csir.types.ArrayType(ScalarType.FLOAT, ClipDistances.MAX),
                    vertex ? Typed.Storage.OUTPUT : Typed.Storage.INPUT, Typed.BuiltinVar.CLIP_DISTANCE, -1, Pos.NONE,
                    null));
            onDemand.add(clipDistances.variable());
        }
        if (stage == ShaderStage.FRAGMENT && version.legacyForms()) {
            // the fragment colour, an output at location 0
            onDemand.add(new Typed.Variable(nextId++, "gl_FragColor", VectorType.VEC4, Typed.Storage.OUTPUT,
                    Typed.BuiltinVar.NONE, 0, Pos.NONE, null));
        }
        onDemand.forEach(v -> globals.put(v.name(), v));
        if (stage == ShaderStage.FRAGMENT && version.legacyForms()) {
            // gl_FragData[0], the one colour output every target has, named only through the index
            fragData = new Typed.Variable(nextId++, FRAG_DATA, VectorType.VEC4, Typed.Storage.OUTPUT,
                    Typed.BuiltinVar.NONE, 0, Pos.NONE, null);
            onDemand.add(fragData);
        }
    }

    private List<Typed.Variable> builtinsOfStage() {
        List<Typed.Variable> out = new ArrayList<>(switch (stage) {
            case VERTEX -> List.of(position);
            case FRAGMENT -> List.of(fragCoord);
            default -> List.<Typed.Variable>of();
        });
        for (Typed.Variable v : usedOnDemand) {
            out.add(clipDistances != null && clipDistances.is(v) ? clipDistances.finished() : v);
        }
        return out;
    }

    private final Set<String> instanceNames = new HashSet<>();
    /** The sizes of the block instances that are arrays, by instance name. */
    private final Map<String, Integer> instanceArrays = new HashMap<>();
    /** Block names, a name space of their own: two blocks of one name are an error. */
    private final Set<String> blockNames = new HashSet<>();

    /** The names of the structs declared (the parser resolved their types): no variable or function may take one. */
    private final Set<String> structNames = new HashSet<>();

    private void structName(Ast.StructDecl sd) {
        if (!taken(sd.name(), sd.pos())) {
            structNames.add(sd.name());
        }
    }

    /**
     * The type a declaration gives its variable: the element type with the declarator's array
     * sizes, each a constant integer expression greater than zero, the outermost {@code []}
     * taking its size from the initializer's type; null after a reported error.
     */
    Type declaredType(Type element, List<Ast.Expr> dims, Typed.Expr init, Pos pos) {
        Type t = element;
        if (version.es() && version.number() < 300 && element instanceof dev.csir.types.SamplerType sampler
                && !sampler.equals(dev.csir.types.SamplerType.SAMPLER2D) && sampler.dim() != dev.csir.types.Dim.CUBE) {
            error(pos, Messages.reservedInEs100(sampler.name())); // sampler3D, sampler2DShadow
            return null;
        }
        if ((dims.size() > 1 || !dims.isEmpty() && element instanceof dev.csir.types.ArrayType) && !version.arraysOfArrays()) {
            error(pos, Messages.ARRAYS_OF_ARRAYS);
            return null;
        }
        for (int k = dims.size() - 1; k >= 0; k--) {
            Ast.Expr d = dims.get(k);
            int n;
            if (d == null) {
                if (k != 0 || init == null || !(init.type() instanceof dev.csir.types.ArrayType a)) {
                    error(pos, Messages.ARRAY_SIZE_MISSING);
                    return null;
                }
                n = a.length();
            } else {
                Typed.Expr size = exprs.expr(d);
                if (size == null) {
                    return null;
                }
                Long v = Constants.intValue(size);
                if (v == null) {
                    error(d.pos(), Messages.ARRAY_SIZE_CONSTANT);
                    return null;
                }
                if (v < 1 || v > Integer.MAX_VALUE) {
                    error(d.pos(), Messages.ARRAY_SIZE_POSITIVE);
                    return null;
                }
                n = (int) (long) v;
            }
            t = new dev.csir.types.ArrayType(t, n);
        }
        return t;
    }

    private boolean taken(String name, Pos pos) {
        if (globals.containsKey(name) || opaque.get(name) != null || functions.containsKey(name)
                || instanceNames.contains(name) || structNames.contains(name)) {
            error(pos, Messages.DUPLICATE_SYMBOL);
            return true;
        }
        return false;
    }

    private Typed.Variable global(Ast.VarDecl v) {
        Ast.Storage st = v.qualifiers().storage();
        if (v.type() instanceof VoidType) {
            error(v.pos(), Messages.VOID_VARIABLE);
            return null;
        }
        if (v.type().isOpaque() && st != Ast.Storage.UNIFORM) {
            error(v.pos(), Messages.SAMPLER_NOT_UNIFORM);
            return null;
        }
        if (OpaqueUniforms.holdsSamplers(v.type()) && st != Ast.Storage.UNIFORM) {
            error(v.pos(), Messages.SAMPLER_STRUCT_NOT_UNIFORM);
            return null;
        }
        // GLSL 1.20 brought uniform initializers, which GLSL ES never had
        if (v.init() != null && st == Ast.Storage.UNIFORM
                && (version.es() || version.number() < 120 || v.type() instanceof SamplerType)) {
            error(v.pos(), Messages.UNIFORM_INITIALIZER);
            return null;
        }
        if (v.init() != null && (st == Ast.Storage.IN || st == Ast.Storage.OUT || st == Ast.Storage.ATTRIBUTE
                || st == Ast.Storage.VARYING)) {
            error(v.pos(), Messages.INTERFACE_INITIALIZER);
            return null;
        }
        // attribute and varying: GLSL 1.10's vertex inputs and the stages' varyings
        if ((st == Ast.Storage.ATTRIBUTE || st == Ast.Storage.VARYING) && !version.legacyForms()) {
            error(v.pos(), Messages.legacyQualifier(st.name().toLowerCase(java.util.Locale.ROOT)));
            return null;
        }
        if (st == Ast.Storage.ATTRIBUTE && stage != ShaderStage.VERTEX) {
            error(v.pos(), Messages.ATTRIBUTE_STAGE);
            return null;
        }
        if (taken(v.name(), v.pos())) {
            return null;
        }
        // GLSL for OpenGL gives each element its own unit (split below); Vulkan's is one binding
        if (!v.dims().isEmpty() && OpaqueUniforms.holdsSamplers(v.type()) && client == Client.VULKAN) {
            error(v.pos(), Messages.SAMPLER_ARRAY);
            return null;
        }
        Typed.Storage storage = switch (st) {
            case IN, ATTRIBUTE -> Typed.Storage.INPUT;
            case OUT -> Typed.Storage.OUTPUT;
            case VARYING -> stage == ShaderStage.VERTEX ? Typed.Storage.OUTPUT : Typed.Storage.INPUT;
            case UNIFORM -> Typed.Storage.UNIFORM;
            case CONST -> Typed.Storage.CONST;
            case NONE -> v.qualifiers().isConst() ? Typed.Storage.CONST : Typed.Storage.GLOBAL;
        };
        Typed.Decoration decoration = interfaces.variable(v, storage);
        if (decoration == null || !interpolationFits(v, storage)) {
            return null;
        }
        decoration = decoration.interpolated(v.qualifiers());
        // a global's initializer sees only the globals declared before it
        Typed.Expr value = v.init() == null ? null : exprs.expr(v.init());
        if (v.init() != null && value == null) {
            return null;
        }
        Type type = declaredType(v.type(), v.dims(), value, v.pos());
        if (type == null) {
            return null;
        }
        Typed.Expr init = value == null ? null : exprs.assignable(type, value, v.pos(), Messages.ASSIGNMENT_TYPE_MISMATCH);
        if (v.init() != null && init == null) {
            return null;
        }
        if (init != null && storage == Typed.Storage.CONST && !Constants.isConstantExpression(init)) {
            error(v.pos(), Messages.CONST_INITIALIZER);
            return null;
        }
        if (init != null && storage == Typed.Storage.UNIFORM && !Constants.isConstant(init)) {
            error(v.pos(), Messages.UNIFORM_INITIALIZER_CONSTANT);
            return null;
        }
        if (decoration.constantId() >= 0 && Constants.scalarBits(init) == null) {
            error(v.pos(), Messages.CONSTANT_ID_INITIALIZER);
            return null;
        }
        Typed.Variable g = new Typed.Variable(nextId++, v.name(), type, storage, Typed.BuiltinVar.NONE,
                v.qualifiers().location(), v.pos(), init, decoration);
        globals.put(g.name(), g);
        return g;
    }

    /**
     * An interface block's members as variables: a uniform block's keep their names, a stage
     * block's are named {@code Block.member}, which is how the stages of a program match them (by
     * block name, whatever the instances are called). The members of a block without an instance
     * name are names of their own; those of one with are reached as {@code instance.member}.
     */
    private List<Typed.Variable> block(Ast.BlockDecl b) {
        if (b.name().equals("gl_PerVertex")) {
            return perVertex(b);
        }
        for (Ast.VarDecl m : b.members()) {
            if (!m.dims().isEmpty()) {
                // only gl_PerVertex's gl_ClipDistance[] comes unsized from the parser
                error(m.pos(), Messages.ARRAY_SIZE_CONSTANT);
                return List.of();
            }
        }
        int elements = blockElements(b);
        if (elements < 0) {
            return List.of();
        }
        Typed.InterfaceBlock block = interfaces.block(b, elements);
        if (block != null && !blockNames.add(b.name())) {
            error(b.pos(), Messages.DUPLICATE_SYMBOL);
            return List.of();
        }
        if (block == null || taken(b.name(), b.pos())
                || (b.instance() != null && taken(b.instance(), b.instancePos()))) {
            return List.of();
        }
        Typed.Storage storage = switch (block.kind()) {
            case INPUT -> Typed.Storage.INPUT;
            case OUTPUT -> Typed.Storage.OUTPUT;
            default -> Typed.Storage.UNIFORM;
        };
        boolean stageBlock = storage != Typed.Storage.UNIFORM;
        int[] locations = stageBlock ? Interfaces.memberLocations(block, b.qualifiers().location()) : null;
        Map<String, Typed.Variable> members = new LinkedHashMap<>();
        List<Typed.Variable> out = new ArrayList<>();
        for (int i = 0; i < b.members().size(); i++) {
            Ast.VarDecl m = b.members().get(i);
            String name = stageBlock ? b.name() + "." + m.name() : m.name();
            if (b.instance() == null && taken(m.name(), m.pos())) {
                continue;
            }
            Type type = elements > 0 ? new dev.csir.types.ArrayType(m.type(), elements) : m.type();
            Typed.Variable v = new Typed.Variable(nextId++, name, type, storage, Typed.BuiltinVar.NONE,
                    stageBlock ? locations[i] : -1, m.pos(), null,
                    new Typed.Decoration(block.set(), block.binding(), -1, -1, new Typed.Member(block, i))
                            .interpolated(stageBlock ? m.qualifiers() : Ast.Qualifiers.NONE));
            members.put(m.name(), v);
            out.add(v);
            if (b.instance() == null) {
                globals.put(m.name(), v);
            }
        }
        if (b.instance() != null) {
            instances.put(b.instance(), members);
            instanceNames.add(b.instance());
            if (elements > 0) {
                instanceArrays.put(b.instance(), elements);
            }
        }
        return out;
    }

    /**
     * The size of a block's instance array ({@code ubo[2]}), 0 when it is none, -1 after
     * reporting an error: one constant positive size; an unsized array (which glslang sizes from
     * the largest index used) and arrays of arrays are refused.
     */
    private int blockElements(Ast.BlockDecl b) {
        if (b.dims().isEmpty()) {
            return 0;
        }
        if (b.dims().size() > 1) {
            error(b.instancePos(), version.arraysOfArrays() ? Messages.BLOCK_ARRAY_OF_ARRAYS : Messages.ARRAYS_OF_ARRAYS);
            return -1;
        }
        Ast.Expr d = b.dims().getFirst();
        if (d == null) {
            error(b.instancePos(), Messages.BLOCK_ARRAY_UNSIZED);
            return -1;
        }
        Typed.Expr size = exprs.expr(d);
        if (size == null) {
            return -1;
        }
        Long v = Constants.intValue(size);
        if (v == null) {
            error(d.pos(), Messages.ARRAY_SIZE_CONSTANT);
            return -1;
        }
        if (v < 1 || v > 65536) {
            error(d.pos(), Messages.ARRAY_SIZE_POSITIVE);
            return -1;
        }
        return (int) (long) v;
    }

    /** {@code out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };}: the built-ins, redeclared. */
    private List<Typed.Variable> perVertex(Ast.BlockDecl b) {
        if (b.qualifiers().storage() != Ast.Storage.OUT || stage != ShaderStage.VERTEX
                || !b.qualifiers().layout().ids().isEmpty()) {
            error(b.pos(), Messages.PER_VERTEX_MEMBER);
            return List.of();
        }
        if (version.number() < (version.es() ? 320 : 410)) {
            // glslang: GLSL 4.10 and ES 3.20 on
            error(b.pos(), Messages.PER_VERTEX_VERSION);
            return List.of();
        }
        List<Typed.Variable> out = new ArrayList<>();
        for (Ast.VarDecl m : b.members()) {
            if (m.name().equals("gl_Position") && m.type().equals(VectorType.VEC4)) {
                continue; // the built-in itself
            }
            if (m.name().equals("gl_PointSize") && m.type().equals(ScalarType.FLOAT)) {
                continue; // the built-in itself, a private variable (declareBuiltins)
            }
            if (m.name().equals(ClipDistances.NAME) && clipDistances != null) {
                redeclareClipDistance(m.type(), m.dims().size() == 1 && m.dims().get(0) == null, true, m.pos());
                continue;
            }
            error(m.pos(), Messages.PER_VERTEX_MEMBER);
        }
        return out;
    }

    /** The split uniform (a struct or array holding samplers) of this name unless a local hides it, or null. */
    OpaqueUniforms.Split split(String name) {
        OpaqueUniforms.Split s = opaque.get(name);
        return s == null || isLocal(name) ? null : s;
    }

    /** The size of the block instance array {@code name}, or null when no instance array is called so. */
    Integer instanceArray(String name) {
        return instanceArrays.get(name);
    }

    /** The members of the block instance {@code name}, or null when no instance is called so. */
    Map<String, Typed.Variable> instance(String name) {
        return instances.get(name);
    }

    /** True when {@code name} is declared in a function scope here (hiding any global of that name). */
    boolean isLocal(String name) {
        for (Map<String, Typed.Variable> scope : scopes) {
            if (scope.containsKey(name)) {
                return true;
            }
        }
        return false;
    }

    /** Two inputs (or two outputs) of one stage at one location is an error in GLSL too. */
    private void checkLocations(List<Typed.Variable> vars) {
        Set<String> used = new HashSet<>();
        for (Typed.Variable v : vars) {
            if (v.location() >= 0 && (v.storage() == Typed.Storage.INPUT || v.storage() == Typed.Storage.OUTPUT)
                    && !used.add(v.storage() + ":" + v.location())) {
                boolean attribute = stage == ShaderStage.VERTEX && v.storage() == Typed.Storage.INPUT;
                error(v.pos(), attribute ? Messages.ATTRIBUTE_LOCATION_CONFLICT : Messages.LOCATION_CONFLICT);
            }
        }
    }

    /**
     * A function's declaration: a new overload, a prototype, or the definition of an earlier
     * prototype (same parameter types; the return type must agree).
     */
    private void signature(Ast.FuncDecl f) {
        if (globals.containsKey(f.name()) || opaque.get(f.name()) != null || instanceNames.contains(f.name())
                || structNames.contains(f.name())) {
            error(f.pos(), Messages.DUPLICATE_SYMBOL);
            return;
        }
        List<Typed.Variable> params = new ArrayList<>();
        List<Ast.Direction> directions = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Ast.Param p : f.params()) {
            if (p.type() instanceof VoidType) {
                error(p.pos(), Messages.VOID_VARIABLE);
            } else if (OpaqueUniforms.splits(p.type())) {
                error(p.pos(), Messages.SAMPLER_STRUCT_PARAMETER);
            } else if (f.body() != null && !names.add(p.name())) {
                error(p.pos(), Messages.DUPLICATE_SYMBOL);
            }
            params.add(new Typed.Variable(nextId++, p.name(), p.type(), Typed.Storage.PARAM, Typed.BuiltinVar.NONE, -1,
                    p.pos(), null));
            directions.add(p.direction());
        }
        Typed.Signature earlier = overload(f.name(), params.stream().map(Typed.Variable::type).toList());
        if (earlier != null) {
            Ast.FuncDecl had = declarations.get(earlier);
            if (!earlier.returnType().equals(f.returnType())) {
                error(f.pos(), Messages.PROTOTYPE_MISMATCH);
            } else if (had.body() != null && f.body() != null) {
                error(f.pos(), Messages.DUPLICATE_SYMBOL);
            } else if (f.body() != null) {
                // the definition of a prototype: its parameters and directions are the definition's
                Typed.Signature sig = new Typed.Signature(f.name(), f.returnType(), params, f.pos(), directions);
                replace(earlier, sig);
                declarations.put(sig, f);
            }
            return;
        }
        Typed.Signature sig = new Typed.Signature(f.name(), f.returnType(), params, f.pos(), directions);
        functions.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(sig);
        declarations.put(sig, f);
    }

    /** The overload of {@code name} with exactly these parameter types, or null. */
    private Typed.Signature overload(String name, List<Type> types) {
        for (Typed.Signature s : functions.getOrDefault(name, List.of())) {
            if (s.params().stream().map(Typed.Variable::type).toList().equals(types)) {
                return s;
            }
        }
        return null;
    }

    /**
     * A prototype's signature gives way to its definition's (bodies are checked after every
     * declaration, so no call sees the prototype's).
     */
    private void replace(Typed.Signature prototype, Typed.Signature definition) {
        List<Typed.Signature> list = functions.get(prototype.name());
        list.set(list.indexOf(prototype), definition);
        declarations.remove(prototype);
    }

    private Typed.Function body(Typed.Signature sig, Ast.FuncDecl f) {
        current = sig;
        scopes.push(new HashMap<>());
        for (Typed.Variable p : sig.params()) {
            scopes.peek().put(p.name(), p);
        }
        int errors = log.count();
        Typed.Block block = block(f.body(), false);
        scopes.pop();
        // a body with errors may have lost its returns with them: no follow-on error
        if (!(sig.returnType() instanceof VoidType) && log.count() == errors && !returns(block)) {
            error(sig.pos(), Messages.MISSING_RETURN_VALUE);
        }
        current = null;
        return new Typed.Function(sig, block);
    }

    /** True when every path through {@code s} ends in a return or a discard. */
    private static boolean returns(Typed.Stmt s) {
        if (s instanceof Typed.Return || s instanceof Typed.Discard) {
            return true;
        }
        if (s instanceof Typed.Block b) {
            return b.stmts().stream().anyMatch(Checker::returns);
        }
        if (s instanceof Typed.If i) {
            return i.otherwise() != null && returns(i.then()) && returns(i.otherwise());
        }
        return false;
    }

    /** Each function on a call cycle is an error naming the cycle from it (GLSL has no recursion). */
    private void checkRecursion() {
        for (String f : functions.keySet()) {
            List<String> path = new ArrayList<>(List.of(f));
            if (cycle(f, f, path, new HashSet<>())) {
                error(functions.get(f).getFirst().pos(), Messages.recursion(path));
            }
        }
    }

    /** True when {@code target} is reachable from {@code from}; {@code path} then ends with the calls that get there. */
    private boolean cycle(String from, String target, List<String> path, Set<String> seen) {
        for (String callee : new java.util.TreeSet<>(calls.getOrDefault(from, Set.of()))) {
            path.add(callee);
            if (callee.equals(target) || (seen.add(callee) && cycle(callee, target, path, seen))) {
                return true;
            }
            path.removeLast();
        }
        return false;
    }

    // ---- names -------------------------------------------------------------------------------

    /** The variable a name denotes here, or null. */
    Typed.Variable variable(String name) {
        for (Map<String, Typed.Variable> scope : scopes) {
            Typed.Variable v = scope.get(name);
            if (v != null) {
                return v;
            }
        }
        Typed.Variable g = globals.get(name);
        return g != null ? g : builtinConstant(name);
    }

    /** The samplers sampler constructors made, in first-use order, each with its texture and sampler state. */
    private final Map<Typed.Variable, List<Typed.Variable>> pairedSamplers = new java.util.LinkedHashMap<>();

    /**
     * The sampler of type {@code type} that {@code sampler2D(texture, state)} makes of two uniforms:
     * one per distinct constructor, texture and state, a uniform of its own to the stages after
     * the checker (which see a sampler as always). Null after a reported error.
     */
    Typed.Variable pairedSampler(Pos pos, dev.csir.types.SamplerType type, Typed.Variable texture, Typed.Variable state) {
        if (texture.storage() != Typed.Storage.UNIFORM || state.storage() != Typed.Storage.UNIFORM) {
            error(pos, Messages.SAMPLER_CONSTRUCTOR_PARAMETER);
            return null;
        }
        for (Map.Entry<Typed.Variable, List<Typed.Variable>> e : pairedSamplers.entrySet()) {
            if (e.getKey().type().equals(type) && e.getValue().get(0) == texture && e.getValue().get(1) == state) {
                return e.getKey();
            }
        }
        Typed.Variable v = new Typed.Variable(nextId++, type.name() + "(" + texture.name() + ", " + state.name() + ")", type,
                Typed.Storage.UNIFORM, Typed.BuiltinVar.NONE, -1, texture.pos(), null);
        pairedSamplers.put(v, List.of(texture, state));
        return v;
    }

    /** An implementation-dependent constant ({@code gl_MaxDrawBuffers}), declared on its first use; null when none is named so. */
    private Typed.Variable builtinConstant(String name) {
        Integer value = dev.csir.lang.BuiltinConstants.value(name, version);
        if (value == null) {
            return null;
        }
        Typed.Variable c = new Typed.Variable(nextId++, name, ScalarType.INT, Typed.Storage.CONST, Typed.BuiltinVar.NONE,
                -1, Pos.NONE, new Typed.Literal(Pos.NONE, ScalarType.INT, value & 0xFFFF_FFFFL));
        onDemand.add(c);
        globals.put(name, c);
        return c;
    }

    /** The overloads of {@code name}, in declaration order (empty when there is no such function). */
    List<Typed.Signature> functions(String name) {
        return functions.getOrDefault(name, List.of());
    }

    /** Whether {@code s} has a body somewhere in the shader. */
    boolean isDefined(Typed.Signature s) {
        Ast.FuncDecl d = declarations.get(s);
        return d != null && d.body() != null;
    }

    boolean isFunctionName(String name) {
        return functions.containsKey(name) && variable(name) == null;
    }

    /** Records that the function being checked calls {@code callee}. */
    void called(String callee) {
        if (current != null) {
            calls.computeIfAbsent(current.name(), k -> new HashSet<>()).add(callee);
        }
    }

    // ---- statements --------------------------------------------------------------------------

    private Typed.Block block(Ast.Block b, boolean newScope) {
        if (newScope) {
            scopes.push(new HashMap<>());
        }
        List<Typed.Stmt> out = new ArrayList<>();
        for (Ast.Stmt s : b.stmts()) {
            Typed.Stmt t = stmt(s);
            if (t != null) {
                out.add(t);
            }
        }
        if (newScope) {
            scopes.pop();
        }
        return new Typed.Block(b.pos(), out);
    }

    /** A statement as its own scope (an if arm or a loop body that is not a block). */
    private Typed.Stmt scoped(Ast.Stmt s) {
        scopes.push(new HashMap<>());
        Typed.Stmt t = stmt(s);
        scopes.pop();
        return t == null ? new Typed.Block(s.pos(), List.of()) : t;
    }

    private Typed.Stmt stmt(Ast.Stmt s) {
        if (s instanceof Ast.Empty) {
            return null;
        }
        if (s instanceof Ast.Block b) {
            return block(b, true);
        }
        if (s instanceof Ast.ExprStmt e) {
            return step(e.expr());
        }
        if (s instanceof Ast.DeclStmt d) {
            if (d.decl() instanceof Ast.VarDecl v) {
                return local(v);
            }
            if (d.decl() instanceof Ast.StructDecl) {
                return null; // a type the parser resolved
            }
            error(d.pos(), Messages.LOCAL_QUALIFIER);
            return null;
        }
        if (s instanceof Ast.Decls d) {
            // in order, each in scope for the next, in the enclosing scope (no block of their own)
            List<Typed.Stmt> out = new ArrayList<>();
            boolean bad = false;
            for (Ast.Decl decl : d.decls()) {
                if (!(decl instanceof Ast.VarDecl v)) {
                    continue; // the struct a declaration declares: a type the parser resolved
                }
                Typed.Stmt t = local(v);
                bad |= t == null;
                if (t != null) {
                    out.add(t);
                }
            }
            return bad ? null : new Typed.Block(d.pos(), out);
        }
        if (s instanceof Ast.If i) {
            Typed.Expr c = exprs.condition(i.cond(), i.pos());
            Typed.Stmt then = scoped(i.then());
            Typed.Stmt otherwise = i.otherwise() == null ? null : scoped(i.otherwise());
            return c == null ? null : new Typed.If(i.pos(), c, then, otherwise);
        }
        if (s instanceof Ast.For f) {
            return loop(f);
        }
        if (s instanceof Ast.DoWhile d) {
            loops++;
            Typed.Stmt body = scoped(d.body());
            loops--;
            Typed.Expr c = exprs.condition(d.cond(), d.pos());
            return c == null ? null : new Typed.DoWhile(d.pos(), body, c);
        }
        if (s instanceof Ast.Return r) {
            return ret(r);
        }
        if (s instanceof Ast.Switch w) {
            return switchStatement(w);
        }
        if (s instanceof Ast.Case c) {
            error(c.pos(), Messages.LABEL_OUTSIDE_SWITCH);
            return null;
        }
        if (s instanceof Ast.Break b) {
            if (loops == 0 && switches == 0) {
                error(b.pos(), Messages.BREAK_STATEMENT_OUTSIDE_LOOP);
                return null;
            }
            return new Typed.Break(b.pos());
        }
        if (s instanceof Ast.Continue c) {
            if (loops == 0) {
                error(c.pos(), Messages.CONTINUE_STATEMENT_OUTSIDE_LOOP);
                return null;
            }
            return new Typed.Continue(c.pos());
        }
        if (s instanceof Ast.Discard d) {
            if (stage != ShaderStage.FRAGMENT) {
                error(d.pos(), Messages.DISCARD_STAGE_SOURCE);
                return null;
            }
            return new Typed.Discard(d.pos());
        }
        throw new IllegalArgumentException(String.valueOf(s));
    }

    /**
     * Where an interpolation qualifier may stand (GLSL 4.60 section 4.5, as glslang checks it): not
     * on a vertex input or a fragment output; and an integer fragment input, or an ES 3.00 vertex
     * output (ES 3.10 dropped that rule), must be {@code flat}. glslang lets it stand, meaning nothing, on a uniform or global.
     */
    private boolean interpolationFits(Ast.VarDecl v, Typed.Storage storage) {
        Ast.Qualifiers q = v.qualifiers();
        if (storage == Typed.Storage.INPUT && stage == ShaderStage.VERTEX && q.interpolated()) {
            error(v.pos(), Messages.VERTEX_INPUT_QUALIFIED);
            return false;
        }
        if (storage == Typed.Storage.OUTPUT && stage == ShaderStage.FRAGMENT && q.interp() != Ast.Interp.NONE) {
            error(v.pos(), Messages.INTERPOLATION_FRAGMENT_OUTPUT);
            return false;
        }
        boolean varying = storage == Typed.Storage.INPUT && stage == ShaderStage.FRAGMENT
                || storage == Typed.Storage.OUTPUT && stage == ShaderStage.VERTEX && version.es() && version.number() == 300;
        if (varying && integral(v.type()) && q.interp() != Ast.Interp.FLAT) {
            error(v.typePos(), Messages.mustBeFlat(storage == Typed.Storage.INPUT ? "in" : "out"));
            return false;
        }
        return true;
    }

    /** An int or uint scalar or vector, or an array of them. */
    private static boolean integral(Type t) {
        while (t instanceof dev.csir.types.ArrayType a) {
            t = a.element();
        }
        Type e = t instanceof dev.csir.types.VectorType vt ? vt.component() : t;
        return e == dev.csir.types.ScalarType.INT || e == dev.csir.types.ScalarType.UINT;
    }

    private Typed.Stmt local(Ast.VarDecl v) {
        if (v.qualifiers().interpolated()) {
            Ast.Qualifiers q = v.qualifiers();
            error(v.pos(), Messages.nestedInterpolation(q.interp() != Ast.Interp.NONE
                    ? q.interp().name().toLowerCase(java.util.Locale.ROOT) : "centroid"));
            return null;
        }
        Ast.Storage st = v.qualifiers().storage();
        if (st == Ast.Storage.IN || st == Ast.Storage.OUT || st == Ast.Storage.UNIFORM || st == Ast.Storage.ATTRIBUTE
                || st == Ast.Storage.VARYING || !v.qualifiers().layout().ids().isEmpty()) {
            error(v.pos(), Messages.LOCAL_QUALIFIER);
            return null;
        }
        if (v.type() instanceof VoidType) {
            error(v.pos(), Messages.VOID_VARIABLE);
            return null;
        }
        if (v.type().isOpaque()) {
            error(v.pos(), Messages.SAMPLER_NOT_UNIFORM);
            return null;
        }
        if (OpaqueUniforms.holdsSamplers(v.type())) {
            error(v.pos(), Messages.SAMPLER_STRUCT_NOT_UNIFORM);
            return null;
        }
        // the initializer is checked before the name comes into scope
        Typed.Expr value = v.init() == null ? null : exprs.expr(v.init());
        Type type = v.init() != null && value == null ? null : declaredType(v.type(), v.dims(), value, v.pos());
        Typed.Expr init = value == null || type == null ? null
                : exprs.assignable(type, value, v.pos(), Messages.ASSIGNMENT_TYPE_MISMATCH);
        if (type == null) {
            return null;
        }
        if (scopes.peek().containsKey(v.name())) {
            error(v.pos(), Messages.DUPLICATE_SYMBOL);
            return null;
        }
        boolean isConst = st == Ast.Storage.CONST || v.qualifiers().isConst();
        // GLSL 4.20 let a local constant take any value; before it, and in ES, it needs a constant expression
        if (isConst && init != null && (version.es() || version.number() < 420) && !Constants.isConstantExpression(init)) {
            error(v.pos(), Messages.CONST_INITIALIZER);
            return null;
        }
        Typed.Variable local = new Typed.Variable(nextId++, v.name(), type,
                isConst ? Typed.Storage.CONST : Typed.Storage.LOCAL, Typed.BuiltinVar.NONE, -1, v.pos(), init);
        scopes.peek().put(local.name(), local);
        return v.init() != null && init == null ? null : new Typed.Declare(v.pos(), local, init);
    }

    /**
     * An assignment of a checked value to a checked l-value, or null after reporting why it is not
     * one; {@code targetPos} is where a target that is no l-value is reported.
     */
    Typed.Assign assignTo(Pos pos, Typed.Expr target, Typed.Expr value, Pos targetPos) {
        if (!lvalue(target, targetPos, Messages.ASSIGNMENT_TARGET) || !writableRoot(target, pos)) {
            return null;
        }
        Typed.Expr v = exprs.assignable(target.type(), value, pos, Messages.ASSIGNMENT_TYPE_MISMATCH);
        return v == null ? null : new Typed.Assign(pos, target, v);
    }

    /** Whether {@code target} may be written (an out argument), else reported at {@code pos} with {@code notLvalue}. */
    boolean writable(Typed.Expr target, Pos pos, String notLvalue) {
        return lvalue(target, pos, notLvalue) && writableRoot(target, pos);
    }

    /** Whether the variable an l-value is part of may be written here. */
    private boolean writableRoot(Typed.Expr target, Pos pos) {
        Typed.Variable root = Typed.root(target);
        if (root.storage() == Typed.Storage.CONST) {
            error(pos, Messages.ASSIGN_CONST);
            return false;
        }
        if (root.readOnly() || root.type().isOpaque()) {
            error(pos, Messages.INVALID_ASSIGNMENT);
            return false;
        }
        if (root.builtin() == Typed.BuiltinVar.POSITION && stage != ShaderStage.VERTEX) {
            error(pos, Messages.POSITION_STAGE);
            return false;
        }
        return true;
    }

    /**
     * Whether {@code e} can be assigned: a variable, a member or element of one, distinct lanes of
     * one; else reported at {@code pos} ({@code message} when it is no l-value at all).
     */
    private boolean lvalue(Typed.Expr e, Pos pos, String message) {
        if (e instanceof Typed.VarRef) {
            return true;
        }
        if (e instanceof Typed.Field m) {
            return lvalue(m.base(), pos, message);
        }
        if (e instanceof Typed.Index ix) {
            return lvalue(ix.base(), pos, message);
        }
        if (e instanceof Typed.Swizzle sw) {
            int[] lanes = sw.lanes();
            if (sw.base().type() instanceof ScalarType) {
                error(pos, message);
                return false;
            }
            for (int i = 0; i < lanes.length; i++) {
                for (int j = 0; j < i; j++) {
                    if (lanes[i] == lanes[j]) {
                        error(pos, Messages.SWIZZLE_TARGET_REPEATS);
                        return false;
                    }
                }
            }
            return lvalue(sw.base(), pos, message);
        }
        error(pos, message);
        return false;
    }

    private Typed.Stmt loop(Ast.For f) {
        scopes.push(new HashMap<>());
        Typed.Stmt init = f.init() == null ? null : stmt(f.init());
        Typed.Expr cond = f.cond() == null ? null : exprs.condition(f.cond(), f.pos());
        Typed.Stmt step = f.step() == null ? null : step(f.step());
        loops++;
        Typed.Stmt body = scoped(f.body());
        loops--;
        scopes.pop();
        boolean bad = (f.init() != null && init == null && !(f.init() instanceof Ast.Empty))
                || (f.cond() != null && cond == null) || (f.step() != null && step == null);
        return bad ? null : new Typed.For(f.pos(), init, cond, step, body);
    }

    /** Whether {@code ++} and {@code --} apply: an int or float scalar or vector. */
    static boolean steppable(Type t) {
        ScalarKind k = t.scalarKind();
        return k != null && k.isNumeric();
    }

    /** A loop step or a statement: {@code i++} and its kin become assignments; other expressions are evaluated. */
    private Typed.Stmt step(Ast.Expr e) {
        if (e instanceof Ast.Step st) {
            Typed.Expr target = exprs.expr(st.target());
            if (target == null) {
                return null;
            }
            if (!steppable(target.type())) {
                error(st.pos(), Messages.TYPE_MISMATCH);
                return null;
            }
            Type component = ScalarType.of(target.type().scalarKind());
            Typed.Expr one = ExprChecker.literalOne(st.pos(), component);
            if (!(target.type() instanceof ScalarType)) {
                one = new Typed.Splat(st.pos(), target.type(), one);
            }
            Typed.Expr value = new Typed.Binary(st.pos(), st.increment() ? Typed.BinaryOp.ADD : Typed.BinaryOp.SUB,
                    target.type(), new Typed.Current(st.pos(), target.type()), one); // the target evaluated once
            Typed.Assign a = assignTo(st.pos(), target, value, st.pos());
            return a == null ? null : new Typed.ExprStmt(st.pos(), a);
        }
        Typed.Expr x = exprs.expr(e, true);
        return x == null ? null : new Typed.ExprStmt(e.pos(), x);
    }

    /**
     * {@code switch}: an int or uint selector, then the body in one scope, cut at its labels into cases.
     * As in glslang: no statement before the first label, and the last label is followed by a
     * statement that makes code (not {@code ;}, {@code {}} or a declaration without initializer).
     */
    private Typed.Stmt switchStatement(Ast.Switch w) {
        boolean ok = true;
        if (!version.glsl130()) {
            error(w.pos(), Messages.SWITCH_VERSION);
            ok = false;
        }
        Typed.Expr selector = exprs.expr(w.selector());
        if (selector != null && !selector.type().equals(ScalarType.INT) && !selector.type().equals(ScalarType.UINT)) {
            error(w.selector().pos(), Messages.SWITCH_SELECTOR);
            ok = false;
        }
        ok &= selector != null;
        List<Typed.Case> cases = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        boolean hasDefault = false;
        boolean lastHasCode = true;
        List<Integer> values = new ArrayList<>();
        boolean isDefault = false;
        Pos labelPos = null;
        List<Typed.Stmt> body = new ArrayList<>();
        scopes.push(new HashMap<>());
        switches++;
        for (Ast.Stmt s : w.body()) {
            if (s instanceof Ast.Case c) {
                if (labelPos == null || !body.isEmpty()) {
                    // a new run of labels: the one before, with its statements, is a case
                    if (labelPos != null) {
                        cases.add(new Typed.Case(labelPos, values, isDefault, body));
                    }
                    labelPos = c.pos();
                    values = new ArrayList<>();
                    isDefault = false;
                    body = new ArrayList<>();
                }
                lastHasCode = false;
                if (c.value() == null) {
                    ok &= !hasDefault || fail(c.pos(), Messages.DUPLICATE_DEFAULT);
                    hasDefault = isDefault = true;
                    continue;
                }
                Long v = Constants.intValue(exprs.expr(c.value()));
                if (v == null) {
                    ok &= fail(c.pos(), Messages.CASE_NOT_CONSTANT);
                } else if (!seen.add((int) (long) v)) {
                    ok &= fail(c.pos(), Messages.DUPLICATE_CASE);
                } else {
                    values.add((int) (long) v);
                }
                continue;
            }
            if (labelPos == null) {
                ok &= fail(s.pos(), Messages.STATEMENT_BEFORE_LABEL);
                labelPos = s.pos();
            }
            lastHasCode |= makesCode(s);
            Typed.Stmt t = stmt(s);
            if (t != null) {
                body.add(t);
            }
        }
        switches--;
        scopes.pop();
        if (labelPos != null) {
            cases.add(new Typed.Case(labelPos, values, isDefault, body));
        }
        if (!lastHasCode) {
            ok &= fail(w.pos(), Messages.LAST_LABEL_EMPTY);
        }
        return ok ? new Typed.Switch(w.pos(), selector, cases) : null;
    }

    /** Reports {@code message} at {@code pos}; false, for the caller's running verdict. */
    private boolean fail(Pos pos, String message) {
        error(pos, message);
        return false;
    }

    /** Whether glslang makes code of {@code s}: what may follow a switch's last label. */
    private static boolean makesCode(Ast.Stmt s) {
        if (s instanceof Ast.Empty) {
            return false;
        }
        if (s instanceof Ast.Block b) {
            return b.stmts().stream().anyMatch(Checker::makesCode);
        }
        if (s instanceof Ast.DeclStmt d) {
            return declMakesCode(d.decl());
        }
        if (s instanceof Ast.Decls d) {
            return d.decls().stream().anyMatch(Checker::declMakesCode);
        }
        return true;
    }

    private static boolean declMakesCode(Ast.Decl d) {
        return d instanceof Ast.VarDecl v && v.init() != null && v.qualifiers().storage() != Ast.Storage.CONST
                && !v.qualifiers().isConst();
    }

    private Typed.Stmt ret(Ast.Return r) {
        Type want = current.returnType();
        if (want instanceof VoidType) {
            if (r.value() != null) {
                exprs.expr(r.value());
                error(r.pos(), Messages.VOID_RETURNS_VALUE);
                return null;
            }
            return new Typed.Return(r.pos(), null);
        }
        if (r.value() == null) {
            error(r.pos(), Messages.RETURN_TYPE_MISMATCH);
            return null;
        }
        Typed.Expr v = exprs.assignable(want, exprs.expr(r.value()), r.pos(), Messages.RETURN_TYPE_MISMATCH);
        return v == null ? null : new Typed.Return(r.pos(), v);
    }
}
