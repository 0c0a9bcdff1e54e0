package dev.csir.gfx.vulkan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ProfileMaxima;
import dev.csir.gfx.testing.VulkanFixture;
import dev.csir.ir.Limits;
import dev.csir.link.LinkedProgram;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@link ProfileMaxima} program of each profile on the Vulkan device draws the expected
 * pixels: every attribute location, varying and sampler slot, and the last uniform slot of each
 * stage (1023 float pads before it, which std140 packs four times tighter than CSIR's vec4 slots),
 * as far as the device's limits go.
 */
class VulkanProfileMaximaTest {
    private static final int W = 16;
    private static final int H = 8;

    private static VulkanDevice vulkan;

    @BeforeAll
    static void start() throws GfxException {
        vulkan = VulkanFixture.open();
    }

    @AfterAll
    static void stop() {
        VulkanFixture.closeAndAssertValid(vulkan);
    }

    @AfterEach
    void valid() {
        VulkanFixture.assertValid(vulkan);
    }

    /**
     * The profile's maxima as far as this device takes them: a device whose output components
     * cannot hold the profile's varyings and gl_Position (lavapipe's 128 hold 31 vec4 varyings,
     * not the default profile's 32) refuses the full program, naming the limit, and draws one
     * with as many varyings as fit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"default", "chrisos"})
    void profileMaximaDrawTheExpectedPixels(String profile) throws GfxException {
        Limits limits = Limits.named(profile);
        ProfileMaxima full = ProfileMaxima.of(limits);
        VulkanLimits device = vulkan.limits();
        // gl_Position among the vertex outputs, gl_FragCoord among the fragment inputs: 4 components each
        int fit = Math.min(full.varyings(), Math.min(device.maxVertexOutputComponents() - 4,
                device.maxFragmentInputComponents() - 4) / 4);
        ProfileMaxima m = full;
        vulkan.target(W, H);
        if (fit < full.varyings()) {
            LinkedProgram over = full.link(limits);
            assertThatThrownBy(() -> vulkan.draw(over, full.uniformValues(over), full.quad(), DrawState.FLAT,
                    full.textures())).isInstanceOf(GfxException.class)
                    .hasMessageContaining("output components").hasMessageContaining("maxVertexOutputComponents");
            m = new ProfileMaxima(full.attributes(), fit, full.uniforms(), full.samplers());
            System.out.println("Vulkan: the " + profile + " profile's " + full.varyings() + " varyings do not fit "
                    + device + "; drawing " + fit);
        }
        LinkedProgram p = m.link(limits);
        vulkan.clear(0, 0, 0, 1, 1);
        vulkan.draw(p, m.uniformValues(p), m.quad(), DrawState.FLAT, m.textures());
        Frame f = vulkan.readback();
        int[] expected = new int[4];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                m.expected(x, expected);
                int[] v = f.channels(x, y);
                String at = String.format(Locale.ROOT, "pixel (%d, %d): vulkan %s, expected %s", x, y,
                        Arrays.toString(v), Arrays.toString(expected));
                for (int c = 0; c < 4; c++) {
                    assertThat(Math.abs(v[c] - expected[c])).as(at).isLessThanOrEqualTo(1);
                }
            }
        }
    }
}
