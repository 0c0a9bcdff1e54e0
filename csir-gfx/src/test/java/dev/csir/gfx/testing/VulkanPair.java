package dev.csir.gfx.testing;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.soft.SoftwareDevice;
import dev.csir.gfx.vulkan.VulkanDevice;

/**
 * A Vulkan device (opened through {@link VulkanFixture}, so it skips or fails as CI requires) and
 * a software device beside it, for tests that draw the same thing on both. Closing checks that
 * the validation layer reported nothing, leaks included.
 */
public final class VulkanPair implements AutoCloseable {
    private final VulkanDevice vulkan;
    private final SoftwareDevice soft;

    private VulkanPair(VulkanDevice vulkan, SoftwareDevice soft) {
        this.vulkan = vulkan;
        this.soft = soft;
    }

    /** Opens both; the software device draws with {@code softThreads} threads. */
    public static VulkanPair open(int softThreads) throws GfxException {
        return new VulkanPair(VulkanFixture.open(), new SoftwareDevice(softThreads));
    }

    public VulkanDevice vulkan() {
        return vulkan;
    }

    public SoftwareDevice soft() {
        return soft;
    }

    /** The same render target size on both. */
    public void target(int width, int height) throws GfxException {
        vulkan.target(width, height);
        soft.target(width, height);
    }

    @Override
    public void close() {
        soft.close();
        VulkanFixture.closeAndAssertValid(vulkan);
    }
}
