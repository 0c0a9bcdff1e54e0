package dev.csir.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TypesTest {
    @Test
    void namesAreGlslSpellings() {
        assertThat(List.of(ScalarType.FLOAT, VectorType.VEC3, VectorType.IVEC2, VectorType.BVEC4,
                new VectorType(ScalarType.UINT, 3), new VectorType(ScalarType.DOUBLE, 2), MatrixType.MAT4,
                MatrixType.of(2, 3), new MatrixType(ScalarType.DOUBLE, 3, 3), new ArrayType(ScalarType.FLOAT, 4),
                new ArrayType(new ArrayType(ScalarType.INT, 3), 2), new ArrayType(VectorType.VEC4, ArrayType.RUNTIME),
                SamplerType.SAMPLER2D, new SamplerType(Dim.CUBE, true, false, ScalarKind.INT),
                new SamplerType(Dim.D2, false, true, ScalarKind.FLOAT), new ImageType(Dim.D3, false, ScalarKind.UINT, "r32ui"),
                new PointerType(AddressSpace.FUNCTION, VectorType.VEC4), VoidType.VOID))
                .extracting(Type::name)
                .containsExactly("float", "vec3", "ivec2", "bvec4", "uvec3", "dvec2", "mat4", "mat2x3", "dmat3",
                        "float[4]", "int[2][3]", "vec4[]", "sampler2D", "isamplerCubeArray", "sampler2DShadow",
                        "uimage3D", "ptr<function, vec4>", "void");
    }

    @Test
    void matricesAreColumnsOfRows() {
        MatrixType m = MatrixType.of(2, 3);
        assertThat(m.columnType()).isEqualTo(VectorType.VEC3);
        assertThat(m.rowType()).isEqualTo(VectorType.VEC2);
        assertThat(m.componentCount()).isEqualTo(6);
    }

    @Test
    void typesAreValues() {
        StructType a = new StructType("Light", List.of(new StructType.Member("pos", VectorType.VEC3)));
        StructType b = new StructType("Light", List.of(new StructType.Member("pos", VectorType.VEC3)));
        assertThat(a).isEqualTo(b);
        assertThat(a.indexOf("pos")).isZero();
        assertThat(a.indexOf("nope")).isEqualTo(-1);
        assertThat(new VectorType(ScalarType.FLOAT, 3)).isEqualTo(VectorType.VEC3);
    }

    @Test
    void impossibleTypesAreRefused() {
        assertThatThrownBy(() -> new VectorType(ScalarType.FLOAT, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MatrixType(ScalarType.INT, 2, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PointerType(AddressSpace.FUNCTION,
                new PointerType(AddressSpace.FUNCTION, ScalarType.INT))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ArrayType(ScalarType.INT, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
