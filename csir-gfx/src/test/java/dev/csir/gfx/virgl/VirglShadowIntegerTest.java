package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.ShadowIntegerScene;
import dev.csir.gfx.testing.TestPrograms;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * virglrenderer takes the shadow targets and the integer sampler views (SHADOW2D, SHADOW2D_ARRAY,
 * SHADOWCUBE; 2D SINT and UINT) and draws the shadow and integer samplers' scene as the Java
 * reference and the software device do: depth textures as Z32_FLOAT with a GL_LEQUAL comparing
 * sampler, a usampler's texels as RGBA8 UINT, an isampler's as RGBA16 SINT.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglShadowIntegerTest {

    @Test
    void virglDrawsTheSceneAsTheReferenceAndTheSoftwareDeviceWithinOne255th() throws GfxException {
        String tgsi = TestPrograms.tgsi(ShadowIntegerScene.program()).fragmentText();
        assertThat(tgsi).contains("DCL SVIEW[0], SHADOW2D, FLOAT", "DCL SVIEW[1], SHADOW2D_ARRAY, FLOAT",
                "DCL SVIEW[2], SHADOWCUBE, FLOAT", "DCL SVIEW[3], 2D, UINT", "DCL SVIEW[4], 2D, SINT");
        try (DevicePair devices = DevicePair.open("VirglShadowIntegerTest")) {
            Frame virgl = ContractWorkloads.render(devices.virgl(), ShadowIntegerScene.workload().scene());
            Frame soft = ContractWorkloads.render(devices.soft(), ShadowIntegerScene.workload().scene());
            int checked = ShadowIntegerScene.check(virgl);
            assertThat(checked).isGreaterThan(ContractWorkloads.W * ContractWorkloads.H * 9 / 10);
            int worst = 0;
            for (int y = 0; y < virgl.height(); y++) {
                for (int x = 0; x < virgl.width(); x++) {
                    if (!ShadowIntegerScene.ambiguous(x, y)) {
                        for (int s = 0; s < 32; s += 8) {
                            worst = Math.max(worst, Math.abs((virgl.pixel(x, y) >>> s & 0xff) - (soft.pixel(x, y) >>> s & 0xff)));
                        }
                    }
                }
            }
            System.out.println("shadow and integer samplers: " + checked + " pixels checked, worst VirGL-software difference "
                    + worst + "/255");
            assertThat(worst).isLessThanOrEqualTo(1);
        }
    }
}
