package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Functions as GLSL 4.60 6.1 has them: prototypes, overloads resolved by exact types then by
 * implicit conversions, {@code out} and {@code inout} parameters copied back at return (also
 * into elements, members and lanes): the interpreter computes the evaluator's values, and csir
 * accepts or rejects each form where glslang does when it links the stage (recursion and a
 * called prototype without a body are glslang's link errors; a csir compile is the whole stage).
 */
class FunctionFormsTest {
    private static String shader(String body) {
        return """
                #version 330 core
                uniform vec4 k;
                uniform vec4 j;
                out vec4 c;
                struct P { vec2 a; float b; };
                float twice(float x);
                void split(in vec4 v, out vec2 a, inout float s) { a = v.xy; s += v.z; }
                float twice(float x) { return x * 2.0; }
                float twice(vec2 v) { return v.x + v.y; }
                int twice(int i) { return i * 2 + 1; }
                vec3 twice(vec3 v, float s) { return v * s; }
                void bump(inout P p) { p.a += 1.0; p.b *= -1.0; }
                void fill(out float a[3], float x) { for (int i = 0; i < 3; i++) { a[i] = x + float(i); } }
                bool order(inout float a, inout float b) { if (a > b) { float t = a; a = b; b = t; return true; } return false; }
                void main() {
                    %s
                }
                """.formatted(body);
    }

    private static final List<String> BODIES = List.of(
            "vec2 a; float s = 1.0; split(k, a, s); c = vec4(a, s, 0.0);",
            "c = vec4(twice(k.x), twice(k.yz), float(twice(3)), twice(k.xyz, j.w).z);",
            "c = vec4(twice(2), twice(j.x), 0.0, 1.0);",
            "P p = P(k.xy, k.z); bump(p); bump(p); c = vec4(p.a, p.b, 0.0);",
            "float a[3]; fill(a, k.x); c = vec4(a[0], a[1], a[2], 0.0);",
            "float x = k.x; float y = k.y; bool swapped = order(x, y); c = vec4(x, y, swapped ? 1.0 : 0.0, 0.0);",
            "vec4 v = k; split(j, v.zw, v.x); c = v;",
            "float s[2] = float[](k.x, k.y); vec2 a; split(j, a, s[1]); c = vec4(a, s[0], s[1]);");

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        List<String> sources = BODIES.stream().map(FunctionFormsTest::shader).toList();
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, sources, 100, new Random(61))).isEmpty();
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> sources = new ArrayList<>();
        BODIES.forEach(b -> sources.add(shader(b)));
        for (String body : List.of("vec2 a; split(k, a, 1.0); c = k;", "vec2 a; split(k, k.xy, a.x); c = k;",
                "float s; split(k, j.xy, s); c = k;", "vec3 a; float s; split(k, a, s); c = k;",
                "int i = 1; float s; vec2 a; split(k, a, i); c = k;", "c = vec4(twice(true));",
                "c = vec4(twice(1.0, 2.0));", "c = vec4(twice(k.xyz, 1));")) {
            sources.add(shader(body));
        }
        String tail = "\nout vec4 c;\nvoid main() { c = vec4(f(1.0)); }\n";
        sources.addAll(List.of(
                "#version 330 core\nfloat f(float x);" + tail,
                "#version 330 core\nfloat f(float x);\nint f(float x) { return 1; }" + tail,
                "#version 330 core\nfloat f(float x) { return x; }\nfloat f(float y) { return y; }" + tail,
                "#version 330 core\nfloat f(const out float x) { x = 1.0; return x; }" + tail,
                "#version 330 core\nfloat f(float x) { return x; }\nfloat f(int x) { return 2.0; }" + tail,
                "#version 330 core\nfloat f(int x) { return 1.0; }\nfloat f(uint x) { return 2.0; }"
                        + "\nout vec4 c;\nvoid main() { c = vec4(f(1.0)); }\n",
                "#version 330 core\nfloat g(float x);\nfloat f(float x) { return g(x); }\n"
                        + "float g(float x) { return f(x); }" + tail,
                "#version 100\nprecision mediump float;\nfloat f(float x) { return x; }\n"
                        + "void main() { gl_FragColor = vec4(f(1)); }\n",
                "#version 330 core\nfloat f(float x) { return x; }\nvoid main(float y) { }\n"));
        List<String> disagreements = new ArrayList<>();
        for (String src : sources) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, src, true);
        }
        assertThat(disagreements).isEmpty();
    }

    /** A user overload of a texture built-in's name ({@code textureProj(vec4, vec2)}) beside the built-in. */
    private static final String TEXTURE_OVERLOADS = """
            #version 330 core
            uniform sampler2D t;
            uniform vec4 k;
            out vec4 c;
            float textureProj(vec4 p, vec2 off) { return p.x * off.y + p.w; }
            vec4 texture(vec2 p) { return vec4(p, 1.0, 0.0); }
            void main() { c = textureProj(t, vec3(k.xy, 2.0)) * textureProj(k, k.zw) + texture(k.xy) + texture(t, k.zw); }
            """;

    @Test
    void aUserFunctionOverloadsATextureBuiltin() throws Exception {
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, List.of(TEXTURE_OVERLOADS), 100, new Random(62)))
                .isEmpty();
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, TEXTURE_OVERLOADS, true);
        GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                TEXTURE_OVERLOADS.replace("textureProj(k, k.zw)", "textureProj(k, k.z)"), true);
        assertThat(disagreements).isEmpty();
    }
}
