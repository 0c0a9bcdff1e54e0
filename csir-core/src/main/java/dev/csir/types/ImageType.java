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

    @Override
    public String toString() {
        return name();
    }
}
