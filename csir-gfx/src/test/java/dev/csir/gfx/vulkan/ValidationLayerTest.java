package dev.csir.gfx.vulkan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lwjgl.vulkan.VK10.*;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.VulkanFixture;
import java.nio.LongBuffer;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkSamplerCreateInfo;

/**
 * The validation layer is really on in the tests and its messages really reach the device: a
 * deliberately invalid call (a sampler whose maxLod is below its minLod) is reported as an error.
 */
class ValidationLayerTest {
    @Test
    void anInvalidCallIsReported() throws GfxException {
        VulkanFixture.open().close(); // skips where there is no Vulkan, as every Vulkan test does
        assertThat(Boolean.getBoolean(VulkanDevice.VALIDATION_PROPERTY)).as("the build sets "
                + VulkanDevice.VALIDATION_PROPERTY).isTrue();
        try (VulkanContext c = VulkanContext.open(true); MemoryStack stack = MemoryStack.stackPush()) {
            VkSamplerCreateInfo info = VkSamplerCreateInfo.calloc(stack).sType$Default().minLod(1).maxLod(0);
            LongBuffer h = stack.mallocLong(1);
            if (vkCreateSampler(c.device(), info, null, h) == VK_SUCCESS) {
                vkDestroySampler(c.device(), h.get(0), null);
            }
            assertThat(c.messages()).anySatisfy(m -> assertThat(m).startsWith("error [").contains("maxLod"));
        }
    }
}
