package dev.csir.types;

/**
 * A combined texture and sampler ({@code sampler2D}, {@code isampler3D}, {@code samplerCubeArray},
 * {@code sampler2DShadow}): {@code sampled} is what a lookup returns the components of.
 */
public record SamplerType(Dim dim, boolean arrayed, boolean shadow, ScalarKind sampled) implements Type {
    public static final SamplerType SAMPLER2D = new SamplerType(Dim.D2, false, false, ScalarKind.FLOAT);

    public SamplerType {
        if (dim == null || sampled == null || sampled == ScalarKind.BOOL || sampled == ScalarKind.DOUBLE
                || (shadow && sampled != ScalarKind.FLOAT)) {
            throw new IllegalArgumentException("sampler " + dim + " of " + sampled);
        }
    }

    @Override
    public String name() {
        return ScalarType.of(sampled).kind().vectorPrefix() + "sampler" + dim.suffix() + (arrayed ? "Array" : "")
                + (shadow ? "Shadow" : "");
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof SamplerType o && o.dim == dim && o.arrayed == arrayed && o.shadow == shadow
            && o.sampled == sampled;
    }

    @Override
    public int hashCode() {
        int h = dim.hashCode();
        h = 31 * h + Boolean.hashCode(arrayed);
        h = 31 * h + Boolean.hashCode(shadow);
        return 31 * h + sampled.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
