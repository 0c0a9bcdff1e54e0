package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

/**
 * The lowering of int and uint values to CSIR's integer lanes (the default profile; see
 * {@link dev.csir.ir.Opcode}): arithmetic, bit operators, shifts, comparisons, conversions, bit
 * casts, component selection and the integer built-ins, each on the same 32-bit patterns as the
 * transform IR computes them. Where CSIR has no opcode of its own, a short composition: {@code a -
 * b} is {@code a + -b}, a bvec selection masks, bitfieldInsert shifts a UBFE mask into place. The
 * interface keeps CSIR's float-valued ints (what the devices upload and interpolate): a load from
 * it converts to integer lanes, a store converts back.
 */
final class Integers {
    private final Selector s;

    Integers(Selector s) {
        this.s = s;
    }

    private static boolean unsigned(Type t) {
        return t.scalarKind() == ScalarKind.UINT;
    }

    /** {@code op} on n lanes of a and b into a new register, typed as integer lanes. */
    int op(Opcode op, int n, boolean unsigned, int a, int b) {
        int t = s.code.newRegister(1);
        s.emit(op, dev.csir.ir.Type.integerLanes(n, unsigned), n, t, a, b, 0, 0);
        return t;
    }

    private int unary(Opcode op, int n, boolean unsigned, int a) {
        return op(op, n, unsigned, a, -1);
    }

    /** A comparison of lane x of a and b, signed or not: 1.0 or 0.0 in lane x. */
    int compare(Cmp cmp, boolean unsigned, int a, int b) {
        int t = s.code.newRegister(1);
        s.emit(unsigned ? Opcode.UCMP : Opcode.ICMP, dev.csir.ir.Type.BOOL, 1, t, a, b, cmp.code(), 0);
        return t;
    }

    /** Float-valued ints (as the interface holds them) on n lanes to integer lanes. */
    int fromFloats(int r, int n, boolean unsigned) {
        return unary(unsigned ? Opcode.F2U : Opcode.F2I, n, unsigned, r);
    }

    /** Integer lanes on n lanes to float-valued ints. */
    int toFloats(int r, int n, boolean unsigned) {
        int t = s.code.newRegister(1);
        s.emit(unsigned ? Opcode.U2F : Opcode.I2F, dev.csir.ir.Type.floatVector(n), n, t, r, -1, 0, 0);
        return t;
    }

    /** The operand {@code v} spread to n lanes (a scalar shift count or bound beside a vector). */
    private int widened(Value v, int n) {
        int r = s.operand(v);
        return Selector.lanes(v.type()) == 1 && n > 1 ? s.splat(r, n) : r;
    }

