package dev.csir.gfx.soft;

import java.util.Objects;

/**
 * Interleaved float vertices of a triangle list and where each attribute lives: for attribute
 * {@code i}, {@code components[i]} floats at {@code offsets[i]} within each {@code stride}-float
 * vertex feed location {@code locations[i]}. Missing components read as GL's (0, 0, 0, 1).
 * Locations are bounded by the attribute file they are fetched into, which the renderer checks
 * once per draw ({@link #locationsUsed()}), not per vertex.
 */
public record VertexInput(float[] floats, int stride, int[] locations, int[] components, int[] offsets) {

    public VertexInput {
        Objects.requireNonNull(floats);
        if (stride < 1 || floats.length % stride != 0) {
            throw new IllegalArgumentException(floats.length + " floats in vertices of " + stride);
        }
        if (locations.length != components.length || locations.length != offsets.length) {
            throw new IllegalArgumentException("attribute arrays of different lengths");
        }
        for (int i = 0; i < locations.length; i++) {
            if (locations[i] < 0 || components[i] < 1 || components[i] > 4
                    || offsets[i] < 0 || offsets[i] + components[i] > stride) {
                throw new IllegalArgumentException("attribute " + i + " at location " + locations[i]);
            }
        }
    }

    public int vertexCount() {
        return floats.length / stride;
    }

    /** One more than the highest location fed (0 when none): the vec4s an attribute file needs. */
    public int locationsUsed() {
        int n = 0;
        for (int l : locations) {
            n = Math.max(n, l + 1);
        }
        return n;
    }
}
