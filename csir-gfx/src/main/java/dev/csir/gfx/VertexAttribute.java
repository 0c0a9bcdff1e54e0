package dev.csir.gfx;

/**
 * One attribute of an interleaved vertex: the program attribute location it feeds, its float
 * count (1..4) and its offset in floats from the start of the vertex.
 */
public record VertexAttribute(int location, int components, int offset) {
    public VertexAttribute {
        if (location < 0 || components < 1 || components > 4 || offset < 0) {
            throw new IllegalArgumentException("vertex attribute location " + location + ", " + components
                    + " components at offset " + offset);
        }
    }
}
