package dev.csir.gfx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.soft.SoftwareDevice;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.ProfileMaxima;
import dev.csir.gfx.virgl.VirglDevice;
import dev.csir.ir.Limits;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link ProfileMaxima} program of each profile, drawn by the software device and by the real
 * VirGL device (virglrenderer on llvmpipe, where the TGSI reads gl_FragCoord from the input past
 * the varyings): both draw the expected pixels.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ProfileMaximaTest {
    private static final int W = 16;
    private static final int H = 8;

    private static DevicePair devices;
    private static VirglDevice virgl;
    private static SoftwareDevice soft;

    @BeforeAll
    static void start() throws GfxException {
        devices = DevicePair.open("ProfileMaximaTest");
        virgl = devices.virgl();
        soft = devices.soft();
    }

    @AfterAll
    static void stop() throws GfxException {
        if (devices != null) {
            devices.close();
        }
    }

    @Test
    void defaultProfileMaximaDrawTheSameExpectedPixelsOnBothDevices() throws GfxException {
        Limits d = Limits.DEFAULT;
        assertThat(List.of(d.attributeSlots(), d.varyingSlots(), d.uniformSlots(), d.samplerSlots()))
                .containsExactly(16, 32, 1024, 32);
        drawsAsExpected(d);
    }

    @Test
    void chrisosProfileMaximaDrawTheSameExpectedPixelsOnBothDevices() throws GfxException {
        drawsAsExpected(Limits.CHRISOS);
    }

    private static void drawsAsExpected(Limits limits) throws GfxException {
        ProfileMaxima m = ProfileMaxima.of(limits);
        LinkedProgram p = m.link(limits);
        assertThat(p.vertex().iface().attrHi()).isEqualTo(m.attributes() - 1);
        assertThat(p.vertex().iface().varHi()).isEqualTo(m.varyings() - 1);
        assertThat(p.fragment().iface().varHi()).isEqualTo(m.varyings() - 1);
        assertThat(p.vertex().iface().uniHi()).isEqualTo(m.uniforms() - 1);
        assertThat(p.fragment().iface().uniHi()).isEqualTo(m.uniforms() - 1);
        assertThat(p.fragment().iface().sampHi()).isEqualTo(m.samplers() - 1);

        UniformValues u = m.uniformValues(p);
        List<Texture> textures = m.textures();
        Mesh quad = m.quad();

        Frame fromSoft = draw(soft, p, u, quad, textures);
        Frame fromVirgl = draw(virgl, p, u, quad, textures);
        int[] expected = new int[4];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                m.expected(x, expected);
                int[] s = fromSoft.channels(x, y);
                int[] v = fromVirgl.channels(x, y);
                String at = String.format(Locale.ROOT, "pixel (%d, %d): software %s, virgl %s, expected %s", x, y,
                        java.util.Arrays.toString(s), java.util.Arrays.toString(v), java.util.Arrays.toString(expected));
                for (int c = 0; c < 4; c++) {
                    assertThat(Math.abs(s[c] - v[c])).as(at).isLessThanOrEqualTo(2);
                    assertThat(Math.abs(s[c] - expected[c])).as(at).isLessThanOrEqualTo(1);
                    assertThat(Math.abs(v[c] - expected[c])).as(at).isLessThanOrEqualTo(1);
                }
            }
        }
    }

    private static Frame draw(Device d, LinkedProgram p, UniformValues u, Mesh mesh, List<Texture> textures)
            throws GfxException {
        d.target(W, H);
        d.clear(0, 0, 0, 1, 1);
        d.draw(p, u, mesh, DrawState.FLAT, textures);
        return d.readback();
    }
}
