package dev.csir.compile;

import static dev.csir.testing.Shaders.fragment;
import static dev.csir.testing.Shaders.vertex;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.exec.Texture2D;
import dev.csir.testing.Shaders.Run;
import org.junit.jupiter.api.Test;

/**
 * The original's interpreter cases (chrisos-original.md §7.1) with shaders written here: each is
 * compiled from source by the facade and run on the interpreter, with exact math.
 */
class OriginalCasesTest {
    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    @Test
    void constantPosition() {
        Run vs = vertex("""
                #version 330 core
                layout(location = 0) in vec4 unused;
                void main() {
                    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
                }
                """);
        assertThat(vs.result().irDump()).contains("store");
        assertThat(vs.result().tgsi()).contains("VERT", "POSITION", "END");
        vs.attribute("unused", 0, 0, 0, 1).run();
        assertThat(vs.position()).containsExactly(0f, 0f, 0f, 1f);
        Run fs = fragment("""
                out vec4 c;
                void main() { c = vec4(1.0, 0.5, 0.25, 1.0); }
                """).run();
        assertThat(fs.color()).containsExactly(1f, 0.5f, 0.25f, 1f);
    }

    @Test
    void modelViewProjectionIsColumnMajor() {
        Run vs = vertex("""
                #version 330
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 color;
                uniform mat4 model;
                uniform mat4 view;
                uniform mat4 projection;
                out vec4 shade;
                void main() {
                    shade = color;
                    gl_Position = projection * view * model * position;
                }
                """);
        assertThat(vs.result().tgsi()).contains("CONST[0]", "MUL");
        assertThat(vs.slot("model")).isZero();
        float[] model = new float[16];
        model[0] = 2;
        model[5] = 3;
        model[10] = 4;
        model[12] = 5;
        model[13] = 6;
        model[14] = 7;
        model[15] = 1;
        vs.matrix("model", 4, model).matrix("view", 4, IDENTITY).matrix("projection", 4, IDENTITY)
                .attribute("position", 1, 1, 1, 1).attribute("color", 0, 0, 0, 1).run();
        assertThat(vs.position()).containsExactly(7f, 9f, 11f, 1f);
        assertThat(vs.out("shade")).containsExactly(0f, 0f, 0f, 1f);
        assertThat(vs.result().tgsi().length()).isLessThan(3500);
    }

    @Test
    void textureSamplesTheTexelAtTheCoordinate() {
        Run vs = vertex("""
                in vec4 pos;
                in vec2 uvIn;
                uniform mat4 mvp;
                out vec2 uv;
                void main() {
                    uv = uvIn;
                    gl_Position = mvp * pos;
                }
                """);
        Run fs = fragment("""
                in vec2 uv;
                uniform sampler2D albedo;
                out vec4 outColor;
                void main() {
                    outColor = texture(albedo, uv);
                }
                """);
        assertThat(fs.slot("albedo")).isZero();
        assertThat(fs.result().tgsi()).contains("TEX", "SAMP[0]");
        vs.matrix("mvp", 4, IDENTITY).attribute("pos", 0, 0, 0, 1).attribute("uvIn", 0, 0, 0, 0).run();
        // texel (0,0) red and opaque, the others black and transparent
        Texture2D tex = new Texture2D(2, 2, new int[] {0xFFFF0000, 0, 0, 0});
        fs.frame().texture(0, tex);
        fs.varying("uv", vs.out("uv")).run();
        assertThat(fs.color()).containsExactly(1f, 0f, 0f, 1f);
        fs.varying("uv", 1, 1, 0, 0).run();
        assertThat(fs.color()).containsExactly(0f, 0f, 0f, 0f);
    }

    static final String LIGHT_VS = """
            #version 330 core
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 normal;
            uniform mat4 model;
            uniform mat4 view;
            uniform mat4 projection;
            out vec3 n;
            out vec3 worldPos;
            void main() {
                vec4 w = model * position;
                worldPos = w.xyz;
                n = (model * vec4(normal.xyz, 0.0)).xyz;
                gl_Position = projection * view * w;
            }
            """;

    static final String LIGHT_FS = """
            #version 330 core
            in vec3 n;
            in vec3 worldPos;
            uniform vec3 lightPosition;
            uniform vec3 lightColor;
            uniform vec3 ambientColor;
            out vec4 fragColor;
            void main() {
                vec3 l = normalize(lightPosition - worldPos);
                float diffuse = max(dot(normalize(n), l), 0.0);
                fragColor = vec4(ambientColor + lightColor * diffuse, 1.0);
            }
            """;