    /** Lowers {@code i} when it is an operation on integer lanes; false when it is none. */
    boolean lower(Instruction i) {
        boolean bool = i.hasResult() && i.type().scalarKind() == ScalarKind.BOOL;
        switch (i.op()) {
            case ADD, SUB, MUL, DIV, REM, NEG, BIT_AND, BIT_OR, BIT_XOR, BIT_NOT, SHL, SHR -> {
                boolean bits = i.op() == dev.csir.ssa.Opcode.BIT_AND || i.op() == dev.csir.ssa.Opcode.BIT_OR
                        || i.op() == dev.csir.ssa.Opcode.BIT_XOR;
                if (!s.intLanes(i.type()) && !(bits && bool)) {
                    return false;
                }
                arithmetic(i);
            }
            case EQ, NE, LT, LE, GT, GE -> {
                if (!s.intLanes(i.operand(0).type())) {
                    return false;
                }
                compare(i);
            }
            case SELECT -> {
                if (!s.intLanes(i.type()) || i.operand(0).type() instanceof ScalarType) {
                    return false;
                }
                select(i);
            }
            case CONVERT -> {
                if (!s.intLanes(i.type()) && !s.intLanes(i.operand(0).type())) {
                    return false;
                }
                convert(i);
            }
            case BITCAST -> bitcast(i);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The binary and unary arithmetic, bit and shift operators on int or uint (and bool bit operators). */
    void arithmetic(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        Type t = i.type();
        int n = Selector.lanes(t);
        boolean u = unsigned(t);
        int a = widened(i.operand(0), n);
        int r = switch (i.op()) {
            case NEG -> unary(Opcode.INEG, n, u, a);
            case BIT_NOT -> unary(Opcode.NOT, n, u, a);
            default -> {
                int b = widened(i.operand(1), n);
                yield switch (i.op()) {
                    case ADD -> op(Opcode.IADD, n, u, a, b);
                    case SUB -> op(Opcode.IADD, n, u, a, unary(Opcode.INEG, n, u, b));
                    case MUL -> op(Opcode.IMUL, n, u, a, b);
                    case DIV -> op(u ? Opcode.UDIV : Opcode.IDIV, n, u, a, b);
                    case REM -> op(u ? Opcode.UMOD : Opcode.IMOD, n, u, a, b);
                    case BIT_AND -> op(Opcode.AND, n, u, a, b);
                    case BIT_OR -> op(Opcode.OR, n, u, a, b);
                    case BIT_XOR -> op(Opcode.XOR, n, u, a, b);
                    case SHL -> op(Opcode.SHL, n, u, a, b);
                    default -> op(u ? Opcode.USHR : Opcode.ISHR, n, u, a, b); // SHR: as the left operand is signed
                };
            }
        };
        s.bind(i, r);
    }

    /** A component-wise comparison of ints or uints. */
    void compare(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        Type operand = i.operand(0).type();
        boolean u = unsigned(operand);
        Cmp cmp = switch (i.op()) {
            case EQ -> Cmp.EQ;
            case NE -> Cmp.NE;
            case LT -> Cmp.LT;
            case LE -> Cmp.LE;
            case GT -> Cmp.GT;
            default -> Cmp.GE;
        };
        int n = Selector.lanes(i.type());
        s.bind(i, s.perLane(n, k -> compare(cmp, u, s.lane(i.operand(0), k), s.lane(i.operand(1), k))));
    }

    /** {@code select bvec, a, b} of integer lanes: {@code (a & m) | (b & ~m)} with m all ones where true. */
    void select(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        int n = Selector.lanes(i.type());
        boolean u = unsigned(i.type());
        int m = mask(s.operand(i.operand(0)), n);
        int a = op(Opcode.AND, n, u, s.operand(i.operand(1)), m);
        int b = op(Opcode.AND, n, u, s.operand(i.operand(2)), unary(Opcode.NOT, n, u, m));
        s.bind(i, op(Opcode.OR, n, u, a, b));
    }

    /** CSIR bools (1.0 or 0.0) on n lanes to masks: all ones or zero. */
    int mask(int bools, int n) {
        return unary(Opcode.INEG, n, false, unary(Opcode.F2I, n, false, bools));
    }

    /** A conversion from or to int or uint, with GLSL's rules (as the evaluator has them). */
    void convert(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        ScalarKind from = i.operand(0).type().scalarKind();
        ScalarKind to = i.type().scalarKind();
        int n = Selector.lanes(i.type());
        int a = s.operand(i.operand(0));
        boolean fromInt = from == ScalarKind.INT || from == ScalarKind.UINT;
        int r;
        if (to == ScalarKind.BOOL) {
            // x != 0 as an integer: -0.0's pattern is a nonzero int
            int zero = s.intConstant(1, 0);
            r = s.perLane(n, k -> compare(Cmp.NE, false, s.lane(a, k), zero));
        } else if (fromInt && (to == ScalarKind.INT || to == ScalarKind.UINT)) {
            r = a; // the same 32 bits
        } else if (fromInt && n == 1 && constantValue(i.operand(0)) instanceof dev.csir.ssa.Constant.Scalar k) {
            // a constant (a specialization constant's default too) converts now, as it always did
            r = s.floats(1, from == ScalarKind.UINT ? (float) (k.bits() & 0xFFFF_FFFFL) : (float) (int) k.bits());
        } else if (fromInt) {
            r = toFloats(a, n, from == ScalarKind.UINT); // to float
        } else if (from == ScalarKind.BOOL) {
            r = unary(Opcode.F2I, n, to == ScalarKind.UINT, a); // 1.0 is 1
        } else {
            r = fromFloats(a, n, to == ScalarKind.UINT);
        }
        s.bind(i, r);
    }

    /** The constant a value is in CSIR, which has no specialization, or null. */
    private static dev.csir.ssa.Constant constantValue(Value v) {
        return v instanceof dev.csir.ssa.SpecConstant sc ? sc.defaultValue() : v instanceof dev.csir.ssa.Constant c ? c : null;
    }

    /** floatBitsToInt and its siblings: the lanes keep their bits. */
    void bitcast(Instruction i) {
        Type from = i.operand(0).type();
        Type to = i.type();
        boolean words = (from instanceof ScalarType || from instanceof VectorType)
                && (to instanceof ScalarType || to instanceof VectorType)
                && Selector.lanes(from) == Selector.lanes(to)
                && from.scalarKind() != ScalarKind.DOUBLE && to.scalarKind() != ScalarKind.DOUBLE
                && from.scalarKind() != ScalarKind.BOOL && to.scalarKind() != ScalarKind.BOOL;
        if (!words) {
            s.unsupported("a bit cast of " + from + " to " + to);
            return;
        }
        s.bind(i, s.operand(i.operand(0)));
    }

    /**
     * An integer built-in on int or uint arguments, or null when CSIR has none for it. {@code arg}
     * gives each argument's register, a scalar beside vectors spread.
     */
    Integer intrinsic(Instruction i, java.util.function.IntUnaryOperator arg) {
        Type t = i.operand(0).type();
        boolean u = unsigned(t);
        int n = Selector.lanes(i.type());
        return switch (i.intrinsic()) {
            case ABS -> u ? arg.applyAsInt(0) : unary(Opcode.IABS, n, false, arg.applyAsInt(0));
            case SIGN -> unary(Opcode.ISSG, n, u, arg.applyAsInt(0));
            case MIN -> op(u ? Opcode.UMIN : Opcode.IMIN, n, u, arg.applyAsInt(0), arg.applyAsInt(1));
            case MAX -> op(u ? Opcode.UMAX : Opcode.IMAX, n, u, arg.applyAsInt(0), arg.applyAsInt(1));
            case CLAMP -> op(u ? Opcode.UMIN : Opcode.IMIN, n, u,
                    op(u ? Opcode.UMAX : Opcode.IMAX, n, u, arg.applyAsInt(0), arg.applyAsInt(1)), arg.applyAsInt(2));
            case BIT_COUNT -> unary(Opcode.POPC, n, false, arg.applyAsInt(0));
            case FIND_LSB -> unary(Opcode.LSB, n, false, arg.applyAsInt(0));
            case FIND_MSB -> unary(u ? Opcode.UMSB : Opcode.IMSB, n, false, arg.applyAsInt(0));
            case BITFIELD_REVERSE -> unary(Opcode.BREV, n, u, arg.applyAsInt(0));
            case BITFIELD_EXTRACT -> op(u ? Opcode.UBFE : Opcode.IBFE, n, u, s.operand(i.operand(0)),
                    field(i.operand(1), i.operand(2)));
            case BITFIELD_INSERT -> insert(i, n, u);
            default -> null;
        };
    }

    /** A field's offset and bit count (scalar ints) in lanes x and y of one register. */
    private int field(Value offset, Value bits) {
        return s.assemble(new int[] {s.operand(offset), s.operand(bits)}, dev.csir.ir.Type.I32VEC2);
    }

    /**
     * bitfieldInsert(base, insert, offset, bits): {@code (base & ~m) | ((insert << offset) & m)}
     * with {@code m = ubfe(~0, offset, bits) << offset}, the field's mask, which is 0 where the
     * field lies outside the 32 bits (GLSL leaves that undefined): then the base is kept, as the
     * evaluator keeps it.
     */
    private int insert(Instruction i, int n, boolean u) {
        int base = s.operand(i.operand(0));
        int insert = s.operand(i.operand(1));
        int offset = s.splat(s.operand(i.operand(2)), n);
        int ones = s.intConstant(n, -1);
        int low = op(Opcode.UBFE, n, u, ones, field(i.operand(2), i.operand(3)));
        int m = op(Opcode.SHL, n, u, low, offset);
        int kept = op(Opcode.AND, n, u, base, unary(Opcode.NOT, n, u, m));
        int put = op(Opcode.AND, n, u, op(Opcode.SHL, n, u, insert, offset), m);
        return op(Opcode.OR, n, u, kept, put);
    }
}
