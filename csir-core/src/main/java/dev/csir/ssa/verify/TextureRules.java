package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.TypeRules.INTEGER_SCALAR;
import static dev.csir.ssa.verify.TypeRules.operandIs;
import static dev.csir.ssa.verify.TypeRules.operandOk;
import static dev.csir.ssa.verify.TypeRules.resultIs;
import static dev.csir.ssa.verify.TypeRules.type;
import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.types.AddressSpace;
import dev.csir.types.Dim;
import dev.csir.types.ImageType;
import dev.csir.types.PointerType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.SubpassInputType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

/**
 * The types of texture, image and atomic instructions:
 * <ul>
 * <li>the first operand is a pointer to the sampler or image itself (the global, or an access
 *     chain into an array of them), never a loaded handle;</li>
 * <li>sample, samplelod and samplegrad take a sampler without shadow, samplecmp a shadow one;
 *     their coordinate is a float vector of the dimension's size, plus one for the layer of an
 *     arrayed sampler; bias, lod and the reference are floats, the gradients float vectors of
 *     the dimension's size; they yield the vec4 of the sampled kind (samplecmp: a float);</li>
 * <li>gather takes a sampler without shadow, gathercmp a shadow one (its reference a float
 *     operand), a coordinate as sample's and yield a vec4 of the sampled kind; gather's
 *     component is an int constant 0 to 3;</li>
 * <li>the lookups may end in texel offsets (immediate 0 their count: one, or four for a
 *     gather), each an int vector of the dimension's size;</li>
 * <li>fetch, imageload and imagestore take an int or uint coordinate of that size and an int
 *     lod (fetch); imagestore's value is the vec4 of the image's kind;</li>
 * <li>texsize of a sampler or image (with an optional int lod) yields the int vector of its
 *     size: a cube's faces are 2D, an arrayed one adds the layer count;</li>
 * <li>subpassload takes a pointer to a subpass input, and the int sample index when it is
 *     multisampled; it yields the vec4 of the input's kind;</li>
 * <li>atomics take a pointer to an int or uint in workgroup or storage memory (the only memory
 *     shared between invocations) and values and a result of that type.</li>
 * </ul>
 * Whether implicit-lod sampling happens in a fragment shader is not checked: that needs the
 * call graph from each entry point.
 */
final class TextureRules {
    private TextureRules() {
    }

