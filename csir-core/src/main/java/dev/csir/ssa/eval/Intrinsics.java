package dev.csir.ssa.eval;

import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.List;

/**
 * The {@link Intrinsic}s. GLSL defines the common and geometric functions by formulas (mix is
 * {@code x*(1-a) + y*a}, mod is {@code x - y*floor(x/y)}, ...): those are evaluated step by step
 * in the operands' precision, so a float result is exactly what float arithmetic gives.
 * Transcendentals, determinant and inverse are computed in double with {@link Math} and rounded
 * once to the operands' precision. A scalar operand where the others are vectors is broadcast.
 */
final class Intrinsics {
    private final Arith arith;
    private final Memory memory;
    private final Notes notes;

    Intrinsics(Arith arith, Memory memory, Notes notes) {
        this.arith = arith;
        this.memory = memory;
        this.notes = notes;
    }

    Val apply(Intrinsic f, Type result, List<Val> args) {
        if (args.size() != f.arity()) {
            throw Stop.trap(f.glslName() + " takes " + f.arity() + " operands, not " + args.size());
        }
        return switch (f) {
            case DFDX, DFDY, FWIDTH, DFDX_FINE, DFDY_FINE, FWIDTH_FINE, DFDX_COARSE, DFDY_COARSE, FWIDTH_COARSE ->
                    Val.zero(result); // one invocation has no neighbours
            case MODF, FREXP -> withOut(f, num(args.get(0)), out(args.get(1)));
            case LENGTH, DISTANCE, DOT, CROSS, NORMALIZE, FACEFORWARD, REFLECT, REFRACT -> geometric(f, result, args);
            case MATRIX_COMP_MULT -> arith.binary(Opcode.MUL, num(args.get(0)), num(args.get(1)));
            case OUTER_PRODUCT, TRANSPOSE, DETERMINANT, INVERSE -> matrix(f, result, args);
            case ANY, ALL -> {
                Val.Num v = num(args.get(0));
                boolean acc = f == Intrinsic.ALL;
                for (int i = 0; i < v.size(); i++) {
                    acc = f == Intrinsic.ALL ? acc && v.boolAt(i) : acc || v.boolAt(i);
                }
                yield Val.ofBool(acc);
            }
            case PACK_UNORM_2X16, PACK_SNORM_2X16, PACK_UNORM_4X8, PACK_SNORM_4X8, PACK_HALF_2X16 ->
                    Packing.pack(f, num(args.get(0)));
            case UNPACK_UNORM_2X16, UNPACK_SNORM_2X16, UNPACK_UNORM_4X8, UNPACK_SNORM_4X8, UNPACK_HALF_2X16 ->
                    Packing.unpack(f, num(args.get(0)));
            default -> componentWise(f, result, args);
        };
    }

    // ---- component-wise ----------------------------------------------------------------------

