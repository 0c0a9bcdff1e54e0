package dev.csir.gfx.vulkan;

import static dev.csir.gfx.vulkan.Vk.check;
import static org.lwjgl.vulkan.VK10.*;

import dev.csir.gfx.GfxException;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.vulkan.VkBufferCreateInfo;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkImageCreateInfo;
import org.lwjgl.vulkan.VkImageMemoryBarrier;
import org.lwjgl.vulkan.VkImageViewCreateInfo;
import org.lwjgl.vulkan.VkMemoryAllocateInfo;
import org.lwjgl.vulkan.VkMemoryRequirements;

/** Buffers and images with their memory: how the device makes and frees them. */
final class Resources {
    private Resources() {
    }

    /** A buffer in host-visible, coherent memory, mapped for its whole life. */
    record HostBuffer(long buffer, long memory, long size, ByteBuffer mapped) {
        void destroy(VkDevice device) {
            vkUnmapMemory(device, memory);
            vkDestroyBuffer(device, buffer, null);
            vkFreeMemory(device, memory, null);
        }
    }

    /** An image of one level, in device memory, with a view of it. */
    record Image(long image, long memory, long view, int format, int aspect, int width, int height) {
        void destroy(VkDevice device) {
            vkDestroyImageView(device, view, null);
            vkDestroyImage(device, image, null);
            vkFreeMemory(device, memory, null);
        }
    }

    static HostBuffer hostBuffer(VulkanContext c, long size, int usage) throws GfxException {
        VkDevice device = c.device();
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkBufferCreateInfo info = VkBufferCreateInfo.calloc(stack).sType$Default().size(size).usage(usage)
                    .sharingMode(VK_SHARING_MODE_EXCLUSIVE);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateBuffer(device, info, null, h), "vkCreateBuffer");
            long buffer = h.get(0);
            VkMemoryRequirements req = VkMemoryRequirements.malloc(stack);
            vkGetBufferMemoryRequirements(device, buffer, req);
            long memory;
            try {
                memory = allocate(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
            } catch (GfxException e) {
                vkDestroyBuffer(device, buffer, null);
                throw e;
            }
            PointerBuffer p = stack.mallocPointer(1);
            check(vkBindBufferMemory(device, buffer, memory, 0), "vkBindBufferMemory");
            check(vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, p), "vkMapMemory");
            return new HostBuffer(buffer, memory, size, MemoryUtil.memByteBuffer(p.get(0), (int) size));
        }
    }

    static Image image(VulkanContext c, int width, int height, int format, int usage, int aspect) throws GfxException {
        return image(c, width, height, 1, Shape.PLANE, format, usage, aspect);
    }

    /** How an image's layers are laid out and viewed: one plane, a cube's six faces, a volume's slices, an array's layers. */
    enum Shape {
        PLANE(VK_IMAGE_VIEW_TYPE_2D), CUBE(VK_IMAGE_VIEW_TYPE_CUBE), VOLUME(VK_IMAGE_VIEW_TYPE_3D),
        ARRAY(VK_IMAGE_VIEW_TYPE_2D_ARRAY), CUBE_ARRAY(VK_IMAGE_VIEW_TYPE_CUBE_ARRAY);

        final int viewType;

        Shape(int viewType) {
            this.viewType = viewType;
        }
    }

    /** An image of one level and {@code layers} layers (a volume's slices as its depth), with a view of the whole. */
    static Image image(VulkanContext c, int width, int height, int layers, Shape shape, int format, int usage, int aspect)
            throws GfxException {
        VkDevice device = c.device();
        boolean volume = shape == Shape.VOLUME;
        int arrayLayers = volume ? 1 : layers;
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkImageCreateInfo info = VkImageCreateInfo.calloc(stack).sType$Default()
                    .flags(shape == Shape.CUBE || shape == Shape.CUBE_ARRAY ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0)
                    .imageType(volume ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D)
                    .format(format).mipLevels(1).arrayLayers(arrayLayers).samples(VK_SAMPLE_COUNT_1_BIT)
                    .tiling(VK_IMAGE_TILING_OPTIMAL).usage(usage).sharingMode(VK_SHARING_MODE_EXCLUSIVE)
                    .initialLayout(VK_IMAGE_LAYOUT_UNDEFINED);
            info.extent().set(width, height, volume ? layers : 1);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateImage(device, info, null, h), "vkCreateImage");
            long image = h.get(0);
            VkMemoryRequirements req = VkMemoryRequirements.malloc(stack);
            vkGetImageMemoryRequirements(device, image, req);
            long memory;
            try {
                memory = allocate(c, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
            } catch (GfxException e) {
                vkDestroyImage(device, image, null);
                throw e;
            }
            int bound = vkBindImageMemory(device, image, memory, 0);
            if (bound != VK_SUCCESS) {
                // neither the image nor its memory outlives the failure
                vkDestroyImage(device, image, null);
                vkFreeMemory(device, memory, null);
                check(bound, "vkBindImageMemory");
            }
            VkImageViewCreateInfo view = VkImageViewCreateInfo.calloc(stack).sType$Default().image(image)
                    .viewType(shape.viewType).format(format);
            view.subresourceRange().aspectMask(aspect).baseMipLevel(0).levelCount(1).baseArrayLayer(0)
                    .layerCount(arrayLayers);
            int r = vkCreateImageView(device, view, null, h);
            if (r != VK_SUCCESS) {
                vkDestroyImage(device, image, null);
                vkFreeMemory(device, memory, null);
                check(r, "vkCreateImageView");
            }
            return new Image(image, memory, h.get(0), format, aspect, width, height);
        }
    }

    private static long allocate(VulkanContext c, VkMemoryRequirements req, int flags) throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkMemoryAllocateInfo alloc = VkMemoryAllocateInfo.calloc(stack).sType$Default()
                    .allocationSize(req.size()).memoryTypeIndex(c.memoryType(req.memoryTypeBits(), flags));
            LongBuffer h = stack.mallocLong(1);
            check(vkAllocateMemory(c.device(), alloc, null, h), "vkAllocateMemory");
            return h.get(0);
        }
    }

    /** Records a layout transition of a whole image, making {@code srcAccess} visible to {@code dstAccess}. */
    static void transition(VkCommandBuffer cb, Image image, int oldLayout, int newLayout, int srcAccess,
            int dstAccess, int srcStage, int dstStage) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkImageMemoryBarrier.Buffer barrier = VkImageMemoryBarrier.calloc(1, stack).sType$Default()
                    .srcAccessMask(srcAccess).dstAccessMask(dstAccess).oldLayout(oldLayout).newLayout(newLayout)
                    .srcQueueFamilyIndex(VK_QUEUE_FAMILY_IGNORED).dstQueueFamilyIndex(VK_QUEUE_FAMILY_IGNORED)
                    .image(image.image());
            barrier.subresourceRange().aspectMask(image.aspect()).baseMipLevel(0).levelCount(1).baseArrayLayer(0)
                    .layerCount(VK_REMAINING_ARRAY_LAYERS);
            vkCmdPipelineBarrier(cb, srcStage, dstStage, 0, null, null, barrier);
        }
    }
}
