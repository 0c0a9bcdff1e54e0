package dev.csir.exec;

import java.util.Arrays;

/**
 * A CPU texture for {@link Interpreter} sampling: row-major texels as {@code 0xAARRGGBB}, row 0 at
 * v = 0 (the original's BGRA byte buffer read as little-endian ints). The array is shared, not
 * copied, so a caller may update texels in place between invocations.
 *
 * <p>{@code depth} images of {@code width x height} follow one another in {@code argb}: one for a
 * 2D texture, a 3D texture's slices (r = 0 first), a 2D array's layers, or a cube's six faces in
 * GL's order +X, -X, +Y, -Y, +Z, -Z, or a cube-map array's cubes, six faces each (layer-face
 * {@code 6 * layer + face}, as GL numbers them). The sampler slot's kind says which; {@link #sampleCube},
 * {@link #sample3d} and {@link #sampleArray} read the layers, {@link #sample} the first.
 */
public record Texture2D(int width, int height, int[] argb, Nearest nearest, int depth) {

    /** Which texel nearest sampling picks for a coordinate (both clamp to the edge). */
    public enum Nearest {
        /** The original's: u clamped to [0, 1], texel {@code (int)(u*(w-1)+0.5)}. */
        ORIGINAL,
        /**
         * GL's GL_NEAREST with CLAMP_TO_EDGE, what the VirGL path samples: texel
         * {@code floor(u*w)} clamped to [0, w-1], so texel i covers [i/w, (i+1)/w).
         */
        GL
    }

    /** The layers of a cube map. */
    public static final int CUBE_FACES = 6;

    public Texture2D {
        if (width < 0 || height < 0 || depth < 1 || argb == null || argb.length < (long) width * height * depth) {
            throw new IllegalArgumentException("texture " + width + "x" + height + "x" + depth + " needs "
                    + (long) width * height * depth + " texels");
        }
        if (nearest == null) {
            throw new IllegalArgumentException("texture without a sampling rule");
        }
    }

    /** A 2D texture (one layer). */
    public Texture2D(int width, int height, int[] argb, Nearest nearest) {
        this(width, height, argb, nearest, 1);
    }

    /** A texture sampled by the original's rule. */
    public Texture2D(int width, int height, int[] argb) {
        this(width, height, argb, Nearest.ORIGINAL, 1);
    }

    /** The texel at (x, y), no bounds forgiveness. */
    public int texel(int x, int y) {
        return argb[y * width + x];
    }

    /**
     * Nearest/clamp sampling as the original does it: u and v clamped to [0, 1], texel
     * {@code (int)(u*(w-1)+0.5)}, channels divided by 255. Writes r, g, b, a at {@code out[at..]};
     * an empty texture (or {@code tex == null}) samples (0, 0, 0, 0).
     */
    public static void sample(Texture2D tex, float u, float v, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        sampleLayer(tex, 0, u, v, out, at);
    }

    /**
     * A cube-map lookup in direction (x, y, z) (OpenGL 4.6 section 8.13, table 8.19): the face of
     * the major axis, the largest magnitude, ties going to x before y before z; then
     * {@code s = (sc/|ma| + 1)/2}, {@code t = (tc/|ma| + 1)/2} sampled on that face as 2D.
     */
    public static void sampleCube(Texture2D tex, float x, float y, float z, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        unpack(cubeTexel(tex, x, y, z), out, at);
    }

    /**
     * A cube-map array lookup: direction (x, y, z) in the cube of layer {@code floor(layer + 0.5)}
     * clamped to the cubes (GL's layer rule), whose six faces follow one another in GL's order
     * from image {@code 6 * layer}; the face chosen as {@link #sampleCube} chooses it.
     */
    public static void sampleCubeArray(Texture2D tex, float x, float y, float z, float layer, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        unpack(cubeArrayTexel(tex, x, y, z, layer), out, at);
    }

    /** A shadow lookup of a cube-map array (samplerCubeArrayShadow): {@link #shadow2d}'s comparison on the texel {@link #sampleCubeArray} picks. */
    public static void shadowCubeArray(Texture2D tex, float x, float y, float z, float layer, float reference, float[] out,
            int at) {
        if (!empty(tex, out, at)) {
            compare(cubeArrayTexel(tex, x, y, z, layer), reference, out, at);
        }
    }

