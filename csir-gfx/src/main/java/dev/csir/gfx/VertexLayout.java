package dev.csir.gfx;

import java.util.List;
import java.util.Optional;

/**
 * How interleaved vertex floats are laid out: the stride (floats per vertex) and the attributes.
 * An attribute with fewer than 4 components reads the missing ones as GL does: y and z as 0,
 * w as 1.
 */
public record VertexLayout(int stride, List<VertexAttribute> attributes) {
    public VertexLayout {
        attributes = List.copyOf(attributes);
        if (stride < 1) {
            throw new IllegalArgumentException("vertex stride " + stride);
        }
        for (VertexAttribute a : attributes) {
            if (a.offset() + a.components() > stride) {
                throw new IllegalArgumentException("attribute at location " + a.location() + " overruns the stride "
                        + stride);
            }
        }
    }

    public static VertexLayout of(int stride, VertexAttribute... attributes) {
        return new VertexLayout(stride, List.of(attributes));
    }

    public Optional<VertexAttribute> at(int location) {
        return attributes.stream().filter(a -> a.location() == location).findFirst();
    }
}
