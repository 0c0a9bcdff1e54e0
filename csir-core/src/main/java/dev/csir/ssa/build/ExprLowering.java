package dev.csir.ssa.build;

import dev.csir.sema.Typed;
import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Lowers typed expressions to instructions in the current block. {@code &&} and {@code ||} are
 * control flow with a phi (the right operand runs only when it decides); everything else is
 * straight-line: loads through the variable's pointer, component-wise operations, constructs,
 * extracts and shuffles, intrinsics, calls and texture samples.
 */
final class ExprLowering {
    private final FunctionLowering fn;
    private final Builder b;

    ExprLowering(FunctionLowering fn) {
        this.fn = fn;
        this.b = fn.b;
    }

    Value expr(Typed.Expr e) {
        // instanceof rather than a pattern switch: each switch site costs a one-shot compile its
        // invokedynamic linkage at first use (see dev.csir.types.Type)
        if (e instanceof Typed.Literal l) {
            return Constant.ofBits((ScalarType) l.type(), l.bits());
        }
        if (e instanceof Typed.VarRef r) {
            if (fn.module().specConstant(r.variable()) != null) {
                return fn.module().specConstant(r.variable());
            }
            return r.type().isOpaque() ? fn.pointer(r.variable())
                    : b.load(fn.pointer(r.variable())).setName(r.variable().name());
        }
        if (e instanceof Typed.Call c) {
            return call(c);
        }
        if (e instanceof Typed.BuiltinCall c) {
            return builtin(c);
        }
        if (e instanceof Typed.Construct c) {
            return construct(c);
        }
        if (e instanceof Typed.Convert c) {
            return b.convert(c.type(), expr(c.value()));
        }
        if (e instanceof Typed.Splat s) {
            return splat(s.type(), expr(s.value()));
        }
        if (e instanceof Typed.Unary u) {
            return b.unary(switch (u.op()) {
                case NEG -> Opcode.NEG;
                case NOT -> Opcode.LOGICAL_NOT;
                case BIT_NOT -> Opcode.BIT_NOT;
            }, expr(u.operand()));
        }
        if (e instanceof Typed.Binary bin) {
            return binary(bin);
        }
        if (e instanceof Typed.Swizzle s) {
            return swizzle(s);
        }
        if (e instanceof Typed.Index ix) {
            return isPlace(ix) ? b.load(fn.pointer(ix)) : index(ix);
        }
        if (e instanceof Typed.Field m) {
            return isPlace(m) ? b.load(fn.pointer(m)) : b.extract(expr(m.base()), m.index());
        }
        if (e instanceof Typed.Texture t) {
            return texture(t);
        }
        if (e instanceof Typed.Conditional c) {
            return conditional(c);
        }
        if (e instanceof Typed.Increment i) {
            return increment(i);
        }
        if (e instanceof Typed.Assign a) {
            return assign(a);
        }
        if (e instanceof Typed.Current) {
            return current;
        }
        if (e instanceof Typed.Comma c) {
            expr(c.left());
            return expr(c.right());
        }
        throw new IllegalArgumentException(String.valueOf(e));
    }

    /**
     * {@code c ? a : b}: a select when neither arm has an effect (both are computed, which no one
     * can tell); else a selection whose merge block's phi takes the arm that ran.
     */
    private Value conditional(Typed.Conditional c) {
        Value cond = expr(c.cond());
        if (Typed.pure(c.then()) && Typed.pure(c.otherwise())) {
            return b.select(cond, expr(c.then()), expr(c.otherwise()));
        }
        Block header = b.block();
        Block then = b.newBlock("cond.then");
        Block otherwise = b.newBlock("cond.else");
        Block merge = b.newBlock("cond.merge");
        header.markSelection(merge, ControlHint.NONE);
        b.condBr(cond, then, otherwise);
        b.at(then);
        Value a = expr(c.then());
        Block thenEnd = b.block();
        b.br(merge);
        b.at(otherwise);
        Value v = expr(c.otherwise());
        Block otherwiseEnd = b.block();
        b.br(merge);
        b.at(merge);
        Instruction phi = b.phi(c.type());
        Builder.incoming(phi, a, thenEnd);
        Builder.incoming(phi, v, otherwiseEnd);
        return phi;
    }

