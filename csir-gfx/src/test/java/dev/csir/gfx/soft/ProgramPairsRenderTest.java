package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.PairAgreement;
import dev.csir.testing.RandomPrograms;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The software device and the VirGL device (virglrenderer on llvmpipe) draw the random pairs of
 * {@link RandomPrograms} alike, as {@link PairAgreement} compares them.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES) // a long run (-Dcsir.pairs.renderPairs=500) takes minutes
class ProgramPairsRenderTest {
    private static DevicePair devices;

    @BeforeAll
    static void start() throws GfxException {
        devices = DevicePair.open("ProgramPairsRenderTest");
    }

    @AfterAll
    static void stop() throws GfxException {
        if (devices != null) {
            devices.close();
        }
    }

    @Test
    void softwareAndVirglDrawEveryCompiledPairAlike() throws IOException {
        PairAgreement.Result r = PairAgreement.run(devices.virgl(), "virgl", devices.soft(), Optional::empty);
        System.out.println(r.report());
        r.failures().forEach(f -> System.out.println("  " + f));
        assertThat(r.pairs()).as("pairs that compiled, of seeds 0..%d", r.lastSeed()).isEqualTo(PairAgreement.PAIRS);
        assertThat(r.failures()).as(r.report()).isEmpty();
    }
}
