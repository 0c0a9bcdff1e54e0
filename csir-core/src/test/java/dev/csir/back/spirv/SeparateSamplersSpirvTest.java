package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.compile.SeparateSamplersTest;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * Separate textures and samplers in SPIR-V: the texture (OpTypeImage) and the sampler state
 * (OpTypeSampler) are the resources at their bindings, paired by OpSampledImage at each lookup;
 * the sampler a constructor makes has no variable of its own. Every form passes spirv-val.
 */
class SeparateSamplersSpirvTest {
    @Test
    void theTwoResourcesArePairedAtEachLookup() throws Exception {
        SpirvVal.requireTool();
        for (String body : SeparateSamplersTest.ACCEPTED) {
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", SeparateSamplersTest.HEAD + body + "\n",
                    CompileOptions.DEFAULT.withClient(Client.VULKAN));
            assertThat(m.ok()).as(m.log()).isTrue();
            SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
            assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
            assertThat(SpirvVal.validate(w.binary())).as(body).isNull();
            String text = Disassembler.text(w.words());
            assertThat(text).as(body).contains("OpTypeSampler", "OpSampledImage").doesNotContain("OpName %sampler2D");
        }
    }
}
