package dev.csir.ssa.text;

import dev.csir.ssa.Constant;
import dev.csir.types.ScalarType;

/**
 * Number literals of the text form: a scalar constant's literal for its type, and plain integers.
 * {@code 0x} literals are raw bits (how NaNs and infinities print); decimal ones are values and
 * must fit their type exactly, so a typo is an error rather than a silently wrapped constant.
 */
final class Literals {
    private Literals() {
    }

    static Constant.Scalar scalar(Token t, ScalarType type) {
        String s = t.text();
        int width = type.kind().bits();
        if (s.startsWith("-0x")) {
            throw bad(t, type, "raw bits have no sign");
        }
        if (s.startsWith("0x")) {
            if (type.kind() == dev.csir.types.ScalarKind.BOOL) {
                throw bad(t, type, "a bool is true or false");
            }
            String hex = s.substring(2);
            if (hex.length() > width / 4) {
                throw bad(t, type, "more than " + width + " bits");
            }
            return new Constant.Scalar(type, Long.parseUnsignedLong(hex, 16));
        }
        boolean integral = s.indexOf('.') < 0 && s.indexOf('e') < 0 && s.indexOf('E') < 0;
        switch (type.kind()) {
            case BOOL -> throw bad(t, type, "a bool is true or false");
            case INT, UINT -> {
                Long v = integral ? parseLong(s) : null;
                boolean fits = v != null && (type.kind() == dev.csir.types.ScalarKind.INT
                        ? v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE : v >= 0 && v <= 0xFFFF_FFFFL);
                if (!fits) {
                    throw bad(t, type, integral ? "out of range" : "not an integer");
                }
                return new Constant.Scalar(type, v & 0xFFFF_FFFFL);
            }
            case FLOAT -> {
                float f = Float.parseFloat(s);
                if (Float.isInfinite(f)) {
                    throw bad(t, type, "out of range (infinities are written as raw bits)");
                }
                return new Constant.Scalar(type, Float.floatToRawIntBits(f) & 0xFFFF_FFFFL);
            }
            case DOUBLE -> {
                double d = Double.parseDouble(s);
                if (Double.isInfinite(d)) {
                    throw bad(t, type, "out of range (infinities are written as raw bits)");
                }
                return new Constant.Scalar(type, Double.doubleToRawLongBits(d));
            }
        }
        throw bad(t, type, "unknown scalar kind");
    }

    /** A decimal int or 0x bits of at most 32; null when it is neither. */
    static Integer integer(String s) {
        if (s.startsWith("0x")) {
            String hex = s.substring(2);
            return hex.length() <= 8 ? (int) Long.parseLong(hex, 16) : null;
        }
        Long v = s.indexOf('.') < 0 && s.indexOf('e') < 0 && s.indexOf('E') < 0 ? parseLong(s) : null;
        return v != null && v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? (int) (long) v : null;
    }

    private static Long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Parser.Bad bad(Token t, ScalarType type, String why) {
        return new Parser.Bad(t, "bad constant '" + t.text() + ":" + type.name() + "': " + why);
    }
}
