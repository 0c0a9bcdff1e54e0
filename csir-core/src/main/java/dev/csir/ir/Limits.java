package dev.csir.ir;

/**
 * Every capacity the compiler enforces, in one value: a profile. {@link #CHRISOS} holds the
 * documented pools, for the ChrisOS kernel's fixed buffers (CSI version 1 always uses it);
 * {@link #DEFAULT} what the real consumers take: CSIR's 16-bit record fields for instructions,
 * virglrenderer's 1024 immediates, Gallium's 4096 temporaries and 32 levels of nesting (IF and
 * LOOP counted together: {@link #maxIfDepth()} bounds both constructs in one stack), and no
 * TGSI budget (VirGL carries long text in continuation packets). The interface slot counts are
 * the documented ones in both: the renderers size their attribute, varying, uniform and sampler
 * storage to them.
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
        int tgsiBudget) {

    /** The documented pools and the 3600-byte TGSI budget of the ChrisOS kernel's command buffer. */
    public static final Limits CHRISOS = new Limits(384, 160, 96, 32, 8, 8, 32, 4, 3600);

    /** What CSIR, virglrenderer and the interpreter take. */
    public static final Limits DEFAULT = new Limits(Short.MAX_VALUE, 1024, 4096, 32, 8, 8, 32, 4, Integer.MAX_VALUE);

    /** Each capacity the smaller of this one and {@code other}'s. */
    public Limits within(Limits other) {
        return new Limits(Math.min(maxInstructions, other.maxInstructions), Math.min(maxImmediates, other.maxImmediates),
                Math.min(maxTemporaries, other.maxTemporaries), Math.min(maxIfDepth, other.maxIfDepth),
                Math.min(attributeSlots, other.attributeSlots), Math.min(varyingSlots, other.varyingSlots),
                Math.min(uniformSlots, other.uniformSlots), Math.min(samplerSlots, other.samplerSlots),
                Math.min(tgsiBudget, other.tgsiBudget));
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
                || tgsiBudget < 64) {
            throw new IllegalArgumentException("limits out of range: " + this);
        }
        if (maxInstructions > Short.MAX_VALUE || maxTemporaries > Short.MAX_VALUE
                || maxImmediates > Short.MAX_VALUE) {
            throw new IllegalArgumentException("limits beyond the 16-bit record fields: " + this);
        }
    }
}
