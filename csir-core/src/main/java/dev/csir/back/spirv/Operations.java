package dev.csir.back.spirv;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

/**
 * The value-computing instructions: component-wise arithmetic, bit and logical operations (the
 * SPIR-V opcode chosen by the operand's scalar kind, matrices one column at a time), comparisons,
 * select, conversions and the matrix products. Built-ins and texture lookups go on to
 * {@link Builtins}.
 */
final class Operations {
    private final FunctionEmitter f;
    private final Builtins builtins;

    Operations(FunctionEmitter f) {
        this.f = f;
        this.builtins = new Builtins(f);
    }

    void emit(Instruction i) {
        switch (i.op().family()) {
            case UNARY -> unary(i);
            case BINARY -> binary(i);
            case COMPARE -> compare(i);
            case SELECT -> select(i);
            case CONVERT -> convert(i);
            case CALL, TEXTURE -> builtins.emit(i);
            default -> throw new SpirvException("no SPIR-V for " + i.op().mnemonic() + " yet");
        }
    }

    static boolean isFloat(Type t) {
        return t.scalarKind() != null && t.scalarKind().isFloating();
    }

    private void unary(Instruction i) {
        Type t = i.type();
        int op = switch (i.op()) {
            case NEG -> isFloat(t) ? Spv.Op.OpFNegate : Spv.Op.OpSNegate;
            case BIT_NOT -> Spv.Op.OpNot;
            case LOGICAL_NOT -> Spv.Op.OpLogicalNot;
            default -> throw new SpirvException("unary " + i.op().mnemonic());
        };
        int a = f.value(i.operand(0));
        if (t instanceof MatrixType m) {
            f.perColumn(m, new int[] {a}, c -> f.fresh(op, m.columnType(), c[0]), f.result(i));
        } else {
            f.to(f.result(i), op, t, a);
        }
    }

    private void binary(Instruction i) {
        Value lhs = i.operand(0);
        Value rhs = i.operand(1);
        if (i.op() == Opcode.MAT_MUL) {
            int op = lhs.type() instanceof MatrixType
                    ? rhs.type() instanceof MatrixType ? Spv.Op.OpMatrixTimesMatrix : Spv.Op.OpMatrixTimesVector
                    : Spv.Op.OpVectorTimesMatrix;
            f.to(f.result(i), op, i.type(), f.value(lhs), f.value(rhs));
            return;
        }
        ScalarKind k = lhs.type().scalarKind();
        boolean fl = k.isFloating();
        boolean signed = k == ScalarKind.INT;
        int op = switch (i.op()) {
            case ADD -> fl ? Spv.Op.OpFAdd : Spv.Op.OpIAdd;
            case SUB -> fl ? Spv.Op.OpFSub : Spv.Op.OpISub;
            case MUL -> fl ? Spv.Op.OpFMul : Spv.Op.OpIMul;
            case DIV -> fl ? Spv.Op.OpFDiv : signed ? Spv.Op.OpSDiv : Spv.Op.OpUDiv;
            case REM -> fl ? Spv.Op.OpFRem : signed ? Spv.Op.OpSRem : Spv.Op.OpUMod;
            case BIT_AND -> Spv.Op.OpBitwiseAnd;
            case BIT_OR -> Spv.Op.OpBitwiseOr;
            case BIT_XOR -> Spv.Op.OpBitwiseXor;
            case SHL -> Spv.Op.OpShiftLeftLogical;
            case SHR -> signed ? Spv.Op.OpShiftRightArithmetic : Spv.Op.OpShiftRightLogical;
            case LOGICAL_AND -> Spv.Op.OpLogicalAnd;
            case LOGICAL_OR -> Spv.Op.OpLogicalOr;
            default -> throw new SpirvException("binary " + i.op().mnemonic());
        };
        int a = f.value(lhs);
        int b = f.value(rhs);
        if (i.op() == Opcode.SHL || i.op() == Opcode.SHR) {
            b = maskedCount(rhs, b);
        }
        if (i.type() instanceof MatrixType m) {
            f.perColumn(m, new int[] {a, b}, c -> f.fresh(op, m.columnType(), c[0], c[1]), f.result(i));
        } else {
            f.to(f.result(i), op, i.type(), a, b);
        }
    }

