package dev.csir.lower;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.Cmp;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.Type;
import dev.csir.lang.Ast.Pos;

/**
 * The value-level helpers of section 3.4 shared by expression and built-in lowering: constants,
 * swizzles, broadcasts, component-wise arithmetic with folding, and matrix arithmetic.
 */
final class Emitter {
    final IrBuilder b;
    final DiagnosticLog log;
    /**
     * The statement being lowered, or null: errors sort at it in the log, so the errors that follow
     * from one in the same statement stay after it (they are often shown at an earlier column).
     */
    Pos statement;

    Emitter(IrBuilder b, DiagnosticLog log) {
        this.b = b;
        this.log = log;
    }

    /**
     * Reports an error at a source position, unless a pool has overflowed: lowering then goes on
     * only to count what the shader needs, and the overflow is its last error (the original
     * reported what the overflow's bad values caused too).
     */
    void error(Pos pos, String message) {
        if (b.failed()) {
            return;
        }
        Pos sort = statement == null ? pos : statement;
        log.error(pos.line(), pos.column(), message, sort.line(), sort.column());
    }

    /**
     * Reports an error the original shows at 1:1 for want of a position (a bad swizzle, say); it
     * sorts at the statement it was found in.
     */
    void unlocated(String message) {
        error(Pos.NONE, message);
    }

    // ---- constants

    Val constant(Type type, float[] values, int n) {
        float[] v = values.length == n ? values : java.util.Arrays.copyOf(values, n);
        int t = b.constant(v);
        if (t < 0) {
            return Val.BAD;
        }
        return new Val(t, type, n, v, false);
    }

    Val scalarConst(Type type, float x) {
        return constant(type, new float[] {x}, 1);
    }

    Val floatConst(float x) {
        return scalarConst(Type.FLOAT, x);
    }

    /** A zero vec4 materialized in a new temporary (output initialisation, constructors). */
    int zeroVec4() {
        return b.constant(0f, 0f, 0f, 0f);
    }

    // ---- emission

    /** Emits {@code op} into a new temporary; returns it as a value, or BAD past a pool limit. */
    Val op(Opcode op, Type ty, int n, int a, int bb, int aux, int aux2) {
        int t = b.temp();
        if (t < 0) {
            return Val.BAD;
        }
        b.emit(op, ty, n, t, a, bb, aux, aux2);
        return Val.of(t, ty, n);
    }

    void emit(Opcode op, Type ty, int n, int dst, int a, int bb, int aux, int aux2) {
        if (dst >= 0 || op == Opcode.IF || op == Opcode.ELSE || op == Opcode.ENDIF || op == Opcode.DISCARD
                || op == Opcode.STORE_POS || op == Opcode.STORE_VAR || op == Opcode.STORE_COLOR) {
            b.emit(op, ty, n, dst, a, bb, aux, aux2);
        }
    }

    static Type vecType(Type base, int n) {
        return base.isIntLike() ? Type.intVector(n) : Type.floatVector(n);
    }

    /** The result type of a component-wise operation of base type {@code base} on n lanes. */
    static Type resultType(Type base, int n) {
        if (n == 1) {
            return base.isScalar() ? base : Type.FLOAT;
        }
        return vecType(base, n);
    }

    // ---- swizzles

