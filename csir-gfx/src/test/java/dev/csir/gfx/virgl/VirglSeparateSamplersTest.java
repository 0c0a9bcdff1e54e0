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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GLSL for Vulkan's separate textures and samplers drawn by the software device and the real
 * virglrenderer exactly as the same shader written with a combined sampler: a sampler
 * constructor's sampler is a sampler slot like any other.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglSeparateSamplersTest {
    private static final String VERTEX = """
            #version 450
            layout(location = 0) in vec4 position;
            void main() { gl_Position = position; }
            """;
    private static final String SEPARATE = """
            #version 450
            layout(set = 0, binding = 0) uniform texture2D tex;
            layout(set = 0, binding = 1) uniform sampler smp;
            layout(location = 0) out vec4 c;
            void main() { c = texture(sampler2D(tex, smp), gl_FragCoord.xy / 32.0).bgra; }
            """;
    private static final String COMBINED = """
            #version 450
            layout(set = 0, binding = 0) uniform sampler2D tex;
            layout(location = 0) out vec4 c;
            void main() { c = texture(tex, gl_FragCoord.xy / 32.0).bgra; }
            """;

    @Test
    void drawnAsTheCombinedSamplerIsOnEveryDevice() throws GfxException {
        LinkedProgram separate = TestPrograms.linkVulkan("s.vert", VERTEX, "s.frag", SEPARATE);
        LinkedProgram combined = TestPrograms.linkVulkan("c.vert", VERTEX, "c.frag", COMBINED);
        assertThat(TestPrograms.tgsi(separate).fragmentText()).isEqualTo(TestPrograms.tgsi(combined).fragmentText());
        byte[] px = new byte[4 * 4 * 4];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) (i * 29 + 7);
        }
        List<Texture> textures = List.of(new Texture(4, 4, px));
        Mesh quad = dev.csir.gfx.testing.ContractWorkloads.screenQuad();
        try (DevicePair devices = DevicePair.open("VirglSeparateSamplersTest")) {
            for (Device d : List.of(devices.soft(), devices.virgl())) {
                d.target(32, 32);
                d.clear(0, 0, 0, 0, 1);
                d.draw(separate, separate.newUniforms(), quad, DrawState.FLAT, textures);
                Frame a = d.readback();
                d.clear(0, 0, 0, 0, 1);
                d.draw(combined, combined.newUniforms(), quad, DrawState.FLAT, textures);
                Frame b = d.readback();
                int[] texel = a.channels(20, 5);
                assertThat(texel[0] + texel[1] + texel[2]).as("something is drawn").isGreaterThan(0);
                for (int y = 0; y < 32; y++) {
                    for (int x = 0; x < 32; x++) {
                        assertThat(a.pixel(x, y)).as("%s at (%d, %d)", d, x, y).isEqualTo(b.pixel(x, y));
                    }
                }
            }
        }
    }
}
