package dev.csir.lower;

import static dev.csir.testing.Shaders.firstError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.Shaders;
import org.junit.jupiter.api.Test;

/** Lowering from source: IR shape, slot binding and its limits, program-level errors. */
class LoweringTest {
    static ShaderIr ok(Stage stage, String src) {
        return Shaders.ok(stage, src).ir();
    }

    @Test
    void lightingFragmentLowersLikeTheOriginal() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "t", """
                in vec3 n;
                uniform vec3 l;
                out vec4 c;
                void main() {
                    vec3 m = normalize(n);
                    float d = max(dot(m, l), 0.0);
                    c = vec4(l.xyz, d);
                }
                """, CompileOptions.DEFAULT.withOptimize(false));
        assertThat(r.ok()).isTrue();
        assertThat(r.irDump()).isEqualTo("""
                shader t
                stage fragment
                input vec3 n
                uniform vec3 l slot 0
                output vec4 c
                block 0:
                  %0 = load_fragcoord
                  %1 = load_var
                  %2 = load_uni aux 0
                  %4 = const
                  %3 = mov %4
                  %6 = dot %1 %1 aux 3
                  %7 = rsq %6
                  %8 = swz %7
                  %9 = mul %1 %8
                  %5 = mov %9
                  %11 = dot %5 %2 aux 3
                  %12 = const aux 4
                  %13 = max %11 %12
                  %10 = mov %13
                  %14 = swz %2 aux 36
                  %16 = const aux 5
                  %15 = mov %16
                  %15 = lane %14
                  %15 = lane %14 aux 1
                  %15 = lane %14 aux 2
                  %15 = lane %10 aux 3
                  %3 = mov %15
                  store_color %3
                """);
    }

    @Test
    void slotsFollowExplicitLocationsThenDeclarationOrder() {
        ShaderIr ir = ok(Stage.VERTEX, """
                layout(location = 1) in vec4 a;
                in vec4 b;
                in vec4 c;
                layout(location = 0) out vec2 v0;
                out vec3 v1;
                uniform mat4 m;
                uniform sampler2D s0;
                uniform mat3 n;
                uniform float f;
                uniform sampler2D s1;
                void main() {
                    gl_Position = a;
                    v0 = vec2(0.0);
                    v1 = vec3(0.0);
                }
                """);
        assertThat(ir.iface().vars()).extracting(v -> v.name() + "=" + v.slot())
                .containsExactly("a=1", "b=0", "c=2", "v0=0", "v1=1", "m=0", "s0=0", "n=4", "f=7", "s1=1");
        assertThat(ir.iface().attrHi()).isEqualTo(2);
        assertThat(ir.iface().uniHi()).isEqualTo(7);
        assertThat(ir.iface().sampHi()).isEqualTo(1);
        assertThat(ir.iface().varHi()).isEqualTo(1);
    }

    static String decls(String format, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(format.formatted(i)).append('\n');
        }
        return sb.toString();
    }

    static final String MAIN = "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n";

    @Test
    void slotLimitsAtTheEdgeAndOnePast() {
        assertThat(ok(Stage.VERTEX, decls("in float a%d;", 8) + MAIN).iface().attrHi()).isEqualTo(7);
        assertThat(firstError(Stage.VERTEX, decls("in float a%d;", 9) + MAIN)).isEqualTo("1:1: too many attributes");
        assertThat(ok(Stage.VERTEX, decls("out float v%d;", 8) + MAIN).iface().varHi()).isEqualTo(7);
        assertThat(firstError(Stage.VERTEX, decls("out float v%d;", 9) + MAIN)).isEqualTo("1:1: too many varyings");
        assertThat(ok(Stage.VERTEX, decls("uniform sampler2D s%d;", 4) + MAIN).iface().sampHi()).isEqualTo(3);
        assertThat(firstError(Stage.VERTEX, decls("uniform sampler2D s%d;", 5) + MAIN))
                .isEqualTo("1:1: too many samplers");
        assertThat(ok(Stage.VERTEX, decls("uniform mat4 m%d;", 8) + MAIN).iface().uniHi()).isEqualTo(31);
        assertThat(ok(Stage.VERTEX, decls("uniform mat3 m%d;", 10) + "uniform vec2 x;\nuniform float y;\n" + MAIN)
                .iface().uniHi()).isEqualTo(31);
        assertThat(firstError(Stage.VERTEX, "uniform float z;\n" + decls("uniform mat4 m%d;", 8) + MAIN))
                .isEqualTo("1:1: too many uniforms");
        assertThat(firstError(Stage.VERTEX, "layout(location = 8) in vec4 p;\n" + MAIN))
                .isEqualTo("1:1: attribute location conflict");
        assertThat(firstError(Stage.VERTEX, "layout(location = 2) in vec4 p;\nlayout(location = 2) in vec4 q;\n" + MAIN))
                .isEqualTo("1:1: attribute location conflict");
        assertThat(firstError(Stage.VERTEX, "layout(location = 3) out vec4 p;\nlayout(location = 3) out vec4 q;\n"
                + MAIN)).isEqualTo("1:1: location conflict");
        assertThat(firstError(Stage.FRAGMENT, "layout(location = 9) in vec4 p;\nout vec4 c;\nvoid main() { c = p; }"))
                .isEqualTo("1:1: location conflict");
    }

    @Test
    void explicitLocationsLeaveGaps() {
        ShaderIr ir = ok(Stage.VERTEX, "layout(location = 5) in vec4 p;\nvoid main() { gl_Position = p; }\n");
        assertThat(ir.iface().attrHi()).isEqualTo(5);
        assertThat(Shaders.run(Shaders.ok(Stage.VERTEX,
                "layout(location = 5) in vec4 p;\nvoid main() { gl_Position = p; }\n")).attribute("p", 1, 2, 3, 4)
                .run().position()).containsExactly(1f, 2f, 3f, 4f);
    }

    @Test
    void programLevelErrors() {
        assertThat(firstError(Stage.VERTEX, "float x;\n")).isEqualTo("1:1: missing main");
        assertThat(firstError(Stage.VERTEX, "float main() { return 1.0; }")).isEqualTo("1:1: main must be void main()");
        assertThat(firstError(Stage.VERTEX, "void main(float a) { }")).isEqualTo("1:1: main must be void main()");
        assertThat(firstError(Stage.VERTEX, "void main() { }")).isEqualTo("1:1: vertex shader does not write gl_Position");
        assertThat(firstError(Stage.FRAGMENT, "void main() { }")).isEqualTo("1:1: fragment shader has no output");
        assertThat(firstError(Stage.FRAGMENT, "out vec3 c;\nvoid main() { }")).isEqualTo("1:1: fragment output must be vec4");
        assertThat(firstError(Stage.FRAGMENT, "out vec4 c;\nout vec4 d;\nvoid main() { }"))
                .isEqualTo("1:1: only one fragment output is supported");
        assertThat(firstError(Stage.VERTEX, "void main() { float a = 1.0; float a = 2.0; gl_Position = vec4(a); }"))
                .isEqualTo("1:1: duplicate symbol");
    }

    @Test
    void matrixSwizzleAndBadSwizzleAreAtOneOne() {
        assertThat(firstError(Stage.VERTEX, "void main() {\n  vec2 v = vec2(1.0, 2.0);\n  gl_Position = vec4(v.z);\n}"))
                .isEqualTo("1:1: invalid swizzle");
        assertThat(firstError(Stage.VERTEX, "uniform mat4 m;\nvoid main() { gl_Position = m.xyzw; }"))
                .isEqualTo("1:1: cannot swizzle a matrix");
    }

    @Test
    void globalConstInitializerIsReadable() {
        ok(Stage.VERTEX, "const float k = 2.0;\nvoid main() { gl_Position = vec4(k, 0.0, 0.0, 1.0); }");
    }

    @Test
    void optimizedShaderKeepsNoDeadResult() {
        CompileResult r = Shaders.ok(Stage.VERTEX, """
                in vec4 p;
                void main() {
                    vec4 unused = p * 3.0;
                    gl_Position = p;
                }
                """);
        assertThat(r.irDump()).doesNotContain("mul");
        assertThat(r.tgsi()).doesNotContain("MUL");
    }
}