    Val swizzle(Val src, int mask, int n) {
        if (src.bad()) {
            return Val.BAD;
        }
        if (src.matrix()) {
            unlocated(Messages.CANNOT_SWIZZLE_MATRIX);
            return Val.BAD;
        }
        for (int i = 0; i < n; i++) {
            if (((mask >> (2 * i)) & 3) >= src.n() || src.sampler()) {
                unlocated(Messages.INVALID_SWIZZLE);
                return Val.BAD;
            }
        }
        Type ty = src.type().isIntLike() ? Type.intVector(n) : Type.floatVector(n);
        if (src.isConst()) {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = src.k()[(mask >> (2 * i)) & 3];
            }
            return constant(ty, v, n);
        }
        return op(Opcode.SWZ, ty, n, src.temp(), -1, mask, 0);
    }

    /** Lane i of a value as a scalar. */
    Val lane(Val src, int i) {
        return swizzle(src, i, 1);
    }

    Val broadcast(Val s, int n) {
        if (s.bad() || s.n() == n) {
            return s;
        }
        if (!s.scalar()) {
            unlocated(Messages.CANNOT_BROADCAST);
            return Val.BAD;
        }
        return swizzle(s, 0, n);
    }

    // ---- arithmetic

    /**
     * Component-wise ADD, SUB, MUL, MIN or MAX with scalar broadcast and constant folding
     * (section 3.4 bin_arith); matrices work column by column.
     */
    Val arith(Opcode op, Val l, Val r, Pos pos) {
        if (l.bad() || r.bad()) {
            return Val.BAD;
        }
        if (l.sampler() || r.sampler()) {
            error(pos, Messages.TYPE_MISMATCH);
            return Val.BAD;
        }
        if (l.matrix() || r.matrix()) {
            return matrixArith(op, l, r, pos);
        }
        Type base = l.type();
        if (l.n() != r.n()) {
            if (l.n() == 1) {
                base = r.type();
                l = broadcast(l, r.n());
            } else if (r.n() == 1) {
                r = broadcast(r, l.n());
            } else {
                error(pos, Messages.TYPE_MISMATCH);
                return Val.BAD;
            }
            if (l.bad() || r.bad()) {
                return Val.BAD;
            }
        }
        int n = l.n();
        Type ty = resultType(base, n);
        if (l.isConst() && r.isConst()) {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = fold(op, l.k()[i], r.k()[i]);
            }
            return constant(ty, v, n);
        }
        return op(op, ty, n, l.temp(), r.temp(), 0, 0);
    }

    static float fold(Opcode op, float a, float b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case MIN -> a < b ? a : b;
            case MAX -> a > b ? a : b;
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    /** Column-wise matrix arithmetic: M op M of one size, or M op s / s op M for a scalar s. */
    private Val matrixArith(Opcode op, Val l, Val r, Pos pos) {
        Val m = l.matrix() ? l : r;
        int cols = m.cols();
        int rows = m.type().components();
        Val other = l.matrix() ? r : l;
        Val bcast = null;
        if (l.matrix() && r.matrix()) {
            if (l.type() != r.type()) {
                unlocated(Messages.MATRIX_SIZE_MISMATCH);
                return Val.BAD;
            }
        } else if (other.scalar()) {
            bcast = broadcast(other, rows);
            if (bcast.bad()) {
                return Val.BAD;
            }
        } else {
            error(pos, Messages.TYPE_MISMATCH);
            return Val.BAD;
        }
        int dst = b.temp(cols);
        if (dst < 0) {
            return Val.BAD;
        }
        Type colType = Type.floatVector(rows);
        for (int c = 0; c < cols; c++) {
            int a = l.matrix() ? l.temp() + c : bcast.temp();
            int bb = r.matrix() ? r.temp() + c : bcast.temp();
            b.emit(op, colType, rows, dst + c, a, bb, 0, 0);
        }
        return Val.of(dst, m.type(), rows);
    }

    /** {@code l * r} with the matrix forms: M*v (MULMV), M*M (MULMM), v*M (row vector), else arith. */
    Val multiply(Val l, Val r, Pos pos) {
        if (l.bad() || r.bad()) {
            return Val.BAD;
        }
        if (l.matrix() && r.matrix()) {
            if (l.type() != r.type()) {
                unlocated(Messages.MATRIX_SIZE_MISMATCH);
                return Val.BAD;
            }
            int cols = l.cols();
            int dst = b.temp(cols);
            if (dst < 0) {
                return Val.BAD;
            }
            b.emit(Opcode.MULMM, l.type(), cols, dst, l.temp(), r.temp(), cols, 0);
            return Val.of(dst, l.type(), cols);
        }
        if (l.matrix() && r.vector()) {
            int cols = l.cols();
            if (r.n() != cols) {
                unlocated(Messages.MATRIX_VECTOR_MISMATCH);
                return Val.BAD;
            }
            return op(Opcode.MULMV, Type.floatVector(cols), cols, l.temp(), r.temp(), cols, 0);
        }
        if (r.matrix() && l.vector()) {
            int cols = r.cols();
            if (l.n() != cols) {
                unlocated(Messages.MATRIX_VECTOR_MISMATCH);
                return Val.BAD;
            }
            // Row vector times matrix: component j is dot(v, column j).
            Val[] lanes = new Val[cols];
            for (int c = 0; c < cols; c++) {
                lanes[c] = op(Opcode.DOT, Type.FLOAT, 1, l.temp(), r.temp() + c, r.type().components(), 0);
            }
            return assemble(lanes, Type.floatVector(cols));
        }
        return arith(Opcode.MUL, l, r, pos);
    }

    /** Builds a vector from scalars: a MOV of the first lane, then one SETLANE per further lane. */
    Val assemble(Val[] lanes, Type ty) {
        for (Val v : lanes) {
            if (v.bad()) {
                return Val.BAD;
            }
        }
        if (lanes.length == 1) {
            return lanes[0].retype(ty);
        }
        int t = b.temp();
        if (t < 0) {
            return Val.BAD;
        }
        b.emit(Opcode.MOV, ty, 1, t, lanes[0].temp(), -1, 0, 0);
        for (int i = 1; i < lanes.length; i++) {
            b.emit(Opcode.SETLANE, ty, 1, t, lanes[i].temp(), -1, i, 0);
        }
        return Val.of(t, ty, lanes.length);
    }

    /** A scalar CMP yielding 1.0 or 0.0 (folded when both sides are known). */
    Val compare(Cmp cmp, Val l, Val r) {
        if (l.bad() || r.bad()) {
            return Val.BAD;
        }
        if (l.isConst() && r.isConst()) {
            return scalarConst(Type.BOOL, cmp.test(l.k()[0], r.k()[0]) ? 1f : 0f);
        }
        return op(Opcode.CMP, Type.BOOL, 1, l.temp(), r.temp(), cmp.code(), 0);
    }

    /** RCP then MUL, as the language divides; the caller has rejected a constant zero divisor. */
    Val divide(Val l, Val r, Pos pos) {
        if (l.bad() || r.bad()) {
            return Val.BAD;
        }
        if (r.matrix() || r.sampler()) {
            error(pos, Messages.TYPE_MISMATCH);
            return Val.BAD;
        }
        Val rcp = op(Opcode.RCP, Type.floatVector(r.n()), r.n(), r.temp(), -1, 0, 0);
        return arith(Opcode.MUL, l, rcp, pos);
    }

    /** Applies a one-lane operation (lane x in, lane x out) to each lane of v and reassembles. */
    Val perLane(Val v, java.util.function.UnaryOperator<Val> f) {
        if (v.bad()) {
            return Val.BAD;
        }
        if (v.n() == 1) {
            return f.apply(v);
        }
        Val[] lanes = new Val[v.n()];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = f.apply(lane(v, i));
        }
        return assemble(lanes, Type.floatVector(v.n()));
    }

    /** A vector built as the original builds constructors: zero vec4, MOV, one SETLANE per component. */
    Val parts(Type ty, Val[] args) {
        int t = b.temp();
        int z = zeroVec4();
        if (t < 0 || z < 0) {
            return Val.BAD;
        }
        b.emit(Opcode.MOV, ty, 4, t, z, -1, 0, 0);
        int out = 0;
        for (Val a : args) {
            for (int j = 0; j < a.n(); j++) {
                b.emit(Opcode.SETLANE, ty, 1, t, a.temp(), -1, out++, j);
            }
        }
        return Val.of(t, ty, out);
    }
}
