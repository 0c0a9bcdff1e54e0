package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.GlslVersion;
import dev.csir.types.ArrayType;
import dev.csir.types.Dim;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code textureGather}, {@code textureGatherOffset} and {@code textureGatherOffsets} (GLSL 4.60
 * 8.9.4) over 2D and 2D array samplers (and cubes, without offsets), float and int, with an
 * optional constant component, and over their shadow samplers with a reference. The versions
 * are glslang's: textureGather and textureGatherOffsets from 4.00 or with GL_ARB_gpu_shader5,
 * textureGatherOffset from 4.00 or with GL_ARB_texture_gather; in ES from 3.10, the four offsets
 * from 3.20 or with GL_EXT_gpu_shader5 / GL_OES_gpu_shader5, which ES 3.10 also needs for an
 * offset that is not constant (the desktop takes one wherever it has the function).
 */
final class GatherCalls {
    private final Checker checker;
    private final TextureCalls calls;

    GatherCalls(Checker checker, TextureCalls calls) {
        this.checker = checker;
        this.calls = calls;
    }

    /**
     * How many offsets a gather built-in takes (0, 1 or 4); -1 when this shader lacks it.
     * {@code early} names the desktop extension that brings it before 4.00.
     */
    private int offsets(String name, String early) {
        GlslVersion v = checker.version();
        boolean esShader5 = v.enabled("GL_EXT_gpu_shader5") || v.enabled("GL_OES_gpu_shader5");
        boolean desktop = v.number() >= 400 || v.enabled(early);
        boolean has = switch (name) {
            case "textureGather", "textureGatherOffset" -> v.es() ? v.number() >= 310 : desktop;
            case "textureGatherOffsets" -> v.es() ? v.number() >= 320 || esShader5 : desktop;
            default -> false;
        };
        if (!has || !v.explicit()) {
            return -1;
        }
        return switch (name) {
            case "textureGatherOffset" -> 1;
            case "textureGatherOffsets" -> 4;
            default -> 0;
        };
    }

    /** Whether the shader may have the gather {@code name} (in some form). */
    boolean has(String name) {
        return offsets(name, TEXTURE_GATHER) >= 0 || offsets(name, GPU_SHADER5) >= 0;
    }

    /** GL_ARB_texture_gather's forms: textureGather and textureGatherOffset without a component or reference. */
    private static final String TEXTURE_GATHER = "GL_ARB_texture_gather";
    /** GL_ARB_gpu_shader5's: those with a component or reference, and textureGatherOffsets. */
    private static final String GPU_SHADER5 = "GL_ARB_gpu_shader5";

    /**
     * The gather of {@code sampler} with arguments {@code args} (after the sampler): null after a
     * reported error. Arguments that fit no form are reported at the call.
     */
    Typed.Expr call(Ast.Call c, Typed.Variable sampler, SamplerType s, List<Typed.Expr> args) {
        int offsets = Math.max(offsets(c.name(), GPU_SHADER5), offsets(c.name(), TEXTURE_GATHER));
        int n = s.dim().coordinates() + (s.arrayed() ? 1 : 0);
        boolean fits = s.dim() == Dim.D2 && !s.multisampled() || s.dim() == Dim.CUBE && offsets == 0;
        int fixed = 1 + (s.shadow() ? 1 : 0) + (offsets > 0 ? 1 : 0);
        boolean component = !s.shadow() && args.size() == fixed + 1;
        if (!fits || args.size() != fixed && !component) {
            return wrong(c, s);
        }
        // before 4.00 GL_ARB_texture_gather brings the plain forms, GL_ARB_gpu_shader5 the others
        boolean plain = !component && !s.shadow() && offsets < 4;
        if (offsets(c.name(), plain ? TEXTURE_GATHER : GPU_SHADER5) < 0) {
            return wrong(c, s);
        }
        Typed.Expr p = calls.floats(args.getFirst(), n);
        Typed.Expr reference = s.shadow() ? calls.floats(args.get(1), 1) : null;
        if (p == null || s.shadow() && reference == null) {
            return wrong(c, s);
        }
        List<Typed.Expr> offsetList = List.of();
        if (offsets > 0) {
            Typed.Expr o = args.get(fixed - 1);
            Type want = offsets == 1 ? VectorType.of(ScalarType.INT, 2) : new ArrayType(VectorType.of(ScalarType.INT, 2), 4);
            if (!o.type().equals(want)) {
                return wrong(c, s);
            }
            offsetList = offsets == 1 ? offset(o) : fourOffsets(o);
            if (offsetList == null) {
                return null;
            }
        }
        List<Typed.Expr> operands = new ArrayList<>();
        if (s.shadow()) {
            operands.add(reference);
        } else {
            Typed.Expr comp = args.size() > fixed ? args.get(fixed) : new Typed.Literal(c.pos(), ScalarType.INT, 0);
            Long k = TextureCalls.integer(comp, 1) == null ? null : Constants.intValue(comp);
            if (TextureCalls.integer(comp, 1) == null) {
                return wrong(c, s);
            }
            if (k == null || k < 0 || k > 3) {
                checker.error(comp.pos(), Messages.GATHER_COMPONENT);
                return null;
            }
            operands.add(new Typed.Literal(comp.pos(), ScalarType.INT, k));
        }
        Type texel = s.shadow() ? VectorType.of(ScalarType.FLOAT, 4) : VectorType.of(ScalarType.of(s.sampled()), 4);
        return new Typed.Texture(c.pos(), texel, sampler, s.shadow() ? Typed.TextureOp.GATHER_COMPARE
                : Typed.TextureOp.GATHER, false, p, operands, offsetList);
    }

    /** One offset: any ivec2 where the version takes a variable one, else a constant; null after an error. */
    private List<Typed.Expr> offset(Typed.Expr o) {
        GlslVersion v = checker.version();
        boolean variable = !v.es() || v.number() >= 320 || v.enabled("GL_EXT_gpu_shader5")
                || v.enabled("GL_OES_gpu_shader5");
        if (!variable && Constants.intLanes(o) == null) {
            checker.error(o.pos(), Messages.GATHER_OFFSET_CONSTANT);
            return null;
        }
        return List.of(o);
    }

    /** textureGatherOffsets' constant ivec2[4] as four constant ivec2; null after an error. */
    private List<Typed.Expr> fourOffsets(Typed.Expr o) {
        int[] lanes = Constants.intLanes(o);
        if (lanes == null || lanes.length != 8) {
            checker.error(o.pos(), Messages.TEXEL_OFFSET_CONSTANT);
            return null;
        }
        List<Typed.Expr> four = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            four.add(new Typed.Construct(o.pos(), VectorType.of(ScalarType.INT, 2),
                    List.of(new Typed.Literal(o.pos(), ScalarType.INT, lanes[2 * i] & 0xFFFF_FFFFL),
                            new Typed.Literal(o.pos(), ScalarType.INT, lanes[2 * i + 1] & 0xFFFF_FFFFL)), false));
        }
        return four;
    }

    private Typed.Expr wrong(Ast.Call c, SamplerType s) {
        checker.error(c.pos(), Messages.textureArguments(c.name(), s.name()));
        return null;
    }
}
