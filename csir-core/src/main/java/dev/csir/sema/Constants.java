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
        Long v = switch (e) {
            case Typed.Literal l -> (long) (int) l.bits();
            case Typed.VarRef r when r.variable().storage() == Typed.Storage.CONST -> intValue(r.variable().init());
            case Typed.Unary u when u.op() == Typed.UnaryOp.NEG -> negate(intValue(u.operand()));
            case Typed.Binary b -> fold(b.op(), intValue(b.left()), intValue(b.right()));
            default -> null;
        };
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
        return switch (e) {
            case Typed.VarRef r when r.variable().storage() == Typed.Storage.CONST
                    && r.variable().decoration().constantId() < 0 -> intLanes(r.variable().init());
            case Typed.Splat s -> intLanes(s.value()) instanceof int[] v && v.length == 1
                    ? java.util.Collections.nCopies(e.type().componentCount(), v[0]).stream().mapToInt(i -> i).toArray()
                    : null;
            case Typed.Construct c when !c.diagonal() -> {
                java.util.List<Integer> lanes = new java.util.ArrayList<>();
                for (Typed.Expr a : c.args()) {
                    int[] v = intLanes(a);
                    if (v == null) {
                        yield null;
                    }
                    for (int x : v) {
                        lanes.add(x);
                    }
                }
                yield lanes.stream().mapToInt(i -> i).toArray();
            }
            case Typed.Unary u when u.op() == Typed.UnaryOp.NEG -> intLanes(u.operand()) instanceof int[] v
                    ? java.util.Arrays.stream(v).map(x -> -x).toArray() : null;
            default -> null;
        };
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
        return switch (e) {
            case Typed.Literal l -> l.bits();
            case Typed.Unary u when u.op() == Typed.UnaryOp.NEG && scalarBits(u.operand()) instanceof Long v ->
                    e.type().scalarKind() == ScalarKind.FLOAT
                            ? Float.floatToRawIntBits(-Float.intBitsToFloat((int) (long) v)) & 0xFFFF_FFFFL
                            : -(int) (long) v & 0xFFFF_FFFFL;
            case Typed.Convert c when scalarBits(c.value()) instanceof Long v -> convert(v, c.value().type().scalarKind(),
                    e.type().scalarKind());
            default -> null;
        };
    }

    /**
     * Whether {@code e} is a constant expression of the kind a uniform's initializer must be:
     * literals, constants, and constructors, built-in function calls, conversions, negations,
     * swizzles, members, elements at a constant index and component-wise {@code + - * /} of such.
     */
    public static boolean isConstant(Typed.Expr e) {
        return switch (e) {
            case Typed.Literal l -> true;
            case Typed.VarRef r -> r.variable().storage() == Typed.Storage.CONST && r.variable().init() != null
                    && r.variable().decoration().constantId() < 0 && isConstant(r.variable().init());
            case Typed.Construct c -> c.args().stream().allMatch(Constants::isConstant);
            case Typed.BuiltinCall c -> c.args().stream().allMatch(Constants::isConstant);
            case Typed.Convert c -> isConstant(c.value());
            case Typed.Splat s -> isConstant(s.value());
            case Typed.Unary u -> u.op() == Typed.UnaryOp.NEG && isConstant(u.operand());
            case Typed.Swizzle s -> isConstant(s.base());
            case Typed.Field f -> isConstant(f.base());
            case Typed.Index ix -> intValue(ix.index()) != null && isConstant(ix.base());
            case Typed.Binary b -> switch (b.op()) {
                case ADD, SUB, MUL, DIV -> isConstant(b.left()) && isConstant(b.right());
                default -> false;
            };
            default -> false;
        };
    }

    /**
     * Whether {@code e} is a constant expression (GLSL 4.60 4.3.3): literals, constants (and
     * specialization constants), and operators, constructors and built-in calls of such. A
     * comma, an assignment, a user call or {@code ++} is none, whatever its operands.
     */
    public static boolean isConstantExpression(Typed.Expr e) {
        return switch (e) {
            case Typed.Literal l -> true;
            case Typed.VarRef r -> r.variable().storage() == Typed.Storage.CONST && (r.variable().decoration().constantId() >= 0
                    || r.variable().init() != null && isConstantExpression(r.variable().init()));
            case Typed.Construct c -> c.args().stream().allMatch(Constants::isConstantExpression);
            case Typed.BuiltinCall c -> c.args().stream().allMatch(Constants::isConstantExpression);
            case Typed.Convert c -> isConstantExpression(c.value());
            case Typed.Splat s -> isConstantExpression(s.value());
            case Typed.Unary u -> isConstantExpression(u.operand());
            case Typed.Binary b -> isConstantExpression(b.left()) && isConstantExpression(b.right());
            case Typed.Swizzle s -> isConstantExpression(s.base());
            case Typed.Field f -> isConstantExpression(f.base());
            case Typed.Index ix -> isConstantExpression(ix.base()) && isConstantExpression(ix.index());
            case Typed.Conditional c -> isConstantExpression(c.cond()) && isConstantExpression(c.then())
                    && isConstantExpression(c.otherwise());
            default -> false;
        };
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
