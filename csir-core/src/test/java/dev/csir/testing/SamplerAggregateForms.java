package dev.csir.testing;

import java.util.List;

/**
 * Fragment shaders whose samplers sit in struct uniforms and arrays (GLSL 4.60 4.1.7, 4.1.8,
 * 4.1.9): members reached by name, elements by constant expressions, nested structs and arrays
 * of structs with data beside the samplers, a member passed to a sampler parameter. Each writes
 * {@code c} from every sampler, so a sampler bound to the wrong unit changes the result.
 */
public final class SamplerAggregateForms {
    private SamplerAggregateForms() {
    }

    private static final String DECLARATIONS = """
            #version 330 core
            struct Material { sampler2D diffuse; vec3 tint; sampler2D specular; float shininess; };
            struct Layer { float weight; sampler2D map; };
            struct Stack { Layer layers[2]; vec2 offset; };
            uniform Material material;
            uniform sampler2D maps[3];
            uniform Stack stack;
            uniform Layer extra[2];
            uniform vec4 k;
            const int LAST = 2;
            in vec2 uv;
            out vec4 c;
            vec4 lookup(sampler2D s, vec2 p) { return texture(s, p); }
            void main() {
                %s
            }
            """;

    public static final List<String> BODIES = List.of(
            "c = texture(material.diffuse, uv) * vec4(material.tint, 1.0) + texture(material.specular, uv.yx) * material.shininess;",
            "c = texture(maps[0], uv) + 2.0 * texture(maps[1], uv) + 3.0 * texture(maps[LAST], k.xy) + vec4(k.z);",
            "c = texture(stack.layers[1].map, uv + stack.offset) * stack.layers[1].weight + texture(stack.layers[0].map, uv) * stack.layers[0].weight;",
            "c = lookup(material.specular, k.zw) + lookup(maps[LAST - 1], uv) + texture(extra[1].map, uv) * extra[0].weight;",
            "vec4 s = vec4(0.0); for (int i = 0; i < 2; i++) { s += vec4(extra[i].weight); } c = s + texture(extra[0].map, uv);",
            "c = textureLod(maps[2], uv, k.x) + vec4(textureSize(material.diffuse, 0), 0.0, 0.0);");

    public static String shader(String body) {
        return DECLARATIONS.formatted(body);
    }
}
