package dev.csir.link;

import dev.csir.ir.Type;

/** A vertex attribute of a linked program: name, type, location and component count. */
public record AttributeInfo(String name, Type type, int location, int components) {
}
