package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.ContractWorkloads.Agreement;
import dev.csir.gfx.testing.ContractWorkloads.Workload;
import dev.csir.gfx.testing.DevicePair;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The offset lookups and the gathers through the real virglrenderer: it accepts CSIR's TGSI
 * (TEX, TXF with an IMM offset, TG4 with its component and offset) and draws
 * {@link ContractWorkloads#offsetsAndGather} as the software device does, every pixel within
 * 1/255 (the contract workloads as a whole allow 2/255).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglTexelOffsetsTest {
    @Test
    void virglDrawsTheOffsetsAndGathersAsSoftwareDoes() throws GfxException {
        Workload w = ContractWorkloads.offsetsAndGather();
        try (DevicePair devices = DevicePair.open("VirglTexelOffsetsTest")) {
            Frame virgl = ContractWorkloads.render(devices.virgl(), w.scene());
            Frame soft = ContractWorkloads.render(devices.soft(), w.scene());
            Agreement a = ContractWorkloads.compare(virgl, soft);
            assertThat(a.drawn()).as(a.report(w.name())).isEqualTo(ContractWorkloads.W * ContractWorkloads.H);
            assertThat(a.worst()).as(a.report(w.name())).isLessThanOrEqualTo(1);
            assertThat(a.coverageDiffers()).isZero();
            w.check().accept(virgl);
        }
    }
}
