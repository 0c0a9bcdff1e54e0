package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Pos;
import dev.csir.lang.GlslVersion;
import dev.csir.types.Dim;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.SubpassInputType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;

/**
 * The texture built-ins of GLSL 4.60 8.9 over the language's samplers (2D, 3D, cube, 2D and
 * cube-map arrays, float and int, the shadow ones, and the multisample ones, which have texelFetch
 * by sample and textureSize without a level only): {@code texture}, {@code textureLod},
 * {@code textureGrad}, {@code texelFetch}, {@code textureProj}, {@code textureProjLod} and
 * {@code textureSize} from 1.30 and 3.00 es (and in the documented subset, which has no
 * {@code #version}), and where the version has GLSL 1.10's forms, {@code texture2D},
 * {@code texture2DProj}, {@code texture3D}, {@code textureCube}, {@code texture2DLod} and
 * {@code textureCubeLod} (in ES 1.00 in the vertex stage only, on the desktop from 1.30); the offset
 * forms ({@code textureOffset}, {@code texelFetchOffset}, {@code textureLodOffset},
 * {@code textureGradOffset}, {@code textureProj[Lod|Grad]Offset}, and {@code textureProjGrad})
 * with the same versions, their offset a constant in [-8, 7]; and {@code textureGather},
 * {@code textureGatherOffset} and {@code textureGatherOffsets} (see {@link GatherCalls}); and on
 * the desktop {@code textureQueryLevels} from 4.30 and {@code textureQueryLod} from 1.50 in
 * fragment shaders; and GLSL for Vulkan's {@code subpassLoad} in fragment shaders. Each becomes one
 * {@link Typed.Texture}.
 */
final class TextureCalls {
    /**
     * One built-in: what it does, whether its coordinate divides by its last lane, the one sampler
     * it takes (or any), and whether it takes a texel offset.
     */
    private record Form(Typed.TextureOp op, boolean projective, SamplerType only, boolean offset) {
        Form(Typed.TextureOp op, boolean projective, SamplerType only) {
            this(op, projective, only, false);
        }
    }

    private static final SamplerType SAMPLER3D = new SamplerType(Dim.D3, false, false, ScalarKind.FLOAT);
    private static final SamplerType SAMPLER_CUBE = new SamplerType(Dim.CUBE, false, false, ScalarKind.FLOAT);

    private final ExprChecker exprs;
    private final Checker checker;
    private final GatherCalls gathers;

    TextureCalls(ExprChecker exprs, Checker checker) {
        this.exprs = exprs;
        this.checker = checker;
        this.gathers = new GatherCalls(checker, this);
    }

    /** Whether {@code name} is a texture built-in of this shader (a user function of a 1.10 name hides it). */
    boolean has(String name) {
        return form(name) != null || gathers.has(name) || subpassLoads(name);
    }

    /** {@code subpassLoad}: GLSL for Vulkan's, in fragment shaders (glslang declares it nowhere else). */
    private boolean subpassLoads(String name) {
        return name.equals("subpassLoad") && checker.client() == dev.csir.lang.Client.VULKAN
                && checker.stage() == ShaderStage.FRAGMENT;
    }

    /** {@code subpassLoad(s)}, or {@code subpassLoad(s, sample)} for a multisampled input: the texel as a 4-vector of its type. */
    private Typed.Expr subpassLoad(Ast.Call c, List<Typed.Expr> args) {
        if (args.getFirst() instanceof Typed.VarRef ref && ref.type() instanceof SubpassInputType s) {
            List<Typed.Expr> operands = args.subList(1, args.size());
            boolean fits = s.multisampled() ? operands.size() == 1 && integer(operands.getFirst(), 1) != null : operands.isEmpty();
            if (!fits) {
                return fail(c.pos(), Messages.textureArguments(c.name(), s.name()));
            }
            return new Typed.Texture(c.pos(), new VectorType(ScalarType.of(s.sampled()), 4), ref.variable(),
                    Typed.TextureOp.SUBPASS_LOAD, false, null, List.copyOf(operands), List.of());
        }
        return fail(c.pos(), Messages.WRONG_ARGUMENTS);
    }

