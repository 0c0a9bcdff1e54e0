package dev.csir.ir;

/**
 * One interface symbol of a shader: a uniform (slot = first vec4 slot, or the sampler slot for
 * a sampler, whose type is the slot's kind: {@link Type#SAMPLER2D}, or in CSI version 2
 * {@link Type#SAMPLERCUBE}, {@link Type#SAMPLER3D}, {@link Type#SAMPLER2DARRAY} and the shadow and
 * integer kinds, {@link Type#isSampler}), an input (vertex: attribute location; fragment: varying slot) or an
 * output (vertex: varying slot; fragment: 0 for the colour output). {@code line} and
 * {@code column} locate the declaration's name in source (0 when unknown, as after loading a blob),
 * so link errors can point at it. {@code explicitSlot} says the source chose the slot with
 * {@code layout(location = N)}; otherwise the compiler assigned it in declaration order.
 * {@code interpolation} is how a varying (a vertex output, a fragment input) is interpolated;
 * {@link Interpolation#SMOOTH} for every other symbol.
 */
public record InterfaceVar(Kind kind, String name, Type type, int slot, int line, int column, boolean explicitSlot,
        Interpolation interpolation) {

    /**
     * What the symbol is to the shader. {@code CLIP_DISTANCE} (CSI version 2 only) is
     * gl_ClipDistance at a varying slot of its own: the vertex stage's output (STORE_VAR), the
     * fragment stage's interpolated input (LOAD_VAR). Symbol {@link #CLIP_DISTANCE_NAMES}[k] holds
     * distances 4k to 4k + n - 1 in the slot's lanes x, y, ..., n being its type's components
     * (FLOAT to VEC4); the rasterizer keeps the points where every distance the vertex stage
     * writes is at least 0.
     */
    public enum Kind { UNIFORM, INPUT, OUTPUT, CLIP_DISTANCE }

    /** The clip-distance symbols' names: distances 0 to 3, then 4 to 7. */
    public static final java.util.List<String> CLIP_DISTANCE_NAMES = java.util.List.of("gl_ClipDistance",
            "gl_ClipDistance4");

    /** The most clip distances a shader has (gl_MaxClipDistances). */
    public static final int MAX_CLIP_DISTANCES = 8;

    public InterfaceVar {
        if (kind == null || name == null || name.isEmpty() || type == null) {
            throw new IllegalArgumentException("incomplete interface symbol");
        }
        if (interpolation == null) {
            throw new IllegalArgumentException("interface symbol without interpolation");
        }
    }

    /** A smooth (or non-varying) symbol. */
    public InterfaceVar(Kind kind, String name, Type type, int slot, int line, int column, boolean explicitSlot) {
        this(kind, name, type, slot, line, column, explicitSlot, Interpolation.SMOOTH);
    }

    /** A symbol whose slot the compiler assigned. */
    public InterfaceVar(Kind kind, String name, Type type, int slot, int line, int column) {
        this(kind, name, type, slot, line, column, false);
    }

    /** A symbol with no known source position whose slot the compiler assigned. */
    public InterfaceVar(Kind kind, String name, Type type, int slot) {
        this(kind, name, type, slot, 0, 0, false);
    }

    public boolean hasPosition() {
        return line > 0 && column > 0;
    }

    public boolean isSampler() {
        return type.isSampler();
    }
}
