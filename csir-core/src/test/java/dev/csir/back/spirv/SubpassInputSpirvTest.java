package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.compile.SubpassInputTest;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * Input attachments in SPIR-V: an OpTypeImage of dimension SubpassData (sampled 2, multisampled
 * where the input is), decorated with its InputAttachmentIndex, read by OpImageRead at (0, 0)
 * (with the Sample operand when multisampled), under the InputAttachment capability. Every form
 * passes spirv-val.
 */
class SubpassInputSpirvTest {
    @Test
    void eachInputIsASubpassImageReadAtTheOrigin() throws Exception {
        SpirvVal.requireTool();
        for (String body : SubpassInputTest.ACCEPTED) {
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", "#version 450\n" + body + "\n",
                    CompileOptions.DEFAULT.withClient(Client.VULKAN));
            assertThat(m.ok()).as(m.log()).isTrue();
            SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
            assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
            assertThat(SpirvVal.validate(w.binary())).as(body).isNull();
            String text = Disassembler.text(w.words());
            assertThat(text).as(body).contains("OpCapability InputAttachment", "SubpassData", "OpImageRead",
                    "InputAttachmentIndex " + (body.contains("= 3,") ? 3 : 0));
            if (body.contains("subpassInputMS")) {
                assertThat(text).as(body).containsPattern("OpTypeImage %\\w+ SubpassData 0 0 1 2 Unknown")
                        .containsPattern("OpImageRead %\\w+ %\\w+ %\\w+ Sample %\\w+");
            }
            if (body.contains("= 254,")) {
                assertThat(text).contains("InputAttachmentIndex 254");
            }
        }
    }
}
