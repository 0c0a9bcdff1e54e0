package dev.csir.gfx.vulkan;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.ContractWorkloads.Agreement;
import dev.csir.gfx.testing.ContractWorkloads.Workload;
import dev.csir.gfx.testing.VulkanFixture;
import dev.csir.gfx.testing.VulkanPair;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Vulkan device and the software device draw the {@link ContractWorkloads} alike (at least
 * 99.5% of pixels within 2/255), the Vulkan frame shows what the workload's check expects (the
 * right way up, GL's {@code gl_FragCoord} and depth), and the validation layer says nothing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VulkanAgreementTest {
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

    @AfterEach
    void valid() {
        VulkanFixture.assertValid(devices.vulkan());
    }

    static List<Workload> workloads() {
        // the Vulkan device binds 2D textures only
        return ContractWorkloads.all().stream().filter(w -> !ContractWorkloads.LAYERED_TEXTURES.contains(w.name())
                && !ContractWorkloads.DEPTH_AND_INTEGER_TEXTURES.contains(w.name())
                && !ContractWorkloads.SEVERAL_OUTPUTS.contains(w.name())).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void vulkanAndSoftwareAgree(Workload w) throws GfxException {
        Frame a = ContractWorkloads.render(devices.vulkan(), w.scene());
        Frame b = ContractWorkloads.render(devices.soft(), w.scene());
        Agreement agreement = ContractWorkloads.compare(a, b);
        System.out.println("vulkan vs software, " + agreement.report(w.name()));
        agreement.assertAgrees(w.name());
        w.check().accept(a);
    }
}
