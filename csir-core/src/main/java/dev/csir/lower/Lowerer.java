package dev.csir.lower;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.Cmp;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Pos;
import java.util.ArrayList;
import java.util.List;

/** Lowers statements and expressions of one shader to CSIR (sections 2.7-2.9 and 3.4). */
final class Lowerer {
    static final int MAX_CALL_DEPTH = 8;
    static final int MAX_CALL_ARGS = 8;
    static final int MAX_CONSTRUCTOR_ARGS = 16;
    static final int MAX_UNROLL = 8;

    final Emitter e;
    final IrBuilder b;
    final DiagnosticLog log;
    final Stage stage;
    final Scopes scopes;
    final Builtins builtins;
    boolean positionWritten;
    /** Set by a fatal error (a duplicate symbol): the original stops analysing the shader there. */
    private boolean aborted;

    boolean aborted() {
        return aborted;
    }

    private boolean stop() {
        return aborted || log.full() || b.capped();
    }

    /** Names of the functions being inlined, main first. */
    private final List<String> callStack = new ArrayList<>();
    /** Value of the last well-placed return of the function being inlined. */
    private Val returnValue;
    private Type returnType;

    /**
     * Undo log of known-constant state for assignments inside if/else branches: values assigned in
     * a branch are not known after the if, and one branch's knowledge does not leak into the other.
     */
    private Symbol[] undoSym = new Symbol[16];
    private boolean[] undoKnown = new boolean[16];
    private float[] undoValue = new float[16];
    private int undoCount;
    private int ifDepth;

    Lowerer(IrBuilder b, DiagnosticLog log, Stage stage, Scopes scopes) {
        this.b = b;
        this.log = log;
        this.stage = stage;
        this.scopes = scopes;
        this.e = new Emitter(b, log);
        this.builtins = new Builtins(e);
    }

    private void error(Pos pos, String message) {
        e.error(pos, message);
    }

    // ------------------------------------------------------------------ functions

    /** Lowers the body of main (a frame of its own). */
    void lowerMain(Ast.FuncDecl main) {
        callStack.add(main.name());
        scopes.pushFrame();
        returnType = Type.VOID;
        returnValue = null;
        lowerFunctionBody(main.body());
        scopes.popFrame();
        callStack.remove(callStack.size() - 1);
    }

    /**
     * A function body: its statements in the frame's scope; a return is accepted only as the last
     * statement of this top block.
     */
    private void lowerFunctionBody(Ast.Block body) {
        List<Ast.Stmt> stmts = body.stmts();
        int n = stmts.size();
        for (int i = 0; i < n && !stop(); i++) {
            Ast.Stmt s = stmts.get(i);
            if (i == n - 1 && s instanceof Ast.Return r) {
                Pos outer = e.statement;
                int line = b.line();
                int column = b.column();
                e.statement = r.pos();
                b.at(r.pos().line(), r.pos().column());
                lowerReturn(r, true);
                e.statement = outer;
                b.at(line, column);
            } else {
                lowerStmt(s);
            }
        }
    }

    private void lowerReturn(Ast.Return r, boolean wellPlaced) {
        if (!wellPlaced) {
            error(r.pos(), Messages.RETURN_NOT_LAST);
        }
        Val v = r.value() == null ? null : expr(r.value());
        if (returnType == Type.VOID) {
            return; // a value returned from main is ignored, as in the original
        }
        if (v == null) {
            error(r.pos(), Messages.RETURN_TYPE_MISMATCH);
            v = Val.BAD;
        } else if (!v.bad() && !TypeRules.assignable(returnType, v.type())) {
            error(r.pos(), Messages.RETURN_TYPE_MISMATCH);
            v = Val.BAD;
        } else if (!v.bad() && v.type() != returnType) {
            v = v.retype(returnType);
        }
        if (wellPlaced) {
            returnValue = v;
        }
    }

