package dev.csir.sema;

import dev.csir.types.ScalarKind;

/**
 * Constant evaluation over the typed tree: the values that the language must know at compile
 * time (a constant index, for a range check). Integer arithmetic wraps at 32 bits, as GLSL's does.
 */
public final class Constants {
    private Constants() {
    }

    /** The value of an int or uint constant expression, or null when it is not one. */
    public static Long intValue(Typed.Expr e) {
        if (e == null || e.type().scalarKind() == null || !e.type().scalarKind().isInteger()) {
            return null;
        }
        Long v;
        if (e instanceof Typed.Literal l) {
            v = (long) (int) l.bits();
        } else if (e instanceof Typed.VarRef r && r.variable().storage() == Typed.Storage.CONST) {
            v = intValue(r.variable().init());
        } else if (e instanceof Typed.Unary u && u.op() == Typed.UnaryOp.NEG) {
            v = negate(intValue(u.operand()));
        } else if (e instanceof Typed.Binary b) {
            v = fold(b.op(), intValue(b.left()), intValue(b.right()));
        } else {
            v = null;
        }
        return v == null ? null : e.type().scalarKind() == ScalarKind.UINT ? v & 0xFFFF_FFFFL : (long) (int) (long) v;
    }

    /**
     * The int lanes of an integer vector, scalar or array of vectors built of constants (a texel
     * offset: {@code ivec2(1, -1)}, {@code ivec2(2)}, a const variable, {@code ivec2[4](...)}),
     * flattened in order; null when it is no such constant.
     */
    public static int[] intLanes(Typed.Expr e) {
        if (e == null) {
            return null;
        }
        if (e.type() instanceof dev.csir.types.ScalarType) {
            Long v = intValue(e);
            return v == null ? null : new int[] {(int) (long) v};
        }
        if (e instanceof Typed.VarRef r && r.variable().storage() == Typed.Storage.CONST
                && r.variable().decoration().constantId() < 0) {
            return intLanes(r.variable().init());
        }
        if (e instanceof Typed.Splat s) {
            return intLanes(s.value()) instanceof int[] v && v.length == 1
                    ? java.util.Collections.nCopies(e.type().componentCount(), v[0]).stream().mapToInt(i -> i).toArray()
                    : null;
        }
        if (e instanceof Typed.Construct c && !c.diagonal()) {
            java.util.List<Integer> lanes = new java.util.ArrayList<>();
            for (Typed.Expr a : c.args()) {
                int[] v = intLanes(a);
                if (v == null) {
                    return null;
                }
                for (int x : v) {
                    lanes.add(x);
                }
            }
            return lanes.stream().mapToInt(i -> i).toArray();
        }
        if (e instanceof Typed.Unary u && u.op() == Typed.UnaryOp.NEG) {
            return intLanes(u.operand()) instanceof int[] v
                    ? java.util.Arrays.stream(v).map(x -> -x).toArray() : null;
        }
        return null;
    }

    private static Long negate(Long v) {
        return v == null ? null : (long) -(int) (long) v;
    }

    private static Long fold(Typed.BinaryOp op, Long a, Long b) {
        if (a == null || b == null) {
            return null;
        }
        int x = (int) (long) a;
        int y = (int) (long) b;
        return switch (op) {
            case ADD -> (long) (x + y);
            case SUB -> (long) (x - y);
            case MUL -> (long) (x * y);
            case DIV -> y == 0 ? null : (long) (x / y);
            case REM -> y == 0 ? null : (long) (x % y);
            case BIT_AND -> (long) (x & y);
            case BIT_OR -> (long) (x | y);
            case BIT_XOR -> (long) (x ^ y);
            case SHL -> (long) (x << y);
            case SHR -> (long) (x >> y);
            default -> null;
        };
    }

    /**
     * The bits of a scalar literal, possibly negated and converted (a specialization constant's
     * default: {@code 2}, {@code -1.5}, {@code true}), as the transform IR keeps them; else null.
     */
    public static Long scalarBits(Typed.Expr e) {
        if (e == null || !(e.type() instanceof dev.csir.types.ScalarType)) {
            return null;
        }
        if (e instanceof Typed.Literal l) {
            return l.bits();
        }
        if (e instanceof Typed.Unary u && u.op() == Typed.UnaryOp.NEG && scalarBits(u.operand()) instanceof Long v) {
            return e.type().scalarKind() == ScalarKind.FLOAT
                            ? Float.floatToRawIntBits(-Float.intBitsToFloat((int) (long) v)) & 0xFFFF_FFFFL
                            : -(int) (long) v & 0xFFFF_FFFFL;
        }
        if (e instanceof Typed.Convert c && scalarBits(c.value()) instanceof Long v) {
            return convert(v, c.value().type().scalarKind(),
                    e.type().scalarKind());
        }
        return null;
    }

