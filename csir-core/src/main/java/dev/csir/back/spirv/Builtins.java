package dev.csir.back.spirv;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;

/**
 * Built-in functions (GLSL.std.450 through OpExtInst where it has them, core opcodes such as
 * OpDot, OpAny and the derivatives where SPIR-V does) and texture lookups on combined image
 * samplers: the sampler variable is loaded first, then sampled.
 */
final class Builtins {
    private final FunctionEmitter f;

    Builtins(FunctionEmitter f) {
        this.f = f;
    }

    void emit(Instruction i) {
        if (i.op() == Opcode.CALL_INTRINSIC) {
            intrinsic(i);
        } else {
            texture(i);
        }
    }

    private void intrinsic(Instruction i) {
        Intrinsic in = i.intrinsic();
        Type t = i.type();
        Type arg = i.operands().isEmpty() ? t : i.operand(0).type();
        ScalarKind k = arg.scalarKind();
        boolean fl = k != null && k.isFloating();
        boolean signed = k == ScalarKind.INT;
        int core = switch (in) {
            case DOT -> Spv.Op.OpDot;
            case IS_NAN -> Spv.Op.OpIsNan;
            case IS_INF -> Spv.Op.OpIsInf;
            case OUTER_PRODUCT -> Spv.Op.OpOuterProduct;
            case TRANSPOSE -> Spv.Op.OpTranspose;
            case ANY -> Spv.Op.OpAny;
            case ALL -> Spv.Op.OpAll;
            case BIT_COUNT -> Spv.Op.OpBitCount;
            case BITFIELD_REVERSE -> Spv.Op.OpBitReverse;
            case BITFIELD_EXTRACT -> signed ? Spv.Op.OpBitFieldSExtract : Spv.Op.OpBitFieldUExtract;
            case BITFIELD_INSERT -> Spv.Op.OpBitFieldInsert;
            case DFDX -> Spv.Op.OpDPdx;
            case DFDY -> Spv.Op.OpDPdy;
            case FWIDTH -> Spv.Op.OpFwidth;
            case DFDX_FINE -> Spv.Op.OpDPdxFine;
            case DFDY_FINE -> Spv.Op.OpDPdyFine;
            case FWIDTH_FINE -> Spv.Op.OpFwidthFine;
            case DFDX_COARSE -> Spv.Op.OpDPdxCoarse;
            case DFDY_COARSE -> Spv.Op.OpDPdyCoarse;
            case FWIDTH_COARSE -> Spv.Op.OpFwidthCoarse;
            case MOD -> Spv.Op.OpFMod;
            default -> -1;
        };
        if (in == Intrinsic.DOT && arg instanceof ScalarType) {
            // OpDot takes vectors; GLSL's dot of two floats is their product
            f.to(f.result(i), Spv.Op.OpFMul, t, f.operandIds(i, 0));
            return;
        }
        if ((in == Intrinsic.ANY || in == Intrinsic.ALL) && arg instanceof ScalarType) {
            f.to(f.result(i), Spv.Op.OpCopyObject, t, f.value(i.operand(0)));
            return;
        }
        if (in == Intrinsic.MATRIX_COMP_MULT) {
            MatrixType m = (MatrixType) t;
            f.perColumn(m, f.operandIds(i, 0), c -> f.fresh(Spv.Op.OpFMul, m.columnType(), c[0], c[1]), f.result(i));
            return;
        }
        if (in == Intrinsic.MIX && i.operand(2).type().scalarKind() == ScalarKind.BOOL) {
            // mix(a, b, bvec): b where the selector holds
            int sel = f.value(i.operand(2));
            f.to(f.result(i), Spv.Op.OpSelect, t, splatBoolLike(i.operand(2), sel, t), f.value(i.operand(1)),
                    f.value(i.operand(0)));
            return;
        }
        int[] args = f.operandIds(i, 0);
        if (splatsScalars(in)) {
            for (int a = 0; a < args.length; a++) {
                args[a] = new Operations(f).splat(i.operand(a), args[a], t);
            }
        }
        if (core >= 0) {
            if (core >= Spv.Op.OpDPdxFine && core <= Spv.Op.OpFwidthCoarse) {
                f.ids.capability(Spv.Capability.DerivativeControl);
            }
            f.to(f.result(i), core, t, args);
            return;
        }
        int ext = switch (in) {
            case RADIANS -> Spv.Glsl.Radians;
            case DEGREES -> Spv.Glsl.Degrees;
            case SIN -> Spv.Glsl.Sin;
            case COS -> Spv.Glsl.Cos;
            case TAN -> Spv.Glsl.Tan;
            case ASIN -> Spv.Glsl.Asin;
            case ACOS -> Spv.Glsl.Acos;
            case ATAN -> Spv.Glsl.Atan;
            case ATAN2 -> Spv.Glsl.Atan2;
            case SINH -> Spv.Glsl.Sinh;
            case COSH -> Spv.Glsl.Cosh;
            case TANH -> Spv.Glsl.Tanh;
            case ASINH -> Spv.Glsl.Asinh;
            case ACOSH -> Spv.Glsl.Acosh;
            case ATANH -> Spv.Glsl.Atanh;
            case POW -> Spv.Glsl.Pow;
            case EXP -> Spv.Glsl.Exp;
            case LOG -> Spv.Glsl.Log;
            case EXP2 -> Spv.Glsl.Exp2;
            case LOG2 -> Spv.Glsl.Log2;
            case SQRT -> Spv.Glsl.Sqrt;
            case INVERSE_SQRT -> Spv.Glsl.InverseSqrt;
            case ABS -> fl ? Spv.Glsl.FAbs : Spv.Glsl.SAbs;
            case SIGN -> fl ? Spv.Glsl.FSign : Spv.Glsl.SSign;
            case FLOOR -> Spv.Glsl.Floor;
            case TRUNC -> Spv.Glsl.Trunc;
            case ROUND -> Spv.Glsl.Round;
            case ROUND_EVEN -> Spv.Glsl.RoundEven;
            case CEIL -> Spv.Glsl.Ceil;
            case FRACT -> Spv.Glsl.Fract;
            case MODF -> Spv.Glsl.Modf;
            case MIN -> fl ? Spv.Glsl.FMin : signed ? Spv.Glsl.SMin : Spv.Glsl.UMin;
            case MAX -> fl ? Spv.Glsl.FMax : signed ? Spv.Glsl.SMax : Spv.Glsl.UMax;
            case CLAMP -> fl ? Spv.Glsl.FClamp : signed ? Spv.Glsl.SClamp : Spv.Glsl.UClamp;
            case MIX -> Spv.Glsl.FMix;
            case STEP -> Spv.Glsl.Step;
            case SMOOTHSTEP -> Spv.Glsl.SmoothStep;
            case FMA -> Spv.Glsl.Fma;
            case FREXP -> Spv.Glsl.Frexp;
            case LDEXP -> Spv.Glsl.Ldexp;
            case LENGTH -> Spv.Glsl.Length;
            case DISTANCE -> Spv.Glsl.Distance;
            case CROSS -> Spv.Glsl.Cross;
            case NORMALIZE -> Spv.Glsl.Normalize;
            case FACEFORWARD -> Spv.Glsl.FaceForward;
            case REFLECT -> Spv.Glsl.Reflect;
            case REFRACT -> Spv.Glsl.Refract;
            case DETERMINANT -> Spv.Glsl.Determinant;
            case INVERSE -> Spv.Glsl.MatrixInverse;
            case FIND_LSB -> Spv.Glsl.FindILsb;
            case FIND_MSB -> signed ? Spv.Glsl.FindSMsb : Spv.Glsl.FindUMsb;
            case PACK_UNORM_2X16 -> Spv.Glsl.PackUnorm2x16;
            case PACK_SNORM_2X16 -> Spv.Glsl.PackSnorm2x16;
            case PACK_UNORM_4X8 -> Spv.Glsl.PackUnorm4x8;
            case PACK_SNORM_4X8 -> Spv.Glsl.PackSnorm4x8;
            case PACK_HALF_2X16 -> Spv.Glsl.PackHalf2x16;
            case UNPACK_UNORM_2X16 -> Spv.Glsl.UnpackUnorm2x16;
            case UNPACK_SNORM_2X16 -> Spv.Glsl.UnpackSnorm2x16;
            case UNPACK_UNORM_4X8 -> Spv.Glsl.UnpackUnorm4x8;
            case UNPACK_SNORM_4X8 -> Spv.Glsl.UnpackSnorm4x8;
            case UNPACK_HALF_2X16 -> Spv.Glsl.UnpackHalf2x16;
            default -> throw new SpirvException("no SPIR-V for " + in.glslName() + " yet");
        };
        f.to(f.result(i), Spv.Op.OpExtInst, t, FunctionEmitter.concat(f.glsl, FunctionEmitter.concat(ext, args)));
    }

