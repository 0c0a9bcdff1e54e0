package dev.csir.gfx.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.vulkan.VulkanDevice;
import dev.csir.gfx.vulkan.VulkanUnavailableException;
import org.junit.jupiter.api.Assumptions;

/**
 * Opens a Vulkan device for a test class, under the validation layer when the test JVM asks for
 * it (the build sets {@code csir.vulkan.validation=true}); skips the class, saying why, where this
 * machine has no Vulkan loader, driver or layer, and fails instead under CI (env {@code CI}).
 */
public final class VulkanFixture {
    private VulkanFixture() {
    }

    public static VulkanDevice open() throws GfxException {
        try {
            return VulkanDevice.open();
        } catch (VulkanUnavailableException e) {
            String why = e.getMessage() + "; .ci/run installs mesa-vulkan-drivers libvulkan1 vulkan-validationlayers";
            if (System.getenv("CI") != null) {
                fail(why + "; CI does not skip the Vulkan tests");
            }
            System.out.println("SKIPPED: " + why);
            Assumptions.abort(why);
            throw e;
        }
    }

    /** No validation warning or error so far (the build runs every Vulkan test under the layer). */
    public static void assertValid(VulkanDevice d) {
        assertThat(d.validationMessages()).as("Vulkan validation messages").isEmpty();
    }

    /** Closes the device and checks that the layer reported nothing, leaks at destruction included. */
    public static void closeAndAssertValid(VulkanDevice d) {
        if (d != null) {
            d.close();
            assertValid(d);
        }
    }
}