    private static int cubeArrayTexel(Texture2D tex, float x, float y, float z, float layer) {
        int cubes = Math.max(1, tex.depth / CUBE_FACES);
        int cube = Math.clamp((long) Math.floor(layer + 0.5f), 0, cubes - 1);
        return cubeTexel(tex, CUBE_FACES * cube, x, y, z);
    }

    /** The texel a cube lookup in direction (x, y, z) picks ({@link #sampleCube}). */
    private static int cubeTexel(Texture2D tex, float x, float y, float z) {
        return cubeTexel(tex, 0, x, y, z);
    }

    /** The texel a cube lookup in direction (x, y, z) picks in the cube whose faces start at image {@code first}. */
    private static int cubeTexel(Texture2D tex, int first, float x, float y, float z) {
        float ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
        int face;
        float sc, tc, ma;
        if (ax >= ay && ax >= az) {
            face = x >= 0f ? 0 : 1;
            sc = x >= 0f ? -z : z;
            tc = -y;
            ma = ax;
        } else if (ay >= az) {
            face = y >= 0f ? 2 : 3;
            sc = x;
            tc = y >= 0f ? z : -z;
            ma = ay;
        } else {
            face = z >= 0f ? 4 : 5;
            sc = z >= 0f ? x : -x;
            tc = -y;
            ma = az;
        }
        return layerTexel(tex, Math.min(first + face, tex.depth - 1), 0.5f * (sc / ma + 1f), 0.5f * (tc / ma + 1f));
    }

    /** A 3D lookup at (u, v, r), each clamped to [0, 1] and taken to its nearest texel as {@link #sample} does. */
    public static void sample3d(Texture2D tex, float u, float v, float r, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        sampleLayer(tex, tex.nearestIndex(clamp01(r), tex.depth), u, v, out, at);
    }

    /** A 2D array lookup at (u, v) in layer {@code floor(r + 0.5)} clamped to the layers (GL's layer rule). */
    public static void sampleArray(Texture2D tex, float u, float v, float r, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        sampleLayer(tex, tex.layer(r), u, v, out, at);
    }

    /** GL's layer of an array coordinate: {@code floor(r + 0.5)} clamped to the layers. */
    private int layer(float r) {
        // the cast takes NaN to 0 and saturates the infinities, which the clamp then bounds
        return Math.clamp((long) Math.floor(r + 0.5f), 0, depth - 1);
    }

    /**
     * A shadow lookup of a 2D texture (sampler2DShadow): 1 in every lane where the reference,
     * clamped to [0, 1], is at most the depth of the texel {@link #sample} picks (its red channel
     * over 255), else 0: GL's GL_LEQUAL comparison. An empty texture gives 0.
     */
    public static void shadow2d(Texture2D tex, float u, float v, float reference, float[] out, int at) {
        if (!empty(tex, out, at)) {
            compare(layerTexel(tex, 0, u, v), reference, out, at);
        }
    }

    /** A shadow lookup of a cube (samplerCubeShadow): {@link #shadow2d}'s comparison on the texel {@link #sampleCube} picks. */
    public static void shadowCube(Texture2D tex, float x, float y, float z, float reference, float[] out, int at) {
        if (!empty(tex, out, at)) {
            compare(cubeTexel(tex, x, y, z), reference, out, at);
        }
    }

    /** A shadow lookup of a 2D array (sampler2DArrayShadow) in layer {@code r}'s texel, as {@link #sampleArray} picks it. */
    public static void shadowArray(Texture2D tex, float u, float v, float r, float reference, float[] out, int at) {
        if (!empty(tex, out, at)) {
            compare(layerTexel(tex, tex.layer(r), u, v), reference, out, at);
        }
    }

    /** GL_LEQUAL of a clamped reference against a texel's red channel as depth, into four lanes. */
    private static void compare(int texel, float reference, float[] out, int at) {
        float depth = ((texel >>> 16) & 0xFF) / 255f;
        float result = clamp01(reference) <= depth ? 1f : 0f; // NaN compares false
        java.util.Arrays.fill(out, at, at + 4, result);
    }

