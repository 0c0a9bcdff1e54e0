package dev.csir.gfx.vulkan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.testing.ConformancePairs;
import dev.csir.gfx.testing.PairAgreement;
import dev.csir.gfx.testing.VulkanFixture;
import dev.csir.gfx.testing.VulkanPair;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import dev.csir.testing.Shared;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every linkable pair of the original's conformance shaders, as SPIR-V on the Vulkan device,
 * draws what the software device draws (99.5 % of pixels within 2/255), under the validation layer.
 */
class VulkanConformanceTest {
    private static VulkanPair devices;

    static Stream<String> pairs() {
        return ConformancePairs.pairs();
    }

    @BeforeAll
    static void start() throws GfxException {
        Assumptions.assumeTrue(Shared.conformance().isPresent(), "SKIPPED: ../shared/conformance is absent");
        devices = VulkanPair.open(1);
        devices.target(48, 48);
    }

    @AfterAll
    static void stop() {
        if (devices != null) {
            devices.close();
        }
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void pairDrawsAsInSoftware(String pair) throws IOException, GfxException {
        LinkedProgram p = ConformancePairs.link(pair);
        UniformValues u = ConformancePairs.uniforms(p);
        List<Texture> textures = ConformancePairs.textures();
        Mesh mesh = ConformancePairs.mesh(p);
        Frame a = draw(devices.vulkan(), p, u, mesh, textures);
        Frame b = draw(devices.soft(), p, u, mesh, textures);
        VulkanFixture.assertValid(devices.vulkan());
        assertThat(PairAgreement.agreement(a, b)).as(pair).isGreaterThanOrEqualTo(0.995);
        if (pair.equals("tri+tri")) {
            // the triangle's own colour lands at the centre, the corner keeps the clear colour
            assertThat(a.pixel(24, 24)).isNotEqualTo(a.pixel(0, 0));
        }
    }

    private static Frame draw(Device d, LinkedProgram p, UniformValues u, Mesh mesh,
            List<Texture> textures) throws GfxException {
        d.clear(0, 0, 0, 0, 1);
        d.draw(p, u, mesh, DrawState.DEPTH, textures);
        return d.readback();
    }
}
