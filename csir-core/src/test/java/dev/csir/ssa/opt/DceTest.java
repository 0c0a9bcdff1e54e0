package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DceTest {
    private static final String HEAD = """
            global @x : ptr<input, float> location=0
            global @c : ptr<output, vec4> location=0
            entry fragment @main(@x, @c)

            """;

    @Test
    void unusedValuesAndLocalsOnlyStoredToGoAndEffectsStay() {
        String in = HEAD + """
                func @main() -> void {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float> ; never.read
                  %1 = load @x : float ; x
                  %2 = mul %1, %1 : float
                  %3 = intrinsic sin(%2) : float
                  store %0, %3
                  %4 = add %1, 1.0:float : float
                  %5 = construct %4, %4, %4, %4 : vec4
                  store @c, %5
                  ret
                }
                """;
        assertThat(PassTesting.run(new Dce(), in)).isEqualTo(HEAD + """
                func @main() -> void {
                bb0: ; (entry)
                  %0 = load @x : float ; x
                  %1 = add %0, 1.0:float : float
                  %2 = construct %1, %1, %1, %1 : vec4
                  store @c, %2
                  ret
                }
                """);
    }

    @Test
    void nothingDeadIsLeftAlone() {
        PassTesting.unchanged(new Dce(), HEAD + """
                func @main() -> void {
                bb0: ; (entry)
                  %0 = load @x : float ; x
                  %1 = construct %0, %0, %0, %0 : vec4
                  store @c, %1
                  ret
                }
                """);
    }
}