    private Val callUser(Ast.Call call, Symbol fn, Val[] args) {
        Ast.FuncDecl f = fn.function;
        Pos pos = call.pos();
        if (CsirTypes.of(f.returnType()) == Type.VOID) {
            error(pos, Messages.VOID_FUNCTION_VALUE);
            return Val.BAD;
        }
        if (args.length != f.params().size()) {
            error(pos, Messages.WRONG_ARGUMENT_COUNT);
            return Val.BAD;
        }
        if (callStack.contains(f.name())) {
            error(pos, Messages.RECURSION);
            return Val.BAD;
        }
        if (callStack.size() >= MAX_CALL_DEPTH) {
            error(pos, Messages.CALL_DEPTH);
            return Val.BAD;
        }
        for (int i = 0; i < args.length; i++) {
            if (!TypeRules.assignable(CsirTypes.of(f.params().get(i).type()), args[i].type())
                    || args[i].sampler() != (CsirTypes.of(f.params().get(i).type()) == Type.SAMPLER2D)) {
                error(pos, Messages.ARGUMENT_TYPE_MISMATCH);
                return Val.BAD;
            }
        }
        Val savedReturn = returnValue;
        Type savedType = returnType;
        callStack.add(f.name());
        scopes.pushFrame();
        for (int i = 0; i < args.length; i++) {
            Ast.Param p = f.params().get(i);
            Symbol ps = Symbol.local(p.name(), CsirTypes.of(p.type()), false, p.pos());
            if (!scopes.declare(ps)) {
                e.unlocated(Messages.DUPLICATE_SYMBOL);
                aborted = true;
                continue;
            }
            bindParameter(ps, args[i]);
        }
        returnType = CsirTypes.of(f.returnType());
        returnValue = null;
        lowerFunctionBody(f.body());
        Val result = returnValue;
        scopes.popFrame();
        callStack.remove(callStack.size() - 1);
        returnValue = savedReturn;
        returnType = savedType;
        if (result == null) {
            error(pos, Messages.MISSING_RETURN_VALUE);
            return Val.BAD;
        }
        return result;
    }

    /** A parameter is a writable local holding a copy of the argument (every matrix column). */
    private void bindParameter(Symbol ps, Val arg) {
        if (arg.sampler()) {
            ps.slot = arg.temp();
            return;
        }
        int cols = ps.type.temporaries();
        int t = b.temp(cols);
        if (t < 0) {
            return;
        }
        ps.temp = t;
        copyInto(t, ps.type, arg);
    }

    /** MOVs a value into a variable's storage, one MOV per matrix column. */
    private void copyInto(int dst, Type type, Val v) {
        if (v.temp() == dst) {
            return;
        }
        if (v.matrix()) {
            for (int c = 0; c < v.cols(); c++) {
                b.emit(Opcode.MOV, Type.floatVector(4), 4, dst + c, v.temp() + c, -1, 0, 0);
            }
        } else {
            b.emit(Opcode.MOV, type, v.n(), dst, v.temp(), -1, 0, 0);
        }
    }

    // ------------------------------------------------------------------ statements

    void lowerStmt(Ast.Stmt s) {
        Pos outer = e.statement;
        int line = b.line();
        int column = b.column();
        e.statement = s.pos();
        b.at(s.pos().line(), s.pos().column());
        switch (s) {
            case Ast.Empty x -> {
            }
            case Ast.Block blk -> {
                scopes.push();
                for (Ast.Stmt st : blk.stmts()) {
                    if (stop()) {
                        break;
                    }
                    lowerStmt(st);
                }
                scopes.pop();
            }
            case Ast.ExprStmt x -> expr(x.expr());
            case Ast.Assign a -> assign(a);
            case Ast.DeclStmt d -> {
                if (d.decl() instanceof Ast.VarDecl v) {
                    localDecl(v);
                }
                // A function defined inside a block is never registered (as in the original).
            }
            case Ast.If i -> lowerIf(i);
            case Ast.For f -> lowerFor(f);
            case Ast.Return r -> lowerReturn(r, false);
            case Ast.Discard d -> {
                if (stage != Stage.FRAGMENT) {
                    error(d.pos(), Messages.DISCARD_STAGE_SOURCE);
                } else {
                    b.emit(Opcode.DISCARD, Type.NONE, 0, -1, -1, -1, 0, 0);
                }
            }
        }
        e.statement = outer;
        b.at(line, column);
    }

