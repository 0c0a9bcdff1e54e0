package dev.csir.ssa.build;

import dev.csir.sema.Typed;
import dev.csir.ssa.Argument;
import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Value;
import dev.csir.types.SamplerType;
import dev.csir.types.VoidType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lowers one function's statements: locals and parameters as allocas in the entry block, if as
 * a selection (its merge block is where the arms rejoin), for as a loop (header, condition
 * check, body, continue block with the step, merge block), return and discard as terminators.
 * Code after a terminator is not lowered; a merge block nothing reaches ends in unreachable.
 */
final class FunctionLowering {
    private final ModuleBuilder module;
    private final Function function;
    private final List<Typed.Stmt> prologue;
    final Builder b;
    /** The enclosing loops' continue blocks, innermost first: where continue goes. */
    private final java.util.Deque<Block> continues = new java.util.ArrayDeque<>();
    /** The merge blocks of the enclosing loops and switches, innermost first: where break goes. */
    private final java.util.Deque<Block> breaks = new java.util.ArrayDeque<>();
    /** Locals and parameters: variable id to its alloca (or, for a sampler parameter, the argument). */
    private final Map<Integer, Value> locals = new HashMap<>();
    private final ExprLowering exprs;

    FunctionLowering(ModuleBuilder module, Function function, List<Typed.Stmt> prologue) {
        this.module = module;
        this.function = function;
        this.prologue = prologue;
        this.b = new Builder(function);
        this.exprs = new ExprLowering(this);
    }

    ModuleBuilder module() {
        return module;
    }

    void lower(Typed.Function f) {
        b.at(function.addBlock("entry"));
        List<Typed.Variable> params = f.signature().params();
        for (int i = 0; i < params.size(); i++) {
            Typed.Variable p = params.get(i);
            Argument arg = function.params().get(i);
            if (p.type().isOpaque() || f.signature().writesBack(i)) {
                locals.put(p.id(), arg);
            } else {
                Value slot = b.alloca(p.type(), p.name());
                b.store(slot, arg);
                locals.put(p.id(), slot);
            }
        }
        for (Typed.Stmt s : prologue) {
            stmt(s);
        }
        stmt(f.body());
        if (!b.terminated()) {
            if (function.returnType() instanceof VoidType) {
                b.ret();
            } else {
                b.unreachable();
            }
        }
    }

    /** The pointer a variable is read and written through (a sampler's is its resource pointer). */
    Value pointer(Typed.Variable v) {
        Value local = locals.get(v.id());
        if (local != null) {
            return local;
        }
        ModuleBuilder.Storage s = module.storage(v);
        if (s.member() >= 0) {
            return b.access(s.global(), Constant.ofInt(s.member()));
        }
        return s.global();
    }

    /**
     * The pointer an l-value ({@link Typed.Assign}'s target, no swizzle) is read and written
     * through: the variable's, then an access chain of the members and elements on the way.
     */
    Value pointer(Typed.Expr lvalue) {
        if (lvalue instanceof Typed.VarRef r) {
            return pointer(r.variable());
        }
        if (lvalue instanceof Typed.Field m) {
            return b.access(pointer(m.base()), Constant.ofInt(m.index()));
        }
        if (lvalue instanceof Typed.Index ix && ix.base() instanceof Typed.VarRef r && locals.get(r.variable().id()) == null
                && r.variable().member() != null && r.variable().member().block().elements() > 0) {
            // ubo[k].m: the block's element, then its member
            ModuleBuilder.Storage s = module.storage(r.variable());
            return b.access(s.global(), exprs.expr(ix.index()), Constant.ofInt(s.member()));
        }
        if (lvalue instanceof Typed.Index ix) {
            return b.access(pointer(ix.base()), exprs.expr(ix.index()));
        }
        throw new IllegalArgumentException("not a place: " + lvalue);
    }

    /** Stores {@code v} to an l-value. */
    void assign(Typed.Expr target, Value v) {
        place(target).store(v);
    }

