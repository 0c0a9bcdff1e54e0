package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;

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
        for (Value v : i.operands()) {
            if (!Selector.representable(v.type()) || v.type() instanceof dev.csir.types.MatrixType) {
                s.unsupported("built-in " + i.intrinsic().glslName() + " on " + v.type());
                return;
            }
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
        Integer r = switch (i.intrinsic()) {
            case ABS -> s.op(Opcode.ABS, n, a.get(0), -1);
            case SIGN -> {
                int zero = s.floats(1, 0f);
                yield s.perLane(n, k -> {
                    int x = s.lane(a.get(0), k);
                    return s.op(Opcode.SUB, 1, s.compare(Cmp.GT, x, zero), s.compare(Cmp.LT, x, zero));
                });
            }
            case FLOOR -> s.floor(a.get(0), n);
            case CEIL -> s.perLane(n, k -> {
                int x = s.lane(a.get(0), k);
                int t = trunc(x, 1);
                return s.op(Opcode.ADD, 1, t, s.compare(Cmp.GT, x, t));
            });
            case FRACT -> s.op(Opcode.SUB, n, a.get(0), s.floor(a.get(0), n));
            case TRUNC -> trunc(a.get(0), n);
            case SQRT -> s.op(Opcode.RCP, n, s.op(Opcode.RSQ, n, a.get(0), -1), -1);
            case INVERSE_SQRT -> s.op(Opcode.RSQ, n, a.get(0), -1);
            case SIN -> s.op(Opcode.SIN, n, a.get(0), -1);
            case COS -> s.op(Opcode.COS, n, a.get(0), -1);
            case TAN -> s.divide(s.op(Opcode.SIN, n, a.get(0), -1), s.op(Opcode.COS, n, a.get(0), -1), n);
            case RADIANS -> s.op(Opcode.MUL, n, a.get(0), s.floats(n, (float) (Math.PI / 180.0)));
            case DEGREES -> s.op(Opcode.MUL, n, a.get(0), s.floats(n, (float) (180.0 / Math.PI)));
            case EXP, EXP2 -> {
                int base = s.floats(1, i.intrinsic() == dev.csir.ssa.Intrinsic.EXP ? (float) Math.E : 2f);
                yield s.perLane(n, k -> s.op(Opcode.POW, 1, base, s.lane(i.operand(0), k)));
            }
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
            default -> null;
        };
        if (r == null) {
            s.unsupported("built-in " + i.intrinsic().glslName());
            return;
        }
        s.bind(i, r);
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