    private void localDecl(Ast.VarDecl v) {
        Ast.Storage st = v.qualifiers().storage();
        if (st == Ast.Storage.IN || st == Ast.Storage.OUT || st == Ast.Storage.UNIFORM) {
            error(v.pos(), Messages.LOCAL_QUALIFIER);
            return;
        }
        if (CsirTypes.of(v.type()) == Type.VOID) {
            error(v.pos(), Messages.VOID_VARIABLE);
            return;
        }
        if (CsirTypes.of(v.type()) == Type.SAMPLER2D) {
            error(v.pos(), Messages.SAMPLER_NOT_UNIFORM);
            return;
        }
        boolean isConst = st == Ast.Storage.CONST || v.qualifiers().isConst();
        Symbol s = Symbol.local(v.name(), CsirTypes.of(v.type()), isConst, v.pos());
        // Storage comes before the initializer, as in the original; the name becomes visible after it.
        int t = b.temp(CsirTypes.of(v.type()).temporaries());
        s.temp = t;
        if (v.init() != null) {
            Val val = expr(v.init());
            if (val.bad() || val.sampler() || !TypeRules.assignable(CsirTypes.of(v.type()), val.type())) {
                error(v.pos(), Messages.ASSIGNMENT_TYPE_MISMATCH);
            } else if (t >= 0) {
                copyInto(t, CsirTypes.of(v.type()), val);
                setKnown(s, val);
            }
        }
        if (!scopes.declare(s)) {
            e.unlocated(Messages.DUPLICATE_SYMBOL);
            aborted = true;
        }
    }

    /** Initialises a const or plain global from its initializer (run at the start of main). */
    void globalInit(Symbol s) {
        Ast.VarDecl v = s.declaration;
        e.statement = v.pos();
        b.at(v.pos().line(), v.pos().column());
        initialise(s, v);
        e.statement = null;
        b.at(0, 0);
    }

    private void initialise(Symbol s, Ast.VarDecl v) {
        int t = b.temp(CsirTypes.of(v.type()).temporaries());
        if (t < 0) {
            return;
        }
        Val val = expr(v.init());
        if (val.bad() || val.sampler() || !TypeRules.assignable(CsirTypes.of(v.type()), val.type())) {
            error(v.pos(), Messages.ASSIGNMENT_TYPE_MISMATCH);
        } else {
            s.temp = t;
            copyInto(t, CsirTypes.of(v.type()), val);
            setKnown(s, val);
        }
    }

    private void setKnown(Symbol s, Val val) {
        if (ifDepth > 0) {
            pushUndo(s, s.known, s.knownValue);
        }
        if (val.isConst() && val.n() == 1) {
            s.known = true;
            s.knownValue = val.k()[0];
        } else {
            s.known = false;
        }
    }

    private void assign(Ast.Assign a) {
        if (!(a.target() instanceof Ast.Ident id)) {
            error(a.target().pos(), Messages.ASSIGNMENT_TARGET);
            return;
        }
        Symbol s = scopes.lookup(id.name());
        if (s == null) {
            error(id.pos(), Messages.UNKNOWN_IDENTIFIER);
            return;
        }
        Val v = expr(a.value());
        Pos pos = a.pos();
        if (s.isConst) {
            error(pos, Messages.ASSIGN_CONST);
            return;
        }
        if (s.isSampler() || s.isFunction() || s.kind == Symbol.Kind.FRAG_COORD) {
            error(pos, Messages.INVALID_ASSIGNMENT);
            return;
        }
        if (s.storage == Ast.Storage.UNIFORM || s.storage == Ast.Storage.IN) {
            error(pos, Messages.INVALID_ASSIGNMENT);
            return;
        }
        if (v.bad() || v.sampler() || !TypeRules.assignable(s.type, v.type())
                || (s.kind == Symbol.Kind.POSITION && stage != Stage.VERTEX)) {
            error(pos, Messages.ASSIGNMENT_TYPE_MISMATCH);
            return;
        }
        if (s.temp < 0) {
            s.temp = b.temp(s.type.temporaries());
            if (s.temp < 0) {
                return;
            }
        }
        copyInto(s.temp, s.type, v);
        setKnown(s, v);
        s.assigned = true;
        if (s.kind == Symbol.Kind.POSITION) {
            positionWritten = true;
            b.emit(Opcode.STORE_POS, Type.VEC4, 4, -1, s.temp, -1, 0, 0);
        } else if (s.storage == Ast.Storage.OUT) {
            if (stage == Stage.VERTEX) {
                b.emit(Opcode.STORE_VAR, s.type, 4, -1, s.temp, -1, s.slot, 0);
            } else {
                b.emit(Opcode.STORE_COLOR, s.type, 4, -1, s.temp, -1, 0, 0);
            }
        }
    }

