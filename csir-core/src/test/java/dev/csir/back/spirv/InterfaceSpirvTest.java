package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.compile.InterfaceOracleTest;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Layout qualifiers and interface blocks in SPIR-V: every shader of the interface oracle that
 * glslang accepts is written and passes {@code spirv-val --target-env vulkan1.0}, and the
 * reflection reports a block's set, binding, offsets and strides as the source declared them.
 */
class InterfaceSpirvTest {
    @Test
    void everyAcceptedCaseValidates() throws Exception {
        SpirvVal.requireTool();
        List<String> failures = new ArrayList<>();
        for (InterfaceOracleTest.Case c : InterfaceOracleTest.CASES) {
            if (!c.valid()) {
                continue;
            }
            ShaderStage stage = c.name().endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT;
            ModuleResult m = ShaderCompiler.compileModule(stage, c.name(), c.source(),
                    CompileOptions.DEFAULT.withClient(c.client()));
            if (m.module() == null) {
                failures.add(c.name() + ": " + m.diagnostics());
                continue;
            }
            SpirvWriter.Result w = SpirvWriter.write(m.module());
            String why = w.ok() ? SpirvVal.validate(w.binary()) : String.join("; ", w.errors());
            if (why != null) {
                failures.add(c.name() + ": " + why);
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void reflectionReportsTheBlocksAsDeclared() {
        String source = """
                #version 450
                layout(location = 0) in vec4 p;
                layout(set = 1, binding = 2) uniform Xform { mat4 m; layout(offset = 80) vec4 tint; float k; } xf;
                layout(push_constant) uniform Push { vec3 off; float s; } pc;
                layout(constant_id = 3) const float SCALE = 2.0;
                void main() { gl_Position = xf.m * p * SCALE * xf.k + vec4(pc.off * pc.s, 0.0) + xf.tint; }
                """;
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "t.vert", source,
                CompileOptions.DEFAULT.withClient(Client.VULKAN));
        SpirvWriter.Result w = SpirvWriter.write(m.module());
        assertThat(w.ok()).as(w.errors().toString()).isTrue();
        Reflection.UniformBlock xf = w.reflection().blocks().getFirst();
        assertThat(xf.name()).isEqualTo("xf");
        assertThat(xf.set()).isEqualTo(1);
        assertThat(xf.binding()).isEqualTo(2);
        assertThat(xf.members()).extracting(Reflection.Member::offset).containsExactly(0, 80, 96);
        assertThat(xf.members().getFirst().matrixStride()).isEqualTo(16);
        Reflection.UniformBlock pc = w.reflection().blocks().get(1);
        assertThat(pc.binding()).isEqualTo(-1);
        assertThat(pc.members()).extracting(Reflection.Member::offset).containsExactly(0, 12);
        String text = Disassembler.text(w.words());
        assertThat(text).contains("SpecId 3").contains("PushConstant");
    }
}
