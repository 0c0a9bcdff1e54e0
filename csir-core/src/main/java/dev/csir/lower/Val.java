package dev.csir.lower;

import dev.csir.ir.Type;

/**
 * The value of a lowered expression: its temporary (a matrix: the first of its column temporaries;
 * a sampler: its slot), type and component count, and the constant lanes when the value is known
 * at compile time. {@link #BAD} marks an expression whose error is already reported.
 */
record Val(int temp, Type type, int n, float[] k, boolean sampler) {
    static final Val BAD = new Val(-1, Type.NONE, 0, null, false);

    static Val of(int temp, Type type, int n) {
        return temp < 0 ? BAD : new Val(temp, type, n, null, false);
    }

    boolean bad() {
        return type == Type.NONE;
    }

    boolean isConst() {
        return k != null;
    }

    boolean matrix() {
        return type.isMatrix();
    }

    int cols() {
        return type.columns();
    }

    /** A one-component, non-matrix, non-sampler value. */
    boolean scalar() {
        return n == 1 && !sampler && !type.isMatrix();
    }

    /** A value with two or more components that is not a matrix. */
    boolean vector() {
        return n >= 2 && !type.isMatrix() && !sampler;
    }

    /** The same storage seen as another type (scalar re-typing). */
    Val retype(Type t) {
        return new Val(temp, t, n, k, sampler);
    }
}