    /** The built-ins GLSL lets take a scalar where GLSL.std.450 wants the result's vector type. */
    private static boolean splatsScalars(Intrinsic in) {
        return switch (in) {
            case MIN, MAX, CLAMP, MIX, STEP, SMOOTHSTEP, MOD -> true;
            default -> false;
        };
    }

    private int splatBoolLike(Value cond, int id, Type like) {
        return like instanceof VectorType v ? new Operations(f).splatBool(cond, id, v.size()) : id;
    }

    /**
     * {@code subpassLoad}: OpImageRead of the input at coordinate (0, 0), which Vulkan reads as
     * the fragment's own position; a multisampled input's sample index is the Sample operand.
     */
    private void subpassLoad(Instruction i) {
        Type input = ((PointerType) i.operand(0).type()).pointee();
        int image = f.fresh(Spv.Op.OpLoad, input, f.value(i.operand(0)));
        int origin = f.types.constant(new Constant.Composite(new VectorType(dev.csir.types.ScalarType.INT, 2),
                List.of(Constant.ofInt(0), Constant.ofInt(0))));
        ImageOperandList extra = new ImageOperandList();
        if (i.operands().size() > 1) {
            extra.add(Spv.ImageOperands.Sample, f.value(i.operand(1)));
        }
        sample(i, Spv.Op.OpImageRead, image, origin, extra);
    }

