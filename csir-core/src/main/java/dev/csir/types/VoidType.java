package dev.csir.types;

/** The result type of a function or instruction that yields nothing. */
public record VoidType() implements Type {
    public static final VoidType VOID = new VoidType();

    @Override
    public String name() {
        return "void";
    }

    @Override
    public String toString() {
        return name();
    }
}