    @Test
    void lightingFrontAndBack() {
        Run vs = vertex(LIGHT_VS);
        Run fs = fragment(LIGHT_FS);
        assertThat(vs.result().tgsi().length()).isLessThan(3500);
        assertThat(fs.result().tgsi().length()).isLessThan(3500);
        vs.matrix("model", 4, IDENTITY).matrix("view", 4, IDENTITY).matrix("projection", 4, IDENTITY);
        fs.uniform("lightPosition", 0, 0, 2).uniform("lightColor", 1, 0, 0).uniform("ambientColor", 0.1f, 0.1f,
                0.1f);
        vs.attribute("position", 0, 0, 0, 0).attribute("normal", 0, 0, 1, 0).run();
        fs.varying("n", vs.out("n")).varying("worldPos", vs.out("worldPos")).run();
        // ambient 0.1 plus the full red light: exactly 1.1 (the original's approximate log gave 1.112)
        assertThat(fs.color()).containsExactly(1.1f, 0.1f, 0.1f, 1f);
        vs.attribute("normal", 0, 0, -1, 0).run();
        fs.varying("n", vs.out("n")).varying("worldPos", vs.out("worldPos")).run();
        assertThat(fs.color()).containsExactly(0.1f, 0.1f, 0.1f, 1f);
    }

    @Test
    void flowIfTakesTheElseBranchOfAFoldedCondition() {
        Run vs = vertex("""
                in vec4 p;
                void main() {
                    float x = 0.2;
                    if (x > 0.5) {
                        gl_Position = vec4(1.0, 0.0, 0.0, 1.0);
                    } else {
                        gl_Position = vec4(0.0, 1.0, 0.0, 1.0);
                    }
                }
                """);
        // the original kept the IF on a folded condition; the optimizer removes the branch
        assertThat(vs.result().irDump()).doesNotContain("if ");
        vs.attribute("p", 0, 0, 0, 1).run();
        assertThat(vs.position()).containsExactly(0f, 1f, 0f, 1f);
    }

    @Test
    void flowForUnrollsFourTimes() {
        Run vs = vertex("""
                in vec4 p;
                void main() {
                    float s = 0.0;
                    for (int i = 0; i < 4; i++) {
                        s = s + 1.0;
                    }
                    gl_Position = vec4(s, 0.0, 0.0, 1.0);
                }
                """).run();
        assertThat(vs.position()).containsExactly(4f, 0f, 0f, 1f);
    }

    @Test
    void flowFunctionIsInlined() {
        Run vs = vertex("""
                in vec4 p;
                float saturate(float v) {
                    return clamp(v, 0.0, 1.0);
                }
                void main() {
                    gl_Position = vec4(saturate(-2.0), saturate(0.25), saturate(3.0), 1.0);
                }
                """).run();
        assertThat(vs.position()).containsExactly(0f, 0.25f, 1f, 1f);
    }

    @Test
    void discardEndsTheFragment() {
        Run vs = vertex("""
                in vec4 p;
                out float a;
                void main() {
                    a = 0.2;
                    gl_Position = p;
                }
                """);
        Run fs = fragment("""
                in float a;
                out vec4 c;
                void main() {
                    if (a < 0.5) {
                        discard;
                    }
                    c = vec4(a, a, a, 1.0);
                }
                """);
        assertThat(fs.result().tgsi()).contains("KILL");
        vs.attribute("p", 0, 0, 0, 1).run();
        assertThat(vs.out("a")[0]).isEqualTo(0.2f);
        fs.varying("a", vs.out("a")).run();
        assertThat(fs.frame().discarded()).isTrue();
        fs.varying("a", 0.75f, 0, 0, 0).run();
        assertThat(fs.frame().discarded()).isFalse();
        assertThat(fs.color()).containsExactly(0.75f, 0.75f, 0.75f, 1f);
    }

    @Test
    void proceduralSineOfTime() {
        Run fs = fragment("""
                uniform float time;
                out vec4 c;
                void main() {
                    float v = sin(time) * 0.5 + 0.5;
                    c = vec4(v, v, v, 1.0);
                }
                """);
        fs.uniform("time", 0f).run();
        assertThat(fs.color()).containsExactly(0.5f, 0.5f, 0.5f, 1f);
        fs.uniform("time", (float) (Math.PI / 2)).run();
        assertThat(fs.color()[0]).isEqualTo(1f);
    }
}
