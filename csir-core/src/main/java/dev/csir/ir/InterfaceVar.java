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

    /** What the symbol is to the shader. */
    public enum Kind { UNIFORM, INPUT, OUTPUT }

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