    /** An l-value with its address computed once (its index expressions run once): read it, write it. */
    Place place(Typed.Expr target) {
        return target instanceof Typed.Swizzle sw ? new Place(pointer(sw.base()), sw.lanes(), sw.base().type().componentCount())
                : new Place(pointer(target), null, 0);
    }

    /** The storage of an l-value: a pointer, and for a swizzle the lanes of the vector it names. */
    final class Place {
        private final Value pointer;
        private final int[] lanes;
        private final int size;

        private Place(Value pointer, int[] lanes, int size) {
            this.pointer = pointer;
            this.lanes = lanes;
            this.size = size;
        }

        Value load() {
            Value whole = b.load(pointer);
            if (lanes == null) {
                return whole;
            }
            return lanes.length == 1 ? b.extract(whole, lanes[0]) : b.shuffle(whole, whole, lanes);
        }

        /** Writes {@code v}; to a swizzle by writing the lanes it names into the vector. */
        void store(Value v) {
            if (lanes == null) {
                b.store(pointer, v);
                return;
            }
            Value old = b.load(pointer);
            if (lanes.length == 1) {
                b.store(pointer, b.insert(v, old, lanes[0]));
                return;
            }
            // lane i keeps the old component unless the swizzle names it: then the value's
            int[] pick = new int[size];
            for (int i = 0; i < size; i++) {
                pick[i] = i;
            }
            for (int k = 0; k < lanes.length; k++) {
                pick[lanes[k]] = size + k;
            }
            b.store(pointer, b.shuffle(old, v, pick));
        }
    }

    // ---- statements --------------------------------------------------------------------------

    private void stmt(Typed.Stmt s) {
        if (b.terminated()) {
            return; // dead code after return or discard is not lowered
        }
        if (!(s instanceof Typed.Block)) {
            b.position(s.pos().line(), s.pos().column());
        }
        if (s instanceof Typed.Block blk) {
            for (Typed.Stmt t : blk.stmts()) {
                stmt(t);
            }
        } else if (s instanceof Typed.ExprStmt e) {
            exprs.expr(e.expr());
        } else if (s instanceof Typed.Declare d) {
            Value slot = b.alloca(d.variable().type(), d.variable().name());
            locals.put(d.variable().id(), slot);
            if (d.init() != null) {
                b.store(slot, exprs.expr(d.init()));
            }
        } else if (s instanceof Typed.If i) {
            lowerIf(i);
        } else if (s instanceof Typed.For f) {
            lowerFor(f);
        } else if (s instanceof Typed.DoWhile d) {
            lowerDoWhile(d);
        } else if (s instanceof Typed.Switch w) {
            lowerSwitch(w);
        } else if (s instanceof Typed.Return r) {
            if (r.value() == null) {
                b.ret();
            } else {
                b.ret(exprs.expr(r.value()));
            }
        } else if (s instanceof Typed.Discard) {
            b.kill();
        } else if (s instanceof Typed.Break) {
            b.br(breaks.peek());
        } else if (s instanceof Typed.Continue) {
            b.br(continues.peek());
        } else {
            throw new IllegalArgumentException(String.valueOf(s));
        }
    }

    private void lowerIf(Typed.If i) {
        Value c = exprs.expr(i.cond());
        Block header = b.block();
        Block then = b.newBlock("if.then");
        Block otherwise = i.otherwise() == null ? null : b.newBlock("if.else");
        Block merge = b.newBlock("if.merge");
        header.markSelection(merge, ControlHint.NONE);
        b.condBr(c, then, otherwise == null ? merge : otherwise);
        arm(then, i.then(), merge);
        if (otherwise != null) {
            arm(otherwise, i.otherwise(), merge);
        }
        continueAt(merge);
    }

    private void arm(Block start, Typed.Stmt body, Block merge) {
        b.at(start);
        stmt(body);
        if (!b.terminated()) {
            b.br(merge);
        }
    }

