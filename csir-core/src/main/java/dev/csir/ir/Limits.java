package dev.csir.ir;

/**
 * Every capacity the compiler enforces, in one value: a profile. {@link #CHRISOS} holds the
 * documented pools, for the ChrisOS kernel's fixed buffers (CSI version 1 always uses it);
 * {@link #DEFAULT} what the real consumers take: CSIR's 16-bit record fields for instructions,
 * virglrenderer's 1024 immediates, Gallium's 4096 temporaries and 32 levels of nesting (IF and
 * LOOP counted together: {@link #maxIfDepth()} bounds both constructs in one stack), 16
 * vertex attributes (what GL guarantees and virglrenderer passes on), 32 varyings (virglrenderer
 * takes 64 inputs and outputs, a host's link fewer, see below), 1024 vec4 uniforms (a host's
 * GL_MAX_VERTEX_UNIFORM_VECTORS), 32 samplers (virglrenderer's sampler views), no TGSI
 * budget (VirGL carries long text in continuation packets) and sources up to 16 MiB. The
 * renderers size their attribute, varying, uniform and sampler storage to the profile they run.
 *
 * <p>The slot counts as measured on virglrenderer 0.10.4 over Mesa 22.3 llvmpipe (one program
 * at every maximum, csir-gfx's ProfileMaximaTest, then one count raised at a time): 16
 * attributes draw and a 17th is refused (GL_INVALID_VALUE for the vertex elements); 32
 * varyings draw, and so do up to 59, where the host's link runs out of contiguous locations at
 * 60; 1024 uniform vec4 draw, and so do up to 4096 (llvmpipe's 64 KiB constant buffer), 4097
 * do not compile; 32 samplers draw and more are refused ("Sampler view exceeded, max is 32").
 * So every default is one the real server takes, the attributes and samplers exactly at its
 * limit.
 *
 * <p>{@link #integerLanes()}: whether the compiler lowers int and uint to CSIR's integer lanes
 * (32-bit two's-complement patterns and the integer opcodes, CSI version 2 only; true in the
 * default profile) or keeps them as the original's float-valued integers (ChrisOS, whose CSI
 * version 1 cannot hold the integer opcodes; there the bit operators, the integer built-ins and
 * the vertex numbers are located errors, as before).
 */
public record Limits(
        int maxInstructions,
        int maxImmediates,
        int maxTemporaries,
        int maxIfDepth,
        int attributeSlots,
        int varyingSlots,
        int uniformSlots,
        int samplerSlots,
        int tgsiBudget,
        int maxSourceBytes,
        boolean integerLanes) {

    /** The documented pools and the 3600-byte TGSI budget of the ChrisOS kernel's command buffer. */
    public static final Limits CHRISOS = new Limits(384, 160, 96, 32, 8, 8, 32, 4, 3600, 4095, false);

    /** What CSIR, virglrenderer and the interpreter take. */
    public static final Limits DEFAULT = new Limits(Short.MAX_VALUE, 1024, 4096, 32, 16, 32, 1024, 32, Integer.MAX_VALUE,
            16 * 1024 * 1024, true);

    /**
     * A profile of these capacities that keeps ints as the original's float-valued integers
     * ({@link #integerLanes()} false), as ChrisOS does.
     */
    public Limits(int maxInstructions, int maxImmediates, int maxTemporaries, int maxIfDepth, int attributeSlots,
            int varyingSlots, int uniformSlots, int samplerSlots, int tgsiBudget, int maxSourceBytes) {
        this(maxInstructions, maxImmediates, maxTemporaries, maxIfDepth, attributeSlots, varyingSlots, uniformSlots,
                samplerSlots, tgsiBudget, maxSourceBytes, false);
    }

    /**
     * The fragment stage's colour outputs (locations 0 to this less one): virglrenderer's and GL's
     * eight draw buffers where the profile writes CSI version 2, which alone stores a colour
     * store's output number; the original's one otherwise.
     */
    public int colorOutputs() {
        return integerLanes ? 8 : 1;
    }

    /** This profile with or without integer lanes. */
    public Limits withIntegerLanes(boolean on) {
        return new Limits(maxInstructions, maxImmediates, maxTemporaries, maxIfDepth, attributeSlots, varyingSlots,
                uniformSlots, samplerSlots, tgsiBudget, maxSourceBytes, on);
    }

    /** Each capacity the smaller of this one and {@code other}'s. */
    public Limits within(Limits other) {
        return new Limits(Math.min(maxInstructions, other.maxInstructions), Math.min(maxImmediates, other.maxImmediates),
                Math.min(maxTemporaries, other.maxTemporaries), Math.min(maxIfDepth, other.maxIfDepth),
                Math.min(attributeSlots, other.attributeSlots), Math.min(varyingSlots, other.varyingSlots),
                Math.min(uniformSlots, other.uniformSlots), Math.min(samplerSlots, other.samplerSlots),
                Math.min(tgsiBudget, other.tgsiBudget), Math.min(maxSourceBytes, other.maxSourceBytes),
                integerLanes && other.integerLanes);
    }

    /** The profile called {@code name} ({@code default} or {@code chrisos}), or null. */
    public static Limits named(String name) {
        return switch (name) {
            case "default" -> DEFAULT;
            case "chrisos" -> CHRISOS;
            default -> null;
        };
    }

    public Limits {
        if (maxInstructions < 1 || maxImmediates < 0 || maxTemporaries < 1 || maxIfDepth < 1
                || attributeSlots < 1 || varyingSlots < 1 || uniformSlots < 0 || samplerSlots < 0
                || tgsiBudget < 64 || maxSourceBytes < 1) {
            throw new IllegalArgumentException("limits out of range: " + this);
        }
        if (maxInstructions > Short.MAX_VALUE || maxTemporaries > Short.MAX_VALUE
                || maxImmediates > Short.MAX_VALUE) {
            throw new IllegalArgumentException("limits beyond the 16-bit record fields: " + this);
        }
    }
}
