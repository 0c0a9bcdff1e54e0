package dev.csir.tocsir;

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

    /**
     * The whole pipeline on a small shader: normalize through DOT, RSQ and a splat, the uniform
     * loaded where it is first needed, temporaries reused as soon as a value dies (an operation
     * may write the temporary it reads: three in all), the vec4 assembled in the uniform's own
     * temporary with one SETLANE.
     */
    @Test
    void lightingFragmentLowersToThreeTemporaries() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "t", """
                in vec3 n;
                uniform vec3 l;
                out vec4 c;
                void main() {
                    vec3 m = normalize(n);
                    float d = max(dot(m, l), 0.0);
                    c = vec4(l.xyz, d);
                }
                """);
        assertThat(r.ok()).isTrue();
        assertThat(r.irDump()).isEqualTo("""
                shader t
                stage fragment
                input vec3 n
                uniform vec3 l slot 0
                output vec4 c
                block 0:
                  %0 = load_var
                  %1 = dot %0 %0 aux 3
                  %1 = rsq %1
                  %1 = swz %1
                  %0 = mul %0 %1
                  %1 = load_uni aux 0
                  %0 = dot %0 %1 aux 3
                  %2 = const
                  %0 = max %0 %2
                  %1 = lane %0 aux 3
                  store_color %1
                """);
    }

    /**
     * The 20-line Blinn-Phong example (three normalize, pow, sin, cos, length, mix: the kind
     * the direct lowering needed 121 temporaries for) fits every pool of the ChrisOS profile and
     * its 3600-byte TGSI budget.
     */
    @Test
    void blinnPhongFitsTheChrisosProfile() throws java.io.IOException {
        String src = java.nio.file.Files.readString(java.nio.file.Path.of("..", "examples", "blinn.frag"));
        assertThat(src.lines().count()).isLessThanOrEqualTo(20);
        assertThat(src).contains("normalize(", "pow(", "sin(", "cos(", "length(", "mix(");
        assertThat(src.split("normalize\\(", -1).length - 1).isGreaterThanOrEqualTo(3);
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "blinn.frag", src,
                CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.ir().temps()).isLessThanOrEqualTo(16);
        assertThat(r.tgsi().length()).isLessThanOrEqualTo(3600);
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

    /** The default profile's counts (16, 32, 32, 1024); ProfileSlotsTest has both profiles. */
    @Test
    void slotLimitsAtTheEdgeAndOnePast() {
        assertThat(ok(Stage.VERTEX, decls("in float a%d;", 16) + MAIN).iface().attrHi()).isEqualTo(15);
        assertThat(firstError(Stage.VERTEX, decls("in float a%d;", 17) + MAIN)).isEqualTo("1:1: too many attributes");
        assertThat(ok(Stage.VERTEX, decls("out float v%d;", 32) + MAIN).iface().varHi()).isEqualTo(31);
        assertThat(firstError(Stage.VERTEX, decls("out float v%d;", 33) + MAIN)).isEqualTo("1:1: too many varyings");
        assertThat(ok(Stage.VERTEX, decls("uniform sampler2D s%d;", 32) + MAIN).iface().sampHi()).isEqualTo(31);
        assertThat(firstError(Stage.VERTEX, decls("uniform sampler2D s%d;", 33) + MAIN))
                .isEqualTo("1:1: too many samplers");
        assertThat(ok(Stage.VERTEX, decls("uniform mat4 m%d;", 256) + MAIN).iface().uniHi()).isEqualTo(1023);
        assertThat(ok(Stage.VERTEX, decls("uniform mat3 m%d;", 340) + "uniform vec2 x;\nuniform float y;\n"
                + "uniform vec4 z;\nuniform float w;\n" + MAIN).iface().uniHi()).isEqualTo(1023);
        assertThat(firstError(Stage.VERTEX, "uniform float z;\n" + decls("uniform mat4 m%d;", 256) + MAIN))
                .isEqualTo("1:1: too many uniforms");
        assertThat(firstError(Stage.VERTEX, "layout(location = 16) in vec4 p;\n" + MAIN))
                .isEqualTo("1:1: attribute location conflict");
        // a location given twice is found by the checker, at the second declaration
        assertThat(firstError(Stage.VERTEX, "layout(location = 2) in vec4 p;\nlayout(location = 2) in vec4 q;\n" + MAIN))
                .isEqualTo("2:30: attribute location conflict");
        assertThat(firstError(Stage.VERTEX, "layout(location = 3) out vec4 p;\nlayout(location = 3) out vec4 q;\n"
                + MAIN)).isEqualTo("2:31: location conflict");
        assertThat(firstError(Stage.FRAGMENT, "layout(location = 32) in vec4 p;\nout vec4 c;\nvoid main() { c = p; }"))
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
        // GLSL lets a vertex shader leave gl_Position unwritten and a fragment shader have no output
        ok(Stage.VERTEX, "void main() { }");
        ok(Stage.FRAGMENT, "void main() { }");
        // a vec3 colour is GLSL: stored with alpha 1
        assertThat(Shaders.run(Shaders.ok(Stage.FRAGMENT, "out vec3 c;\nvoid main() { c = vec3(0.25, 0.5, 0.75); }")).run()
                .color()).containsExactly(0.25f, 0.5f, 0.75f, 1f);
        // two colour outputs at locations 0 and 1; the ChrisOS profile keeps the original's one
        ok(Stage.FRAGMENT, "out vec4 c;\nout vec4 d;\nvoid main() { }");
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", "out vec4 c;\nout vec4 d;\nvoid main() { }",
                CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
        assertThat(chrisos.diagnostics().getFirst().message()).isEqualTo("only one fragment output is supported");
        assertThat(firstError(Stage.VERTEX, "void main() { float a = 1.0; float a = 2.0; gl_Position = vec4(a); }"))
                .isEqualTo("1:36: duplicate symbol");
    }

    @Test
    void matrixSwizzleAndBadSwizzleAreLocatedAtTheSwizzle() {
        assertThat(firstError(Stage.VERTEX, "void main() {\n  vec2 v = vec2(1.0, 2.0);\n  gl_Position = vec4(v.z);\n}"))
                .isEqualTo("3:23: invalid swizzle");
        assertThat(firstError(Stage.VERTEX, "uniform mat4 m;\nvoid main() { gl_Position = m.xyzw; }"))
                .isEqualTo("2:30: cannot swizzle a matrix");
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