    private static boolean empty(Texture2D tex, float[] out, int at) {
        if (tex == null || tex.width <= 0 || tex.height <= 0) {
            java.util.Arrays.fill(out, at, at + 4, 0f);
            return true;
        }
        return false;
    }

    /** Written as "less than / greater than" so NaN passes through like the C code. */
    private static float clamp01(float u) {
        if (u < 0f) {
            u = 0f;
        }
        if (u > 1f) {
            u = 1f;
        }
        return u;
    }

    /** The texel a clamped coordinate picks among {@code n} by this texture's rule; NaN gives 0. */
    private int nearestIndex(float u, int n) {
        return nearest == Nearest.GL ? Math.clamp((int) (u * n), 0, n - 1)
                : Math.clamp((int) (u * (n - 1) + 0.5f), 0, n - 1);
    }

    private static void sampleLayer(Texture2D tex, int layer, float u, float v, float[] out, int at) {
        unpack(layerTexel(tex, layer, u, v), out, at);
    }

    /** The texel nearest (u, v) in a layer. */
    private static int layerTexel(Texture2D tex, int layer, float u, float v) {
        int w = tex.width;
        int h = tex.height;
        int x = tex.nearestIndex(clamp01(u), w);
        int y = tex.nearestIndex(clamp01(v), h);
        return tex.argb[(layer * h + y) * w + x];
    }

    private static void unpack(int p, float[] out, int at) {
        out[at] = ((p >>> 16) & 0xFF) / 255f;
        out[at + 1] = ((p >>> 8) & 0xFF) / 255f;
        out[at + 2] = (p & 0xFF) / 255f;
        out[at + 3] = (p >>> 24) / 255f;
    }

    /**
     * The texel at column {@code x}, row {@code y} (whole numbers, as CSIR holds integers) of level
     * {@code lod}; zeros outside the texture and for any level but the one these textures have.
     */
    /**
     * A texel of layer {@code layer} of an array, unfiltered (texelFetch on a sampler2DMSArray):
     * whole coordinates, zeros outside the texture or its layers.
     */
    public static void fetchLayer(Texture2D tex, float x, float y, float layer, float[] out, int at) {
        if (tex == null || !(layer >= 0f && layer < tex.depth && x >= 0f && x < tex.width && y >= 0f && y < tex.height)) {
            java.util.Arrays.fill(out, at, at + 4, 0f);
            return;
        }
        unpack(tex.argb[((int) layer * tex.height + (int) y) * tex.width + (int) x], out, at);
    }

    public static void fetch(Texture2D tex, float x, float y, float lod, float[] out, int at) {
        if (tex == null || lod != 0f || !(x >= 0f && x < tex.width && y >= 0f && y < tex.height)) {
            java.util.Arrays.fill(out, at, at + 4, 0f);
            return;
        }
        int p = tex.argb[(int) y * tex.width + (int) x];
        out[at] = ((p >>> 16) & 0xFF) / 255f;
        out[at + 1] = ((p >>> 8) & 0xFF) / 255f;
        out[at + 2] = (p & 0xFF) / 255f;
        out[at + 3] = (p >>> 24) / 255f;
    }

    /**
     * {@link #sample} with a texel offset ({@link dev.csir.ir.TexelOffset}): the offset is added to
     * the texel the coordinate picks, then the edge is clamped (GL 4.6 8.14.2: offsets before
     * wrapping). By GL's rule the coordinate is not clamped first: {@code floor(u*w) + dx}.
     */
    public static void sampleOffset(Texture2D tex, float u, float v, int offset, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        sampleLayerOffset(tex, 0, u, v, offset, out, at);
    }

    /** {@link #sampleOffset} in the layer {@link #sampleArray} picks for {@code r}. */
    public static void sampleArrayOffset(Texture2D tex, float u, float v, float r, int offset, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        sampleLayerOffset(tex, tex.layer(r), u, v, offset, out, at);
    }

