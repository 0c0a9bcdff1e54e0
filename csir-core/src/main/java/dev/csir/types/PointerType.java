package dev.csir.types;

/**
 * A logical pointer: {@code ptr<function, vec4>}. Only the transform IR has pointers (allocas,
 * globals, access chains); there is no pointer arithmetic and no pointer to a pointer.
 */
public record PointerType(AddressSpace space, Type pointee) implements Type {
    public PointerType {
        if (space == null || pointee == null || pointee instanceof PointerType || pointee instanceof VoidType) {
            throw new IllegalArgumentException("pointer to " + pointee);
        }
    }

    @Override
    public String name() {
        return "ptr<" + space.word() + ", " + pointee.name() + ">";
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof PointerType o && o.space == space && o.pointee.equals(pointee);
    }

    @Override
    public int hashCode() {
        return 31 * space.hashCode() + pointee.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
