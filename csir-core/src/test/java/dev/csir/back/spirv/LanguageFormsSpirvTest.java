package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.testing.BuiltinCalls;
import dev.csir.testing.StatementForms;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every shader of {@link BuiltinCalls}, {@link StatementForms}, {@code ExpressionForms},
 * {@code AggregateForms}, {@code MatrixForms} and {@code SamplerAggregateForms}, and a
 * texture lookup with a bias, optimized and not, written as
 * SPIR-V that {@code spirv-val} accepts.
 */
class LanguageFormsSpirvTest {
    @Test
    void everyFormValidates() throws Exception {
        SpirvVal.requireTool();
        List<String> bad = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        BuiltinCalls.EXPRESSIONS.forEach(e -> sources.add(BuiltinCalls.shader(e)));
        StatementForms.BODIES.forEach(b -> sources.add(StatementForms.shader(b)));
        dev.csir.testing.ExpressionForms.COMMA_AND_ASSIGNMENT.forEach(b -> sources.add(StatementForms.shader(b)));
        dev.csir.testing.ExpressionForms.SWITCHES.forEach(b -> sources.add(StatementForms.shader(b)));
        dev.csir.testing.AggregateForms.BODIES.forEach(b -> sources.add(dev.csir.testing.AggregateForms.shader(b)));
        dev.csir.testing.AggregateForms.DYNAMIC.forEach(b -> sources.add(dev.csir.testing.AggregateForms.shader(b)));
        dev.csir.testing.MatrixForms.BODIES.forEach(b -> sources.add(dev.csir.testing.MatrixForms.shader(b)));
        sources.add(dev.csir.testing.TextureForms.EVERY_SAMPLER);
        dev.csir.testing.SamplerAggregateForms.BODIES.forEach(b -> sources.add(dev.csir.testing.SamplerAggregateForms.shader(b)));
        sources.add("""
                #version 330 core
                uniform sampler2D s;
                uniform float b;
                in vec2 uv;
                out vec4 c;
                void main() { c = texture(s, uv, b) + texture(s, uv * 2.0, 1); }
                """);
        for (String e : sources) {
            for (boolean optimize : new boolean[] {true, false}) {
                ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "b.frag", e,
                        dev.csir.CompileOptions.DEFAULT.withOptimize(optimize));
                assertThat(r.ok()).as(e + "\n" + r.log()).isTrue();
                SpirvWriter.Result w = SpirvWriter.write(r.module(), new SpirvWriter.Options(true));
                if (!w.ok()) {
                    bad.add(e + ": " + w.errors());
                    continue;
                }
                String complaint = SpirvVal.validate(w.binary());
                if (complaint != null) {
                    bad.add(e + (optimize ? "" : " (unoptimized)") + ": " + complaint);
                }
            }
        }
        assertThat(bad).isEmpty();
    }
}
