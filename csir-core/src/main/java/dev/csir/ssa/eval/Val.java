package dev.csir.ssa.eval;

import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An immutable run-time value of the evaluator. Scalars, vectors and matrices are a {@link Num}: one
 * exact bit pattern per component (matrices column-major, column {@code c} row {@code r} at
 * {@code c * rows + r}). Arrays and structs are an {@link Agg} of element values. Pointers are a
 * {@link Ptr}: a storage cell plus an access path. Opaque values (samplers, images) are an empty
 * {@link Agg} placeholder: the texture opcodes take pointers, never loaded handles.
 */
public sealed interface Val permits Val.Num, Val.Agg, Val.Ptr {

    Type type();

    /** A scalar, vector or matrix: its components' bits (see {@code Constant.Scalar} for the encoding). */
    final class Num implements Val {
        private final Type type;
        private final long[] bits;

        /** Trusting constructor: {@code bits} is owned, normalized and of the type's component count. */
        Num(Type type, long[] bits) {
            this.type = type;
            this.bits = bits;
        }

        /** A value of {@code type} from raw component bits (normalized to the kind's width). */
        public static Num of(Type type, long... bits) {
            if (!type.isNumericOrBool() || bits.length != type.componentCount()) {
                throw new IllegalArgumentException(bits.length + " components for " + type);
            }
            long[] b = new long[bits.length];
            for (int i = 0; i < b.length; i++) {
                b[i] = Bits.normalize(type.scalarKind(), bits[i]);
            }
            return new Num(type, b);
        }

        @Override
        public Type type() {
            return type;
        }

        public ScalarKind kind() {
            return type.scalarKind();
        }

        public int size() {
            return bits.length;
        }

        public long bits(int i) {
            return bits[i];
        }

        long[] raw() {
            return bits;
        }

        public int intAt(int i) {
            return (int) bits[i];
        }

        public float floatAt(int i) {
            return Bits.f(bits[i]);
        }

        public double doubleAt(int i) {
            return Bits.d(bits[i]);
        }

        public boolean boolAt(int i) {
            return bits[i] != 0;
        }

        public int[] ints() {
            return Arrays.stream(bits).mapToInt(x -> (int) x).toArray();
        }

        public float[] floats() {
            float[] out = new float[bits.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = Bits.f(bits[i]);
            }
            return out;
        }

        public double[] doubles() {
            return Arrays.stream(bits).mapToDouble(Bits::d).toArray();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Num n && n.type.equals(type) && Arrays.equals(n.bits, bits);
        }

        @Override
        public int hashCode() {
            return type.hashCode() * 31 + Arrays.hashCode(bits);
        }

        @Override
        public String toString() {
            String parts = Arrays.stream(bits).mapToObj(b -> switch (kind()) {
                case BOOL -> Boolean.toString(b != 0);
                case INT -> Integer.toString((int) b);
                case UINT -> Long.toString(b) + "u";
                case FLOAT -> Float.toString(Bits.f(b));
                case DOUBLE -> Double.toString(Bits.d(b));
            }).collect(Collectors.joining(", "));
            return bits.length == 1 ? parts : type.name() + "(" + parts + ")";
        }
    }

    /** An array or struct of element values. */
    final class Agg implements Val {
        private final Type type;
        private final Val[] elements;

        Agg(Type type, Val[] elements) {
            this.type = type;
            this.elements = elements;
        }

        /**
         * An array or struct of {@code elements}, each of its element type; a run-time sized array
         * takes any number of elements.
         */
        public static Agg of(Type type, Val... elements) {
            boolean ok = switch (type) {
                case ArrayType a -> (a.isRuntimeSized() || elements.length == a.length())
                        && Arrays.stream(elements).allMatch(e -> e.type().equals(a.element()));
                case StructType s -> elements.length == s.members().size() && java.util.stream.IntStream
                        .range(0, elements.length).allMatch(i -> elements[i].type().equals(s.members().get(i).type()));
                default -> false;
            };
            if (!ok) {
                throw new IllegalArgumentException("elements " + Arrays.toString(elements) + " for " + type);
            }
            return new Agg(type, elements.clone());
        }

        @Override
        public Type type() {
            return type;
        }

        public int size() {
            return elements.length;
        }

        public Val element(int i) {
            return elements[i];
        }

        public List<Val> elements() {
            return List.of(elements);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Agg a && a.type.equals(type) && Arrays.equals(a.elements, elements);
        }

        @Override
        public int hashCode() {
            return type.hashCode() * 31 + Arrays.hashCode(elements);
        }

        @Override
        public String toString() {
            return type.name() + Arrays.toString(elements);
        }
    }

    /**
     * A logical pointer: a storage cell (a global, or one execution of an alloca) and the element
     * indices from the cell's value down to the pointee. An index that is out of range for the
     * value is kept (as -1 when it does not fit an int); loads through it read zero and stores
     * are dropped.
     */
    final class Ptr implements Val {
        private final PointerType type;
        private final Cell cell;
        private final int[] path;

