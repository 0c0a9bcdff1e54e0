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
 * A swizzle of a vector variable as an assignment target (GLSL 4.60 section 5.8): each named
 * component takes the value's, the others keep theirs, compound forms included; the same values
 * in the evaluator and the interpreter as the component-wise long form, and accepted or rejected
 * exactly where glslang accepts or rejects it. (The stpq letters wait for the swizzle sets the
 * lexer does not take yet.)
 */
class SwizzleAssignmentTest {
    private static final String[][] FORMS = {
        {"v.xy = k.zw;", "v = vec4(k.z, k.w, v.z, v.w);"},
        {"v.zx = k.xy;", "v = vec4(k.y, v.y, k.x, v.w);"},
        {"v.w = k.x * 2.0;", "v = vec4(v.x, v.y, v.z, k.x * 2.0);"},
        {"v.rgb = vec3(0.25, k.y, 1.0);", "v = vec4(0.25, k.y, 1.0, v.w);"},
        {"v.yx += k.xy;", "v = vec4(v.x + k.y, v.y + k.x, v.z, v.w);"},
        {"v.z *= k.w;", "v = vec4(v.x, v.y, v.z * k.w, v.w);"},
        {"color.a = 0.5;", "color = vec4(color.x, color.y, color.z, 0.5);"},
    };

    private static String shader(String statement) {
        return """
                #version 330 core
                uniform vec4 k;
                out vec4 color;
                void main() {
                    vec4 v = k * 0.5 + vec4(0.1, 0.2, 0.3, 0.4);
                    color = k.wzyx;
                    %s
                    color = color + v;
                }
                """.formatted(statement);
    }

    @Test
    void namedComponentsTakeTheValueTheOthersKeepTheirs() {
        Random random = new Random(11);
        for (String[] f : FORMS) {
            CompileResult swizzled = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", shader(f[0]));
            CompileResult longForm = ShaderCompiler.compile(Stage.FRAGMENT, "l.frag", shader(f[1]));
            assertThat(swizzled.ok()).as(f[0] + "\n" + swizzled.log()).isTrue();
            assertThat(longForm.ok()).as(f[1] + "\n" + longForm.log()).isTrue();
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", shader(f[0]));
            ModuleResult ml = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "l.frag", shader(f[1]));
            for (int run = 0; run < 20; run++) {
                long seed = random.nextLong();
                // each form agrees with itself across the two IRs, and both forms give the same outputs
                assertThat(Differential.compare(ShaderStage.FRAGMENT, swizzled.ir(), m.module(), new Random(seed)))
                        .as(f[0]).isNull();
                assertThat(Differential.compare(ShaderStage.FRAGMENT, longForm.ir(), m.module(), new Random(seed)))
                        .as(f[0] + " against " + f[1]).isNull();
                assertThat(Differential.compare(ShaderStage.FRAGMENT, swizzled.ir(), ml.module(), new Random(seed)))
                        .as(f[1] + " against " + f[0]).isNull();
            }
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsIt() throws Exception {
        Glslang.requireTool();
        String[] statements = {"v.xy = k.zw;", "v.xx = k.zw;", "v.xyz = k.xy;", "v.x = k.xy;", "v.xg = k.xy;", "k.x = 1.0;", "v.xyzw = k;", "v.wzyx -= k;", "v.xw *= 2.0;",
            "v.y /= k.x;", "v.x = v.y;", "c.x = 1.0;", "v.xyzwx = k.xyzwx;"};
        List<String> disagreements = new ArrayList<>();
        for (String s : statements) {
            String src = """
                    #version 330 core
                    uniform vec4 k;
                    const vec2 c = vec2(1.0);
                    out vec4 color;
                    void main() {
                        vec4 v = vec4(0.5);
                        %s
                        color = v;
                    }
                    """.formatted(s);
            boolean glslang = Glslang.validate("a.frag", src) == null;
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", src);
            if (glslang != r.ok()) {
                disagreements.add(s + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                        + (r.ok() ? "accepts" : "rejects"));
            }
            if (!r.ok()) {
                assertThat(r.diagnostics().getFirst().line()).as(s).isEqualTo(7);
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
