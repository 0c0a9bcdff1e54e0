package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Value;
import java.util.List;

/**
 * The built-ins whose results are bit patterns (modf, frexp, the pack and unpack functions),
 * composed from integer lanes and a few float operations that are exact, so that the
 * interpreter and the batch compiler give the transform-IR evaluator's bits:
 * <ul>
 * <li>modf: TRUNC of |x| and |x| - that, x's sign bit put on both, the fraction of an infinity 0;
 * <li>frexp: the exponent field read with UBFE (a subnormal scaled by 2^32 first), the mantissa
 * given the exponent of 0.5; zeros, infinities and NaN are kept, exponent 0;
 * <li>packing: {@code (t + 2^23) - 2^23} rounds a float of magnitude below 2^22 to the nearest
 * integer, ties to even, as float addition rounds (1.5 * 2^23 for signed values); a half is
 * rounded by adding the dropped bits' bias to the float's pattern, a half subnormal by adding
 * 0.5 as a float, which puts the 10 kept bits at the bottom of the sum;
 * <li>unpacking: the field over 2^k - 1 as {@code q = f * r} corrected once by the exact
 * residual {@code (f - q * 2^k) + q} (exact for every field; CSIR divides with RCP).
 * </ul>
 * A NaN packs as 0 (normalized) or as the quiet half NaN of its sign. CSIR without integer lanes
 * (the ChrisOS profile) has none of them: a located error naming the function.
 */
final class BitExact {
    private final Selector s;
    private final Integers ints;

    BitExact(Selector s) {
        this.s = s;
        this.ints = s.ints;
    }

    static boolean handles(Intrinsic f) {
        return switch (f) {
            case MODF, FREXP, PACK_UNORM_2X16, PACK_SNORM_2X16, PACK_UNORM_4X8, PACK_SNORM_4X8, PACK_HALF_2X16,
                    UNPACK_UNORM_2X16, UNPACK_SNORM_2X16, UNPACK_UNORM_4X8, UNPACK_SNORM_4X8, UNPACK_HALF_2X16 -> true;
            default -> false;
        };
    }

    void lower(Instruction i) {
        Intrinsic f = i.intrinsic();
        if (!s.integers) {
            s.unsupported("built-in " + f.glslName() + " without integer lanes (the profile has none)");
            return;
        }
        if (i.operand(0).type().scalarKind() == dev.csir.types.ScalarKind.DOUBLE) {
            s.unsupported("built-in " + f.glslName() + " on " + i.operand(0).type());
            return;
        }
        int x = s.operand(i.operand(0));
        switch (f) {
            case MODF -> modf(i, x);
            case FREXP -> frexp(i, x);
            case PACK_HALF_2X16 -> s.bind(i, join(perLane(2, k -> half(s.lane(x, k))), 16));
            case PACK_UNORM_2X16 -> s.bind(i, join(normalized(x, 2, 16, false), 16));
            case PACK_SNORM_2X16 -> s.bind(i, join(normalized(x, 2, 16, true), 16));
            case PACK_UNORM_4X8 -> s.bind(i, join(normalized(x, 4, 8, false), 8));
            case PACK_SNORM_4X8 -> s.bind(i, join(normalized(x, 4, 8, true), 8));
            case UNPACK_HALF_2X16 -> s.bind(i, s.perLane(2, k -> fromHalf(field(x, 16 * k, 16, false))));
            case UNPACK_UNORM_2X16 -> s.bind(i, unnormalized(x, 2, 16, false));
            case UNPACK_SNORM_2X16 -> s.bind(i, unnormalized(x, 2, 16, true));
            case UNPACK_UNORM_4X8 -> s.bind(i, unnormalized(x, 4, 8, false));
            default -> s.bind(i, unnormalized(x, 4, 8, true));
        }
    }

    // ---- modf and frexp -------------------------------------------------------------------

    private void modf(Instruction i, int x) {
        int n = Selector.lanes(i.type());
        int a = s.op(Opcode.ABS, n, x, -1);
        int whole = s.op(Opcode.TRUNC, n, a, -1);
        int infinity = s.floats(1, Float.POSITIVE_INFINITY);
        int infinite = ints.mask(s.perLane(n, k -> s.compare(Cmp.EQ, s.lane(a, k), infinity)), n);
        int fraction = and(n, s.op(Opcode.SUB, n, a, whole), not(n, infinite));
        int sign = and(n, x, s.intConstant(n, 0x8000_0000));
        if (writeOut(i, or(n, whole, sign))) {
            s.bind(i, or(n, fraction, sign));
        }
    }

