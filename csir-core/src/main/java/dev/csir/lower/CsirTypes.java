package dev.csir.lower;

import dev.csir.ir.Type;
import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;

/** The CSIR wire type of a front-end type, for the types the documented subset has. */
final class CsirTypes {
    private CsirTypes() {
    }

    /** The CSIR type, or {@link Type#NONE} for a type CSIR cannot hold. */
    static Type of(dev.csir.types.Type t) {
        return switch (t) {
            case VoidType v -> Type.VOID;
            case ScalarType s when s.equals(ScalarType.BOOL) -> Type.BOOL;
            case ScalarType s when s.equals(ScalarType.INT) -> Type.INT;
            case ScalarType s when s.equals(ScalarType.FLOAT) -> Type.FLOAT;
            case VectorType v when v.component().equals(ScalarType.FLOAT) -> Type.floatVector(v.size());
            case VectorType v when v.component().equals(ScalarType.INT) -> Type.intVector(v.size());
            case MatrixType m when m.equals(MatrixType.MAT3) -> Type.MAT3;
            case MatrixType m when m.equals(MatrixType.MAT4) -> Type.MAT4;
            case SamplerType s when s.equals(SamplerType.SAMPLER2D) -> Type.SAMPLER2D;
            default -> Type.NONE;
        };
    }
}