    private void texture(Instruction i) {
        if (i.op() == Opcode.SUBPASS_LOAD) {
            subpassLoad(i);
            return;
        }
        if (!(i.operand(0).type() instanceof PointerType p) || !(p.pointee() instanceof SamplerType s)) {
            throw new SpirvException(i.op().mnemonic() + " on " + i.operand(0).type().name() + " is not written yet");
        }
        int sampled;
        if (i.operand(0) instanceof dev.csir.ssa.GlobalVariable g && g.pair() != null) {
            // GLSL for Vulkan's sampler2D(t, s): the texture and the sampler state paired here, the
            // image as the texture holds it (a comparing lookup takes it as it is)
            dev.csir.ssa.GlobalVariable[] pair = g.pair();
            s = new SamplerType(s.dim(), s.arrayed(), false, s.sampled());
            sampled = f.fresh(Spv.Op.OpSampledImage, s, f.fresh(Spv.Op.OpLoad, pair[0].valueType(), f.value(pair[0])),
                    f.fresh(Spv.Op.OpLoad, pair[1].valueType(), f.value(pair[1])));
        } else {
            sampled = f.fresh(Spv.Op.OpLoad, s, f.value(i.operand(0)));
        }
        if (i.op() == Opcode.TEXTURE_SIZE) {
            f.ids.capability(Spv.Capability.ImageQuery);
            int image = image(s, sampled);
            if (i.operands().size() == 2) {
                f.to(f.result(i), Spv.Op.OpImageQuerySizeLod, i.type(), image, f.value(i.operand(1)));
            } else {
                f.to(f.result(i), Spv.Op.OpImageQuerySize, i.type(), image);
            }
            return;
        }
        if (i.op() == Opcode.QUERY_LEVELS) {
            f.ids.capability(Spv.Capability.ImageQuery);
            f.to(f.result(i), Spv.Op.OpImageQueryLevels, i.type(), image(s, sampled));
            return;
        }
        int coord = f.value(i.operand(1));
        if (i.op() == Opcode.QUERY_LOD) {
            f.ids.capability(Spv.Capability.ImageQuery);
            f.to(f.result(i), Spv.Op.OpImageQueryLod, i.type(), sampled, coord);
            return;
        }
        int plain = i.operands().size() - i.textureOffsetCount();
        ImageOperandList extra = new ImageOperandList();
        switch (i.op()) {
            case SAMPLE -> {
                if (!f.implicitLod) {
                    // outside the fragment stage an implicit level of detail is the base level
                    extra.add(Spv.ImageOperands.Lod, f.types.constant(Constant.ofFloat(0f)));
                    offsets(i, plain, extra);
                    sample(i, Spv.Op.OpImageSampleExplicitLod, sampled, coord, extra);
                } else {
                    if (plain == 3) {
                        extra.add(Spv.ImageOperands.Bias, f.value(i.operand(2)));
                    }
                    offsets(i, plain, extra);
                    sample(i, Spv.Op.OpImageSampleImplicitLod, sampled, coord, extra);
                }
            }
            case SAMPLE_LOD -> {
                extra.add(Spv.ImageOperands.Lod, f.value(i.operand(2)));
                offsets(i, plain, extra);
                sample(i, Spv.Op.OpImageSampleExplicitLod, sampled, coord, extra);
            }
            case SAMPLE_GRAD -> {
                extra.add(Spv.ImageOperands.Grad, f.value(i.operand(2)), f.value(i.operand(3)));
                offsets(i, plain, extra);
                sample(i, Spv.Op.OpImageSampleExplicitLod, sampled, coord, extra);
            }
            case SAMPLE_COMPARE -> {
                int ref = f.value(i.operand(2));
                boolean explicit = plain == 4 || !f.implicitLod;
                if (explicit) {
                    extra.add(Spv.ImageOperands.Lod, plain == 4 ? f.value(i.operand(3))
                            : f.types.constant(Constant.ofFloat(0f)));
                }
                offsets(i, plain, extra);
                sample(i, explicit ? Spv.Op.OpImageSampleDrefExplicitLod : Spv.Op.OpImageSampleDrefImplicitLod, sampled,
                        join(new int[] {coord, ref}, extra.words()));
            }
            case GATHER, GATHER_COMPARE -> {
                offsets(i, plain, extra);
                int third = f.value(i.operand(2));
                sample(i, i.op() == Opcode.GATHER ? Spv.Op.OpImageGather : Spv.Op.OpImageDrefGather, sampled,
                        join(new int[] {coord, third}, extra.words()));
            }
            case FETCH -> {
                int image = image(s, sampled);
                // a multisample image's fetch reads a sample, where the others read a level
                extra.add(s.multisampled() ? Spv.ImageOperands.Sample : Spv.ImageOperands.Lod, f.value(i.operand(2)));
                offsets(i, plain, extra);
                sample(i, Spv.Op.OpImageFetch, image, coord, extra);
            }
            default -> throw new SpirvException(i.op().mnemonic() + " is not written yet");
        }
    }

