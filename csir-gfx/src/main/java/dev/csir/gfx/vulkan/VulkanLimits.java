package dev.csir.gfx.vulkan;

import dev.csir.back.spirv.Reflection;
import dev.csir.gfx.GfxException;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.Type;
import java.util.List;
import org.lwjgl.vulkan.VkPhysicalDeviceLimits;

/**
 * The physical device's limits that a program's interface must fit, checked before a pipeline is
 * made so that a program over them is refused with a message instead of an invalid pipeline.
 * Vulkan counts built-ins against the component limits (gl_Position's four among the vertex
 * outputs), so a device with 128 output components takes 31 vec4 varyings, not 32.
 */
public record VulkanLimits(int maxVertexInputAttributes, int maxVertexOutputComponents,
        int maxFragmentInputComponents, int maxPerStageDescriptorSamplers, int maxPerStageDescriptorUniformBuffers,
        long maxUniformBufferRange, int maxPushConstantsSize) {

    static VulkanLimits of(VkPhysicalDeviceLimits l) {
        return new VulkanLimits(l.maxVertexInputAttributes(), l.maxVertexOutputComponents(),
                l.maxFragmentInputComponents(), l.maxPerStageDescriptorSamplers(),
                l.maxPerStageDescriptorUniformBuffers(), Integer.toUnsignedLong(l.maxUniformBufferRange()),
                l.maxPushConstantsSize());
    }

    /** Checks one stage's interface and descriptors; {@code vertex} tells which stage it is. */
    void check(Reflection r, boolean vertex) throws GfxException {
        String stage = vertex ? "vertex" : "fragment";
        if (vertex) {
            int attributes = 0;
            for (Reflection.Variable v : r.inputs()) {
                attributes = v.builtIn() == null ? Math.max(attributes, v.location() + locations(v.type())) : attributes;
            }
            require(attributes, maxVertexInputAttributes, "the vertex stage reads attribute locations up to "
                    + (attributes - 1), "maxVertexInputAttributes");
            int out = components(r.outputs());
            require(out, maxVertexOutputComponents, "the vertex stage writes " + out
                    + " output components (its varyings' locations and its built-ins)", "maxVertexOutputComponents");
        } else {
            int in = components(r.inputs());
            require(in, maxFragmentInputComponents, "the fragment stage reads " + in
                    + " input components (its varyings' locations and its built-ins)", "maxFragmentInputComponents");
        }
        require(r.samplers().size(), maxPerStageDescriptorSamplers, "the " + stage + " stage has "
                + r.samplers().size() + " samplers", "maxPerStageDescriptorSamplers");
        long buffers = r.blocks().stream().filter(b -> b.binding() >= 0).count();
        require(buffers, maxPerStageDescriptorUniformBuffers, "the " + stage + " stage has " + buffers
                + " uniform blocks", "maxPerStageDescriptorUniformBuffers");
        for (Reflection.UniformBlock b : r.blocks()) {
            if (b.binding() < 0) {
                require(b.size(), maxPushConstantsSize, "the " + stage + " stage's push-constant block '" + b.name()
                        + "' is " + b.size() + " bytes", "maxPushConstantsSize");
            } else {
                require(b.size(), maxUniformBufferRange, "the " + stage + " stage's uniform block '" + b.name()
                        + "' is " + b.size() + " bytes", "maxUniformBufferRange");
            }
        }
    }

    private static void require(long used, long limit, String what, String limitName) throws GfxException {
        if (used > limit) {
            throw new GfxException(what + "; this Vulkan device allows " + limit + " (" + limitName + ")");
        }
    }

    /** Four components for every location up to the highest used, plus the built-ins' own. */
    private static int components(List<Reflection.Variable> vars) {
        int locations = 0;
        int builtIns = 0;
        for (Reflection.Variable v : vars) {
            if (v.builtIn() == null) {
                locations = Math.max(locations, v.location() + locations(v.type()));
            } else {
                builtIns += v.type().componentCount() == 0 ? 1 : v.type().componentCount();
            }
        }
        return locations * 4 + builtIns;
    }

    private static int locations(Type t) {
        return switch (t) {
            case ArrayType a -> Math.max(0, a.length()) * locations(a.element());
            case MatrixType m -> m.columns();
            default -> 1;
        };
    }
}
