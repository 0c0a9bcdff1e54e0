package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.TypeFacts.isScalarOrVector;
import static dev.csir.ssa.verify.TypeFacts.name;
import static dev.csir.ssa.verify.TypeFacts.scalarOrVectorOf;
import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import java.util.function.Predicate;

/**
 * The types of each instruction, by opcode family (textures and atomics are in
 * {@link TextureRules}). The first operand is the reference: the others and the result are
 * compared with it, so {@code add int, float} says operand 1 is wrong and a wrong result type
 * says the result is.
 * <ul>
 * <li>an opcode that yields nothing has type void;</li>
 * <li>unary and binary: operands and result of one type; {@code neg} and arithmetic on
 *     numeric scalars, vectors and matrices; bit operations on int/uint scalars and vectors;
 *     shifts on int/uint, the count of either signedness with the base's component count (as
 *     GLSL allows {@code i << 2u}); logical operations on bool and bvec; {@code matmul} per
 *     {@link Builder#productType};</li>
 * <li>comparisons: two operands of one scalar or vector type (ordering ones numeric), the
 *     result bool or the bvec of their size;</li>
 * <li>select: a condition that is bool, or a bvec of the arms' size; two arms of one
 *     non-pointer value type, which is the result's;</li>
 * <li>convert between scalars or vectors of one component count; bitcast between numeric
 *     scalars or vectors of one total width;</li>
 * <li>construct: a vector from scalars and vectors of its component type whose sizes add up,
 *     a matrix from its columns, a sized array from its elements, a struct from its members;
 *     extract and insert along their paths; shuffle of two vectors of one component type;
 *     dynamic extract and insert on vectors with an int/uint index;</li>
 * <li>alloca yields a pointer into function memory; load yields the pointee, never a sampler
 *     or image (texture operations take the pointer); store needs a writable space and a value
 *     of the pointee type; access chains index with int/uint, struct members by constant in
 *     range, constant indices in range, and yield a pointer of the same space to the element;</li>
 * <li>call: arguments of the callee's parameter types, result its return type; intrinsics yield
 *     a value (their signatures are not in the table, so operand types are left to the back
 *     end);</li>
 * <li>phi: one incoming block per value, every value of the phi's type;</li>
 * <li>condbr on a bool, switch on an int/uint scalar, ret with a value exactly when the
 *     function returns one, of its return type.</li>
 * </ul>
 */
final class TypeRules {
    private TypeRules() {
    }

    static void check(FunctionScope s) {
        for (Block b : s.cfg.blocks()) {
            for (Instruction in : b.instructions()) {
                if (!s.malformed.contains(in)) {
                    instruction(s, in);
                }
            }
        }
    }

    private static void instruction(FunctionScope s, Instruction in) {
        Opcode op = in.op();
        if (op.yieldsNothing()) {
            if (in.hasResult()) {
                s.at(in, RESULT_TYPE, op.mnemonic(), in.type().name(), "void");
                return;
            }
        } else if (!in.hasResult() && op != Opcode.CALL) { // a call yields what its callee returns, void too
            s.at(in, RESULT_TYPE, op.mnemonic(), "void", "a value");
            return;
        }
        switch (op.family()) {
            case UNARY -> unary(s, in);
            case BINARY -> binary(s, in);
            case COMPARE -> compare(s, in);
            case SELECT -> select(s, in);
            case CONVERT -> convert(s, in);
            case COMPOSITE -> CompositeRules.check(s, in);
            case MEMORY -> memory(s, in);
            case CALL -> call(s, in);
            case TEXTURE -> TextureRules.texture(s, in);
            case ATOMIC -> TextureRules.atomic(s, in);
            case PHI -> phi(s, in);
            case TERMINATOR -> terminator(s, in);
            case BARRIER -> {
            }
        }
    }

    // ---- shared checks: each reports and answers whether the type was right ----------------

    static Type type(Instruction in, int j) {
        return TypeFacts.typeOf(in.operand(j));
    }

    /** Operand {@code j} must be exactly {@code want} (null: unknown, another rule reports why). */
    static boolean operandIs(FunctionScope s, Instruction in, int j, Type want) {
        Type t = type(in, j);
        if (want == null || want.equals(t)) {
            return true;
        }
        s.at(in, OPERAND_TYPE, in.op().mnemonic(), j, name(t), want.name());
        return false;
    }

    /** Operand {@code j} must pass {@code ok}, described as {@code expected}. */
    static boolean operandOk(FunctionScope s, Instruction in, int j, Predicate<Type> ok, String expected) {
        Type t = type(in, j);
        if (t != null && ok.test(t)) {
            return true;
        }
        s.at(in, OPERAND_TYPE, in.op().mnemonic(), j, name(t), expected);
        return false;
    }

