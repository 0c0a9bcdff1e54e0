package dev.csir.ssa.opt;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.ssa.eval.Arith;
import dev.csir.ssa.eval.Val;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Constant folding for {@link Combine}: an instruction whose operands are all constants becomes a
 * constant when its result is the same on every implementation (spec 002, Optimizer point 3). The
 * arithmetic is the evaluator's ({@link Arith}), so a folded module evaluates bit for bit as the
 * unfolded one.
 *
 * <p>Folded:
 * <ul>
 * <li>{@code neg bitnot lnot add sub mul div rem bitand bitor bitxor shl shr land lor} on int and
 *     uint (32-bit wrapping, shift counts masked to 5 bits), bool, and float or double (IEEE,
 *     round to nearest even, in the operand's own precision; {@code rem} is fmod with the sign of
 *     the dividend), component-wise on vectors and matrices;</li>
 * <li>the comparisons, on every kind;</li>
 * <li>{@code select} with a constant condition (the chosen operand, or component-wise for a
 *     bvec condition);</li>
 * <li>the exact conversions: int &lt;-&gt; uint (the bits are kept), bool to anything (0 or 1),
 *     anything to bool ({@code != 0}), float to double, double to float when the value is a
 *     float, int or uint to float or double when the integer is representable (no rounding),
 *     float or double to int when the value truncated toward zero is in INT_MIN..INT_MAX, to uint
 *     when the value is not negative and truncates into 0..UINT_MAX; {@code bitcast} keeps bits;</li>
 * <li>{@code construct}, {@code extract}, {@code insert}, {@code shuffle} of constants (undef
 *     elements stay undef), {@code extractdyn} and {@code insertdyn} with an index in range.</li>
 * </ul>
 * Refused (left to the GPU): any operand or result component that is a NaN, an infinity or a
 * subnormal (a GPU may flush subnormals, and NaN and infinity handling varies); integer division
 * or remainder by zero and signed {@code INT_MIN / -1}, {@code INT_MIN % -1}; out-of-range
 * float-to-int conversions and inexact int-to-float or double-to-float ones; arithmetic on undef;
 * a dynamic index out of range; every {@code intrinsic} (transcendentals are approximate on a GPU,
 * and the rest are not folded yet); {@code matmul} (a sum of products a GPU may contract into fused
 * multiply-adds); texture, memory and call instructions.
 */
final class CombineFold {
    private CombineFold() {
    }

    /** The constant {@code i} yields, or null when it is not folded. {@code i}'s operands are all constants. */
    static Constant fold(Instruction i) {
        if (!i.hasResult() || !Effects.isPure(i)) {
            return null;
        }
        try {
            Constant c = switch (i.op().family()) {
                case UNARY, BINARY, COMPARE, CONVERT -> numeric(i.op(), i.type(), i.operands());
                case SELECT -> select(i);
                case COMPOSITE -> composite(i);
                default -> null;
            };
            return c != null && c.type().equals(i.type()) ? c : null;
        } catch (RuntimeException e) {
            return null; // a malformed instruction (the verifier's business) is left alone
        }
    }

    // ---- arithmetic, comparisons, conversions ---------------------------------------------------

    /**
     * An arithmetic, comparison or conversion {@code op} of result {@code type} on constant
     * {@code operands}, folded as {@link #fold} would fold the instruction; null when it is not.
     * {@link Unroll} counts a loop's trips with it, so the count is what the folded copies compute.
     */
    static Constant numeric(Opcode op, Type type, List<Value> operands) {
        if (op == Opcode.MAT_MUL) {
            return null;
        }
        List<Val.Num> ops = new ArrayList<>();
        for (Value v : operands) {
            Val.Num n = num((Constant) v);
            if (n == null || !ordinary(n)) {
                return null;
            }
            ops.add(n);
        }
        Arith arith = Arith.standalone();
        Val.Num r = switch (op.family()) {
            case UNARY -> arith.unary(op, ops.get(0));
            case BINARY -> {
                if ((op == Opcode.DIV || op == Opcode.REM) && undefinedDivision(ops.get(0), ops.get(1))) {
                    yield null;
                }
                yield arith.binary(op, ops.get(0), ops.get(1));
            }
            case COMPARE -> arith.compare(op, ops.get(0), ops.get(1), type);
            default -> op == Opcode.BITCAST ? Arith.bitcast(ops.get(0), type)
                    : exactConversion(ops.get(0), type) ? arith.convert(ops.get(0), type) : null;
        };
        if (r == null || !arith.undefined().isEmpty() || !ordinary(r) || !r.type().equals(type)) {
            return null;
        }
        return constant(r);
    }

