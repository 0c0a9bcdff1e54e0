package dev.csir.ssa;

import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Appends instructions to a block with typed helpers: each helper computes the result type
 * from its operands the way the verifier checks it, so built code is well typed by construction.
 * Allocas always go to the top of the entry block.
 */
public final class Builder {
    private final Function function;
    private Block block;
    private int line;
    private int column;

    public Builder(Function function) {
        this.function = function;
    }

    public Function function() {
        return function;
    }

    /** The block instructions go to (null when none is chosen, as after a terminator). */
    public Block block() {
        return block;
    }

    /** Continues at the end of {@code b}. */
    public Builder at(Block b) {
        this.block = b;
        return this;
    }

    /** Stamps what is emitted next with this source position (0, 0 for none). */
    public Builder position(int line, int column) {
        this.line = line;
        this.column = column;
        return this;
    }

    /** True when the current block already ended (code after return or discard is dead). */
    public boolean terminated() {
        return block == null || block.terminator() != null;
    }

    public Block newBlock(String name) {
        return function.addBlock(name);
    }

    /** Appends an instruction of any opcode; the other helpers go through here. */
    public Instruction emit(Opcode op, Type type, List<? extends Value> operands, List<Block> targets, int... imm) {
        Instruction i = new Instruction(op, type, new ArrayList<>(operands), targets, imm).setPosition(line, column);
        if (block == null) {
            throw new IllegalStateException("no block to append " + op.mnemonic() + " to");
        }
        return block.append(i);
    }

    public Instruction emit(Opcode op, Type type, Value... operands) {
        return emit(op, type, Arrays.asList(operands), List.of());
    }

    // ---- memory ------------------------------------------------------------------------------

    /** A local of type {@code t}, placed after the allocas at the top of the entry block. */
    public Instruction alloca(Type t, String name) {
        Block entry = function.entry();
        int at = 0;
        while (at < entry.instructions().size() && entry.instructions().get(at).op() == Opcode.ALLOCA) {
            at++;
        }
        Instruction i = new Instruction(Opcode.ALLOCA, new PointerType(AddressSpace.FUNCTION, t), List.of(), List.of(),
                new int[0]);
        i.setName(name);
        return entry.insert(at, i);
    }

    public Instruction load(Value pointer) {
        return emit(Opcode.LOAD, pointee(pointer), pointer);
    }

    public Instruction store(Value pointer, Value value) {
        return emit(Opcode.STORE, VoidType.VOID, pointer, value);
    }

    /** A pointer to the element the indices select (constant ints for struct members). */
    public Instruction access(Value base, Value... indices) {
        PointerType p = (PointerType) base.type();
        Type t = p.pointee();
        for (Value index : indices) {
            t = element(t, index instanceof Constant.Scalar s ? s.intValue() : 0);
        }
        List<Value> ops = new ArrayList<>();
        ops.add(base);
        ops.addAll(Arrays.asList(indices));
        return emit(Opcode.ACCESS_CHAIN, new PointerType(p.space(), t), ops, List.of());
    }

    // ---- arithmetic --------------------------------------------------------------------------

    public Instruction unary(Opcode op, Value a) {
        return emit(op, a.type(), a);
    }

    /** A component-wise binary operation; the result has the operands' type ({@code matmul} its product's). */
    public Instruction binary(Opcode op, Value a, Value b) {
        Type t = op == Opcode.MAT_MUL ? productType(a.type(), b.type()) : a.type();
        return emit(op, t, a, b);
    }

    /** A component-wise comparison: bool for scalars, a bvec of the operands' size for vectors. */
    public Instruction compare(Opcode op, Value a, Value b) {
        return emit(op, boolLike(a.type()), a, b);
    }

    public Instruction select(Value cond, Value a, Value b) {
        return emit(Opcode.SELECT, a.type(), cond, a, b);
    }

    public Instruction convert(Type to, Value v) {
        return emit(Opcode.CONVERT, to, v);
    }

    public Instruction bitcast(Type to, Value v) {
        return emit(Opcode.BITCAST, to, v);
    }

    // ---- composites --------------------------------------------------------------------------

    public Instruction construct(Type t, List<? extends Value> elements) {
        return emit(Opcode.CONSTRUCT, t, elements, List.of());
    }

    public Instruction extract(Value composite, int... path) {
        Type t = composite.type();
        for (int index : path) {
            t = element(t, index);
        }
        return emit(Opcode.EXTRACT, t, List.of(composite), List.of(), path);
    }

    public Instruction insert(Value value, Value composite, int... path) {
        return emit(Opcode.INSERT, composite.type(), List.of(value, composite), List.of(), path);
    }