    private Val.Num componentWise(Intrinsic f, Type result, List<Val> args) {
        if (!result.isNumericOrBool()) {
            throw Stop.trap(f.glslName() + " yielding " + result);
        }
        int n = result.componentCount();
        Val.Num[] a = args.stream().map(Intrinsics::num).toArray(Val.Num[]::new);
        for (Val.Num x : a) {
            if (x.size() != n && x.size() != 1) {
                throw Stop.trap(f.glslName() + " of " + x.type() + " yielding " + result);
            }
        }
        long[] out = new long[n];
        long[] c = new long[a.length];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < a.length; j++) {
                c[j] = a[j].bits(a[j].size() == 1 ? 0 : i);
            }
            out[i] = component(f, a[0].kind(), a.length > 2 ? a[2].kind() : a[0].kind(), c);
        }
        return Val.Num.of(result, out);
    }

    /** One component; {@code k} is the first operand's kind, {@code k3} the third's (mix's selector). */
    private long component(Intrinsic f, ScalarKind k, ScalarKind k3, long[] c) {
        switch (f) {
            case ABS, SIGN, MIN, MAX, CLAMP -> {
                return k.isFloating() ? Bits.ofReal(k, common(f, k, c)) : integerCommon(f, k, c);
            }
            case MIX -> {
                if (k3 == ScalarKind.BOOL) {
                    return c[2] != 0 ? c[1] : c[0];
                }
                return Bits.ofReal(k, common(f, k, c));
            }
            case BIT_COUNT, FIND_LSB, FIND_MSB, BITFIELD_REVERSE, BITFIELD_EXTRACT, BITFIELD_INSERT -> {
                if (!k.isInteger()) {
                    throw Stop.trap(f.glslName() + " of " + k);
                }
                return Bits.ofInt(bits(f, k == ScalarKind.INT, c));
            }
            case IS_NAN -> {
                return Bits.ofBool(Double.isNaN(real(k, c[0])));
            }
            case IS_INF -> {
                return Bits.ofBool(Double.isInfinite(real(k, c[0])));
            }
            case LDEXP -> {
                int e = (int) c[1];
                return k == ScalarKind.DOUBLE ? Bits.ofDouble(Math.scalb(Bits.d(c[0]), e))
                        : Bits.ofFloat(Math.scalb(Bits.f(c[0]), e));
            }
            case FMA -> {
                return k == ScalarKind.DOUBLE ? Bits.ofDouble(Math.fma(Bits.d(c[0]), Bits.d(c[1]), Bits.d(c[2])))
                        : Bits.ofFloat(Math.fma(Bits.f(c[0]), Bits.f(c[1]), Bits.f(c[2])));
            }
            default -> {
                return Bits.ofReal(k, common(f, k, c));
            }
        }
    }

    /** A floating component-wise function: the value before the final rounding to {@code k}. */
    private static double common(Intrinsic f, ScalarKind k, long[] c) {
        double x = real(k, c[0]);
        double y = c.length > 1 ? real(k, c[1]) : 0;
        double z = c.length > 2 ? real(k, c[2]) : 0;
        return switch (f) {
            case RADIANS -> x * (Math.PI / 180);
            case DEGREES -> x * (180 / Math.PI);
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case TAN -> Math.tan(x);
            case ASIN -> Math.asin(x);
            case ACOS -> Math.acos(x);
            case ATAN -> Math.atan(x);
            case ATAN2 -> Math.atan2(x, y); // GLSL atan(y, x): y first
            case SINH -> Math.sinh(x);
            case COSH -> Math.cosh(x);
            case TANH -> Math.tanh(x);
            case ASINH -> Math.copySign(Math.log(Math.abs(x) + Math.sqrt(x * x + 1)), x);
            case ACOSH -> Math.log(x + Math.sqrt(x * x - 1));
            case ATANH -> 0.5 * Math.log((1 + x) / (1 - x));
            case POW -> Math.pow(x, y);
            case EXP -> Math.exp(x);
            case LOG -> Math.log(x);
            case EXP2 -> Math.pow(2, x);
            case LOG2 -> log2(x);
            case SQRT -> Math.sqrt(x);
            case INVERSE_SQRT -> 1 / Math.sqrt(x);
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case TRUNC -> trunc(x);
            case ROUND -> { // halfway cases away from zero (GLSL lets the implementation choose)
                double t = trunc(x);
                yield Math.abs(x - t) >= 0.5 ? t + Math.copySign(1, x) : t;
            }
            case ROUND_EVEN -> Math.rint(x);
            case FRACT -> q(k, x - Math.floor(x));
            case MOD -> q(k, x - q(k, y * Math.floor(q(k, x / y))));
            case ABS -> Math.abs(x);
            case SIGN -> x > 0 ? 1 : x < 0 ? -1 : x; // keeps the sign of a zero, and NaN
            case MIN -> y < x ? y : x;
            case MAX -> x < y ? y : x;
            case CLAMP -> {
                double m = x < y ? y : x;
                yield z < m ? z : m;
            }
            case STEP -> y < x ? 0 : 1; // step(edge, x)
            case MIX -> q(k, q(k, x * q(k, 1 - z)) + q(k, y * z));
            case SMOOTHSTEP -> {
                double t = q(k, q(k, z - x) / q(k, y - x));
                t = t < 0 ? 0 : t > 1 ? 1 : t;
                yield q(k, q(k, t * t) * q(k, 3 - q(k, 2 * t)));
            }
            default -> throw Stop.trap(f.glslName() + " of " + k);
        };
    }

    private static long integerCommon(Intrinsic f, ScalarKind k, long[] c) {
        boolean signed = k == ScalarKind.INT;
        return switch (f) {
            case ABS -> signed ? Bits.ofInt(Math.abs((int) c[0])) : c[0]; // abs(INT_MIN) wraps to INT_MIN
            case SIGN -> signed ? Bits.ofInt(Integer.signum((int) c[0])) : Bits.ofInt(c[0] == 0 ? 0 : 1);
            case MIN -> less(signed, c[1], c[0]) ? c[1] : c[0];
            case MAX -> less(signed, c[0], c[1]) ? c[1] : c[0];
            case CLAMP -> {
                long m = less(signed, c[0], c[1]) ? c[1] : c[0];
                yield less(signed, c[2], m) ? c[2] : m;
            }
            default -> throw Stop.trap(f.glslName() + " of " + k);
        };
    }

    private static boolean less(boolean signed, long a, long b) {
        return signed ? (int) a < (int) b : a < b;
    }

    /** The integer functions on 32-bit patterns; findLSB and findMSB give -1 when no bit qualifies. */
    private int bits(Intrinsic f, boolean signed, long[] c) {
        int v = (int) c[0];
        return switch (f) {
            case BIT_COUNT -> Integer.bitCount(v);
            case FIND_LSB -> v == 0 ? -1 : Integer.numberOfTrailingZeros(v);
            case FIND_MSB -> { // for a negative int: the highest 0 bit
                int w = signed && v < 0 ? ~v : v;
                yield 31 - Integer.numberOfLeadingZeros(w);
            }
            case BITFIELD_REVERSE -> Integer.reverse(v);
            case BITFIELD_EXTRACT -> {
                int offset = (int) c[1];
                int count = (int) c[2];
                if (!fieldInRange(offset, count)) {
                    yield 0;
                }
                if (count == 0) {
                    yield 0;
                }
                int left = v << (32 - offset - count);
                yield signed ? left >> (32 - count) : left >>> (32 - count);
            }
            case BITFIELD_INSERT -> {
                int offset = (int) c[2];
                int count = (int) c[3];
                if (!fieldInRange(offset, count) || count == 0) {
                    yield v;
                }
                int mask = (count == 32 ? -1 : (1 << count) - 1) << offset;
                yield v & ~mask | ((int) c[1] << offset) & mask;
            }
            default -> throw Stop.trap(f.glslName());
        };
    }

    private boolean fieldInRange(int offset, int count) {
        boolean ok = offset >= 0 && count >= 0 && offset + count <= 32;
        if (!ok) {
            notes.undefined("bitfield offset and count out of range (extract 0, insert keeps the base)");
        }
        return ok;
    }

    // ---- out parameters ----------------------------------------------------------------------

    /**
     * modf: the fraction, the whole part to the pointer, both with the sign of x (the fraction of
     * an infinity 0, both parts of NaN NaN);
     * frexp: the mantissa in [0.5, 1) with the sign of x, the exponent to the pointer (0 and x
     * itself for a zero, an infinity or NaN).
     */
    private Val withOut(Intrinsic f, Val.Num x, Val.Ptr out) {
        ScalarKind k = x.kind();
        if (!k.isFloating()) {
            throw Stop.trap(f.glslName() + " of " + x.type());
        }
        long[] result = new long[x.size()];
        long[] second = new long[x.size()];
        for (int i = 0; i < x.size(); i++) {
            double v = real(k, x.bits(i));
            if (f == Intrinsic.MODF) {
                // both parts keep the sign of x (GLSL 8.3): modf(-2.0) is -2.0 and -0.0
                double m = Math.abs(v);
                double whole = Math.floor(m);
                second[i] = Bits.ofReal(k, Math.copySign(whole, v));
                result[i] = Bits.ofReal(k, Math.copySign(Double.isInfinite(m) ? 0 : m - whole, v));
            } else if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
                result[i] = x.bits(i);
            } else {
                int shift = Math.getExponent(v) < Double.MIN_EXPONENT ? 64 : 0; // a double subnormal
                double s = Math.scalb(v, shift);
                int e = Math.getExponent(s) + 1;
                result[i] = Bits.ofReal(k, Math.scalb(s, -e));
                second[i] = Bits.ofInt(e - shift);
            }
        }
        Type secondType = f == Intrinsic.MODF ? x.type()
                : VectorType.of(ScalarType.INT, x.size());
        memory.store(out, Val.Num.of(secondType, second));
        return new Val.Num(x.type(), result);
    }

    // ---- geometric ---------------------------------------------------------------------------

    private Val geometric(Intrinsic f, Type result, List<Val> args) {
        Val.Num a = num(args.get(0));
        ScalarKind k = a.kind();
        if (!k.isFloating()) {
            throw Stop.trap(f.glslName() + " of " + a.type());
        }
        Val.Num b = args.size() > 1 ? num(args.get(1)) : a;
        return switch (f) {
            case DOT -> scalar(k, dot(k, a, b));
            case LENGTH -> scalar(k, length(k, a));
            case DISTANCE -> scalar(k, length(k, arith.binary(Opcode.SUB, a, b)));
            case NORMALIZE -> { // a zero vector gives NaN components (0/0)
                double len = length(k, a);
                yield map(a, i -> q(k, real(k, a.bits(i)) / len));
            }
            case CROSS -> {
                if (a.size() != 3) {
                    throw Stop.trap("cross of " + a.type());
                }
                yield map(a, i -> {
                    int j = (i + 1) % 3;
                    int l = (i + 2) % 3;
                    return q(k, q(k, at(k, a, j) * at(k, b, l)) - q(k, at(k, b, j) * at(k, a, l)));
                });
            }
            case FACEFORWARD -> dot(k, num(args.get(2)), b) < 0 ? a : arith.unary(Opcode.NEG, a);
            case REFLECT -> { // I - 2*dot(N, I)*N
                double d2 = q(k, 2 * dot(k, b, a));
                yield map(a, i -> q(k, at(k, a, i) - q(k, d2 * at(k, b, i))));
            }
            case REFRACT -> { // k = 1 - eta*eta*(1 - d*d); k < 0 ? 0 : eta*I - (eta*d + sqrt(k))*N
                double eta = at(k, num(args.get(2)), 0);
                double d = dot(k, b, a);
                double kk = q(k, 1 - q(k, q(k, eta * eta) * q(k, 1 - q(k, d * d))));
                if (kk < 0) {
                    yield Val.zero(result);
                }
                double s = q(k, q(k, eta * d) + q(k, Math.sqrt(kk)));
                yield map(a, i -> q(k, q(k, eta * at(k, a, i)) - q(k, s * at(k, b, i))));
            }
            default -> throw Stop.trap(f.glslName());
        };
    }

    private double dot(ScalarKind k, Val.Num a, Val.Num b) {
        if (!a.type().equals(b.type())) {
            throw Stop.trap("dot of " + a.type() + " and " + b.type());
        }
        return real(k, arith.sum(k, a.raw(), 0, 1, b.raw(), 0, 1, a.size()));
    }

    private double length(ScalarKind k, Val.Num a) {
        return q(k, Math.sqrt(dot(k, a, a)));
    }

    // ---- matrices ----------------------------------------------------------------------------

    private Val matrix(Intrinsic f, Type result, List<Val> args) {
        Val.Num a = num(args.get(0));
        ScalarKind k = a.kind();
        if (f == Intrinsic.OUTER_PRODUCT) { // column c times row r: element (j, i) = c[i] * r[j]
            Val.Num r = num(args.get(1));
            long[] out = new long[a.size() * r.size()];
            for (int j = 0; j < r.size(); j++) {
                for (int i = 0; i < a.size(); i++) {
                    out[j * a.size() + i] = arith.scalar(Opcode.MUL, k, a.bits(i), r.bits(j));
                }
            }
            return Val.Num.of(result, out);
        }
        if (!(a.type() instanceof MatrixType m)) {
            throw Stop.trap(f.glslName() + " of " + a.type());
        }
        int rows = m.rows();
        int cols = m.columns();
        if (f == Intrinsic.TRANSPOSE) {
            long[] out = new long[a.size()];
            for (int c = 0; c < cols; c++) {
                for (int r = 0; r < rows; r++) {
                    out[r * cols + c] = a.bits(c * rows + r);
                }
            }
            return Val.Num.of(result, out);
        }
        if (rows != cols) {
            throw Stop.trap(f.glslName() + " of " + a.type());
        }
        double[][] e = new double[rows][cols]; // e[row][column]
        for (int c = 0; c < cols; c++) {
            for (int r = 0; r < rows; r++) {
                e[r][c] = real(k, a.bits(c * rows + r));
            }
        }
        double det = Linear.determinant(e);
        if (f == Intrinsic.DETERMINANT) {
            return scalar(k, det);
        }
        long[] out = new long[a.size()]; // inverse(row r, column c) = cofactor(c, r) / det
        for (int c = 0; c < cols; c++) {
            for (int r = 0; r < rows; r++) {
                out[c * rows + r] = Bits.ofReal(k, Linear.cofactor(e, c, r) / det);
            }
        }
        return Val.Num.of(result, out);
    }

    // ---- helpers -----------------------------------------------------------------------------

    private static Val.Num num(Val v) {
        if (v instanceof Val.Num n) {
            return n;
        }
        throw Stop.trap("intrinsic operand of type " + v.type());
    }

    private static Val.Ptr out(Val v) {
        if (v instanceof Val.Ptr p) {
            return p;
        }
        throw Stop.trap("out operand of type " + v.type() + " is not a pointer");
    }

    private static double real(ScalarKind k, long bits) {
        return Bits.real(k, bits);
    }

    private static double at(ScalarKind k, Val.Num v, int i) {
        return real(k, v.bits(i));
    }

    /** {@code v} rounded to {@code k}'s precision: one step of a formula in that precision. */
    static double q(ScalarKind k, double v) {
        return k == ScalarKind.DOUBLE ? v : (float) v;
    }

    private static Val.Num scalar(ScalarKind k, double v) {
        return new Val.Num(ScalarType.of(k), new long[] {Bits.ofReal(k, v)});
    }

    private static Val.Num map(Val.Num like, java.util.function.IntToDoubleFunction component) {
        long[] out = new long[like.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Bits.ofReal(like.kind(), component.applyAsDouble(i));
        }
        return new Val.Num(like.type(), out);
    }

    private static double trunc(double x) {
        return x < 0 ? Math.ceil(x) : Math.floor(x);
    }

    /** log2, exact for powers of two. */
    private static double log2(double x) {
        if (x > 0 && x < Double.POSITIVE_INFINITY && Math.getExponent(x) >= Double.MIN_EXPONENT
                && x == Math.scalb(1.0, Math.getExponent(x))) {
            return Math.getExponent(x);
        }
        return Math.log(x) / Math.log(2);
    }
}
