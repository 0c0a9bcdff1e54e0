package dev.csir.types;

/**
 * GLSL for Vulkan's {@code sampler} and {@code samplerShadow}: how a texture is sampled, without
 * the texture. csir's samplers all filter nearest and clamp to the edge; a sampler constructor's
 * type, not this, decides whether a lookup compares.
 */
public record SamplerStateType(boolean shadow) implements Type {
    public static final SamplerStateType PLAIN = new SamplerStateType(false);
    public static final SamplerStateType SHADOW = new SamplerStateType(true);

    @Override
    public String name() {
        return shadow ? "samplerShadow" : "sampler";
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof SamplerStateType o && o.shadow == shadow;
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(shadow);
    }

    @Override
    public String toString() {
        return name();
    }
}
