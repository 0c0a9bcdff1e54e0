package dev.csir.gfx.vulkan;

import static dev.csir.gfx.vulkan.Vk.check;
import static org.lwjgl.vulkan.VK10.*;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.Texture;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkBufferImageCopy;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkSamplerCreateInfo;

/**
 * Textures uploaded to sampled images (2D, cube, 3D and 2D array), kept by the texture's identity,
 * least recently used first: RGBA8 for the float kinds, and as the VirGL device uploads them, a
 * shadow kind's depth (red byte / 255) as D16_UNORM (fixed point, so the reference clamps to [0, 1] as on the other devices), a usampler's bytes as RGBA8_UINT, an
 * isampler's as RGBA16_SINT (RGBA8_SINT would read bytes from 128 as negative). Texture row 0 is
 * t = 0, which is also Vulkan's image row 0, so texels go up as they are.
 */
final class TextureCache {
    /** Twice the default profile's 32 sampler slots: one draw's whole set and the previous draw's. */
    private static final int CAPACITY = 64;

    private final VulkanContext context;
    private final List<Uploaded> uploaded = new ArrayList<>();

    private record Uploaded(Texture texture, Resources.Image image) {
    }

    TextureCache(VulkanContext context) {
        this.context = context;
    }

    /**
     * GL's sampling of the device contract: nearest, clamp-to-edge, the base level only; with
     * {@code compare} the sampler of the shadow bindings, comparing by LESS_OR_EQUAL (GL_LEQUAL).
     */
    static long nearestClampSampler(VkDevice device, boolean compare) throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkSamplerCreateInfo info = VkSamplerCreateInfo.calloc(stack).sType$Default().magFilter(VK_FILTER_NEAREST)
                    .compareEnable(compare).compareOp(compare ? VK_COMPARE_OP_LESS_OR_EQUAL : VK_COMPARE_OP_NEVER)
                    .minFilter(VK_FILTER_NEAREST).mipmapMode(VK_SAMPLER_MIPMAP_MODE_NEAREST)
                    .addressModeU(VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE)
                    .addressModeV(VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE)
                    .addressModeW(VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE).minLod(0).maxLod(0)
                    .borderColor(VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateSampler(device, info, null, h), "vkCreateSampler");
            return h.get(0);
        }
    }

    /** The image view of {@code t}, uploading it on first use; never evicts a texture of {@code draw}. */
    long view(Texture t, List<Texture> draw) throws GfxException {
        for (int i = 0; i < uploaded.size(); i++) {
            Uploaded u = uploaded.get(i);
            if (u.texture() == t) {
                uploaded.add(uploaded.remove(i));
                return u.image().view();
            }
        }
        if (uploaded.size() >= CAPACITY) {
            for (int i = 0; i < uploaded.size(); i++) {
                Texture old = uploaded.get(i).texture();
                if (draw.stream().noneMatch(d -> d == old)) {
                    uploaded.remove(i).image().destroy(context.device());
                    break;
                }
            }
        }
        Resources.Image image = upload(t);
        uploaded.add(new Uploaded(t, image));
        return image.view();
    }

    /** A texture's image format, the aspect it is read by and its texels in that format's bytes. */
    private record Texels(int format, int aspect, byte[] bytes) {

        static Texels of(Texture t) {
            byte[] rgba = t.rgba();
            int n = rgba.length / 4;
            if (t.kind().isShadowSampler()) {
                // 16-bit unorm, k / 255 exactly (k * 257): fixed point, so the reference is clamped to [0, 1]
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(n * 2).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < n; i++) {
                    b.putShort((short) ((rgba[i * 4] & 0xff) * 257));
                }
                return new Texels(VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT, b.array());
            }
            if (t.kind().isIntegerSampler() && !t.kind().isUnsignedSampler()) {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(n * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                for (byte c : rgba) {
                    b.putShort((short) (c & 0xff));
                }
                return new Texels(VK_FORMAT_R16G16B16A16_SINT, VK_IMAGE_ASPECT_COLOR_BIT, b.array());
            }
            return new Texels(t.kind().isIntegerSampler() ? VK_FORMAT_R8G8B8A8_UINT : VK_FORMAT_R8G8B8A8_UNORM,
                    VK_IMAGE_ASPECT_COLOR_BIT, rgba);
        }
    }

    private Resources.Image upload(Texture t) throws GfxException {
        VkDevice device = context.device();
        Resources.Shape shape = switch (t.kind().samplerGeometry()) {
            case SAMPLERCUBE -> Resources.Shape.CUBE;
            case SAMPLER3D -> Resources.Shape.VOLUME;
            case SAMPLER2DARRAY -> Resources.Shape.ARRAY;
            case SAMPLERCUBEARRAY -> Resources.Shape.CUBE_ARRAY;
            default -> Resources.Shape.PLANE;
        };
        boolean volume = shape == Resources.Shape.VOLUME;
        Texels x = Texels.of(t);
        Resources.Image image = Resources.image(context, t.width(), t.height(), t.layers(), shape, x.format(),
                VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, x.aspect());
        byte[] texels = x.bytes();
        Resources.HostBuffer staging;
        try {
            staging = Resources.hostBuffer(context, texels.length, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
        } catch (GfxException e) {
            image.destroy(device);
            throw e;
        }
        try {
            staging.mapped().put(0, texels);
            context.run(cb -> {
                Resources.transition(cb, image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                        VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
                try (MemoryStack stack = MemoryStack.stackPush()) {
                    VkBufferImageCopy.Buffer region = VkBufferImageCopy.calloc(1, stack);
                    // the texture's layers follow one another as the image's layers (a cube's faces
                    // in GL's order, which is Vulkan's) or a volume's slices
                    region.imageSubresource().aspectMask(x.aspect()).mipLevel(0).baseArrayLayer(0)
                            .layerCount(volume ? 1 : t.layers());
                    region.imageExtent().set(t.width(), t.height(), volume ? t.layers() : 1);
                    vkCmdCopyBufferToImage(cb, staging.buffer(), image.image(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                            region);
                }
                Resources.transition(cb, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
            });
        } catch (GfxException | RuntimeException e) {
            image.destroy(device);
            throw e;
        } finally {
            staging.destroy(device);
        }
        return image;
    }

    void destroy() {
        for (Uploaded u : uploaded) {
            u.image().destroy(context.device());
        }
        uploaded.clear();
    }
}