    private void frexp(Instruction i, int x) {
        int n = Selector.lanes(i.type());
        int subnormal = ints.mask(s.perLane(n, k -> isInt(Cmp.EQ, field(s.lane(x, k), 23, 8, false), 0)), n);
        int y = choose(n, subnormal, s.op(Opcode.MUL, n, x, s.floats(n, 0x1p32f)), x);
        int biased = s.perLane(n, k -> field(s.lane(y, k), 23, 8, false));
        int scaledBy = ints.op(Opcode.INEG, n, false, and(n, subnormal, s.intConstant(n, 32)), -1);
        int exponent = ints.op(Opcode.IADD, n, false, ints.op(Opcode.IADD, n, false, biased, s.intConstant(n, -126)),
                scaledBy);
        int mantissa = or(n, and(n, y, s.intConstant(n, 0x807F_FFFF)), s.intConstant(n, 0x3F00_0000));
        // zeros (still 0 after scaling), infinities and NaN keep x, exponent 0
        int kept = ints.mask(s.perLane(n, k -> s.op(Opcode.MAX, 1, isInt(Cmp.EQ, s.lane(biased, k), 0),
                isInt(Cmp.EQ, s.lane(biased, k), 255))), n);
        if (writeOut(i, and(n, exponent, not(n, kept)))) {
            s.bind(i, choose(n, kept, x, mantissa));
        }
    }

    /** Copies the second result into the variable the out pointer names; false after reporting one it cannot. */
    private boolean writeOut(Instruction i, int value) {
        Value pointer = i.operand(1);
        Value root = Memory.base(pointer);
        List<Integer> path = Memory.path(pointer);
        if (path == null || !path.isEmpty() || !(root instanceof Instruction a && a.op() == dev.csir.ssa.Opcode.ALLOCA)) {
            s.unsupported("built-in " + i.intrinsic().glslName() + " writing to " + root);
            return false;
        }
        int home = s.home(root, dev.csir.ssa.Builder.pointee(root));
        s.copies(new int[] {home}, new int[] {value});
        return true;
    }

    // ---- packing --------------------------------------------------------------------------

    /**
     * {@code round(clamp(c, lo, 1) * (2^(w-1) - 1 or 2^w - 1))} per lane as integer lanes, the
     * signed ones masked to w bits. MAX and MIN take the bound first, so NaN passes through them
     * to F2I and F2U, which make it 0.
     */
    private int normalized(int v, int n, int width, boolean signed) {
        float scale = signed ? (1 << (width - 1)) - 1 : (1 << width) - 1;
        int low = s.op(Opcode.MAX, n, s.floats(n, signed ? -1f : 0f), v);
        int clamped = s.op(Opcode.MIN, n, s.floats(n, 1f), low);
        int scaled = s.op(Opcode.MUL, n, clamped, s.floats(n, scale));
        float magic = signed ? 0x1.8p23f : 0x1p23f;
        int rounded = s.op(Opcode.SUB, n, s.op(Opcode.ADD, n, scaled, s.floats(n, magic)), s.floats(n, magic));
        if (!signed) {
            return ints.op(Opcode.F2U, n, true, rounded, -1);
        }
        return and(n, ints.op(Opcode.F2I, n, false, rounded, -1), s.intConstant(n, (1 << width) - 1));
    }

    /** The float in lane x of {@code f} as a half's 16 bits in lane x, rounded to nearest even. */
    private int half(int f) {
        int sign = ints.op(Opcode.USHR, 1, true, and(1, f, s.intConstant(1, 0x8000_0000)), s.intConstant(1, 16));
        int a = and(1, f, s.intConstant(1, 0x7FFF_FFFF));
        // a normal half: the exponent rebiased, plus 0xfff and the kept part's lowest bit, then shifted
        int odd = and(1, ints.op(Opcode.USHR, 1, true, a, s.intConstant(1, 13)), s.intConstant(1, 1));
        int biased = ints.op(Opcode.IADD, 1, true, a, s.intConstant(1, ((15 - 127) << 23) + 0xFFF));
        int normal = ints.op(Opcode.USHR, 1, true, ints.op(Opcode.IADD, 1, true, biased, odd), s.intConstant(1, 13));
        // a subnormal half (or zero): 0.5 added as floats leaves the rounded bits at the bottom
        int sum = s.op(Opcode.ADD, 1, a, s.floats(1, 0.5f));
        int small = ints.op(Opcode.IADD, 1, true, sum, s.intConstant(1, -0x3F00_0000));
        int h = choose(1, ints.mask(ints.compare(Cmp.LT, true, a, s.intConstant(1, 113 << 23)), 1), small, normal);
        h = choose(1, ints.mask(ints.compare(Cmp.GE, true, a, s.intConstant(1, 143 << 23)), 1),
                s.intConstant(1, 0x7C00), h);
        h = choose(1, ints.mask(ints.compare(Cmp.GT, true, a, s.intConstant(1, 0x7F80_0000)), 1),
                s.intConstant(1, 0x7E00), h);
        return or(1, h, sign);
    }