    private Form form(String name) {
        GlslVersion v = checker.version();
        boolean modern = v.glsl130() || !v.explicit();
        boolean legacy = v.legacyForms() && checker.functions(name).isEmpty();
        // the level-of-detail forms, as glslang has them: ES 1.00's vertex stage, and desktop GLSL from
        // 1.30 (before, they want GL_ARB_shader_texture_lod)
        boolean lodForms = v.es() ? checker.stage() == ShaderStage.VERTEX : v.glsl130();
        return switch (name) {
            case "texture" -> modern ? new Form(Typed.TextureOp.SAMPLE, false, null) : null;
            case "textureLod" -> modern ? new Form(Typed.TextureOp.SAMPLE_LOD, false, null) : null;
            case "textureGrad" -> modern ? new Form(Typed.TextureOp.SAMPLE_GRAD, false, null) : null;
            case "texelFetch" -> modern ? new Form(Typed.TextureOp.FETCH, false, null) : null;
            case "textureProj" -> modern ? new Form(Typed.TextureOp.SAMPLE, true, null) : null;
            case "textureProjLod" -> modern ? new Form(Typed.TextureOp.SAMPLE_LOD, true, null) : null;
            case "textureProjGrad" -> modern ? new Form(Typed.TextureOp.SAMPLE_GRAD, true, null) : null;
            case "textureOffset" -> modern ? new Form(Typed.TextureOp.SAMPLE, false, null, true) : null;
            case "textureLodOffset" -> modern ? new Form(Typed.TextureOp.SAMPLE_LOD, false, null, true) : null;
            case "textureGradOffset" -> modern ? new Form(Typed.TextureOp.SAMPLE_GRAD, false, null, true) : null;
            case "texelFetchOffset" -> modern ? new Form(Typed.TextureOp.FETCH, false, null, true) : null;
            case "textureProjOffset" -> modern ? new Form(Typed.TextureOp.SAMPLE, true, null, true) : null;
            case "textureProjLodOffset" -> modern ? new Form(Typed.TextureOp.SAMPLE_LOD, true, null, true) : null;
            case "textureProjGradOffset" -> modern ? new Form(Typed.TextureOp.SAMPLE_GRAD, true, null, true) : null;
            case "textureSize" -> v.glsl130() ? new Form(Typed.TextureOp.SIZE, false, null) : null;
            // as glslang has them: desktop only, textureQueryLod from 1.50 in fragment shaders
            case "textureQueryLevels" -> !v.es() && v.number() >= 430 ? new Form(Typed.TextureOp.QUERY_LEVELS, false, null)
                    : null;
            case "textureQueryLod" -> !v.es() && v.number() >= 150 && checker.stage() == ShaderStage.FRAGMENT
                    ? new Form(Typed.TextureOp.QUERY_LOD, false, null) : null;
            case "texture2D" -> legacy ? new Form(Typed.TextureOp.SAMPLE, false, SamplerType.SAMPLER2D) : null;
            case "texture2DProj" -> legacy ? new Form(Typed.TextureOp.SAMPLE, true, SamplerType.SAMPLER2D) : null;
            case "texture2DLod" -> legacy && lodForms ? new Form(Typed.TextureOp.SAMPLE_LOD, false, SamplerType.SAMPLER2D)
                    : null;
            case "texture3D" -> legacy && !v.es() ? new Form(Typed.TextureOp.SAMPLE, false, SAMPLER3D) : null;
            case "textureCube" -> legacy ? new Form(Typed.TextureOp.SAMPLE, false, SAMPLER_CUBE) : null;
            case "textureCubeLod" -> legacy && lodForms ? new Form(Typed.TextureOp.SAMPLE_LOD, false, SAMPLER_CUBE)
                    : null;
            default -> null;
        };
    }

    /** The call checked and typed; null after a reported error. */
    Typed.Expr call(Ast.Call c) {
        List<Typed.Expr> args = new ArrayList<>();
        for (Ast.Expr a : c.args()) {
            Typed.Expr t = exprs.expr(a);
            if (t == null) {
                return null;
            }
            args.add(t);
        }
        return call(c, args);
    }

