package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.compile.ShadingRateTest;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * GL_EXT_fragment_shading_rate in SPIR-V: the ShadingRateKHR input (flat) and the
 * PrimitiveShadingRateKHR output under the FragmentShadingRateKHR capability, with OpExtension
 * "SPV_KHR_fragment_shading_rate"; spirv-val accepts both stages.
 */
class ShadingRateSpirvTest {
    @Test
    void theRatesAreTheExtensionsBuiltIns() throws Exception {
        SpirvVal.requireTool();
        String directive = "#extension GL_EXT_fragment_shading_rate : enable\n";
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.VERTEX, ShaderStage.FRAGMENT}) {
            String source = stage == ShaderStage.VERTEX
                    ? ShadingRateTest.vertex("450", directive, "gl_PrimitiveShadingRateEXT = gl_ShadingRateFlag2VerticalPixelsEXT;")
                    : ShadingRateTest.fragment("450", directive, "o = vec4(float(gl_ShadingRateEXT));");
            String text = SpirvVal.validText(stage, source, CompileOptions.DEFAULT.withClient(Client.VULKAN));
            assertThat(text).contains("OpCapability FragmentShadingRateKHR", "OpExtension \"SPV_KHR_fragment_shading_rate\"",
                    stage == ShaderStage.VERTEX ? "BuiltIn PrimitiveShadingRateKHR" : "BuiltIn ShadingRateKHR");
            assertThat(text.contains("Flat")).as(stage.name()).isEqualTo(stage == ShaderStage.FRAGMENT);
        }
    }
}