    /** The fields in the lanes of {@code parts}, lane k at bit k * width, in lane x. */
    private int join(int parts, int width) {
        int n = 32 / width;
        int word = s.lane(parts, 0);
        for (int k = 1; k < n; k++) {
            word = or(1, word, ints.op(Opcode.SHL, 1, true, s.lane(parts, k), s.intConstant(1, k * width)));
        }
        return word;
    }

    // ---- unpacking ------------------------------------------------------------------------

    /** Each field over 2^w - 1 (2^(w-1) - 1 and at least -1 when signed), divided exactly. */
    private int unnormalized(int word, int n, int width, boolean signed) {
        int fields = s.assemble(perLaneInts(n, k -> field(word, width * k, width, signed)),
                dev.csir.ir.Type.integerLanes(n, !signed));
        int f = ints.toFloats(fields, n, !signed);
        int bits = signed ? width - 1 : width;
        float d = (1 << bits) - 1;
        int r = s.floats(n, 1f / d);
        int q = s.op(Opcode.MUL, n, f, r);
        int residual = s.op(Opcode.ADD, n, s.op(Opcode.SUB, n, f, s.op(Opcode.MUL, n, q, s.floats(n, 1 << bits))), q);
        int exact = s.op(Opcode.ADD, n, q, s.op(Opcode.MUL, n, residual, r));
        return signed ? s.op(Opcode.MAX, n, exact, s.floats(n, -1f)) : exact;
    }

    /** The half in lane x of {@code h} (16 bits) as a float. */
    private int fromHalf(int h) {
        int sign = ints.op(Opcode.SHL, 1, true, and(1, h, s.intConstant(1, 0x8000)), s.intConstant(1, 16));
        int magnitude = ints.op(Opcode.SHL, 1, true, and(1, h, s.intConstant(1, 0x7FFF)), s.intConstant(1, 13));
        int exponent = and(1, h, s.intConstant(1, 0x7C00));
        int normal = ints.op(Opcode.IADD, 1, true, magnitude, s.intConstant(1, 112 << 23));
        int special = ints.op(Opcode.IADD, 1, true, normal, s.intConstant(1, 112 << 23)); // infinity, NaN
        int subnormal = s.op(Opcode.MUL, 1, ints.toFloats(and(1, h, s.intConstant(1, 0x3FF)), 1, true),
                s.floats(1, 0x1p-24f));
        int f = choose(1, ints.mask(isInt(Cmp.EQ, exponent, 0), 1), subnormal, normal);
        f = choose(1, ints.mask(isInt(Cmp.EQ, exponent, 0x7C00), 1), special, f);
        return or(1, f, sign);
    }

    /** Bits {@code offset} to {@code offset + width - 1} of lane x, sign-extended or not. */
    private int field(int r, int offset, int width, boolean signed) {
        int where = s.assemble(new int[] {s.intConstant(1, offset), s.intConstant(1, width)},
                dev.csir.ir.Type.I32VEC2);
        return ints.op(signed ? Opcode.IBFE : Opcode.UBFE, 1, !signed, r, where);
    }

    // ---- lanes ------------------------------------------------------------------------------

    private int isInt(Cmp cmp, int a, int k) {
        return ints.compare(cmp, false, a, s.intConstant(1, k));
    }

    /** {@code (a & m) | (b & ~m)}: a where the mask is all ones, b where it is zero. */
    private int choose(int n, int mask, int a, int b) {
        return or(n, and(n, a, mask), and(n, b, not(n, mask)));
    }

    private int and(int n, int a, int b) {
        return ints.op(Opcode.AND, n, true, a, b);
    }

    private int or(int n, int a, int b) {
        return ints.op(Opcode.OR, n, true, a, b);
    }

    private int not(int n, int a) {
        return ints.op(Opcode.NOT, n, true, a, -1);
    }

    private int perLane(int n, java.util.function.IntUnaryOperator laneOp) {
        return s.assemble(perLaneInts(n, laneOp), dev.csir.ir.Type.integerLanes(n, true));
    }

    private static int[] perLaneInts(int n, java.util.function.IntUnaryOperator laneOp) {
        int[] parts = new int[n];
        for (int k = 0; k < n; k++) {
            parts[k] = laneOp.applyAsInt(k);
        }
        return parts;
    }
}
