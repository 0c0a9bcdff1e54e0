package dev.csir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.Messages;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.Stage;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The interface slot limits of both profiles from source: a shader at each limit N compiles with
 * its high-water mark at N - 1, one at N + 1 fails with the limit's message, located as the
 * compiler locates interface errors (at 1:1, the shader as a whole, as the original did). The
 * default profile: 16 attributes, 32 varyings each way, 1024 uniform vec4 slots, 32 samplers;
 * ChrisOS: 8, 8, 32 and 4.
 */
class ProfileSlotsTest {

    static Stream<Arguments> profiles() {
        return Stream.of(Arguments.of("default", Limits.DEFAULT, 16, 32, 1024, 32),
                Arguments.of("chrisos", Limits.CHRISOS, 8, 8, 32, 4));
    }

    private static CompileResult compile(Limits limits, Stage stage, String source) {
        return ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "t.vert" : "t.frag", source,
                CompileOptions.DEFAULT.withLimits(limits));
    }

    private static ShaderInterface compiles(Limits limits, Stage stage, String source) {
        CompileResult r = compile(limits, stage, source);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir().iface();
    }

    /** The first error, whole: file, line, column, severity, message, then the source line and caret. */
    private static String firstError(Limits limits, Stage stage, String source) {
        CompileResult r = compile(limits, stage, source);
        assertThat(r.ok()).as("compiled but should fail").isFalse();
        Diagnostic d = r.diagnostics().getFirst();
        return d.render();
    }

    private static String lines(int n, String format) {
        return IntStream.range(0, n).mapToObj(format::formatted).collect(Collectors.joining("\n", "", "\n"));
    }

    private static final String POSITION = "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n";
    private static final String COLOUR = "out vec4 c;\nvoid main() { c = vec4(1.0); }\n";

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void attributes(String name, Limits limits, int n, int varyings, int uniforms, int samplers) {
        assertThat(limits.attributeSlots()).isEqualTo(n);
        assertThat(compiles(limits, Stage.VERTEX, lines(n, "in float a%d;") + POSITION).attrHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.VERTEX, lines(n + 1, "in float a%d;") + POSITION))
                .isEqualTo("t.vert:1:1: error: " + Messages.TOO_MANY_ATTRIBUTES + "\nin float a0;\n^\n");
        // a location the source gives must be one of the N as well
        assertThat(compiles(limits, Stage.VERTEX, "layout(location = " + (n - 1) + ") in vec4 p;\n"
                + "void main() { gl_Position = p; }\n").attrHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.VERTEX, "layout(location = " + n + ") in vec4 p;\n" + POSITION))
                .startsWith("t.vert:1:1: error: " + Messages.ATTRIBUTE_LOCATION_CONFLICT + "\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void varyingsOutOfTheVertexShader(String name, Limits limits, int attributes, int n, int uniforms,
            int samplers) {
        assertThat(limits.varyingSlots()).isEqualTo(n);
        String writes = IntStream.range(0, n).mapToObj(i -> "v" + i + " = vec4(" + i + ".0); ")
                .collect(Collectors.joining());
        String body = "void main() { " + writes + "gl_Position = vec4(0.0); }\n";
        assertThat(compiles(limits, Stage.VERTEX, lines(n, "out vec4 v%d;") + body).varHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.VERTEX, lines(n + 1, "out vec4 v%d;") + body))
                .isEqualTo("t.vert:1:1: error: " + Messages.TOO_MANY_VARYINGS + "\nout vec4 v0;\n^\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void varyingsIntoTheFragmentShader(String name, Limits limits, int attributes, int n, int uniforms,
            int samplers) {
        String sum = IntStream.range(0, n).mapToObj(i -> "v" + i).collect(Collectors.joining(" + "));
        String body = "out vec4 c;\nvoid main() { c = " + sum + "; }\n";
        assertThat(compiles(limits, Stage.FRAGMENT, lines(n, "in vec4 v%d;") + body).varHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.FRAGMENT, lines(n + 1, "in vec4 v%d;") + body))
                .isEqualTo("t.frag:1:1: error: " + Messages.TOO_MANY_VARYINGS + "\nin vec4 v0;\n^\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void uniformVec4Slots(String name, Limits limits, int attributes, int varyings, int n, int samplers) {
        assertThat(limits.uniformSlots()).isEqualTo(n);
        // one slot per float, the last one read
        String floats = lines(n, "uniform float f%d;");
        assertThat(compiles(limits, Stage.VERTEX, floats + "void main() { gl_Position = vec4(f" + (n - 1) + "); }\n")
                .uniHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.VERTEX, floats + "uniform float extra;\n" + POSITION))
                .isEqualTo("t.vert:1:1: error: " + Messages.TOO_MANY_UNIFORMS + "\nuniform float f0;\n^\n");
        // a mat4 takes four slots: N/4 of them fill the profile, one float more is over
        String mats = lines(n / 4, "uniform mat4 m%d;");
        assertThat(compiles(limits, Stage.FRAGMENT, mats + "out vec4 c;\nvoid main() { c = m" + (n / 4 - 1)
                + " * vec4(1.0); }\n").uniHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.FRAGMENT, mats + "uniform float extra;\n" + COLOUR))
                .startsWith("t.frag:1:1: error: " + Messages.TOO_MANY_UNIFORMS + "\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void samplers(String name, Limits limits, int attributes, int varyings, int uniforms, int n) {
        assertThat(limits.samplerSlots()).isEqualTo(n);
        String decls = lines(n, "uniform sampler2D s%d;");
        String sample = "out vec4 c;\nvoid main() { c = texture(s" + (n - 1) + ", vec2(0.5)); }\n";
        assertThat(compiles(limits, Stage.FRAGMENT, decls + sample).sampHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.FRAGMENT, decls + "uniform sampler2D extra;\n" + COLOUR))
                .isEqualTo("t.frag:1:1: error: " + Messages.TOO_MANY_SAMPLERS + "\nuniform sampler2D s0;\n^\n");
        // a vertex shader has the same sampler slots
        assertThat(compiles(limits, Stage.VERTEX, decls + "void main() { gl_Position = texture(s" + (n - 1)
                + ", vec2(0.5)); }\n").sampHi()).isEqualTo(n - 1);
        assertThat(firstError(limits, Stage.VERTEX, lines(n + 1, "uniform sampler2D s%d;") + POSITION))
                .startsWith("t.vert:1:1: error: " + Messages.TOO_MANY_SAMPLERS + "\n");
    }
}