    /**
     * A call of a user function: an in argument passes its value; an out or inout one a
     * temporary of the caller's (holding the argument's value for inout), copied to the argument
     * after the call returns, left to right, as GLSL's copy-out says.
     */
    private Value call(Typed.Call c) {
        List<Value> args = new ArrayList<>();
        List<Value> temporaries = new ArrayList<>();
        for (int i = 0; i < c.args().size(); i++) {
            Typed.Expr a = c.args().get(i);
            if (!c.function().writesBack(i)) {
                args.add(expr(a));
                temporaries.add(null);
                continue;
            }
            Value t = b.alloca(a.type(), c.function().params().get(i).name());
            if (c.function().directions().get(i) == dev.csir.lang.Ast.Direction.INOUT) {
                b.store(t, expr(a));
            }
            args.add(t);
            temporaries.add(t);
        }
        Value result = b.call(fn.module().function(c.function()), args);
        for (int i = 0; i < c.args().size(); i++) {
            if (temporaries.get(i) != null) {
                fn.assign(c.args().get(i), b.load(temporaries.get(i)));
            }
        }
        return result;
    }

    /**
     * Whether an element or member is read through memory: its chain of members and elements
     * leads to a variable, and an array is on the way (so a dynamic index reads one element,
     * not a copy of the array), or a member of a struct held in memory.
     */
    private static boolean isPlace(Typed.Expr e) {
        if (e instanceof Typed.VarRef) {
            return true;
        }
        if (e instanceof Typed.Field m) {
            return isPlace(m.base());
        }
        if (e instanceof Typed.Index ix) {
            return ix.base().type() instanceof dev.csir.types.ArrayType && isPlace(ix.base());
        }
        return false;
    }

    /** The target's value before the compound assignment being lowered ({@link Typed.Current}). */
    private Value current;

    /** The stored value; a compound assignment reads and writes its target through one address. */
    private Value assign(Typed.Assign a) {
        if (a.value() == null) { // zeroes the target (outputs, at the start of main)
            Value zero = Zero.of(a.target().type());
            fn.assign(a.target(), zero);
            return zero;
        }
        if (!reads(a.value())) {
            Value v = expr(a.value());
            fn.assign(a.target(), v);
            return v;
        }
        FunctionLowering.Place place = fn.place(a.target());
        Value outer = current;
        current = place.load();
        Value v = expr(a.value());
        current = outer;
        place.store(v);
        return v;
    }

    /** Whether a compound assignment's value reads the target's current value (the operator and its conversions). */
    private static boolean reads(Typed.Expr value) {
        if (value instanceof Typed.Current) {
            return true;
        }
        if (value instanceof Typed.Binary bin) {
            return reads(bin.left()) || reads(bin.right());
        }
        if (value instanceof Typed.Unary u) {
            return reads(u.operand());
        }
        if (value instanceof Typed.Convert c) {
            return reads(c.value());
        }
        if (value instanceof Typed.Splat s) {
            return reads(s.value());
        }
        return false;
    }

    /** {@code ++v} / {@code v--}: load, step each component by one, store; the new value or the old. */
    private Value increment(Typed.Increment i) {
        FunctionLowering.Place place = fn.place(i.target());
        Value old = place.load();
        Type t = i.type();
        Constant one = t.scalarKind() == dev.csir.types.ScalarKind.FLOAT ? Constant.ofFloat(1) : Constant.ofInt(1);
        Value step = splat(t, one);
        Value stepped = b.binary(i.increment() ? Opcode.ADD : Opcode.SUB, old, step);
        place.store(stepped);
        return i.prefix() ? stepped : old;
    }

    private Value splat(Type to, Value scalar) {
        if (to instanceof VectorType v) {
            return b.construct(v, Collections.nCopies(v.size(), scalar));
        }
        if (to instanceof MatrixType m) {
            return b.construct(m, Collections.nCopies(m.columns(), splat(m.columnType(), scalar)));
        }
        return scalar;
    }

    private Value construct(Typed.Construct c) {
        List<Value> parts = new ArrayList<>();
        if (c.diagonal()) {
            MatrixType m = (MatrixType) c.type();
            Value d = expr(c.args().getFirst());
            Constant zero = Constant.ofFloat(0);
            for (int col = 0; col < m.columns(); col++) {
                List<Value> lanes = new ArrayList<>(Collections.nCopies(m.rows(), zero));
                if (col < m.rows()) {
                    lanes.set(col, d);
                }
                parts.add(b.construct(m.columnType(), lanes));
            }
            return b.construct(m, parts);
        }
        for (Typed.Expr a : c.args()) {
            parts.add(expr(a));
        }
        return b.construct(c.type(), parts);
    }

