package dev.csir.gfx.vulkan;

import static dev.csir.gfx.vulkan.Vk.check;
import static org.lwjgl.vulkan.VK10.*;

import dev.csir.back.spirv.Reflection;
import dev.csir.back.spirv.SpirvProgram;
import dev.csir.back.spirv.SpirvWriter;
import dev.csir.gfx.GfxException;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.SamplerInfo;
import dev.csir.ssa.Module;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.vulkan.VkDescriptorPoolCreateInfo;
import org.lwjgl.vulkan.VkDescriptorPoolSize;
import org.lwjgl.vulkan.VkDescriptorSetAllocateInfo;
import org.lwjgl.vulkan.VkDescriptorSetLayoutBinding;
import org.lwjgl.vulkan.VkDescriptorSetLayoutCreateInfo;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkPipelineLayoutCreateInfo;
import org.lwjgl.vulkan.VkPushConstantRange;
import org.lwjgl.vulkan.VkShaderModuleCreateInfo;

/**
 * What one linked program is on a Vulkan device: both stages' SPIR-V as shader modules, the
 * descriptor set layout of their uniform blocks and samplers (set 0, as {@link SpirvProgram}
 * binds them), one descriptor set and one host-visible uniform buffer per block, and the
 * pipelines made for it so far, one per fixed-function state and vertex layout.
 */
final class ProgramObjects {
    /** A uniform block of a stage at its binding, with the buffer that feeds it. */
    record Block(Stage stage, Reflection.UniformBlock block, Resources.HostBuffer buffer) {
    }

    /** A stage's push-constant block (no binding: it reads the push-constant bytes from offset 0). */
    record PushBlock(Stage stage, Reflection.UniformBlock block) {
    }

    /**
     * A resource of a stage at its binding: a combined sampler or a texture, fed by the texture of
     * program sampler slot {@code slot} (a texture: that of a sampler a constructor pairs it in),
     * or a sampler state (slot -1), comparing when {@code comparing}.
     */
    record Sampler(Stage stage, Reflection.Sampler sampler, int slot, boolean comparing) {
        int descriptorType() {
            return switch (sampler.type()) {
                case dev.csir.types.TextureType t -> VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
                case dev.csir.types.SamplerStateType st -> VK_DESCRIPTOR_TYPE_SAMPLER;
                default -> VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            };
        }
    }

    final LinkedProgram program;
    final int generation;
    final Reflection vertexReflection;
    final List<Block> blocks = new ArrayList<>();
    final List<Sampler> samplers = new ArrayList<>();
    /** The push-constant blocks of both stages; they share one range of the layout, as Vulkan's push constants do. */
    final List<PushBlock> pushBlocks = new ArrayList<>();
    final Map<PipelineKey, Long> pipelines = new HashMap<>();
    private final String vertexEntry;
    private final String fragmentEntry;
    private long vertexModule;
    private long fragmentModule;
    private long setLayout;
    private long pipelineLayout;
    private long descriptorPool;
    private long descriptorSet;

    private ProgramObjects(LinkedProgram program, Reflection vertexReflection, String vertexEntry,
            String fragmentEntry) {
        this.program = program;
        this.generation = program.generation();
        this.vertexReflection = vertexReflection;
        this.vertexEntry = vertexEntry;
        this.fragmentEntry = fragmentEntry;
    }

    /** Writes the program's SPIR-V and makes its objects; a program without transform IR is refused. */
    static ProgramObjects create(VulkanContext c, LinkedProgram program) throws GfxException {
        LinkedProgram.Modules modules = program.transformModules().orElseThrow(() -> new GfxException(
                "the Vulkan device needs a program linked from compiled sources (it draws SPIR-V written from the"
                        + " transform IR); this one was linked from CSIR alone, as a CSI blob is"));
        SpirvProgram spirv;
        try {
            spirv = SpirvProgram.write(modules.vertex(), modules.fragment(), SpirvWriter.Options.DEFAULT, true);
        } catch (RuntimeException e) {
            throw new GfxException("the SPIR-V back end failed on the program: " + e, e);
        }
        if (!spirv.ok()) {
            throw new GfxException("the program has no SPIR-V: " + String.join("; ", spirv.errors()));
        }
        c.limits().check(spirv.vertex().reflection(), true);
        c.limits().check(spirv.fragment().reflection(), false);
        ProgramObjects p = new ProgramObjects(program, spirv.vertex().reflection(), entry(modules.vertex()),
                entry(modules.fragment()));
        try {
            p.vertexModule = module(c.device(), spirv.vertex().binary());
            p.fragmentModule = module(c.device(), spirv.fragment().binary());
            p.descriptors(c, spirv);
            return p;
        } catch (GfxException | RuntimeException e) {
            p.destroy(c.device());
            throw e;
        }
    }