    /**
     * Goes on in a construct's merge block, moved after everything the construct added (the
     * layout reads in order); one nothing branches to ends in unreachable, and lowering stops.
     */
    private void continueAt(Block merge) {
        function.moveBlock(merge, function.blocks().size() - 1);
        b.at(merge);
        if (merge.parent() != null && predecessorsOf(merge) == 0) {
            b.unreachable();
            b.at(null);
        }
    }

    private int predecessorsOf(Block target) {
        int n = 0;
        for (Block blk : function.blocks()) {
            if (blk.successors().contains(target)) {
                n++;
            }
        }
        return n;
    }

    private void enterLoop(Block merge, Block cont) {
        breaks.push(merge);
        continues.push(cont);
    }

    private void leaveLoop() {
        breaks.pop();
        continues.pop();
    }

    /**
     * {@code switch} as a selection ending in a switch terminator: one block per case, in
     * source order, each falling through to the next (the last to the merge block, where break
     * goes too); the default's block is the default target, or the merge block when there is none.
     */
    private void lowerSwitch(Typed.Switch w) {
        Value selector = exprs.expr(w.selector());
        Block header = b.block();
        List<Block> blocks = new java.util.ArrayList<>();
        for (int i = 0; i < w.cases().size(); i++) {
            blocks.add(b.newBlock("switch.case"));
        }
        Block merge = b.newBlock("switch.merge");
        Block otherwise = merge;
        List<Integer> values = new java.util.ArrayList<>();
        List<Block> targets = new java.util.ArrayList<>();
        for (int i = 0; i < w.cases().size(); i++) {
            Typed.Case c = w.cases().get(i);
            otherwise = c.isDefault() ? blocks.get(i) : otherwise;
            for (int v : c.values()) {
                values.add(v);
                targets.add(blocks.get(i));
            }
        }
        header.markSelection(merge, ControlHint.NONE);
        b.switchOn(selector, otherwise, values.stream().mapToInt(Integer::intValue).toArray(), targets);
        breaks.push(merge);
        for (int i = 0; i < blocks.size(); i++) {
            b.at(blocks.get(i));
            for (Typed.Stmt s : w.cases().get(i).body()) {
                stmt(s);
            }
            if (!b.terminated()) {
                b.br(i + 1 < blocks.size() ? blocks.get(i + 1) : merge);
            }
        }
        breaks.pop();
        continueAt(merge);
    }

    /**
     * {@code do body while (cond);} as a loop whose continue block tests: back to the header
     * while cond holds, else out to the merge block; {@code continue} goes to the test.
     */
    private void lowerDoWhile(Typed.DoWhile d) {
        Block header = b.newBlock("do.header");
        Block body = b.newBlock("do.body");
        Block cont = b.newBlock("do.test");
        Block merge = b.newBlock("do.merge");
        b.br(header);
        header.markLoop(merge, cont, ControlHint.NONE);
        b.at(header);
        b.br(body);
        b.at(body);
        enterLoop(merge, cont);
        stmt(d.body());
        leaveLoop();
        if (!b.terminated()) {
            b.br(cont);
        }
        b.at(cont);
        b.condBr(exprs.expr(d.cond()), header, merge);
        continueAt(merge);
    }

    private void lowerFor(Typed.For f) {
        if (f.init() != null) {
            stmt(f.init());
        }
        if (b.terminated()) {
            return;
        }
        Block header = b.newBlock("for.header");
        Block check = b.newBlock("for.check");
        Block body = b.newBlock("for.body");
        Block cont = b.newBlock("for.continue");
        Block merge = b.newBlock("for.merge");
        b.br(header);
        header.markLoop(merge, cont, ControlHint.NONE);
        b.at(header);
        b.br(check);
        b.at(check);
        if (f.cond() == null) {
            b.br(body);
        } else {
            b.condBr(exprs.expr(f.cond()), body, merge);
        }
        b.at(body);
        enterLoop(merge, cont);
        stmt(f.body());
        leaveLoop();
        if (!b.terminated()) {
            b.br(cont);
        }
        b.at(cont);
        if (f.step() != null) {
            stmt(f.step());
        }
        b.br(header);
        continueAt(merge);
    }
}
