package dev.csir.tocsir;

import static dev.csir.testing.Shaders.firstError;
import static dev.csir.testing.Shaders.vertex;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Stage;
import dev.csir.testing.Shaders;
import dev.csir.testing.Shaders.Run;
import org.junit.jupiter.api.Test;

/**
 * Values of compiled shaders on the interpreter, with one case per bug of the original that csir
 * fixes (chrisos-original.md §10 items 1 to 7), each showing the correct value.
 */
class LoweringValueTest {
    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    static final float[] SCALE_SHIFT = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 1, 1, 1};

    static float[] position(String src, float... p) {
        return vertex(src).attribute("p", p).run().position();
    }

    @Test
    void bug1MatrixConstructorsAndCopiesKeepEveryColumn() {
        // the original's dead-result pass dropped columns 1..3: (2,0,0,0)
        assertThat(position("""
                in vec4 p;
                void main() { gl_Position = mat4(2.0) * p; }
                """, 1, 2, 3, 1)).containsExactly(2f, 4f, 6f, 2f);
        Run copy = vertex("""
                in vec4 p;
                uniform mat4 u;
                void main() {
                    mat4 m = u;
                    gl_Position = m * p;
                }
                """);
        assertThat(copy.matrix("u", 4, SCALE_SHIFT).attribute("p", 1, 2, 3, 1).run().position())
                .containsExactly(3f, 7f, 13f, 1f);
        assertThat(position("""
                in vec4 p;
                void main() {
                    mat4 m = mat4(vec4(1.0, 0.0, 0.0, 0.0), vec4(0.0, 1.0, 0.0, 0.0),
                                  vec4(0.0, 0.0, 1.0, 0.0), vec4(10.0, 20.0, 30.0, 1.0));
                    gl_Position = m * p;
                }
                """, 1, 2, 3, 1)).containsExactly(11f, 22f, 33f, 1f);
        assertThat(position("""
                in vec4 p;
                void main() {
                    mat3 m = mat3(vec3(0.0, 1.0, 0.0), vec3(-1.0, 0.0, 0.0), vec3(0.0, 0.0, 2.0));
                    gl_Position = vec4(m * p.xyz, 1.0);
                }
                """, 1, 2, 3, 1)).containsExactly(-2f, 1f, 6f, 1f);
    }

    @Test
    void bug2MatrixParameterCopiesEveryColumn() {
        Run vs = vertex("""
                in vec4 p;
                uniform mat4 u;
                vec4 apply(mat4 a, vec4 v) {
                    return a * v;
                }
                void main() { gl_Position = apply(u, p); }
                """);
        assertThat(vs.matrix("u", 4, SCALE_SHIFT).attribute("p", 1, 2, 3, 1).run().position())
                .containsExactly(3f, 7f, 13f, 1f);
    }

    @Test
    void bug3RowVectorScalarAndSumUseEveryColumn() {
        float[] m = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
        Run vm = vertex("""
                in vec4 p;
                uniform mat4 u;
                void main() { gl_Position = p * u; }
                """);
        // p * u is the dot of p with each column: the original gave (p.x, 0, 0, 0) for the identity
        assertThat(vm.matrix("u", 4, m).attribute("p", 1, 2, 3, 1).run().position())
                .containsExactly(18f, 46f, 74f, 102f);
        Run sum = vertex("""
                in vec4 p;
                uniform mat4 u;
                void main() { gl_Position = (2.0 * u + u - u * 1.0 + u) * p; }
                """);
        assertThat(sum.matrix("u", 4, IDENTITY).attribute("p", 1, 2, 3, 1).run().position())
                .containsExactly(3f, 6f, 9f, 3f);
    }

    @Test
    void bug4KnownConstantsDoNotLeakOutOfBranches() {
        Run vs = vertex("""
                uniform float c;
                void main() {
                    float x = 0.0;
                    float y = 5.0;
                    if (c > 0.5) {
                        x = 1.0;
                    } else {
                        y = x + 2.0;
                    }
                    gl_Position = vec4(x, y, 0.0, 1.0);
                }
                """);
        assertThat(vs.uniform("c", 0f).run().position()).containsExactly(0f, 2f, 0f, 1f);
        assertThat(vs.uniform("c", 1f).run().position()).containsExactly(1f, 5f, 0f, 1f);
    }

    @Test
    void bug5ReturnsAnywhereAndMatchTheType() {
        // an early return is GLSL: the inlined callee breaks out of a loop that runs once
        assertThat(position("""
                in vec4 p;
                float g(float x) {
                    if (x > 0.0) return 5.0;
                    return 7.0;
                }
                void main() { gl_Position = vec4(g(p.x), g(-p.x), 0.0, 1.0); }
                """, 1, 0, 0, 1)).containsExactly(5f, 7f, 0f, 1f);
        assertThat(firstError(Stage.VERTEX, """
                float f() {
                    return vec4(1.0, 2.0, 3.0, 4.0);
                }
                void main() { gl_Position = vec4(f()); }
                """)).isEqualTo("2:5: type mismatch in return");
        assertThat(position("""
                in vec4 p;
                float g(float x) {
                    float r = 7.0;
                    if (x > 0.0) { r = 5.0; }
                    return r;
                }
                void main() { gl_Position = vec4(g(p.x), g(-p.x), 0.0, 1.0); }
                """, 1, 0, 0, 1)).containsExactly(5f, 7f, 0f, 1f);
    }

    @Test
    void bug6CalleeSeesGlobalsAndParametersOnly() {
        assertThat(position("""
                in vec4 p;
                float y = 10.0;
                float f(float a) { return a + y; }
                void main() {
                    float y = 1.0;
                    gl_Position = vec4(f(2.0), y, 0.0, 1.0);
                }
                """, 0, 0, 0, 1)).containsExactly(12f, 1f, 0f, 1f);
        assertThat(firstError(Stage.VERTEX, """
                float g(float a) { return a + z; }
                void main() {
                    float z = 1.0;
                    gl_Position = vec4(g(2.0));
                }
                """)).isEqualTo("1:31: unknown identifier");
    }

    @Test
    void bug7GlobalInitializersAreHonoured() {
        assertThat(position("""
                in vec4 p;
                const float k = 2.0;
                float base = 0.5;
                vec3 offset = vec3(1.0, 2.0, 3.0);
                void main() { gl_Position = vec4(offset * k + vec3(base), 1.0); }
                """, 0, 0, 0, 1)).containsExactly(2.5f, 4.5f, 6.5f, 1f);
        assertThat(firstError(Stage.VERTEX, """
                const float k = 2.0;
                void main() {
                    k = 3.0;
                    gl_Position = vec4(k);
                }
                """)).isEqualTo("3:7: cannot assign to const");
    }

    @Test
    void phiCopiesThatFormACycleGoThroughAScratchTemporary() {
        // a and b swap on every back edge: the parallel copy a <- b, b <- a is a cycle
        String src = """
                in vec4 p;
                void main() {
                    float a = p.x;
                    float b = p.y;
                    float c = p.z;
                    for (int i = 0; i < int(p.w); i++) {
                        float t = a;
                        a = b;
                        b = c;
                        c = t;
                    }
                    gl_Position = vec4(a, b, c, 1.0);
                }
                """;
        assertThat(position(src, 1, 2, 3, 4)).containsExactly(2f, 3f, 1f, 1f);
        assertThat(position(src, 1, 2, 3, 3)).containsExactly(1f, 2f, 3f, 1f);
        assertThat(position(src, 1, 2, 3, 0)).containsExactly(1f, 2f, 3f, 1f);
    }

    @Test
    void loopsRunWithTheirCounters() {
        assertThat(position("""
                in vec4 p;
                void main() {
                    float s = 0.0;
                    vec4 v = vec4(0.0);
                    for (int i = 0; i < 4; i++) {
                        s = s + float(i);
                    }
                    for (int j = 3; j >= 0; j--) {
                        s = s + p[j];
                    }
                    gl_Position = vec4(s, 0.0, 0.0, 1.0);
                }
                """, 1, 2, 3, 4)).containsExactly(16f, 0f, 0f, 1f);
        // a run-time trip count, a break and a continue: s = 0 + 2 + 4 (odd i skipped, stop at 5)
        assertThat(position("""
                in vec4 p;
                void main() {
                    float s = 0.0;
                    for (int i = 0; i < int(p.x); i++) {
                        if (i == 5) { break; }
                        if (i - 2 * (i / 2) == 1) { continue; }
                        s = s + float(i);
                    }
                    gl_Position = vec4(s, 0.0, 0.0, 1.0);
                }
                """, 100, 0, 0, 1)).containsExactly(6f, 0f, 0f, 1f);
        assertThat(Shaders.ok(Stage.VERTEX, """
                in vec4 p;
                void main() {
                    float s = 0.0;
                    for (int i = 0; i < int(p.x); i++) { s = s + 1.0; }
                    gl_Position = vec4(s);
                }
                """).irDump()).contains("loop", "break", "endloop");
    }

    @Test
    void nestedCallsAndMatrixProducts() {
        Run vs = vertex("""
                in vec4 p;
                uniform mat4 a;
                uniform mat4 b;
                vec4 twice(vec4 v) { return v * 2.0; }
                vec4 both(mat4 m, vec4 v) { return twice(m * v); }
                void main() { gl_Position = both(a * b, p); }
                """);
        vs.matrix("a", 4, SCALE_SHIFT).matrix("b", 4, SCALE_SHIFT).attribute("p", 1, 1, 1, 1).run();
        // a*b scales by (4,9,16) and shifts by (3,4,5)
        assertThat(vs.position()).containsExactly(14f, 26f, 42f, 2f);
    }
}
