package dev.csir.gfx.vulkan;

import dev.csir.gfx.GfxException;

/**
 * This machine cannot open a Vulkan device: no loader, no driver with a device, or no validation
 * layer where one was asked for. The message says what to install.
 */
public final class VulkanUnavailableException extends GfxException {
    public VulkanUnavailableException(String message) {
        super(message);
    }
}
