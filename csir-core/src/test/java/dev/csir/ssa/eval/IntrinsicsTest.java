package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofBool;
import static dev.csir.ssa.Constant.ofFloat;
import static dev.csir.ssa.Constant.ofInt;
import static dev.csir.ssa.Constant.ofUint;
import static dev.csir.ssa.eval.CompositeTest.mat;
import static dev.csir.ssa.eval.CompositeTest.vec;
import static dev.csir.ssa.eval.Fixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Value;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntrinsicsTest {

    private static Val.Num call(Intrinsic f, Type result, Value... args) {
        return eval(b -> b.intrinsic(f, result, List.of(args)));
    }

    private static float f1(Intrinsic f, float... args) {
        Value[] a = new Value[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = ofFloat(args[i]);
        }
        return call(f, ScalarType.FLOAT, a).floatAt(0);
    }

    private static int i1(Intrinsic f, Type t, Constant... args) {
        return call(f, t, args).intAt(0);
    }

    @Test
    void angleAndTrigonometryRoundTheDoubleResult() {
        assertThat(f1(Intrinsic.RADIANS, 180)).isEqualTo((float) Math.PI);
        assertThat(f1(Intrinsic.DEGREES, (float) Math.PI)).isEqualTo(180f);
        assertThat(f1(Intrinsic.SIN, 0)).isEqualTo(0f);
        assertThat(f1(Intrinsic.COS, 0)).isEqualTo(1f);
        assertThat(f1(Intrinsic.SIN, 1)).isEqualTo((float) Math.sin(1));
        assertThat(f1(Intrinsic.TAN, 1)).isEqualTo((float) Math.tan(1));
        assertThat(f1(Intrinsic.ATAN2, 1, 1)).isEqualTo((float) (Math.PI / 4));
        assertThat(f1(Intrinsic.ATAN2, 1, -1)).isEqualTo((float) (3 * Math.PI / 4)); // atan(y, x): y first
        assertThat(f1(Intrinsic.ASIN, 1)).isEqualTo((float) (Math.PI / 2));
        assertThat(f1(Intrinsic.ACOS, -1)).isEqualTo((float) Math.PI);
        assertThat(f1(Intrinsic.ATAN, 1)).isEqualTo((float) (Math.PI / 4));
        assertThat(f1(Intrinsic.TANH, 0)).isEqualTo(0f);
        assertThat(f1(Intrinsic.COSH, 0)).isEqualTo(1f);
        assertThat(f1(Intrinsic.SINH, 1)).isEqualTo((float) Math.sinh(1));
        assertThat(f1(Intrinsic.ASINH, -1)).isEqualTo((float) -Math.log(1 + Math.sqrt(2)));
        assertThat(f1(Intrinsic.ACOSH, 1)).isEqualTo(0f);
        assertThat(f1(Intrinsic.ATANH, 0.5f)).isEqualTo((float) (0.5 * Math.log(3)));
    }

    @Test
    void exponentials() {
        assertThat(f1(Intrinsic.POW, 2, 10)).isEqualTo(1024f);
        assertThat(f1(Intrinsic.EXP, 0)).isEqualTo(1f);
        assertThat(f1(Intrinsic.LOG, 1)).isEqualTo(0f);
        assertThat(f1(Intrinsic.EXP2, 3)).isEqualTo(8f);
        assertThat(f1(Intrinsic.LOG2, 8)).isEqualTo(3f);
        assertThat(f1(Intrinsic.LOG2, 0.125f)).isEqualTo(-3f);
        assertThat(f1(Intrinsic.SQRT, 2)).isEqualTo((float) Math.sqrt(2));
        assertThat(f1(Intrinsic.INVERSE_SQRT, 4)).isEqualTo(0.5f);
        Val.Num d = call(Intrinsic.LOG2, ScalarType.DOUBLE, Constant.ofDouble(8));
        assertThat(d.doubleAt(0)).isEqualTo(3.0);
    }

    @Test
    void commonFunctions() {
        assertThat(i1(Intrinsic.ABS, ScalarType.INT, ofInt(-3))).isEqualTo(3);
        assertThat(i1(Intrinsic.ABS, ScalarType.INT, ofInt(Integer.MIN_VALUE))).isEqualTo(Integer.MIN_VALUE);
        assertThat(f1(Intrinsic.ABS, -2.5f)).isEqualTo(2.5f);
        assertThat(i1(Intrinsic.SIGN, ScalarType.INT, ofInt(-9))).isEqualTo(-1);
        assertThat(f1(Intrinsic.SIGN, 0.25f)).isEqualTo(1f);
        assertThat(f1(Intrinsic.FLOOR, -1.5f)).isEqualTo(-2f);
        assertThat(f1(Intrinsic.CEIL, -1.5f)).isEqualTo(-1f);
        assertThat(f1(Intrinsic.TRUNC, -1.5f)).isEqualTo(-1f);
        assertThat(f1(Intrinsic.ROUND, 2.5f)).isEqualTo(3f);
        assertThat(f1(Intrinsic.ROUND, -2.5f)).isEqualTo(-3f);
        assertThat(f1(Intrinsic.ROUND, 0.49999997f)).isEqualTo(0f);
        assertThat(f1(Intrinsic.ROUND_EVEN, 2.5f)).isEqualTo(2f);
        assertThat(f1(Intrinsic.FRACT, -1.25f)).isEqualTo(0.75f);
        assertThat(f1(Intrinsic.MOD, -1, 3)).isEqualTo(2f);
        assertThat(f1(Intrinsic.MOD, 5.5f, 2)).isEqualTo(1.5f);
        assertThat(i1(Intrinsic.MIN, ScalarType.INT, ofInt(-1), ofInt(1))).isEqualTo(-1);
        assertThat(i1(Intrinsic.MIN, ScalarType.UINT, ofUint(-1), ofUint(1))).isEqualTo(1);
        assertThat(i1(Intrinsic.MAX, ScalarType.UINT, ofUint(-1), ofUint(1))).isEqualTo(-1);
        assertThat(f1(Intrinsic.MAX, 1, 2)).isEqualTo(2f);
        assertThat(i1(Intrinsic.CLAMP, ScalarType.INT, ofInt(12), ofInt(0), ofInt(10))).isEqualTo(10);
        assertThat(f1(Intrinsic.CLAMP, -0.5f, 0, 1)).isEqualTo(0f);
        assertThat(f1(Intrinsic.MIX, 0, 10, 0.25f)).isEqualTo(2.5f);
        // GLSL's formula x*(1-a) + y*a step by step in float, not x + (y-x)*a, not in double
        float third = 1f / 3;
        assertThat(f1(Intrinsic.MIX, 1, 3, third)).isEqualTo(1f * (1f - third) + 3f * third)
                .isNotEqualTo((float) (1 + 2 * (double) third));
        assertThat(f1(Intrinsic.STEP, 0.5f, 0.4f)).isEqualTo(0f);
        assertThat(f1(Intrinsic.STEP, 0.5f, 0.5f)).isEqualTo(1f);
        assertThat(f1(Intrinsic.SMOOTHSTEP, 0, 1, 0.5f)).isEqualTo(0.5f);
        assertThat(f1(Intrinsic.SMOOTHSTEP, 0, 1, 0.25f)).isEqualTo(0.15625f);
        assertThat(f1(Intrinsic.FMA, 2, 3, 4)).isEqualTo(10f);
        assertThat(f1(Intrinsic.LDEXP, 0.75f, 0)).isEqualTo(0.75f);
        assertThat(call(Intrinsic.LDEXP, ScalarType.FLOAT, ofFloat(0.5f), ofInt(4)).floatAt(0)).isEqualTo(8f);
        assertThat(call(Intrinsic.IS_NAN, VectorType.BVEC2, vec(Float.NaN, 1)).ints()).containsExactly(1, 0);
        assertThat(call(Intrinsic.IS_INF, ScalarType.BOOL, ofFloat(Float.NEGATIVE_INFINITY)).boolAt(0)).isTrue();
        // a scalar operand broadcasts; a bvec selector picks
        assertThat(call(Intrinsic.MIX, VectorType.VEC2, vec(0, 0), vec(4, 8), ofFloat(0.5f)).floats())
                .containsExactly(2, 4);
        Value sel = new Constant.Composite(VectorType.BVEC2, List.of(ofBool(true), ofBool(false)));
        assertThat(call(Intrinsic.MIX, VectorType.VEC2, vec(1, 2), vec(3, 4), sel).floats()).containsExactly(3, 2);
        assertThat(call(Intrinsic.MOD, VectorType.VEC2, vec(7, -7), ofFloat(4)).floats()).containsExactly(3, 1);
    }

    @Test
    void modfAndFrexpWriteThroughTheirPointer() {
        Fixture f = new Fixture();
        Instruction whole = f.b.alloca(ScalarType.FLOAT, "whole");
        Instruction exp = f.b.alloca(VectorType.IVEC2, "exp");
        f.out("frac", f.b.intrinsic(Intrinsic.MODF, ScalarType.FLOAT, List.of(ofFloat(-2.5f), whole)));
        f.out("whole_out", f.b.load(whole));
        f.out("mant", f.b.intrinsic(Intrinsic.FREXP, VectorType.VEC2, List.of(vec(8, -0.375f), exp)));
        f.out("exp_out", f.b.load(exp));
        Result r = f.run();
        assertThat(r.num("frac").floatAt(0)).isEqualTo(-0.5f);
        assertThat(r.num("whole_out").floatAt(0)).isEqualTo(-2f);
        assertThat(r.num("mant").floats()).containsExactly(0.5f, -0.75f);
        assertThat(r.num("exp_out").ints()).containsExactly(4, -1);
    }

    @Test
    void geometricFunctions() {
        assertThat(call(Intrinsic.LENGTH, ScalarType.FLOAT, vec(3, 4)).floatAt(0)).isEqualTo(5f);
        assertThat(call(Intrinsic.DISTANCE, ScalarType.FLOAT, vec(1, 1), vec(4, 5)).floatAt(0)).isEqualTo(5f);
        assertThat(call(Intrinsic.DOT, ScalarType.FLOAT, vec(1, 2, 3), vec(4, 5, 6)).floatAt(0)).isEqualTo(32f);
        assertThat(call(Intrinsic.CROSS, VectorType.VEC3, vec(1, 0, 0), vec(0, 1, 0)).floats())
                .containsExactly(0, 0, 1);
        assertThat(call(Intrinsic.CROSS, VectorType.VEC3, vec(1, 2, 3), vec(4, 5, 6)).floats())
                .containsExactly(-3, 6, -3);
        assertThat(call(Intrinsic.NORMALIZE, VectorType.VEC2, vec(3, 4)).floats()).containsExactly(0.6f, 0.8f);
        assertThat(call(Intrinsic.FACEFORWARD, VectorType.VEC2, vec(0, 1), vec(0, 1), vec(0, 1)).floats())
                .containsExactly(-0f, -1f);
        assertThat(call(Intrinsic.FACEFORWARD, VectorType.VEC2, vec(0, 1), vec(0, -1), vec(0, 1)).floats())
                .containsExactly(0, 1);
        assertThat(call(Intrinsic.REFLECT, VectorType.VEC2, vec(1, -1), vec(0, 1)).floats()).containsExactly(1, 1);
        assertThat(call(Intrinsic.REFRACT, VectorType.VEC2, vec(0.6f, -0.8f), vec(0, 1), ofFloat(1)).floats())
                .containsExactly(0.6f, -0.8f);
        // total internal reflection: k < 0 yields zero
        assertThat(call(Intrinsic.REFRACT, VectorType.VEC2, vec(0.8f, -0.6f), vec(0, 1), ofFloat(2)).floats())
                .containsExactly(0, 0);
    }

    @Test
    void matrixFunctions() {
        Constant m = mat(new float[] {1, 3}, new float[] {2, 4}); // [[1 2] [3 4]]
        assertThat(call(Intrinsic.DETERMINANT, ScalarType.FLOAT, m).floatAt(0)).isEqualTo(-2f);
        // inverse of [[1 2] [3 4]] is [[-2 1] [1.5 -0.5]]: columns (-2, 1.5), (1, -0.5)
        assertThat(call(Intrinsic.INVERSE, MatrixType.MAT2, m).floats()).containsExactly(-2, 1.5f, 1, -0.5f);
        assertThat(call(Intrinsic.TRANSPOSE, MatrixType.MAT2, m).floats()).containsExactly(1, 2, 3, 4);
        Constant m3 = mat(new float[] {2, 0, 1}, new float[] {0, 3, 0}, new float[] {1, 0, 1});
        assertThat(call(Intrinsic.DETERMINANT, ScalarType.FLOAT, m3).floatAt(0)).isEqualTo(3f);
        Val.Num inv3 = call(Intrinsic.INVERSE, MatrixType.MAT3, m3);
        assertThat(eval(b -> b.binary(dev.csir.ssa.Opcode.MAT_MUL, m3, b.intrinsic(Intrinsic.INVERSE, MatrixType.MAT3,
                List.of(m3)))).floats()).containsExactly(1, 0, 0, 0, 1, 0, 0, 0, 1);
        assertThat(inv3.floatAt(0)).isEqualTo(1f);
        Val.Num outer = call(Intrinsic.OUTER_PRODUCT, MatrixType.of(3, 2), vec(1, 2), vec(3, 4, 5));
        assertThat(outer.floats()).containsExactly(3, 6, 4, 8, 5, 10);
        Val.Num t = call(Intrinsic.TRANSPOSE, MatrixType.of(2, 3),
                mat(new float[] {3, 6}, new float[] {4, 8}, new float[] {5, 10}));
        assertThat(t.floats()).containsExactly(3, 4, 5, 6, 8, 10);
        assertThat(call(Intrinsic.MATRIX_COMP_MULT, MatrixType.MAT2, m, m).floats()).containsExactly(1, 9, 4, 16);
    }

    @Test
    void vectorRelational() {
        Value tf = new Constant.Composite(VectorType.BVEC2, List.of(ofBool(true), ofBool(false)));
        assertThat(call(Intrinsic.ANY, ScalarType.BOOL, tf).boolAt(0)).isTrue();
        assertThat(call(Intrinsic.ALL, ScalarType.BOOL, tf).boolAt(0)).isFalse();
    }

    @Test
    void integerBitFunctions() {
        assertThat(i1(Intrinsic.BIT_COUNT, ScalarType.INT, ofUint(0xFF00FF))).isEqualTo(16);
        assertThat(i1(Intrinsic.BIT_COUNT, ScalarType.INT, ofInt(-1))).isEqualTo(32);
        assertThat(i1(Intrinsic.FIND_LSB, ScalarType.INT, ofInt(8))).isEqualTo(3);
        assertThat(i1(Intrinsic.FIND_LSB, ScalarType.INT, ofInt(0))).isEqualTo(-1);
        assertThat(i1(Intrinsic.FIND_MSB, ScalarType.INT, ofInt(0x10))).isEqualTo(4);
        assertThat(i1(Intrinsic.FIND_MSB, ScalarType.INT, ofInt(-1))).isEqualTo(-1);
        assertThat(i1(Intrinsic.FIND_MSB, ScalarType.INT, ofInt(-256))).isEqualTo(7);
        assertThat(i1(Intrinsic.FIND_MSB, ScalarType.INT, ofUint(0x8000_0000))).isEqualTo(31);
        assertThat(i1(Intrinsic.BITFIELD_REVERSE, ScalarType.UINT, ofUint(1))).isEqualTo(0x8000_0000);
        assertThat(i1(Intrinsic.BITFIELD_EXTRACT, ScalarType.INT, ofInt(0xF0), ofInt(4), ofInt(4))).isEqualTo(-1);
        assertThat(i1(Intrinsic.BITFIELD_EXTRACT, ScalarType.UINT, ofUint(0xF0), ofInt(4), ofInt(4))).isEqualTo(15);
        assertThat(i1(Intrinsic.BITFIELD_EXTRACT, ScalarType.UINT, ofUint(-1), ofInt(0), ofInt(32))).isEqualTo(-1);
        assertThat(i1(Intrinsic.BITFIELD_INSERT, ScalarType.UINT, ofUint(0xFFFF_FFFF), ofUint(0), ofInt(8),
                ofInt(4))).isEqualTo(0xFFFF_F0FF);
        assertThat(i1(Intrinsic.BITFIELD_INSERT, ScalarType.INT, ofInt(0), ofInt(0xF), ofInt(8), ofInt(4)))
                .isEqualTo(0xF00);
        Result bad = Fixture.evalResult(b -> b.intrinsic(Intrinsic.BITFIELD_EXTRACT, ScalarType.INT,
                List.of(ofInt(1), ofInt(30), ofInt(4))));
        assertThat(bad.num("r").intAt(0)).isZero();
        assertThat(bad.undefined()).hasSize(1);
    }

    @Test
    void packingPutsTheFirstComponentLowest() {
        assertThat(call(Intrinsic.PACK_UNORM_4X8, ScalarType.UINT, vec(1, 0, 0.5f, 1)).bits(0))
                .isEqualTo(0xFF80_00FFL);
        assertThat(call(Intrinsic.PACK_SNORM_4X8, ScalarType.UINT, vec(-1, 1, 0, 2)).bits(0)).isEqualTo(0x7F00_7F81L);
        assertThat(call(Intrinsic.PACK_UNORM_2X16, ScalarType.UINT, vec(0, 1)).bits(0)).isEqualTo(0xFFFF_0000L);
        assertThat(call(Intrinsic.PACK_SNORM_2X16, ScalarType.UINT, vec(-1, 1)).bits(0)).isEqualTo(0x7FFF_8001L);
        assertThat(call(Intrinsic.PACK_HALF_2X16, ScalarType.UINT, vec(1, -2)).bits(0)).isEqualTo(0xC000_3C00L);
        assertThat(call(Intrinsic.UNPACK_HALF_2X16, VectorType.VEC2, ofUint(0xC000_3C00)).floats())
                .containsExactly(1, -2);
        assertThat(call(Intrinsic.UNPACK_UNORM_4X8, VectorType.VEC4, ofUint(0xFF80_00FF)).floats())
                .containsExactly(1, 0, 128 / 255f, 1);
        assertThat(call(Intrinsic.UNPACK_SNORM_4X8, VectorType.VEC4, ofUint(0x7F00_7F80)).floats())
                .containsExactly(-1, 1, 0, 1);
        assertThat(call(Intrinsic.UNPACK_UNORM_2X16, VectorType.VEC2, ofUint(0xFFFF_0000)).floats())
                .containsExactly(0, 1);
        assertThat(call(Intrinsic.UNPACK_SNORM_2X16, VectorType.VEC2, ofUint(0x7FFF_8001)).floats())
                .containsExactly(-1, 1);
    }

    @Test
    void derivativesOfOneInvocationAreZero() {
        assertThat(call(Intrinsic.DFDX, VectorType.VEC2, vec(3, 4)).floats()).containsExactly(0, 0);
        assertThat(f1(Intrinsic.DFDY, 5)).isEqualTo(0f);
        assertThat(f1(Intrinsic.FWIDTH, 5)).isEqualTo(0f);
    }

    @Test
    void aWrongOperandCountTraps() {
        Result r = Fixture.evalResult(b -> b.intrinsic(Intrinsic.POW, ScalarType.FLOAT, List.of(ofFloat(1))));
        assertThat(r.status()).isEqualTo(Result.Status.TRAP);
        assertThat(r.message()).isEqualTo("pow takes 2 operands, not 1");
    }
}