    static void resultIs(FunctionScope s, Instruction in, Type want) {
        if (want != null && !want.equals(in.type())) {
            s.at(in, RESULT_TYPE, in.op().mnemonic(), in.type().name(), want.name());
        }
    }

    static boolean isInteger(Type t) {
        return scalarOrVectorOf(t, ScalarKind::isInteger);
    }

    static boolean isNumeric(Type t) {
        return t.isNumericOrBool() && t.scalarKind().isNumeric();
    }

    static final String NUMERIC = "a numeric scalar, vector or matrix";
    static final String INTEGER = "an int or uint scalar or vector";
    static final String INTEGER_SCALAR = "an int or uint";
    static final String BOOLEAN = "a bool or bvec";

    // ---- families ----------------------------------------------------------------------------

    private static void unary(FunctionScope s, Instruction in) {
        boolean ok = switch (in.op()) {
            case NEG -> operandOk(s, in, 0, TypeRules::isNumeric, NUMERIC);
            case BIT_NOT -> operandOk(s, in, 0, TypeRules::isInteger, INTEGER);
            default -> operandOk(s, in, 0, t -> scalarOrVectorOf(t, k -> k == ScalarKind.BOOL), BOOLEAN);
        };
        if (ok) {
            resultIs(s, in, type(in, 0));
        }
    }

    private static void binary(FunctionScope s, Instruction in) {
        Type a = type(in, 0);
        Type b = type(in, 1);
        if (in.op() == Opcode.MAT_MUL) {
            Type product = a == null || b == null ? null : Builder.productType(a, b);
            if (product == null) {
                s.at(in, NO_PRODUCT, name(a), name(b));
            } else {
                resultIs(s, in, product);
            }
            return;
        }
        boolean ok = switch (in.op()) {
            case BIT_AND, BIT_OR, BIT_XOR -> operandOk(s, in, 0, TypeRules::isInteger, INTEGER)
                    && operandIs(s, in, 1, a);
            case SHL, SHR -> operandOk(s, in, 0, TypeRules::isInteger, INTEGER) && shiftCount(s, in, a);
            case LOGICAL_AND, LOGICAL_OR -> operandOk(s, in, 0, t -> scalarOrVectorOf(t, k -> k == ScalarKind.BOOL),
                    BOOLEAN) && operandIs(s, in, 1, a);
            default -> operandOk(s, in, 0, TypeRules::isNumeric, NUMERIC) && operandIs(s, in, 1, a);
        };
        if (ok) {
            resultIs(s, in, a);
        }
    }

    private static boolean shiftCount(FunctionScope s, Instruction in, Type base) {
        int n = base.componentCount();
        String expected = n == 1 ? INTEGER_SCALAR : "an ivec" + n + " or uvec" + n;
        return operandOk(s, in, 1, t -> isInteger(t) && t.componentCount() == n, expected);
    }

    private static void compare(FunctionScope s, Instruction in) {
        boolean equality = in.op() == Opcode.EQ || in.op() == Opcode.NE;
        boolean ok = equality ? operandOk(s, in, 0, TypeFacts::isScalarOrVector, "a scalar or vector")
                : operandOk(s, in, 0, t -> isScalarOrVector(t) && isNumeric(t), "a numeric scalar or vector");
        if (ok && operandIs(s, in, 1, type(in, 0))) {
            resultIs(s, in, Builder.boolLike(type(in, 0)));
        }
    }