    private static void sampleLayerOffset(Texture2D tex, int layer, float u, float v, int offset, float[] out, int at) {
        int x = tex.offsetIndex(u, tex.width, dev.csir.ir.TexelOffset.x(offset));
        int y = tex.offsetIndex(v, tex.height, dev.csir.ir.TexelOffset.y(offset));
        unpack(tex.argb[(layer * tex.height + y) * tex.width + x], out, at);
    }

    /** {@link #fetch} of the texel offset by {@code offset} (zeros outside the texture). */
    public static void fetchOffset(Texture2D tex, float x, float y, float lod, int offset, float[] out, int at) {
        fetch(tex, x + dev.csir.ir.TexelOffset.x(offset), y + dev.csir.ir.TexelOffset.y(offset), lod, out, at);
    }

    /**
     * textureGather: the component {@link dev.csir.ir.TexelOffset#component} of the 2x2 texels
     * linear filtering reads (GL 4.6 8.14.2: {@code i0 = floor(u*w - 0.5) + dx}, {@code i1 = i0 + 1},
     * j likewise, each clamped to the edge) as (i0, j1), (i1, j1), (i1, j0), (i0, j0).
     */
    public static void gather(Texture2D tex, float u, float v, int offset, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        gatherLayer(tex, 0, u, v, offset, out, at);
    }

    /** {@link #gather} in the layer {@link #sampleArray} picks for {@code r}. */
    public static void gatherArray(Texture2D tex, float u, float v, float r, int offset, float[] out, int at) {
        if (empty(tex, out, at)) {
            return;
        }
        gatherLayer(tex, tex.layer(r), u, v, offset, out, at);
    }

    private static void gatherLayer(Texture2D tex, int layer, float u, float v, int offset, float[] out, int at) {
        int w = tex.width;
        int h = tex.height;
        long i0 = floor(u * w - 0.5f) + dev.csir.ir.TexelOffset.x(offset);
        long j0 = floor(v * h - 0.5f) + dev.csir.ir.TexelOffset.y(offset);
        int x0 = (int) Math.clamp(i0, 0, w - 1), x1 = (int) Math.clamp(i0 + 1, 0, w - 1);
        int y0 = (int) Math.clamp(j0, 0, h - 1), y1 = (int) Math.clamp(j0 + 1, 0, h - 1);
        int shift = switch (dev.csir.ir.TexelOffset.component(offset)) {
            case 0 -> 16;
            case 1 -> 8;
            case 2 -> 0;
            default -> 24;
        };
        int base = layer * h * w;
        out[at] = ((tex.argb[base + y1 * w + x0] >>> shift) & 0xFF) / 255f;
        out[at + 1] = ((tex.argb[base + y1 * w + x1] >>> shift) & 0xFF) / 255f;
        out[at + 2] = ((tex.argb[base + y0 * w + x1] >>> shift) & 0xFF) / 255f;
        out[at + 3] = ((tex.argb[base + y0 * w + x0] >>> shift) & 0xFF) / 255f;
    }

    /** floor of a float as a long: NaN 0, the infinities saturated (a clamp then bounds them). */
    private static long floor(float f) {
        return (long) Math.floor(f);
    }

    /** The texel of coordinate {@code u} among {@code n} moved by {@code delta}, clamped to the edge. */
    private int offsetIndex(float u, int n, int delta) {
        long i = nearest == Nearest.GL ? floor(u * n) : nearestIndex(clamp01(u), n);
        return (int) Math.clamp(i + delta, 0, n - 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Texture2D t && width == t.width && height == t.height && depth == t.depth
                && nearest == t.nearest && Arrays.equals(argb, 0, width * height * depth, t.argb, 0, t.width * t.height * t.depth);
    }

    @Override
    public int hashCode() {
        return ((width * 31 + height) * 31 + depth) * 31 + Arrays.hashCode(Arrays.copyOf(argb, width * height * depth));
    }

    @Override
    public String toString() {
        return "Texture2D[" + width + "x" + height + (depth > 1 ? "x" + depth : "") + (nearest == Nearest.GL ? ", GL" : "") + "]";
    }
}