    /** A shift count masked to 0..31, as the IR defines shifts (SPIR-V leaves larger counts undefined). */
    private int maskedCount(Value count, int id) {
        if (count instanceof Constant.Scalar s && s.bits() < 32) {
            return id;
        }
        Type t = count.type();
        ScalarType component = ScalarType.of(t.scalarKind());
        Constant mask = Constant.splat(t, Constant.ofBits(component, 31));
        return f.fresh(Spv.Op.OpBitwiseAnd, t, id, f.types.constant(mask));
    }

    private void compare(Instruction i) {
        ScalarKind k = i.operand(0).type().scalarKind();
        if (k == null || i.operand(0).type() instanceof MatrixType) {
            throw new SpirvException("a comparison of " + i.operand(0).type().name());
        }
        int op;
        if (k == ScalarKind.BOOL) {
            op = switch (i.op()) {
                case EQ -> Spv.Op.OpLogicalEqual;
                case NE -> Spv.Op.OpLogicalNotEqual;
                default -> throw new SpirvException("an ordering of bools");
            };
        } else if (k.isFloating()) {
            op = switch (i.op()) {
                case EQ -> Spv.Op.OpFOrdEqual;
                case NE -> Spv.Op.OpFUnordNotEqual;
                case LT -> Spv.Op.OpFOrdLessThan;
                case LE -> Spv.Op.OpFOrdLessThanEqual;
                case GT -> Spv.Op.OpFOrdGreaterThan;
                default -> Spv.Op.OpFOrdGreaterThanEqual;
            };
        } else {
            boolean s = k == ScalarKind.INT;
            op = switch (i.op()) {
                case EQ -> Spv.Op.OpIEqual;
                case NE -> Spv.Op.OpINotEqual;
                case LT -> s ? Spv.Op.OpSLessThan : Spv.Op.OpULessThan;
                case LE -> s ? Spv.Op.OpSLessThanEqual : Spv.Op.OpULessThanEqual;
                case GT -> s ? Spv.Op.OpSGreaterThan : Spv.Op.OpUGreaterThan;
                default -> s ? Spv.Op.OpSGreaterThanEqual : Spv.Op.OpUGreaterThanEqual;
            };
        }
        f.to(f.result(i), op, i.type(), f.value(i.operand(0)), f.value(i.operand(1)));
    }

    /** Each element of the arrays or structs {@code a} and {@code b} chosen by the scalar {@code cond}. */
    private int[] elementsSelected(Type t, Value cond, int c, int a, int b) {
        int n = t instanceof ArrayType at ? at.length() : ((StructType) t).members().size();
        int[] parts = new int[n];
        for (int k = 0; k < n; k++) {
            Type e = t instanceof ArrayType at ? at.element() : ((StructType) t).members().get(k).type();
            int ea = f.fresh(Spv.Op.OpCompositeExtract, e, a, k);
            int eb = f.fresh(Spv.Op.OpCompositeExtract, e, b, k);
            parts[k] = switch (e) {
                case ScalarType s -> f.fresh(Spv.Op.OpSelect, e, c, ea, eb);
                case VectorType v -> f.fresh(Spv.Op.OpSelect, e, splatBool(cond, c, v.size()), ea, eb);
                case MatrixType m -> {
                    int cc = splatBool(cond, c, m.rows());
                    int[] columns = new int[m.columns()];
                    for (int col = 0; col < columns.length; col++) {
                        columns[col] = f.fresh(Spv.Op.OpSelect, m.columnType(), cc,
                                f.fresh(Spv.Op.OpCompositeExtract, m.columnType(), ea, col),
                                f.fresh(Spv.Op.OpCompositeExtract, m.columnType(), eb, col));
                    }
                    yield f.fresh(Spv.Op.OpCompositeConstruct, e, columns);
                }
                default -> f.fresh(Spv.Op.OpCompositeConstruct, e, elementsSelected(e, cond, c, ea, eb));
            };
        }
        return parts;
    }

