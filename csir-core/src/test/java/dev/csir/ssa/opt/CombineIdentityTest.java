package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.CombineTesting.combines;
import static dev.csir.ssa.opt.CombineTesting.keeps;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The exact algebraic identities, the ones that are not identities, and precise instructions. */
class CombineIdentityTest {

    @Test
    void integerIdentities() {
        combines("""
                  %0 = add %arg0, 0:int : int
                  store @i, %0
                  %1 = add 0:int, %arg0 : int
                  store @i, %1
                  %2 = sub %arg0, 0:int : int
                  store @i, %2
                  %3 = sub %arg0, %arg0 : int
                  store @i, %3
                  %4 = mul %arg0, 1:int : int
                  store @i, %4
                  %5 = mul 1:int, %arg0 : int
                  store @i, %5
                  %6 = mul %arg0, 0:int : int
                  store @i, %6
                  %7 = div %arg0, 1:int : int
                  store @i, %7
                  %8 = rem %arg0, 1:int : int
                  store @i, %8
                  %9 = neg %arg0 : int
                  %10 = neg %9 : int
                  store @i, %10
                  %11 = add %arg3, 0:uint : uint
                  store @u, %11
                  %12 = add %arg7, {0:int, 0:int}:ivec2 : ivec2
                  store @iv2, %12
                  %13 = mul %arg7, {0:int, 0:int}:ivec2 : ivec2
                  store @iv2, %13
                """, """
                  store @i, %arg0
                  store @i, %arg0
                  store @i, %arg0
                  store @i, 0:int
                  store @i, %arg0
                  store @i, %arg0
                  store @i, 0:int
                  store @i, %arg0
                  store @i, 0:int
                  %0 = neg %arg0 : int
                  store @i, %arg0
                  store @u, %arg3
                  store @iv2, %arg7
                  store @iv2, {0:int, 0:int}:ivec2
                """);
    }

    @Test
    void bitwiseAndShiftIdentities() {
        combines("""
                  %0 = bitand %arg0, %arg0 : int
                  store @i, %0
                  %1 = bitand %arg0, 0:int : int
                  store @i, %1
                  %2 = bitand -1:int, %arg0 : int
                  store @i, %2
                  %3 = bitor %arg0, %arg0 : int
                  store @i, %3
                  %4 = bitor %arg0, 0:int : int
                  store @i, %4
                  %5 = bitor %arg3, 4294967295:uint : uint
                  store @u, %5
                  %6 = bitxor %arg0, %arg0 : int
                  store @i, %6
                  %7 = bitxor %arg0, 0:int : int
                  store @i, %7
                  %8 = bitxor %arg0, -1:int : int
                  store @i, %8
                  %9 = bitnot %arg0 : int
                  %10 = bitnot %9 : int
                  store @i, %10
                  %11 = shl %arg0, 32:int : int
                  store @i, %11
                  %12 = shr %arg3, 0:uint : uint
                  store @u, %12
                  %13 = shl 0:int, %arg0 : int
                  store @i, %13
                  %14 = shr 0:int, %arg0 : int
                  store @i, %14
                """, """
                  store @i, %arg0
                  store @i, 0:int
                  store @i, %arg0
                  store @i, %arg0
                  store @i, %arg0
                  store @u, 4294967295:uint
                  store @i, 0:int
                  store @i, %arg0
                  %0 = bitnot %arg0 : int
                  store @i, %0
                  %1 = bitnot %arg0 : int
                  store @i, %arg0
                  store @i, %arg0
                  store @u, %arg3
                  store @i, 0:int
                  store @i, 0:int
                """);
    }

