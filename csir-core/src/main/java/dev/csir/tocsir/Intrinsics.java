package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;
import dev.csir.types.MatrixType;

/**
 * Built-in functions as compositions of CSIR operations. Square roots and lengths go through
 * RSQ and RCP, so that sqrt(0) = rcp(rsq(0)) = rcp(0) = 0 on the interpreter and on TGSI alike;
 * exp is a power of e; floor comes from TRUNC and a comparison.
 */
final class Intrinsics {
    private final Selector s;

    Intrinsics(Selector s) {
        this.s = s;
    }

    void lower(Instruction i) {
        if (BitExact.handles(i.intrinsic())) {
            new BitExact(s).lower(i);
            return;
        }
        for (Value v : i.operands()) {
            if (!Selector.representable(v.type())) {
                s.unsupported("built-in " + i.intrinsic().glslName() + " on " + v.type());
                return;
            }
        }
        if (i.operand(0).type() instanceof MatrixType m) {
            Integer r = matrix(i, m);
            if (r == null) {
                s.unsupported("built-in " + i.intrinsic().glslName() + " on " + m);
            } else {
                s.bind(i, r);
            }
            return;
        }
        int n = Selector.lanes(i.type());
        // the arguments' registers, made on first use (the per-lane forms read lanes instead)
        int[] made = new int[i.operands().size()];
        java.util.Arrays.fill(made, -1);
        int widest = widest(i);
        java.util.function.IntUnaryOperator arg = k -> {
            if (made[k] < 0) {
                Value v = i.operand(k);
                int r = s.operand(v);
                // a scalar argument beside vectors (mix's a, clamp's bounds, step's edge) is spread
                made[k] = Selector.lanes(v.type()) == 1 && widest > 1 ? s.splat(r, widest) : r;
            }
            return made[k];
        };
        Args a = new Args(arg);
        if (s.intLanes(i.operand(0).type())) {
            Integer r = s.ints.intrinsic(i, arg);
            if (r == null) {
                s.unsupported("built-in " + i.intrinsic().glslName() + " on " + i.operand(0).type());
            } else {
                s.bind(i, r);
            }
            return;
        }
        Integer r = switch (i.intrinsic()) {
            case ABS -> s.op(Opcode.ABS, n, a.get(0), -1);
            case SIGN -> sign(a.get(0), n);
            case FLOOR -> s.floor(a.get(0), n);
            case CEIL -> s.perLane(n, k -> {
                int x = s.lane(a.get(0), k);
                int t = trunc(x, 1);
                return s.op(Opcode.ADD, 1, t, s.compare(Cmp.GT, x, t));
            });
            case FRACT -> s.op(Opcode.SUB, n, a.get(0), s.floor(a.get(0), n));
            case TRUNC -> trunc(a.get(0), n);
            case SQRT -> sqrt(a.get(0), n);
            case INVERSE_SQRT -> s.op(Opcode.RSQ, n, a.get(0), -1);
            case SIN -> s.op(Opcode.SIN, n, a.get(0), -1);
            case COS -> s.op(Opcode.COS, n, a.get(0), -1);
            case TAN -> s.divide(s.op(Opcode.SIN, n, a.get(0), -1), s.op(Opcode.COS, n, a.get(0), -1), n);
            case RADIANS -> s.op(Opcode.MUL, n, a.get(0), s.floats(n, (float) (Math.PI / 180.0)));
            case DEGREES -> s.op(Opcode.MUL, n, a.get(0), s.floats(n, (float) (180.0 / Math.PI)));
            case EXP -> power((float) Math.E, k -> s.lane(i.operand(0), k), n);
            case EXP2 -> power(2f, k -> s.lane(i.operand(0), k), n);
            case POW -> s.perLane(n, k -> s.op(Opcode.POW, 1, s.lane(i.operand(0), k), s.lane(i.operand(1), k)));
            case MOD -> {
                int q = s.floor(s.divide(a.get(0), a.get(1), n), n);
                yield s.op(Opcode.SUB, n, a.get(0), s.op(Opcode.MUL, n, a.get(1), q));
            }
            case MIN -> s.op(Opcode.MIN, n, a.get(0), a.get(1));
            case MAX -> s.op(Opcode.MAX, n, a.get(0), a.get(1));
            case CLAMP -> s.op(Opcode.MIN, n, s.op(Opcode.MAX, n, a.get(0), a.get(1)), a.get(2));
            case STEP -> s.perLane(n, k -> s.compare(Cmp.GE, s.lane(i.operand(1), k), s.lane(i.operand(0), k)));
            case MIX -> {
                int inv = s.op(Opcode.SUB, n, s.floats(n, 1f), a.get(2));
                yield s.op(Opcode.ADD, n, s.op(Opcode.MUL, n, a.get(0), inv), s.op(Opcode.MUL, n, a.get(1), a.get(2)));
            }
            case SMOOTHSTEP -> {
                int t = s.divide(s.op(Opcode.SUB, n, a.get(2), a.get(0)), s.op(Opcode.SUB, n, a.get(1), a.get(0)), n);
                t = s.op(Opcode.MIN, n, s.op(Opcode.MAX, n, t, s.floats(n, 0f)), s.floats(n, 1f));
                int poly = s.op(Opcode.SUB, n, s.floats(n, 3f), s.op(Opcode.MUL, n, s.floats(n, 2f), t));
                yield s.op(Opcode.MUL, n, s.op(Opcode.MUL, n, t, t), poly);
            }
            case DOT -> dot(a.get(0), a.get(1), lanesOf(i.operand(0)));
            case LENGTH -> length(a.get(0), lanesOf(i.operand(0)));
            case DISTANCE -> {
                int m = lanesOf(i.operand(0));
                yield length(s.op(Opcode.SUB, m, a.get(0), a.get(1)), m);
            }
            case NORMALIZE -> {
                int r0 = s.op(Opcode.RSQ, 1, dot(a.get(0), a.get(0), n), -1);
                yield s.op(Opcode.MUL, n, a.get(0), s.splat(r0, n));
            }
            case CROSS -> cross(a.get(0), a.get(1));
            case REFLECT -> {
                int d = dot(a.get(1), a.get(0), n);
                int twice = s.op(Opcode.MUL, 1, s.floats(1, 2f), d);
                yield s.op(Opcode.SUB, n, a.get(0), s.op(Opcode.MUL, n, s.splat(twice, n), a.get(1)));
            }
            case LOG2 -> s.op(Opcode.LG2, n, a.get(0), -1);
            case LOG -> ln(a.get(0), n);
            case ASINH -> {
                // sign(x) ln(|x| + sqrt(x^2 + 1))
                int x = a.get(0);
                int m = s.op(Opcode.ABS, n, x, -1);
                int root = sqrt(s.op(Opcode.ADD, n, s.op(Opcode.MUL, n, x, x), s.floats(n, 1f)), n);
                yield s.op(Opcode.MUL, n, ln(s.op(Opcode.ADD, n, m, root), n), sign(x, n));
            }
            case ACOSH -> {
                // ln(x + sqrt(x^2 - 1))
                int x = a.get(0);
                int root = sqrt(s.op(Opcode.SUB, n, s.op(Opcode.MUL, n, x, x), s.floats(n, 1f)), n);
                yield ln(s.op(Opcode.ADD, n, x, root), n);
            }
            case ATANH -> {
                // ln((1 + x) / (1 - x)) / 2
                int x = a.get(0);
                int q = s.divide(s.op(Opcode.ADD, n, s.floats(n, 1f), x), s.op(Opcode.SUB, n, s.floats(n, 1f), x), n);
                yield s.op(Opcode.MUL, n, ln(q, n), s.floats(n, 0.5f));
            }
            case ASIN, ACOS -> {
                // asin x = atan2(x, sqrt(1 - x^2)); acos x = pi/2 - asin x
                int x = a.get(0);
                int root = sqrt(s.op(Opcode.SUB, n, s.floats(n, 1f), s.op(Opcode.MUL, n, x, x)), n);
                int asin = atan2(x, root, n);
                yield i.intrinsic() == dev.csir.ssa.Intrinsic.ASIN ? asin
                        : s.op(Opcode.SUB, n, s.floats(n, HALF_PI), asin);
            }
            case ATAN -> atan(a.get(0), n);
            case ATAN2 -> atan2(a.get(0), a.get(1), n);
            case SINH, COSH -> {
                int up = exp(a.get(0), n);
                int down = s.op(Opcode.RCP, 1, up, -1);
                down = n == 1 ? down : s.perLane(n, k -> s.op(Opcode.RCP, 1, s.lane(up, k), -1));
                Opcode op = i.intrinsic() == dev.csir.ssa.Intrinsic.SINH ? Opcode.SUB : Opcode.ADD;
                yield s.op(Opcode.MUL, n, s.op(op, n, up, down), s.floats(n, 0.5f));
            }
            case TANH -> {
                // 1 - 2 / (e^2x + 1): +-1 at the ends rather than inf / inf
                int e2 = exp(s.op(Opcode.ADD, n, a.get(0), a.get(0)), n);
                int q = s.divide(s.floats(n, 2f), s.op(Opcode.ADD, n, e2, s.floats(n, 1f)), n);
                yield s.op(Opcode.SUB, n, s.floats(n, 1f), q);
            }
            case ROUND -> {
                // halfway cases away from zero, as the evaluator: trunc plus the sign where |fraction| >= 0.5
                int x = a.get(0);
                int t = trunc(x, n);
                int f = s.op(Opcode.ABS, n, s.op(Opcode.SUB, n, x, t), -1);
                int half = s.floats(1, 0.5f);
                int up = s.perLane(n, k -> s.compare(Cmp.GE, s.lane(f, k), half));
                yield s.op(Opcode.ADD, n, t, s.op(Opcode.MUL, n, up, sign(x, n)));
            }
            case ROUND_EVEN -> {
                int x = a.get(0);
                int fl = s.floor(x, n);
                int f = s.op(Opcode.SUB, n, x, fl);
                int half = s.floats(1, 0.5f);
                int halfFl = s.op(Opcode.MUL, n, fl, s.floats(n, 0.5f));
                int odd = s.op(Opcode.SUB, n, fl, s.op(Opcode.MUL, n, s.floor(halfFl, n), s.floats(n, 2f)));
                int above = s.perLane(n, k -> s.compare(Cmp.GT, s.lane(f, k), half));
                int tie = s.perLane(n, k -> s.compare(Cmp.EQ, s.lane(f, k), half));
                yield s.op(Opcode.ADD, n, fl, s.op(Opcode.ADD, n, above, s.op(Opcode.MUL, n, tie, odd)));
            }
            case IS_NAN -> s.perLane(n, k -> {
                int x = s.lane(a.get(0), k);
                return s.compare(Cmp.NE, x, x);
            });
            case IS_INF -> {
                int big = s.floats(1, Float.MAX_VALUE);
                int m = s.op(Opcode.ABS, n, a.get(0), -1);
                yield s.perLane(n, k -> s.compare(Cmp.GT, s.lane(m, k), big));
            }
            case FMA -> s.op(Opcode.ADD, n, s.op(Opcode.MUL, n, a.get(0), a.get(1)), a.get(2));
            case LDEXP -> {
                // the exponent is an int: integer lanes made floats first where ints are integer lanes
                int e = s.integers ? s.ints.toFloats(s.operand(i.operand(1)), n, false) : -1;
                yield s.op(Opcode.MUL, n, a.get(0), power(2f, k -> e >= 0 ? s.lane(e, k) : s.lane(i.operand(1), k), n));
            }
            case FACEFORWARD -> {
                // N where dot(Nref, I) < 0, else -N: N * (2c - 1)
                int c = s.compare(Cmp.LT, dot(a.get(2), a.get(1), n), s.floats(1, 0f));
                int k = s.op(Opcode.SUB, 1, s.op(Opcode.ADD, 1, c, c), s.floats(1, 1f));
                yield s.op(Opcode.MUL, n, a.get(0), s.splat(k, n));
            }
            case REFRACT -> {
                // k = 1 - eta^2 (1 - dot(N, I)^2); 0 where k < 0, else eta I - (eta dot(N, I) + sqrt k) N
                int eta = s.operand(i.operand(2));
                int d = dot(a.get(1), a.get(0), n);
                int k = s.op(Opcode.SUB, 1, s.floats(1, 1f), s.op(Opcode.MUL, 1, s.op(Opcode.MUL, 1, eta, eta),
                        s.op(Opcode.SUB, 1, s.floats(1, 1f), s.op(Opcode.MUL, 1, d, d))));
                int ok = s.compare(Cmp.GE, k, s.floats(1, 0f));
                int root = sqrt(s.op(Opcode.MAX, 1, k, s.floats(1, 0f)), 1);
                int f = s.op(Opcode.ADD, 1, s.op(Opcode.MUL, 1, eta, d), root);
                int v = s.op(Opcode.SUB, n, s.op(Opcode.MUL, n, s.splat(eta, n), a.get(0)),
                        s.op(Opcode.MUL, n, s.splat(f, n), a.get(1)));
                yield s.op(Opcode.MUL, n, v, s.splat(ok, n));
            }
            case ANY, ALL -> {
                int m = lanesOf(i.operand(0));
                int x = s.operand(i.operand(0));
                int acc = s.lane(x, 0);
                Opcode op = i.intrinsic() == dev.csir.ssa.Intrinsic.ANY ? Opcode.MAX : Opcode.MIN;
                for (int k = 1; k < m; k++) {
                    acc = s.op(op, 1, acc, s.lane(x, k));
                }
                yield acc;
            }
            case OUTER_PRODUCT -> outer(i);
            case DFDX, DFDX_COARSE -> s.op(Opcode.DDX, n, a.get(0), -1);
            case DFDY, DFDY_COARSE -> s.op(Opcode.DDY, n, a.get(0), -1);
            case DFDX_FINE -> s.op(Opcode.DDX_FINE, n, a.get(0), -1);
            case DFDY_FINE -> s.op(Opcode.DDY_FINE, n, a.get(0), -1);
            case FWIDTH, FWIDTH_COARSE -> fwidth(a.get(0), n, Opcode.DDX, Opcode.DDY);
            case FWIDTH_FINE -> fwidth(a.get(0), n, Opcode.DDX_FINE, Opcode.DDY_FINE);
            default -> null;
        };
        if (r == null) {
            s.unsupported("built-in " + i.intrinsic().glslName());
            return;
        }
        s.bind(i, r);
    }