    private static void subpass(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> pointee(t) instanceof SubpassInputType, "a pointer to a subpass input")) {
            return;
        }
        SubpassInputType input = (SubpassInputType) pointee(type(in, 0));
        if (input.multisampled()) {
            operandIs(s, in, 1, ScalarType.INT);
        } else if (in.operands().size() > 1) {
            operandOk(s, in, 1, t -> false, "no sample index (the input is not multisampled)");
        }
        resultIs(s, in, new VectorType(ScalarType.of(input.sampled()), 4));
    }

    static void texture(FunctionScope s, Instruction in) {
        Opcode op = in.op();
        if (op == Opcode.IMAGE_LOAD || op == Opcode.IMAGE_STORE) {
            image(s, in);
            return;
        }
        if (op == Opcode.TEXTURE_SIZE) {
            size(s, in);
            return;
        }
        if (op == Opcode.QUERY_LEVELS || op == Opcode.QUERY_LOD) {
            query(s, in);
            return;
        }
        if (op == Opcode.SUBPASS_LOAD) {
            subpass(s, in);
            return;
        }
        if (!operandOk(s, in, 0, t -> pointee(t) instanceof SamplerType, "a pointer to a sampler")) {
            return;
        }
        SamplerType sampler = (SamplerType) pointee(type(in, 0));
        int offsets = in.textureOffsetCount();
        int plain = in.operands().size() - offsets;
        boolean gather = op == Opcode.GATHER || op == Opcode.GATHER_COMPARE;
        if (offsets != 0 && offsets != 1 && !(gather && offsets == 4) || plain < op.minOperands()) {
            s.at(in, TEXTURE_OFFSETS, op.mnemonic(), offsets);
            return;
        }
        for (int j = plain; j < in.operands().size(); j++) {
            integerCoordinate(s, in, j, sampler.dim().coordinates());
        }
        if (op == Opcode.SAMPLE_COMPARE || op == Opcode.GATHER_COMPARE) {
            if (!sampler.shadow()) {
                s.at(in, COMPARE_NEEDS_SHADOW, sampler.name());
                return;
            }
        } else if (sampler.shadow()) {
            s.at(in, SHADOW_NEEDS_COMPARE, op.mnemonic(), sampler.name());
            return;
        }
        int n = sampler.dim().coordinates() + (sampler.arrayed() ? 1 : 0);
        Type texel = new VectorType(ScalarType.of(sampler.sampled()), 4);
        switch (op) {
            case GATHER -> {
                operandIs(s, in, 1, floats(n));
                if (!(in.operand(2) instanceof Constant.Scalar k) || k.type() != ScalarType.INT || k.intValue() < 0
                        || k.intValue() > 3) {
                    s.at(in, GATHER_COMPONENT);
                }
                resultIs(s, in, texel);
            }
            case GATHER_COMPARE -> {
                operandIs(s, in, 1, floats(n));
                operandIs(s, in, 2, ScalarType.FLOAT);
                resultIs(s, in, floats(4));
            }
            case SAMPLE -> {
                operandIs(s, in, 1, floats(n));
                if (plain > 2) {
                    operandIs(s, in, 2, ScalarType.FLOAT);
                }
                resultIs(s, in, texel);
            }
            case SAMPLE_LOD -> {
                operandIs(s, in, 1, floats(n));
                operandIs(s, in, 2, ScalarType.FLOAT);
                resultIs(s, in, texel);
            }
            case SAMPLE_GRAD -> {
                operandIs(s, in, 1, floats(n));
                operandIs(s, in, 2, floats(sampler.dim().coordinates()));
                operandIs(s, in, 3, floats(sampler.dim().coordinates()));
                resultIs(s, in, texel);
            }
            case SAMPLE_COMPARE -> {
                operandIs(s, in, 1, floats(n));
                operandIs(s, in, 2, ScalarType.FLOAT);
                if (plain > 3) {
                    operandIs(s, in, 3, ScalarType.FLOAT);
                }
                resultIs(s, in, ScalarType.FLOAT);
            }
            default -> { // FETCH
                integerCoordinate(s, in, 1, n);
                operandOk(s, in, 2, TypeFacts::isIntegerScalar, INTEGER_SCALAR);
                resultIs(s, in, texel);
            }
        }
    }

    private static void image(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> pointee(t) instanceof ImageType, "a pointer to an image")) {
            return;
        }
        ImageType image = (ImageType) pointee(type(in, 0));
        integerCoordinate(s, in, 1, image.dim().coordinates() + (image.arrayed() ? 1 : 0));
        Type texel = new VectorType(ScalarType.of(image.sampled()), 4);
        if (in.op() == Opcode.IMAGE_LOAD) {
            resultIs(s, in, texel);
        } else {
            operandIs(s, in, 2, texel);
        }
    }

    private static void size(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> pointee(t) instanceof SamplerType || pointee(t) instanceof ImageType,
                "a pointer to a sampler or image")) {
            return;
        }
        Dim dim;
        boolean arrayed;
        if (pointee(type(in, 0)) instanceof SamplerType st) {
            dim = st.dim();
            arrayed = st.arrayed();
        } else {
            ImageType it = (ImageType) pointee(type(in, 0));
            dim = it.dim();
            arrayed = it.arrayed();
        }
        if (in.operands().size() > 1) {
            operandOk(s, in, 1, TypeFacts::isIntegerScalar, INTEGER_SCALAR);
        }
        int n = (dim == Dim.CUBE ? 2 : dim.coordinates()) + (arrayed ? 1 : 0);
        resultIs(s, in, VectorType.of(ScalarType.INT, n));
    }

    /** querylevels of any sampler yields an int; querylod takes a coordinate of the dimension's size (no layer) and yields a vec2. */
    private static void query(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> pointee(t) instanceof SamplerType, "a pointer to a sampler")) {
            return;
        }
        if (in.op() == Opcode.QUERY_LEVELS) {
            resultIs(s, in, ScalarType.INT);
            return;
        }
        operandIs(s, in, 1, floats(((SamplerType) pointee(type(in, 0))).dim().coordinates()));
        resultIs(s, in, floats(2));
    }

    static void atomic(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> TypeFacts.isIntegerScalar(pointee(t)), "a pointer to an int or uint")) {
            return;
        }
        PointerType p = (PointerType) type(in, 0);
        if (p.space() != AddressSpace.WORKGROUP && p.space() != AddressSpace.STORAGE_BUFFER) {
            s.at(in, ATOMIC_SPACE, in.op().mnemonic(), p.space().word());
        }
        for (int j = 1; j < in.operands().size(); j++) {
            operandIs(s, in, j, p.pointee());
        }
        resultIs(s, in, p.pointee());
    }

    private static Type pointee(Type t) {
        return t instanceof PointerType p ? p.pointee() : null;
    }

    private static Type floats(int n) {
        return VectorType.of(ScalarType.FLOAT, n);
    }

    private static void integerCoordinate(FunctionScope s, Instruction in, int j, int n) {
        operandOk(s, in, j, t -> TypeRules.isInteger(t) && t.componentCount() == n,
                n == 1 ? INTEGER_SCALAR : "an ivec" + n + " or uvec" + n);
    }
}
