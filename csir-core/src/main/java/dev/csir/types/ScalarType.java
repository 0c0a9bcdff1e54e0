package dev.csir.types;

/** {@code bool}, {@code int}, {@code uint}, {@code float} or {@code double}. */
public record ScalarType(ScalarKind kind) implements Type {
    public static final ScalarType BOOL = new ScalarType(ScalarKind.BOOL);
    public static final ScalarType INT = new ScalarType(ScalarKind.INT);
    public static final ScalarType UINT = new ScalarType(ScalarKind.UINT);
    public static final ScalarType FLOAT = new ScalarType(ScalarKind.FLOAT);
    public static final ScalarType DOUBLE = new ScalarType(ScalarKind.DOUBLE);

    public ScalarType {
        if (kind == null) {
            throw new IllegalArgumentException("scalar kind");
        }
    }

    public static ScalarType of(ScalarKind kind) {
        return switch (kind) {
            case BOOL -> BOOL;
            case INT -> INT;
            case UINT -> UINT;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
        };
    }

    @Override
    public String name() {
        return kind.glslName();
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof ScalarType o && o.kind == kind;
    }

    @Override
    public int hashCode() {
        return kind.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
