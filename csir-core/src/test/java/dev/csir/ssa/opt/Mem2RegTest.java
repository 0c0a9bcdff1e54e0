package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Mem2RegTest {
    private static final String HEAD = """
            global @uv : ptr<input, vec2> location=0
            global @c : ptr<output, vec4> location=0
            entry fragment @main(@uv, @c)

            """;

    @Test
    void aLoopCounterAndAConditionallyUpdatedSumBecomePhis() {
        String in = HEAD + """
                func @main() -> void {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float> ; s
                  %1 = alloca : ptr<function, int> ; i
                  store %0, 0.0:float
                  store %1, 0:int
                  br bb1
                bb1: ; loop merge=bb7 continue=bb4 (for.header)
                  br bb2
                bb2: ; (for.check)
                  %2 = load %1 : int ; i
                  %3 = lt %2, 4:int : bool
                  condbr %3, bb3, bb7
                bb3: ; selection merge=bb6 (for.body)
                  %4 = load @uv : vec2 ; uv
                  %5 = extract %4 [0] : float
                  %6 = gt %5, 0.5:float : bool
                  condbr %6, bb5, bb6
                bb4: ; (for.continue)
                  %7 = load %1 : int ; i
                  %8 = add %7, 1:int : int
                  store %1, %8
                  br bb1
                bb5: ; (if.then)
                  %9 = load %0 : float ; s
                  %10 = add %9, 1.0:float : float
                  store %0, %10
                  br bb6
                bb6: ; (if.merge)
                  br bb4
                bb7: ; (for.merge)
                  %11 = load %0 : float ; s
                  %12 = construct %11, %11, %11, 1.0:float : vec4
                  store @c, %12
                  ret
                }
                """;
        assertThat(PassTesting.run(new Mem2Reg(), in)).isEqualTo(HEAD + """
                func @main() -> void {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb7 continue=bb4 (for.header)
                  %0 = phi [0.0:float, bb0], [%8, bb4] : float ; s
                  %1 = phi [0:int, bb0], [%6, bb4] : int ; i
                  br bb2
                bb2: ; (for.check)
                  %2 = lt %1, 4:int : bool
                  condbr %2, bb3, bb7
                bb3: ; selection merge=bb6 (for.body)
                  %3 = load @uv : vec2 ; uv
                  %4 = extract %3 [0] : float
                  %5 = gt %4, 0.5:float : bool
                  condbr %5, bb5, bb6
                bb4: ; (for.continue)
                  %6 = add %1, 1:int : int
                  br bb1
                bb5: ; (if.then)
                  %7 = add %0, 1.0:float : float
                  br bb6
                bb6: ; (if.merge)
                  %8 = phi [%0, bb3], [%7, bb5] : float ; s
                  br bb4
                bb7: ; (for.merge)
                  %9 = construct %0, %0, %0, 1.0:float : vec4
                  store @c, %9
                  ret
                }
                """);
    }

    @Test
    void aReadBeforeAnyWriteSeesUndefAndOnlyLiveBlocksGetPhis() {
        String in = HEAD + """
                func @main() -> void {
                bb0: ; selection merge=bb2 (entry)
                  %0 = alloca : ptr<function, float> ; x
                  %1 = load @uv : vec2 ; uv
                  %2 = extract %1 [0] : float
                  %3 = gt %2, 0.0:float : bool
                  condbr %3, bb1, bb2
                bb1: ; (then)
                  store %0, 1.0:float
                  br bb2
                bb2: ; (merge)
                  %4 = load %0 : float ; x
                  %5 = construct %4, %4, %4, %4 : vec4
                  store @c, %5
                  ret
                }
                """;
        assertThat(PassTesting.run(new Mem2Reg(), in)).isEqualTo(HEAD + """
                func @main() -> void {
                bb0: ; selection merge=bb2 (entry)
                  %0 = load @uv : vec2 ; uv
                  %1 = extract %0 [0] : float
                  %2 = gt %1, 0.0:float : bool
                  condbr %2, bb1, bb2
                bb1: ; (then)
                  br bb2
                bb2: ; (merge)
                  %3 = phi [undef:float, bb0], [1.0:float, bb1] : float ; x
                  %4 = construct %3, %3, %3, %3 : vec4
                  store @c, %4
                  ret
                }
                """);
    }

    @Test
    void aLocalWhoseAddressEscapesIntoAnAccessChainStays() {
        PassTesting.unchanged(new Mem2Reg(), HEAD + """
                func @main() -> void {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, vec4> ; v
                  store %0, {0.0:float, 0.0:float, 0.0:float, 0.0:float}:vec4
                  %1 = access %0, 1:int : ptr<function, float>
                  store %1, 1.0:float
                  %2 = load %0 : vec4 ; v
                  store @c, %2
                  ret
                }
                """);
    }
}
