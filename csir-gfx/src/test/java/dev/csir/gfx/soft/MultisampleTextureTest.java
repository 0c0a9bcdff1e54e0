package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Texture;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.testing.VulkanPair;
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A texture at a multisample sampler: the software device binds it as one sample, so texelFetch
 * of a sampler2DMS at any sample index draws exactly what texelFetch of a sampler2D of the same
 * texels draws, and a usampler2DMS its bytes. The VirGL and Vulkan devices refuse it by name (VirGL
 * after virglrenderer has taken the program, TXF on 2D_MSAA, as it uploads shaders first): a
 * multisample image can only be rendered to, not filled from texels, so their values are tested
 * through the interpreter (MultisampleSamplersTest) and SPIR-V through spirv-val
 * (MultisampleSpirvTest) instead.
 */
class MultisampleTextureTest {
    private static final String FRAGMENT = """
            #version 400
            uniform SAMPLER tex;
            out vec4 fragColor;
            void main() {
                ivec2 t = ivec2(gl_FragCoord.xy / 12.0);
                fragColor = vec4(FETCH) * SCALE;
            }
            """;

    private static LinkedProgram program(String sampler, String fetch, String scale) {
        return TestPrograms.link("ms.vert", """
                #version 400
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "ms.frag", FRAGMENT.replace("SAMPLER", sampler).replace("FETCH", fetch).replace("SCALE", scale));
    }

    /** An 8x8 image whose texels all differ. */
    private static byte[] texels() {
        byte[] px = new byte[8 * 8 * 4];
        for (int i = 0; i < 64; i++) {
            px[i * 4] = (byte) (i * 4);
            px[i * 4 + 1] = (byte) (255 - i * 3);
            px[i * 4 + 2] = (byte) (i % 8 * 30);
            px[i * 4 + 3] = (byte) 255;
        }
        return px;
    }

    private static Frame draw(Device d, LinkedProgram p, Texture t) throws GfxException {
        return ContractWorkloads.render(d, dev -> dev.draw(p, p.newUniforms(), ContractWorkloads.screenQuad(),
                DrawState.FLAT, List.of(t)));
    }

    @Test
    void theSoftwareDeviceReadsTheOneSampleAtEverySampleIndex() throws GfxException {
        Texture plain = new Texture(8, 8, 1, Type.SAMPLER2D, texels());
        try (SoftwareDevice d = new SoftwareDevice(2)) {
            Frame reference = draw(d, program("sampler2D", "texelFetch(tex, t, 0)", "1.0"), plain);
            for (String index : List.of("0", "3", "t.x")) {
                Frame ms = draw(d, program("sampler2DMS", "texelFetch(tex, t, " + index + ")", "1.0"),
                        new Texture(8, 8, 1, Type.SAMPLER2DMS, texels()));
                assertThat(ContractWorkloads.compare(ms, reference).exact()).as("sample %s", index)
                        .isEqualTo(ContractWorkloads.W * ContractWorkloads.H);
            }
            // an array's layer 1 of two, the other layer black
            byte[] two = new byte[2 * texels().length];
            System.arraycopy(texels(), 0, two, texels().length, texels().length);
            Frame layer = draw(d, program("sampler2DMSArray", "texelFetch(tex, ivec3(t, 1), 2)", "1.0"),
                    new Texture(8, 8, 2, Type.SAMPLER2DMSARRAY, two));
            assertThat(ContractWorkloads.compare(layer, reference).exact()).isEqualTo(ContractWorkloads.W * ContractWorkloads.H);
            Frame bytes = draw(d, program("usampler2DMS", "texelFetch(tex, t, 1)", "(1.0 / 255.0)"),
                    new Texture(8, 8, 1, Type.USAMPLER2DMS, texels()));
            assertThat(ContractWorkloads.compare(bytes, reference).worst()).isLessThanOrEqualTo(1);
            // the texels all differ: a fetch that ignored t would not match
            java.util.Set<Integer> colours = new java.util.HashSet<>();
            for (int y = 0; y < reference.height(); y++) {
                for (int x = 0; x < reference.width(); x++) {
                    colours.add(reference.pixel(x, y));
                }
            }
            assertThat(colours).hasSize(64);
        }
    }

    @Test
    void virglAndVulkanRefuseAMultisampleTextureByName() throws GfxException {
        LinkedProgram p = program("sampler2DMS", "texelFetch(tex, t, 0)", "1.0");
        Texture t = new Texture(8, 8, 1, Type.SAMPLER2DMS, texels());
        try (DevicePair pair = DevicePair.open("MultisampleTextureTest")) {
            assertThatThrownBy(() -> draw(pair.virgl(), p, t)).isInstanceOf(GfxException.class)
                    .hasMessageContaining("a sampler2DMS texture: this device cannot fill a multisample image");
        }
        VulkanPair vulkan = VulkanPair.open(1);
        try {
            assertThatThrownBy(() -> draw(vulkan.vulkan(), p, t)).isInstanceOf(GfxException.class)
                    .hasMessageContaining("a sampler2DMS texture: this device cannot fill a multisample image");
        } finally {
            vulkan.close();
        }
    }
}