    /**
     * Whether {@code e} is a constant expression of the kind a uniform's initializer must be:
     * literals, constants, and constructors, built-in function calls, conversions, negations,
     * swizzles, members, elements at a constant index and component-wise {@code + - * /} of such.
     */
    public static boolean isConstant(Typed.Expr e) {
        if (e instanceof Typed.Literal) {
            return true;
        }
        if (e instanceof Typed.VarRef r) {
            return r.variable().storage() == Typed.Storage.CONST && r.variable().init() != null
                    && r.variable().decoration().constantId() < 0 && isConstant(r.variable().init());
        }
        if (e instanceof Typed.Construct c) {
            return c.args().stream().allMatch(Constants::isConstant);
        }
        if (e instanceof Typed.BuiltinCall c) {
            return c.args().stream().allMatch(Constants::isConstant);
        }
        if (e instanceof Typed.Convert c) {
            return isConstant(c.value());
        }
        if (e instanceof Typed.Splat s) {
            return isConstant(s.value());
        }
        if (e instanceof Typed.Unary u) {
            return u.op() == Typed.UnaryOp.NEG && isConstant(u.operand());
        }
        if (e instanceof Typed.Swizzle s) {
            return isConstant(s.base());
        }
        if (e instanceof Typed.Field f) {
            return isConstant(f.base());
        }
        if (e instanceof Typed.Index ix) {
            return intValue(ix.index()) != null && isConstant(ix.base());
        }
        if (e instanceof Typed.Binary b) {
            return switch (b.op()) {
                case ADD, SUB, MUL, DIV -> isConstant(b.left()) && isConstant(b.right());
                default -> false;
            };
        }
        return false;
    }

    /**
     * Whether {@code e} is a constant expression (GLSL 4.60 4.3.3): literals, constants (and
     * specialization constants), and operators, constructors and built-in calls of such. A
     * comma, an assignment, a user call or {@code ++} is none, whatever its operands.
     */
    public static boolean isConstantExpression(Typed.Expr e) {
        if (e instanceof Typed.Literal) {
            return true;
        }
        if (e instanceof Typed.VarRef r) {
            return r.variable().storage() == Typed.Storage.CONST && (r.variable().decoration().constantId() >= 0
                    || r.variable().init() != null && isConstantExpression(r.variable().init()));
        }
        if (e instanceof Typed.Construct c) {
            return c.args().stream().allMatch(Constants::isConstantExpression);
        }
        if (e instanceof Typed.BuiltinCall c) {
            return c.args().stream().allMatch(Constants::isConstantExpression);
        }
        if (e instanceof Typed.Convert c) {
            return isConstantExpression(c.value());
        }
        if (e instanceof Typed.Splat s) {
            return isConstantExpression(s.value());
        }
        if (e instanceof Typed.Unary u) {
            return isConstantExpression(u.operand());
        }
        if (e instanceof Typed.Binary b) {
            return isConstantExpression(b.left()) && isConstantExpression(b.right());
        }
        if (e instanceof Typed.Swizzle s) {
            return isConstantExpression(s.base());
        }
        if (e instanceof Typed.Field f) {
            return isConstantExpression(f.base());
        }
        if (e instanceof Typed.Index ix) {
            return isConstantExpression(ix.base()) && isConstantExpression(ix.index());
        }
        if (e instanceof Typed.Conditional c) {
            return isConstantExpression(c.cond()) && isConstantExpression(c.then())
                    && isConstantExpression(c.otherwise());
        }
        return false;
    }

    /** The bits of a scalar of kind {@code from} converted to kind {@code to}, as the transform IR keeps them. */
    public static long convert(long bits, ScalarKind from, ScalarKind to) {
        double x = switch (from) {
            case FLOAT -> Float.intBitsToFloat((int) bits);
            case INT -> (int) bits;
            case UINT, BOOL -> bits & 0xFFFF_FFFFL;
            case DOUBLE -> Double.NaN;
        };
        return switch (to) {
            case FLOAT -> Float.floatToRawIntBits((float) x) & 0xFFFF_FFFFL;
            case INT, UINT -> ((long) x) & 0xFFFF_FFFFL;
            case BOOL -> x != 0 ? 1 : 0;
            case DOUBLE -> Double.doubleToRawLongBits(x);
        };
    }
}
