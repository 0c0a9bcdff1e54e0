package dev.csir.ssa;

import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One instruction, whatever its opcode, so passes rewrite in place. Operands are values;
 * {@link #targets()} are the blocks a terminator branches to (or a phi's incoming blocks, one
 * per operand); {@link #immediates()} hold constant indices, lanes, case values and enum
 * ordinals ({@link Intrinsic}, {@link AtomicOp}); {@link #callee()} is the function a
 * {@code call} calls. {@code precise} forbids reassociation, fusing and algebraic rewrites.
 */
public final class Instruction implements Value {
    private Opcode op;
    private Type type;
    private final List<Value> operands;
    private final List<Block> targets;
    private int[] immediates;
    private Function callee;
    private boolean precise;
    private Block parent;
    private String name;
    /** Source line and column this instruction was lowered from; 0 when unknown (no part of its value). */
    private int line;
    private int column;

    Instruction(Opcode op, Type type, List<Value> operands, List<Block> targets, int[] immediates) {
        this.op = op;
        this.type = type == null ? VoidType.VOID : type;
        this.operands = new ArrayList<>(operands);
        this.targets = new ArrayList<>(targets);
        this.immediates = immediates.clone();
    }

    public Opcode op() {
        return op;
    }

    /** The result type; void for instructions that yield nothing. */
    @Override
    public Type type() {
        return type;
    }

    public boolean hasResult() {
        return !(type instanceof VoidType);
    }

    /** The operands, mutable in place (passes replace uses through it). */
    public List<Value> operands() {
        return operands;
    }

    public Value operand(int i) {
        return operands.get(i);
    }

    /** Successor blocks of a terminator, or a phi's incoming blocks; mutable in place. */
    public List<Block> targets() {
        return targets;
    }

    public int[] immediates() {
        return immediates.clone();
    }

    public int immediate(int i) {
        return immediates[i];
    }

    public int immediateCount() {
        return immediates.length;
    }

    /** How many texel offsets end a texture lookup's operands (its immediate 0, when it has one). */
    public int textureOffsetCount() {
        return op.family() == Opcode.Family.TEXTURE && immediates.length > 0 ? immediates[0] : 0;
    }

    public void setImmediates(int... immediates) {
        this.immediates = immediates.clone();
    }

    /** The built-in function of a {@code intrinsic} instruction. */
    public Intrinsic intrinsic() {
        return Intrinsic.ofOrdinal(immediates[0]);
    }

    public Function callee() {
        return callee;
    }

    public void setCallee(Function callee) {
        this.callee = callee;
    }

    /** The source line this instruction was lowered from, 0 when unknown. */
    public int line() {
        return line;
    }

    /** The source column this instruction was lowered from, 0 when unknown. */
    public int column() {
        return column;
    }

    public Instruction setPosition(int line, int column) {
        this.line = line;
        this.column = column;
        return this;
    }

    public boolean precise() {
        return precise;
    }

    public void setPrecise(boolean precise) {
        this.precise = precise;
    }

    /** The block holding this instruction, or null when detached. */
    public Block parent() {
        return parent;
    }

    void setParent(Block parent) {
        this.parent = parent;
    }

    /** The source name of the value, a hint for dumps only. */
    public String name() {
        return name;
    }

    public Instruction setName(String name) {
        this.name = name;
        return this;
    }

    /** Turns this instruction into another in place (a pass's rewrite), keeping its position. */
    public void rewrite(Opcode op, Type type, List<Value> operands, int... immediates) {
        this.op = op;
        this.type = type == null ? VoidType.VOID : type;
        this.operands.clear();
        this.operands.addAll(operands);
        this.targets.clear();
        this.immediates = immediates.clone();
        this.callee = null;
    }

    /** Replaces every operand equal to {@code from} (by identity for non-constants) with {@code to}. */
    public boolean replaceOperand(Value from, Value to) {
        boolean changed = false;
        for (int i = 0; i < operands.size(); i++) {
            if (Values.same(operands.get(i), from)) {
                operands.set(i, to);
                changed = true;
            }
        }
        return changed;
    }

    /** Removes this instruction from its block. */
    public void detach() {
        if (parent != null) {
            parent.remove(this);
        }
    }

    @Override
    public String toString() {
        return op.mnemonic() + (hasResult() ? " : " + type.name() : "") + " " + operands
                + (immediates.length > 0 ? " " + Arrays.toString(immediates) : "");
    }
}
