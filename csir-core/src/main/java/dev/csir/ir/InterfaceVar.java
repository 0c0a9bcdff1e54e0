package dev.csir.ir;

/**
 * One interface symbol of a shader: a uniform (slot = first vec4 slot, or the sampler slot for
 * a {@code sampler2D}), an input (vertex: attribute location; fragment: varying slot) or an
 * output (vertex: varying slot; fragment: 0 for the colour output).
 */
public record InterfaceVar(Kind kind, String name, Type type, int slot) {

    /** What the symbol is to the shader. */
    public enum Kind { UNIFORM, INPUT, OUTPUT }

    public InterfaceVar {
        if (kind == null || name == null || name.isEmpty() || type == null) {
            throw new IllegalArgumentException("incomplete interface symbol");
        }
    }

    public boolean isSampler() {
        return type == Type.SAMPLER2D;
    }
}
