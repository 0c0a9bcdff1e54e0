package dev.csir.back.spirv;

import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

/**
 * The std140 rules (OpenGL 4.5 section 7.6.2.2, which Vulkan's uniform buffers accept): base
 * alignment and size of each type, array and matrix strides rounded up to 16 bytes, struct
 * alignment rounded up to 16. A bool takes the 4 bytes of a uint.
 */
final class Std140 {
    private Std140() {
    }

    static int scalarSize(ScalarType s) {
        return s.kind().bits() / 8;
    }

    static int alignment(Type t) {
        return switch (t) {
            case ScalarType s -> scalarSize(s);
            case VectorType v -> scalarSize(v.component()) * (v.size() == 2 ? 2 : 4);
            case MatrixType m -> roundUp(alignment(m.columnType()), 16);
            case ArrayType a -> roundUp(alignment(a.element()), 16);
            case StructType s -> {
                int max = 0;
                for (StructType.Member m : s.members()) {
                    max = Math.max(max, alignment(m.type()));
                }
                yield roundUp(max, 16);
            }
            default -> throw new SpirvException("no std140 layout for " + t.name());
        };
    }

    static int size(Type t) {
        return switch (t) {
            case ScalarType s -> scalarSize(s);
            case VectorType v -> scalarSize(v.component()) * v.size();
            case MatrixType m -> matrixStride(m) * m.columns();
            case ArrayType a -> {
                if (a.isRuntimeSized()) {
                    throw new SpirvException("a run-time sized array in a uniform block");
                }
                yield arrayStride(a) * a.length();
            }
            case StructType s -> {
                int[] offsets = offsets(s);
                int last = s.members().size() - 1;
                yield roundUp(offsets[last] + size(s.members().get(last).type()), alignment(s));
            }
            default -> throw new SpirvException("no std140 layout for " + t.name());
        };
    }

    /** The byte offset of each member of {@code s}. */
    static int[] offsets(StructType s) {
        int[] out = new int[s.members().size()];
        int at = 0;
        for (int i = 0; i < out.length; i++) {
            Type m = s.members().get(i).type();
            at = roundUp(at, alignment(m));
            out[i] = at;
            at += size(m);
        }
        return out;
    }

    static int arrayStride(ArrayType a) {
        return roundUp(size(a.element()), 16);
    }

    static int matrixStride(MatrixType m) {
        return roundUp(size(m.columnType()), 16);
    }

    private static int roundUp(int v, int to) {
        return (v + to - 1) / to * to;
    }
}