    /** The call of checked arguments {@code args}, none of them null. */
    Typed.Expr call(Ast.Call c, List<Typed.Expr> args) {
        if (!args.isEmpty()) {
            exprs.takeConstructed(args.getFirst());
        }
        ExprChecker.SamplerChoice choice = args.isEmpty() ? null : exprs.takeChoice(args.getFirst());
        if (choice != null) {
            return chosen(c, args, choice);
        }
        if (subpassLoads(c.name())) {
            return args.isEmpty() ? fail(c.pos(), Messages.WRONG_ARGUMENTS) : subpassLoad(c, args);
        }
        Form f = form(c.name());
        if (args.isEmpty() || !(args.getFirst() instanceof Typed.VarRef ref) || !(ref.type() instanceof SamplerType s)
                || f != null && f.only() != null && !f.only().equals(s)) {
            return fail(c.pos(), c.name().equals("texture") ? Messages.TEXTURE_ARGUMENTS : Messages.WRONG_ARGUMENTS);
        }
        if (f == null) {
            return gathers.call(c, ref.variable(), s, args.subList(1, args.size()));
        }
        Typed.Expr typed = f.offset() ? withOffset(c, f, ref.variable(), s, args.subList(1, args.size()))
                : typed(c, f, ref.variable(), s, args.subList(1, args.size()));
        if (typed == INVALID) {
            return null;
        }
        if (typed == null) {
            String expected = c.name().equals("texture") && s.equals(SamplerType.SAMPLER2D) ? Messages.TEXTURE_ARGUMENTS
                    : Messages.textureArguments(c.name(), s.name());
            return fail(c.pos(), expected);
        }
        return typed;
    }

    /**
     * A lookup in the sampler an index picks at run time: one call per sampler of the array, the
     * index tested against each in turn (an index past either end takes the first or last sampler,
     * as CSIR clamps run-time indexes).
     */
    private Typed.Expr chosen(Ast.Call c, List<Typed.Expr> args, ExprChecker.SamplerChoice choice) {
        List<Typed.Expr> calls = new ArrayList<>();
        for (Typed.VarRef sampler : choice.samplers()) {
            List<Typed.Expr> each = new ArrayList<>(args);
            each.set(0, sampler);
            Typed.Expr call = call(c, each);
            if (call == null) {
                return null;
            }
            calls.add(call);
        }
        Typed.Expr index = choice.index();
        Typed.Expr result = calls.getLast();
        for (int k = calls.size() - 2; k >= 0; k--) {
            Typed.Expr at = new Typed.Literal(index.pos(), index.type(), k);
            Typed.Expr test = new Typed.Binary(index.pos(), k == 0 ? Typed.BinaryOp.LE : Typed.BinaryOp.EQ, ScalarType.BOOL,
                    index, at);
            result = new Typed.Conditional(c.pos(), result.type(), test, calls.get(k), result);
        }
        return result;
    }

    /** What {@link #withOffset} gives for an offset it has reported. */
    private static final Typed.Expr INVALID = new Typed.Literal(new Pos(0, 0, 0, 0), ScalarType.INT, 0);

    /**
     * An offset form: the call without its offset (the argument after the coordinate of
     * {@code textureOffset} and {@code textureProjOffset}, which may take a bias after it; else the
     * last), typed as its plain form, then the offset checked: an ivec of the sampler's
     * dimension (a layer takes none), constant, within [-8, 7]. A cube has no offsets. Null
     * (unreported) when the arguments do not fit; {@link #INVALID} after a reported error.
     */
    private Typed.Expr withOffset(Ast.Call c, Form f, Typed.Variable sampler, SamplerType s, List<Typed.Expr> args) {
        int at = f.op() == Typed.TextureOp.SAMPLE ? 1 : args.size() - 1;
        GlslVersion v = checker.version();
        // a 2D array shadow's textureOffset came in 4.30 (glslang has it from there, and not in ES)
        boolean arrayShadow = s.shadow() && s.arrayed() && (v.es() || v.explicit() && v.number() < 430);
        if (s.dim() == Dim.CUBE || s.multisampled() || arrayShadow || args.size() < 2 || at >= args.size()) {
            return null;
        }
        Typed.Expr offset = integer(args.get(at), s.dim().coordinates());
        List<Typed.Expr> rest = new ArrayList<>(args);
        rest.remove(at);
        Typed.Expr plain = typed(c, f, sampler, s, rest);
        if (offset == null || !(plain instanceof Typed.Texture t)) {
            return null;
        }
        int[] lanes = Constants.intLanes(offset);
        if (lanes == null) {
            checker.error(offset.pos(), Messages.TEXEL_OFFSET_CONSTANT);
            return INVALID;
        }
        for (int lane : lanes) {
            if (lane < -8 || lane > 7) {
                checker.error(offset.pos(), Messages.TEXEL_OFFSET_RANGE);
                return INVALID;
            }
        }
        return new Typed.Texture(t.pos(), t.type(), t.sampler(), t.op(), t.projective(), t.coord(), t.operands(),
                List.of(offset));
    }

