package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.ShadowIntegerScene;
import org.junit.jupiter.api.Test;

/** The software device draws the shadow and integer samplers' scene as GL's rules, written in Java, say. */
class ShadowIntegerRenderTest {

    @Test
    void everyPixelIsTheJavaReferences() throws GfxException {
        try (SoftwareDevice d = new SoftwareDevice(2)) {
            Frame f = ContractWorkloads.render(d, ShadowIntegerScene.workload().scene());
            int checked = ShadowIntegerScene.check(f);
            assertThat(checked).isGreaterThan(ContractWorkloads.W * ContractWorkloads.H * 9 / 10);
            // both outcomes of each comparison are on screen
            java.util.Set<Integer> shades = new java.util.HashSet<>();
            for (int y = 0; y < f.height(); y++) {
                for (int x = 0; x < f.width(); x++) {
                    shades.add(f.pixel(x, y) >>> 24);
                }
            }
            assertThat(shades).contains(0, 64, 128, 191, 255);
        }
    }
}
