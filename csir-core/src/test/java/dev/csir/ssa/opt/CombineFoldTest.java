package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.CombineTesting.combines;
import static dev.csir.ssa.opt.CombineTesting.keeps;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Constant folding: each family, exact bits, and every fold the spec leaves to the GPU. */
class CombineFoldTest {

    @Test
    void integerArithmeticWrapsAt32Bits() {
        combines("""
                  %0 = add 2147483647:int, 1:int : int
                  store @i, %0
                  %1 = mul 65536:int, 65536:int : int
                  store @i, %1
                  %2 = sub -2147483648:int, 1:int : int
                  store @i, %2
                  %3 = neg -2147483648:int : int
                  store @i, %3
                  %4 = mul 123456789:int, 987654321:int : int
                  store @i, %4
                  %5 = add 4294967295:uint, 2:uint : uint
                  store @u, %5
                """, """
                  store @i, -2147483648:int
                  store @i, 0:int
                  store @i, 2147483647:int
                  store @i, -2147483648:int
                  store @i, %s:int
                  store @u, 1:uint
                """.formatted(123456789 * 987654321));
    }

    @Test
    void divisionAndRemainderTruncateTowardZeroWithSignednessFromTheType() {
        combines("""
                  %0 = div -7:int, 2:int : int
                  store @i, %0
                  %1 = rem -7:int, 2:int : int
                  store @i, %1
                  %2 = rem 7:int, -2:int : int
                  store @i, %2
                  %3 = div 4294967289:uint, 2:uint : uint
                  store @u, %3
                  %4 = rem 4294967289:uint, 2:uint : uint
                  store @u, %4
                  %5 = div -2147483648:int, 1:int : int
                  store @i, %5
                """, """
                  store @i, -3:int
                  store @i, -1:int
                  store @i, 1:int
                  store @u, 2147483644:uint
                  store @u, 1:uint
                  store @i, -2147483648:int
                """);
    }

    @Test
    void shiftCountsAreMaskedAndBitOperationsFold() {
        combines("""
                  %0 = shl 1:int, 33:int : int
                  store @i, %0
                  %1 = shr -16:int, 33:int : int
                  store @i, %1
                  %2 = shr 4294967280:uint, 1:uint : uint
                  store @u, %2
                  %3 = shl 1:uint, 32:uint : uint
                  store @u, %3
                  %4 = bitxor 12:int, 10:int : int
                  store @i, %4
                  %5 = bitnot 0:uint : uint
                  store @u, %5
                  %6 = bitand 12:int, 10:int : int
                  %7 = bitor %6, 1:int : int
                  store @i, %7
                """, """
                  store @i, 2:int
                  store @i, -8:int
                  store @u, 2147483640:uint
                  store @u, 1:uint
                  store @i, 6:int
                  store @u, 4294967295:uint
                  store @i, 9:int
                """);
    }

    @Test
    void floatArithmeticIsExactInTheOperandsOwnPrecision() {
        // the expected texts are Java's float and double arithmetic, which is IEEE round to nearest even
        combines("""
                  %0 = add 0.1:float, 0.2:float : float
                  store @x, %0
                  %1 = add 0.1:double, 0.2:double : double
                  store @d, %1
                  %2 = add 1.6777216E7:float, 1.0:float : float
                  store @x, %2
                  %3 = div 1.0:float, 3.0:float : float
                  store @x, %3
                  %4 = mul 0.1:float, 3.0:float : float
                  store @x, %4
                  %5 = rem 5.5:float, 2.0:float : float
                  store @x, %5
                  %6 = rem -5.5:float, 2.0:float : float
                  store @x, %6
                  %7 = sub 1.0:float, 0.9:float : float
                  store @x, %7
                """, """
                  store @x, %s:float
                  store @d, 0.30000000000000004:double
                  store @x, 1.6777216E7:float
                  store @x, 0.33333334:float
                  store @x, %s:float
                  store @x, 1.5:float
                  store @x, -1.5:float
                  store @x, %s:float
                """.formatted(0.1f + 0.2f, 0.1f * 3f, 1f - 0.9f));
        assertThat(Float.floatToRawIntBits(0.1f + 0.2f)).isEqualTo(0x3E99_999A);
        assertThat(1f - 0.9f).isNotEqualTo(0.1f); // the fold kept float rounding, not decimal
    }

    @Test
    void signedZerosAreKept() {
        combines("""
                  %0 = neg 0.0:float : float
                  store @x, %0
                  %1 = sub -0.0:float, 0.0:float : float
                  store @x, %1
                  %2 = add -0.0:float, 0.0:float : float
                  store @x, %2
                  %3 = mul -1.0:float, 0.0:float : float
                  store @x, %3
                  %4 = add -0.0:float, -0.0:float : float
                  store @x, %4
                  %5 = eq 0.0:float, -0.0:float : bool
                  store @b, %5
                """, """
                  store @x, -0.0:float
                  store @x, -0.0:float
                  store @x, 0.0:float
                  store @x, -0.0:float
                  store @x, -0.0:float
                  store @b, true:bool
                """);
    }

