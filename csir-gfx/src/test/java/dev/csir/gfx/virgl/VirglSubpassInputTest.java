package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.link.LinkedProgram;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GLSL for Vulkan's input attachments on the devices without them: the software device and the
 * real virglrenderer draw {@code subpassLoad(x)} exactly as {@code texelFetch} of the texture bound
 * at its slot, at the fragment's own texel. (The Vulkan device binds textures, not attachments; the
 * SPIR-V of an input attachment is checked by spirv-val in {@code SubpassInputSpirvTest}.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglSubpassInputTest {
    private static final String VERTEX = """
            #version 450
            layout(location = 0) in vec4 position;
            void main() { gl_Position = position; }
            """;
    private static final String SUBPASS = """
            #version 450
            layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput previous;
            layout(location = 0) out vec4 c;
            void main() { c = subpassLoad(previous).gbra; }
            """;
    private static final String FETCH = """
            #version 450
            layout(set = 0, binding = 0) uniform sampler2D previous;
            layout(location = 0) out vec4 c;
            void main() { c = texelFetch(previous, ivec2(gl_FragCoord.xy), 0).gbra; }
            """;

    @Test
    void readsTheTexelUnderTheFragmentOnEveryDevice() throws GfxException {
        LinkedProgram subpass = TestPrograms.linkVulkan("s.vert", VERTEX, "s.frag", SUBPASS);
        LinkedProgram fetch = TestPrograms.linkVulkan("f.vert", VERTEX, "f.frag", FETCH);
        // every texel its own colour
        byte[] px = new byte[32 * 32 * 4];
        for (int y = 0; y < 32; y++) {
            for (int x = 0; x < 32; x++) {
                int at = (y * 32 + x) * 4;
                px[at] = (byte) (x * 8);
                px[at + 1] = (byte) (y * 8);
                px[at + 2] = (byte) (255 - 4 * (x + y));
                px[at + 3] = (byte) 255;
            }
        }
        List<Texture> textures = List.of(new Texture(32, 32, px));
        Mesh quad = dev.csir.gfx.testing.ContractWorkloads.screenQuad();
        try (DevicePair devices = DevicePair.open("VirglSubpassInputTest")) {
            for (Device d : List.of(devices.soft(), devices.virgl())) {
                d.target(32, 32);
                d.clear(0, 0, 0, 0, 1);
                d.draw(subpass, subpass.newUniforms(), quad, DrawState.FLAT, textures);
                Frame a = d.readback();
                d.clear(0, 0, 0, 0, 1);
                d.draw(fetch, fetch.newUniforms(), quad, DrawState.FLAT, textures);
                Frame b = d.readback();
                Set<Integer> colours = new HashSet<>();
                for (int y = 0; y < 32; y++) {
                    for (int x = 0; x < 32; x++) {
                        assertThat(a.pixel(x, y)).as("%s at (%d, %d)", d, x, y).isEqualTo(b.pixel(x, y));
                        colours.add(a.pixel(x, y));
                    }
                }
                // one texel a pixel: as many colours as the texture has
                assertThat(colours).as("%s: distinct colours", d).hasSize(32 * 32);
            }
        }
    }
}
