package dev.csir.gfx.soft;

/**
 * Vertices shaded together, in structure-of-arrays form: lane {@code i}'s attribute float
 * {@code f} (location {@code f / 4}, component {@code f % 4}) at {@code attributes[f * SIZE + i]},
 * its clip-space position out in {@code position[c * SIZE + i]} and its varying component
 * {@code k} in {@code varyings[k * SIZE + i]}. One per thread, reused for every batch.
 */
public final class VertexBatch {
    /** Lanes per batch, as {@link FragmentBatch#SIZE}. */
    public static final int SIZE = FragmentBatch.SIZE;

    final float[] attributes;
    final float[] position = new float[4 * SIZE];
    /** Lane {@code i}'s vertex number in the draw (gl_VertexID: its index in the vertex array). */
    final int[] vertexIds = new int[SIZE];
    final float[] varyings;
    private final int attributeFloats;
    private final int components;

    /**
     * @param attributeFloats attribute floats fed per vertex (4 per location used)
     * @param varyingComponents varying components written per vertex
     */
    VertexBatch(int attributeFloats, int varyingComponents) {
        this.attributeFloats = attributeFloats;
        this.components = varyingComponents;
        this.attributes = new float[Math.max(attributeFloats, 1) * SIZE];
        this.varyings = new float[Math.max(varyingComponents, 1) * SIZE];
    }

    /** Attribute floats per lane: 4 for each location up to the highest one the draw feeds. */
    public int attributeFloats() {
        return attributeFloats;
    }

    /** Varying components per lane the vertex stage's outputs are read for. */
    public int components() {
        return components;
    }

    public float[] attributes() {
        return attributes;
    }

    public float[] position() {
        return position;
    }

    public float[] varyings() {
        return varyings;
    }

    /** Writes vertex {@code v} of {@code input} into lane {@code lane}. */
    void fetch(VertexInput input, int v, int lane) {
        float[] floats = input.floats();
        int base = v * input.stride();
        int[] locations = input.locations();
        int[] components = input.components();
        int[] offsets = input.offsets();
        for (int i = 0; i < locations.length; i++) {
            int o = locations[i] * 4 * SIZE + lane;
            int src = base + offsets[i];
            int n = components[i];
            attributes[o] = floats[src];
            attributes[o + SIZE] = n > 1 ? floats[src + 1] : 0f;
            attributes[o + 2 * SIZE] = n > 2 ? floats[src + 2] : 0f;
            attributes[o + 3 * SIZE] = n > 3 ? floats[src + 3] : 1f;
        }
    }
}
