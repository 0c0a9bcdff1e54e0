package dev.csir.ir;

/** Comparison codes carried in the {@code aux} field of {@link Opcode#CMP}. */
public enum Cmp {
    LT(1, "<"), GT(2, ">"), LE(3, "<="), GE(4, ">="), EQ(5, "=="), NE(6, "!=");

    private final int code;
    private final String symbol;

    Cmp(int code, String symbol) {
        this.code = code;
        this.symbol = symbol;
    }

    public int code() {
        return code;
    }

    public String symbol() {
        return symbol;
    }

    /** The comparison with this code, or {@code null}. */
    public static Cmp of(int code) {
        for (Cmp c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return null;
    }

    /** Evaluates the comparison on two floats. */
    public boolean test(float a, float b) {
        return switch (this) {
            case LT -> a < b;
            case GT -> a > b;
            case LE -> a <= b;
            case GE -> a >= b;
            case EQ -> a == b;
            case NE -> a != b;
        };
    }
}
