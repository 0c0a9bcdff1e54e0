package dev.csir.ssa;

/** Bits of a {@code barrier}'s immediate: what the barrier orders besides execution. */
public final class BarrierFlags {
    /** Workgroup (shared) memory. */
    public static final int WORKGROUP_MEMORY = 1;
    /** Buffer and image memory. */
    public static final int DEVICE_MEMORY = 2;

    private BarrierFlags() {
    }
}
