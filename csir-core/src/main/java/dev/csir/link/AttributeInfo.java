package dev.csir.link;

import dev.csir.ir.Type;

/**
 * A vertex attribute of a linked program: name, type, location, component count, and whether the
 * source chose the location ({@code layout(location = N)}) or the compiler assigned it.
 */
public record AttributeInfo(String name, Type type, int location, int components, boolean explicitLocation) {

    /** An attribute whose location the compiler assigned. */
    public AttributeInfo(String name, Type type, int location, int components) {
        this(name, type, location, components, false);
    }
}
