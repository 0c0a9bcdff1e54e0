package dev.csir.gfx.virgl;

import static dev.csir.gfx.virgl.VirglProtocol.*;

import dev.csir.gfx.GfxException;
import dev.csir.ir.Stage;
import java.util.Arrays;

/**
 * Builds a VirGL command stream: one method per packet, each appending a header and exactly the
 * payload virglrenderer's decoder expects. The dwords go to {@link VtestClient#submit}.
 */
public final class VirglEncoder {
    private int[] buf = new int[256];
    private int size;

    /** The dwords encoded so far (a copy). */
    public int[] toArray() {
        return Arrays.copyOf(buf, size);
    }

    /** The live buffer; only the first {@link #size()} dwords are meaningful. */
    int[] buffer() {
        return buf;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void reset() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    private void put(int dw) {
        buf[size++] = dw;
    }

    private void packet(int cmd, int obj, int length) {
        if (length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("packet payload of " + length + " dwords exceeds " + MAX_PAYLOAD);
        }
        ensure(length + 1);
        put(header(cmd, obj, length));
    }

    private static int f(float v) {
        return Float.floatToRawIntBits(v);
    }

    public VirglEncoder createSubContext(int id) {
        packet(CCMD_CREATE_SUB_CTX, 0, 1);
        put(id);
        return this;
    }

    public VirglEncoder setSubContext(int id) {
        packet(CCMD_SET_SUB_CTX, 0, 1);
        put(id);
        return this;
    }

    /**
     * CREATE_OBJECT SHADER: the TGSI text as ASCII with its NUL, packed four bytes per dword
     * little-endian and zero-padded to a whole dword, after handle, type, byte length (with the
     * NUL), a token-count hint and a zero stream-output count.
     *
     * <p>Text of more than {@value VirglProtocol#SHADER_TEXT_DWORDS_PER_PACKET} dwords (one
     * packet's payload less its five header dwords) is split, as virglrenderer's
     * {@code vrend_create_shader} expects: the first packet carries the total length and the first
     * {@value VirglProtocol#SHADER_TEXT_DWORDS_PER_PACKET} dwords; each following packet has the
     * same handle, type, token hint and zero stream-output count, and in place of the length
     * {@link VirglProtocol#SHADER_OFFSET_CONT} | the byte offset of its chunk. Every chunk but the
     * last is full; the last holds the NUL and the padding. The server parses the text when the
     * last chunk arrives, sizing its token buffer from that packet's hint, so every packet carries
     * it. The packets go one after the other and must reach the server in that order with no other
     * shader of the same type in between.
     *
     * @throws GfxException when the type is not vertex (0) or fragment (1), the handle is 0, the
     *         text is longer than {@value VirglProtocol#MAX_SHADER_TEXT} characters (what the
     *         length field can describe), or it has a NUL or a non-ASCII character
     */
    public VirglEncoder createShader(int handle, int type, CharSequence text) throws GfxException {
        if (type != SHADER_VERTEX && type != SHADER_FRAGMENT) {
            throw new GfxException("shader type " + type + " is neither vertex (0) nor fragment (1)");
        }
        if (handle == 0) {
            throw new GfxException("shader object handle 0");
        }
        int length = text.length();
        if (length > MAX_SHADER_TEXT) {
            throw new GfxException("shader text of " + length + " characters exceeds the " + MAX_SHADER_TEXT
                    + " that VirGL's 31-bit shader length (text and NUL, in bytes) can describe");
        }
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == 0 || c > 0x7f) {
                throw new GfxException("shader text has a " + (c == 0 ? "NUL" : "non-ASCII") + " character at "
                        + i);
            }
        }
        int withNul = length + 1;
        int words = (int) ((withNul + 3L) / 4);
        int tokens = tokenHint(withNul);
        for (int first = 0; first < words; first += SHADER_TEXT_DWORDS_PER_PACKET) {
            int n = Math.min(SHADER_TEXT_DWORDS_PER_PACKET, words - first);
            packet(CCMD_CREATE_OBJECT, OBJ_SHADER, 5 + n);
            put(handle);
            put(type);
            put(first == 0 ? withNul : SHADER_OFFSET_CONT | first * 4);
            put(tokens);
            put(0);
            for (int w = first; w < first + n; w++) {
                int v = 0;
                for (int b = 0; b < 4; b++) {
                    int i = w * 4 + b;
                    v |= (i < length ? text.charAt(i) : 0) << (8 * b);
                }
                put(v);
            }
        }
        return this;
    }

    /** The shader's stage as a VirGL shader type. */
    public static int shaderType(Stage stage) {
        return stage == Stage.VERTEX ? SHADER_VERTEX : SHADER_FRAGMENT;
    }

    /**
     * The token-count hint: the server only sizes its token buffer from it, and a TGSI token
     * never takes less than one character of text, so the text length is an upper bound.
     */
    static int tokenHint(int bytesWithNul) {
        return Math.max(128, bytesWithNul);
    }

    public VirglEncoder bindShader(int handle, int type) {
        packet(CCMD_BIND_SHADER, 0, 2);
        put(handle);
        put(type);
        return this;
    }

    /** CREATE_OBJECT SURFACE of level 0, layer 0 of a texture resource. */
    public VirglEncoder createSurface(int handle, int resource, int format) {
        packet(CCMD_CREATE_OBJECT, OBJ_SURFACE, 5);
        put(handle);
        put(resource);
        put(format);
        put(0);
        put(0);
        return this;
    }

    /** Blending off, RGBA written to colour buffer 0 (and the other seven render targets zero). */
    public VirglEncoder createOpaqueBlend(int handle) {
        packet(CCMD_CREATE_OBJECT, OBJ_BLEND, 11);
        put(handle);
        put(0);
        put(0);
        put(0xf << 27);
        for (int i = 1; i < 8; i++) {
            put(0);
        }
        return this;
    }

    /**
     * A rasterizer: filled triangles, depth clipping, pixel centres at half-integers, and back
     * faces culled when asked. Front faces are those counter-clockwise in NDC: Gallium judges
     * {@code front_ccw} in window space, whose y runs from row 0, and the positive viewport scale
     * of {@link #setViewport} maps NDC y = -1 to row 0, a mirror image; so front_ccw stays 0.
     */
    public VirglEncoder createRasterizer(int handle, boolean cullBack) {
        return createRasterizer(handle, cullBack, 0);
    }

    /** As {@link #createRasterizer(int, boolean)}, with the clip planes of the bits of {@code clipPlanes} enabled. */
    public VirglEncoder createRasterizer(int handle, boolean cullBack, int clipPlanes) {
        int s0 = 1 << 1 // depth_clip
                | (cullBack ? FACE_BACK : FACE_NONE) << 8 // cull_face
                | 1 << 29; // half_pixel_center
        packet(CCMD_CREATE_OBJECT, OBJ_RASTERIZER, 9);
        put(handle);
        put(s0);
        put(f(1f)); // point size
        put(0); // sprite_coord_enable
        put((clipPlanes & 0xFF) << 24); // stipple pattern and factor 0, clip_plane_enable
        put(f(1f)); // line width
        put(f(0f)); // offset units
        put(f(0f)); // offset scale
        put(f(0f)); // offset clamp
        return this;
    }

    /** Depth test LESS with depth writes when enabled; stencil and alpha test off. */
    public VirglEncoder createDepthStencilAlpha(int handle, boolean depthTest) {
        packet(CCMD_CREATE_OBJECT, OBJ_DSA, 5);
        put(handle);
        put(depthTest ? 1 | 1 << 1 | FUNC_LESS << 2 : 0);
        put(0);
        put(0);
        put(f(0f));
        return this;
    }

    /** One vertex element: byte offset in its vertex buffer, buffer index and format. */
    public record VertexElement(int offset, int bufferIndex, int format) {
    }

    /** CREATE_OBJECT VERTEX_ELEMENTS: element i feeds the vertex shader's IN[i]. */
    public VirglEncoder createVertexElements(int handle, VertexElement... elements) {
        packet(CCMD_CREATE_OBJECT, OBJ_VERTEX_ELEMENTS, 1 + 4 * elements.length);
        put(handle);
        for (VertexElement e : elements) {
            put(e.offset());
            put(0); // instance divisor
            put(e.bufferIndex());
            put(e.format());
        }
        return this;
    }

    /** Nearest filtering, no mipmaps, clamp to edge on every axis. */
    public VirglEncoder createNearestClampSampler(int handle) {
        return createNearestClampSampler(handle, false);
    }

    /**
     * Nearest filtering, no mipmaps, clamp to edge on every axis; with {@code compare} the
     * sampler of a shadow lookup, comparing the reference with the depth by GL_LEQUAL (GL's
     * default function, the one CSIR's executors compare by).
     */
    public VirglEncoder createNearestClampSampler(int handle, boolean compare) {
        int s0 = WRAP_CLAMP_TO_EDGE | WRAP_CLAMP_TO_EDGE << 3 | WRAP_CLAMP_TO_EDGE << 6 | FILTER_NEAREST << 9
                | MIPFILTER_NONE << 11 | FILTER_NEAREST << 13
                | (compare ? COMPARE_R_TO_TEXTURE | FUNC_LEQUAL << COMPARE_FUNC_SHIFT : 0);
        packet(CCMD_CREATE_OBJECT, OBJ_SAMPLER_STATE, 9);
        put(handle);
        put(s0);
        put(f(0f)); // lod bias
        put(f(0f)); // min lod
        put(f(0f)); // max lod
        for (int i = 0; i < 4; i++) {
            put(0); // border colour
        }
        return this;
    }

    /** A sampler view of level 0, layer 0 of a texture with the identity swizzle. */
    public VirglEncoder createSamplerView(int handle, int resource, int format) {
        return createSamplerView(handle, resource, format, 0, 0);
    }

    /**
     * A sampler view of level 0, layers 0 to {@code lastLayer} (a cube's 5, an array's layers
     * less one) of a texture of pipe target {@code target} (0 leaves it to the resource's), with
     * the identity swizzle.
     */
    public VirglEncoder createSamplerView(int handle, int resource, int format, int target, int lastLayer) {
        packet(CCMD_CREATE_OBJECT, OBJ_SAMPLER_VIEW, 6);
        put(handle);
        put(resource);
        put(format | target << 24);
        put(lastLayer << 16); // first | last layer << 16
        put(0); // first | last level << 8
        put(0 | 1 << 3 | 2 << 6 | 3 << 9); // swizzle r g b a
        return this;
    }

    /** BIND_OBJECT for blend, rasterizer, DSA and vertex elements (handle 0 unbinds). */
    public VirglEncoder bindObject(int objectType, int handle) {
        packet(CCMD_BIND_OBJECT, objectType, 1);
        put(handle);
        return this;
    }

    public VirglEncoder destroyObject(int objectType, int handle) {
        packet(CCMD_DESTROY_OBJECT, objectType, 1);
        put(handle);
        return this;
    }

    public VirglEncoder bindSamplerStates(int shaderType, int start, int... handles) {
        packet(CCMD_BIND_SAMPLER_STATES, 0, 2 + handles.length);
        put(shaderType);
        put(start);
        for (int h : handles) {
            put(h);
        }
        return this;
    }

    public VirglEncoder setSamplerViews(int shaderType, int start, int... handles) {
        packet(CCMD_SET_SAMPLER_VIEWS, 0, 2 + handles.length);
        put(shaderType);
        put(start);
        for (int h : handles) {
            put(h);
        }
        return this;
    }

    /** SET_FRAMEBUFFER_STATE: colour surfaces and a depth surface (0 = none). */
    public VirglEncoder setFramebufferState(int depthSurface, int... colourSurfaces) {
        packet(CCMD_SET_FRAMEBUFFER_STATE, 0, 2 + colourSurfaces.length);
        put(colourSurfaces.length);
        put(depthSurface);
        for (int s : colourSurfaces) {
            put(s);
        }
        return this;
    }

    /**
     * Viewport 0 covering a {@code width x height} target: scale and translate (w/2, h/2, 0.5), so
     * NDC y = -1 lands on row 0 of the resource and NDC z in [-1, 1] on depth [0, 1].
     */
    public VirglEncoder setViewport(int width, int height) {
        packet(CCMD_SET_VIEWPORT_STATE, 0, 7);
        put(0);
        float hw = width / 2f, hh = height / 2f;
        put(f(hw));
        put(f(hh));
        put(f(0.5f));
        put(f(hw));
        put(f(hh));
        put(f(0.5f));
        return this;
    }

    /** SET_VERTEX_BUFFERS with one buffer: stride and offset in bytes. */
    public VirglEncoder setVertexBuffer(int strideBytes, int offsetBytes, int resource) {
        packet(CCMD_SET_VERTEX_BUFFERS, 0, 3);
        put(strideBytes);
        put(offsetBytes);
        put(resource);
        return this;
    }

    /** SET_CONSTANT_BUFFER: the stage's vec4 uniform words into constant buffer {@code index}. */
    public VirglEncoder setConstantBuffer(int shaderType, int index, float[] words) {
        packet(CCMD_SET_CONSTANT_BUFFER, 0, 2 + words.length);
        put(shaderType);
        put(index);
        for (float w : words) {
            put(f(w));
        }
        return this;
    }

    /**
     * RESOURCE_INLINE_WRITE of raw dwords into a box of a resource (for a buffer: x = byte offset,
     * w = bytes, h = d = 1).
     */
    public VirglEncoder resourceInlineWrite(int resource, int level, int stride, int layerStride, int x, int y,
            int z, int w, int h, int d, int[] data, int from, int count) {
        packet(CCMD_RESOURCE_INLINE_WRITE, 0, 11 + count);
        put(resource);
        put(level);
        put(0); // usage
        put(stride);
        put(layerStride);
        put(x);
        put(y);
        put(z);
        put(w);
        put(h);
        put(d);
        System.arraycopy(data, from, buf, size, count);
        size += count;
        return this;
    }

    /** Writes floats into a buffer resource from byte 0, in as many packets as needed. */
    public VirglEncoder writeBuffer(int resource, float[] values) {
        int[] words = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            words[i] = f(values[i]);
        }
        int chunk = MAX_PAYLOAD - 11;
        for (int from = 0; from < words.length; from += chunk) {
            int n = Math.min(chunk, words.length - from);
            resourceInlineWrite(resource, 0, 0, 0, from * 4, 0, 0, n * 4, 1, 1, words, from, n);
        }
        return this;
    }

    /** Writes RGBA8 rows (row 0 = y 0) into a 2D texture, whole rows per packet. */
    public VirglEncoder writeTexture2D(int resource, int width, int height, byte[] rgba) {
        return writeTexture(resource, width, height, 1, rgba);
    }

    /**
     * Writes {@code layers} images of RGBA8 rows (row 0 = y 0) one after another into a texture,
     * image z at box z (a cube's face, a 3D texture's slice, an array's layer), whole rows per packet.
     */
    public VirglEncoder writeTexture(int resource, int width, int height, int layers, byte[] rgba) {
        int[] words = new int[width * height * layers];
        for (int i = 0; i < words.length; i++) {
            int o = i * 4;
            words[i] = (rgba[o] & 0xff) | (rgba[o + 1] & 0xff) << 8 | (rgba[o + 2] & 0xff) << 16
                    | (rgba[o + 3] & 0xff) << 24;
        }
        return writeTexels(resource, width, height, layers, words, 1);
    }

    /**
     * Writes {@code layers} images of texels of {@code wordsPerTexel} dwords each (rows, row 0 =
     * y 0) into a texture, image z at box z, whole rows per packet.
     */
    public VirglEncoder writeTexels(int resource, int width, int height, int layers, int[] words, int wordsPerTexel) {
        int row = width * wordsPerTexel;
        int rows = Math.max(1, (MAX_PAYLOAD - 11) / row);
        for (int z = 0; z < layers; z++) {
            for (int y = 0; y < height; y += rows) {
                int n = Math.min(rows, height - y);
                resourceInlineWrite(resource, 0, row * 4, layers > 1 ? row * height * 4 : 0, 0, y, z, width, n, 1, words,
                        (z * height + y) * row, n * row);
            }
        }
        return this;
    }

    /** CLEAR of the given buffers: colour as four floats, depth as a double (low dword first). */
    public VirglEncoder clear(int buffers, float r, float g, float b, float a, double depth, int stencil) {
        packet(CCMD_CLEAR, 0, 8);
        put(buffers);
        put(f(r));
        put(f(g));
        put(f(b));
        put(f(a));
        long bits = Double.doubleToRawLongBits(depth);
        put((int) bits);
        put((int) (bits >>> 32));
        put(stencil);
        return this;
    }

    /** DRAW_VBO of {@code count} non-indexed vertices from {@code start}, one instance. */
    public VirglEncoder drawArrays(int mode, int start, int count) {
        packet(CCMD_DRAW_VBO, 0, 12);
        put(start);
        put(count);
        put(mode);
        put(0); // indexed
        put(1); // instance count
        put(0); // index bias
        put(0); // start instance
        put(0); // primitive restart
        put(0); // restart index
        put(start); // min index
        put(start + count - 1); // max index
        put(0); // count from stream output
        return this;
    }
}
