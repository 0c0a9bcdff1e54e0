package dev.csir.ssa;

/** Small facts about values that passes share. */
public final class Values {
    private Values() {
    }

    /** The same operand: equal constants are interchangeable, everything else is itself. */
    public static boolean same(Value a, Value b) {
        return a == b || a instanceof Constant ca && ca.equals(b);
    }
}
