package dev.csir.types;

/**
 * A texture without a sampler (GLSL for Vulkan's {@code texture2D}, {@code utextureCube},
 * {@code texture2DArray}): sampled only once a sampler constructor pairs it with a
 * {@link SamplerStateType} ({@code sampler2D(t, s)}).
 */
public record TextureType(Dim dim, boolean arrayed, ScalarKind sampled) implements Type {

    public TextureType {
        if (dim == null || sampled == null || sampled == ScalarKind.BOOL || sampled == ScalarKind.DOUBLE) {
            throw new IllegalArgumentException("texture " + dim + " of " + sampled);
        }
    }

    /** Whether {@code s} is a sampler of this texture's dimensionality and sampled type (shadow or not). */
    public boolean pairsWith(SamplerType s) {
        return s.dim() == dim && s.arrayed() == arrayed && s.sampled() == sampled;
    }

    @Override
    public String name() {
        return ScalarType.of(sampled).kind().vectorPrefix() + "texture" + dim.suffix() + (arrayed ? "Array" : "");
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof TextureType o && o.dim == dim && o.arrayed == arrayed && o.sampled == sampled;
    }

    @Override
    public int hashCode() {
        int h = dim.hashCode();
        h = 31 * h + Boolean.hashCode(arrayed);
        return 31 * h + sampled.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
