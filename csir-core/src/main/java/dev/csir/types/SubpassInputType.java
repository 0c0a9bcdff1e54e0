package dev.csir.types;

/**
 * GLSL for Vulkan's input attachment ({@code subpassInput}, {@code isubpassInputMS}): the texel of
 * an earlier subpass's attachment at the fragment's own position, read whole by {@code subpassLoad}
 * (with a sample index when {@code multisampled}). Fragment shaders only.
 */
public record SubpassInputType(ScalarKind sampled, boolean multisampled) implements Type {

    public SubpassInputType {
        if (sampled == null || sampled == ScalarKind.BOOL || sampled == ScalarKind.DOUBLE) {
            throw new IllegalArgumentException("subpass input of " + sampled);
        }
    }

    @Override
    public String name() {
        return sampled.vectorPrefix() + "subpassInput" + (multisampled ? "MS" : "");
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof SubpassInputType o && o.sampled == sampled && o.multisampled == multisampled;
    }

    @Override
    public int hashCode() {
        return 31 * sampled.hashCode() + Boolean.hashCode(multisampled);
    }

    @Override
    public String toString() {
        return name();
    }
}
