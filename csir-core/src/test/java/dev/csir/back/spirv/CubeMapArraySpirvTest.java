package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cube-map arrays in SPIR-V: a Cube image with Arrayed 1 (Depth 1 for the shadow kind), under the
 * SampledCubeArray capability; each lookup's coordinate is the direction and the layer, the shadow
 * lookup's reference its Dref operand. Every form passes spirv-val, in both stages and from GLSL
 * for Vulkan's textureCubeArray.
 */
class CubeMapArraySpirvTest {
    static final String HEAD = """
            #version 450
            layout(binding = 0) uniform samplerCubeArray f;
            layout(binding = 1) uniform isamplerCubeArray i;
            layout(binding = 2) uniform usamplerCubeArray u;
            layout(binding = 3) uniform samplerCubeArrayShadow d;
            layout(location = 0) in vec4 p;
            layout(location = 0) out vec4 c;
            """;

    static final List<String> BODIES = List.of(
            "c = texture(f, p) + textureLod(f, p, 1.5) + textureGrad(f, p, p.xyz * 0.1, p.zyx * 0.1);",
            "c = vec4(texture(i, p)) + vec4(textureLod(u, p, 2.0)) + vec4(textureGrad(i, p, p.xyz, p.xyz));",
            "c = vec4(texture(d, p, 0.5));",
            "c = vec4(textureSize(f, 0), 1.0) + vec4(textureSize(i, 1), 0.0) + vec4(textureSize(d, 0), float(textureSize(u, 0).x));");

    @Test
    void everyLookupPassesSpirvVal() throws Exception {
        SpirvVal.requireTool();
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.FRAGMENT, ShaderStage.VERTEX}) {
            for (String body : BODIES) {
                String src = HEAD + "void main() {\n    " + body + "\n}\n";
                if (stage == ShaderStage.VERTEX) {
                    // the implicit level of detail is the fragment stage's
                    src = src.replace("texture(f, p)", "textureLod(f, p, 0.0)").replace("texture(i, p)", "textureLod(i, p, 0.0)");
                    if (body.contains("texture(d")) {
                        continue;
                    }
                }
                String text = SpirvVal.validText(stage, src, CompileOptions.DEFAULT);
                assertThat(text).as(body).contains("OpCapability SampledCubeArray");
                assertThat(text).as(body).containsPattern("OpTypeImage %\\w+ Cube [01] 1 0 1");
                if (body.contains("texture(d")) {
                    assertThat(text).contains("OpImageSampleDrefImplicitLod").containsPattern("OpTypeImage %\\w+ Cube 1 1 0 1");
                }
                if (body.contains("textureSize")) {
                    assertThat(text).containsPattern("OpImageQuerySizeLod %\\w+");
                }
            }
        }
    }

    @Test
    void vulkanTextureCubeArrayPairsAsAnyTexture() throws Exception {
        SpirvVal.requireTool();
        String src = """
                #version 450
                layout(set = 0, binding = 0) uniform textureCubeArray t;
                layout(set = 0, binding = 1) uniform sampler s;
                layout(set = 0, binding = 2) uniform samplerShadow sh;
                layout(location = 0) in vec4 p;
                layout(location = 0) out vec4 c;
                void main() {
                    c = texture(samplerCubeArray(t, s), p) + texture(samplerCubeArrayShadow(t, sh), p, 0.25);
                }
                """;
        String text = SpirvVal.validText(ShaderStage.FRAGMENT, src, CompileOptions.DEFAULT.withClient(Client.VULKAN));
        assertThat(text).contains("OpSampledImage", "OpTypeSampler", "OpCapability SampledCubeArray");
    }
}