    /** The typed call when the arguments fit the sampler; null (unreported) when they do not. */
    private Typed.Expr typed(Ast.Call c, Form f, Typed.Variable sampler, SamplerType s, List<Typed.Expr> args) {
        GlslVersion version = checker.version();
        if (s.dim() == Dim.CUBE && s.arrayed() && version.es() && version.number() < 310) {
            // ES 3.00 may name a cube-map array (with the extension) but has no lookup of one, as glslang
            return null;
        }
        if (s.multisampled() && (f.op() != Typed.TextureOp.FETCH && f.op() != Typed.TextureOp.SIZE
                || version.number() < (version.es() ? 310 : 150) || !version.explicit())) {
            // a multisample sampler has texelFetch by sample and textureSize only (GLSL 4.60 8.9),
            // from GLSL 1.50 and ES 3.10 (glslang has neither with the extensions before)
            return null;
        }
        int n = s.dim().coordinates() + (s.arrayed() ? 1 : 0);
        boolean fragment = checker.stage() == ShaderStage.FRAGMENT;
        Type texel = new VectorType(ScalarType.of(s.sampled()), 4);
        switch (f.op()) {
            case SIZE -> {
                int lanes = (s.dim() == Dim.CUBE ? 2 : s.dim().coordinates()) + (s.arrayed() ? 1 : 0);
                if (s.multisampled()) {
                    // one level: no lod argument
                    return args.isEmpty() ? texture(c, new VectorType(ScalarType.INT, lanes), sampler,
                            Typed.TextureOp.SIZE, false, null, List.of()) : null;
                }
                Typed.Expr lod = args.size() == 1 ? integer(args.getFirst(), 1) : null;
                return lod == null ? null : texture(c, new VectorType(ScalarType.INT, lanes), sampler,
                        Typed.TextureOp.SIZE, false, null, List.of(lod));
            }
            case QUERY_LEVELS -> {
                return args.isEmpty() ? texture(c, ScalarType.INT, sampler, Typed.TextureOp.QUERY_LEVELS, false, null,
                        List.of()) : null;
            }
            case QUERY_LOD -> {
                // the coordinate without an array's layer or a shadow reference
                Typed.Expr p = args.size() == 1 ? floats(args.getFirst(), s.dim().coordinates()) : null;
                return p == null ? null : texture(c, VectorType.of(ScalarType.FLOAT, 2), sampler,
                        Typed.TextureOp.QUERY_LOD, false, p, List.of());
            }
            case FETCH -> {
                if (s.shadow() || s.dim() == Dim.CUBE || args.size() != 2) {
                    return null;
                }
                Typed.Expr p = integer(args.get(0), n);
                Typed.Expr lod = integer(args.get(1), 1);
                return p == null || lod == null ? null : texture(c, texel, sampler, Typed.TextureOp.FETCH, false, p,
                        List.of(lod));
            }
            case SAMPLE_GRAD -> {
                if (s.shadow() || args.size() != 3 || f.projective() && (s.dim() == Dim.CUBE || s.arrayed())) {
                    return null;
                }
                // textureProjGrad, as textureProj: a sampler2D's vec3 or vec4, a sampler3D's vec4
                int lanes = f.projective() && plain2d(s) && lanes(args.get(0).type()) == 4 ? 4
                        : n + (f.projective() ? 1 : 0);
                Typed.Expr p = floats(args.get(0), lanes);
                Typed.Expr dx = floats(args.get(1), s.dim().coordinates());
                Typed.Expr dy = floats(args.get(2), s.dim().coordinates());
                return p == null || dx == null || dy == null ? null
                        : texture(c, texel, sampler, Typed.TextureOp.SAMPLE_GRAD, f.projective(), p, List.of(dx, dy));
            }
            default -> {
                if (s.shadow() && n == 4) {
                    return cubeArrayShadow(c, f, sampler, args);
                }
                boolean lod = f.op() == Typed.TextureOp.SAMPLE_LOD;
                // a cube's or an array's shadow reference fills a vec4: no room for a bias or a divisor
                boolean wide = s.shadow() && n == 3;
                if (f.projective() && (s.dim() == Dim.CUBE || s.arrayed()) || wide && (lod || args.size() > 1)) {
                    return null;
                }
                int lanes = n + (s.shadow() ? 1 : 0) + (f.projective() ? 1 : 0);
                boolean bias = !lod && args.size() == 2 && fragment;
                if (args.size() != (lod || bias ? 2 : 1)) {
                    return null;
                }
                // textureProj of a sampler2D divides a vec3 or a vec4 (its z then unused) by its last lane
                Typed.Expr p = f.projective() && plain2d(s) && args.get(0).type() instanceof VectorType v
                        && v.size() == 4 ? floats(args.get(0), 4) : floats(args.get(0), lanes);
                Typed.Expr extra = lod || bias ? floats(args.get(1), 1) : null;
                if (p == null || (lod || bias) && extra == null) {
                    return null;
                }
                if (s.shadow() && bias) {
                    return null; // the transform IR's compare takes a lod, not a bias
                }
                Typed.TextureOp op = s.shadow() ? Typed.TextureOp.SAMPLE_COMPARE : f.op();
                return texture(c, s.shadow() ? ScalarType.FLOAT : texel, sampler, op, f.projective(), p,
                        extra == null ? List.of() : List.of(extra));
            }
        }
    }

