package dev.csir.types;

/** The result type of a function or instruction that yields nothing. */
public record VoidType() implements Type {
    public static final VoidType VOID = new VoidType();

    @Override
    public String name() {
        return "void";
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof VoidType;
    }

    @Override
    public int hashCode() {
        return 0;
    }

    @Override
    public String toString() {
        return name();
    }
}
