package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * Multisample samplers in SPIR-V: a 2D image with MS 1 (Arrayed 1 and ImageMSArray for the
 * arrays), texelFetch an OpImageFetch with the Sample image operand where the others have Lod,
 * textureSize an OpImageQuerySize without a level. spirv-val accepts both stages.
 */
class MultisampleSpirvTest {
    static final String SOURCE = """
            #version 450
            layout(binding = 0) uniform sampler2DMS f;
            layout(binding = 1) uniform isampler2DMS i;
            layout(binding = 2) uniform usampler2DMSArray u;
            layout(binding = 3) uniform sampler2D plain;
            layout(location = 0) flat in ivec4 k;
            layout(location = 0) out vec4 c;
            void main() {
                c = texelFetch(f, k.xy, k.z) + vec4(texelFetch(i, k.xy, 1)) + vec4(texelFetch(u, k.xyw, k.z))
                        + vec4(textureSize(f), textureSize(u).z, 0.0) + texelFetch(plain, k.xy, 0);
            }
            """;

    @Test
    void aFetchReadsASampleAndTheSizeHasNoLevel() throws Exception {
        SpirvVal.requireTool();
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.FRAGMENT, ShaderStage.VERTEX}) {
            String src = stage == ShaderStage.FRAGMENT ? SOURCE
                    : SOURCE.replace("flat in", "in").replace("layout(location = 0) out vec4 c;", "out vec4 c;");
            String text = SpirvVal.validText(stage, src, CompileOptions.DEFAULT);
            assertThat(text).containsPattern("OpTypeImage %\\w+ 2D 0 0 1 1 Unknown")
                    .containsPattern("OpTypeImage %\\w+ 2D 0 1 1 1 Unknown").contains("OpCapability ImageMSArray");
            // three fetches by sample and the single-sampled one by level
            assertThat(text.split("OpImageFetch %\\w+ %\\w+ %\\w+ Sample ", -1)).hasSize(4);
            assertThat(text).containsPattern("OpImageFetch %\\w+ %\\w+ %\\w+ Lod ");
            assertThat(text).containsPattern("OpImageQuerySize %").doesNotContain("OpImageQuerySizeLod");
        }
    }
}
