package dev.csir.gfx.vulkan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.PairAgreement;
import dev.csir.gfx.testing.VulkanPair;
import dev.csir.testing.RandomPrograms;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Vulkan device (the SPIR-V back end's output on lavapipe) and the software device (CSIR in
 * the interpreter) draw the random pairs of {@link RandomPrograms} alike, as {@link PairAgreement}
 * compares them, and the validation layer reports nothing for any draw.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class VulkanProgramPairsTest {
    private static VulkanPair devices;

    @BeforeAll
    static void start() throws GfxException {
        devices = VulkanPair.open(2);
    }

    @AfterAll
    static void stop() {
        if (devices != null) {
            devices.close();
        }
    }

    @Test
    void vulkanAndSoftwareDrawEveryCompiledPairAlike() throws IOException {
        int[] seen = {0};
        PairAgreement.Result r = PairAgreement.run(devices.vulkan(), "vulkan", devices.soft(), () -> {
            List<String> all = devices.vulkan().validationMessages();
            List<String> fresh = all.subList(seen[0], all.size());
            seen[0] = all.size();
            return fresh.isEmpty() ? Optional.empty() : Optional.of("validation: " + String.join(" | ", fresh));
        });
        System.out.println(r.report());
        r.failures().forEach(f -> System.out.println("  " + f));
        assertThat(r.pairs()).as("pairs that compiled, of seeds 0..%d", r.lastSeed()).isEqualTo(PairAgreement.PAIRS);
        assertThat(r.failures()).as(r.report()).isEmpty();
    }
}
