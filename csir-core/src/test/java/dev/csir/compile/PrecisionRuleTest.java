package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GLSL ES's default precisions (ES 3.20 4.7.4): a fragment shader's floats have none, and no
 * stage's samplers but sampler2D and samplerCube, so each declaration of such a type (variable,
 * parameter, result, member) needs a precision qualifier or a precision statement in scope.
 * csir accepts and rejects exactly where glslang does, with the error at the declaration.
 */
class PrecisionRuleTest {
    private static final String OUT = "out highp vec4 o;\n";

    private static final List<String> FRAGMENTS = List.of(
            "out vec4 o;\nvoid main() { o = vec4(1.0); }",
            "out ivec4 o;\nvoid main() { int i = 1; o = ivec4(i); }",
            OUT + "void main() { o = vec4(1.0); }",
            OUT + "void main() { float x = 1.0; o = vec4(x); }",
            OUT + "highp float f(float x) { return x; }\nvoid main() { o = vec4(f(1.0)); }",
            OUT + "float f(highp float x) { return x; }\nvoid main() { o = vec4(f(1.0)); }",
            OUT + "void main() { o = vec4(1.0); }\nprecision mediump float;\nfloat g;",
            OUT + "void main() { precision mediump float; float x = 1.0; o = vec4(x); }",
            OUT + "void main() { { precision mediump float; } float x = 1.0; o = vec4(x); }",
            "precision mediump int;\nstruct S { float a; };\n" + OUT + "void main() { o = vec4(1.0); }",
            "uniform B { float a; };\n" + OUT + "void main() { o = vec4(a); }",
            "uniform B { highp float a; };\n" + OUT + "void main() { o = vec4(a); }",
            OUT + "void main() { highp mat2 m = mat2(1.0); o = vec4(m[0], 0.0, 0.0); }",
            OUT + "void main() { bool b = true; o = vec4(b); }",
            OUT + "const float k = 2.0;\nvoid main() { o = vec4(k); }",
            "in float v;\n" + OUT + "void main() { o = vec4(v); }",
            OUT + "void main() { for (float x = 0.0; x < 1.0; x += 0.5) {} o = vec4(1.0); }",
            "uniform sampler2D s;\n" + OUT + "void main() { o = texture(s, vec2(0.5)); }",
            "uniform sampler3D s;\n" + OUT + "void main() { o = vec4(1.0); }",
            "uniform highp sampler3D s;\n" + OUT + "void main() { o = texture(s, vec3(0.5)); }",
            "precision lowp sampler2DShadow;\nuniform sampler2DShadow s;\n" + OUT + "void main() { o = vec4(1.0); }",
            "uniform isampler2D s;\n" + OUT + "void main() { o = vec4(1.0); }",
            OUT + "void main() { highp float a[2]; a[0] = 1.0; o = vec4(a[0]); }",
            "struct S { highp float a; };\n" + OUT + "void main() { S s; s.a = 1.0; o = vec4(s.a); }",
            "precision highp float;\nout vec4 o;\nvoid main() { vec2 p = vec2(1.0); o = vec4(p, 0.0, 1.0); }");

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String body : FRAGMENTS) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, "#version 300 es\n" + body + "\n");
        }
        // a vertex shader's floats are highp by default; its samplers as a fragment shader's
        for (String body : List.of("in vec4 p;\nvoid main() { float x = 1.0; gl_Position = p * x; }",
                "uniform sampler3D s;\nvoid main() { gl_Position = vec4(1.0); }",
                "uniform sampler2D s;\nin vec2 uv;\nvoid main() { gl_Position = texture(s, uv); }")) {
            GlslangAgreement.check(disagreements, ShaderStage.VERTEX, "#version 300 es\n" + body + "\n");
        }
        // ES 1.00 too; desktop GLSL has defaults for every type
        for (String version : List.of("100", "330 core")) {
            String colour = version.equals("100") ? "gl_FragColor" : "o";
            String out = version.equals("100") ? "" : "out vec4 o;\n";
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, "#version " + version + "\n" + out
                    + "void main() { " + colour + " = vec4(1.0); }\n");
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, "#version " + version + "\n" + out
                    + "void main() { float x = 1.0; " + colour + " = vec4(x); }\n");
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void theErrorIsAtTheDeclarationAndSaysWhatToDo() {
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "a.frag",
                "#version 300 es\nout highp vec4 o;\nvoid main() {\n    float x = 1.0;\n    o = vec4(x);\n}\n");
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics().getFirst().line()).isEqualTo(4);
        assertThat(r.diagnostics().getFirst().column()).isEqualTo(5);
        assertThat(r.diagnostics().getFirst().message()).isEqualTo(dev.csir.diag.Messages.precisionRequired("float"));
    }
}
