package dev.csir.ssa.eval;

import dev.csir.ssa.Instruction;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.Type;
import java.util.Arrays;
import java.util.List;

/**
 * The texture opcodes through the invocation's {@link TextureSampler}. Storage images
 * ({@code imageload}, {@code imagestore}) are not modelled yet: they trap.
 */
final class Textures {
    private final TextureSampler sampler;

    Textures(TextureSampler sampler) {
        this.sampler = sampler;
    }

    /** The instruction's result (null for none); {@code ops} are its evaluated operands. */
    Val apply(Instruction insn, List<Val> ops) {
        Val.Ptr texture = pointer(ops.get(0));
        List<Integer> element = Arrays.stream(texture.rawPath()).boxed().toList();
        if (!(texture.type().pointee() instanceof SamplerType)) {
            throw Stop.trap(insn.op().mnemonic() + " on " + texture.type() + " (storage images are not modelled)");
        }
        TextureSampler.Kind kind = switch (insn.op()) {
            case SAMPLE -> TextureSampler.Kind.SAMPLE;
            case SAMPLE_LOD -> TextureSampler.Kind.SAMPLE_LOD;
            case SAMPLE_GRAD -> TextureSampler.Kind.SAMPLE_GRAD;
            case SAMPLE_COMPARE -> TextureSampler.Kind.SAMPLE_COMPARE;
            case FETCH -> TextureSampler.Kind.FETCH;
            case GATHER -> TextureSampler.Kind.GATHER;
            case GATHER_COMPARE -> TextureSampler.Kind.GATHER_COMPARE;
            case TEXTURE_SIZE -> null;
            default -> throw Stop.trap(insn.op().mnemonic() + " is not modelled by the evaluator");
        };
        if (kind == null) {
            int lod = ops.size() > 1 ? num(ops.get(1)).intAt(0) : 0;
            int[] size = sampler.size(texture.global(), element, lod);
            return result(insn.type(), Arrays.stream(size == null ? new int[0] : size).asDoubleStream().toArray());
        }
        int plain = ops.size() - insn.textureOffsetCount();
        List<int[]> offsets = new java.util.ArrayList<>();
        for (Val o : ops.subList(plain, ops.size())) {
            Val.Num n = num(o);
            int[] lanes = new int[n.type().componentCount()];
            for (int i = 0; i < lanes.length; i++) {
                lanes[i] = n.intAt(i);
            }
            offsets.add(lanes);
        }
        ops = ops.subList(0, plain);
        Val.Num coord = num(ops.get(1));
        Val.Num third = ops.size() > 2 ? num(ops.get(2)) : null;
        Val.Num fourth = ops.size() > 3 ? num(ops.get(3)) : null;
        TextureSampler.Lookup lookup = switch (kind) {
            case SAMPLE, SAMPLE_LOD, FETCH -> new TextureSampler.Lookup(kind, texture.global(), element, coord, third,
                    null, null, null, offsets, 0);
            case SAMPLE_GRAD -> new TextureSampler.Lookup(kind, texture.global(), element, coord, null, third, fourth,
                    null, offsets, 0);
            case SAMPLE_COMPARE -> new TextureSampler.Lookup(kind, texture.global(), element, coord, fourth, null,
                    null, third, offsets, 0);
            case GATHER -> new TextureSampler.Lookup(kind, texture.global(), element, coord, null, null, null, null,
                    offsets, third.intAt(0));
            case GATHER_COMPARE -> new TextureSampler.Lookup(kind, texture.global(), element, coord, null, null, null,
                    third, offsets, 0);
        };
        return result(insn.type(), sampler.lookup(lookup));
    }

    /** The first components of {@code texel} as {@code type}; missing ones are 0. */
    private static Val.Num result(Type type, double[] texel) {
        if (!type.isNumericOrBool()) {
            throw Stop.trap("texture result of type " + type);
        }
        ScalarKind k = type.scalarKind();
        long[] out = new long[type.componentCount()];
        for (int i = 0; i < out.length && texel != null && i < texel.length; i++) {
            double v = texel[i];
            out[i] = switch (k) {
                case FLOAT, DOUBLE -> Bits.ofReal(k, v);
                case INT -> Bits.ofInt((int) v);
                case UINT -> Bits.ofInt((int) (long) v);
                case BOOL -> Bits.ofBool(v != 0);
            };
        }
        return new Val.Num(type, out);
    }

    private static Val.Ptr pointer(Val v) {
        if (v instanceof Val.Ptr p && p.global() != null) {
            return p;
        }
        throw Stop.trap("texture operand " + v.type() + " is not a pointer to a sampler global");
    }

    private static Val.Num num(Val v) {
        if (v instanceof Val.Num n) {
            return n;
        }
        throw Stop.trap("texture operand of type " + v.type());
    }
}
