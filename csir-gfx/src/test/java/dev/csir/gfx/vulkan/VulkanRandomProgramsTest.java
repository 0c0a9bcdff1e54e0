package dev.csir.gfx.vulkan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.PairAgreement;
import dev.csir.gfx.testing.ProgramPairs;
import dev.csir.gfx.testing.VulkanPair;
import dev.csir.ir.Limits;
import dev.csir.link.UniformValues;
import dev.csir.testing.RandomPrograms;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Volume beside {@link VulkanProgramPairsTest}'s detail: seeded random programs (the vertex +
 * fragment pairs of {@link RandomPrograms}, seeds after the ones that test draws), each compiled
 * to SPIR-V, made into a pipeline and drawn on the triangle at 16x16 under the validation layer,
 * beside the software device. At that size a pixel is 1/256 of the frame, so each draw must agree
 * on 98 % of its pixels and all of them together on 99.5 %. Lavapipe compiles every pipeline with
 * LLVM, so 2,000 programs take about a minute here; {@code -Dcsir.vulkan.randomPrograms=N} draws
 * another count.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class VulkanRandomProgramsTest {
    private static final int PROGRAMS = Integer.getInteger("csir.vulkan.randomPrograms", 2000);
    private static final long FIRST_SEED = 10_000;
    private static VulkanPair devices;

    @BeforeAll
    static void start() throws GfxException {
        devices = VulkanPair.open(1);
        devices.target(16, 16);
    }

    @AfterAll
    static void stop() {
        if (devices != null) {
            devices.close();
        }
    }

    @Test
    void everyRandomProgramRendersAsInSoftware() throws GfxException {
        List<String> failures = new ArrayList<>();
        int drawn = 0;
        int notCompiled = 0;
        double least = 1;
        double sum = 0;
        for (long seed = FIRST_SEED; drawn < PROGRAMS && seed < FIRST_SEED + 2L * PROGRAMS; seed++) {
            RandomPrograms.Pair pair = RandomPrograms.generate(seed);
            ProgramPairs.Linked l = ProgramPairs.link(pair, Limits.DEFAULT);
            if (!l.ok()) {
                notCompiled++;
                continue;
            }
            ProgramPairs.Scene scene = ProgramPairs.Scene.TRIANGLE;
            UniformValues u = scene.uniforms(l.program(), pair);
            var textures = List.of(ProgramPairs.texture(seed));
            devices.vulkan().clear(0, 0, 0, 0, 1);
            devices.vulkan().draw(l.program(), u, scene.mesh(), scene.state(), textures);
            Frame a = devices.vulkan().readback();
            devices.soft().clear(0, 0, 0, 0, 1);
            devices.soft().draw(l.program(), u, scene.mesh(), scene.state(), textures);
            Frame b = devices.soft().readback();
            drawn++;
            double share = PairAgreement.agreement(a, b);
            least = Math.min(least, share);
            sum += share;
            if (share < 0.98) {
                failures.add(String.format("seed %d: %.2f%% of pixels within 2/255", seed, 100 * share));
            }
            if (!devices.vulkan().validationMessages().isEmpty()) {
                failures.add("seed " + seed + ": " + devices.vulkan().validationMessages());
                break;
            }
        }
        double mean = drawn == 0 ? 0 : sum / drawn;
        System.out.printf("vulkan: %d random programs drawn (%d seeds did not compile): mean agreement %.3f%%,"
                + " least %.2f%%, %d failures%n", drawn, notCompiled, 100 * mean, 100 * least, failures.size());
        assertThat(failures).isEmpty();
        assertThat(drawn).isEqualTo(PROGRAMS);
        assertThat(mean).isGreaterThanOrEqualTo(0.995);
    }
}