    /** Integer division or remainder whose result the GPU leaves undefined in some component. */
    private static boolean undefinedDivision(Val.Num a, Val.Num b) {
        if (!a.kind().isInteger()) {
            return false;
        }
        for (int k = 0; k < b.size(); k++) {
            if (b.intAt(k) == 0 || a.kind() == ScalarKind.INT && a.intAt(k) == Integer.MIN_VALUE && b.intAt(k) == -1) {
                return true;
            }
        }
        return false;
    }

    /** A conversion every implementation performs without rounding or an out-of-range case. */
    private static boolean exactConversion(Val.Num a, Type to) {
        ScalarKind from = a.kind();
        ScalarKind k = to.scalarKind();
        if (k == null || from == k || from == ScalarKind.BOOL || k == ScalarKind.BOOL) {
            return k != null;
        }
        for (int c = 0; c < a.size(); c++) {
            long bits = a.bits(c);
            boolean ok = switch (from) {
                case INT, UINT -> {
                    long v = from == ScalarKind.INT ? (long) (int) bits : bits;
                    yield switch (k) {
                        case FLOAT -> (long) (float) v == v;
                        case DOUBLE -> true; // every 32-bit integer is a double
                        default -> true; // int <-> uint: the same bits
                    };
                }
                default -> {
                    double v = from == ScalarKind.DOUBLE ? Double.longBitsToDouble(bits)
                            : Float.intBitsToFloat((int) bits);
                    double t = v < 0 ? Math.ceil(v) : Math.floor(v);
                    yield switch (k) {
                        case INT -> t >= Integer.MIN_VALUE && t <= Integer.MAX_VALUE;
                        case UINT -> v >= 0 && t <= 0xFFFF_FFFFL; // -0.0 is fine, -0.5 is not folded
                        case FLOAT -> (double) (float) v == v; // float to double is always exact
                        default -> true;
                    };
                }
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** No floating component is a NaN, an infinity or a subnormal. */
    static boolean ordinary(Val.Num n) {
        if (!n.kind().isFloating()) {
            return true;
        }
        for (int c = 0; c < n.size(); c++) {
            double v = n.kind() == ScalarKind.DOUBLE ? n.doubleAt(c) : n.floatAt(c);
            double min = n.kind() == ScalarKind.DOUBLE ? Double.MIN_NORMAL : Float.MIN_NORMAL;
            if (Double.isNaN(v) || Double.isInfinite(v) || v != 0 && Math.abs(v) < min) {
                return false;
            }
        }
        return true;
    }

    // ---- select -----------------------------------------------------------------------------

    private static Constant select(Instruction i) {
        Constant cond = (Constant) i.operand(0);
        Constant a = (Constant) i.operand(1);
        Constant b = (Constant) i.operand(2);
        if (cond instanceof Constant.Scalar s) {
            return s.boolValue() ? a : b;
        }
        if (!(cond instanceof Constant.Composite c) || !(i.type() instanceof VectorType v)) {
            return null;
        }
        List<Constant> x = elements(a);
        List<Constant> y = elements(b);
        List<Constant> out = new ArrayList<>();
        for (int k = 0; k < v.size(); k++) {
            if (!(c.elements().get(k) instanceof Constant.Scalar ck)) {
                return null; // an undef lane of the condition
            }
            out.add(ck.boolValue() ? x.get(k) : y.get(k));
        }
        return new Constant.Composite(v, out);
    }

    // ---- composites -------------------------------------------------------------------------

    private static Constant composite(Instruction i) {
        return switch (i.op()) {
            case CONSTRUCT -> construct(i);
            case EXTRACT -> at((Constant) i.operand(0), i.immediates(), 0);
            case INSERT -> replace((Constant) i.operand(1), i.immediates(), 0, (Constant) i.operand(0));
            case SHUFFLE -> shuffle(i);
            case EXTRACT_DYNAMIC -> {
                int k = index((Constant) i.operand(1), i.operand(0).type());
                yield k < 0 ? null : elements((Constant) i.operand(0)).get(k);
            }
            case INSERT_DYNAMIC -> {
                int k = index((Constant) i.operand(2), i.operand(0).type());
                yield k < 0 ? null : replace((Constant) i.operand(0), new int[] {k}, 0, (Constant) i.operand(1));
            }
            default -> null;
        };
    }

    private static Constant construct(Instruction i) {
        Type t = i.type();
        List<Constant> out = new ArrayList<>();
        for (Value v : i.operands()) {
            Constant c = (Constant) v;
            if (t instanceof VectorType && c.type() instanceof VectorType) {
                out.addAll(elements(c)); // a vector operand supplies its components
            } else {
                out.add(c);
            }
        }
        return new Constant.Composite(t, out);
    }

    /** A constant dynamic index in range for {@code vector}, or -1. */
    private static int index(Constant c, Type vector) {
        if (!(c instanceof Constant.Scalar s) || !(vector instanceof VectorType v)) {
            return -1;
        }
        long k = s.type().kind() == ScalarKind.INT ? s.intValue() : s.bits();
        return k >= 0 && k < v.size() ? (int) k : -1;
    }

    private static Constant at(Constant c, int[] path, int from) {
        for (int k = from; k < path.length; k++) {
            c = elements(c).get(path[k]);
        }
        return c;
    }

    private static Constant replace(Constant c, int[] path, int at, Constant value) {
        if (at == path.length) {
            return value;
        }
        List<Constant> e = new ArrayList<>(elements(c));
        e.set(path[at], replace(e.get(path[at]), path, at + 1, value));
        return new Constant.Composite(c.type(), e);
    }

    private static Constant shuffle(Instruction i) {
        List<Constant> lanes = new ArrayList<>(elements((Constant) i.operand(0)));
        lanes.addAll(elements((Constant) i.operand(1)));
        ScalarType component = ((VectorType) i.operand(0).type()).component();
        List<Constant> out = new ArrayList<>();
        for (int l : i.immediates()) {
            out.add(l == -1 ? new Constant.Undef(component) : lanes.get(l));
        }
        return out.size() == 1 ? out.getFirst() : new Constant.Composite(i.type(), out);
    }

    /** The elements of a composite constant; an undef composite has undef elements. */
    static List<Constant> elements(Constant c) {
        // instanceof rather than a pattern switch: see dev.csir.types.Type
        if (c instanceof Constant.Composite k) {
            return k.elements();
        }
        if (!(c instanceof Constant.Undef u)) {
            throw new IllegalArgumentException("elements of a scalar");
        }
        Type t = u.type();
        if (t instanceof VectorType v) {
            return Collections.nCopies(v.size(), new Constant.Undef(v.component()));
        }
        if (t instanceof MatrixType m) {
            return Collections.nCopies(m.columns(), new Constant.Undef(m.columnType()));
        }
        if (t instanceof ArrayType a && !a.isRuntimeSized()) {
            return Collections.nCopies(a.length(), new Constant.Undef(a.element()));
        }
        if (t instanceof StructType s) {
            return s.members().stream().map(m -> (Constant) new Constant.Undef(m.type())).toList();
        }
        throw new IllegalArgumentException("elements of " + t);
    }

    // ---- constants and evaluator values -------------------------------------------------------

    /** The components of a scalar, vector or matrix constant; null when any is undef. */
    static Val.Num num(Constant c) {
        Type t = c.type();
        if (!t.isNumericOrBool()) {
            return null;
        }
        long[] bits = new long[t.componentCount()];
        return flatten(c, bits, 0) < 0 ? null : Val.Num.of(t, bits);
    }

    private static int flatten(Constant c, long[] out, int at) {
        if (c instanceof Constant.Scalar s) {
            out[at] = s.bits();
            return at + 1;
        }
        if (c instanceof Constant.Composite k) {
            for (Constant e : k.elements()) {
                at = flatten(e, out, at);
                if (at < 0) {
                    return -1;
                }
            }
            return at;
        }
        if (c instanceof Constant.Undef) {
            return -1;
        }
        throw new IllegalArgumentException(String.valueOf(c));
    }

    /** The constant holding {@code n}'s components (a matrix as columns). */
    static Constant constant(Val.Num n) {
        Type t = n.type();
        ScalarType s = ScalarType.of(n.kind());
        if (t instanceof ScalarType st) {
            return Constant.ofBits(st, n.bits(0));
        }
        if (t instanceof VectorType v) {
            List<Constant> e = new ArrayList<>();
            for (int k = 0; k < v.size(); k++) {
                e.add(Constant.ofBits(s, n.bits(k)));
            }
            return new Constant.Composite(v, e);
        }
        if (t instanceof MatrixType m) {
            List<Constant> cols = new ArrayList<>();
            for (int c = 0; c < m.columns(); c++) {
                List<Constant> e = new ArrayList<>();
                for (int r = 0; r < m.rows(); r++) {
                    e.add(Constant.ofBits(s, n.bits(c * m.rows() + r)));
                }
                cols.add(new Constant.Composite(m.columnType(), e));
            }
            return new Constant.Composite(m, cols);
        }
        throw new IllegalArgumentException("constant of " + t);
    }

    /** Every component of {@code type} (scalar, vector or matrix) holding {@code bits}. */
    static Constant splat(Type type, long bits) {
        long[] b = new long[type.componentCount()];
        java.util.Arrays.fill(b, bits);
        return constant(Val.Num.of(type, b));
    }
}
