package dev.csir.types;

/**
 * A shader type. {@link #name()} is its spelling in messages and in the transform IR's dump:
 * the GLSL name where GLSL has one ({@code vec3}, {@code mat2x4}, {@code float[4]}), and
 * {@code ptr<function, vec4>} for pointers.
 */
public sealed interface Type permits ScalarType, VectorType, MatrixType, ArrayType, StructType, SamplerType,
        ImageType, TextureType, SamplerStateType, SubpassInputType, PointerType, VoidType {

    String name();

    // The type model's own queries test with instanceof rather than a pattern switch: each switch
    // site links an invokedynamic call site at its first use (SwitchBootstraps spins a class for
    // it), which costs a one-shot compile about half a millisecond a site and the JDK's AOT cache
    // cannot keep. The same goes for the records' equals and hashCode, written out here and in
    // the other types (ObjectMethods links one call site per record and method).

    /** The scalar kind of a scalar, vector or matrix; null for other types. */
    default ScalarKind scalarKind() {
        if (this instanceof ScalarType s) {
            return s.kind();
        }
        if (this instanceof VectorType v) {
            return v.component().kind();
        }
        if (this instanceof MatrixType m) {
            return m.component().kind();
        }
        return null;
    }

    /** Scalars, vectors and matrices: the types arithmetic works on. */
    default boolean isNumericOrBool() {
        return this instanceof ScalarType || this instanceof VectorType || this instanceof MatrixType;
    }

    /** Scalars, vectors and matrices of one component count: 1 for scalars, n for vectors, cols*rows. */
    default int componentCount() {
        if (this instanceof ScalarType) {
            return 1;
        }
        if (this instanceof VectorType v) {
            return v.size();
        }
        if (this instanceof MatrixType m) {
            return m.columns() * m.rows();
        }
        return 0;
    }

    /** Opaque types hold a handle, not data: samplers, images, and GLSL for Vulkan's textures, sampler states and input attachments. */
    default boolean isOpaque() {
        return this instanceof SamplerType || this instanceof ImageType || this instanceof TextureType
                || this instanceof SamplerStateType || this instanceof SubpassInputType
                || this instanceof ArrayType a && a.element().isOpaque();
    }
}
