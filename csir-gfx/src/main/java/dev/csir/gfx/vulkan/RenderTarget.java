package dev.csir.gfx.vulkan;

import static dev.csir.gfx.vulkan.Vk.check;
import static org.lwjgl.vulkan.VK10.*;

import dev.csir.gfx.GfxException;
import java.nio.LongBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkAttachmentDescription;
import org.lwjgl.vulkan.VkAttachmentReference;
import org.lwjgl.vulkan.VkBufferImageCopy;
import org.lwjgl.vulkan.VkClearAttachment;
import org.lwjgl.vulkan.VkClearRect;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkFramebufferCreateInfo;
import org.lwjgl.vulkan.VkRenderPassBeginInfo;
import org.lwjgl.vulkan.VkRenderPassCreateInfo;
import org.lwjgl.vulkan.VkSubpassDependency;
import org.lwjgl.vulkan.VkSubpassDescription;

/**
 * The offscreen target: an RGBA8 colour image and a depth image, kept in their attachment
 * layouts between passes, a framebuffer of both, and a host buffer the colour is copied into for
 * read-back. Every pass loads and stores both attachments, so that a frame is built from any
 * number of separately submitted clears and draws.
 */
final class RenderTarget {
    static final int COLOUR_FORMAT = VK_FORMAT_R8G8B8A8_UNORM;
    private static final int ATTACHMENT_STAGES = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT
            | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
    private static final int ATTACHMENT_ACCESS = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT
            | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT
            | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;

    final int width;
    final int height;
    private final Resources.Image colour;
    private final Resources.Image depth;
    private final long framebuffer;
    private final Resources.HostBuffer readback;

    private RenderTarget(int width, int height, Resources.Image colour, Resources.Image depth, long framebuffer,
            Resources.HostBuffer readback) {
        this.width = width;
        this.height = height;
        this.colour = colour;
        this.depth = depth;
        this.framebuffer = framebuffer;
        this.readback = readback;
    }

