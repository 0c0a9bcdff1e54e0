package dev.csir.types;

/** The dimensionality of a sampler or image. */
public enum Dim {
    D1("1D", 1), D2("2D", 2), D3("3D", 3), CUBE("Cube", 3), BUFFER("Buffer", 1);

    private final String suffix;
    private final int coordinates;

    Dim(String suffix, int coordinates) {
        this.suffix = suffix;
        this.coordinates = coordinates;
    }

    /** The part of a GLSL type name after {@code sampler}/{@code image}: {@code 2D}, {@code Cube}. */
    public String suffix() {
        return suffix;
    }

    /** Coordinate components a lookup takes, without the array layer. */
    public int coordinates() {
        return coordinates;
    }
}
