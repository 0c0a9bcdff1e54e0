package dev.csir.lower;

import dev.csir.ir.Type;

/** The language's type compatibility rules (section 2.4): scalars interconvert, all else is exact. */
public final class TypeRules {
    private TypeRules() {
    }

    /** Whether a value of type {@code value} may be stored into, passed as or returned as {@code target}. */
    public static boolean assignable(Type target, Type value) {
        return target == value || (target.isScalar() && value.isScalar());
    }
}