    /** The one render pass every target and pipeline of a device uses. */
    static long renderPass(VkDevice device, int depthFormat) throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkAttachmentDescription.Buffer attachments = VkAttachmentDescription.calloc(2, stack);
            attachments.get(0).format(COLOUR_FORMAT).samples(VK_SAMPLE_COUNT_1_BIT)
                    .loadOp(VK_ATTACHMENT_LOAD_OP_LOAD).storeOp(VK_ATTACHMENT_STORE_OP_STORE)
                    .stencilLoadOp(VK_ATTACHMENT_LOAD_OP_DONT_CARE).stencilStoreOp(VK_ATTACHMENT_STORE_OP_DONT_CARE)
                    .initialLayout(VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL)
                    .finalLayout(VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
            attachments.get(1).format(depthFormat).samples(VK_SAMPLE_COUNT_1_BIT)
                    .loadOp(VK_ATTACHMENT_LOAD_OP_LOAD).storeOp(VK_ATTACHMENT_STORE_OP_STORE)
                    .stencilLoadOp(VK_ATTACHMENT_LOAD_OP_DONT_CARE).stencilStoreOp(VK_ATTACHMENT_STORE_OP_DONT_CARE)
                    .initialLayout(VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
                    .finalLayout(VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
            VkAttachmentReference.Buffer colourRef = VkAttachmentReference.calloc(1, stack).attachment(0)
                    .layout(VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
            VkAttachmentReference depthRef = VkAttachmentReference.calloc(stack).attachment(1)
                    .layout(VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
            VkSubpassDescription.Buffer subpass = VkSubpassDescription.calloc(1, stack)
                    .pipelineBindPoint(VK_PIPELINE_BIND_POINT_GRAPHICS).colorAttachmentCount(1)
                    .pColorAttachments(colourRef).pDepthStencilAttachment(depthRef);
            // one pass's attachment writes (and the read-back's copy) come before the next pass's
            VkSubpassDependency.Buffer dependency = VkSubpassDependency.calloc(1, stack)
                    .srcSubpass(VK_SUBPASS_EXTERNAL).dstSubpass(0)
                    .srcStageMask(ATTACHMENT_STAGES | VK_PIPELINE_STAGE_TRANSFER_BIT).dstStageMask(ATTACHMENT_STAGES)
                    .srcAccessMask(ATTACHMENT_ACCESS | VK_ACCESS_TRANSFER_READ_BIT).dstAccessMask(ATTACHMENT_ACCESS);
            VkRenderPassCreateInfo info = VkRenderPassCreateInfo.calloc(stack).sType$Default()
                    .pAttachments(attachments).pSubpasses(subpass).pDependencies(dependency);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateRenderPass(device, info, null, h), "vkCreateRenderPass");
            return h.get(0);
        }
    }

    /** Makes the images, moves them into their attachment layouts and clears them (colour 0, depth 1). */
    static RenderTarget create(VulkanContext c, long renderPass, int depthFormat, int width, int height)
            throws GfxException {
        VkDevice device = c.device();
        Resources.Image colour = null;
        Resources.Image depth = null;
        Resources.HostBuffer readback = null;
        try (MemoryStack stack = MemoryStack.stackPush()) {
            colour = Resources.image(c, width, height, COLOUR_FORMAT,
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_IMAGE_ASPECT_COLOR_BIT);
            depth = Resources.image(c, width, height, depthFormat, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                    VK_IMAGE_ASPECT_DEPTH_BIT);
            readback = Resources.hostBuffer(c, (long) width * height * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
            VkFramebufferCreateInfo info = VkFramebufferCreateInfo.calloc(stack).sType$Default().renderPass(renderPass)
                    .pAttachments(stack.longs(colour.view(), depth.view())).width(width).height(height).layers(1);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateFramebuffer(device, info, null, h), "vkCreateFramebuffer");
            RenderTarget t = new RenderTarget(width, height, colour, depth, h.get(0), readback);
            Resources.Image col = colour;
            Resources.Image dep = depth;
            c.run(cb -> {
                Resources.transition(cb, col, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0,
                        ATTACHMENT_ACCESS & ~VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT
                                & ~VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                        VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
                Resources.transition(cb, dep, VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, 0,
                        VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                        VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT
                                | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT);
            });
            t.clear(c, renderPass, 0, 0, 0, 0, 1);
            return t;
        } catch (GfxException | RuntimeException e) {
            for (Resources.Image i : new Resources.Image[] {colour, depth}) {
                if (i != null) {
                    i.destroy(device);
                }
            }
            if (readback != null) {
                readback.destroy(device);
            }
            throw e;
        }
    }

    /** Begins the render pass over the whole target in {@code cb}. */
    void begin(VkCommandBuffer cb, long renderPass) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkRenderPassBeginInfo begin = VkRenderPassBeginInfo.calloc(stack).sType$Default().renderPass(renderPass)
                    .framebuffer(framebuffer);
            begin.renderArea().offset().set(0, 0);
            begin.renderArea().extent().set(width, height);
            vkCmdBeginRenderPass(cb, begin, VK_SUBPASS_CONTENTS_INLINE);
        }
    }

    void clear(VulkanContext c, long renderPass, float r, float g, float b, float a, float z) throws GfxException {
        c.run(cb -> {
            begin(cb, renderPass);
            try (MemoryStack stack = MemoryStack.stackPush()) {
                VkClearAttachment.Buffer clears = VkClearAttachment.calloc(2, stack);
                clears.get(0).aspectMask(VK_IMAGE_ASPECT_COLOR_BIT).colorAttachment(0).clearValue().color()
                        .float32(0, r).float32(1, g).float32(2, b).float32(3, a);
                clears.get(1).aspectMask(VK_IMAGE_ASPECT_DEPTH_BIT).clearValue().depthStencil().depth(z);
                VkClearRect.Buffer rect = VkClearRect.calloc(1, stack).baseArrayLayer(0).layerCount(1);
                rect.get(0).rect().extent().set(width, height);
                vkCmdClearAttachments(cb, clears, rect);
            }
            vkCmdEndRenderPass(cb);
        });
    }

    /**
     * The colour image's bytes as Vulkan stores them: row 0 is framebuffer y = 0, where the
     * device's positive-height viewport puts NDC y = -1 (GL's bottom row).
     */
    byte[] read(VulkanContext c) throws GfxException {
        c.run(cb -> {
            Resources.transition(cb, colour, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                    VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                    VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_PIPELINE_STAGE_TRANSFER_BIT);
            try (MemoryStack stack = MemoryStack.stackPush()) {
                VkBufferImageCopy.Buffer region = VkBufferImageCopy.calloc(1, stack);
                region.imageSubresource().aspectMask(VK_IMAGE_ASPECT_COLOR_BIT).mipLevel(0).baseArrayLayer(0)
                        .layerCount(1);
                region.imageExtent().set(width, height, 1);
                vkCmdCopyImageToBuffer(cb, colour.image(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer(),
                        region);
            }
            Resources.transition(cb, colour, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0, 0, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT);
            Vk.hostReadBarrier(cb);
        });
        byte[] out = new byte[width * height * 4];
        readback.mapped().get(0, out);
        return out;
    }

    void destroy(VkDevice device) {
        vkDestroyFramebuffer(device, framebuffer, null);
        colour.destroy(device);
        depth.destroy(device);
        readback.destroy(device);
    }
}