    /**
     * A cube-map array shadow's lookup, {@code texture(s, vec4 direction and layer, float
     * reference)}: its coordinate has no room for the reference, which is an argument of its own
     * (GLSL 4.60 8.9.2); it has no other form. The reference goes to the operands, where the
     * transform IR's samplecmp has it.
     */
    private Typed.Expr cubeArrayShadow(Ast.Call c, Form f, Typed.Variable sampler, List<Typed.Expr> args) {
        if (f.op() != Typed.TextureOp.SAMPLE || f.projective() || args.size() != 2) {
            return null;
        }
        Typed.Expr p = floats(args.get(0), 4);
        Typed.Expr reference = floats(args.get(1), 1);
        return p == null || reference == null ? null : texture(c, ScalarType.FLOAT, sampler,
                Typed.TextureOp.SAMPLE_COMPARE, false, p, List.of(reference));
    }

    /** A 2D sampler of any kind, not arrayed and not shadow: its projective coordinate may be a vec3 or a vec4. */
    private static boolean plain2d(SamplerType s) {
        return s.dim() == Dim.D2 && !s.arrayed() && !s.shadow();
    }

    private static Typed.Texture texture(Ast.Call c, Type type, Typed.Variable sampler, Typed.TextureOp op,
            boolean projective, Typed.Expr coord, List<Typed.Expr> operands) {
        return new Typed.Texture(c.pos(), type, sampler, op, projective, coord, operands, List.of());
    }

    /** A float scalar or vector of {@code n} lanes, an int one converted where the version converts; else null. */
    Typed.Expr floats(Typed.Expr e, int n) {
        if (lanes(e.type()) != n) {
            return null;
        }
        ScalarKind k = e.type().scalarKind();
        if (k == ScalarKind.FLOAT) {
            return e;
        }
        GlslVersion v = checker.version();
        boolean converts = v.implicitConversions() || !v.explicit();
        return converts && k == ScalarKind.INT ? ExprChecker.toKind(e, ScalarKind.FLOAT) : null;
    }

    /** An int scalar or vector of {@code n} lanes, else null. */
    static Typed.Expr integer(Typed.Expr e, int n) {
        return lanes(e.type()) == n && e.type().scalarKind() == ScalarKind.INT ? e : null;
    }

    static int lanes(Type t) {
        if (t instanceof ScalarType) {
            return 1;
        }
        if (t instanceof VectorType v) {
            return v.size();
        }
        return -1;
    }

    private Typed.Expr fail(Pos pos, String message) {
        checker.error(pos, message);
        return null;
    }
}
