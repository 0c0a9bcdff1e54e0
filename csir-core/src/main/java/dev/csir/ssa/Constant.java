package dev.csir.ssa;

import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.List;
import java.util.Objects;

/**
 * A constant with exact bits. Constants are values compared by value: two equal constants are
 * the same operand. Composites (vectors, matrices as columns, arrays, structs) hold their
 * elements; {@link Undef} is a value of no particular bits (an unwritten local).
 */
public sealed interface Constant extends Value permits Constant.Scalar, Constant.Composite, Constant.Undef {

    /**
     * A scalar: {@code bits} holds the value's raw bits, zero-extended (float: the IEEE-754
     * single bits; int and uint: the 32-bit two's complement pattern; bool: 0 or 1; double: all 64).
     */
    record Scalar(ScalarType type, long bits) implements Constant {
        public Scalar {
            if (type == null) {
                throw new IllegalArgumentException("constant type");
            }
            long mask = type.kind().bits() == 64 ? -1L : 0xFFFF_FFFFL;
            if (type.kind() == ScalarKind.BOOL ? bits != 0 && bits != 1 : (bits & ~mask) != 0) {
                throw new IllegalArgumentException("bits " + Long.toHexString(bits) + " for " + type);
            }
        }

        public boolean boolValue() {
            return bits != 0;
        }

        /** The value as a 32-bit int (int and uint alike: the same bits). */
        public int intValue() {
            return (int) bits;
        }

        public float floatValue() {
            return Float.intBitsToFloat((int) bits);
        }

        public double doubleValue() {
            return Double.longBitsToDouble(bits);
        }

        // equals and hashCode as the record's own would be, written out: see Type
        @Override
        public boolean equals(Object other) {
            return other instanceof Scalar o && o.type.equals(type) && o.bits == bits;
        }

        @Override
        public int hashCode() {
            return 31 * type.hashCode() + Long.hashCode(bits);
        }
    }

    /** A vector, matrix (columns), array or struct of constant elements. */
    record Composite(Type type, List<Constant> elements) implements Constant {
        public Composite {
            elements = List.copyOf(elements);
            if (elements.size() != elementCount(type)) {
                throw new IllegalArgumentException(elements.size() + " elements for " + type);
            }
        }

        // instanceof, not a pattern switch, and equals and hashCode written out: see Type
        private static int elementCount(Type type) {
            if (type instanceof VectorType v) {
                return v.size();
            }
            if (type instanceof MatrixType m) {
                return m.columns();
            }
            if (type instanceof ArrayType a) {
                return a.length();
            }
            if (type instanceof StructType s) {
                return s.members().size();
            }
            throw new IllegalArgumentException("composite constant of " + type);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Composite o && o.type.equals(type) && o.elements.equals(elements);
        }

        @Override
        public int hashCode() {
            return 31 * type.hashCode() + elements.hashCode();
        }
    }

    /** A value whose bits are unspecified; any use may see any value of the type. */
    record Undef(Type type) implements Constant {
        // equals and hashCode as the record's own would be, written out: see Type
        @Override
        public boolean equals(Object other) {
            return other instanceof Undef o && Objects.equals(o.type, type);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(type);
        }
    }

    static Scalar ofBool(boolean v) {
        return new Scalar(ScalarType.BOOL, v ? 1 : 0);
    }

    static Scalar ofInt(int v) {
        return new Scalar(ScalarType.INT, v & 0xFFFF_FFFFL);
    }

    static Scalar ofUint(int v) {
        return new Scalar(ScalarType.UINT, v & 0xFFFF_FFFFL);
    }

    static Scalar ofFloat(float v) {
        return new Scalar(ScalarType.FLOAT, Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
    }

    static Scalar ofDouble(double v) {
        return new Scalar(ScalarType.DOUBLE, Double.doubleToRawLongBits(v));
    }

    /** The scalar of {@code type} holding {@code bits} (truncated to the type's width). */
    static Scalar ofBits(ScalarType type, long bits) {
        return new Scalar(type, type.kind() == ScalarKind.BOOL ? (bits != 0 ? 1 : 0)
                : type.kind().bits() == 64 ? bits : bits & 0xFFFF_FFFFL);
    }

    /** Every component the same scalar: a vector splat, or the scalar itself. */
    static Constant splat(Type type, Scalar s) {
        if (type instanceof ScalarType) {
            return s;
        }
        if (type instanceof VectorType v) {
            return new Composite(v, java.util.Collections.nCopies(v.size(), s));
        }
        throw new IllegalArgumentException("splat to " + type);
    }
}
