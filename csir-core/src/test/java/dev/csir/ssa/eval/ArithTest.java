package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofBool;
import static dev.csir.ssa.Constant.ofDouble;
import static dev.csir.ssa.Constant.ofFloat;
import static dev.csir.ssa.Constant.ofInt;
import static dev.csir.ssa.Constant.ofUint;
import static dev.csir.ssa.eval.Fixture.eval;
import static dev.csir.ssa.eval.Fixture.evalResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.types.ScalarType;
import dev.csir.types.VectorType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArithTest {

    private static int op(Opcode op, Constant a, Constant c) {
        return eval(b -> b.binary(op, a, c)).intAt(0);
    }

    @Test
    void signedArithmeticTruncatesTowardZeroAndWraps() {
        assertThat(op(Opcode.DIV, ofInt(-7), ofInt(2))).isEqualTo(-3);
        assertThat(op(Opcode.REM, ofInt(-7), ofInt(2))).isEqualTo(-1);
        assertThat(op(Opcode.REM, ofInt(7), ofInt(-2))).isEqualTo(1);
        assertThat(op(Opcode.ADD, ofInt(Integer.MAX_VALUE), ofInt(1))).isEqualTo(Integer.MIN_VALUE);
        assertThat(op(Opcode.MUL, ofInt(65536), ofInt(65536))).isZero();
        assertThat(op(Opcode.SUB, ofInt(Integer.MIN_VALUE), ofInt(1))).isEqualTo(Integer.MAX_VALUE);
        assertThat(eval(b -> b.unary(Opcode.NEG, ofInt(Integer.MIN_VALUE))).intAt(0)).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void unsignedArithmeticComesFromTheOperandType() {
        // 0xFFFFFFF9 is -7 as an int: unsigned it is 4294967289
        assertThat(op(Opcode.DIV, ofUint(-7), ofUint(2))).isEqualTo(0x7FFF_FFFC);
        assertThat(op(Opcode.REM, ofUint(-7), ofUint(2))).isEqualTo(1);
        assertThat(eval(b -> b.compare(Opcode.LT, ofUint(-1), ofUint(1))).boolAt(0)).isFalse();
        assertThat(eval(b -> b.compare(Opcode.LT, ofInt(-1), ofInt(1))).boolAt(0)).isTrue();
        Val.Num r = eval(b -> b.binary(Opcode.DIV, ofUint(-7), ofUint(2)));
        assertThat(r.type()).isEqualTo(ScalarType.UINT);
        assertThat(r.bits(0)).isEqualTo(0x7FFF_FFFCL);
    }

    @Test
    void shiftCountsAreMaskedAndRightShiftsFollowSignedness() {
        assertThat(op(Opcode.SHL, ofInt(1), ofInt(33))).isEqualTo(2);
        assertThat(op(Opcode.SHL, ofUint(1), ofUint(32))).isEqualTo(1);
        assertThat(op(Opcode.SHR, ofInt(-16), ofInt(1))).isEqualTo(-8);
        assertThat(op(Opcode.SHR, ofUint(-16), ofUint(1))).isEqualTo(0x7FFF_FFF8);
        assertThat(op(Opcode.SHR, ofInt(-16), ofInt(33))).isEqualTo(-8);
        assertThat(op(Opcode.BIT_XOR, ofInt(0b1100), ofInt(0b1010))).isEqualTo(0b0110);
        assertThat(eval(b -> b.unary(Opcode.BIT_NOT, ofUint(0))).bits(0)).isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void undefinedIntegerDivisionHasADocumentedResultAndIsReported() {
        Result byZero = evalResult(b -> b.binary(Opcode.DIV, ofInt(5), ofInt(0)));
        assertThat(byZero.num("r").intAt(0)).isZero();
        assertThat(byZero.undefined()).containsExactly("integer division by zero (result 0)");
        assertThat(op(Opcode.REM, ofUint(5), ofUint(0))).isZero();
        Result overflow = evalResult(b -> b.binary(Opcode.DIV, ofInt(Integer.MIN_VALUE), ofInt(-1)));
        assertThat(overflow.num("r").intAt(0)).isEqualTo(Integer.MIN_VALUE);
        assertThat(overflow.undefined()).hasSize(1);
        assertThat(op(Opcode.REM, ofInt(Integer.MIN_VALUE), ofInt(-1))).isZero();
        assertThat(evalResult(b -> b.binary(Opcode.DIV, ofInt(-7), ofInt(2))).undefined()).isEmpty();
    }

    @Test
    void floatArithmeticIsSinglePrecisionAndNotFused() {
        Val.Num sum = eval(b -> b.binary(Opcode.ADD, ofFloat(0.1f), ofFloat(0.2f)));
        assertThat(sum.bits(0)).isEqualTo(0x3E99_999AL);
        assertThat(Float.floatToRawIntBits(0.1f + 0.2f)).isEqualTo(0x3E99_999A);
        // a = 1 + 2^-12: a*a = 1 + 2^-11 + 2^-24 rounds (to even) to 1 + 2^-11 in float, so a*a - (1 + 2^-11) is 0
        float a = 1 + 0x1p-12f;
        float c = 1 + 0x1p-11f;
        assertThat(eval(b -> b.binary(Opcode.SUB, b.binary(Opcode.MUL, ofFloat(a), ofFloat(a)), ofFloat(c)))
                .floatAt(0)).isEqualTo(0f);
        assertThat(eval(b -> b.intrinsic(Intrinsic.FMA, ScalarType.FLOAT, List.of(ofFloat(a), ofFloat(a),
                ofFloat(-c)))).floatAt(0)).isEqualTo(0x1p-24f);
        Val.Num d = eval(b -> b.binary(Opcode.ADD, ofDouble(0.1), ofDouble(0.2)));
        assertThat(d.doubleAt(0)).isEqualTo(0.30000000000000004);
        assertThat(eval(b -> b.binary(Opcode.REM, ofFloat(-7.5f), ofFloat(2f))).floatAt(0)).isEqualTo(-1.5f);
        assertThat(eval(b -> b.binary(Opcode.DIV, ofFloat(1f), ofFloat(0f))).floatAt(0))
                .isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(eval(b -> b.unary(Opcode.NEG, ofFloat(0f))).bits(0)).isEqualTo(0x8000_0000L);
    }

    @Test
    void nanComparesUnequalToEverything() {
        Constant nan = ofFloat(Float.NaN);
        assertThat(eval(b -> b.compare(Opcode.EQ, nan, nan)).boolAt(0)).isFalse();
        assertThat(eval(b -> b.compare(Opcode.NE, nan, nan)).boolAt(0)).isTrue();
        assertThat(eval(b -> b.compare(Opcode.LT, nan, ofFloat(1))).boolAt(0)).isFalse();
        assertThat(eval(b -> b.compare(Opcode.GE, nan, ofFloat(1))).boolAt(0)).isFalse();
        assertThat(eval(b -> b.compare(Opcode.EQ, ofFloat(0f), ofFloat(-0f))).boolAt(0)).isTrue();
        Constant v = Constant.splat(VectorType.VEC3, ofFloat(1));
        Val.Num cmp = eval(b -> b.compare(Opcode.LE, v, b.construct(VectorType.VEC3,
                List.of(ofFloat(0), ofFloat(1), ofFloat(Float.NaN)))));
        assertThat(cmp.type()).isEqualTo(VectorType.BVEC3);
        assertThat(cmp.ints()).containsExactly(0, 1, 0);
    }

    @Test
    void conversionsTruncateSaturateAndRound() {
        assertThat(eval(b -> b.convert(ScalarType.INT, ofFloat(3.7f))).intAt(0)).isEqualTo(3);
        assertThat(eval(b -> b.convert(ScalarType.INT, ofFloat(-3.7f))).intAt(0)).isEqualTo(-3);
        Result big = evalResult(b -> b.convert(ScalarType.INT, ofFloat(3e9f)));
        assertThat(big.num("r").intAt(0)).isEqualTo(Integer.MAX_VALUE);
        assertThat(big.undefined()).isNotEmpty();
        assertThat(eval(b -> b.convert(ScalarType.INT, ofFloat(Float.NaN))).intAt(0)).isZero();
        assertThat(eval(b -> b.convert(ScalarType.UINT, ofFloat(-1f))).bits(0)).isZero();
        assertThat(eval(b -> b.convert(ScalarType.UINT, ofFloat(3e9f))).bits(0)).isEqualTo(3_000_000_000L);
        assertThat(eval(b -> b.convert(ScalarType.UINT, ofDouble(1e10))).bits(0)).isEqualTo(0xFFFF_FFFFL);
        assertThat(eval(b -> b.convert(ScalarType.FLOAT, ofUint(-1))).floatAt(0)).isEqualTo(4294967296f);
        assertThat(eval(b -> b.convert(ScalarType.FLOAT, ofInt(16_777_217))).floatAt(0)).isEqualTo(16_777_216f);
        assertThat(eval(b -> b.convert(ScalarType.UINT, ofInt(-1))).bits(0)).isEqualTo(0xFFFF_FFFFL);
        assertThat(eval(b -> b.convert(ScalarType.FLOAT, ofBool(true))).floatAt(0)).isEqualTo(1f);
        assertThat(eval(b -> b.convert(ScalarType.BOOL, ofFloat(0.5f))).boolAt(0)).isTrue();
        assertThat(eval(b -> b.convert(ScalarType.BOOL, ofFloat(-0f))).boolAt(0)).isFalse();
        assertThat(eval(b -> b.convert(ScalarType.INT, ofBool(true))).intAt(0)).isEqualTo(1);
        assertThat(eval(b -> b.convert(ScalarType.DOUBLE, ofFloat(0.1f))).doubleAt(0)).isEqualTo((double) 0.1f);
        assertThat(eval(b -> b.convert(ScalarType.FLOAT, ofDouble(0.1))).floatAt(0)).isEqualTo(0.1f);
        Val.Num v = eval(b -> b.convert(VectorType.IVEC2, Constant.splat(VectorType.VEC2, ofFloat(-2.5f))));
        assertThat(v.ints()).containsExactly(-2, -2);
    }

    @Test
    void bitcastKeepsBitsAndSplitsDoublesLowWordFirst() {
        assertThat(eval(b -> b.bitcast(ScalarType.UINT, ofFloat(1f))).bits(0)).isEqualTo(0x3F80_0000L);
        assertThat(eval(b -> b.bitcast(ScalarType.FLOAT, ofInt(0x4049_0FDB))).floatAt(0)).isEqualTo((float) Math.PI);
        Val.Num w = eval(b -> b.bitcast(new VectorType(ScalarType.UINT, 2), ofDouble(1.0)));
        assertThat(w.ints()).containsExactly(0, 0x3FF0_0000);
        assertThat(eval(b -> b.bitcast(ScalarType.INT, ofUint(-1))).intAt(0)).isEqualTo(-1);
    }

    @Test
    void selectPicksWholeValuesOrComponents() {
        assertThat(eval(b -> b.select(ofBool(false), ofInt(1), ofInt(2))).intAt(0)).isEqualTo(2);
        Val.Num v = eval(b -> b.select(b.construct(VectorType.BVEC2, List.of(ofBool(true), ofBool(false))),
                Constant.splat(VectorType.IVEC2, ofInt(1)), Constant.splat(VectorType.IVEC2, ofInt(2))));
        assertThat(v.ints()).containsExactly(1, 2);
        assertThat(eval(b -> b.binary(Opcode.LOGICAL_AND, ofBool(true), ofBool(false))).boolAt(0)).isFalse();
        assertThat(eval(b -> b.binary(Opcode.LOGICAL_OR, ofBool(true), ofBool(false))).boolAt(0)).isTrue();
        assertThat(eval(b -> b.unary(Opcode.LOGICAL_NOT, ofBool(true))).boolAt(0)).isFalse();
    }

    @Test
    void mistypedOperandsTrapInsteadOfThrowing() {
        Result r = evalResult(b -> b.emit(Opcode.ADD, ScalarType.INT, ofInt(1), ofFloat(1)));
        assertThat(r.status()).isEqualTo(Result.Status.TRAP);
        assertThat(r.message()).contains("add of int and float");
        Result bad = evalResult(b -> b.emit(Opcode.ADD, ScalarType.FLOAT, ofInt(1), ofInt(1)));
        assertThat(bad.status()).isEqualTo(Result.Status.TRAP);
        assertThat(bad.message()).contains("yields int");
    }
}
