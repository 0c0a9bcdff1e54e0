package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.compile.MultiviewTest;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * gl_ViewIndex in SPIR-V: the ViewIndex built-in under the MultiView capability, with
 * OpExtension "SPV_KHR_multiview" (SPIR-V 1.0 has it only as an extension), flat in the fragment
 * stage as an integer input must be; spirv-val accepts both stages.
 */
class MultiviewSpirvTest {
    @Test
    void theViewIndexIsTheExtensionsBuiltIn() throws Exception {
        SpirvVal.requireTool();
        String directive = "#extension GL_EXT_multiview : enable\n";
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.VERTEX, ShaderStage.FRAGMENT}) {
            String source = stage == ShaderStage.VERTEX
                    ? MultiviewTest.vertex("450", directive, "gl_Position = vec4(float(gl_ViewIndex));")
                    : MultiviewTest.fragment("450", directive, true);
            String text = SpirvVal.validText(stage, source, CompileOptions.DEFAULT.withClient(Client.VULKAN));
            assertThat(text).contains("OpCapability MultiView", "OpExtension \"SPV_KHR_multiview\"", "BuiltIn ViewIndex");
            assertThat(text.contains("Flat")).as(stage.name()).isEqualTo(stage == ShaderStage.FRAGMENT);
        }
    }
}
