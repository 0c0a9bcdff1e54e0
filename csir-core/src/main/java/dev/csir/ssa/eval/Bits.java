package dev.csir.ssa.eval;

import dev.csir.types.ScalarKind;

/** Component bit patterns: 32-bit kinds zero-extended into a long, doubles all 64, bools 0 or 1. */
final class Bits {
    static final long MASK = 0xFFFF_FFFFL;

    private Bits() {
    }

    static long ofInt(int v) {
        return v & MASK;
    }

    static long ofFloat(float v) {
        return Float.floatToRawIntBits(v) & MASK;
    }

    static long ofDouble(double v) {
        return Double.doubleToRawLongBits(v);
    }

    static long ofBool(boolean v) {
        return v ? 1 : 0;
    }

    static float f(long bits) {
        return Float.intBitsToFloat((int) bits);
    }

    static double d(long bits) {
        return Double.longBitsToDouble(bits);
    }

    /** The canonical pattern of {@code bits} for a component of {@code kind}. */
    static long normalize(ScalarKind kind, long bits) {
        return switch (kind) {
            case BOOL -> bits != 0 ? 1 : 0;
            case DOUBLE -> bits;
            default -> bits & MASK;
        };
    }

    /** A component of a floating kind as a double (floats widen exactly). */
    static double real(ScalarKind kind, long bits) {
        return kind == ScalarKind.DOUBLE ? d(bits) : f(bits);
    }

    /** {@code v} rounded to {@code kind}'s precision, as bits (FLOAT or DOUBLE). */
    static long ofReal(ScalarKind kind, double v) {
        return kind == ScalarKind.DOUBLE ? ofDouble(v) : ofFloat((float) v);
    }
}
