package dev.csir.back.spirv;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

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

    private void texture(Instruction i) {
        if (!(i.operand(0).type() instanceof PointerType p) || !(p.pointee() instanceof SamplerType s)) {
            throw new SpirvException(i.op().mnemonic() + " on " + i.operand(0).type().name() + " is not written yet");
        }
        int sampled = f.fresh(Spv.Op.OpLoad, s, f.value(i.operand(0)));
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
        int coord = f.value(i.operand(1));
        switch (i.op()) {
            case SAMPLE -> {
                if (!f.implicitLod) {
                    // outside the fragment stage an implicit level of detail is the base level
                    f.to(f.result(i), Spv.Op.OpImageSampleExplicitLod, i.type(), sampled, coord,
                            Spv.ImageOperands.Lod, f.types.constant(Constant.ofFloat(0f)));
                } else if (i.operands().size() == 3) {
                    f.to(f.result(i), Spv.Op.OpImageSampleImplicitLod, i.type(), sampled, coord,
                            Spv.ImageOperands.Bias, f.value(i.operand(2)));
                } else {
                    f.to(f.result(i), Spv.Op.OpImageSampleImplicitLod, i.type(), sampled, coord);
                }
            }
            case SAMPLE_LOD -> f.to(f.result(i), Spv.Op.OpImageSampleExplicitLod, i.type(), sampled, coord,
                    Spv.ImageOperands.Lod, f.value(i.operand(2)));
            case SAMPLE_GRAD -> f.to(f.result(i), Spv.Op.OpImageSampleExplicitLod, i.type(), sampled, coord,
                    Spv.ImageOperands.Grad, f.value(i.operand(2)), f.value(i.operand(3)));
            case SAMPLE_COMPARE -> {
                int ref = f.value(i.operand(2));
                if (i.operands().size() == 4 || !f.implicitLod) {
                    int lod = i.operands().size() == 4 ? f.value(i.operand(3)) : f.types.constant(Constant.ofFloat(0f));
                    f.to(f.result(i), Spv.Op.OpImageSampleDrefExplicitLod, i.type(), sampled, coord, ref,
                            Spv.ImageOperands.Lod, lod);
                } else {
                    f.to(f.result(i), Spv.Op.OpImageSampleDrefImplicitLod, i.type(), sampled, coord, ref);
                }
            }
            case FETCH -> {
                int image = image(s, sampled);
                f.to(f.result(i), Spv.Op.OpImageFetch, i.type(), image, coord, Spv.ImageOperands.Lod,
                        f.value(i.operand(2)));
            }
            default -> throw new SpirvException(i.op().mnemonic() + " is not written yet");
        }
    }

    private int image(SamplerType s, int sampled) {
        int id = f.ids.next();
        f.out.op(Spv.Op.OpImage, f.types.imageOf(s), id, sampled);
        return id;
    }
}
