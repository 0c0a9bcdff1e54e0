package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Instruction selection: each transform-IR instruction of the (inlined) entry function becomes
 * CSIR operations on virtual registers. Values are lanes as CSIR has them: a float a float, a
 * bool 1.0 or 0.0, and an int or uint either an integer lane (its 32-bit pattern, under the
 * integer opcodes: {@link #integers}, the default profile; see {@link Integers}) or, in the
 * ChrisOS profile, the original's whole float. Operations CSIR defines on lane x only (CMP, POW)
 * are applied per lane for vectors; constants are materialized by a CONST before their use,
 * shared until the next control-flow record.
 */
final class Selector {
    final VCode code = new VCode();
    final ShaderStage stage;
    final Slots slots;
    final List<LoweringError> errors = new ArrayList<>();
    /** Whether ints and uints are integer lanes ({@link dev.csir.ir.Limits#integerLanes()}). */
    final boolean integers;
    private final Map<Value, Integer> values = new IdentityHashMap<>();
    /** The register holding each local, private global or output (its home). */
    private final Map<Value, Integer> homes = new IdentityHashMap<>();
    /** Constants materialized since the last control record (constants are records: equal by value). */
    private final Map<Constant, Integer> constants = new HashMap<>();
    private final Intrinsics intrinsics = new Intrinsics(this);
    private final Composites composites = new Composites(this);
    private final MemoryAccess memory = new MemoryAccess(this);
    final Aggregates aggregates = new Aggregates(this);
    final Integers ints = new Integers(this);
    private int line;
    private int column;

    Selector(ShaderStage stage, Slots slots, boolean integers) {
        this.stage = stage;
        this.slots = slots;
        this.integers = integers;
    }

    // ---- positions, errors, emission

    /** Later records come from {@code i} (keeps the last known position when it has none). */
    void from(Instruction i) {
        if (i.line() > 0) {
            line = i.line();
            column = i.column();
        }
    }

    void error(String message) {
        errors.add(new LoweringError(line, column, message));
    }

    void emit(Opcode op, dev.csir.ir.Type ty, int ncomp, int dst, int a, int b, int aux, int aux2) {
        code.items.add(new VCode.Op(op, ty, ncomp, dst, a, b, aux, aux2, false, line, column));
    }

    /** A write of part of {@code dst} (one lane, or one column of a matrix), the rest kept. */
    void emitPartial(Opcode op, dev.csir.ir.Type ty, int ncomp, int dst, int a, int b, int aux, int aux2) {
        code.items.add(new VCode.Op(op, ty, ncomp, dst, a, b, aux, aux2, true, line, column));
    }

    /** A control-flow record; the constants materialized before it are not reused after it. */
    void control(Opcode op, int a) {
        constants.clear();
        emit(op, dev.csir.ir.Type.NONE, 0, -1, a, -1, 0, 0);
    }

    void copies(int[] dsts, int[] srcs) {
        if (dsts.length > 0) {
            code.items.add(new VCode.Copies(dsts, srcs, line, column));
        }
    }

    int newRegister(Type t) {
        return code.newRegister(Aggregates.is(t) ? Slots.slotsOf(t) : width(t));
    }

    // ---- types

    static int width(Type t) {
        return t instanceof MatrixType m ? m.columns() : 1;
    }

    /** Lanes of a scalar or vector, of one column of a matrix. */
    static int lanes(Type t) {
        if (t instanceof VectorType v) {
            return v.size();
        }
        if (t instanceof MatrixType m) {
            return m.rows();
        }
        return 1;
    }

    /** The CSIR type code for a value of this type (a bool vector is carried as a float vector). */
    static dev.csir.ir.Type csirType(Type t) {
        if (t instanceof ScalarType s) {
            return switch (s.kind()) {
                case BOOL -> dev.csir.ir.Type.BOOL;
                case INT, UINT -> dev.csir.ir.Type.INT;
                default -> dev.csir.ir.Type.FLOAT;
            };
        }
        if (t instanceof VectorType v) {
            return isInt(v.component()) ? dev.csir.ir.Type.intVector(v.size())
                    : dev.csir.ir.Type.floatVector(v.size());
        }
        if (t instanceof MatrixType m) {
            return dev.csir.ir.Type.matrix(m.columns(), m.rows());
        }
        return dev.csir.ir.Type.NONE;
    }

    /** The CSIR type of one column (or the whole value when it is no matrix). */
    static dev.csir.ir.Type columnType(Type t) {
        return t instanceof MatrixType m ? dev.csir.ir.Type.floatVector(m.rows()) : csirType(t);
    }

    /**
     * The CSIR type of a value's lanes as this lowering holds them: {@link #csirType}, but an int
     * or uint scalar or vector is integer lanes where {@link #integers} holds.
     */
    dev.csir.ir.Type type(Type t) {
        return intLanes(t) ? dev.csir.ir.Type.integerLanes(lanes(t), t.scalarKind() == ScalarKind.UINT) : csirType(t);
    }

    /** {@link #type} of one column. */
    dev.csir.ir.Type colType(Type t) {
        return t instanceof MatrixType ? columnType(t) : type(t);
    }

    /** Whether a value of this type is held as integer lanes. */
    boolean intLanes(Type t) {
        return integers && (t instanceof ScalarType || t instanceof VectorType)
                && (t.scalarKind() == ScalarKind.INT || t.scalarKind() == ScalarKind.UINT);
    }

    static boolean isInt(ScalarType s) {
        return s.kind() == ScalarKind.INT || s.kind() == ScalarKind.UINT;
    }

    /** Whether CSIR can hold a value of this type: scalars, vectors and float matrices. */
    static boolean representable(Type t) {
        if (t instanceof ScalarType s) {
            return s.kind() != ScalarKind.DOUBLE;
        }
        if (t instanceof VectorType v) {
            return v.component().kind() != ScalarKind.DOUBLE;
        }
        if (t instanceof MatrixType m) {
            return m.component().kind() == ScalarKind.FLOAT;
        }
        return false;
    }

    // ---- values

    /** The register operand holding {@code v}: a result, a phi's register, or a constant made now. */
    int operand(Value v) {
        if (v instanceof Constant c) {
            return constant(c);
        }
        if (v instanceof dev.csir.ssa.SpecConstant sc) {
            // CSIR has no specialization: the constant keeps its default
            return constant(sc.defaultValue());
        }
        Integer r = values.get(v);
        if (r == null) {
            r = newRegister(v.type());
            values.put(v, r);
        }
        return r;
    }

    void bind(Instruction i, int operand) {
        values.put(i, operand);
    }

    /** The register of {@code i}'s result, made now. */
    int result(Instruction i) {
        return operand(i);
    }

    /** A constant in a register: one CONST per column, shared until the next control record. */
    int constant(Constant c) {
        Type t = c.type();
        Integer known = constants.get(c);
        if (known != null) {
            return known;
        }
        int r = newRegister(t);
        if (Aggregates.is(t)) {
            aggregates.constantInto(c, r);
        } else {
            writeConstant(c, r, false);
        }
        constants.put(c, r);
        return r;
    }

    /** A CONST per column of a scalar, vector or matrix constant into {@code r}; {@code partial} when r is part of a block. */
    void writeConstant(Constant c, int r, boolean partial) {
        Type t = c.type();
        for (int col = 0; col < width(t); col++) {
            float[] lanes = lanesOf(c, t, col);
            code.constants.add(lanes);
            if (partial) {
                emitPartial(Opcode.CONST, colType(t), lanes.length, r + col, -1, -1, code.constants.size() - 1, 0);
            } else {
                emitColumnWrite(t, Opcode.CONST, colType(t), lanes.length, r, col, -1, -1, code.constants.size() - 1, 0);
            }
        }
    }

    /** A float constant splat over {@code n} lanes. */
    int floats(int n, float x) {
        Constant.Scalar s = Constant.ofFloat(x);
        return n == 1 ? constant(s) : constant(Constant.splat(VectorType.of(ScalarType.FLOAT, n), s));
    }

    void emitColumnWrite(Type t, Opcode op, dev.csir.ir.Type ty, int n, int r, int col, int a, int b, int aux,
            int aux2) {
        if (width(t) == 1) {
            emit(op, ty, n, r, a, b, aux, aux2);
        } else {
            emitPartial(op, ty, n, r + col, a, b, aux, aux2);
        }
    }

    /** The lanes of column {@code col} of a constant (or of the whole scalar or vector). */
    private float[] lanesOf(Constant c, Type t, int col) {
        Constant part = c;
        if (t instanceof MatrixType) {
            part = c instanceof Constant.Composite k ? k.elements().get(col) : null;
        }
        int n = lanes(t);
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            Constant e = part instanceof Constant.Composite k ? k.elements().get(i) : part;
            out[i] = e instanceof Constant.Scalar s ? integers && Selector.isInt(s.type())
                    ? Float.intBitsToFloat((int) s.bits()) : floatOf(s) : 0f;
        }
        return out;
    }

    /** A scalar constant as CSIR holds it: floats as they are, ints as whole floats, bools as 1 or 0. */
    static float floatOf(Constant.Scalar s) {
        return switch (s.type().kind()) {
            case FLOAT -> s.floatValue();
            case INT -> (float) s.intValue();
            case UINT -> (float) (s.bits() & 0xFFFF_FFFFL);
            case BOOL -> s.boolValue() ? 1f : 0f;
            case DOUBLE -> (float) s.doubleValue();
        };
    }

    // ---- small building blocks

    /** Lane {@code i} of {@code r} moved to lane x of a new register (lane 0 is {@code r} itself). */
    int lane(int r, int i) {
        if (i == 0) {
            return r;
        }
        int t = code.newRegister(1);
        emit(Opcode.SWZ, dev.csir.ir.Type.FLOAT, 1, t, r, -1, i, 0);
        return t;
    }

    /**
     * Lane {@code i} of a value in lane x of a register, without a swizzle where the value's
     * lanes are known: an element of a constant, a scalar a vector was built from.
     */
    int lane(Value v, int i) {
        if (lanes(v.type()) == 1) {
            return operand(v);
        }
        if (v instanceof Constant.Composite k && k.elements().get(i) instanceof Constant.Scalar e) {
            return constant(e);
        }
        if (v instanceof Constant.Undef u) {
            return floats(1, 0f);
        }
        if (v instanceof Instruction c && c.op() == dev.csir.ssa.Opcode.CONSTRUCT && c.type() instanceof VectorType
                && c.operands().stream().allMatch(p -> lanes(p.type()) == 1)) {
            return operand(c.operand(i));
        }
        return lane(operand(v), i);
    }

    /** A scalar in lane x spread over n lanes. */
    int splat(int r, int n) {
        if (n == 1) {
            return r;
        }
        int t = code.newRegister(1);
        emit(Opcode.SWZ, dev.csir.ir.Type.floatVector(n), n, t, r, -1, 0, 0);
        return t;
    }

    /** Builds a vector from scalars in lane x of each register. */
    int assemble(int[] scalars, dev.csir.ir.Type ty) {
        if (scalars.length == 1) {
            return scalars[0];
        }
        int t = code.newRegister(1);
        emit(Opcode.MOV, ty, 1, t, scalars[0], -1, 0, 0);
        for (int i = 1; i < scalars.length; i++) {
            emitPartial(Opcode.SETLANE, ty, 1, t, scalars[i], -1, i, 0);
        }
        return t;
    }

    /** A component-wise operation on n lanes into a new register. */
    int op(Opcode op, int n, int a, int b) {
        int t = code.newRegister(1);
        emit(op, dev.csir.ir.Type.floatVector(n), n, t, a, b, 0, 0);
        return t;
    }

    /** An int constant splat over {@code n} lanes (integer lanes or a whole float, as ints are held). */
    int intConstant(int n, int k) {
        Constant.Scalar s = Constant.ofInt(k);
        return n == 1 ? constant(s) : constant(Constant.splat(VectorType.of(ScalarType.INT, n), s));
    }

    /** Whether the int in lane x of {@code index} is {@code k}: a dynamic index's test. */
    int indexIs(int index, int k) {
        return integers ? ints.compare(Cmp.EQ, false, index, intConstant(1, k)) : compare(Cmp.EQ, index, floats(1, k));
    }

    /** Whether the int in lane x of a switch's {@code selector} is {@code k}. */
    int caseIs(int selector, int k) {
        return integers ? ints.compare(Cmp.EQ, false, selector, intConstant(1, k))
                : compare(Cmp.EQ, selector, constant(Constant.ofInt(k)));
    }

    /** A scalar comparison, 1.0 or 0.0 in lane x. */
    int compare(Cmp cmp, int a, int b) {
        int t = code.newRegister(1);
        emit(Opcode.CMP, dev.csir.ir.Type.BOOL, 1, t, a, b, cmp.code(), 0);
        return t;
    }

    /** Applies a lane-x operation to each of n lanes and reassembles. */
    int perLane(int n, java.util.function.IntUnaryOperator laneOp) {
        int[] parts = new int[n];
        for (int i = 0; i < n; i++) {
            parts[i] = laneOp.applyAsInt(i);
        }
        return assemble(parts, dev.csir.ir.Type.floatVector(n));
    }

    /** trunc(x) then subtract (x < trunc), per lane: floor for any float. */
    int floor(int x, int n) {
        return perLane(n, i -> {
            int v = lane(x, i);
            int t = code.newRegister(1);
            emit(Opcode.TRUNC, dev.csir.ir.Type.FLOAT, 1, t, v, -1, 0, 0);
            return op(Opcode.SUB, 1, t, compare(Cmp.LT, v, t));
        });
    }

    /** 1 / b then a * that, as CSIR divides. */
    int divide(int a, int b, int n) {
        int r = code.newRegister(1);
        emit(Opcode.RCP, dev.csir.ir.Type.floatVector(n), n, r, b, -1, 0, 0);
        return op(Opcode.MUL, n, a, r);
    }

    // ---- instructions

    /** Lowers one instruction that is no terminator and no phi. */
    void select(Instruction i) {
        from(i);
        if (i.hasResult() && Aggregates.is(i.type()) || i.op() == dev.csir.ssa.Opcode.EXTRACT && Aggregates.is(i.operand(0).type())) {
            aggregate(i);
            return;
        }
        if (i.textureOffsetCount() > 0 && i.op() != dev.csir.ssa.Opcode.GATHER) {
            memory.offsetLookup(i);
            return;
        }
        if (integers && ints.lower(i)) {
            return;
        }
        switch (i.op()) {
            case ALLOCA, ACCESS_CHAIN -> { } // resolved where loaded and stored
            case LOAD -> memory.load(i);
            case STORE -> memory.store(i);
            case ADD -> componentWise(i, Opcode.ADD);
            case SUB -> componentWise(i, Opcode.SUB);
            case MUL -> componentWise(i, Opcode.MUL);
            case LOGICAL_AND -> componentWise(i, Opcode.MUL);
            case LOGICAL_OR -> componentWise(i, Opcode.MAX);
            case DIV -> div(i);
            case REM -> rem(i);
            case NEG -> negate(i, 0f);
            case LOGICAL_NOT -> negate(i, 1f);
            case MAT_MUL -> matMul(i);
            case EQ -> compare(i, Cmp.EQ);
            case NE -> compare(i, Cmp.NE);
            case LT -> compare(i, Cmp.LT);
            case LE -> compare(i, Cmp.LE);
            case GT -> compare(i, Cmp.GT);
            case GE -> compare(i, Cmp.GE);
            case SELECT -> select3(i);
            case CONVERT -> convert(i);
            case CONSTRUCT -> composites.construct(i);
            case EXTRACT -> composites.extract(i);
            case INSERT -> composites.insert(i);
            case SHUFFLE -> composites.shuffle(i);
            case EXTRACT_DYNAMIC -> composites.extractDynamic(i);
            case INSERT_DYNAMIC -> composites.insertDynamic(i);
            case CALL_INTRINSIC -> intrinsics.lower(i);
            case GATHER -> memory.gather(i);
            case QUERY_LEVELS -> unsupported("textureQueryLevels");
            case QUERY_LOD -> unsupported("textureQueryLod");
            case SAMPLE -> memory.sample(i);
            case SAMPLE_LOD -> memory.sampleLod(i);
            case SAMPLE_COMPARE -> memory.sampleCompare(i);
            case SAMPLE_GRAD -> memory.sampleGrad(i);
            case FETCH -> memory.fetch(i);
            case TEXTURE_SIZE -> memory.textureSize(i);
            default -> unsupported(i.op().mnemonic());
        }
    }

    /** An instruction that yields or takes apart an array or struct value. */
    private void aggregate(Instruction i) {
        Type t = i.hasResult() && Aggregates.is(i.type()) ? i.type() : i.operand(0).type();
        if (!Aggregates.representable(t)) {
            unsupported("a value of type " + t);
            return;
        }
        switch (i.op()) {
            case LOAD -> memory.load(i);
            case CONSTRUCT -> aggregates.construct(i);
            case EXTRACT -> aggregates.extract(i);
            case INSERT -> aggregates.insert(i);
            case SELECT -> {
                if (i.operand(0).type() instanceof ScalarType) {
                    aggregates.select(i);
                } else {
                    unsupported("a value of type " + t);
                }
            }
            default -> unsupported("a value of type " + t);
        }
    }

    void unsupported(String what) {
        error("CSIR cannot express " + what);
    }

    boolean check(Instruction i) {
        for (Value v : i.operands()) {
            if (!(v.type() instanceof dev.csir.types.PointerType) && !representable(v.type())) {
                unsupported("a value of type " + v.type());
                return false;
            }
        }
        if (i.hasResult() && !representable(i.type())) {
            unsupported("a value of type " + i.type());
            return false;
        }
        return true;
    }

    private void componentWise(Instruction i, Opcode op) {
        if (!check(i)) {
            return;
        }
        Type t = i.type();
        int a = operand(i.operand(0));
        int b = operand(i.operand(1));
        int d = result(i);
        for (int col = 0; col < width(t); col++) {
            emitColumnWrite(t, op, colType(t), lanes(t), d, col, a + col, b + col, 0, 0);
        }
    }

    private void div(Instruction i) {
        if (!check(i)) {
            return;
        }
        Type t = i.type();
        int n = lanes(t);
        if (t.scalarKind() == ScalarKind.FLOAT && !(t instanceof MatrixType) && isOne(i.operand(0))) {
            bind(i, op(Opcode.RCP, n, operand(i.operand(1)), -1)); // 1 / x is the reciprocal itself
            return;
        }
        int a = operand(i.operand(0));
        int b = operand(i.operand(1));
        int d = result(i);
        for (int col = 0; col < width(t); col++) {
            int q = divide(a + col, b + col, n);
            if (t.scalarKind() == ScalarKind.FLOAT) {
                emitColumnWrite(t, Opcode.MOV, colType(t), n, d, col, q, -1, 0, 0);
            } else {
                emit(Opcode.TRUNC, type(t), n, d, q, -1, 0, 0);
            }
        }
    }

    /** Whether a value is the float 1.0 in every lane. */
    private static boolean isOne(Value v) {
        if (v instanceof Constant.Scalar s) {
            return s.type().kind() == ScalarKind.FLOAT && s.floatValue() == 1f;
        }
        if (v instanceof Constant.Composite k) {
            return k.elements().stream().allMatch(Selector::isOne);
        }
        return false;
    }

    /** a - b * trunc(a / b) for ints (the sign of the dividend, as the IR defines rem). */
    private void rem(Instruction i) {
        if (!check(i) || i.type().scalarKind() == ScalarKind.FLOAT || i.type() instanceof MatrixType) {
            if (i.type().scalarKind() == ScalarKind.FLOAT) {
                unsupported("a float remainder");
            }
            return;
        }
        int n = lanes(i.type());
        int a = operand(i.operand(0));
        int b = operand(i.operand(1));
        int q = code.newRegister(1);
        emit(Opcode.TRUNC, type(i.type()), n, q, divide(a, b, n), -1, 0, 0);
        emit(Opcode.SUB, type(i.type()), n, result(i), a, op(Opcode.MUL, n, b, q), 0, 0);
    }

    /** {@code k - x}: negation from 0, logical not from 1. */
    private void negate(Instruction i, float k) {
        if (!check(i)) {
            return;
        }
        Type t = i.type();
        int a = operand(i.operand(0));
        int base = floats(lanes(t), k);
        int d = result(i);
        for (int col = 0; col < width(t); col++) {
            emitColumnWrite(t, Opcode.SUB, colType(t), lanes(t), d, col, base, a + col, 0, 0);
        }
    }

    private void matMul(Instruction i) {
        if (!check(i)) {
            return;
        }
        Type l = i.operand(0).type();
        Type r = i.operand(1).type();
        int a = operand(i.operand(0));
        int b = operand(i.operand(1));
        if (l instanceof MatrixType m && r instanceof MatrixType rm) {
            if (hasMatrixOps(m) && m.equals(rm)) {
                emit(Opcode.MULMM, type(l), m.columns(), result(i), a, b, m.columns(), 0);
                return;
            }
            // column k of the product is the left matrix times column k of the right one
            int d = newRegister(i.type());
            for (int k = 0; k < rm.columns(); k++) {
                int column = matrixTimesVector(m, a, b + k);
                emitPartial(Opcode.MOV, dev.csir.ir.Type.floatVector(m.rows()), m.rows(), d + k, column, -1, 0, 0);
            }
            bind(i, d);
        } else if (l instanceof MatrixType m) {
            bind(i, matrixTimesVector(m, a, b));
        } else {
            // a row vector times a matrix: lane j is dot(v, column j)
            MatrixType m = (MatrixType) r;
            int[] parts = new int[m.columns()];
            for (int c = 0; c < parts.length; c++) {
                parts[c] = intrinsics.dot(a, b + c, m.rows());
            }
            bind(i, assemble(parts, dev.csir.ir.Type.floatVector(parts.length)));
        }
    }

    /** Whether CSIR's MULMV and MULMM take this matrix: square, of 3 or 4 columns. */
    private static boolean hasMatrixOps(MatrixType m) {
        return m.columns() == m.rows() && m.columns() >= 3;
    }

    /**
     * Matrix {@code a} times the vector in register {@code v}: MULMV where CSIR has it, else the
     * sum of the columns scaled by the vector's lanes, in MULMV's order of rounding.
     */
    private int matrixTimesVector(MatrixType m, int a, int v) {
        int n = m.rows();
        if (hasMatrixOps(m)) {
            int d = code.newRegister(1);
            emit(Opcode.MULMV, dev.csir.ir.Type.floatVector(n), n, d, a, v, m.columns(), 0);
            return d;
        }
        int sum = op(Opcode.MUL, n, a, splat(lane(v, 0), n));
        for (int k = 1; k < m.columns(); k++) {
            sum = op(Opcode.ADD, n, sum, op(Opcode.MUL, n, a + k, splat(lane(v, k), n)));
        }
        return sum;
    }

    private void compare(Instruction i, Cmp cmp) {
        if (!check(i)) {
            return;
        }
        int n = lanes(i.type());
        bind(i, perLane(n, k -> compare(cmp, lane(i.operand(0), k), lane(i.operand(1), k))));
    }

    /**
     * {@code select c, a, b}: on a scalar condition an IF that moves one or the other, exact for
     * every value; on a bool vector {@code c * a + (1 - c) * b} per lane.
     */
    private void select3(Instruction i) {
        if (!check(i)) {
            return;
        }
        Type t = i.type();
        int c = operand(i.operand(0));
        int a = operand(i.operand(1));
        int b = operand(i.operand(2));
        int d = result(i);
        if (i.operand(0).type() instanceof ScalarType) {
            control(Opcode.IF, c);
            for (int col = 0; col < width(t); col++) {
                emitPartial(Opcode.MOV, colType(t), lanes(t), d + col, a + col, -1, 0, 0);
            }
            control(Opcode.ELSE, -1);
            for (int col = 0; col < width(t); col++) {
                emitPartial(Opcode.MOV, colType(t), lanes(t), d + col, b + col, -1, 0, 0);
            }
            control(Opcode.ENDIF, -1);
            return;
        }
        int n = lanes(t);
        int notC = op(Opcode.SUB, n, floats(n, 1f), c);
        int sum = op(Opcode.ADD, n, op(Opcode.MUL, n, c, a), op(Opcode.MUL, n, notC, b));
        emit(Opcode.MOV, type(t), n, d, sum, -1, 0, 0);
    }

    private void convert(Instruction i) {
        if (!check(i)) {
            return;
        }
        ScalarKind from = i.operand(0).type().scalarKind();
        ScalarKind to = i.type().scalarKind();
        int n = lanes(i.type());
        int a = operand(i.operand(0));
        if (to == ScalarKind.BOOL && from != ScalarKind.BOOL) {
            int zero = floats(1, 0f);
            bind(i, perLane(n, k -> compare(Cmp.NE, lane(a, k), zero)));
        } else if (from == ScalarKind.FLOAT && to != ScalarKind.FLOAT) {
            emit(Opcode.TRUNC, type(i.type()), n, result(i), a, -1, 0, 0);
        } else {
            // ints and bools are whole floats already
            bind(i, a);
        }
    }

    // ---- memory

    /** The register a local, private global or output lives in. */
    int home(Value root, Type type) {
        return homes.computeIfAbsent(root, k -> code.newRegister(Slots.slotsOf(type)));
    }

    /** The home of an output global, or -1 when nothing ever stored to it. */
    int outputHome(GlobalVariable g) {
        Integer h = homes.get(g);
        return h == null ? -1 : h;
    }
}
