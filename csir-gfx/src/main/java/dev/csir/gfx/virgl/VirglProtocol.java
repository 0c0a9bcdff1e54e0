package dev.csir.gfx.virgl;

/**
 * The numbers of the VirGL command stream and of vtest protocol version 0 that csir uses
 * (virglrenderer's virgl_protocol.h, virgl_hw.h and vtest_protocol.h; Gallium's p_defines.h).
 */
public final class VirglProtocol {
    private VirglProtocol() {
    }

    // vtest commands (each message starts with [length, id])
    public static final int VCMD_RESOURCE_CREATE = 2;
    public static final int VCMD_RESOURCE_UNREF = 3;
    public static final int VCMD_TRANSFER_GET = 4;
    public static final int VCMD_TRANSFER_PUT = 5;
    public static final int VCMD_SUBMIT_CMD = 6;
    public static final int VCMD_RESOURCE_BUSY_WAIT = 7;
    public static final int VCMD_CREATE_RENDERER = 8;
    public static final int VCMD_GET_CAPS2 = 9;
    public static final int VCMD_PROTOCOL_VERSION = 11;
    /** The id the server answers GET_CAPS2 with. */
    public static final int VCMD_GET_CAPS_REPLY = 2;
    public static final int BUSY_WAIT_FLAG_WAIT = 1;

    // context commands
    public static final int CCMD_CREATE_OBJECT = 1;
    public static final int CCMD_BIND_OBJECT = 2;
    public static final int CCMD_DESTROY_OBJECT = 3;
    public static final int CCMD_SET_VIEWPORT_STATE = 4;
    public static final int CCMD_SET_FRAMEBUFFER_STATE = 5;
    public static final int CCMD_SET_VERTEX_BUFFERS = 6;
    public static final int CCMD_CLEAR = 7;
    public static final int CCMD_DRAW_VBO = 8;
    public static final int CCMD_RESOURCE_INLINE_WRITE = 9;
    public static final int CCMD_SET_SAMPLER_VIEWS = 10;
    public static final int CCMD_SET_CONSTANT_BUFFER = 12;
    public static final int CCMD_BIND_SAMPLER_STATES = 18;
    public static final int CCMD_SET_SUB_CTX = 28;
    public static final int CCMD_CREATE_SUB_CTX = 29;
    public static final int CCMD_BIND_SHADER = 31;

    // object types
    public static final int OBJ_BLEND = 1;
    public static final int OBJ_RASTERIZER = 2;
    public static final int OBJ_DSA = 3;
    public static final int OBJ_SHADER = 4;
    public static final int OBJ_VERTEX_ELEMENTS = 5;
    public static final int OBJ_SAMPLER_VIEW = 6;
    public static final int OBJ_SAMPLER_STATE = 7;
    public static final int OBJ_SURFACE = 8;

    // shader types
    public static final int SHADER_VERTEX = 0;
    public static final int SHADER_FRAGMENT = 1;

    // formats
    public static final int FORMAT_Z32_UNORM = 17;
    public static final int FORMAT_Z32_FLOAT = 18;
    public static final int FORMAT_R32_FLOAT = 28;
    public static final int FORMAT_R32G32_FLOAT = 29;
    public static final int FORMAT_R32G32B32_FLOAT = 30;
    public static final int FORMAT_R32G32B32A32_FLOAT = 31;
    public static final int FORMAT_R8_UNORM = 64;
    public static final int FORMAT_R8G8B8A8_UNORM = 67;
    public static final int FORMAT_R8G8B8A8_UINT = 180;
    public static final int FORMAT_R16G16B16A16_SINT = 192;

    // resource targets and bind flags
    public static final int TARGET_BUFFER = 0;
    public static final int TARGET_TEXTURE_2D = 2;
    public static final int TARGET_TEXTURE_3D = 3;
    public static final int TARGET_TEXTURE_CUBE = 4;
    public static final int TARGET_TEXTURE_2D_ARRAY = 7;
    public static final int TARGET_TEXTURE_CUBE_ARRAY = 8;
    public static final int BIND_DEPTH_STENCIL = 1 << 0;
    public static final int BIND_RENDER_TARGET = 1 << 1;
    public static final int BIND_SAMPLER_VIEW = 1 << 3;
    public static final int BIND_VERTEX_BUFFER = 1 << 4;

    // clear buffers, primitives, compare functions, faces
    public static final int CLEAR_DEPTH = 1 << 0;
    public static final int CLEAR_STENCIL = 1 << 1;
    public static final int CLEAR_COLOR0 = 1 << 2;
    public static final int PRIM_TRIANGLES = 4;
    public static final int FUNC_LESS = 1;
    public static final int FUNC_LEQUAL = 3;
    public static final int FACE_NONE = 0;
    public static final int FACE_BACK = 2;

    // sampler state values
    public static final int WRAP_CLAMP_TO_EDGE = 2;
    public static final int FILTER_NEAREST = 0;
    public static final int MIPFILTER_NONE = 2;
    /** Sampler state bit 15 ({@code PIPE_TEX_COMPARE_R_TO_TEXTURE}): a shadow sampler compares; the function in bits 16-18. */
    public static final int COMPARE_R_TO_TEXTURE = 1 << 15;
    public static final int COMPARE_FUNC_SHIFT = 16;

    /** The largest payload of one packet: the header's 16-bit length field. */
    public static final int MAX_PAYLOAD = 0xffff;
    /**
     * The text dwords one CREATE_OBJECT SHADER packet carries: the payload less its five header
     * dwords (handle, type, offset/length, token hint, stream-output count). Longer text goes on in
     * continuation packets.
     */
    public static final int SHADER_TEXT_DWORDS_PER_PACKET = MAX_PAYLOAD - 5;
    /**
     * Bit 31 of a shader packet's offset/length dword ({@code VIRGL_OBJ_SHADER_OFFSET_CONT}): the
     * packet continues a shader whose first packet gave the total length, and the low 31 bits are
     * the byte offset of this packet's text.
     */
    public static final int SHADER_OFFSET_CONT = 1 << 31;
    /**
     * The longest shader text VirGL can carry at all: the first packet's length dword holds the
     * text's byte count with its NUL in 31 bits ({@code VIRGL_OBJ_SHADER_OFFSET_VAL}), so 2^31 - 2
     * characters. No transport bound is tighter: the packets of one shader (at most 2^29 + 6 *
     * 8193 dwords) go in one SUBMIT_CMD, which vtest takes up to 2^30 - 1 dwords long and
     * {@link VtestClient} streams in pieces. Memory is the practical limit long before: the
     * encoder holds the packets as an {@code int[]}, and the server allocates four bytes per
     * token of the hint (the text length) to parse it.
     */
    public static final int MAX_SHADER_TEXT = 0x7ffffffe;

    /** A packet header: command in bits 0-7, object type in 8-15, payload dwords in 16-31. */
    public static int header(int cmd, int obj, int length) {
        return cmd | obj << 8 | length << 16;
    }

    /** The vertex-element format of a float attribute with 1..4 components. */
    public static int floatFormat(int components) {
        return switch (components) {
            case 1 -> FORMAT_R32_FLOAT;
            case 2 -> FORMAT_R32G32_FLOAT;
            case 3 -> FORMAT_R32G32B32_FLOAT;
            case 4 -> FORMAT_R32G32B32A32_FLOAT;
            default -> throw new IllegalArgumentException("float attribute of " + components + " components");
        };
    }
}