    private void select(Instruction i) {
        Type t = i.type();
        Value cond = i.operand(0);
        int c = f.value(cond);
        int a = f.value(i.operand(1));
        int b = f.value(i.operand(2));
        if (t instanceof MatrixType m) {
            int cc = splatBool(cond, c, m.rows());
            f.perColumn(m, new int[] {a, b}, p -> f.fresh(Spv.Op.OpSelect, m.columnType(), cc, p[0], p[1]),
                    f.result(i));
        } else if (t instanceof VectorType v) {
            f.to(f.result(i), Spv.Op.OpSelect, t, splatBool(cond, c, v.size()), a, b);
        } else if (t instanceof ScalarType) {
            f.to(f.result(i), Spv.Op.OpSelect, t, c, a, b);
        } else if (t instanceof ArrayType || t instanceof StructType) {
            // SPIR-V 1.0 selects only scalars and vectors: an array or struct is chosen leaf by leaf
            f.to(f.result(i), Spv.Op.OpCompositeConstruct, t, elementsSelected(t, cond, c, a, b));
        } else {
            throw new SpirvException("a select of " + t.name() + " (SPIR-V 1.0 selects scalars and vectors)");
        }
    }

    /** A bool condition as a bvec of {@code size} (SPIR-V 1.0 wants one lane per result lane). */
    int splatBool(Value cond, int id, int size) {
        if (cond.type() instanceof VectorType) {
            return id;
        }
        int[] lanes = new int[size];
        java.util.Arrays.fill(lanes, id);
        return f.fresh(Spv.Op.OpCompositeConstruct, new VectorType(ScalarType.BOOL, size), lanes);
    }

    /** A scalar value as a vector of {@code like}'s size (or itself when {@code like} is a scalar). */
    int splat(Value v, int id, Type like) {
        if (!(like instanceof VectorType lv) || v.type() instanceof VectorType) {
            return id;
        }
        int[] lanes = new int[lv.size()];
        java.util.Arrays.fill(lanes, id);
        return f.fresh(Spv.Op.OpCompositeConstruct, new VectorType((ScalarType) v.type(), lv.size()), lanes);
    }

    private void convert(Instruction i) {
        Type to = i.type();
        Type from = i.operand(0).type();
        int a = f.value(i.operand(0));
        if (i.op() == Opcode.BITCAST) {
            f.to(f.result(i), Spv.Op.OpBitcast, to, a);
            return;
        }
        ScalarKind fk = from.scalarKind();
        ScalarKind tk = to.scalarKind();
        if (fk == null || tk == null || from instanceof MatrixType || to instanceof MatrixType) {
            throw new SpirvException("a conversion from " + from.name() + " to " + to.name());
        }
        if (fk == tk) {
            f.to(f.result(i), Spv.Op.OpCopyObject, to, a);
        } else if (fk == ScalarKind.BOOL) {
            ScalarType c = ScalarType.of(tk);
            Constant one = Constant.splat(to, oneOf(c));
            Constant zero = Constant.splat(to, Constant.ofBits(c, 0));
            f.to(f.result(i), Spv.Op.OpSelect, to, a, f.types.constant(one), f.types.constant(zero));
        } else if (tk == ScalarKind.BOOL) {
            Constant zero = Constant.splat(from, Constant.ofBits(ScalarType.of(fk), 0));
            f.to(f.result(i), fk.isFloating() ? Spv.Op.OpFUnordNotEqual : Spv.Op.OpINotEqual, to, a,
                    f.types.constant(zero));
        } else {
            int op;
            if (fk.isFloating() && tk.isFloating()) {
                op = Spv.Op.OpFConvert;
            } else if (fk.isFloating()) {
                op = tk == ScalarKind.INT ? Spv.Op.OpConvertFToS : Spv.Op.OpConvertFToU;
            } else if (tk.isFloating()) {
                op = fk == ScalarKind.INT ? Spv.Op.OpConvertSToF : Spv.Op.OpConvertUToF;
            } else {
                op = Spv.Op.OpBitcast;
            }
            f.to(f.result(i), op, to, a);
        }
    }

    private static Constant.Scalar oneOf(ScalarType c) {
        return switch (c.kind()) {
            case FLOAT -> Constant.ofFloat(1f);
            case DOUBLE -> Constant.ofDouble(1d);
            default -> Constant.ofBits(c, 1);
        };
    }
}