    private Value binary(Typed.Binary bin) {
        if (bin.op() == Typed.BinaryOp.AND || bin.op() == Typed.BinaryOp.OR) {
            return shortCircuit(bin);
        }
        Value l = expr(bin.left());
        Value r = expr(bin.right());
        if ((bin.op() == Typed.BinaryOp.EQ || bin.op() == Typed.BinaryOp.NE) && !(l.type() instanceof ScalarType)) {
            Value equal = equal(l, r);
            return bin.op() == Typed.BinaryOp.EQ ? equal : b.unary(Opcode.LOGICAL_NOT, equal);
        }
        Opcode op = switch (bin.op()) {
            case ADD -> Opcode.ADD;
            case SUB -> Opcode.SUB;
            case MUL -> Opcode.MUL;
            case DIV -> Opcode.DIV;
            case REM -> Opcode.REM;
            case MAT_MUL -> Opcode.MAT_MUL;
            case LT -> Opcode.LT;
            case LE -> Opcode.LE;
            case GT -> Opcode.GT;
            case GE -> Opcode.GE;
            case EQ -> Opcode.EQ;
            case NE -> Opcode.NE;
            case BIT_AND -> Opcode.BIT_AND;
            case BIT_OR -> Opcode.BIT_OR;
            case BIT_XOR -> Opcode.BIT_XOR;
            case SHL -> Opcode.SHL;
            case SHR -> Opcode.SHR;
            case AND, OR -> throw new IllegalStateException();
        };
        return op.family() == Opcode.Family.COMPARE ? b.compare(op, l, r) : b.binary(op, l, r);
    }

    /** Whether two values of one type are equal in every component, member and element (a bool). */
    private Value equal(Value l, Value r) {
        if (l.type() instanceof ScalarType) {
            return b.compare(Opcode.EQ, l, r);
        }
        if (l.type() instanceof VectorType) {
            return b.intrinsic(Intrinsic.ALL, ScalarType.BOOL, List.of(b.compare(Opcode.EQ, l, r)));
        }
        int n;
        if (l.type() instanceof MatrixType m) {
            n = m.columns();
        } else if (l.type() instanceof dev.csir.types.ArrayType a) {
            n = a.length();
        } else {
            n = ((dev.csir.types.StructType) l.type()).members().size();
        }
        Value all = null;
        for (int k = 0; k < n; k++) {
            Value e = equal(b.extract(l, k), b.extract(r, k));
            all = all == null ? e : b.binary(Opcode.LOGICAL_AND, all, e);
        }
        return all;
    }

    /**
     * {@code a && b}: the block computing a becomes a selection header that skips b when a is
     * false; the merge block's phi takes false from the header and b from wherever b ended.
     */
    private Value shortCircuit(Typed.Binary bin) {
        boolean and = bin.op() == Typed.BinaryOp.AND;
        Value l = expr(bin.left());
        Block header = b.block();
        Block rhs = b.newBlock(and ? "and.rhs" : "or.rhs");
        Block merge = b.newBlock(and ? "and.merge" : "or.merge");
        header.markSelection(merge, ControlHint.NONE);
        if (and) {
            b.condBr(l, rhs, merge);
        } else {
            b.condBr(l, merge, rhs);
        }
        b.at(rhs);
        Value r = expr(bin.right());
        Block rhsEnd = b.block();
        b.br(merge);
        b.at(merge);
        Instruction phi = b.phi(ScalarType.BOOL);
        Builder.incoming(phi, Constant.ofBool(!and), header);
        Builder.incoming(phi, r, rhsEnd);
        return phi;
    }

    private Value swizzle(Typed.Swizzle s) {
        Value base = expr(s.base());
        int[] lanes = s.lanes();
        if (base.type() instanceof ScalarType) {
            return lanes.length == 1 ? base : b.construct(s.type(), Collections.nCopies(lanes.length, base));
        }
        if (lanes.length == 1) {
            return b.extract(base, lanes[0]);
        }
        return b.shuffle(base, base, lanes);
    }