    @Test
    void vectorsAndMatricesFoldComponentWise() {
        combines("""
                  %0 = add {1:int, 2:int}:ivec2, {3:int, 2147483647:int}:ivec2 : ivec2
                  store @iv2, %0
                  %1 = mul {{1.0:float, 2.0:float}:vec2, {3.0:float, 4.0:float}:vec2}:mat2, {{0.5:float, 0.5:float}:vec2, {2.0:float, 2.0:float}:vec2}:mat2 : mat2
                  store @m2, %1
                  %2 = lt {1.0:float, 2.0:float}:vec2, {2.0:float, 1.0:float}:vec2 : bvec2
                  store @bv2, %2
                """, """
                  store @iv2, {4:int, -2147483647:int}:ivec2
                  store @m2, {{0.5:float, 1.0:float}:vec2, {6.0:float, 8.0:float}:vec2}:mat2
                  store @bv2, {true:bool, false:bool}:bvec2
                """);
    }

    @Test
    void comparisonsAndLogicFold() {
        combines("""
                  %0 = lt -1:int, 1:int : bool
                  store @b, %0
                  %1 = lt 4294967295:uint, 1:uint : bool
                  store @b, %1
                  %2 = ge 2.5:float, 2.5:float : bool
                  store @b, %2
                  %3 = ne true:bool, false:bool : bool
                  %4 = land %3, false:bool : bool
                  store @b, %4
                  %5 = lnot %4 : bool
                  %6 = lor %5, false:bool : bool
                  store @b, %6
                """, """
                  store @b, true:bool
                  store @b, false:bool
                  store @b, true:bool
                  store @b, false:bool
                  store @b, true:bool
                """);
    }

    @Test
    void selectWithAConstantConditionPicksAnOperand() {
        combines("""
                  %0 = select true:bool, %arg0, 5:int : int
                  store @i, %0
                  %1 = select false:bool, %arg0, 5:int : int
                  store @i, %1
                  %2 = select {true:bool, false:bool}:bvec2, {1.0:float, 2.0:float}:vec2, {3.0:float, 4.0:float}:vec2 : vec2
                  store @v2, %2
                  %3 = select {false:bool, false:bool}:bvec2, %arg6, {3.0:float, 4.0:float}:vec2 : vec2
                  store @v2, %3
                  %4 = select {true:bool, false:bool}:bvec2, %arg6, {3.0:float, 4.0:float}:vec2 : vec2
                  store @v2, %4
                """, """
                  store @i, %arg0
                  store @i, 5:int
                  store @v2, {1.0:float, 4.0:float}:vec2
                  store @v2, {3.0:float, 4.0:float}:vec2
                  %0 = select {true:bool, false:bool}:bvec2, %arg6, {3.0:float, 4.0:float}:vec2 : vec2
                  store @v2, %0
                """);
    }

    @Test
    void exactConversionsFold() {
        combines("""
                  %0 = convert -1:int : uint
                  store @u, %0
                  %1 = convert 4294967295:uint : int
                  store @i, %1
                  %2 = convert 3.9:float : int
                  store @i, %2
                  %3 = convert -3.9:float : int
                  store @i, %3
                  %4 = convert 3.0E9:float : uint
                  store @u, %4
                  %5 = convert 16777216:int : float
                  store @x, %5
                  %6 = convert -2147483648:int : float
                  store @x, %6
                  %7 = convert true:bool : int
                  store @i, %7
                  %8 = convert 0.0:float : bool
                  store @b, %8
                  %9 = convert -0.0:float : uint
                  store @u, %9
                  %10 = convert 2147483647:int : double
                  store @d, %10
                  %11 = convert 0.5:double : float
                  store @x, %11
                  %12 = convert 0.1:float : double
                  store @d, %12
                  %13 = bitcast 1.0:float : uint
                  store @u, %13
                  %14 = bitcast 1065353216:int : float
                  store @x, %14
                  %15 = convert {1:int, -2:int}:ivec2 : vec2
                  store @v2, %15
                """, """
                  store @u, 4294967295:uint
                  store @i, -1:int
                  store @i, 3:int
                  store @i, -3:int
                  store @u, 3000000000:uint
                  store @x, 1.6777216E7:float
                  store @x, %s:float
                  store @i, 1:int
                  store @b, false:bool
                  store @u, 0:uint
                  store @d, 2.147483647E9:double
                  store @x, 0.5:float
                  store @d, %s:double
                  store @u, 1065353216:uint
                  store @x, 1.0:float
                  store @v2, {1.0:float, -2.0:float}:vec2
                """.formatted((float) Integer.MIN_VALUE, (double) 0.1f));
    }

