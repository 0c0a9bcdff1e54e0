package dev.csir.testing;

/** Shaders over the texture built-ins, for the glslang and the SPIR-V tests. */
public final class TextureForms {
    private TextureForms() {
    }

    /** Every sampler type and texture built-in, for glslang and spirv-val (CSIR takes only some of the built-ins). */
    public static final String EVERY_SAMPLER = """
            #version 330
            in vec3 d;
            in vec2 uv;
            uniform samplerCube sky;
            uniform sampler3D vol;
            uniform sampler2DArray layers;
            uniform sampler2DShadow sh;
            uniform samplerCubeShadow csh;
            uniform sampler2DArrayShadow ash;
            uniform isampler2D ids;
            uniform isampler3D ivol;
            uniform isamplerCube icube;
            uniform isampler2DArray ilayers;
            uniform sampler2D s;
            out vec4 o;
            void main() {
                vec4 a = texture(sky, d) + texture(vol, d, 0.5) + texture(layers, vec3(uv, 2.0)) + textureLod(sky, d, 1.0);
                float f = texture(sh, vec3(uv, 0.5)) + texture(csh, vec4(d, 0.5)) + texture(ash, vec4(uv, 1.0, 0.5))
                        + textureLod(sh, vec3(uv, 0.4), 0.0) + textureProj(sh, vec4(uv, 0.5, 2.0));
                ivec4 i = texture(ids, uv) + texelFetch(ids, ivec2(3, 4), 0) + texture(ivol, d) + textureLod(icube, d, 0.0)
                        + texelFetch(ilayers, ivec3(1), 0);
                vec4 b = textureProj(s, vec3(uv, 2.0)) + textureProj(s, vec4(uv, 7.0, 2.0), 1.0)
                        + textureGrad(s, uv, vec2(0.01), vec2(0.02)) + texelFetch(s, ivec2(1), 0)
                        + textureProjLod(s, vec3(uv, 1.0), 2.0) + textureGrad(sky, d, d, d) + texelFetch(layers, ivec3(1, 2, 3), 0)
                        + textureProj(vol, vec4(d, 2.0)) + textureGrad(layers, vec3(uv, 1.0), uv, uv);
                ivec3 sz = textureSize(vol, 0) + textureSize(layers, 1) + ivec3(textureSize(sky, 0), 1)
                        + ivec3(textureSize(csh, 0), 0) + textureSize(ash, 0) + ivec3(textureSize(sh, 0), 2);
                o = a + vec4(f) + vec4(i) + b + vec4(sz, 0);
            }
            """;

    /**
     * The offset forms and the gathers over every sampler that has them, in a shader for either
     * stage (the fragment stage adds the bias forms); {@code STAGE_LINES} marks where those go.
     */
    public static final String OFFSETS_AND_GATHERS = """
            #version 460
            layout(location = 0) in vec3 d;
            layout(location = 1) in vec2 uv;
            layout(binding = 0) uniform sampler2D s;
            layout(binding = 1) uniform sampler3D vol;
            layout(binding = 2) uniform sampler2DArray layers;
            layout(binding = 3) uniform sampler2DShadow sh;
            layout(binding = 4) uniform sampler2DArrayShadow ash;
            layout(binding = 5) uniform samplerCube sky;
            layout(binding = 6) uniform samplerCubeShadow csh;
            layout(binding = 7) uniform isampler2D ids;
            layout(location = 0) out vec4 o;
            const ivec2 k = ivec2(-8, 7);
            void main() {
                ivec2 dyn = ivec2(uv * 4.0);
                vec4 a = textureOffset(s, uv, ivec2(1, -1)) + textureOffset(vol, d, ivec3(1, 0, -2))
                        + textureOffset(layers, d, k) + textureLodOffset(s, uv, 1.0, ivec2(2))
                        + textureGradOffset(s, uv, vec2(0.01), vec2(0.02), ivec2(-3, 3)) + texelFetchOffset(s, ivec2(2), 0, k)
                        + texelFetchOffset(vol, ivec3(1), 0, ivec3(1)) + texelFetchOffset(layers, ivec3(1), 0, ivec2(1))
                        + textureProjOffset(s, vec3(uv, 2.0), ivec2(1)) + textureProjOffset(s, vec4(uv, 0.0, 2.0), ivec2(1))
                        + textureProjLodOffset(vol, vec4(d, 2.0), 0.5, ivec3(-1)) + textureProjGrad(s, vec3(uv, 2.0), uv, uv)
                        + textureProjGradOffset(s, vec4(uv, 1.0, 2.0), uv, uv, ivec2(0, 1));
                float f = textureOffset(sh, vec3(uv, 0.5), ivec2(1)) + textureLodOffset(sh, vec3(uv, 0.5), 0.0, ivec2(-1))
                        + textureProjOffset(sh, vec4(uv, 0.5, 2.0), ivec2(1)) + textureOffset(ash, vec4(uv, 1.0, 0.5), ivec2(1));
                vec4 g = textureGather(s, uv) + textureGather(s, uv, 1) + textureGather(layers, d, 3) + textureGather(sky, d, 2)
                        + textureGather(sh, uv, 0.5) + textureGather(ash, d, 0.5) + textureGather(csh, d, 0.5)
                        + textureGatherOffset(s, uv, ivec2(1, -2)) + textureGatherOffset(s, uv, dyn, 2)
                        + textureGatherOffset(sh, uv, 0.5, ivec2(3)) + textureGatherOffset(ash, d, 0.5, dyn)
                        + textureGatherOffsets(s, uv, ivec2[4](ivec2(1, 0), ivec2(0, 1), ivec2(-1, 0), ivec2(0, -2)), 1)
                        + textureGatherOffsets(sh, uv, 0.5, ivec2[4](ivec2(1), ivec2(2), ivec2(3), ivec2(4)));
                ivec4 i = textureOffset(ids, uv, ivec2(1)) + textureGather(ids, uv, 3) + textureGatherOffset(ids, uv, ivec2(-1));
                o = a + vec4(f) + g + vec4(i) + vec4(textureQueryLevels(s) + textureQueryLevels(csh));
                STAGE_LINES
            }
            """;
}
