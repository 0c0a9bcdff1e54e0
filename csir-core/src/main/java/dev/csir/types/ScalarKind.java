package dev.csir.types;

/** The kinds of scalar: each vector, matrix and constant is built from one. */
public enum ScalarKind {
    BOOL("bool", 32, "b"), INT("int", 32, "i"), UINT("uint", 32, "u"), FLOAT("float", 32, ""), DOUBLE("double", 64, "d");

    private final String glslName;
    private final int bits;
    private final String vectorPrefix;

    ScalarKind(String glslName, int bits, String vectorPrefix) {
        this.glslName = glslName;
        this.bits = bits;
        this.vectorPrefix = vectorPrefix;
    }

    public String glslName() {
        return glslName;
    }

    /** Width of the value in bits (bool is 32, as SPIR-V and std140 lay it out). */
    public int bits() {
        return bits;
    }

    /** The prefix of this kind's vector names: {@code ivec3}, {@code bvec2}, {@code vec4}. */
    public String vectorPrefix() {
        return vectorPrefix;
    }

    public boolean isInteger() {
        return this == INT || this == UINT;
    }

    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    public boolean isNumeric() {
        return this != BOOL;
    }
}
