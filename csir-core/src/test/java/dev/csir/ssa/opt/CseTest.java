package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.CombineTesting.after;
import static dev.csir.ssa.opt.CombineTesting.unchanged;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Common subexpression elimination along the dominator tree. */
class CseTest {
    private static final Cse CSE = new Cse();

    static final String GLOBALS = """
            struct U { a: vec4, b: float }
            global @in0 : ptr<input, vec4> location=0
            global @out0 : ptr<output, vec4> location=0
            global @ubo : ptr<uniform, U> set=0 binding=0 layout=std140
            global @ssbo : ptr<storage, U> set=0 binding=1 layout=std430
            global @tex : ptr<uniform_constant, sampler2D> set=0 binding=2
            global @pc : ptr<push_constant, U>
            global @p : ptr<private, vec4>
            global @q : ptr<private, float>
            global @n : ptr<private, int>

            """;

    private static void cses(String in, String out) {
        assertThat(after(CSE, GLOBALS + in)).isEqualTo(GLOBALS + out);
    }

    @Test
    void anInstructionInADominatingBlockReplacesItsCopies() {
        cses("""
                func @f(%arg0: float, %arg1: float, %arg2: bool) -> void {
                bb0: ; selection merge=bb3
                  %0 = add %arg0, %arg1 : float
                  store @q, %0
                  condbr %arg2, bb1, bb2
                bb1:
                  %1 = add %arg0, %arg1 : float
                  store @q, %1
                  %2 = mul %arg0, %arg1 : float
                  store @q, %2
                  br bb3
                bb2:
                  %3 = mul %arg0, %arg1 : float
                  store @q, %3
                  br bb3
                bb3:
                  %4 = mul %arg0, %arg1 : float
                  store @q, %4
                  %5 = add %arg0, %arg1 : float
                  store @q, %5
                  ret
                }
                """, """
                func @f(%arg0: float, %arg1: float, %arg2: bool) -> void {
                bb0: ; selection merge=bb3
                  %0 = add %arg0, %arg1 : float
                  store @q, %0
                  condbr %arg2, bb1, bb2
                bb1:
                  store @q, %0
                  %1 = mul %arg0, %arg1 : float
                  store @q, %1
                  br bb3
                bb2:
                  %2 = mul %arg0, %arg1 : float
                  store @q, %2
                  br bb3
                bb3:
                  %3 = mul %arg0, %arg1 : float
                  store @q, %3
                  store @q, %0
                  ret
                }
                """);
    }

    @Test
    void siblingBranchesAreNotMerged() {
        // the then and else arms compute the same product; neither dominates the other, nor the merge
        unchanged(CSE, GLOBALS + """
                func @f(%arg0: float, %arg1: float, %arg2: bool) -> void {
                bb0: ; selection merge=bb3
                  condbr %arg2, bb1, bb2
                bb1:
                  %0 = mul %arg0, %arg1 : float
                  store @q, %0
                  br bb3
                bb2:
                  %1 = mul %arg0, %arg1 : float
                  store @q, %1
                  br bb3
                bb3:
                  %2 = mul %arg0, %arg1 : float
                  store @q, %2
                  ret
                }
                """);
    }

