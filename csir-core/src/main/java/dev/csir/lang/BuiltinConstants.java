package dev.csir.lang;

import java.util.List;
import java.util.function.Predicate;

/**
 * GLSL's implementation-dependent constants of the vertex and fragment stages' resources (GLSL
 * 4.60 7.3, ES 3.20 7.4), declared in the versions glslang declares them, with csir's values: the
 * default profile's limits where csir has one (16 attributes, 32 varyings of 4 components, 1,024
 * uniform vectors, 32 samplers a stage, 8 colour outputs), the specification's minimum otherwise;
 * the same in every profile; and the four flags of GL_EXT_fragment_shading_rate where it is
 * enabled. The geometry, tessellation, compute and mesh stages' constants,
 * which glslang declares in every stage, csir does not, nor the two whose names are past the
 * lexer's 39-character name limit (gl_MaxCombinedImageUnitsAndFragmentOutputs and
 * gl_MaxTransformFeedbackInterleavedComponents).
 */
public final class BuiltinConstants {
    private BuiltinConstants() {
    }

    private record Constant(String name, int value, Predicate<GlslVersion> declared) {
    }

    private static final Predicate<GlslVersion> ALL = v -> true;
    private static final Predicate<GlslVersion> DESKTOP = v -> !v.es();

    private static final List<Constant> TABLE = List.of(
            new Constant("gl_MaxVertexAttribs", 16, ALL),
            new Constant("gl_MaxVertexTextureImageUnits", 32, ALL),
            new Constant("gl_MaxCombinedTextureImageUnits", 64, ALL),
            new Constant("gl_MaxTextureImageUnits", 32, ALL),
            new Constant("gl_MaxDrawBuffers", 8, ALL),
            new Constant("gl_MaxVertexUniformVectors", 1024, v -> v.es() || v.number() > 400),
            new Constant("gl_MaxFragmentUniformVectors", 1024, v -> v.es() || v.number() > 400),
            new Constant("gl_MaxVaryingVectors", 32, v -> v.es() ? v.number() == 100 : v.number() > 400),
            new Constant("gl_MaxVertexOutputVectors", 32, v -> v.es() && v.number() >= 300),
            new Constant("gl_MaxFragmentInputVectors", 32, v -> v.es() && v.number() >= 300),
            new Constant("gl_MinProgramTexelOffset", -8, v -> v.number() >= (v.es() ? 300 : 420)),
            new Constant("gl_MaxProgramTexelOffset", 7, v -> v.number() >= (v.es() ? 300 : 420)),
            new Constant("gl_MaxLights", 8, DESKTOP),
            new Constant("gl_MaxClipPlanes", 8, DESKTOP),
            new Constant("gl_MaxTextureUnits", 2, DESKTOP),
            new Constant("gl_MaxTextureCoords", 8, DESKTOP),
            new Constant("gl_MaxVertexUniformComponents", 4096, DESKTOP),
            new Constant("gl_MaxFragmentUniformComponents", 4096, DESKTOP),
            new Constant("gl_MaxVaryingFloats", 128,
                    v -> !v.es() && (v.number() < 420 || v.profile() == GlslVersion.Profile.COMPATIBILITY)),
            new Constant("gl_MaxClipDistances", 8, v -> !v.es() && v.number() >= 130),
            new Constant("gl_MaxVaryingComponents", 128, v -> !v.es() && v.number() >= 130),
            new Constant("gl_MaxVertexOutputComponents", 128, v -> !v.es() && v.number() >= 150),
            new Constant("gl_MaxFragmentInputComponents", 128, v -> !v.es() && v.number() >= 150),
            new Constant("gl_MaxViewports", 16, v -> !v.es() && v.number() >= 410),
            new Constant("gl_MaxImageSamples", 0, v -> !v.es() && v.number() >= 130),
            new Constant("gl_MaxImageUnits", 8, BuiltinConstants::images),
            new Constant("gl_MaxCombinedShaderOutputResources", 8, BuiltinConstants::images),
            new Constant("gl_MaxVertexImageUniforms", 0, BuiltinConstants::images),
            new Constant("gl_MaxFragmentImageUniforms", 8, BuiltinConstants::images),
            new Constant("gl_MaxCombinedImageUniforms", 8, BuiltinConstants::images),
            new Constant("gl_MaxTransformFeedbackBuffers", 4, v -> !v.es() && v.number() >= 440),
            new Constant("gl_MaxVertexAtomicCounters", 0, BuiltinConstants::atomics),
            new Constant("gl_MaxFragmentAtomicCounters", 8, BuiltinConstants::atomics),
            new Constant("gl_MaxCombinedAtomicCounters", 8, BuiltinConstants::atomics),
            new Constant("gl_MaxAtomicCounterBindings", 1, BuiltinConstants::atomics),
            new Constant("gl_MaxVertexAtomicCounterBuffers", 0, BuiltinConstants::atomics),
            new Constant("gl_MaxFragmentAtomicCounterBuffers", 1, BuiltinConstants::atomics),
            new Constant("gl_MaxCombinedAtomicCounterBuffers", 1, BuiltinConstants::atomics),
            new Constant("gl_MaxAtomicCounterBufferSize", 32, BuiltinConstants::atomics),
            new Constant("gl_MaxCullDistances", 8, v -> !v.es() && v.number() >= 450),
            new Constant("gl_MaxCombinedClipAndCullDistances", 8, v -> !v.es() && v.number() >= 450),
            new Constant("gl_MaxSamples", 4, v -> v.number() >= (v.es() ? 310 : 450)),
            // GL_EXT_fragment_shading_rate's flags of gl_ShadingRateEXT and gl_PrimitiveShadingRateEXT
            new Constant("gl_ShadingRateFlag2VerticalPixelsEXT", 1, BuiltinConstants::shadingRateEnabled),
            new Constant("gl_ShadingRateFlag4VerticalPixelsEXT", 2, BuiltinConstants::shadingRateEnabled),
            new Constant("gl_ShadingRateFlag2HorizontalPixelsEXT", 4, BuiltinConstants::shadingRateEnabled),
            new Constant("gl_ShadingRateFlag4HorizontalPixelsEXT", 8, BuiltinConstants::shadingRateEnabled));

    /** Where GL_EXT_fragment_shading_rate exists, as glslang has it: GLSL 4.50 and ES 3.10 on. */
    public static boolean shadingRate(GlslVersion v) {
        return v.number() >= (v.es() ? 310 : 450);
    }

    private static boolean shadingRateEnabled(GlslVersion v) {
        return shadingRate(v) && v.enabled("GL_EXT_fragment_shading_rate");
    }

    /** The image constants: ES 3.10 on, desktop GLSL from 1.30 (as glslang declares them). */
    private static boolean images(GlslVersion v) {
        return v.number() >= (v.es() ? 310 : 130);
    }

    /** The atomic counter constants: ES 3.10 and GLSL 4.20 on. */
    private static boolean atomics(GlslVersion v) {
        return v.number() >= (v.es() ? 310 : 420);
    }

    /** The value of the constant {@code name} in version {@code v}, or null when it declares no such constant. */
    public static Integer value(String name, GlslVersion v) {
        if (!name.startsWith("gl_M") && !name.startsWith("gl_S")) {
            return null;
        }
        for (Constant c : TABLE) {
            if (c.name().equals(name) && c.declared().test(v)) {
                return c.value();
            }
        }
        return null;
    }
}
