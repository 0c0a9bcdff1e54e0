package dev.csir.ssa.verify;

import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.function.Predicate;

/**
 * Null-safe questions about types, for a verifier that must not throw on half-built modules: a
 * spec constant without a default, an undef or argument without a type, a null operand all
 * have the type null here, and the rules that need a type skip what has none (another rule
 * reports why it has none).
 */
final class TypeFacts {
    private TypeFacts() {
    }

    /** The value's type, or null when it has none (null value, spec constant without a default). */
    static Type typeOf(Value v) {
        if (v == null || v instanceof SpecConstant s && s.defaultValue() == null) {
            return null;
        }
        return v.type();
    }

    /** How messages spell a type. */
    static String name(Type t) {
        return t == null ? "no type" : t.name();
    }

    static boolean holdsValue(Type t) {
        return t != null && !(t instanceof VoidType);
    }

    static boolean isScalarOrVector(Type t) {
        return t instanceof ScalarType || t instanceof VectorType;
    }

    /** A scalar or vector whose scalar kind passes {@code kind}. */
    static boolean scalarOrVectorOf(Type t, Predicate<ScalarKind> kind) {
        return isScalarOrVector(t) && kind.test(t.scalarKind());
    }

    static boolean isIntegerScalar(Type t) {
        return t instanceof ScalarType s && s.kind().isInteger();
    }

    static boolean isFloatScalar(Type t) {
        return t instanceof ScalarType s && s.kind().isFloating();
    }

    /** The element at an extract/insert path, or null when the path leaves the type. */
    static Type elementAt(Type t, int[] path) {
        if (path.length == 0) {
            return null;
        }
        for (int index : path) {
            t = t == null ? null : Builder.element(t, index);
        }
        return t;
    }

    /**
     * What is wrong with a constant, or null: a composite's elements must have the types its type
     * says (the model does not check them), and an undef needs a type that holds values.
     */
    static String malformed(Constant c) {
        if (c instanceof Constant.Scalar) {
            return null;
        }
        if (c instanceof Constant.Undef u) {
            return holdsValue(u.type()) ? null
                    : VerifierMessages.format(VerifierMessages.UNDEF_WITHOUT_VALUES, name(u.type()));
        }
        if (c instanceof Constant.Composite k) {
            return malformedComposite(k);
        }
        throw new IllegalArgumentException(String.valueOf(c));
    }

    private static String malformedComposite(Constant.Composite k) {
        for (int i = 0; i < k.elements().size(); i++) {
            Constant e = k.elements().get(i);
            Type want = Builder.element(k.type(), i);
            if (want == null || !want.equals(typeOf(e))) {
                return VerifierMessages.format(VerifierMessages.CONSTANT_ELEMENT, i, name(k.type()), name(typeOf(e)),
                        name(want));
            }
            String inner = malformed(e);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }
}
