package dev.csir.gfx.vulkan;

import static org.lwjgl.vulkan.VK10.*;

import dev.csir.back.spirv.Reflection;
import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkDescriptorBufferInfo;
import org.lwjgl.vulkan.VkDescriptorImageInfo;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkRect2D;
import org.lwjgl.vulkan.VkViewport;
import org.lwjgl.vulkan.VkWriteDescriptorSet;

/**
 * The {@link Device} on Vulkan (lavapipe, or a GPU when there is one): programs are drawn from
 * the SPIR-V the back end writes from their transform IR, through one graphics pipeline per
 * program, draw state and vertex layout. Every clear, draw and read-back is submitted and waited
 * for, so uniform buffers and descriptor sets are simply rewritten for the next draw.
 *
 * <p>GL's conventions ({@link Device}) hold as follows: the viewport has a positive height, so
 * Vulkan's framebuffer row 0 is GL's bottom row and Vulkan's {@code FragCoord.y} equals GL's;
 * rows are flipped on read-back, and GL's counter-clockwise front faces are clockwise in the
 * framebuffer. The SPIR-V maps GL's clip-space depth to Vulkan's.
 *
 * <p>The Khronos validation layer is enabled on request ({@code -Dcsir.vulkan.validation=true}
 * or {@link #open(boolean)}); its warnings and errors are kept ({@link #validationMessages}).
 */
public final class VulkanDevice implements Device {
    /** The system property that turns the validation layer on. */
    public static final String VALIDATION_PROPERTY = "csir.vulkan.validation";
    /** Largest target side, as the other devices allow. */
    public static final int MAX_SIZE = 16384;
    private static final int PROGRAM_CACHE = 32;
    private static final int MESH_CACHE = 16;

    private final VulkanContext context;
    private final VkDevice device;
    private final int depthFormat;
    private final long renderPass;
    private final long sampler;
    /** The sampler of the shadow bindings: {@link #sampler}'s, comparing by LESS_OR_EQUAL. */
    private final long compareSampler;
    private final TextureCache textures;
    private final List<ProgramObjects> programs = new ArrayList<>();
    private final List<MeshBuffer> meshes = new ArrayList<>();
    private RenderTarget target;
    private boolean closed;

    private record MeshBuffer(Mesh mesh, Resources.HostBuffer buffer) {
    }

    private VulkanDevice(VulkanContext context, int depthFormat, long renderPass, long sampler, long compareSampler) {
        this.context = context;
        this.device = context.device();
        this.depthFormat = depthFormat;
        this.renderPass = renderPass;
        this.sampler = sampler;
        this.compareSampler = compareSampler;
        this.textures = new TextureCache(context);
    }

    /** Opens a device, with the validation layer when {@code -Dcsir.vulkan.validation=true}. */
    public static VulkanDevice open() throws GfxException {
        return open(Boolean.getBoolean(VALIDATION_PROPERTY));
    }

