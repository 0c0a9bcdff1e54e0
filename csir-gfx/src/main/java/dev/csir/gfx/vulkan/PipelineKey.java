package dev.csir.gfx.vulkan;

import static dev.csir.gfx.vulkan.Vk.check;
import static org.lwjgl.vulkan.EXTProvokingVertex.VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
import static org.lwjgl.vulkan.VK10.*;

import dev.csir.gfx.DrawState;
import dev.csir.gfx.GfxException;
import java.nio.LongBuffer;
import java.util.List;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkGraphicsPipelineCreateInfo;
import org.lwjgl.vulkan.VkPipelineColorBlendAttachmentState;
import org.lwjgl.vulkan.VkPipelineColorBlendStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineDepthStencilStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineDynamicStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineInputAssemblyStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineMultisampleStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineRasterizationProvokingVertexStateCreateInfoEXT;
import org.lwjgl.vulkan.VkPipelineRasterizationStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineShaderStageCreateInfo;
import org.lwjgl.vulkan.VkPipelineVertexInputStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineViewportStateCreateInfo;
import org.lwjgl.vulkan.VkVertexInputAttributeDescription;
import org.lwjgl.vulkan.VkVertexInputBindingDescription;

/**
 * What a pipeline of one program depends on besides the program: the draw state and how the
 * mesh feeds each vertex input (one interleaved buffer). The viewport and scissor are dynamic,
 * so a new target size needs no new pipeline.
 */
record PipelineKey(DrawState state, int strideBytes, List<Attribute> attributes) {
    /** Shader input {@code location} reads {@code format} at {@code offsetBytes} into a vertex. */
    record Attribute(int location, int format, int offsetBytes) {
    }

    PipelineKey {
        attributes = List.copyOf(attributes);
    }

    static int floatFormat(int components) {
        return switch (components) {
            case 1 -> VK_FORMAT_R32_SFLOAT;
            case 2 -> VK_FORMAT_R32G32_SFLOAT;
            case 3 -> VK_FORMAT_R32G32B32_SFLOAT;
            default -> VK_FORMAT_R32G32B32A32_SFLOAT;
        };
    }

    /**
     * A graphics pipeline of GL's fixed function: triangle lists, GL's counter-clockwise front
     * faces (the positive-height viewport flips y, so in Vulkan's framebuffer they run clockwise),
     * depth LESS written when tested, no blending; GL's last provoking vertex where the device
     * offers it.
     */
    long create(VkDevice device, long renderPass, ProgramObjects program, boolean lastVertexProvokes)
            throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkPipelineShaderStageCreateInfo.Buffer stages = VkPipelineShaderStageCreateInfo.calloc(2, stack);
            stages.get(0).sType$Default().stage(VK_SHADER_STAGE_VERTEX_BIT).module(program.vertexModule())
                    .pName(stack.UTF8(program.vertexEntry()));
            stages.get(1).sType$Default().stage(VK_SHADER_STAGE_FRAGMENT_BIT).module(program.fragmentModule())
                    .pName(stack.UTF8(program.fragmentEntry()));
            VkVertexInputBindingDescription.Buffer binding = VkVertexInputBindingDescription.calloc(1, stack)
                    .binding(0).stride(strideBytes).inputRate(VK_VERTEX_INPUT_RATE_VERTEX);
            VkVertexInputAttributeDescription.Buffer attrs =
                    VkVertexInputAttributeDescription.calloc(attributes.size(), stack);
            for (int i = 0; i < attributes.size(); i++) {
                Attribute a = attributes.get(i);
                attrs.get(i).location(a.location()).binding(0).format(a.format()).offset(a.offsetBytes());
            }
            VkPipelineVertexInputStateCreateInfo vertexInput = VkPipelineVertexInputStateCreateInfo.calloc(stack)
                    .sType$Default().pVertexBindingDescriptions(attributes.isEmpty() ? null : binding)
                    .pVertexAttributeDescriptions(attributes.isEmpty() ? null : attrs);
            VkPipelineInputAssemblyStateCreateInfo assembly = VkPipelineInputAssemblyStateCreateInfo.calloc(stack)
                    .sType$Default().topology(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
            VkPipelineViewportStateCreateInfo viewport = VkPipelineViewportStateCreateInfo.calloc(stack)
                    .sType$Default().viewportCount(1).scissorCount(1);
            VkPipelineRasterizationStateCreateInfo raster = VkPipelineRasterizationStateCreateInfo.calloc(stack)
                    .sType$Default().polygonMode(VK_POLYGON_MODE_FILL)
                    .cullMode(state.cullBackFaces() ? VK_CULL_MODE_BACK_BIT : VK_CULL_MODE_NONE)
                    .frontFace(VK_FRONT_FACE_CLOCKWISE).lineWidth(1f);
            if (lastVertexProvokes) {
                raster.pNext(VkPipelineRasterizationProvokingVertexStateCreateInfoEXT.calloc(stack).sType$Default()
                        .provokingVertexMode(VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT));
            }
            VkPipelineMultisampleStateCreateInfo multisample = VkPipelineMultisampleStateCreateInfo.calloc(stack)
                    .sType$Default().rasterizationSamples(VK_SAMPLE_COUNT_1_BIT);
            VkPipelineDepthStencilStateCreateInfo depth = VkPipelineDepthStencilStateCreateInfo.calloc(stack)
                    .sType$Default().depthTestEnable(state.depthTest()).depthWriteEnable(state.depthTest())
                    .depthCompareOp(VK_COMPARE_OP_LESS);
            VkPipelineColorBlendAttachmentState.Buffer blendAttachment =
                    VkPipelineColorBlendAttachmentState.calloc(1, stack).blendEnable(false)
                            .colorWriteMask(VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT
                                    | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT);
            VkPipelineColorBlendStateCreateInfo blend = VkPipelineColorBlendStateCreateInfo.calloc(stack)
                    .sType$Default().pAttachments(blendAttachment);
            VkPipelineDynamicStateCreateInfo dynamic = VkPipelineDynamicStateCreateInfo.calloc(stack).sType$Default()
                    .pDynamicStates(stack.ints(VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR));
            VkGraphicsPipelineCreateInfo.Buffer info = VkGraphicsPipelineCreateInfo.calloc(1, stack).sType$Default()
                    .stageCount(2).pStages(stages).pVertexInputState(vertexInput).pInputAssemblyState(assembly)
                    .pViewportState(viewport).pRasterizationState(raster).pMultisampleState(multisample)
                    .pDepthStencilState(depth).pColorBlendState(blend).pDynamicState(dynamic)
                    .layout(program.pipelineLayout()).renderPass(renderPass).subpass(0);
            LongBuffer h = stack.mallocLong(1);
            check(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, info, null, h), "vkCreateGraphicsPipelines");
            return h.get(0);
        }
    }
}
