package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code a op= b} for {@code + - * /} is {@code a = a op b} (GLSL 4.60 section 5.8): the same
 * code as the long form, the same values in the evaluator and the interpreter, and accepted or
 * rejected exactly where glslang accepts or rejects it. (A swizzle as the target waits for
 * assignment to swizzles, which csir does not take yet in either form.)
 */
class CompoundAssignmentTest {
    private static final String[][] FORMS = {
        {"float x = k.x;", "x += k.y;", "x = x + k.y;", "vec4(x)"},
        {"float x = k.x;", "x -= 2.0;", "x = x - 2.0;", "vec4(x)"},
        {"vec3 v = k.xyz;", "v *= k.w;", "v = v * k.w;", "vec4(v, 1.0)"},
        {"vec3 v = k.xyz;", "v /= vec3(2.0, 4.0, k.w);", "v = v / vec3(2.0, 4.0, k.w);", "vec4(v, 1.0)"},
        {"vec4 v = k;", "v *= m;", "v = v * m;", "v"},
        {"mat4 a = m;", "a *= m;", "a = a * m;", "a * k"},
        {"float x = k.x;", "for (int i = 0; i < 7; i += 2) { x *= k.y; }",
            "for (int i = 0; i < 7; i = i + 2) { x = x * k.y; }", "vec4(x)"},
    };

    private static String shader(String decl, String statement, String result) {
        return """
                #version 330 core
                uniform vec4 k;
                uniform mat4 m;
                out vec4 color;
                void main() {
                    %s
                    %s
                    color = %s;
                }
                """.formatted(decl, statement, result);
    }

    @Test
    void compilesToTheLongFormAndComputesItsValues() {
        Random random = new Random(7);
        for (String[] f : FORMS) {
            CompileResult compound = ShaderCompiler.compile(Stage.FRAGMENT, "c.frag", shader(f[0], f[1], f[3]));
            CompileResult longForm = ShaderCompiler.compile(Stage.FRAGMENT, "l.frag", shader(f[0], f[2], f[3]));
            assertThat(compound.ok()).as(f[1] + "\n" + compound.log()).isTrue();
            assertThat(compound.tgsi()).as(f[1]).isEqualTo(longForm.tgsi());
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "c.frag", shader(f[0], f[1], f[3]));
            for (int run = 0; run < 20; run++) {
                assertThat(Differential.compare(ShaderStage.FRAGMENT, compound.ir(), m.module(), random)).as(f[1])
                        .isNull();
            }
        }
    }

    @Test
    void aMismatchedOperandIsALocatedError() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "e.frag", shader("float x = k.x;", "x += k.xyz;",
                "vec4(x)"));
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics().getFirst().line()).isEqualTo(7);
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsIt() throws Exception {
        Glslang.requireTool();
        String[] statements = {"x += 1.0;", "x -= k.x;", "x *= 2.0;", "x /= k.y;", "v += k.xyz;", "v *= 2.0;",
            "x += k.xyz;", "v += k;", "v.xx += k.xy;", "k += v.xyzz;", "x %= 2.0;", "v *= m3;",
            "m3 *= m3;", "x *= m3;",
            "for (int i = 0; i < 4; i += 2) { x += 1.0; }", "for (int i = 0; i < 4; i = i + 1) { x -= 1.0; }"};
        List<String> disagreements = new ArrayList<>();
        for (String s : statements) {
            String src = """
                    #version 330 core
                    uniform vec4 k;
                    out vec4 color;
                    void main() {
                        float x = 1.0;
                        vec3 v = vec3(0.5);
                        mat3 m3 = mat3(1.0);
                        %s
                        color = vec4(v * x, 1.0) + vec4(m3[0], 0.0);
                    }
                    """.formatted(s);
            boolean glslang = Glslang.validate("a.frag", src) == null;
            boolean csir = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", src).ok();
            if (glslang != csir) {
                disagreements.add(s + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                        + (csir ? "accepts" : "rejects"));
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
