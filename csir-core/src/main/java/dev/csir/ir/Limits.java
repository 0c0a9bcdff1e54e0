package dev.csir.ir;

/**
 * Every capacity the compiler enforces, in one value so a caller can raise them.
 * {@link #DEFAULT} holds the documented values.
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

    public static final Limits DEFAULT = new Limits(384, 160, 96, 32, 8, 8, 32, 4, 3600);

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
