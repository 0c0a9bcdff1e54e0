package dev.csir.testing;

import java.util.List;

/** Shaders written for the optimizer tests: each exercises a lowering shape the passes rewrite. */
public final class TestSources {
    private TestSources() {
    }

    public static final List<String[]> ALL = List.of(
            new String[] {"partial.vert", """
                    layout(location = 0) in vec4 p;
                    uniform mat4 m;
                    out vec3 a;
                    out vec2 b;
                    void main() {
                        a = vec3(p.yx, 2.0);
                        b = p.zw * 0.5 + 0.5;
                        gl_Position = m * p;
                    }
                    """},
            new String[] {"branches.frag", """
                    in vec2 uv;
                    uniform float k;
                    out vec4 c;
                    void main() {
                        vec4 x = vec4(uv, 0.0, 1.0);
                        if (uv.x > k) {
                            x = vec4(1.0, 0.0, 0.0, 1.0);
                            c = x;
                        } else {
                            x = vec4(x.x, 1.0, x.zw);
                        }
                        if (uv.y < 0.25) {
                            discard;
                        }
                        c = c + x * 0.5;
                    }
                    """},
            new String[] {"loops.vert", """
                    layout(location = 0) in vec4 p;
                    out vec4 s;
                    void main() {
                        vec4 acc = vec4(0.0);
                        for (int i = 0; i < 4; i++) {
                            acc = acc + p * float(i) + vec4(1.0);
                        }
                        s = acc;
                        gl_Position = vec4(p.xyz, 1.0);
                    }
                    """},
            new String[] {"matrices.vert", """
                    layout(location = 0) in vec4 p;
                    uniform mat4 view;
                    uniform mat3 rot;
                    out vec3 n;
                    void main() {
                        mat4 s = mat4(2.0);
                        mat4 v = view;
                        n = rot * p.xyz;
                        gl_Position = v * s * p;
                    }
                    """},
            new String[] {"functions.frag", """
                    in vec3 nrm;
                    uniform vec3 light;
                    uniform sampler2D tex;
                    out vec4 c;
                    float lambert(vec3 a, vec3 b) {
                        return max(dot(normalize(a), normalize(b)), 0.0);
                    }
                    void main() {
                        vec4 t = texture(tex, nrm.xy);
                        float d = lambert(nrm, light);
                        c = vec4(t.rgb * d, 1.0);
                        c = vec4(c.rgb, clamp(length(nrm), 0.0, 1.0));
                    }
                    """},
            new String[] {"nested.frag", """
                    in vec4 v;
                    out vec4 c;
                    void main() {
                        float a = 1.0;
                        float b = 1.0;
                        if (v.x > 0.0) {
                            a = 2.0;
                            if (v.y > 0.0) {
                                b = a * 3.0;
                            } else {
                                b = 1.0;
                            }
                        }
                        c = vec4(a, b, 1.0, 1.0);
                    }
                    """});
}