    /**
     * Opens a device on the best physical device (a GPU before a CPU one). Fails with a message
     * saying what to install when there is no Vulkan loader or driver, or no validation layer
     * when {@code validation} asks for it.
     */
    public static VulkanDevice open(boolean validation) throws GfxException {
        VulkanContext c = VulkanContext.open(validation);
        long pass = 0;
        try {
            int depth = c.supportedFormat(VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_FORMAT_D32_SFLOAT,
                    VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D16_UNORM);
            pass = RenderTarget.renderPass(c.device(), depth);
            long plain = TextureCache.nearestClampSampler(c.device(), false);
            long compare;
            try {
                compare = TextureCache.nearestClampSampler(c.device(), true);
            } catch (GfxException | RuntimeException e) {
                vkDestroySampler(c.device(), plain, null);
                throw e;
            }
            return new VulkanDevice(c, depth, pass, plain, compare);
        } catch (GfxException | RuntimeException e) {
            if (pass != 0) {
                vkDestroyRenderPass(c.device(), pass, null);
            }
            c.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return "vulkan";
    }

    /** The physical device drawn on, as the driver names it ({@code llvmpipe (LLVM 15.0.6, 256 bits)}). */
    public String deviceName() {
        return context.deviceName();
    }

    /** The limits of the physical device that programs must fit. */
    public VulkanLimits limits() {
        return context.limits();
    }

    /** The validation layer's warnings and errors so far (none when the layer is off), also after close. */
    public List<String> validationMessages() {
        return context.messages();
    }

    /** Pipelines made so far over every cached program (a draw that changes nothing makes none). */
    public int pipelineCount() {
        return programs.stream().mapToInt(p -> p.pipelines.size()).sum();
    }

    @Override
    public void target(int width, int height) throws GfxException {
        requireOpen();
        if (width < 1 || height < 1 || width > MAX_SIZE || height > MAX_SIZE) {
            throw new GfxException("render target size " + width + "x" + height);
        }
        if (target != null) {
            target.destroy(device);
            target = null;
        }
        target = RenderTarget.create(context, renderPass, depthFormat, width, height);
    }

    @Override
    public void clear(float r, float g, float b, float a, float depth) throws GfxException {
        requireTarget();
        target.clear(context, renderPass, r, g, b, a, depth);
    }

    @Override
    public void draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state,
            List<Texture> textureSlots) throws GfxException {
        requireTarget();
        if (!context.clipDistances() && program.vertex() != null
                && program.vertex().iface().clipDistanceCount() > 0) {
            throw new GfxException("gl_ClipDistance needs the shaderClipDistance feature, which this Vulkan device lacks");
        }
        for (Texture t : textureSlots) {
            if (!context.cubeArrays() && t != null && t.kind().samplerGeometry() == dev.csir.ir.Type.SAMPLERCUBEARRAY) {
                throw new GfxException("a cube-map array texture needs the imageCubeArray feature, which this Vulkan device lacks");
            }
        }
        ProgramObjects p = program(program);
        PipelineKey key = pipelineKey(p, mesh.layout(), state);
        Long pipeline = p.pipelines.get(key);
        if (pipeline == null) {
            pipeline = key.create(device, renderPass, p, context.lastVertexProvokes());
            p.pipelines.put(key, pipeline);
        }
        for (ProgramObjects.Block b : p.blocks) {
            Std140Uniforms.fill(b.block(), b.stage(), program.iface(), uniforms, b.buffer().mapped());
        }
        writeDescriptors(p, textureSlots);
        byte[] push = pushConstants(p, program, uniforms);
        if (mesh.vertexCount() == 0) {
            return;
        }
        long vertices = key.attributes().isEmpty() ? 0 : meshBuffer(mesh).buffer();
        long bound = pipeline;
        RenderTarget t = target;
        context.run(cb -> {
            t.begin(cb, renderPass);
            vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, bound);
            try (MemoryStack stack = MemoryStack.stackPush()) {
                VkViewport.Buffer viewport = VkViewport.calloc(1, stack).x(0).y(0).width(t.width).height(t.height)
                        .minDepth(0).maxDepth(1);
                vkCmdSetViewport(cb, 0, viewport);
                VkRect2D.Buffer scissor = VkRect2D.calloc(1, stack);
                scissor.get(0).extent().set(t.width, t.height);
                vkCmdSetScissor(cb, 0, scissor);
                if (vertices != 0) {
                    vkCmdBindVertexBuffers(cb, 0, stack.longs(vertices), stack.longs(0));
                }
                if (p.descriptorSet() != 0) {
                    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p.pipelineLayout(), 0,
                            stack.longs(p.descriptorSet()), null);
                }
                if (push.length > 0) {
                    vkCmdPushConstants(cb, p.pipelineLayout(), p.pushStages(), 0, stack.bytes(push));
                }
            }
            vkCmdDraw(cb, mesh.vertexCount(), 1, 0, 0);
            vkCmdEndRenderPass(cb);
        });
    }

    /** The push-constant bytes of a draw: every stage's push-constant block filled from the uniforms. */
    private static byte[] pushConstants(ProgramObjects p, LinkedProgram program, UniformValues uniforms) {
        byte[] bytes = new byte[p.pushSize()];
        ByteBuffer out = ByteBuffer.wrap(bytes);
        for (ProgramObjects.PushBlock b : p.pushBlocks) {
            Std140Uniforms.write(b.block(), b.stage(), program.iface(), uniforms, out);
        }
        return bytes;
    }

    @Override
    public Frame readback() throws GfxException {
        requireTarget();
        byte[] raw = target.read(context);
        int row = target.width * 4;
        byte[] top = new byte[raw.length];
        for (int y = 0; y < target.height; y++) {
            System.arraycopy(raw, (target.height - 1 - y) * row, top, y * row, row);
        }
        return new Frame(target.width, target.height, top);
    }

    /** Frees every object the device made; the validation layer reports any that leaked. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        vkDeviceWaitIdle(device);
        for (ProgramObjects p : programs) {
            p.destroy(device);
        }
        programs.clear();
        for (MeshBuffer m : meshes) {
            m.buffer().destroy(device);
        }
        meshes.clear();
        textures.destroy();
        if (target != null) {
            target.destroy(device);
            target = null;
        }
        vkDestroySampler(device, sampler, null);
        vkDestroySampler(device, compareSampler, null);
        vkDestroyRenderPass(device, renderPass, null);
        context.close();
    }

    private void requireOpen() throws GfxException {
        if (closed) {
            throw new GfxException("the Vulkan device is closed");
        }
    }

    private void requireTarget() throws GfxException {
        requireOpen();
        if (target == null) {
            throw new GfxException("no render target: call target(width, height) first");
        }
    }

    /** The program's objects, made on first use; kept by program identity and generation. */
    private ProgramObjects program(LinkedProgram program) throws GfxException {
        for (ProgramObjects p : programs) {
            if (p.program == program && p.generation == program.generation()) {
                return p;
            }
        }
        if (programs.size() >= PROGRAM_CACHE) {
            programs.removeFirst().destroy(device);
        }
        ProgramObjects p = ProgramObjects.create(context, program);
        programs.add(p);
        return p;
    }

    /**
     * Each vertex input of the SPIR-V at its location reads the mesh attribute at the location
     * the program interface gives that input (they agree for programs linked by csir).
     */
    private static PipelineKey pipelineKey(ProgramObjects p, VertexLayout layout, DrawState state)
            throws GfxException {
        for (AttributeInfo info : p.program.iface().attributes()) {
            if (layout.at(info.location()).isEmpty()) {
                throw new GfxException("the mesh layout has no attribute at location " + info.location() + " for '"
                        + info.name() + "'");
            }
        }
        List<PipelineKey.Attribute> attributes = new ArrayList<>();
        for (Reflection.Variable v : p.vertexReflection.inputs()) {
            if (v.builtIn() != null) {
                continue;
            }
            int first = p.program.iface().attribute(v.name()).map(AttributeInfo::location).orElse(v.location());
            // a matrix reads a column from each of its consecutive locations
            int columns = v.type() instanceof dev.csir.types.MatrixType m ? m.columns() : 1;
            for (int col = 0; col < columns; col++) {
                int meshLocation = first + col;
                VertexAttribute a = layout.at(meshLocation).orElseThrow(() -> new GfxException(
                        "the mesh layout has no attribute at location " + meshLocation + " for '" + v.name() + "'"));
                attributes.add(new PipelineKey.Attribute(v.location() + col, PipelineKey.floatFormat(a.components()),
                        a.offset() * 4));
            }
        }
        return new PipelineKey(state, layout.stride() * 4, attributes);
    }

    private void writeDescriptors(ProgramObjects p, List<Texture> slots) throws GfxException {
        int n = p.blocks.size() + p.samplers.size();
        if (n == 0) {
            return;
        }
        long[] views = new long[p.samplers.size()];
        for (int i = 0; i < views.length; i++) {
            ProgramObjects.Sampler s = p.samplers.get(i);
            if (s.slot() < 0) {
                continue; // a sampler state holds no texture
            }
            Texture t = s.slot() < slots.size() ? slots.get(s.slot()) : null;
            if (t == null) {
                throw new GfxException("no texture for sampler '" + s.sampler().name() + "' (slot " + s.slot() + ")");
            }
            for (dev.csir.link.SamplerInfo info : p.program.iface().samplers()) {
                if (info.stage() == s.stage() && info.slot() == s.slot() && info.kind() != t.kind()) {
                    throw new GfxException(Texture.kindMismatch(info, t));
                }
            }
            if (Texture.singleSampleOnly(t) != null) {
                throw new GfxException(Texture.singleSampleOnly(t));
            }
            views[i] = textures.view(t, slots);
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkWriteDescriptorSet.Buffer writes = VkWriteDescriptorSet.calloc(n, stack);
            int w = 0;
            for (ProgramObjects.Block b : p.blocks) {
                VkDescriptorBufferInfo.Buffer info = VkDescriptorBufferInfo.calloc(1, stack)
                        .buffer(b.buffer().buffer()).offset(0).range(VK_WHOLE_SIZE);
                writes.get(w++).sType$Default().dstSet(p.descriptorSet()).dstBinding(b.block().binding())
                        .descriptorType(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER).descriptorCount(1).pBufferInfo(info);
            }
            for (int i = 0; i < views.length; i++) {
                // the texture's kind is the sampler's (checked above); a texture takes no sampler, a sampler state no view
                ProgramObjects.Sampler s = p.samplers.get(i);
                int type = s.descriptorType();
                VkDescriptorImageInfo.Buffer info = VkDescriptorImageInfo.calloc(1, stack)
                        .sampler(type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE ? VK_NULL_HANDLE : s.comparing() ? compareSampler : sampler)
                        .imageView(views[i]).imageLayout(VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
                writes.get(w++).sType$Default().dstSet(p.descriptorSet()).dstBinding(s.sampler().binding())
                        .descriptorType(type).descriptorCount(1).pImageInfo(info);
            }
            vkUpdateDescriptorSets(device, writes, null);
        }
    }

    private Resources.HostBuffer meshBuffer(Mesh mesh) throws GfxException {
        for (MeshBuffer m : meshes) {
            if (m.mesh() == mesh) {
                return m.buffer();
            }
        }
        if (meshes.size() >= MESH_CACHE) {
            meshes.removeFirst().buffer().destroy(device);
        }
        Resources.HostBuffer b = Resources.hostBuffer(context, (long) mesh.floatCount() * 4,
                VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
        b.mapped().order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer().put(0, mesh.vertices());
        meshes.add(new MeshBuffer(mesh, b));
        return b;
    }
}
