package dev.csir.types;

/**
 * A shader type. {@link #name()} is its spelling in messages and in the transform IR's dump:
 * the GLSL name where GLSL has one ({@code vec3}, {@code mat2x4}, {@code float[4]}), and
 * {@code ptr<function, vec4>} for pointers.
 */
public sealed interface Type permits ScalarType, VectorType, MatrixType, ArrayType, StructType, SamplerType,
        ImageType, TextureType, SamplerStateType, PointerType, VoidType {

    String name();

    /** The scalar kind of a scalar, vector or matrix; null for other types. */
    default ScalarKind scalarKind() {
        return switch (this) {
            case ScalarType s -> s.kind();
            case VectorType v -> v.component().kind();
            case MatrixType m -> m.component().kind();
            default -> null;
        };
    }

    /** Scalars, vectors and matrices: the types arithmetic works on. */
    default boolean isNumericOrBool() {
        return this instanceof ScalarType || this instanceof VectorType || this instanceof MatrixType;
    }

    /** Scalars, vectors and matrices of one component count: 1 for scalars, n for vectors, cols*rows. */
    default int componentCount() {
        return switch (this) {
            case ScalarType s -> 1;
            case VectorType v -> v.size();
            case MatrixType m -> m.columns() * m.rows();
            default -> 0;
        };
    }

    /** Opaque types hold a handle, not data: samplers, images, and GLSL for Vulkan's textures and sampler states. */
    default boolean isOpaque() {
        return this instanceof SamplerType || this instanceof ImageType || this instanceof TextureType
                || this instanceof SamplerStateType || this instanceof ArrayType a && a.element().isOpaque();
    }
}
