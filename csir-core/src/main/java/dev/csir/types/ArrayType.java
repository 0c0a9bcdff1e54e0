package dev.csir.types;

/** {@code element[length]}; a length of {@link #RUNTIME} is a run-time sized array (a buffer's last member). */
public record ArrayType(Type element, int length) implements Type {
    public static final int RUNTIME = -1;

    public ArrayType {
        if (element == null || element instanceof VoidType || element instanceof PointerType
                || (length < 1 && length != RUNTIME)) {
            throw new IllegalArgumentException("array of " + length + " " + element);
        }
    }

    public boolean isRuntimeSized() {
        return length == RUNTIME;
    }

    @Override
    public String name() {
        // GLSL writes the outer size first: float[2][3] is 2 arrays of float[3]
        StringBuilder dims = new StringBuilder();
        Type t = this;
        while (t instanceof ArrayType a) {
            dims.append('[').append(a.isRuntimeSized() ? "" : Integer.toString(a.length)).append(']');
            t = a.element;
        }
        return t.name() + dims;
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof ArrayType o && o.element.equals(element) && o.length == length;
    }

    @Override
    public int hashCode() {
        return 31 * element.hashCode() + length;
    }

    @Override
    public String toString() {
        return name();
    }
}
