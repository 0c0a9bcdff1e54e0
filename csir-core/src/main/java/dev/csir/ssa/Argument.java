package dev.csir.ssa;

import dev.csir.types.Type;

/** A function parameter; printed as {@code %argN}. */
public final class Argument implements Value {
    private final Type type;
    private final int index;
    private String name;

    Argument(Type type, int index, String name) {
        this.type = type;
        this.index = index;
        this.name = name;
    }

    @Override
    public Type type() {
        return type;
    }

    public int index() {
        return index;
    }

    /** The source name, a hint for dumps only. */
    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return "%arg" + index;
    }
}
