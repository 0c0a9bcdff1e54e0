package dev.csir.gfx;

/**
 * A triangle list of interleaved float vertices (every three vertices make one triangle). The
 * array is copied, so a backend may cache what it uploaded by the mesh's identity.
 */
public final class Mesh {
    private final float[] vertices;
    private final VertexLayout layout;

    public Mesh(float[] vertices, VertexLayout layout) {
        if (vertices.length % layout.stride() != 0) {
            throw new IllegalArgumentException(vertices.length + " floats is not a whole number of "
                    + layout.stride() + "-float vertices");
        }
        this.vertices = vertices.clone();
        this.layout = layout;
    }

    public VertexLayout layout() {
        return layout;
    }

    public int vertexCount() {
        return vertices.length / layout.stride();
    }

    /** A copy of the interleaved floats. */
    public float[] vertices() {
        return vertices.clone();
    }

    /** One float without copying the array. */
    public float get(int index) {
        return vertices[index];
    }

    public int floatCount() {
        return vertices.length;
    }
}