    @Test
    void integerSelfComparisons() {
        combines("""
                  %0 = eq %arg0, %arg0 : bool
                  store @b, %0
                  %1 = ne %arg0, %arg0 : bool
                  store @b, %1
                  %2 = lt %arg3, %arg3 : bool
                  store @b, %2
                  %3 = le %arg0, %arg0 : bool
                  store @b, %3
                  %4 = gt %arg0, %arg0 : bool
                  store @b, %4
                  %5 = ge %arg7, %arg7 : bvec2
                  store @bv2, %5
                """, """
                  store @b, true:bool
                  store @b, false:bool
                  store @b, false:bool
                  store @b, true:bool
                  store @b, false:bool
                  store @bv2, {true:bool, true:bool}:bvec2
                """);
    }

    @Test
    void integerRewritesThatAreNotIdentitiesAreKept() {
        keeps("""
                  %0 = sub 0:int, %arg0 : int
                  store @i, %0
                  %1 = mul %arg0, 2:int : int
                  store @i, %1
                  %2 = div %arg0, %arg0 : int
                  store @i, %2
                  %3 = shl %arg0, 1:int : int
                  store @i, %3
                  %4 = div 1:int, %arg0 : int
                  store @i, %4
                  %5 = add %arg7, {0:int, 1:int}:ivec2 : ivec2
                  store @iv2, %5
                  %6 = add %arg0, undef:int : int
                  store @i, %6
                """);
    }

    @Test
    void floatIdentitiesAreOnlyTheExactOnes() {
        combines("""
                  %0 = add %arg1, -0.0:float : float
                  store @x, %0
                  %1 = add -0.0:float, %arg1 : float
                  store @x, %1
                  %2 = sub %arg1, 0.0:float : float
                  store @x, %2
                  %3 = mul %arg1, 1.0:float : float
                  store @x, %3
                  %4 = div %arg1, 1.0:float : float
                  store @x, %4
                  %5 = neg %arg1 : float
                  %6 = neg %5 : float
                  store @x, %6
                  %7 = mul %arg4, {1.0:float, 1.0:float, 1.0:float, 1.0:float}:vec4 : vec4
                  store @v4, %7
                  %8 = sub %arg8, 0.0:double : double
                  store @d, %8
                """, """
                  store @x, %arg1
                  store @x, %arg1
                  store @x, %arg1
                  store @x, %arg1
                  store @x, %arg1
                  %0 = neg %arg1 : float
                  store @x, %arg1
                  store @v4, %arg4
                  store @d, %arg8
                """);
        // x + 0.0 is -0.0 + 0.0 = +0.0 for x = -0.0; x - (-0.0) likewise; x * 0.0, x - x and x == x fail
        // for NaN and infinities; x / x for 0; x * -1.0 keeps a NaN's sign, -x flips it
        keeps("""
                  %0 = add %arg1, 0.0:float : float
                  store @x, %0
                  %1 = sub %arg1, -0.0:float : float
                  store @x, %1
                  %2 = mul %arg1, 0.0:float : float
                  store @x, %2
                  %3 = sub %arg1, %arg1 : float
                  store @x, %3
                  %4 = div %arg1, %arg1 : float
                  store @x, %4
                  %5 = eq %arg1, %arg1 : bool
                  store @b, %5
                  %6 = ne %arg1, %arg1 : bool
                  store @b, %6
                  %7 = rem %arg1, 1.0:float : float
                  store @x, %7
                  %8 = sub 0.0:float, %arg1 : float
                  store @x, %8
                  %9 = mul %arg1, -1.0:float : float
                  store @x, %9
                """);
        assertThat(Float.floatToRawIntBits(-0.0f + 0.0f)).isZero();
        assertThat(Float.floatToRawIntBits(-0.0f + -0.0f)).isEqualTo(0x8000_0000);
        assertThat(Float.floatToRawIntBits(-0.0f - 0.0f)).isEqualTo(0x8000_0000);
    }

