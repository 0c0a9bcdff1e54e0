package dev.csir.ssa;

import dev.csir.types.Type;

/**
 * A specialization constant: a scalar known only when the pipeline is built. Deliberately not a
 * {@link Constant}, so that no pass folds it and the code that depends on it survives.
 */
public final class SpecConstant implements Value {
    private final int id;
    private final String name;
    private final Constant.Scalar defaultValue;

    public SpecConstant(int id, String name, Constant.Scalar defaultValue) {
        this.id = id;
        this.name = name;
        this.defaultValue = defaultValue;
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public Constant.Scalar defaultValue() {
        return defaultValue;
    }

    @Override
    public Type type() {
        return defaultValue.type();
    }

    @Override
    public String toString() {
        return "spec(" + id + " " + name + ")";
    }
}
