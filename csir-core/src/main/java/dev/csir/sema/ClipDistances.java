package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.types.ArrayType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;

/**
 * {@code gl_ClipDistance}, an implicitly sized array: the vertex stage's output, the fragment
 * stage's interpolated input (GLSL 1.30 on; no GLSL ES version has it). Its size is the one a
 * redeclaration ({@code out float gl_ClipDistance[2];}, or the member of a redeclared
 * {@code gl_PerVertex}) gives it, else one more than the largest constant index the shader uses.
 * Until it has a size it may be indexed only by constants, each below {@link #MAX}; a size may
 * not pass {@link #MAX} either (gl_MaxClipDistances).
 */
final class ClipDistances {
    /** gl_MaxClipDistances (lang/BuiltinConstants). */
    static final int MAX = 8;
    static final String NAME = "gl_ClipDistance";

    /** The variable the expressions name: float[MAX] until redeclared, float[size] after. */
    private Typed.Variable variable;
    /** The redeclared size, or 0 while implicitly sized. */
    private int declared;
    private int largestIndex = -1;

    ClipDistances(Typed.Variable placeholder) {
        this.variable = placeholder;
    }

    Typed.Variable variable() {
        return variable;
    }

    boolean sized() {
        return declared > 0;
    }

    /**
     * A redeclaration: {@code type} the declared type (an array of float, or {@code float[]}'s
     * null when unsized). Returns the error message, or null when it took.
     */
    String redeclare(Type type, boolean unsized, boolean storageMatches) {
        if (!storageMatches) {
            return Messages.CLIP_DISTANCE_QUALIFICATION;
        }
        if (!unsized && !(type instanceof ArrayType a && a.element().equals(ScalarType.FLOAT))
                || unsized && !type.equals(ScalarType.FLOAT)) {
            return Messages.CLIP_DISTANCE_ELEMENT;
        }
        if (sized()) {
            return Messages.CLIP_DISTANCE_RESIZED;
        }
        if (unsized) {
            return null;
        }
        int n = ((ArrayType) type).length();
        if (n > MAX) {
            return Messages.CLIP_DISTANCE_SIZE;
        }
        declared = n;
        variable = withType(variable, new ArrayType(ScalarType.FLOAT, n));
        return null;
    }

    /**
     * An index into the array while it has no size: the message of the error it is, or null
     * (a constant below {@link #MAX}, remembered).
     */
    String indexUnsized(Long constant) {
        if (constant == null) {
            return Messages.CLIP_DISTANCE_VARIABLE_INDEX;
        }
        if (constant < 0 || constant >= MAX) {
            return Messages.CLIP_DISTANCE_INDEX;
        }
        largestIndex = Math.max(largestIndex, (int) (long) constant);
        return null;
    }

    /** The variable as the shader's interface has it: sized by its redeclaration or its largest index. */
    Typed.Variable finished() {
        int n = Math.max(declared, largestIndex + 1);
        return withType(variable, new ArrayType(ScalarType.FLOAT, Math.max(n, 1)));
    }

    /** Whether {@code v} is this array (either form of it). */
    boolean is(Typed.Variable v) {
        return v != null && v.id() == variable.id();
    }

    private static Typed.Variable withType(Typed.Variable v, Type t) {
        return new Typed.Variable(v.id(), v.name(), t, v.storage(), v.builtin(), v.location(), v.pos(), v.init(),
                v.decoration());
    }
}
