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
}
