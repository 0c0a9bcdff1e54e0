package dev.csir.types;

/**
 * A storage image ({@code image2D}, {@code uimage3D}): read and written by integer coordinate.
 * {@code format} is the layout qualifier's name ({@code rgba8}, {@code r32f}), or empty when the
 * source gave none.
 */
public record ImageType(Dim dim, boolean arrayed, ScalarKind sampled, String format) implements Type {

    public ImageType {
        if (dim == null || sampled == null || sampled == ScalarKind.BOOL || sampled == ScalarKind.DOUBLE
                || format == null) {
            throw new IllegalArgumentException("image " + dim + " of " + sampled);
        }
    }

    @Override
    public String name() {
        return ScalarType.of(sampled).kind().vectorPrefix() + "image" + dim.suffix() + (arrayed ? "Array" : "");
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof ImageType o && o.dim == dim && o.arrayed == arrayed && o.sampled == sampled
                && o.format.equals(format);
    }

    @Override
    public int hashCode() {
        int h = dim.hashCode();
        h = 31 * h + Boolean.hashCode(arrayed);
        h = 31 * h + sampled.hashCode();
        return 31 * h + format.hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
