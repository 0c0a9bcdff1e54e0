package dev.csir.link;

import dev.csir.ir.Interpolation;
import dev.csir.ir.Type;

/**
 * A varying of a linked program, in fragment declaration order: its vertex output slot (the
 * linked slot), the fragment-local slot it was compiled with, and how the rasterizer
 * interpolates it: the fragment input's qualifier, which governs (GLSL 4.60 §4.5 does not ask
 * the stages to agree).
 */
public record VaryingInfo(String name, Type type, int slot, int fragmentSlot, Interpolation interpolation) {

    /** A smooth varying. */
    public VaryingInfo(String name, Type type, int slot, int fragmentSlot) {
        this(name, type, slot, fragmentSlot, Interpolation.SMOOTH);
    }
}