    private static final float HALF_PI = (float) (Math.PI / 2);
    private static final float PI = (float) Math.PI;
    /** atan t / t as a polynomial in t^2 on [0, 1], fitted to within 2e-6 of atan. */
    private static final float[] ATAN = {0.999977215f, -0.332622723f, 0.193539758f, -0.116425048f, 0.052645907f,
        -0.011718608f};

    /** fwidth: |d/dx| + |d/dy|, as GLSL defines it. */
    private int fwidth(int x, int n, Opcode ddx, Opcode ddy) {
        int dx = s.op(Opcode.ABS, n, s.op(ddx, n, x, -1), -1);
        int dy = s.op(Opcode.ABS, n, s.op(ddy, n, x, -1), -1);
        return s.op(Opcode.ADD, n, dx, dy);
    }

    /** sqrt through RSQ and RCP, as sqrt itself. */
    private int sqrt(int x, int n) {
        return s.op(Opcode.RCP, n, s.op(Opcode.RSQ, n, x, -1), -1);
    }

    /** ln x per lane: log2 x times ln 2. */
    private int ln(int x, int n) {
        return s.op(Opcode.MUL, n, s.op(Opcode.LG2, n, x, -1), s.floats(n, (float) Math.log(2)));
    }

    /** base^x per lane, lane k of x in lane x of register {@code lane(k)}. */
    private int power(float base, java.util.function.IntUnaryOperator lane, int n) {
        int b = s.floats(1, base);
        return s.perLane(n, k -> s.op(Opcode.POW, 1, b, lane.applyAsInt(k)));
    }