    @Test
    void boolIdentities() {
        combines("""
                  %0 = lnot %arg2 : bool
                  %1 = lnot %0 : bool
                  store @b, %1
                  %2 = land %arg2, true:bool : bool
                  store @b, %2
                  %3 = land false:bool, %arg2 : bool
                  store @b, %3
                  %4 = land %arg2, %arg2 : bool
                  store @b, %4
                  %5 = lor %arg2, false:bool : bool
                  store @b, %5
                  %6 = lor %arg2, true:bool : bool
                  store @b, %6
                  %7 = lor %arg2, %arg2 : bool
                  store @b, %7
                  %8 = eq %arg2, true:bool : bool
                  store @b, %8
                  %9 = ne false:bool, %arg2 : bool
                  store @b, %9
                  %10 = eq %arg2, false:bool : bool
                  store @b, %10
                  %11 = ne %arg2, %arg2 : bool
                  store @b, %11
                  %12 = land %arg9, {true:bool, true:bool}:bvec2 : bvec2
                  store @bv2, %12
                """, """
                  %0 = lnot %arg2 : bool
                  store @b, %arg2
                  store @b, %arg2
                  store @b, false:bool
                  store @b, %arg2
                  store @b, %arg2
                  store @b, true:bool
                  store @b, %arg2
                  store @b, %arg2
                  store @b, %arg2
                  %1 = lnot %arg2 : bool
                  store @b, %1
                  store @b, false:bool
                  store @bv2, %arg9
                """);
    }

    @Test
    void selectIdentities() {
        combines("""
                  %0 = select %arg2, %arg0, %arg0 : int
                  store @i, %0
                  %1 = select %arg2, true:bool, false:bool : bool
                  store @b, %1
                  %2 = select %arg2, false:bool, true:bool : bool
                  store @b, %2
                  %3 = lnot %arg2 : bool
                  %4 = select %3, %arg0, 7:int : int
                  store @i, %4
                  %5 = select %arg9, {true:bool, true:bool}:bvec2, {false:bool, false:bool}:bvec2 : bvec2
                  store @bv2, %5
                """, """
                  store @i, %arg0
                  store @b, %arg2
                  %0 = lnot %arg2 : bool
                  store @b, %0
                  %1 = lnot %arg2 : bool
                  %2 = select %arg2, 7:int, %arg0 : int
                  store @i, %2
                  store @bv2, %arg9
                """);
        // a scalar condition choosing between bvecs is not the condition
        keeps("""
                  %0 = select %arg2, {true:bool, true:bool}:bvec2, {false:bool, false:bool}:bvec2 : bvec2
                  store @bv2, %0
                """);
    }

    @Test
    void preciseInstructionsAreNeverRewrittenByIdentities() {
        keeps("""
                  %0 = precise add %arg0, 0:int : int
                  store @i, %0
                  %1 = precise mul %arg1, 1.0:float : float
                  store @x, %1
                  %2 = precise sub %arg0, %arg0 : int
                  store @i, %2
                  %3 = precise select %arg2, %arg0, %arg0 : int
                  store @i, %3
                  %4 = precise select true:bool, %arg0, 1:int : int
                  store @i, %4
                  %5 = precise neg %arg1 : float
                  %6 = neg %5 : float
                  store @x, %6
                  %7 = precise extract %arg4 [0] : float
                  %8 = precise construct %7, %arg1 : vec2
                  %9 = precise extract %8 [0] : float
                  store @x, %9
                """);
    }

    @Test
    void aRewrittenInstructionIsSimplifiedAgain() {
        // bitxor with ~0 becomes bitnot, which then cancels the bitnot under it
        combines("""
                  %0 = bitnot %arg0 : int
                  %1 = bitxor %0, -1:int : int
                  store @i, %1
                """, """
                  %0 = bitnot %arg0 : int
                  store @i, %arg0
                """);
    }

    @Test
    void everyRuleHasADistinctNameAndKeepsTheTypeRules() {
        Set<String> names = new HashSet<>();
        for (CombineRules.Rule r : CombineRules.RULES) {
            assertThat(names.add(r.domain() + " " + r.name())).as(r.name()).isTrue();
        }
        assertThat(CombineRules.RULES).hasSizeGreaterThanOrEqualTo(40);
    }
}
