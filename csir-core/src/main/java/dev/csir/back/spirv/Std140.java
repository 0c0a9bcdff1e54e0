package dev.csir.back.spirv;

import dev.csir.types.ArrayType;
import dev.csir.types.BufferLayout;
import dev.csir.types.MatrixType;
import dev.csir.types.StructType;
import dev.csir.types.Type;

/**
 * The std140 rules (OpenGL 4.5 section 7.6.2.2, which Vulkan's uniform buffers accept): base
 * alignment and size of each type, array and matrix strides rounded up to 16 bytes, struct
 * alignment rounded up to 16. A bool takes the 4 bytes of a uint. The rules are
 * {@link BufferLayout}'s; a member's fixed offset (an interface block's) is kept.
 */
final class Std140 {
    private Std140() {
    }

    static int alignment(Type t) {
        return wrap(() -> BufferLayout.STD140.alignment(t));
    }

    static int size(Type t) {
        return wrap(() -> BufferLayout.STD140.size(t));
    }

    /** The byte offset of each member of {@code s} (a member's fixed offset where it has one). */
    static int[] offsets(StructType s) {
        return wrap(() -> BufferLayout.STD140.offsets(s));
    }

    static int arrayStride(ArrayType a) {
        return BufferLayout.STD140.arrayStride(a);
    }

    static int matrixStride(MatrixType m) {
        return BufferLayout.STD140.matrixStride(m);
    }

    private static <T> T wrap(java.util.function.Supplier<T> f) {
        try {
            return f.get();
        } catch (IllegalArgumentException e) {
            throw new SpirvException(e.getMessage());
        }
    }
}