    /** Lanes of {@code a} then {@code b} (indices past a's size pick from b); one lane yields a scalar. */
    public Instruction shuffle(Value a, Value b, int... lanes) {
        ScalarType c = ((VectorType) a.type()).component();
        return emit(Opcode.SHUFFLE, VectorType.of(c, lanes.length), List.of(a, b), List.of(), lanes);
    }

    public Instruction extractDynamic(Value vector, Value index) {
        return emit(Opcode.EXTRACT_DYNAMIC, ((VectorType) vector.type()).component(), vector, index);
    }

    public Instruction insertDynamic(Value vector, Value value, Value index) {
        return emit(Opcode.INSERT_DYNAMIC, vector.type(), vector, value, index);
    }

    // ---- calls and textures ------------------------------------------------------------------

    public Instruction call(Function callee, List<? extends Value> args) {
        Instruction i = emit(Opcode.CALL, callee.returnType(), args, List.of());
        i.setCallee(callee);
        return i;
    }

    public Instruction intrinsic(Intrinsic f, Type result, List<? extends Value> args) {
        return emit(Opcode.CALL_INTRINSIC, result, args, List.of(), f.ordinal());
    }

    /** A texture or image operation yielding {@code result}. */
    public Instruction texture(Opcode op, Type result, Value... operands) {
        return emit(op, result, operands);
    }

    // ---- control flow ------------------------------------------------------------------------

    /** A phi of type {@code t} at the top of the current block; add incoming pairs with {@link #incoming}. */
    public Instruction phi(Type t) {
        Instruction i = new Instruction(Opcode.PHI, t, List.of(), List.of(), new int[0]);
        return block.insert(block.phis().size(), i);
    }

    public static void incoming(Instruction phi, Value value, Block from) {
        phi.operands().add(value);
        phi.targets().add(from);
    }

    public Instruction br(Block target) {
        return emit(Opcode.BR, VoidType.VOID, List.of(), List.of(target));
    }

    public Instruction condBr(Value cond, Block then, Block otherwise) {
        return emit(Opcode.COND_BR, VoidType.VOID, List.of(cond), List.of(then, otherwise));
    }

    /** {@code switch}: targets are the default then one block per case value. */
    public Instruction switchOn(Value selector, Block otherwise, int[] caseValues, List<Block> caseBlocks) {
        List<Block> targets = new ArrayList<>();
        targets.add(otherwise);
        targets.addAll(caseBlocks);
        return emit(Opcode.SWITCH, VoidType.VOID, List.of(selector), targets, caseValues);
    }

    public Instruction ret() {
        return emit(Opcode.RET, VoidType.VOID);
    }

    public Instruction ret(Value v) {
        return emit(Opcode.RET, VoidType.VOID, v);
    }

    public Instruction kill() {
        return emit(Opcode.KILL, VoidType.VOID);
    }

    public Instruction unreachable() {
        return emit(Opcode.UNREACHABLE, VoidType.VOID);
    }

    // ---- types -------------------------------------------------------------------------------

    /** What a pointer value points at. */
    public static Type pointee(Value pointer) {
        if (pointer.type() instanceof PointerType p) {
            return p.pointee();
        }
        throw new IllegalArgumentException(pointer + " is not a pointer");
    }

    /**
     * The type of element {@code index} of a composite: a vector's component, a matrix's column,
     * an array's element, a struct's member. Null when there is none.
     */
    public static Type element(Type t, int index) {
        if (t instanceof VectorType v) {
            return index >= 0 && index < v.size() ? v.component() : null;
        }
        if (t instanceof MatrixType m) {
            return index >= 0 && index < m.columns() ? m.columnType() : null;
        }
        if (t instanceof ArrayType a) {
            return a.isRuntimeSized() || (index >= 0 && index < a.length()) ? a.element() : null;
        }
        if (t instanceof StructType s) {
            return index >= 0 && index < s.members().size() ? s.members().get(index).type() : null;
        }
        return null;
    }

    /** bool for a scalar, bvecN for an N-vector. */
    public static Type boolLike(Type t) {
        return t instanceof VectorType v ? new VectorType(ScalarType.BOOL, v.size()) : ScalarType.BOOL;
    }

    /** The type of the linear-algebra product {@code a * b}, or null when they do not multiply. */
    public static Type productType(Type a, Type b) {
        if (a instanceof MatrixType ma && b instanceof MatrixType mb) {
            return ma.columns() == mb.rows() && ma.component().equals(mb.component())
                    ? new MatrixType(ma.component(), mb.columns(), ma.rows()) : null;
        }
        if (a instanceof MatrixType ma && b instanceof VectorType vb) {
            return ma.columns() == vb.size() && ma.component().equals(vb.component()) ? ma.columnType() : null;
        }
        if (a instanceof VectorType va && b instanceof MatrixType mb) {
            return va.size() == mb.rows() && va.component().equals(mb.component()) ? mb.rowType() : null;
        }
        return null;
    }
}