    @Test
    void equalityIsOpcodeTypeOperandsImmediatesAndPrecise() {
        cses("""
                func @f(%arg0: float, %arg1: vec4) -> void {
                bb0:
                  %0 = add %arg0, 1.0:float : float
                  %1 = add %arg0, 1.0:float : float
                  %2 = add %arg0, 2.0:float : float
                  %3 = add 1.0:float, %arg0 : float
                  %4 = precise add %arg0, 1.0:float : float
                  %5 = precise add %arg0, 1.0:float : float
                  %6 = add %arg0, 0.0:float : float
                  %7 = add %arg0, -0.0:float : float
                  %8 = convert %arg0 : int
                  %9 = convert %arg0 : uint
                  %10 = extract %arg1 [0] : float
                  %11 = extract %arg1 [1] : float
                  %12 = extract %arg1 [0] : float
                  %13 = construct %0, %1, %2, %3 : vec4
                  store @p, %13
                  %14 = construct %4, %5, %6, %7 : vec4
                  store @p, %14
                  %15 = construct %10, %11, %12, %12 : vec4
                  store @p, %15
                  %16 = add %8, 1:int : int
                  store @n, %16
                  %17 = convert %9 : int
                  store @n, %17
                  ret
                }
                """, """
                func @f(%arg0: float, %arg1: vec4) -> void {
                bb0:
                  %0 = add %arg0, 1.0:float : float
                  %1 = add %arg0, 2.0:float : float
                  %2 = add 1.0:float, %arg0 : float
                  %3 = precise add %arg0, 1.0:float : float
                  %4 = add %arg0, 0.0:float : float
                  %5 = add %arg0, -0.0:float : float
                  %6 = convert %arg0 : int
                  %7 = convert %arg0 : uint
                  %8 = extract %arg1 [0] : float
                  %9 = extract %arg1 [1] : float
                  %10 = construct %0, %0, %1, %2 : vec4
                  store @p, %10
                  %11 = construct %3, %3, %4, %5 : vec4
                  store @p, %11
                  %12 = construct %8, %9, %8, %8 : vec4
                  store @p, %12
                  %13 = add %6, 1:int : int
                  store @n, %13
                  %14 = convert %7 : int
                  store @n, %14
                  ret
                }
                """);
    }

    @Test
    void loadsFromConstantBuffersInputsPushConstantsAndResourcesMerge() {
        cses("""
                func @f(%arg0: bool) -> void {
                bb0: ; selection merge=bb2
                  %0 = load @in0 : vec4
                  %1 = load @in0 : vec4
                  %2 = access @ubo, 1:int : ptr<uniform, float>
                  %3 = load %2 : float
                  %4 = access @ubo, 1:int : ptr<uniform, float>
                  %5 = load %4 : float
                  %6 = load @ubo : U
                  %7 = load @ubo : U
                  %8 = access @pc, 0:int : ptr<push_constant, vec4>
                  %9 = load %8 : vec4
                  %10 = load %8 : vec4
                  %11 = samplelod @tex, {0.5:float, 0.5:float}:vec2, 0.0:float : vec4
                  %12 = samplelod @tex, {0.5:float, 0.5:float}:vec2, 0.0:float : vec4
                  %13 = add %0, %1 : vec4
                  %14 = add %9, %10 : vec4
                  %15 = add %11, %12 : vec4
                  %16 = add %3, %5 : float
                  %17 = extract %7 [1] : float
                  store @q, %16
                  store @q, %17
                  store @p, %13
                  store @p, %14
                  store @p, %15
                  condbr %arg0, bb1, bb2
                bb1:
                  %18 = access @ubo, 1:int : ptr<uniform, float>
                  %19 = load %18 : float
                  store @q, %19
                  %20 = load @in0 : vec4
                  store @p, %20
                  br bb2
                bb2:
                  ret
                }
                """, """
                func @f(%arg0: bool) -> void {
                bb0: ; selection merge=bb2
                  %0 = load @in0 : vec4
                  %1 = access @ubo, 1:int : ptr<uniform, float>
                  %2 = load %1 : float
                  %3 = load @ubo : U
                  %4 = access @pc, 0:int : ptr<push_constant, vec4>
                  %5 = load %4 : vec4
                  %6 = samplelod @tex, {0.5:float, 0.5:float}:vec2, 0.0:float : vec4
                  %7 = add %0, %0 : vec4
                  %8 = add %5, %5 : vec4
                  %9 = add %6, %6 : vec4
                  %10 = add %2, %2 : float
                  %11 = extract %3 [1] : float
                  store @q, %10
                  store @q, %11
                  store @p, %7
                  store @p, %8
                  store @p, %9
                  condbr %arg0, bb1, bb2
                bb1:
                  store @q, %2
                  store @p, %0
                  br bb2
                bb2:
                  ret
                }
                """);
    }

