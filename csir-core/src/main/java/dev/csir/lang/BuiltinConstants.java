package dev.csir.lang;

import java.util.List;
import java.util.function.Predicate;

/**
 * GLSL's implementation-dependent constants of the vertex and fragment stages' resources (GLSL
 * 4.60 7.3, ES 3.20 7.4), declared in the versions glslang declares them, with csir's values: the
 * default profile's limits where csir has one (16 attributes, 32 varyings of 4 components, 1,024
 * uniform vectors, 32 samplers a stage, 8 colour outputs), the specification's minimum otherwise;
 * the same in every profile. glslang declares more (images, atomic counters, cull distances,
 * samples, the other stages' limits), which csir does not yet.
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
            new Constant("gl_MaxFragmentInputComponents", 128, v -> !v.es() && v.number() >= 150));

    /** The value of the constant {@code name} in version {@code v}, or null when it declares no such constant. */
    public static Integer value(String name, GlslVersion v) {
        if (!name.startsWith("gl_M")) {
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
