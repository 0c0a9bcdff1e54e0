package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
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
            String text = SpirvVal.validText(ShaderStage.FRAGMENT, "#version 450\n" + body + "\n",
                    CompileOptions.DEFAULT.withClient(Client.VULKAN));
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

    @Test
    void aLinkedProgramKeepsItsInputAttachment() throws Exception {
        // the compile's module is what the linked program's SPIR-V is written from: CSIR's
        // rewriting of the input into a texture works on a copy
        SpirvVal.requireTool();
        CompileOptions vulkan = CompileOptions.DEFAULT.withClient(Client.VULKAN);
        dev.csir.CompileResult vs = ShaderCompiler.compile(dev.csir.ir.Stage.VERTEX, "s.vert",
                "#version 450\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n", vulkan);
        dev.csir.CompileResult fs = ShaderCompiler.compile(dev.csir.ir.Stage.FRAGMENT, "s.frag",
                "#version 450\n" + SubpassInputTest.ACCEPTED.getFirst() + "\n", vulkan);
        assertThat(fs.ok()).as(fs.log()).isTrue();
        assertThat(fs.tgsi()).contains("TXF");
        SpirvProgram p = SpirvProgram.write(vs.module(), fs.module(), new SpirvWriter.Options(true));
        assertThat(p.ok()).as(String.valueOf(p.errors())).isTrue();
        assertThat(SpirvVal.validate(p.fragment().binary())).isNull();
        assertThat(Disassembler.text(p.fragment().words())).contains("SubpassData", "OpImageRead")
                .doesNotContain("OpImageFetch", "OpTypeSampledImage");
    }
}