    private Value index(Typed.Index ix) {
        Value base = expr(ix.base());
        Value i = expr(ix.index());
        if (base.type() instanceof VectorType) {
            return b.extractDynamic(base, i);
        }
        if (i instanceof Constant.Scalar k) {
            return b.extract(base, k.intValue());
        }
        if (base.type() instanceof dev.csir.types.ArrayType) {
            // an array value at a run-time index: held in a local of its own to index
            Value local = b.alloca(base.type(), "array");
            b.store(local, base);
            return b.load(b.access(local, i));
        }
        // a matrix column at a run-time index: a chain of selects over the columns rather than a
        // local to index, so nothing stays in memory; an index out of range reads zeros, as a load
        // through an out-of-range access chain does
        MatrixType m = (MatrixType) base.type();
        Value column = Zero.of(m.columnType());
        for (int c = 0; c < m.columns(); c++) {
            Value hit = b.compare(Opcode.EQ, i, Constant.ofBits((ScalarType) i.type(), c));
            column = b.select(hit, b.extract(base, c), column);
        }
        return column;
    }

    /**
     * A built-in call: the relational functions become comparisons, {@code not} a logical not,
     * {@code mix} with a bool selector a select, {@code atan(y, x)} the two-argument arctangent;
     * the rest are the intrinsic of their name.
     */
    private Value builtin(Typed.BuiltinCall c) {
        List<Value> args = new ArrayList<>();
        for (int i = 0; i < c.args().size(); i++) {
            // an out argument is written after the call, not read
            args.add(c.out(i) ? null : expr(c.args().get(i)));
        }
        Opcode compare = switch (c.builtin()) {
            case LESS_THAN -> Opcode.LT;
            case LESS_THAN_EQUAL -> Opcode.LE;
            case GREATER_THAN -> Opcode.GT;
            case GREATER_THAN_EQUAL -> Opcode.GE;
            case EQUAL -> Opcode.EQ;
            case NOT_EQUAL -> Opcode.NE;
            default -> null;
        };
        if (compare != null) {
            return b.compare(compare, args.get(0), args.get(1));
        }
        return switch (c.builtin()) {
            case MODF, FREXP -> withOut(c, args);
            case UADD_CARRY -> written(c, 2, new WideArithmetic(b).addCarry(args.get(0), args.get(1)));
            case USUB_BORROW -> written(c, 2, new WideArithmetic(b).subBorrow(args.get(0), args.get(1)));
            case UMUL_EXTENDED -> written(c, 2, new WideArithmetic(b).multiplyUnsigned(args.get(0), args.get(1)));
            case IMUL_EXTENDED -> written(c, 2, new WideArithmetic(b).multiplySigned(args.get(0), args.get(1)));
            case NOT -> b.unary(Opcode.LOGICAL_NOT, args.get(0));
            case MIX -> isBool(c.args().get(2).type()) ? b.select(args.get(2), args.get(1), args.get(0))
                    : b.intrinsic(Intrinsic.MIX, c.type(), args);
            case ATAN -> b.intrinsic(args.size() == 2 ? Intrinsic.ATAN2 : Intrinsic.ATAN, c.type(), args);
            // the same 32 bits seen as the other type
            case FLOAT_BITS_TO_INT, FLOAT_BITS_TO_UINT, INT_BITS_TO_FLOAT, UINT_BITS_TO_FLOAT -> b.bitcast(c.type(),
                    args.getFirst());
            default -> b.intrinsic(Intrinsic.ofName(c.builtin().glslName()), c.type(), args);
        };
    }

    /**
     * modf and frexp: the intrinsic writes its second result through a temporary, copied to the
     * out argument after the call, as a user function's out parameter is.
     */
    private Value withOut(Typed.BuiltinCall c, List<Value> args) {
        Typed.Expr target = c.args().get(1);
        dev.csir.types.Type x = c.args().get(0).type();
        dev.csir.types.Type second = c.builtin() == dev.csir.sema.BuiltinTable.Builtin.MODF ? x
                : x instanceof VectorType v ? new VectorType(ScalarType.INT, v.size()) : ScalarType.INT;
        Value t = b.alloca(second, c.builtin().glslName());
        Value r = b.intrinsic(Intrinsic.ofName(c.builtin().glslName()), c.type(), List.of(args.get(0), t));
        writeOut(target, b.load(t));
        return r;
    }

