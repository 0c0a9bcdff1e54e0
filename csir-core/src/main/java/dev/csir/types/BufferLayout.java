package dev.csir.types;

/**
 * The memory layout rules of uniform and push-constant blocks (OpenGL 4.6 section 7.6.2.2):
 * std140, where arrays, matrix columns and structs are rounded up to 16 bytes, and std430, where
 * they are not. A bool takes the 4 bytes of a uint. A struct member whose {@code offset} is fixed
 * (an interface block's, resolved by the front end) is placed there.
 */
public enum BufferLayout {
    STD140, STD430;

    public int scalarSize(ScalarType s) {
        return s.kind() == ScalarKind.BOOL ? 4 : s.kind().bits() / 8;
    }

    /** The base alignment of {@code t}. */
    public int alignment(Type t) {
        // instanceof, not a pattern switch: see Type
        if (t instanceof ScalarType s) {
            return scalarSize(s);
        }
        if (t instanceof VectorType v) {
            return scalarSize(v.component()) * (v.size() == 2 ? 2 : 4);
        }
        if (t instanceof MatrixType m) {
            return rounded(alignment(m.columnType()));
        }
        if (t instanceof ArrayType a) {
            return rounded(alignment(a.element()));
        }
        if (t instanceof StructType s) {
            int max = 0;
            for (StructType.Member m : s.members()) {
                max = Math.max(max, alignment(m.type()));
            }
            return rounded(max);
        }
        throw new IllegalArgumentException("no buffer layout for " + t.name());
    }

    public int size(Type t) {
        if (t instanceof ScalarType s) {
            return scalarSize(s);
        }
        if (t instanceof VectorType v) {
            return scalarSize(v.component()) * v.size();
        }
        if (t instanceof MatrixType m) {
            return matrixStride(m) * m.columns();
        }
        if (t instanceof ArrayType a) {
            if (a.isRuntimeSized()) {
                throw new IllegalArgumentException("a run-time sized array in a uniform block");
            }
            return arrayStride(a) * a.length();
        }
        if (t instanceof StructType s) {
            int[] offsets = offsets(s);
            int end = 0;
            for (int i = 0; i < offsets.length; i++) {
                end = Math.max(end, offsets[i] + size(s.members().get(i).type()));
            }
            return roundUp(end, alignment(s));
        }
        throw new IllegalArgumentException("no buffer layout for " + t.name());
    }

    /** The byte offset of each member of {@code s}: its fixed one, else the next aligned after the one before. */
    public int[] offsets(StructType s) {
        int[] out = new int[s.members().size()];
        int at = 0;
        for (int i = 0; i < out.length; i++) {
            StructType.Member m = s.members().get(i);
            at = m.offset() >= 0 ? m.offset() : roundUp(at, alignment(m.type()));
            out[i] = at;
            at += size(m.type());
        }
        return out;
    }

    public int arrayStride(ArrayType a) {
        return rounded(roundUp(size(a.element()), alignment(a.element())));
    }

    public int matrixStride(MatrixType m) {
        return rounded(roundUp(size(m.columnType()), alignment(m.columnType())));
    }

    /** std140 rounds the alignment of arrays, matrices and structs up to a vec4's. */
    private int rounded(int v) {
        return this == STD140 ? roundUp(v, 16) : v;
    }

    public static int roundUp(int v, int to) {
        return (v + to - 1) / to * to;
    }
}