    /** e^x per lane of register x. */
    private int exp(int x, int n) {
        return power((float) Math.E, k -> s.lane(x, k), n);
    }

    /** -1, 0 or 1 per lane. */
    private int sign(int x, int n) {
        int zero = s.floats(1, 0f);
        return s.perLane(n, k -> {
            int v = s.lane(x, k);
            return s.op(Opcode.SUB, 1, s.compare(Cmp.GT, v, zero), s.compare(Cmp.LT, v, zero));
        });
    }

    /** atan t for t in [0, 1]: t times the polynomial. */
    private int atanUnit(int t, int n) {
        int u = s.op(Opcode.MUL, n, t, t);
        int p = s.floats(n, ATAN[ATAN.length - 1]);
        for (int k = ATAN.length - 2; k >= 0; k--) {
            p = s.op(Opcode.ADD, n, s.op(Opcode.MUL, n, p, u), s.floats(n, ATAN[k]));
        }
        return s.op(Opcode.MUL, n, t, p);
    }

    /** atan x: the unit form of min(|x|, 1) / max(|x|, 1), reflected about pi/4 above 1, signed. */
    private int atan(int x, int n) {
        int m = s.op(Opcode.ABS, n, x, -1);
        int one = s.floats(n, 1f);
        int t = s.divide(s.op(Opcode.MIN, n, m, one), s.op(Opcode.MAX, n, m, one), n);
        int p = atanUnit(t, n);
        int big = s.perLane(n, k -> s.compare(Cmp.GT, s.lane(m, k), s.floats(1, 1f)));
        int r = s.op(Opcode.ADD, n, p, s.op(Opcode.MUL, n, big, s.op(Opcode.SUB, n, s.floats(n, HALF_PI),
                s.op(Opcode.ADD, n, p, p))));
        return s.op(Opcode.MUL, n, r, sign(x, n));
    }