    /**
     * The results of a built-in with out parameters computed as {@code values}: those from
     * {@code firstOut} on go to the out arguments in order; the value before them is the call's
     * (none for a void one).
     */
    private Value written(Typed.BuiltinCall c, int firstOut, Value[] values) {
        int outs = c.args().size() - firstOut;
        for (int k = 0; k < outs; k++) {
            writeOut(c.args().get(firstOut + k), values[values.length - outs + k]);
        }
        return values.length > outs ? values[0] : null;
    }

    /** An out argument's value, converted to the argument's type where that differs (GLSL 6.1). */
    private void writeOut(Typed.Expr target, Value v) {
        fn.assign(target, v.type().equals(target.type()) ? v : b.convert(target.type(), v));
    }

    private static boolean isBool(dev.csir.types.Type t) {
        return t instanceof dev.csir.types.ScalarType s ? s.kind() == dev.csir.types.ScalarKind.BOOL
                : t instanceof VectorType v && v.component().kind() == dev.csir.types.ScalarKind.BOOL;
    }

    /**
     * A texture built-in as the transform IR's instruction: the coordinate evaluated once, its
     * lanes divided by the last one when projective, a shadow sampler's reference taken out of it.
     */
    private Value texture(Typed.Texture t) {
        Value sampler = fn.pointer(t.sampler());
        List<Value> operands = new ArrayList<>();
        operands.add(sampler);
        if (t.coord() != null) {
            SamplerType s = (SamplerType) t.sampler().type();
            // textureQueryLod's coordinate has no layer
            int n = s.dim().coordinates() + (s.arrayed() && t.op() != Typed.TextureOp.QUERY_LOD ? 1 : 0);
            Value p = expr(t.coord());
            int lanes = ((VectorType) p.type()).size();
            Value divisor = t.projective() ? b.extract(p, lanes - 1) : null;
            Value coord = lanes == n ? p : b.shuffle(p, p, identity(n));
            // a gather's reference is an argument of its own, and so is a cube-map array's, whose
            // coordinate has no lane left for it (its reference is then among the operands)
            Value reference = s.shadow() && t.op() != Typed.TextureOp.GATHER_COMPARE && t.op() != Typed.TextureOp.QUERY_LOD
                    && lanes > n ? b.extract(p, n) : null;
            if (divisor != null) {
                List<Value> splat = java.util.Collections.nCopies(n, divisor);
                coord = b.binary(Opcode.DIV, coord, b.construct(coord.type(), splat));
                reference = reference == null ? null : b.binary(Opcode.DIV, reference, divisor);
            }
            operands.add(coord);
            if (reference != null) {
                operands.add(reference);
            }
        }
        for (Typed.Expr e : t.operands()) {
            operands.add(expr(e));
        }
        for (Typed.Expr e : t.offsets()) {
            operands.add(offset(e));
        }
        Opcode op = switch (t.op()) {
            case SAMPLE -> Opcode.SAMPLE;
            case SAMPLE_LOD -> Opcode.SAMPLE_LOD;
            case SAMPLE_GRAD -> Opcode.SAMPLE_GRAD;
            case SAMPLE_COMPARE -> Opcode.SAMPLE_COMPARE;
            case FETCH -> Opcode.FETCH;
            case SIZE -> Opcode.TEXTURE_SIZE;
            case GATHER -> Opcode.GATHER;
            case GATHER_COMPARE -> Opcode.GATHER_COMPARE;
            case QUERY_LEVELS -> Opcode.QUERY_LEVELS;
            case QUERY_LOD -> Opcode.QUERY_LOD;
            case SUBPASS_LOAD -> Opcode.SUBPASS_LOAD;
        };
        Instruction i = b.texture(op, t.type(), operands.toArray(Value[]::new));
        if (!t.offsets().isEmpty()) {
            i.setImmediates(t.offsets().size());
        }
        return i;
    }

    /** A texel offset: a constant where the front end knows its lanes (SPIR-V's ConstOffset), else its value. */
    private Value offset(Typed.Expr e) {
        int[] lanes = dev.csir.sema.Constants.intLanes(e);
        if (lanes == null) {
            return expr(e);
        }
        List<Constant> parts = new ArrayList<>();
        for (int lane : lanes) {
            parts.add(Constant.ofInt(lane));
        }
        return parts.size() == 1 ? parts.getFirst() : new Constant.Composite(e.type(), parts);
    }

    private static int[] identity(int n) {
        int[] lanes = new int[n];
        for (int i = 0; i < n; i++) {
            lanes[i] = i;
        }
        return lanes;
    }
}
