package dev.csir.types;

/**
 * A matrix of {@code columns} column vectors of {@code rows} floats (or doubles): GLSL's
 * {@code matCxR}, stored column-major. {@code mat3} is {@code mat3x3}.
 */
public record MatrixType(ScalarType component, int columns, int rows) implements Type {
    public static final MatrixType MAT2 = new MatrixType(ScalarType.FLOAT, 2, 2);
    public static final MatrixType MAT3 = new MatrixType(ScalarType.FLOAT, 3, 3);
    public static final MatrixType MAT4 = new MatrixType(ScalarType.FLOAT, 4, 4);

    public MatrixType {
        if (component == null || !component.kind().isFloating() || columns < 2 || columns > 4 || rows < 2 || rows > 4) {
            throw new IllegalArgumentException("matrix " + columns + "x" + rows + " of " + component);
        }
    }

    public static MatrixType of(int columns, int rows) {
        return new MatrixType(ScalarType.FLOAT, columns, rows);
    }

    /** The type of one column. */
    public VectorType columnType() {
        return new VectorType(component, rows);
    }

    /** The type of one row (what a row vector times this matrix yields columns of). */
    public VectorType rowType() {
        return new VectorType(component, columns);
    }

    @Override
    public String name() {
        String prefix = component.kind() == ScalarKind.DOUBLE ? "dmat" : "mat";
        return columns == rows ? prefix + columns : prefix + columns + "x" + rows;
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof MatrixType o && o.component.equals(component) && o.columns == columns
            && o.rows == rows;
    }

    @Override
    public int hashCode() {
        int h = component.hashCode();
        h = 31 * h + columns;
        return 31 * h + rows;
    }

    @Override
    public String toString() {
        return name();
    }
}
