package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.UniformValues;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Uniform initializers (GLSL 4.60 4.3.5; desktop GLSL from 1.20, never ES): a constant
 * expression is the uniform's value until the application sets it, in the evaluator and in a
 * linked program's uniform storage, which every device draws from.
 */
class UniformInitializerTest {
    private static final String VS = """
            #version 330 core
            in vec4 pos;
            void main() { gl_Position = pos; }
            """;
    private static final String FS = """
            #version 330 core
            const float half_ = 0.5;
            struct S { vec2 a; float b; };
            uniform vec4 tint = vec4(0.25, half_, 0.75 * 2.0 - 1.0, 1);
            uniform float w[2] = float[2](-half_, 2.0);
            uniform S s = S(vec2(3.0, 4.0).yx, float(2));
            uniform float plain;
            out vec4 c;
            void main() { c = tint + vec4(w[0], w[1], s.a.x * s.b, plain); }
            """;

    @Test
    void aLinkedProgramStartsFromTheInitializers() {
        Program p = new Program();
        assertThat(p.attach(ShaderCompiler.compile(Stage.VERTEX, "t.vert", VS))).isEmpty();
        assertThat(p.attach(ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", FS))).isEmpty();
        assertThat(p.link()).as(p.log().toString()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        assertThat(color(lp, lp.newUniforms())).containsExactly(0.25f - 0.5f, 0.5f + 2f, 0.5f + 4f * 2f, 1f);
        UniformValues set = lp.newUniforms();
        assertThat(set.set("tint", 0f, 0f, 0f, 0f)).isEmpty();
        assertThat(set.set("plain", 7f)).isEmpty();
        assertThat(color(lp, set)).containsExactly(-0.5f, 2f, 8f, 7f);
    }

    private static float[] color(LinkedProgram lp, UniformValues u) {
        Interpreter fs = lp.interpreter(Stage.FRAGMENT);
        Frame f = fs.newFrame();
        float[] words = u.words(Stage.FRAGMENT);
        System.arraycopy(words, 0, f.uniforms(), 0, words.length);
        fs.run(f);
        return f.color();
    }

    @Test
    void theEvaluatorStartsFromThemToo() {
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "t.frag", FS);
        assertThat(m.ok()).as(m.log()).isTrue();
        Result r = Evaluator.run(m.module(), new Invocation());
        assertThat(r.num("c").toString()).isEqualTo("vec4(-0.25, 2.5, 8.5, 1.0)");
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        List<String> declarations = List.of("uniform float u = 1.0;", "uniform vec2 u = vec2(1, 2.0) * 0.5;",
                "const float k = 2.0; uniform float u = -k;", "uniform float q; uniform float u = q;",
                "uniform float u = sin(1.0);", "uniform float u[2] = float[](1.0, 2.0);",
                "uniform sampler2D u = 1;", "float g = 1.0; uniform float u = g;");
        for (String version : List.of("#version 110", "#version 120", "#version 330 core", "#version 300 es")) {
            for (String decl : declarations) {
                String es = version.endsWith("es") ? "precision mediump float;\n" : "";
                String src = version + "\n" + es + decl + "\nvoid main() { }\n";
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, src);
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
