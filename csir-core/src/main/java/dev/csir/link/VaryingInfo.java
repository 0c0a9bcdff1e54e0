package dev.csir.link;

import dev.csir.ir.Type;

/**
 * A varying of a linked program, in fragment declaration order: its vertex output slot (the
 * linked slot) and the fragment-local slot it was compiled with.
 */
public record VaryingInfo(String name, Type type, int slot, int fragmentSlot) {
}
