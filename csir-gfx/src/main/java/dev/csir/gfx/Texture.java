package dev.csir.gfx;

import dev.csir.ir.Type;

/**
 * An RGBA8 texture sampled nearest with clamp-to-edge, of one of CSIR's sampler kinds: a 2D
 * image ({@link Type#SAMPLER2D}), a cube map's six faces in GL's order +X, -X, +Y, -Y, +Z, -Z
 * ({@link Type#SAMPLERCUBE}), a 3D texture's slices ({@link Type#SAMPLER3D}) or a 2D array's
 * layers ({@link Type#SAMPLER2DARRAY}), or a cube-map array's cubes, six faces each in that
 * order, layer-face {@code 6 * cube + face} ({@link Type#SAMPLERCUBEARRAY}), or a 2D image for a
 * multisample sampler ({@link Type#SAMPLER2DMS} and its integer kinds): one sample per texel,
 * which every sample index reads (the software device makes single-sample textures only; the
 * VirGL and Vulkan devices refuse such a texture, see {@link #singleSampleOnly}). The shadow kinds' textures ({@link Type#SAMPLER2DSHADOW},
 * ...) are depth textures: a texel's depth is its red byte over 255, the other bytes unused. The
 * integer kinds' ({@link Type#ISAMPLER2D}, {@link Type#USAMPLER2D}, ...) hold the bytes as the
 * integers 0 to 255 that a lookup gives. Texels are given in rows of {@code width * 4} bytes,
 * row 0 first, layer after layer, and row 0 is at texture coordinate t = 0 (the GL convention
 * of glTexImage2D): texel (i, j) covers s in [i/w, (i+1)/w) and t in [j/h, (j+1)/h).
 */
public final class Texture {
    private final int width;
    private final int height;
    private final int layers;
    private final Type kind;
    private final byte[] rgba;

    public Texture(int width, int height, byte[] rgba) {
        this(width, height, 1, Type.SAMPLER2D, rgba);
    }

    public Texture(int width, int height, int layers, Type kind, byte[] rgba) {
        if (kind == null || !kind.isSampler()
                || ((kind.samplerGeometry() == Type.SAMPLER2D || kind.samplerGeometry() == Type.SAMPLER2DMS) && layers != 1)
                || (kind.samplerGeometry() == Type.SAMPLERCUBE && (layers != 6 || width != height))
                || (kind.samplerGeometry() == Type.SAMPLERCUBEARRAY && (layers % 6 != 0 || width != height))) {
            throw new IllegalArgumentException("a " + kind + " texture of " + layers + " layers of " + width + "x" + height);
        }
        if (width < 1 || height < 1 || layers < 1 || rgba.length != width * height * layers * 4) {
            throw new IllegalArgumentException("texture " + width + "x" + height + "x" + layers + " with "
                    + rgba.length + " bytes");
        }
        this.width = width;
        this.height = height;
        this.layers = layers;
        this.kind = kind;
        this.rgba = rgba.clone();
    }

    /** Per-layer tints of {@link #layered}: +X red, -X cyan, +Y green, -Y magenta, +Z blue, -Z yellow. */
    private static final int[][] TINTS = {
        {255, 90, 90}, {90, 255, 255}, {90, 255, 90}, {255, 90, 255}, {90, 90, 255}, {255, 255, 90}};

    /**
     * A texture of {@code kind} built from a 2D image, for a sampler that is not 2D: every layer
     * (six for a cube, four for a 3D texture or an array, two cubes for a cube-map array) is the
     * image tinted by its own colour (layer i by the i-th of red, cyan, green, magenta, blue,
     * yellow; a cube-map array's second cube at half brightness), so a wrong face, slice, layer or
     * cube shows in the picture. A 2D kind, multisample ones too, gives the image itself (a shadow
     * or integer one its bytes as that kind reads them). A cube's faces are square: the image is
     * cropped to its smaller side.
     */
    public static Texture layered(Texture image, Type kind) {
        if (image.kind != Type.SAMPLER2D) {
            throw new IllegalArgumentException("layers are built from a 2D image");
        }
        if (kind == Type.SAMPLER2D) {
            return image;
        }
        Type shape = kind.samplerGeometry();
        if (shape == Type.SAMPLER2D || shape == Type.SAMPLER2DMS) {
            return new Texture(image.width, image.height, 1, kind, image.rgba);
        }
        boolean cubes = shape == Type.SAMPLERCUBE || shape == Type.SAMPLERCUBEARRAY;
        int n = shape == Type.SAMPLERCUBE ? 6 : shape == Type.SAMPLERCUBEARRAY ? 12 : 4;
        int w = cubes ? Math.min(image.width, image.height) : image.width;
        int h = cubes ? w : image.height;
        byte[] out = new byte[w * h * n * 4];
        for (int l = 0; l < n; l++) {
            // a cube-map array's second cube: its faces' tints at half brightness
            int[] tint = l < 6 ? TINTS[l] : java.util.Arrays.stream(TINTS[l % 6]).map(c -> c / 2).toArray();
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int from = (y * image.width + x) * 4;
                    int to = ((l * h + y) * w + x) * 4;
                    for (int c = 0; c < 3; c++) {
                        out[to + c] = (byte) ((image.rgba[from + c] & 0xff) * tint[c] / 255);
                    }
                    out[to + 3] = image.rgba[from + 3];
                }
            }
        }
        return new Texture(w, h, n, kind, out);
    }

    /**
     * Why a device that binds real images refuses {@code t}, or null when it does not: a
     * multisample image cannot be filled from the texture's bytes (neither GL's glTexSubImage nor
     * Vulkan's buffer-to-image copy writes one; it would have to be rendered), and a
     * single-sample image at a multisample sampler is invalid to both.
     */
    public static String singleSampleOnly(Texture t) {
        Type g = t.kind().samplerGeometry();
        return g == Type.SAMPLER2DMS || g == Type.SAMPLER2DMSARRAY ? "a " + t.kind().glslName()
                + " texture: this device cannot fill a multisample image from texels (only the software device binds one,"
                + " as one sample)" : null;
    }

    /** Why {@code t} cannot be bound to sampler {@code s}: their kinds differ. */
    public static String kindMismatch(dev.csir.link.SamplerInfo s, Texture t) {
        return "sampler '" + s.name() + "' (slot " + s.slot() + ") is a " + s.kind().glslName() + ", its texture a "
                + t.kind().glslName();
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Faces, slices or layers: 1 for a 2D texture. */
    public int layers() {
        return layers;
    }

    /** The sampler kind this texture binds to. */
    public Type kind() {
        return kind;
    }

    /** A copy of the texel bytes. */
    public byte[] rgba() {
        return rgba.clone();
    }

    /** The texel at column i, row j (of layer 0) as 0xRRGGBBAA. */
    public int texel(int i, int j) {
        int o = (j * width + i) * 4;
        return (rgba[o] & 0xff) << 24 | (rgba[o + 1] & 0xff) << 16 | (rgba[o + 2] & 0xff) << 8 | (rgba[o + 3] & 0xff);
    }
}
