package dev.csir.ssa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A basic block: instructions ending in exactly one terminator (the verifier holds that). A
 * structured header also names its merge block, a loop header its continue block, and a hint.
 */
public final class Block {
    private final List<Instruction> instructions = new ArrayList<>();
    /** The read-only view handed out; one for the block's life, as passes ask for it in every loop. */
    private final List<Instruction> view = Collections.unmodifiableList(instructions);
    private Function parent;
    private String name;
    private StructureKind structure = StructureKind.NONE;
    private Block merge;
    private Block continueTarget;
    private ControlHint hint = ControlHint.NONE;

    Block(String name) {
        this.name = name;
    }

    public List<Instruction> instructions() {
        return view;
    }

    public Function parent() {
        return parent;
    }

    void setParent(Function parent) {
        this.parent = parent;
    }

    /** A hint for dumps (for.header, if.merge); never part of equality or ordering. */
    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Appends an instruction (taking it from its old block, if any). */
    public Instruction append(Instruction i) {
        return insert(instructions.size(), i);
    }

    /** Inserts an instruction at {@code index} (taking it from its old block, if any). */
    public Instruction insert(int index, Instruction i) {
        if (i.parent() == this) {
            // moving within this block: the index counts the instructions without it
            int old = instructions.indexOf(i);
            instructions.remove(old);
            if (old < index) {
                index--;
            }
        } else if (i.parent() != null) {
            i.parent().remove(i);
        }
        instructions.add(index, i);
        i.setParent(this);
        return i;
    }

    /** Inserts before the terminator, or appends when there is none yet. */
    public Instruction insertBeforeTerminator(Instruction i) {
        Instruction t = terminator();
        return insert(t == null ? instructions.size() : instructions.indexOf(t), i);
    }

    /**
     * Removes every instruction the test selects in one pass over the block (detaching them one
     * by one would search the list for each); returns whether any went.
     */
    public boolean removeIf(java.util.function.Predicate<Instruction> test) {
        int kept = 0;
        int n = instructions.size();
        for (int k = 0; k < n; k++) {
            Instruction i = instructions.get(k);
            if (test.test(i)) {
                i.setParent(null);
            } else {
                instructions.set(kept++, i);
            }
        }
        instructions.subList(kept, n).clear();
        return kept < n;
    }

    void remove(Instruction i) {
        if (instructions.remove(i)) {
            i.setParent(null);
        }
    }

    /** The last instruction when it is a terminator, else null. */
    public Instruction terminator() {
        if (instructions.isEmpty()) {
            return null;
        }
        Instruction last = instructions.getLast();
        return last.op().isTerminator() ? last : null;
    }

    /** The blocks the terminator can branch to (none without a terminator). */
    public List<Block> successors() {
        Instruction t = terminator();
        return t == null ? List.of() : List.copyOf(t.targets());
    }

    /** Leading phis. */
    public List<Instruction> phis() {
        List<Instruction> out = new ArrayList<>();
        for (Instruction i : instructions) {
            if (i.op() != Opcode.PHI) {
                break;
            }
            out.add(i);
        }
        return out;
    }

    public StructureKind structure() {
        return structure;
    }

    public Block merge() {
        return merge;
    }

    public Block continueTarget() {
        return continueTarget;
    }

    public ControlHint hint() {
        return hint;
    }

    /** Makes this a selection header rejoining at {@code merge}. */
    public void markSelection(Block merge, ControlHint hint) {
        this.structure = StructureKind.SELECTION;
        this.merge = merge;
        this.continueTarget = null;
        this.hint = hint;
    }

    /** Makes this a loop header exiting to {@code merge}, continuing at {@code continueTarget}. */
    public void markLoop(Block merge, Block continueTarget, ControlHint hint) {
        this.structure = StructureKind.LOOP;
        this.merge = merge;
        this.continueTarget = continueTarget;
        this.hint = hint;
    }

    /** No longer a header. */
    public void clearStructure() {
        this.structure = StructureKind.NONE;
        this.merge = null;
        this.continueTarget = null;
        this.hint = ControlHint.NONE;
    }

    @Override
    public String toString() {
        return parent == null ? "bb?" : "bb" + parent.blocks().indexOf(this);
    }
}