    private void lowerIf(Ast.If i) {
        Val c = expr(i.cond());
        boolean ok = !c.bad() && c.scalar();
        if (!ok) {
            error(i.pos(), Messages.IF_CONDITION_SCALAR);
        } else {
            b.emit(Opcode.IF, Type.NONE, 1, -1, c.temp(), -1, 0, 0);
        }
        // Known-constant state is branch-local: each branch starts from the state before the if,
        // and whatever either branch assigned is unknown after it.
        int mark = undoCount;
        ifDepth++;
        lowerStmt(i.then());
        Symbol[] touched = takeUndo(mark, null);
        if (i.otherwise() != null) {
            if (ok) {
                b.emit(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
            }
            lowerStmt(i.otherwise());
            touched = takeUndo(mark, touched);
        }
        ifDepth--;
        if (touched != null) {
            for (Symbol s : touched) {
                if (ifDepth > 0) {
                    pushUndo(s, s.known, s.knownValue);
                }
                s.known = false;
            }
        }
        if (ok) {
            b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        }
    }

    /** Restores the state recorded since mark (newest first); returns the touched symbols added to acc. */
    private Symbol[] takeUndo(int mark, Symbol[] acc) {
        int n = undoCount - mark;
        if (n == 0) {
            return acc;
        }
        int base = acc == null ? 0 : acc.length;
        Symbol[] out = acc == null ? new Symbol[n] : java.util.Arrays.copyOf(acc, base + n);
        for (int k = undoCount - 1; k >= mark; k--) {
            Symbol s = undoSym[k];
            out[base + (k - mark)] = s;
            s.known = undoKnown[k];
            s.knownValue = undoValue[k];
            undoSym[k] = null;
        }
        undoCount = mark;
        return out;
    }

    private void pushUndo(Symbol s, boolean known, float value) {
        if (undoCount == undoSym.length) {
            undoSym = java.util.Arrays.copyOf(undoSym, undoCount * 2);
            undoKnown = java.util.Arrays.copyOf(undoKnown, undoCount * 2);
            undoValue = java.util.Arrays.copyOf(undoValue, undoCount * 2);
        }
        undoSym[undoCount] = s;
        undoKnown[undoCount] = known;
        undoValue[undoCount] = value;
        undoCount++;
    }

    // ------------------------------------------------------------------ loops

    private void lowerFor(Ast.For f) {
        Pos pos = f.pos();
        if (!(f.init() instanceof Ast.DeclStmt ds) || !(ds.decl() instanceof Ast.VarDecl v)
                || CsirTypes.of(v.type()) != Type.INT) {
            error(pos, Messages.UNSUPPORTED_LOOP);
            return;
        }
        String name = v.name();
        long start = v.init() == null ? Long.MIN_VALUE : evalInt(v.init(), name, 0);
        if (start == Long.MIN_VALUE) {
            error(pos, Messages.LOOP_INIT_NOT_CONSTANT);
            return;
        }
        if (!(f.cond() instanceof Ast.Binary cond) || cmpOf(cond.op()) == null) {
            error(pos, Messages.UNSUPPORTED_LOOP_CONDITION);
            return;
        }
        if (evalInt(cond.left(), name, start) == Long.MIN_VALUE
                || evalInt(cond.right(), name, start) == Long.MIN_VALUE) {
            error(pos, Messages.UNSUPPORTED_LOOP_CONDITION);
            return;
        }
        if (!(f.step() instanceof Ast.Step step) || !(step.target() instanceof Ast.Ident sid)
                || !sid.name().equals(name)) {
            error(pos, Messages.UNSUPPORTED_LOOP_STEP);
            return;
        }
        int delta = step.increment() ? 1 : -1;
        Cmp cmp = cmpOf(cond.op());
        // Count the trips first so an over-long loop emits nothing.
        long i = start;
        int trips = 0;
        while (cmp.test(evalInt(cond.left(), name, i), evalInt(cond.right(), name, i))) {
            if (trips == MAX_UNROLL) {
                error(pos, Messages.UNROLL_LIMIT);
                return;
            }
            trips++;
            i += delta;
        }
        scopes.push();
        Symbol var = Symbol.local(name, Type.INT, false, v.pos());
        scopes.declare(var);
        i = start;
        for (int k = 0; k < trips && !stop(); k++, i += delta) {
            int t = b.temp();
            Val c = e.scalarConst(Type.INT, (float) i);
            if (t < 0 || c.bad()) {
                break;
            }
            b.emit(Opcode.MOV, Type.INT, 1, t, c.temp(), -1, 0, 0);
            var.temp = t;
            var.known = true;
            var.knownValue = (float) i;
            var.assigned = false;
            lowerStmt(f.body());
            if (var.assigned) {
                error(pos, Messages.LOOP_VARIABLE_ASSIGNED);
                break;
            }
        }
        scopes.pop();
    }

    private static Cmp cmpOf(Ast.BinaryOp op) {
        return switch (op) {
            case LT -> Cmp.LT;
            case GT -> Cmp.GT;
            case LE -> Cmp.LE;
            case GE -> Cmp.GE;
            case EQ -> Cmp.EQ;
            case NE -> Cmp.NE;
            default -> null;
        };
    }

    /** eval_int of section 2.9: int literals, the loop variable, unary minus, + and -. */
    private static long evalInt(Ast.Expr x, String var, long value) {
        switch (x) {
            case Ast.IntLit l -> {
                return l.value();
            }
            case Ast.Ident id -> {
                return id.name().equals(var) ? value : Long.MIN_VALUE;
            }
            case Ast.Unary u when u.op() == Ast.UnaryOp.NEG -> {
                long a = evalInt(u.operand(), var, value);
                return a == Long.MIN_VALUE ? a : -a;
            }
            case Ast.Binary bin when bin.op() == Ast.BinaryOp.ADD || bin.op() == Ast.BinaryOp.SUB -> {
                long a = evalInt(bin.left(), var, value);
                long c = evalInt(bin.right(), var, value);
                if (a == Long.MIN_VALUE || c == Long.MIN_VALUE) {
                    return Long.MIN_VALUE;
                }
                return bin.op() == Ast.BinaryOp.ADD ? a + c : a - c;
            }
            default -> {
                return Long.MIN_VALUE;
            }
        }
    }

    // ------------------------------------------------------------------ expressions

    /** Lowers an expression; what it emits, and a pool it overflows, are located at it. */
    Val expr(Ast.Expr x) {
        int line = b.line();
        int column = b.column();
        b.at(x.pos().line(), x.pos().column());
        Val v = lowerExpr(x);
        b.at(line, column);
        return v;
    }

    private Val lowerExpr(Ast.Expr x) {
        return switch (x) {
            case Ast.IntLit l -> e.scalarConst(Type.INT, l.floatValue());
            case Ast.FloatLit l -> e.scalarConst(Type.FLOAT, l.value());
            case Ast.BoolLit l -> e.scalarConst(Type.BOOL, l.value() ? 1f : 0f);
            case Ast.Ident id -> ident(id);
            case Ast.Swizzle s -> e.swizzle(expr(s.base()), s.mask(), s.count());
            case Ast.Index ix -> index(ix);
            case Ast.Unary u -> unary(u);
            case Ast.Binary bin -> binary(bin);
            case Ast.Step st -> {
                error(st.pos(), Messages.INCREMENT_LOOP_STEP_ONLY);
                yield Val.BAD;
            }
            case Ast.Construct c -> construct(c);
            case Ast.Call c -> call(c);
        };
    }

    private Val ident(Ast.Ident id) {
        Symbol s = scopes.lookup(id.name());
        if (s == null) {
            error(id.pos(), Messages.UNKNOWN_IDENTIFIER);
            return Val.BAD;
        }
        switch (s.kind) {
            case FUNCTION -> {
                error(id.pos(), Messages.FUNCTION_AS_VALUE);
                return Val.BAD;
            }
            case POSITION -> {
                if (stage != Stage.VERTEX) {
                    error(id.pos(), Messages.POSITION_STAGE);
                    return Val.BAD;
                }
            }
            case FRAG_COORD -> {
                if (stage != Stage.FRAGMENT) {
                    error(id.pos(), Messages.FRAGCOORD_STAGE);
                    return Val.BAD;
                }
            }
            default -> {
            }
        }
        if (s.isSampler()) {
            return s.slot < 0 ? Val.BAD : new Val(s.slot, Type.SAMPLER2D, 0, null, true);
        }
        if (s.temp < 0) {
            error(id.pos(), Messages.USED_BEFORE_ASSIGNMENT);
            return Val.BAD;
        }
        if (s.known) {
            return e.scalarConst(s.type, s.knownValue);
        }
        return Val.of(s.temp, s.type, s.type.isMatrix() ? s.type.components() : s.type.components());
    }

    private Val index(Ast.Index ix) {
        Val base = expr(ix.base());
        Val i = expr(ix.index());
        if (i.bad()) {
            return Val.BAD;
        }
        if (!i.isConst() || i.type() != Type.INT) {
            error(ix.pos(), Messages.CONSTANT_INDEX_ONLY);
            return Val.BAD;
        }
        int k = (int) i.k()[0];
        if (k < 0 || k >= base.n()) {
            error(ix.pos(), Messages.INDEX_OUT_OF_RANGE);
            return Val.BAD;
        }
        return e.swizzle(base, k, 1);
    }

    private Val unary(Ast.Unary u) {
        Val v = expr(u.operand());
        if (v.bad()) {
            return Val.BAD;
        }
        if (u.op() == Ast.UnaryOp.NEG) {
            if (v.isConst()) {
                float[] neg = new float[v.n()];
                for (int i = 0; i < neg.length; i++) {
                    neg[i] = -v.k()[i];
                }
                return e.constant(v.type(), neg, v.n());
            }
            return e.arith(Opcode.SUB, e.floatConst(0f), v, u.pos());
        }
        return e.arith(Opcode.SUB, e.floatConst(1f), v, u.pos());
    }

    private Val binary(Ast.Binary bin) {
        Val l = expr(bin.left());
        Val r = expr(bin.right());
        if (l.bad() || r.bad()) {
            return Val.BAD;
        }
        Pos pos = bin.pos();
        switch (bin.op()) {
            case ADD -> {
                return e.arith(Opcode.ADD, l, r, pos);
            }
            case SUB -> {
                return e.arith(Opcode.SUB, l, r, pos);
            }
            case MUL -> {
                return e.multiply(l, r, pos);
            }
            case AND -> {
                return logical(Opcode.MUL, l, r, pos);
            }
            case OR -> {
                return logical(Opcode.MAX, l, r, pos);
            }
            case DIV -> {
                if (r.isConst() && r.n() == 1 && r.k()[0] == 0f) {
                    error(pos, Messages.DIVISION_BY_ZERO);
                    return Val.BAD;
                }
                return e.divide(l, r, pos);
            }
            case MOD -> {
                if (!l.isConst() || !r.isConst() || (int) r.k()[0] == 0) {
                    error(pos, Messages.MOD_CONSTANT_ONLY);
                    return Val.BAD;
                }
                return e.scalarConst(Type.INT, (float) ((int) l.k()[0] % (int) r.k()[0]));
            }
            default -> {
                if (!l.scalar() || !r.scalar()) {
                    error(pos, Messages.VECTOR_COMPARISON);
                    return Val.BAD;
                }
                return e.compare(cmpOf(bin.op()), l, r);
            }
        }
    }

    private Val logical(Opcode op, Val l, Val r, Pos pos) {
        if (l.matrix() || r.matrix()) {
            error(pos, Messages.TYPE_MISMATCH);
            return Val.BAD;
        }
        return e.arith(op, l, r, pos);
    }

    // ------------------------------------------------------------------ constructors

    private Val construct(Ast.Construct c) {
        Pos pos = c.pos();
        Val[] args = arguments(c.args(), MAX_CONSTRUCTOR_ARGS, pos);
        if (args == null) {
            return Val.BAD;
        }
        Type ty = CsirTypes.of(c.type());
        if (ty.isMatrix()) {
            return matrixConstruct(ty, args, pos);
        }
        if (ty == Type.SAMPLER2D || ty == Type.VOID || ty == Type.NONE) {
            error(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
            return Val.BAD;
        }
        int width = ty.components();
        if ((ty == Type.FLOAT || ty == Type.INT) && args.length == 1) {
            Val a = args[0];
            if (a.matrix() || a.sampler()) {
                error(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
                return Val.BAD;
            }
            if (a.n() > 1) {
                a = e.lane(a, 0);
            }
            if (ty == Type.INT && !a.type().isIntLike() && a.type() != Type.BOOL) {
                return e.op(Opcode.TRUNC, Type.INT, 1, a.temp(), -1, 0, 0);
            }
            return a.retype(ty);
        }
        if (args.length == 1 && !args[0].matrix() && !args[0].sampler()) {
            Val a = args[0];
            if (a.n() == 1 && width > 1) {
                return e.broadcast(a, width).retype(ty);
            }
            if (a.n() > width) {
                return e.swizzle(a, 0b11100100, width).retype(ty);
            }
        }
        int total = 0;
        for (Val a : args) {
            if (a.matrix() || a.sampler()) {
                error(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
                return Val.BAD;
            }
            total += a.n();
        }
        if (total != width) {
            error(pos, Messages.CONSTRUCTOR_COUNT);
            return Val.BAD;
        }
        return e.parts(ty, args);
    }

    private Val matrixConstruct(Type ty, Val[] args, Pos pos) {
        int cols = ty.columns();
        if (args.length == 1 && args[0].scalar()) {
            if (!args[0].isConst()) {
                error(pos, Messages.MATRIX_DIAGONAL_CONSTANT);
                return Val.BAD;
            }
            float d = args[0].k()[0];
            int m = b.temp(cols);
            if (m < 0) {
                return Val.BAD;
            }
            for (int col = 0; col < cols; col++) {
                float[] v = new float[4];
                v[col] = d;
                int k = b.constant(v);
                if (k < 0) {
                    return Val.BAD;
                }
                b.emit(Opcode.MOV, Type.VEC4, 4, m + col, k, -1, 0, 0);
            }
            return Val.of(m, ty, cols);
        }
        if (args.length == 1 && args[0].matrix() && args[0].type() == ty) {
            int m = b.temp(cols);
            if (m < 0) {
                return Val.BAD;
            }
            copyInto(m, ty, args[0]);
            return Val.of(m, ty, cols);
        }
        if (args.length == cols) {
            for (Val a : args) {
                if (a.matrix() || a.sampler() || (a.n() != cols && a.n() != 4)) {
                    error(pos, Messages.BAD_MATRIX_COLUMN);
                    return Val.BAD;
                }
            }
            int m = b.temp(cols);
            if (m < 0) {
                return Val.BAD;
            }
            for (int col = 0; col < cols; col++) {
                b.emit(Opcode.MOV, Type.floatVector(cols), cols, m + col, args[col].temp(), -1, 0, 0);
            }
            return Val.of(m, ty, cols);
        }
        error(pos, Messages.UNSUPPORTED_MATRIX_CONSTRUCTOR);
        return Val.BAD;
    }

    /** Lowers call or constructor arguments in order; null when one is bad or there are too many. */
    private Val[] arguments(List<Ast.Expr> argx, int max, Pos pos) {
        if (argx.size() > max) {
            error(pos, Messages.TOO_MANY_ARGUMENTS);
            return null;
        }
        Val[] args = new Val[argx.size()];
        boolean bad = false;
        for (int i = 0; i < args.length; i++) {
            args[i] = expr(argx.get(i));
            bad |= args[i].bad();
        }
        return bad ? null : args;
    }

    // ------------------------------------------------------------------ calls

    private Val call(Ast.Call c) {
        Pos pos = c.pos();
        Val[] args = arguments(c.args(), MAX_CALL_ARGS, pos);
        if (args == null) {
            return Val.BAD;
        }
        String name = c.name();
        // The original's 14 built-ins shadow user functions; csir's additions do not.
        if (Builtins.isOriginal(name)) {
            return builtins.call(name, args, pos);
        }
        Symbol fn = scopes.global(name);
        if (fn != null && fn.isFunction()) {
            return callUser(c, fn, args);
        }
        if (Builtins.isAdded(name)) {
            return builtins.call(name, args, pos);
        }
        if (Builtins.isUnsupported(name)) {
            error(pos, Messages.unsupportedBuiltin(name));
            return Val.BAD;
        }
        error(pos, Messages.UNKNOWN_FUNCTION);
        return Val.BAD;
    }
}
