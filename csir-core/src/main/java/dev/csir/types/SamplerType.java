package dev.csir.types;

/**
 * A combined texture and sampler ({@code sampler2D}, {@code isampler3D}, {@code samplerCubeArray},
 * {@code sampler2DShadow}, {@code usampler2DMS}): {@code sampled} is what a lookup returns the
 * components of; {@code multisampled} a 2D one whose texels are fetched by sample
 * ({@code sampler2DMS}, {@code sampler2DMSArray}).
 */
public record SamplerType(Dim dim, boolean arrayed, boolean shadow, ScalarKind sampled, boolean multisampled)
        implements Type {
    public static final SamplerType SAMPLER2D = new SamplerType(Dim.D2, false, false, ScalarKind.FLOAT);

    public SamplerType {
        if (dim == null || sampled == null || sampled == ScalarKind.BOOL || sampled == ScalarKind.DOUBLE
                || (shadow && sampled != ScalarKind.FLOAT) || (multisampled && (dim != Dim.D2 || shadow))) {
            throw new IllegalArgumentException("sampler " + dim + " of " + sampled);
        }
    }

    /** A single-sampled sampler. */
    public SamplerType(Dim dim, boolean arrayed, boolean shadow, ScalarKind sampled) {
        this(dim, arrayed, shadow, sampled, false);
    }

    @Override
    public String name() {
        return ScalarType.of(sampled).kind().vectorPrefix() + "sampler" + dim.suffix() + (multisampled ? "MS" : "")
                + (arrayed ? "Array" : "") + (shadow ? "Shadow" : "");
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof SamplerType o && o.dim == dim && o.arrayed == arrayed && o.shadow == shadow
            && o.sampled == sampled && o.multisampled == multisampled;
    }

    @Override
    public int hashCode() {
        int h = dim.hashCode();
        h = 31 * h + Boolean.hashCode(arrayed);
        h = 31 * h + Boolean.hashCode(shadow);
        h = 31 * h + Boolean.hashCode(multisampled);
        return 31 * h + sampled.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