    private void sample(Instruction i, int opcode, int image, int coord, ImageOperandList extra) {
        sample(i, opcode, image, join(new int[] {coord}, extra.words()));
    }

    private void sample(Instruction i, int opcode, int image, int[] rest) {
        f.to(f.result(i), opcode, i.type(), join(new int[] {image}, rest));
    }

    /**
     * The lookup's texel offsets as image operands: one constant is ConstOffset; one value (a
     * gather's, where the version takes any) is Offset; a gather's four are ConstOffsets, one
     * constant array. The last two need ImageGatherExtended.
     */
    private void offsets(Instruction i, int plain, ImageOperandList extra) {
        int k = i.textureOffsetCount();
        if (k == 1) {
            Value o = i.operand(plain);
            if (o instanceof Constant) {
                extra.add(Spv.ImageOperands.ConstOffset, f.value(o));
            } else {
                f.ids.capability(Spv.Capability.ImageGatherExtended);
                extra.add(Spv.ImageOperands.Offset, f.value(o));
            }
        } else if (k == 4) {
            List<Constant> four = new ArrayList<>();
            for (int j = plain; j < plain + 4; j++) {
                if (!(i.operand(j) instanceof Constant c)) {
                    throw new SpirvException("textureGatherOffsets with an offset that is not constant");
                }
                four.add(c);
            }
            f.ids.capability(Spv.Capability.ImageGatherExtended);
            Constant array = new Constant.Composite(new ArrayType(four.getFirst().type(), 4), four);
            extra.add(Spv.ImageOperands.ConstOffsets, f.types.constant(array));
        }
    }

    private static int[] join(int[] a, int[] b) {
        int[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** An ImageOperands mask and its operands, added in the mask's bit order. */
    private static final class ImageOperandList {
        private int mask;
        private final List<Integer> ids = new ArrayList<>();

        void add(int bit, int... operands) {
            mask |= bit;
            for (int id : operands) {
                ids.add(id);
            }
        }

        int[] words() {
            if (mask == 0) {
                return new int[0];
            }
            int[] w = new int[ids.size() + 1];
            w[0] = mask;
            for (int j = 0; j < ids.size(); j++) {
                w[j + 1] = ids.get(j);
            }
            return w;
        }
    }

    private int image(SamplerType s, int sampled) {
        int id = f.ids.next();
        f.out.op(Spv.Op.OpImage, f.types.imageOf(s), id, sampled);
        return id;
    }
}
