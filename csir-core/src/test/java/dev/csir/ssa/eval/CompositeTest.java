package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofFloat;
import static dev.csir.ssa.Constant.ofInt;
import static dev.csir.ssa.eval.Fixture.eval;
import static dev.csir.ssa.eval.Fixture.evalResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompositeTest {
    static Constant vec(float... v) {
        List<Constant> e = new java.util.ArrayList<>();
        for (float x : v) {
            e.add(ofFloat(x));
        }
        return new Constant.Composite(VectorType.of(ScalarType.FLOAT, v.length), e);
    }

    /** A float matrix constant from its columns. */
    static Constant mat(float[]... columns) {
        return new Constant.Composite(MatrixType.of(columns.length, columns[0].length),
                Arrays.stream(columns).map(CompositeTest::vec).toList());
    }

    @Test
    void constructConcatenatesComponentsAndBuildsMatricesFromColumns() {
        assertThat(eval(b -> b.construct(VectorType.VEC4, List.of(vec(1, 2), ofFloat(3), ofFloat(4)))).floats())
                .containsExactly(1, 2, 3, 4);
        Val.Num m = eval(b -> b.construct(MatrixType.MAT2, List.of(vec(1, 2), vec(3, 4))));
        assertThat(m.type()).isEqualTo(MatrixType.MAT2);
        assertThat(m.floats()).containsExactly(1, 2, 3, 4);
        assertThat(eval(b -> b.extract(mat(new float[] {1, 2}, new float[] {3, 4}), 1)).floats())
                .containsExactly(3, 4);
        assertThat(eval(b -> b.extract(mat(new float[] {1, 2}, new float[] {3, 4}), 1, 0)).floatAt(0)).isEqualTo(3);
        Result bad = evalResult(b -> b.construct(VectorType.VEC4, List.of(vec(1, 2), ofFloat(3))));
        assertThat(bad.status()).isEqualTo(Result.Status.TRAP);
    }

    @Test
    void insertAndExtractFollowIndexPathsThroughArraysAndStructs() {
        StructType s = new StructType("S", List.of(new StructType.Member("k", ScalarType.INT),
                new StructType.Member("v", new ArrayType(VectorType.VEC2, 2))));
        Fixture f = new Fixture();
        Value arr = f.b.construct(new ArrayType(VectorType.VEC2, 2), List.of(vec(1, 2), vec(3, 4)));
        Value st = f.b.construct(s, List.of(ofInt(7), arr));
        Value changed = f.b.insert(ofFloat(9), st, 1, 1, 0);
        f.out("y", f.b.extract(changed, 1, 1));
        f.out("k", f.b.extract(changed, 0));
        f.out("x", f.b.insert(ofFloat(5), vec(1, 2, 3), 1));
        f.out("whole", changed);
        Result r = f.run();
        assertThat(r.num("y").floats()).containsExactly(9, 4);
        assertThat(r.num("k").intAt(0)).isEqualTo(7);
        assertThat(r.num("x").floats()).containsExactly(1, 5, 3);
        Val.Agg whole = (Val.Agg) r.global("whole");
        assertThat(whole.type()).isEqualTo(s);
        assertThat(((Val.Agg) whole.element(1)).element(0)).isEqualTo(Val.ofFloat(1, 2));
    }

    @Test
    void shuffleAndDynamicIndexing() {
        assertThat(eval(b -> b.shuffle(vec(1, 2), vec(3, 4), 3, 0, 2)).floats()).containsExactly(4, 1, 3);
        Val.Num one = eval(b -> b.shuffle(vec(1, 2), vec(3, 4), 1));
        assertThat(one.type()).isEqualTo(ScalarType.FLOAT);
        assertThat(one.floatAt(0)).isEqualTo(2);
        assertThat(eval(b -> b.extractDynamic(vec(5, 6, 7), ofInt(2))).floatAt(0)).isEqualTo(7);
        assertThat(eval(b -> b.insertDynamic(vec(5, 6, 7), ofFloat(0), ofInt(0))).floats()).containsExactly(0, 6, 7);
        Result out = evalResult(b -> b.extractDynamic(vec(5, 6, 7), ofInt(3)));
        assertThat(out.num("r").floatAt(0)).isZero();
        assertThat(out.undefined()).containsExactly("extractdyn index 3 out of range (yields 0)");
        assertThat(eval(b -> b.insertDynamic(vec(5, 6, 7), ofFloat(0), ofInt(-1))).floats()).containsExactly(5, 6, 7);
        assertThat(evalResult(b -> b.emit(Opcode.EXTRACT, ScalarType.FLOAT, List.of(vec(1, 2)), List.of(), 2))
                .message())
                .startsWith("extract path out of range");
    }

    @Test
    void matmulIsTheColumnMajorLinearAlgebraProduct() {
        // A = [[1 3 5] [2 4 6]] (mat3x2), B = [[1 0] [0 1] [2 3]] (mat2x3)
        Constant a = mat(new float[] {1, 2}, new float[] {3, 4}, new float[] {5, 6});
        Constant bm = mat(new float[] {1, 0, 2}, new float[] {0, 1, 3});
        Val.Num ab = eval(b -> b.binary(Opcode.MAT_MUL, a, bm));
        assertThat(ab.type()).isEqualTo(MatrixType.MAT2);
        assertThat(ab.floats()).containsExactly(11, 14, 18, 22);
        Val.Num av = eval(b -> b.binary(Opcode.MAT_MUL, a, vec(1, 1, 1)));
        assertThat(av.type()).isEqualTo(VectorType.VEC2);
        assertThat(av.floats()).containsExactly(9, 12);
        Val.Num va = eval(b -> b.binary(Opcode.MAT_MUL, vec(1, 2), a));
        assertThat(va.type()).isEqualTo(VectorType.VEC3);
        assertThat(va.floats()).containsExactly(5, 11, 17);
        // mul on matrices is component-wise
        assertThat(eval(b -> b.binary(Opcode.MUL, bm, bm)).floats()).containsExactly(1, 0, 4, 0, 1, 9);
    }

    @Test
    void undefReadsAsZero() {
        assertThat(eval(b -> b.binary(Opcode.ADD, new Constant.Undef(VectorType.IVEC2),
                Constant.splat(VectorType.IVEC2, ofInt(3)))).ints()).containsExactly(3, 3);
    }
}