    private static void select(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 1, t -> TypeFacts.holdsValue(t) && !(t instanceof PointerType), "a non-pointer value")) {
            return;
        }
        Type arm = type(in, 1);
        Type vectorCondition = arm instanceof VectorType v ? new VectorType(ScalarType.BOOL, v.size()) : null;
        operandOk(s, in, 0, t -> t.equals(ScalarType.BOOL) || t.equals(vectorCondition),
                vectorCondition == null ? "bool" : "bool or " + vectorCondition.name());
        if (operandIs(s, in, 2, arm)) {
            resultIs(s, in, arm);
        }
    }

    private static void convert(FunctionScope s, Instruction in) {
        Type result = in.type();
        if (in.op() == Opcode.CONVERT) {
            if (operandOk(s, in, 0, TypeFacts::isScalarOrVector, "a scalar or vector")) {
                int n = type(in, 0).componentCount();
                if (!isScalarOrVector(result) || result.componentCount() != n) {
                    s.at(in, RESULT_TYPE, "convert", result.name(),
                            n == 1 ? "a scalar" : "a vector of " + n + " components");
                }
            }
            return;
        }
        if (operandOk(s, in, 0, t -> isScalarOrVector(t) && isNumeric(t), "a numeric scalar or vector")) {
            int bits = width(type(in, 0));
            if (!isScalarOrVector(result) || !isNumeric(result) || width(result) != bits) {
                s.at(in, RESULT_TYPE, "bitcast", result.name(), "a numeric scalar or vector of " + bits + " bits");
            }
        }
    }

    private static int width(Type t) {
        return t.componentCount() * t.scalarKind().bits();
    }

    private static void memory(FunctionScope s, Instruction in) {
        switch (in.op()) {
            case ALLOCA -> {
                if (!(in.type() instanceof PointerType p) || p.space() != AddressSpace.FUNCTION) {
                    s.at(in, RESULT_TYPE, "alloca", in.type().name(), "a pointer into function memory");
                }
            }
            case LOAD -> {
                if (operandOk(s, in, 0, t -> t instanceof PointerType, "a pointer")) {
                    Type pointee = ((PointerType) type(in, 0)).pointee();
                    if (pointee.isOpaque()) {
                        s.at(in, LOAD_OPAQUE, pointee.name());
                    } else {
                        resultIs(s, in, pointee);
                    }
                }
            }
            case STORE -> {
                if (operandOk(s, in, 0, t -> t instanceof PointerType, "a pointer")) {
                    PointerType p = (PointerType) type(in, 0);
                    if (!p.space().writable()) {
                        s.at(in, READ_ONLY_STORE, p.space().word());
                    }
                    operandIs(s, in, 1, p.pointee());
                }
            }
            default -> accessChain(s, in);
        }
    }

    private static void accessChain(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> t instanceof PointerType, "a pointer")) {
            return;
        }
        PointerType base = (PointerType) type(in, 0);
        Type t = base.pointee();
        List<Value> ops = in.operands();
        for (int j = 1; j < ops.size(); j++) {
            if (!operandOk(s, in, j, TypeFacts::isIntegerScalar, INTEGER_SCALAR)) {
                return;
            }
            Integer constant = ops.get(j) instanceof Constant.Scalar c ? c.intValue() : null;
            if (t instanceof StructType st) {
                int members = st.members().size();
                if (constant == null || constant < 0 || constant >= members) {
                    s.at(in, ACCESS_STRUCT_INDEX, j, st.name(), members - 1);
                    return;
                }
                t = st.members().get(constant).type();
                continue;
            }
            int size = switch (t) {
                case VectorType v -> v.size();
                case MatrixType m -> m.columns();
                case ArrayType a -> a.isRuntimeSized() ? Integer.MAX_VALUE : a.length();
                default -> -1;
            };
            if (size < 0) {
                s.at(in, ACCESS_NO_ELEMENTS, j, t.name());
                return;
            }
            // a uint constant is unsigned: 0xFFFFFFFF is past any end, not element -1
            long at = constant == null ? 0 : ((Constant.Scalar) ops.get(j)).type().kind() == ScalarKind.UINT
                    ? Integer.toUnsignedLong(constant) : constant;
            if (at < 0 || at >= size) {
                s.at(in, ACCESS_OUT_OF_RANGE, j, at, t.name(), size);
                return;
            }
            t = Builder.element(t, 0);
        }
        resultIs(s, in, new PointerType(base.space(), t));
    }

    private static void call(FunctionScope s, Instruction in) {
        if (in.op() == Opcode.CALL_INTRINSIC) {
            return; // yields a value (checked above); operand types per intrinsic are not tabled
        }
        Function callee = in.callee();
        List<Type> params = callee.paramTypes();
        int n = in.operands().size();
        if (n != params.size()) {
            s.at(in, COUNT, "call of @" + callee.name(),
                    OperandRules.count(params.size(), params.size(), "argument"), n);
            return;
        }
        for (int j = 0; j < n; j++) {
            if (params.get(j) != null) {
                operandIs(s, in, j, params.get(j));
            }
        }
        if (callee.returnType() != null) {
            resultIs(s, in, callee.returnType());
        }
    }

    private static void phi(FunctionScope s, Instruction in) {
        int n = in.operands().size();
        if (n != in.targets().size()) {
            s.at(in, PHI_COUNTS, n, in.targets().size());
            return;
        }
        for (int j = 0; j < n; j++) {
            operandIs(s, in, j, in.type());
        }
    }

    private static void terminator(FunctionScope s, Instruction in) {
        switch (in.op()) {
            case COND_BR -> operandIs(s, in, 0, ScalarType.BOOL);
            case SWITCH -> operandOk(s, in, 0, TypeFacts::isIntegerScalar, INTEGER_SCALAR);
            case RET -> ret(s, in);
            default -> {
            }
        }
    }

    private static void ret(FunctionScope s, Instruction in) {
        Type want = s.function.returnType();
        if (want == null) {
            return; // ShapeRules reports the missing return type
        }
        boolean hasValue = !in.operands().isEmpty();
        if (want instanceof VoidType) {
            if (hasValue) {
                s.at(in, RET_VALUE_IN_VOID, s.name());
            }
        } else if (!hasValue) {
            s.at(in, RET_NO_VALUE, s.name(), want.name());
        } else {
            operandIs(s, in, 0, want);
        }
    }
}
