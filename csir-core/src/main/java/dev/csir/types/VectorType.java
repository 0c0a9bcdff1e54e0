package dev.csir.types;

/** A vector of 2, 3 or 4 scalars: {@code vec3}, {@code ivec2}, {@code bvec4}, {@code dvec2}. */
public record VectorType(ScalarType component, int size) implements Type {
    public static final VectorType VEC2 = new VectorType(ScalarType.FLOAT, 2);
    public static final VectorType VEC3 = new VectorType(ScalarType.FLOAT, 3);
    public static final VectorType VEC4 = new VectorType(ScalarType.FLOAT, 4);
    public static final VectorType IVEC2 = new VectorType(ScalarType.INT, 2);
    public static final VectorType IVEC3 = new VectorType(ScalarType.INT, 3);
    public static final VectorType IVEC4 = new VectorType(ScalarType.INT, 4);
    public static final VectorType BVEC2 = new VectorType(ScalarType.BOOL, 2);
    public static final VectorType BVEC3 = new VectorType(ScalarType.BOOL, 3);
    public static final VectorType BVEC4 = new VectorType(ScalarType.BOOL, 4);

    public VectorType {
        if (component == null || size < 2 || size > 4) {
            throw new IllegalArgumentException("vector of " + size + " " + component);
        }
    }

    /** A vector of {@code size} components, or the scalar itself when size is 1. */
    public static Type of(ScalarType component, int size) {
        return size == 1 ? component : new VectorType(component, size);
    }

    @Override
    public String name() {
        return component.kind().vectorPrefix() + "vec" + size;
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof VectorType o && o.component.equals(component) && o.size == size;
    }

    @Override
    public int hashCode() {
        return 31 * component.hashCode() + size;
    }

    @Override
    public String toString() {
        return name();
    }
}
