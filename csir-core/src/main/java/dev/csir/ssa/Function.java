package dev.csir.ssa;

import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A function: parameters and blocks, the first block the entry. Printed as {@code @name}. */
public final class Function {
    private final String name;
    private final Type returnType;
    private final List<Argument> params = new ArrayList<>();
    private final List<Block> blocks = new ArrayList<>();
    // read-only views made once: passes ask for them in every loop
    private final List<Argument> paramView = Collections.unmodifiableList(params);
    private final List<Block> blockView = Collections.unmodifiableList(blocks);
    /** The control-flow graph last computed for this function; its owner checks it still holds. */
    private Object cfg;

    public Function(String name, Type returnType, List<Type> paramTypes) {
        this.name = name;
        this.returnType = returnType;
        for (Type t : paramTypes) {
            params.add(new Argument(t, params.size(), null));
        }
    }

    public String name() {
        return name;
    }

    public Type returnType() {
        return returnType;
    }

    public List<Argument> params() {
        return paramView;
    }

    public List<Type> paramTypes() {
        return params.stream().map(Argument::type).toList();
    }

    /** The blocks in layout order (the dump's order), entry first. */
    public List<Block> blocks() {
        return blockView;
    }

    public Block entry() {
        return blocks.isEmpty() ? null : blocks.getFirst();
    }

    /** A new empty block at the end of the layout. */
    public Block addBlock(String name) {
        Block b = new Block(name);
        b.setParent(this);
        blocks.add(b);
        return b;
    }

    /** Moves {@code block} to layout position {@code index}. */
    public void moveBlock(Block block, int index) {
        blocks.remove(block);
        blocks.add(index, block);
    }

    /** Removes a block (its instructions go with it). */
    public void removeBlock(Block block) {
        if (blocks.remove(block)) {
            block.setParent(null);
        }
    }

    /** The graph analysis kept for this function (see {@code Cfg.of}); not part of its value. */
    public Object cachedCfg() {
        return cfg;
    }

    public void cacheCfg(Object cfg) {
        this.cfg = cfg;
    }

    @Override
    public String toString() {
        return "@" + name;
    }
}