    /** atan(y, x) in (-pi, pi]: the unit form of min / max of |y| and |x|, put in y and x's quadrant. */
    private int atan2(int y, int x, int n) {
        int ay = s.op(Opcode.ABS, n, y, -1);
        int ax = s.op(Opcode.ABS, n, x, -1);
        int t = s.divide(s.op(Opcode.MIN, n, ay, ax), s.op(Opcode.MAX, n, ay, ax), n);
        int p = atanUnit(t, n);
        int zero = s.floats(1, 0f);
        int steep = s.perLane(n, k -> s.compare(Cmp.GT, s.lane(ay, k), s.lane(ax, k)));
        p = s.op(Opcode.ADD, n, p, s.op(Opcode.MUL, n, steep, s.op(Opcode.SUB, n, s.floats(n, HALF_PI),
                s.op(Opcode.ADD, n, p, p))));
        int left = s.perLane(n, k -> s.compare(Cmp.LT, s.lane(x, k), zero));
        p = s.op(Opcode.ADD, n, p, s.op(Opcode.MUL, n, left, s.op(Opcode.SUB, n, s.floats(n, PI),
                s.op(Opcode.ADD, n, p, p))));
        // the sign of y, +0 counting as positive
        int below = s.perLane(n, k -> s.compare(Cmp.LT, s.lane(y, k), zero));
        int sy = s.op(Opcode.SUB, n, s.floats(n, 1f), s.op(Opcode.ADD, n, below, below));
        return s.op(Opcode.MUL, n, p, sy);
    }

