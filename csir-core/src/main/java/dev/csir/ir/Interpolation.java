package dev.csir.ir;

/**
 * How the rasterizer carries a varying from the vertices to a fragment: perspective-correct
 * ({@code smooth}, GLSL's default), the provoking vertex's value ({@code flat}; GL's last vertex
 * of the triangle), or linear in window space ({@code noperspective}). Stored in CSI version 2
 * as two bits of an input or output symbol's kind byte, in this order.
 */
public enum Interpolation {
    SMOOTH("smooth"), FLAT("flat"), NOPERSPECTIVE("noperspective");

    private final String word;

    Interpolation(String word) {
        this.word = word;
    }

    /** The GLSL qualifier. */
    public String word() {
        return word;
    }
}