    private static String entry(Module m) throws GfxException {
        if (m.entryPoints().isEmpty()) {
            throw new GfxException("a stage of the program has no entry point");
        }
        return m.entryPoints().getFirst().function().name();
    }

    private static long module(VkDevice device, byte[] code) throws GfxException {
        ByteBuffer words = MemoryUtil.memAlloc(code.length);
        try (MemoryStack stack = MemoryStack.stackPush()) {
            words.put(0, code);
            VkShaderModuleCreateInfo info = VkShaderModuleCreateInfo.calloc(stack).sType$Default().pCode(words);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateShaderModule(device, info, null, h), "vkCreateShaderModule");
            return h.get(0);
        } finally {
            MemoryUtil.memFree(words);
        }
    }

    private void descriptors(VulkanContext c, SpirvProgram spirv) throws GfxException {
        for (Stage s : Stage.values()) {
            Reflection r = s == Stage.VERTEX ? spirv.vertex().reflection() : spirv.fragment().reflection();
            for (Reflection.UniformBlock b : r.blocks()) {
                if (b.binding() < 0) {
                    pushBlocks.add(new PushBlock(s, b));
                    continue;
                }
                requireSetZero(b.set(), b.name());
                // a buffer of at least 16 bytes, as std140 rounds every block to a vec4
                blocks.add(new Block(s, b, Resources.hostBuffer(c, Math.max(16, b.size()),
                        VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT)));
            }
            for (Reflection.Sampler smp : r.samplers()) {
                requireSetZero(smp.set(), smp.name());
                samplers.add(switch (smp.type()) {
                    case dev.csir.types.SamplerType st -> new Sampler(s, smp, samplerSlot(s, smp.name()), st.shadow());
                    case dev.csir.types.TextureType t -> new Sampler(s, smp, pairedSlot(s, r, smp.name()), false);
                    case dev.csir.types.SamplerStateType st -> new Sampler(s, smp, -1, st.shadow() || r.pairings().stream()
                            .anyMatch(x -> x.state().equals(smp.name()) && ((dev.csir.types.SamplerType) x.type()).shadow()));
                    default -> throw new GfxException("the Vulkan device binds samplers and textures only ('"
                            + smp.name() + "' is a " + smp.type().name() + ")");
                });
            }
        }
        VkDevice device = c.device();
        try (MemoryStack stack = MemoryStack.stackPush()) {
            int n = blocks.size() + samplers.size();
            VkDescriptorSetLayoutBinding.Buffer bindings = VkDescriptorSetLayoutBinding.calloc(n, stack);
            int i = 0;
            for (Block b : blocks) {
                bindings.get(i++).binding(b.block().binding()).descriptorType(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER)
                        .descriptorCount(1).stageFlags(stageBit(b.stage()));
            }
            for (Sampler s : samplers) {
                bindings.get(i++).binding(s.sampler().binding()).descriptorType(s.descriptorType()).descriptorCount(1)
                        .stageFlags(stageBit(s.stage()));
            }
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateDescriptorSetLayout(device, VkDescriptorSetLayoutCreateInfo.calloc(stack).sType$Default()
                    .pBindings(bindings), null, h), "vkCreateDescriptorSetLayout");
            setLayout = h.get(0);
            VkPipelineLayoutCreateInfo layout = VkPipelineLayoutCreateInfo.calloc(stack).sType$Default()
                    .pSetLayouts(stack.longs(setLayout));
            if (pushSize() > 0) {
                layout.pPushConstantRanges(VkPushConstantRange.calloc(1, stack).stageFlags(pushStages()).offset(0)
                        .size(pushSize()));
            }
            check(vkCreatePipelineLayout(device, layout, null, h), "vkCreatePipelineLayout");
            pipelineLayout = h.get(0);
            if (n == 0) {
                return;
            }
            Map<Integer, Integer> counts = new java.util.TreeMap<>();
            if (!blocks.isEmpty()) {
                counts.put(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, blocks.size());
            }
            for (Sampler s : samplers) {
                counts.merge(s.descriptorType(), 1, Integer::sum);
            }
            VkDescriptorPoolSize.Buffer sizes = VkDescriptorPoolSize.calloc(counts.size(), stack);
            int k = 0;
            for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
                sizes.get(k++).type(e.getKey()).descriptorCount(e.getValue());
            }
            check(vkCreateDescriptorPool(device, VkDescriptorPoolCreateInfo.calloc(stack).sType$Default().maxSets(1)
                    .pPoolSizes(sizes), null, h), "vkCreateDescriptorPool");
            descriptorPool = h.get(0);
            check(vkAllocateDescriptorSets(device, VkDescriptorSetAllocateInfo.calloc(stack).sType$Default()
                    .descriptorPool(descriptorPool).pSetLayouts(stack.longs(setLayout)), h), "vkAllocateDescriptorSets");
            descriptorSet = h.get(0);
        }
    }

    private static void requireSetZero(int set, String name) throws GfxException {
        if (set != 0) {
            throw new GfxException("'" + name + "' is in descriptor set " + set + "; the Vulkan device binds set 0");
        }
    }

    /** The sampler slot whose texture a texture resource holds: that of the first sampler a constructor pairs it in. */
    private int pairedSlot(Stage stage, Reflection r, String texture) throws GfxException {
        for (Reflection.Pairing p : r.pairings()) {
            if (p.texture().equals(texture)) {
                return samplerSlot(stage, p.sampler());
            }
        }
        throw new GfxException("texture '" + texture + "' is not sampled: no sampler constructor pairs it");
    }

    /** The program's sampler slot of a stage's sampler, by name. */
    private int samplerSlot(Stage stage, String name) throws GfxException {
        for (SamplerInfo s : program.iface().samplers()) {
            if (s.stage() == stage && s.name().equals(name)) {
                return s.slot();
            }
        }
        return program.iface().sampler(name).map(SamplerInfo::slot).orElseThrow(() -> new GfxException(
                "the SPIR-V samples '" + name + "', which the program interface does not declare"));
    }

    /** Bytes of push constants the stages read: the largest block, rounded up to 4 as Vulkan wants. */
    int pushSize() {
        int size = 0;
        for (PushBlock b : pushBlocks) {
            size = Math.max(size, b.block().size());
        }
        return (size + 3) & ~3;
    }

    /** The stages that read push constants. */
    int pushStages() {
        int bits = 0;
        for (PushBlock b : pushBlocks) {
            bits |= stageBit(b.stage());
        }
        return bits;
    }

    private static int stageBit(Stage s) {
        return s == Stage.VERTEX ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    }

    long vertexModule() {
        return vertexModule;
    }

    long fragmentModule() {
        return fragmentModule;
    }

    String vertexEntry() {
        return vertexEntry;
    }

    String fragmentEntry() {
        return fragmentEntry;
    }

    long pipelineLayout() {
        return pipelineLayout;
    }

    /** The descriptor set, or 0 when the program has neither uniforms nor samplers. */
    long descriptorSet() {
        return descriptorSet;
    }

    void destroy(VkDevice device) {
        for (long pipeline : pipelines.values()) {
            vkDestroyPipeline(device, pipeline, null);
        }
        pipelines.clear();
        for (Block b : blocks) {
            b.buffer().destroy(device);
        }
        blocks.clear();
        if (descriptorPool != 0) {
            vkDestroyDescriptorPool(device, descriptorPool, null);
        }
        if (pipelineLayout != 0) {
            vkDestroyPipelineLayout(device, pipelineLayout, null);
        }
        if (setLayout != 0) {
            vkDestroyDescriptorSetLayout(device, setLayout, null);
        }
        if (vertexModule != 0) {
            vkDestroyShaderModule(device, vertexModule, null);
        }
        if (fragmentModule != 0) {
            vkDestroyShaderModule(device, fragmentModule, null);
        }
        descriptorPool = pipelineLayout = setLayout = vertexModule = fragmentModule = 0;
    }
}