    /** outerProduct(c, r): column j is c * r[j]. */
    private int outer(Instruction i) {
        MatrixType m = (MatrixType) i.type();
        int c = s.operand(i.operand(0));
        int d = s.newRegister(m);
        for (int j = 0; j < m.columns(); j++) {
            int col = s.op(Opcode.MUL, m.rows(), c, s.splat(s.lane(i.operand(1), j), m.rows()));
            s.emitPartial(Opcode.MOV, dev.csir.ir.Type.floatVector(m.rows()), m.rows(), d + j, col, -1, 0, 0);
        }
        return d;
    }

    /** The matrix functions, column by column; null for one CSIR does not have. */
    private Integer matrix(Instruction i, MatrixType m) {
        int a = s.operand(i.operand(0));
        int n = m.rows();
        dev.csir.ir.Type column = dev.csir.ir.Type.floatVector(n);
        return switch (i.intrinsic()) {
            case MATRIX_COMP_MULT -> {
                int b = s.operand(i.operand(1));
                int d = s.newRegister(m);
                for (int j = 0; j < m.columns(); j++) {
                    s.emitPartial(Opcode.MUL, column, n, d + j, a + j, b + j, 0, 0);
                }
                yield d;
            }
            case TRANSPOSE -> columns((MatrixType) i.type(), (col, row) -> s.lane(a + row, col));
            case DETERMINANT -> n == 2 ? det2(a) : n == 3 ? det3(a) : det4(a);
            case INVERSE -> n == 2 ? inverse2(a, m) : n == 3 ? inverse3(a, m) : inverse4(a, m);
            default -> null;
        };
    }

