package dev.csir.ssa.eval;

import dev.csir.ssa.Intrinsic;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.VectorType;

/**
 * The pack and unpack intrinsics: the first component goes to the least significant bits.
 * Normalized packing is GLSL's {@code round(clamp(c, lo, 1) * scale)} with halfway cases to even
 * (NaN packs as 0); half packing rounds to nearest even ({@link Float#floatToFloat16}), a NaN
 * becoming the quiet half NaN of its sign (0x7e00), whatever its payload.
 */
final class Packing {
    private Packing() {
    }

    static Val.Num pack(Intrinsic f, Val.Num v) {
        if (v.kind() != ScalarKind.FLOAT) {
            throw Stop.trap(f.glslName() + " of " + v.type());
        }
        int width = f == Intrinsic.PACK_UNORM_4X8 || f == Intrinsic.PACK_SNORM_4X8 ? 8 : 16;
        if (v.size() != 32 / width) {
            throw Stop.trap(f.glslName() + " of " + v.type());
        }
        long word = 0;
        for (int i = 0; i < v.size(); i++) {
            float c = v.floatAt(i);
            long field = switch (f) {
                case PACK_HALF_2X16 -> Float.isNaN(c) ? Float.floatToRawIntBits(c) >>> 16 & 0x8000 | 0x7E00
                        : Float.floatToFloat16(c);
                case PACK_UNORM_2X16, PACK_UNORM_4X8 -> (long) Math.rint(clamp(c, 0) * (float) ((1 << width) - 1));
                default -> (long) Math.rint(clamp(c, -1) * (float) ((1 << (width - 1)) - 1));
            };
            word |= (field & ((1L << width) - 1)) << (i * width);
        }
        return new Val.Num(ScalarType.UINT, new long[] {word});
    }

    static Val.Num unpack(Intrinsic f, Val.Num v) {
        if (!v.type().equals(ScalarType.UINT)) {
            throw Stop.trap(f.glslName() + " of " + v.type());
        }
        int width = f == Intrinsic.UNPACK_UNORM_4X8 || f == Intrinsic.UNPACK_SNORM_4X8 ? 8 : 16;
        int n = 32 / width;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            int field = (int) (v.bits(0) >>> (i * width)) & ((1 << width) - 1);
            int signed = field << (32 - width) >> (32 - width);
            float c = switch (f) {
                case UNPACK_HALF_2X16 -> Float.float16ToFloat((short) field);
                case UNPACK_UNORM_2X16, UNPACK_UNORM_4X8 -> field / (float) ((1 << width) - 1);
                default -> Math.max(-1f, signed / (float) ((1 << (width - 1)) - 1));
            };
            out[i] = Bits.ofFloat(c);
        }
        return new Val.Num(new VectorType(ScalarType.FLOAT, n), out);
    }

    /** {@code clamp(c, lo, 1)}, NaN to 0. */
    private static float clamp(float c, float lo) {
        return Float.isNaN(c) ? 0 : Math.min(1f, Math.max(lo, c));
    }
}
