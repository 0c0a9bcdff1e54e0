package dev.csir.ssa.eval;

import dev.csir.ssa.Opcode;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

/**
 * The component-wise opcodes, exact in the operand types: int and uint wrap at 32 bits, shift
 * counts are masked to 5 bits, float is IEEE single precision (Java float), double is double.
 * Signedness comes from the operand type. The undefined cases are resolved as {@code package-info}
 * lists and reported to {@link Notes}.
 *
 * <p>Public so that the optimizer's constant folding ({@code dev.csir.ssa.opt.Combine}) computes
 * with exactly the evaluator's arithmetic; the folder refuses the undefined cases before it asks
 * and checks {@link #undefined()} after.
 */
public final class Arith {
    private final Notes notes;

    Arith(Notes notes) {
        this.notes = notes;
    }

    /** An arithmetic with notes of its own, for constant folding. */
    public static Arith standalone() {
        return new Arith(new Notes());
    }

    /** The undefined cases this arithmetic met and resolved so far (see {@code package-info}). */
    public java.util.List<String> undefined() {
        return notes.list();
    }

    // ---- unary, binary, compare --------------------------------------------------------------

    public Val.Num unary(Opcode op, Val.Num a) {
        ScalarKind k = a.kind();
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) {
            long x = a.raw()[i];
            out[i] = switch (op) {
                case NEG -> switch (k) {
                    case INT, UINT -> Bits.ofInt(-(int) x);
                    case FLOAT -> x ^ 0x8000_0000L; // a sign flip, as OpFNegate (NaN payloads kept)
                    case DOUBLE -> x ^ Long.MIN_VALUE;
                    case BOOL -> throw Stop.trap("neg of bool");
                };
                case BIT_NOT -> k.isInteger() ? ~x & Bits.MASK : trapLong("bitnot of " + k);
                case LOGICAL_NOT -> k == ScalarKind.BOOL ? x ^ 1 : trapLong("lnot of " + k);
                default -> trapLong(op.mnemonic() + " is not unary");
            };
        }
        return new Val.Num(a.type(), out);
    }

    public Val.Num binary(Opcode op, Val.Num a, Val.Num b) {
        sameType(op, a, b);
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = scalar(op, a.kind(), a.raw()[i], b.raw()[i]);
        }
        return new Val.Num(a.type(), out);
    }

    /** One component of a binary opcode on {@code kind}. */
    long scalar(Opcode op, ScalarKind kind, long a, long b) {
        return switch (kind) {
            case BOOL -> switch (op) {
                case LOGICAL_AND, BIT_AND -> a & b;
                case LOGICAL_OR, BIT_OR -> a | b;
                case BIT_XOR -> a ^ b;
                default -> trapLong(op.mnemonic() + " of bool");
            };
            case INT, UINT -> Bits.ofInt(integer(op, kind == ScalarKind.UINT, (int) a, (int) b));
            case FLOAT -> Bits.ofFloat(real32(op, Bits.f(a), Bits.f(b)));
            case DOUBLE -> Bits.ofDouble(real64(op, Bits.d(a), Bits.d(b)));
        };
    }

    private int integer(Opcode op, boolean unsigned, int a, int b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> {
                if (b == 0 || !unsigned && a == Integer.MIN_VALUE && b == -1) {
                    notes.undefined(b == 0 ? "integer division by zero (result 0)" : "INT_MIN / -1 (result INT_MIN)");
                    yield b == 0 ? 0 : a;
                }
                yield unsigned ? Integer.divideUnsigned(a, b) : a / b;
            }
            case REM -> {
                if (b == 0 || !unsigned && a == Integer.MIN_VALUE && b == -1) {
                    notes.undefined(b == 0 ? "integer remainder by zero (result 0)" : "INT_MIN % -1 (result 0)");
                    yield 0;
                }
                yield unsigned ? Integer.remainderUnsigned(a, b) : a % b;
            }
            case BIT_AND -> a & b;
            case BIT_OR -> a | b;
            case BIT_XOR -> a ^ b;
            case SHL -> a << (b & 31);
            case SHR -> unsigned ? a >>> (b & 31) : a >> (b & 31);
            default -> throw Stop.trap(op.mnemonic() + " of " + (unsigned ? "uint" : "int"));
        };
    }

    private static float real32(Opcode op, float a, float b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case REM -> a % b; // sign of the dividend: OpFRem
            default -> throw Stop.trap(op.mnemonic() + " of float");
        };
    }

    private static double real64(Opcode op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case REM -> a % b;
            default -> throw Stop.trap(op.mnemonic() + " of double");
        };
    }

    /** A component-wise comparison; NaN compares unequal to everything (only {@code ne} holds). */
    public Val.Num compare(Opcode op, Val.Num a, Val.Num b, Type result) {
        sameType(op, a, b);
        ScalarKind k = a.kind();
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) {
            long x = a.raw()[i];
            long y = b.raw()[i];
            boolean r;
            if (k.isFloating()) {
                double p = Bits.real(k, x);
                double q = Bits.real(k, y);
                r = switch (op) {
                    case EQ -> p == q;
                    case NE -> p != q;
                    case LT -> p < q;
                    case LE -> p <= q;
                    case GT -> p > q;
                    case GE -> p >= q;
                    default -> throw Stop.trap(op.mnemonic() + " is not a comparison");
                };
            } else {
                if (k == ScalarKind.BOOL && op != Opcode.EQ && op != Opcode.NE) {
                    throw Stop.trap(op.mnemonic() + " of bool");
                }
                int c = k == ScalarKind.INT ? Integer.compare((int) x, (int) y) : Long.compare(x, y);
                r = switch (op) {
                    case EQ -> c == 0;
                    case NE -> c != 0;
                    case LT -> c < 0;
                    case LE -> c <= 0;
                    case GT -> c > 0;
                    case GE -> c >= 0;
                    default -> throw Stop.trap(op.mnemonic() + " is not a comparison");
                };
            }
            out[i] = Bits.ofBool(r);
        }
        return Val.Num.of(result, out);
    }

    /** {@code select cond, a, b}: a scalar condition picks a whole value, a bvec picks components. */
    static Val select(Val cond, Val a, Val b) {
        if (!(cond instanceof Val.Num c) || c.kind() != ScalarKind.BOOL || !a.type().equals(b.type())) {
            throw Stop.trap("select of " + cond.type() + ", " + a.type() + ", " + b.type());
        }
        if (c.type() instanceof VectorType) {
            if (!(a instanceof Val.Num x) || x.size() != c.size()) {
                throw Stop.trap("select of " + c.type() + " on " + a.type());
            }
            long[] out = new long[x.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = c.boolAt(i) ? x.raw()[i] : ((Val.Num) b).raw()[i];
            }
            return new Val.Num(x.type(), out);
        }
        return c.boolAt(0) ? a : b;
    }

    // ---- conversions -------------------------------------------------------------------------

    /** A value conversion, component by component, to {@code to} (of the same component count). */
    public Val.Num convert(Val.Num a, Type to) {
        if (!to.isNumericOrBool() || to.componentCount() != a.size()) {
            throw Stop.trap("convert " + a.type() + " to " + to);
        }
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = convert(a.kind(), to.scalarKind(), a.raw()[i]);
        }
        return new Val.Num(to, out);
    }

    private long convert(ScalarKind from, ScalarKind to, long x) {
        if (from == to) {
            return x;
        }
        return switch (to) {
            case BOOL -> Bits.ofBool(from.isFloating() ? Bits.real(from, x) != 0 : x != 0); // NaN is true
            case INT -> from.isFloating() ? Bits.ofInt(toInt(Bits.real(from, x))) : Bits.ofInt((int) x);
            case UINT -> from.isFloating() ? toUint(Bits.real(from, x)) : x;
            case FLOAT, DOUBLE -> Bits.ofReal(to, switch (from) {
                case BOOL -> x;
                case INT -> (int) x;
                case UINT -> x; // zero-extended, so exact before the one rounding
                default -> Bits.real(from, x);
            });
        };
    }

    /** Truncation toward zero, saturating at INT_MIN and INT_MAX; NaN converts to 0. */
    private int toInt(double v) {
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        if (Double.isNaN(v) || t < Integer.MIN_VALUE || t > Integer.MAX_VALUE) {
            notes.undefined("float to int out of range (saturated, NaN to 0)");
        }
        return (int) v;
    }

    /** Truncation toward zero, saturating at 0 and UINT_MAX; NaN converts to 0. */
    private long toUint(double v) {
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        if (Double.isNaN(v) || t < 0 || t > 0xFFFF_FFFFL) {
            notes.undefined("float to uint out of range (saturated, NaN to 0)");
            return Double.isNaN(v) || t < 0 ? 0 : Bits.MASK;
        }
        return (long) t;
    }

    /**
     * The same bits seen as {@code to}: the components' bits are concatenated as 32-bit words (a
     * double is two words, low word first, as OpBitcast has it) and re-split.
     */
    public static Val.Num bitcast(Val.Num a, Type to) {
        if (!to.isNumericOrBool() || a.kind() == ScalarKind.BOOL || to.scalarKind() == ScalarKind.BOOL) {
            throw Stop.trap("bitcast " + a.type() + " to " + to);
        }
        int words = a.size() * (a.kind() == ScalarKind.DOUBLE ? 2 : 1);
        int wide = to.scalarKind() == ScalarKind.DOUBLE ? 2 : 1;
        if (words != to.componentCount() * wide) {
            throw Stop.trap("bitcast " + a.type() + " to " + to + ": widths differ");
        }
        long[] w = new long[words];
        int at = 0;
        for (long x : a.raw()) {
            if (a.kind() == ScalarKind.DOUBLE) {
                w[at++] = x & Bits.MASK;
                w[at++] = x >>> 32;
            } else {
                w[at++] = x;
            }
        }
        long[] out = new long[to.componentCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = wide == 2 ? w[2 * i] | w[2 * i + 1] << 32 : w[i];
        }
        return new Val.Num(to, out);
    }

    // ---- linear algebra ----------------------------------------------------------------------

    /**
     * The matrix product (column-major): matrix x matrix, matrix x column vector, row vector x
     * matrix. Each sum runs over k = 0, 1, ... in the component precision, starting from the
     * first product (no fused multiply-add).
     */
    Val.Num matmul(Val.Num a, Val.Num b, Type result) {
        ScalarKind k = a.kind();
        if (k != b.kind() || !k.isFloating()) {
            throw Stop.trap("matmul of " + a.type() + " and " + b.type());
        }
        if (a.type() instanceof MatrixType ma && b.type() instanceof MatrixType mb && ma.columns() == mb.rows()) {
            long[] out = new long[mb.columns() * ma.rows()];
            for (int j = 0; j < mb.columns(); j++) {
                for (int i = 0; i < ma.rows(); i++) {
                    out[j * ma.rows() + i] = sum(k, a.raw(), i, ma.rows(), b.raw(), j * mb.rows(), 1, ma.columns());
                }
            }
            return checked(new MatrixType(ma.component(), mb.columns(), ma.rows()), out, result);
        }
        if (a.type() instanceof MatrixType ma && b.type() instanceof VectorType && ma.columns() == b.size()) {
            long[] out = new long[ma.rows()];
            for (int i = 0; i < ma.rows(); i++) {
                out[i] = sum(k, a.raw(), i, ma.rows(), b.raw(), 0, 1, ma.columns());
            }
            return checked(ma.columnType(), out, result);
        }
        if (a.type() instanceof VectorType && b.type() instanceof MatrixType mb && mb.rows() == a.size()) {
            long[] out = new long[mb.columns()];
            for (int j = 0; j < mb.columns(); j++) {
                out[j] = sum(k, a.raw(), 0, 1, b.raw(), j * mb.rows(), 1, mb.rows());
            }
            return checked(mb.rowType(), out, result);
        }
        throw Stop.trap("matmul of " + a.type() + " and " + b.type());
    }

    /** {@code sum over t < n of x[xAt + t*xStep] * y[yAt + t*yStep]}, in order, in {@code k}'s precision. */
    long sum(ScalarKind k, long[] x, int xAt, int xStep, long[] y, int yAt, int yStep, int n) {
        long acc = scalar(Opcode.MUL, k, x[xAt], y[yAt]);
        for (int t = 1; t < n; t++) {
            acc = scalar(Opcode.ADD, k, acc, scalar(Opcode.MUL, k, x[xAt + t * xStep], y[yAt + t * yStep]));
        }
        return acc;
    }

    private static Val.Num checked(Type computed, long[] out, Type result) {
        if (!computed.equals(result)) {
            throw Stop.trap("matmul yields " + computed + ", not " + result);
        }
        return new Val.Num(result, out);
    }

    private static void sameType(Opcode op, Val.Num a, Val.Num b) {
        if (!a.type().equals(b.type())) {
            throw Stop.trap(op.mnemonic() + " of " + a.type() + " and " + b.type());
        }
    }

    private static long trapLong(String message) {
        throw Stop.trap(message);
    }
}
