package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.ContractWorkloads.Agreement;
import dev.csir.gfx.testing.ContractWorkloads.Workload;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.virgl.VirglDevice;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The software device and the VirGL device (virglrenderer on llvmpipe) draw the same frames: for
 * each of the {@link ContractWorkloads}, at least 99.5% of pixels within 2/255 per channel, and
 * the same coverage.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BackendAgreementTest {
    private static DevicePair devices;
    private static VirglDevice virgl;
    private static SoftwareDevice soft;

    @BeforeAll
    static void start() throws GfxException {
        devices = DevicePair.open("BackendAgreementTest");
        virgl = devices.virgl();
        soft = devices.soft();
    }

    @AfterAll
    static void stop() throws GfxException {
        if (devices != null) {
            devices.close();
        }
    }

    static List<Workload> workloads() {
        return ContractWorkloads.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void virglAndSoftwareAgree(Workload w) throws GfxException {
        Frame a = ContractWorkloads.render(virgl, w.scene());
        Frame b = ContractWorkloads.render(soft, w.scene());
        Agreement agreement = ContractWorkloads.compare(a, b);
        System.out.println(agreement.report(w.name()));
        agreement.assertAgrees(w.name());
        assertThat(agreement.coverageDiffers()).as(agreement.report(w.name())).isZero();
        w.check().accept(b);
    }
}
