package dev.csir.bench;

import dev.csir.ir.Stage;
import java.util.List;

/**
 * Ten shaders of the size and mix of the conformance corpus (100 to 450 bytes: transforms,
 * lighting, textures, flow, functions, discard), written for the benchmarks.
 */
public final class Corpus {
    private Corpus() {
    }

    /** One shader source with its stage and name. */
    public record Shader(Stage stage, String name, String source) {
    }

    public static final List<Shader> SHADERS = List.of(
            new Shader(Stage.VERTEX, "flat.vert", """
                    #version 330 core
                    layout(location = 0) in vec4 pos;
                    void main() {
                        gl_Position = pos;
                    }
                    """),
            new Shader(Stage.FRAGMENT, "flat.frag", """
                    #version 330 core
                    uniform vec4 tint;
                    out vec4 color;
                    void main() {
                        color = tint * 0.5 + vec4(0.25);
                    }
                    """),
            new Shader(Stage.VERTEX, "xform.vert", """
                    #version 330 core
                    layout(location = 0) in vec4 position;
                    layout(location = 1) in vec4 tint;
                    uniform mat4 model;
                    uniform mat4 view;
                    uniform mat4 projection;
                    out vec4 shade;
                    void main() {
                        gl_Position = projection * view * model * position;
                        shade = tint;
                    }
                    """),
            new Shader(Stage.VERTEX, "lit.vert", """
                    #version 330 core
                    // world-space normal and position for per-pixel light
                    layout(location = 0) in vec4 position;
                    layout(location = 1) in vec4 normal;
                    uniform mat4 model;
                    uniform mat4 viewProj;
                    out vec3 wn;
                    out vec3 wp;
                    void main() {
                        vec4 w = model * position;
                        wp = w.xyz;
                        wn = (model * vec4(normal.xyz, 0.0)).xyz;
                        gl_Position = viewProj * w;
                    }
                    """),
            new Shader(Stage.FRAGMENT, "lit.frag", """
                    #version 330 core
                    in vec3 wn;
                    in vec3 wp;
                    uniform vec3 lightAt;
                    uniform vec3 albedo;
                    uniform vec3 ambient;
                    out vec4 rgba;
                    void main() {
                        vec3 n = normalize(wn);
                        vec3 l = normalize(lightAt - wp);
                        float d = max(dot(n, l), 0.0);
                        vec3 c = albedo * d + ambient;
                        rgba = vec4(clamp(c, vec3(0.0), vec3(1.0)), 1.0);
                    }
                    """),
            new Shader(Stage.VERTEX, "uv.vert", """
                    #version 330 core
                    layout(location = 0) in vec4 position;
                    layout(location = 1) in vec2 uv;
                    uniform mat4 mvp;
                    out vec2 texCoord;
                    void main() {
                        texCoord = uv * 0.5 + vec2(0.5, 0.5);
                        gl_Position = mvp * position;
                    }
                    """),
            new Shader(Stage.FRAGMENT, "uv.frag", """
                    #version 330 core
                    in vec2 texCoord;
                    uniform sampler2D albedoMap;
                    uniform float fade;
                    out vec4 outColor;
                    void main() {
                        vec4 t = texture(albedoMap, texCoord);
                        if (t.a < 0.1) {
                            discard;
                        }
                        outColor = mix(t, vec4(0.0, 0.0, 0.0, 1.0), fade);
                    }
                    """),
            new Shader(Stage.VERTEX, "wave.vert", """
                    #version 330 core
                    layout(location = 0) in vec4 p;
                    uniform float time;
                    float wobble(float x, float k) {
                        return sin(x * k + time) * 0.1;
                    }
                    void main() {
                        vec4 q = p;
                        float s = 0.0;
                        for (int i = 0; i < 4; i++) {
                            s = s + wobble(q.x, 2.0);
                        }
                        q = vec4(q.x, q.y + s, q.z, q.w);
                        gl_Position = q;
                    }
                    """),
            new Shader(Stage.FRAGMENT, "rings.frag", """
                    #version 330 core
                    uniform float time;
                    out vec4 frag;
                    void main() {
                        vec2 c = gl_FragCoord.xy * 0.01 - vec2(1.0, 1.0);
                        float r = length(c);
                        float band = sin(r * 20.0 - time) * 0.5 + 0.5;
                        if (r > 1.0) {
                            band = 0.0;
                        } else {
                            band = pow(band, 2.0);
                        }
                        frag = vec4(band, band * 0.5, 1.0 - band, 1.0);
                    }
                    """),
            new Shader(Stage.FRAGMENT, "spec.frag", """
                    #version 330 core
                    in vec3 wn;
                    in vec3 wp;
                    uniform vec3 eye;
                    uniform vec3 lightDir;
                    out vec4 c;
                    void main() {
                        vec3 n = normalize(wn);
                        vec3 v = normalize(eye - wp);
                        vec3 r = reflect(-lightDir, n);
                        float s = pow(max(dot(r, v), 0.0), 16.0);
                        float d = max(dot(n, -lightDir), 0.0);
                        c = vec4(vec3(0.1) + vec3(0.7) * d + vec3(s), 1.0);
                    }
                    """));
}