    @Test
    void loadsFromWritableMemoryAreNeverMerged() {
        // locals, private globals, outputs and storage buffers; the storage access chains still merge
        cses("""
                func @f(%arg0: vec4) -> void {
                bb0:
                  %0 = alloca : ptr<function, vec4>
                  store %0, %arg0
                  %1 = load %0 : vec4
                  %2 = load %0 : vec4
                  %3 = load @p : vec4
                  %4 = load @p : vec4
                  %5 = load @out0 : vec4
                  %6 = load @out0 : vec4
                  %7 = access @ssbo, 0:int : ptr<storage, vec4>
                  %8 = load %7 : vec4
                  %9 = access @ssbo, 0:int : ptr<storage, vec4>
                  %10 = load %9 : vec4
                  %11 = sample @tex, {0.5:float, 0.5:float}:vec2 : vec4
                  %12 = sample @tex, {0.5:float, 0.5:float}:vec2 : vec4
                  %13 = intrinsic dFdx(%arg0) : vec4
                  %14 = intrinsic dFdx(%arg0) : vec4
                  %15 = intrinsic sin(%arg0) : vec4
                  %16 = intrinsic sin(%arg0) : vec4
                  %17 = construct %1, %2, %3, %4 : mat4
                  %18 = construct %5, %6, %8, %10 : mat4
                  %19 = construct %11, %12, %13, %14 : mat4
                  %20 = add %15, %16 : vec4
                  %21 = extract %17 [0] : vec4
                  %22 = extract %18 [0] : vec4
                  %23 = extract %19 [0] : vec4
                  store @p, %20
                  store @p, %21
                  store @p, %22
                  store @p, %23
                  ret
                }
                """, """
                func @f(%arg0: vec4) -> void {
                bb0:
                  %0 = alloca : ptr<function, vec4>
                  store %0, %arg0
                  %1 = load %0 : vec4
                  %2 = load %0 : vec4
                  %3 = load @p : vec4
                  %4 = load @p : vec4
                  %5 = load @out0 : vec4
                  %6 = load @out0 : vec4
                  %7 = access @ssbo, 0:int : ptr<storage, vec4>
                  %8 = load %7 : vec4
                  %9 = load %7 : vec4
                  %10 = sample @tex, {0.5:float, 0.5:float}:vec2 : vec4
                  %11 = sample @tex, {0.5:float, 0.5:float}:vec2 : vec4
                  %12 = intrinsic dFdx(%arg0) : vec4
                  %13 = intrinsic dFdx(%arg0) : vec4
                  %14 = intrinsic sin(%arg0) : vec4
                  %15 = construct %1, %2, %3, %4 : mat4
                  %16 = construct %5, %6, %8, %9 : mat4
                  %17 = construct %10, %11, %12, %13 : mat4
                  %18 = add %14, %14 : vec4
                  %19 = extract %15 [0] : vec4
                  %20 = extract %16 [0] : vec4
                  %21 = extract %17 [0] : vec4
                  store @p, %18
                  store @p, %19
                  store @p, %20
                  store @p, %21
                  ret
                }
                """);
    }

    @Test
    void aPhiOnABackEdgeAndAnUnreachableBlockSeeTheReplacement() {
        cses("""
                func @g(%arg0: int) -> int {
                bb0:
                  %0 = add %arg0, 1:int : int
                  br bb1
                bb1: ; loop merge=bb3 continue=bb2
                  %1 = phi [%0, bb0], [%3, bb2] : int
                  %2 = lt %1, 10:int : bool
                  condbr %2, bb2, bb3
                bb2:
                  %3 = add %arg0, 1:int : int
                  %4 = add %1, %3 : int
                  store @n, %4
                  br bb1
                bb3:
                  %5 = add %arg0, 1:int : int
                  ret %5
                bb4:
                  %6 = mul %3, %5 : int
                  ret %6
                }
                """, """
                func @g(%arg0: int) -> int {
                bb0:
                  %0 = add %arg0, 1:int : int
                  br bb1
                bb1: ; loop merge=bb3 continue=bb2
                  %1 = phi [%0, bb0], [%0, bb2] : int
                  %2 = lt %1, 10:int : bool
                  condbr %2, bb2, bb3
                bb2:
                  %3 = add %1, %0 : int
                  store @n, %3
                  br bb1
                bb3:
                  ret %0
                bb4:
                  %4 = mul %0, %0 : int
                  ret %4
                }
                """);
    }

    @Test
    void reportsNoChangeWhenNothingRepeats() {
        unchanged(CSE, GLOBALS + """
                func @f(%arg0: float) -> float {
                bb0:
                  %0 = add %arg0, 1.0:float : float
                  %1 = mul %0, %0 : float
                  ret %1
                }
                """);
    }
}