    /** A matrix whose column {@code c}, row {@code r} is the scalar register {@code element(c, r)}. */
    private int columns(MatrixType m, java.util.function.IntBinaryOperator element) {
        int d = s.newRegister(m);
        dev.csir.ir.Type column = dev.csir.ir.Type.floatVector(m.rows());
        for (int c = 0; c < m.columns(); c++) {
            int[] parts = new int[m.rows()];
            for (int r = 0; r < m.rows(); r++) {
                parts[r] = element.applyAsInt(c, r);
            }
            s.emitPartial(Opcode.MOV, column, m.rows(), d + c, s.assemble(parts, column), -1, 0, 0);
        }
        return d;
    }

    /** a.x * b.y - b.x * a.y of the columns a and b. */
    private int det2(int a) {
        return s.op(Opcode.SUB, 1, s.op(Opcode.MUL, 1, a, s.lane(a + 1, 1)),
                s.op(Opcode.MUL, 1, a + 1, s.lane(a, 1)));
    }

    /** The adjugate ({@code d, -b; -c, a}) over the determinant. */
    private int inverse2(int a, MatrixType m) {
        int inv = s.op(Opcode.RCP, 1, det2(a), -1);
        int[] e = {s.lane(a + 1, 1), s.lane(a, 1), s.lane(a + 1, 0), a}; // d, c, b, a
        int zero = s.floats(1, 0f);
        int[] scaled = new int[4];
        for (int k = 0; k < 4; k++) {
            int x = s.op(Opcode.MUL, 1, e[k], inv);
            scaled[k] = k == 1 || k == 2 ? s.op(Opcode.SUB, 1, zero, x) : x;
        }
        // column 0 is (d, -c), column 1 is (-b, a)
        return columns(m, (col, row) -> scaled[2 * col + row]);
    }

    /** dot(c0, cross(c1, c2)). */
    private int det3(int a) {
        return dot(a, cross(a + 1, a + 2), 3);
    }