    @Test
    void inexactAndOutOfRangeConversionsAreLeftToTheGpu() {
        keeps("""
                  %0 = convert 16777217:int : float
                  store @x, %0
                  %1 = convert 4294967295:uint : float
                  store @x, %1
                  %2 = convert 3.0E9:float : int
                  store @i, %2
                  %3 = convert -1.0:float : uint
                  store @u, %3
                  %4 = convert -0.5:float : uint
                  store @u, %4
                  %5 = convert 5.0E9:float : uint
                  store @u, %5
                  %6 = convert 0.1:double : float
                  store @x, %6
                  %7 = convert 1.0E300:double : int
                  store @i, %7
                  %8 = convert 0x7fc00000:float : int
                  store @i, %8
                  %9 = bitcast 2143289344:int : float
                  store @x, %9
                  %10 = bitcast 1:int : float
                  store @x, %10
                """);
    }

    @Test
    void undefinedIntegerDivisionIsLeftToTheGpu() {
        keeps("""
                  %0 = div 5:int, 0:int : int
                  store @i, %0
                  %1 = rem 5:int, 0:int : int
                  store @i, %1
                  %2 = div 5:uint, 0:uint : uint
                  store @u, %2
                  %3 = div -2147483648:int, -1:int : int
                  store @i, %3
                  %4 = rem -2147483648:int, -1:int : int
                  store @i, %4
                  %5 = div {4:int, 4:int}:ivec2, {2:int, 0:int}:ivec2 : ivec2
                  store @iv2, %5
                """);
        // unsigned has no INT_MIN / -1 case
        combines("""
                  %0 = div 2147483648:uint, 4294967295:uint : uint
                  store @u, %0
                """, """
                  store @u, 0:uint
                """);
    }

    @Test
    void nanInfinityAndSubnormalOperandsOrResultsAreLeftToTheGpu() {
        keeps("""
                  %0 = div 0.0:float, 0.0:float : float
                  store @x, %0
                  %1 = div 1.0:float, 0.0:float : float
                  store @x, %1
                  %2 = mul 1.0E30:float, 1.0E30:float : float
                  store @x, %2
                  %3 = add 0x7fc00000:float, 1.0:float : float
                  store @x, %3
                  %4 = add 0x7f800000:float, 1.0:float : float
                  store @x, %4
                  %5 = mul 1.4E-45:float, 1.0:float : float
                  store @x, %5
                  %6 = mul 1.0E-38:float, 0.1:float : float
                  store @x, %6
                  %7 = rem 1.0:float, 0.0:float : float
                  store @x, %7
                  %8 = lt 0x7fc00000:float, 1.0:float : bool
                  store @b, %8
                  %9 = neg 0xff800000:float : float
                  store @x, %9
                  %10 = mul 1.0E300:double, 1.0E300:double : double
                  store @d, %10
                  %11 = add {1.0:float, 0x7fc00000:float}:vec2, {1.0:float, 1.0:float}:vec2 : vec2
                  store @v2, %11
                """);
    }

    @Test
    void intrinsicsAndMatrixProductsAreNotFolded() {
        keeps("""
                  %0 = intrinsic sin(0.5:float) : float
                  store @x, %0
                  %1 = intrinsic exp2(2.0:float) : float
                  store @x, %1
                  %2 = intrinsic sqrt(4.0:float) : float
                  store @x, %2
                  %3 = matmul {{1.0:float, 0.0:float}:vec2, {0.0:float, 1.0:float}:vec2}:mat2, {1.0:float, 2.0:float}:vec2 : vec2
                  store @v2, %3
                """);
    }

    @Test
    void undefOperandsAreNotFolded() {
        keeps("""
                  %0 = add undef:int, 1:int : int
                  store @i, %0
                  %1 = convert undef:float : int
                  store @i, %1
                """);
    }

    @Test
    void preciseInstructionsStillFoldWhenEveryOperandIsConstant() {
        combines("""
                  %0 = precise add 0.1:float, 0.2:float : float
                  store @x, %0
                  %1 = precise mul 3:int, 4:int : int
                  store @i, %1
                """, """
                  store @x, %s:float
                  store @i, 12:int
                """.formatted(0.1f + 0.2f));
        keeps("""
                  %0 = precise div 1.0:float, 0.0:float : float
                  store @x, %0
                """);
    }

    @Test
    void foldsChainThroughUses() {
        combines("""
                  %0 = add 1:int, 2:int : int
                  %1 = mul %0, %0 : int
                  %2 = convert %1 : float
                  %3 = add %2, 0.5:float : float
                  store @x, %3
                """, """
                  store @x, 9.5:float
                """);
    }
}
