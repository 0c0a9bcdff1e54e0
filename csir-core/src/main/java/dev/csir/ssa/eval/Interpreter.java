package dev.csir.ssa.eval;

import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.types.PointerType;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One invocation's run: the instruction loop over blocks, frames for calls, the guards. */
final class Interpreter {
    private final Invocation invocation;
    private final Notes notes = new Notes();
    private final Arith arith = new Arith(notes);
    private final Memory memory;
    private final Intrinsics intrinsics;
    private final Textures textures;
    private final Map<Constant, Val> constants = new HashMap<>();
    private long executed;
    private int depth;

    Interpreter(Module module, Invocation invocation) {
        this.invocation = invocation;
        this.memory = new Memory(module, invocation, notes);
        this.intrinsics = new Intrinsics(arith, memory, notes);
        this.textures = new Textures(invocation.sampler());
    }

    Notes notes() {
        return notes;
    }

    Memory memory() {
        return memory;
    }

    long executed() {
        return executed;
    }

    /** Runs {@code f} to its {@code ret}; yields the returned value (null for void). */
    Val call(Function f, List<Val> args) {
        if (depth >= invocation.callDepth()) {
            throw new Stop(Result.Status.LIMIT, "call depth limit of " + invocation.callDepth() + " reached at @"
                    + f.name());
        }
        if (args.size() != f.params().size()) {
            throw Stop.trap("@" + f.name() + " called with " + args.size() + " arguments");
        }
        Map<Value, Val> env = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            if (!args.get(i).type().equals(f.params().get(i).type())) {
                throw Stop.trap("@" + f.name() + " argument " + i + " of " + args.get(i).type());
            }
            env.put(f.params().get(i), args.get(i));
        }
        Block block = f.entry();
        if (block == null) {
            throw Stop.trap("@" + f.name() + " has no blocks");
        }
        depth++;
        try {
            Block from = null;
            while (true) {
                Block next = null;
                List<Instruction> body = block.instructions();
                int at = enterPhis(block, from, env);
                for (; at < body.size() && next == null; at++) {
                    Instruction insn = body.get(at);
                    tick();
                    if (insn.op().isTerminator()) {
                        if (at != body.size() - 1) {
                            throw Stop.trap("terminator " + insn.op().mnemonic() + " before the end of " + block);
                        }
                        if (insn.op() == Opcode.RET) {
                            return ret(f, insn, env);
                        }
                        next = branch(insn, env);
                    } else {
                        Val v = execute(insn, env);
                        if (insn.hasResult()) {
                            if (v == null || !v.type().equals(insn.type())) {
                                throw Stop.trap(insn.op().mnemonic() + " typed " + insn.type() + " yields "
                                        + (v == null ? "nothing" : v.type()));
                            }
                            env.put(insn, v);
                        }
                    }
                }
                if (next == null) {
                    throw Stop.trap(block + " of @" + f.name() + " ends without a terminator");
                }
                from = block;
                block = next;
            }
        } finally {
            depth--;
        }
    }

    private void tick() {
        if (++executed > invocation.budget()) {
            throw new Stop(Result.Status.LIMIT, "instruction budget of " + invocation.budget() + " exhausted");
        }
    }

    /** Evaluates the leading phis of {@code block} entered from {@code from}, all reading before any is set. */
    private int enterPhis(Block block, Block from, Map<Value, Val> env) {
        List<Instruction> phis = block.phis();
        Val[] values = new Val[phis.size()];
        for (int i = 0; i < phis.size(); i++) {
            Instruction phi = phis.get(i);
            tick();
            int edge = phi.targets().indexOf(from);
            if (edge < 0 || edge >= phi.operands().size()) {
                throw Stop.trap("phi in " + block + " has no value for " + (from == null ? "the entry" : from));
            }
            values[i] = operand(phi.operand(edge), env);
            if (!values[i].type().equals(phi.type())) {
                throw Stop.trap("phi of " + phi.type() + " given " + values[i].type());
            }
        }
        for (int i = 0; i < phis.size(); i++) {
            env.put(phis.get(i), values[i]);
        }
        return phis.size();
    }

    private Val operand(Value v, Map<Value, Val> env) {
        return switch (v) {
            case Constant c -> constants.computeIfAbsent(c, Val::of);
            case SpecConstant s -> {
                Constant.Scalar value = invocation.specs().getOrDefault(s.id(), s.defaultValue());
                if (!value.type().equals(s.type())) {
                    throw Stop.trap("invocation: spec " + s.id() + " given " + value.type() + ", wants " + s.type());
                }
                yield Val.of(value);
            }
            case dev.csir.ssa.GlobalVariable g -> memory.global(g);
            default -> {
                Val got = env.get(v);
                if (got == null) {
                    throw Stop.trap("operand " + describe(v) + " is not defined here");
                }
                yield got;
            }
        };
    }

    private static String describe(Value v) {
        return v instanceof Instruction i ? "%" + (i.name() == null ? i.op().mnemonic() : i.name()) : v.toString();
    }

    private List<Val> operands(Instruction insn, Map<Value, Val> env) {
        List<Val> out = new ArrayList<>(insn.operands().size());
        for (Value v : insn.operands()) {
            out.add(operand(v, env));
        }
        return out;
    }

    // ---- instructions ------------------------------------------------------------------------

    private Val execute(Instruction insn, Map<Value, Val> env) {
        Opcode op = insn.op();
        if (op == Opcode.PHI) {
            throw Stop.trap("phi after the start of " + insn.parent());
        }
        List<Val> ops = operands(insn, env);
        if (ops.size() < op.minOperands() || ops.size() > op.maxOperands()) {
            throw Stop.trap(op.mnemonic() + " with " + ops.size() + " operands");
        }
        Type type = insn.type();
        return switch (op.family()) {
            case UNARY -> arith.unary(op, num(ops.get(0)));
            case BINARY -> op == Opcode.MAT_MUL ? arith.matmul(num(ops.get(0)), num(ops.get(1)), type)
                    : arith.binary(op, num(ops.get(0)), num(ops.get(1)));
            case COMPARE -> arith.compare(op, num(ops.get(0)), num(ops.get(1)), type);
            case SELECT -> Arith.select(ops.get(0), ops.get(1), ops.get(2));
            case CONVERT -> op == Opcode.CONVERT ? arith.convert(num(ops.get(0)), type)
                    : Arith.bitcast(num(ops.get(0)), type);
            case COMPOSITE -> Composites.apply(insn, ops, notes);
            case MEMORY -> memoryOp(insn, ops);
            case CALL -> {
                if (op == Opcode.CALL_INTRINSIC) {
                    yield intrinsics.apply(insn.intrinsic(), type, ops);
                }
                if (insn.callee() == null) {
                    throw Stop.trap("call without a callee");
                }
                yield call(insn.callee(), ops);
            }
            case TEXTURE -> textures.apply(insn, ops);
            case ATOMIC -> {
                Val.Ptr p = pointer(ops.get(0));
                yield op == Opcode.ATOMIC_RMW
                        ? memory.atomic(AtomicOp.values()[insn.immediate(0)], p, ops.get(1), arith)
                        : memory.compareExchange(p, ops.get(1), ops.get(2));
            }
            case BARRIER -> null; // one invocation: nothing to wait for
            default -> throw Stop.trap(op.mnemonic() + " is not executable here");
        };
    }

    private Val memoryOp(Instruction insn, List<Val> ops) {
        return switch (insn.op()) {
            case ALLOCA -> {
                if (!(insn.type() instanceof PointerType p)) {
                    throw Stop.trap("alloca of " + insn.type());
                }
                yield Memory.alloca(p, insn.name());
            }
            case LOAD -> memory.load(pointer(ops.get(0)));
            case STORE -> {
                memory.store(pointer(ops.get(0)), ops.get(1));
                yield null;
            }
            case ACCESS_CHAIN -> {
                if (!(insn.type() instanceof PointerType p)) {
                    throw Stop.trap("access chain of " + insn.type());
                }
                long[] indices = new long[ops.size() - 1];
                for (int i = 1; i < ops.size(); i++) {
                    indices[i - 1] = Memory.index(ops.get(i));
                }
                yield Memory.access(pointer(ops.get(0)), p, indices);
            }
            default -> throw Stop.trap(insn.op().mnemonic());
        };
    }

    // ---- terminators -------------------------------------------------------------------------

    private Val ret(Function f, Instruction insn, Map<Value, Val> env) {
        boolean isVoid = f.returnType() instanceof VoidType;
        if (insn.operands().size() != (isVoid ? 0 : 1)) {
            throw Stop.trap("ret in @" + f.name() + " with " + insn.operands().size() + " operands");
        }
        if (isVoid) {
            return null;
        }
        Val v = operand(insn.operand(0), env);
        if (!v.type().equals(f.returnType())) {
            throw Stop.trap("@" + f.name() + " returns " + v.type() + ", not " + f.returnType());
        }
        return v;
    }

    /** The block a branch goes to; {@code kill} and {@code unreachable} end the invocation. */
    private Block branch(Instruction insn, Map<Value, Val> env) {
        List<Block> targets = insn.targets();
        Block next = switch (insn.op()) {
            case BR -> targets.isEmpty() ? null : targets.get(0);
            case COND_BR -> {
                Val.Num c = num(operand(insn.operand(0), env));
                if (c.kind() != dev.csir.types.ScalarKind.BOOL || c.size() != 1 || targets.size() != 2) {
                    throw Stop.trap("condbr on " + c.type());
                }
                yield targets.get(c.boolAt(0) ? 0 : 1);
            }
            case SWITCH -> {
                Val.Num s = num(operand(insn.operand(0), env));
                if (!s.kind().isInteger() || s.size() != 1 || targets.size() != insn.immediateCount() + 1) {
                    throw Stop.trap("switch on " + s.type() + " with " + targets.size() + " targets");
                }
                Block t = targets.get(0);
                for (int i = 0; i < insn.immediateCount(); i++) {
                    if (insn.immediate(i) == s.intAt(0)) {
                        t = targets.get(i + 1);
                        break;
                    }
                }
                yield t;
            }
            case KILL -> throw new Stop(Result.Status.KILLED, null);
            case UNREACHABLE -> throw Stop.trap("unreachable executed in " + insn.parent());
            default -> throw Stop.trap(insn.op().mnemonic() + " is not a branch");
        };
        if (next == null || next.parent() != insn.parent().parent()) {
            throw Stop.trap(insn.op().mnemonic() + " to a block outside the function");
        }
        return next;
    }

    // ---- helpers -----------------------------------------------------------------------------

    static Val.Num num(Val v) {
        if (v instanceof Val.Num n) {
            return n;
        }
        throw Stop.trap("operand of type " + v.type() + " where a scalar, vector or matrix belongs");
    }

    static Val.Ptr pointer(Val v) {
        if (v instanceof Val.Ptr p) {
            return p;
        }
        throw Stop.trap("operand of type " + v.type() + " where a pointer belongs");
    }
}