    /** The inverse of a 3x3 matrix: its rows are the columns' pairwise cross products over the determinant. */
    private int inverse3(int a, MatrixType m) {
        int[] rows = {cross(a + 1, a + 2), cross(a + 2, a), cross(a, a + 1)};
        int inv = s.op(Opcode.RCP, 1, dot(a, rows[0], 3), -1);
        int[] scaled = new int[3];
        for (int r = 0; r < 3; r++) {
            scaled[r] = s.op(Opcode.MUL, 3, rows[r], s.splat(inv, 3));
        }
        return columns(m, (col, row) -> s.lane(scaled[row], col));
    }

    /** Element (column c, row r) of a 4x4 matrix as a scalar register, read once. */
    private int[][] elements4(int a) {
        int[][] e = new int[4][4];
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                e[c][r] = s.lane(a + c, r);
            }
        }
        return e;
    }

    private int mul(int x, int y) {
        return s.op(Opcode.MUL, 1, x, y);
    }

    private int sub(int x, int y) {
        return s.op(Opcode.SUB, 1, x, y);
    }

    private int add(int x, int y) {
        return s.op(Opcode.ADD, 1, x, y);
    }

    /**
     * The 2x2 minors of a 4x4 matrix used by its determinant and inverse (Laplace expansion along
     * the first two and the last two columns): lo[k] from columns 0 and 1, hi[k] from 2 and 3, for
     * the row pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3).
     */
    private int[][] minors4(int[][] e) {
        int[][] pairs = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
        int[] lo = new int[6];
        int[] hi = new int[6];
        for (int k = 0; k < 6; k++) {
            int i = pairs[k][0];
            int j = pairs[k][1];
            lo[k] = sub(mul(e[0][i], e[1][j]), mul(e[0][j], e[1][i]));
            hi[k] = sub(mul(e[2][i], e[3][j]), mul(e[2][j], e[3][i]));
        }
        return new int[][] {lo, hi};
    }

    /** det = sum over complementary row pairs of +-lo * hi. */
    private int det4(int[][] lohi) {
        int[] lo = lohi[0];
        int[] hi = lohi[1];
        int d = mul(lo[0], hi[5]);
        d = sub(d, mul(lo[1], hi[4]));
        d = add(d, mul(lo[2], hi[3]));
        d = add(d, mul(lo[3], hi[2]));
        d = sub(d, mul(lo[4], hi[1]));
        return add(d, mul(lo[5], hi[0]));
    }

    private int det4(int a) {
        return det4(minors4(elements4(a)));
    }

    /** The inverse of a 4x4 matrix: the adjugate from the 2x2 minors, over the determinant. */
    private int inverse4(int a, MatrixType m) {
        int[][] e = elements4(a);
        int[][] lohi = minors4(e);
        int[] lo = lohi[0];
        int[] hi = lohi[1];
        int inv = s.op(Opcode.RCP, 1, det4(lohi), -1);
        // adj[c][r], column c and row r of the inverse, is the cofactor of row c, column r: its
        // 3x3 minor expanded along the column left of its own pair, with the other pair's 2x2 minors
        int[][] adj = new int[4][4];
        adj[0][0] = sub(add(mul(e[1][1], hi[5]), mul(e[1][3], hi[3])), mul(e[1][2], hi[4]));
        adj[0][1] = sub(sub(mul(e[0][2], hi[4]), mul(e[0][1], hi[5])), mul(e[0][3], hi[3]));
        adj[0][2] = sub(add(mul(e[3][1], lo[5]), mul(e[3][3], lo[3])), mul(e[3][2], lo[4]));
        adj[0][3] = sub(sub(mul(e[2][2], lo[4]), mul(e[2][1], lo[5])), mul(e[2][3], lo[3]));
        adj[1][0] = sub(sub(mul(e[1][2], hi[2]), mul(e[1][0], hi[5])), mul(e[1][3], hi[1]));
        adj[1][1] = sub(add(mul(e[0][0], hi[5]), mul(e[0][3], hi[1])), mul(e[0][2], hi[2]));
        adj[1][2] = sub(sub(mul(e[3][2], lo[2]), mul(e[3][0], lo[5])), mul(e[3][3], lo[1]));
        adj[1][3] = sub(add(mul(e[2][0], lo[5]), mul(e[2][3], lo[1])), mul(e[2][2], lo[2]));
        adj[2][0] = sub(add(mul(e[1][0], hi[4]), mul(e[1][3], hi[0])), mul(e[1][1], hi[2]));
        adj[2][1] = sub(sub(mul(e[0][1], hi[2]), mul(e[0][0], hi[4])), mul(e[0][3], hi[0]));
        adj[2][2] = sub(add(mul(e[3][0], lo[4]), mul(e[3][3], lo[0])), mul(e[3][1], lo[2]));
        adj[2][3] = sub(sub(mul(e[2][1], lo[2]), mul(e[2][0], lo[4])), mul(e[2][3], lo[0]));
        adj[3][0] = sub(sub(mul(e[1][1], hi[1]), mul(e[1][0], hi[3])), mul(e[1][2], hi[0]));
        adj[3][1] = sub(add(mul(e[0][0], hi[3]), mul(e[0][2], hi[0])), mul(e[0][1], hi[1]));
        adj[3][2] = sub(sub(mul(e[3][1], lo[1]), mul(e[3][0], lo[3])), mul(e[3][2], lo[0]));
        adj[3][3] = sub(add(mul(e[2][0], lo[3]), mul(e[2][2], lo[0])), mul(e[2][1], lo[1]));
        return columns(m, (col, row) -> mul(adj[col][row], inv));
    }

    /** The arguments' registers by index, {@code a[k]} read as {@code a.get(k)}. */
    private record Args(java.util.function.IntUnaryOperator of) {
        int get(int k) {
            return of.applyAsInt(k);
        }
    }

    private static int lanesOf(Value v) {
        return Selector.lanes(v.type());
    }

    /** The most lanes among the arguments and the result. */
    private static int widest(Instruction i) {
        int n = Selector.lanes(i.type());
        for (Value v : i.operands()) {
            n = Math.max(n, Selector.lanes(v.type()));
        }
        return n;
    }

    private int trunc(int x, int n) {
        return s.op(Opcode.TRUNC, n, x, -1);
    }

    /** dot(a, b) into lane x: DOT for 3 and 4 lanes, a MUL and a lane add for 2, a MUL for 1. */
    int dot(int a, int b, int n) {
        if (n == 1) {
            return s.op(Opcode.MUL, 1, a, b);
        }
        if (n == 2) {
            int m = s.op(Opcode.MUL, 2, a, b);
            return s.op(Opcode.ADD, 1, m, s.lane(m, 1));
        }
        int t = s.code.newRegister(1);
        s.emit(Opcode.DOT, dev.csir.ir.Type.FLOAT, 1, t, a, b, n, 0);
        return t;
    }

    /** |v| as rcp(rsq(dot(v, v))); |x| for a scalar. */
    private int length(int v, int n) {
        if (n == 1) {
            return s.op(Opcode.ABS, 1, v, -1);
        }
        return s.op(Opcode.RCP, 1, s.op(Opcode.RSQ, 1, dot(v, v, n), -1), -1);
    }

    /** a.yzx * b.zxy - a.zxy * b.yzx, by two swizzles of each side. */
    private int cross(int a, int b) {
        int yzx = 1 | 2 << 2 | 0 << 4;
        int zxy = 2 | 0 << 2 | 1 << 4;
        int l = s.op(Opcode.MUL, 3, swizzle(a, yzx), swizzle(b, zxy));
        int r = s.op(Opcode.MUL, 3, swizzle(a, zxy), swizzle(b, yzx));
        return s.op(Opcode.SUB, 3, l, r);
    }

    private int swizzle(int r, int mask) {
        int t = s.code.newRegister(1);
        s.emit(Opcode.SWZ, dev.csir.ir.Type.VEC3, 3, t, r, -1, mask, 0);
        return t;
    }
}