        Ptr(PointerType type, Cell cell, int[] path) {
            this.type = type;
            this.cell = cell;
            this.path = path;
        }

        @Override
        public PointerType type() {
            return type;
        }

        Cell cell() {
            return cell;
        }

        /** The global the pointer points into, or null for a local. */
        public GlobalVariable global() {
            return cell.global();
        }

        public int[] path() {
            return path.clone();
        }

        int[] rawPath() {
            return path;
        }

        @Override
        public String toString() {
            return "&" + cell.name() + Arrays.toString(path);
        }
    }

    // ---- factories ---------------------------------------------------------------------------

    static Num ofInt(int... v) {
        return numeric(ScalarType.INT, Arrays.stream(v).mapToLong(Bits::ofInt).toArray());
    }

    static Num ofUint(int... v) {
        return numeric(ScalarType.UINT, Arrays.stream(v).mapToLong(Bits::ofInt).toArray());
    }

    static Num ofFloat(float... v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Bits.ofFloat(v[i]);
        }
        return numeric(ScalarType.FLOAT, b);
    }

    static Num ofDouble(double... v) {
        return numeric(ScalarType.DOUBLE, Arrays.stream(v).mapToLong(Bits::ofDouble).toArray());
    }

    static Num ofBool(boolean... v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Bits.ofBool(v[i]);
        }
        return numeric(ScalarType.BOOL, b);
    }

    /** A float matrix from its components in column-major order. */
    static Num ofMatrix(MatrixType type, float... columnMajor) {
        return Num.of(type, ofFloat(columnMajor).raw());
    }

    /** A scalar for one component, a vector for several. */
    private static Num numeric(ScalarType component, long[] bits) {
        return Num.of(VectorType.of(component, bits.length), bits);
    }

    /** The all-zero value of {@code type} (what {@code undef} and unwritten memory read as). */
    static Val zero(Type type) {
        return switch (type) {
            case ScalarType s -> new Num(s, new long[1]);
            case VectorType v -> new Num(v, new long[v.size()]);
            case MatrixType m -> new Num(m, new long[m.columns() * m.rows()]);
            case ArrayType a -> {
                Val[] e = new Val[a.isRuntimeSized() ? 0 : a.length()];
                Arrays.fill(e, zero(a.element()));
                yield new Agg(a, e);
            }
            case StructType s -> new Agg(s, s.members().stream().map(m -> zero(m.type())).toArray(Val[]::new));
            default -> new Agg(type, new Val[0]);
        };
    }

    /** The value of a constant; {@code undef} (anywhere inside it) reads as zero bits. */
    static Val of(Constant c) {
        return switch (c) {
            case Constant.Scalar s -> new Num(s.type(), new long[] {s.bits()});
            case Constant.Undef u -> zero(u.type());
            case Constant.Composite k when k.type().isNumericOrBool() -> {
                long[] bits = new long[k.type().componentCount()];
                int at = 0;
                for (Constant e : k.elements()) {
                    long[] part = ((Num) of(e)).raw();
                    System.arraycopy(part, 0, bits, at, part.length);
                    at += part.length;
                }
                yield new Num(k.type(), bits);
            }
            case Constant.Composite k -> new Agg(k.type(), k.elements().stream().map(Val::of).toArray(Val[]::new));
        };
    }

    // ---- elements ----------------------------------------------------------------------------

    /**
     * Element {@code i} of a composite: a vector's component, a matrix's column, an array's
     * element, a struct's member; null when out of range or {@code v} is not a composite.
     */
    static Val element(Val v, int i) {
        if (v instanceof Agg a) {
            return i >= 0 && i < a.elements.length ? a.elements[i] : null;
        }
        if (v instanceof Num n) {
            if (n.type instanceof VectorType t && i >= 0 && i < t.size()) {
                return new Num(t.component(), new long[] {n.bits[i]});
            }
            if (n.type instanceof MatrixType m && i >= 0 && i < m.columns()) {
                return new Num(m.columnType(), Arrays.copyOfRange(n.bits, i * m.rows(), (i + 1) * m.rows()));
            }
        }
        return null;
    }

    /** {@code v} with element {@code i} replaced by {@code e}; null when out of range or of another type. */
    static Val with(Val v, int i, Val e) {
        Val old = element(v, i);
        if (old == null || !old.type().equals(e.type())) {
            return null;
        }
        if (v instanceof Agg a) {
            Val[] copy = a.elements.clone();
            copy[i] = e;
            return new Agg(a.type, copy);
        }
        Num n = (Num) v;
        long[] copy = n.bits.clone();
        long[] part = ((Num) e).bits;
        System.arraycopy(part, 0, copy, i * part.length, part.length);
        return new Num(n.type, copy);
    }
}
