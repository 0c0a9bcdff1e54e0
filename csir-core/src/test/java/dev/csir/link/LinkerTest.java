package dev.csir.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Texture2D;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.testing.LinkedText;
import dev.csir.testing.Snapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinkerTest {
    /** Vertex outputs a, b, c in slots 0, 1, 2; attribute at location 3. */
    static final String REMAP_VS = """
            layout(location = 3) in vec4 p;
            out vec3 a;
            out vec2 b;
            out float c;
            void main() {
                a = p.xyz;
                b = p.yx;
                c = p.w;
                gl_Position = p;
            }
            """;
    /** Fragment inputs declared c, b, a (slots 0, 1, 2), two samplers, gl_FragCoord. */
    static final String REMAP_FS = """
            in float c;
            in vec2 b;
            in vec3 a;
            uniform sampler2D unused;
            uniform sampler2D tex;
            out vec4 color;
            void main() {
                vec4 t = texture(tex, b);
                color = vec4(a.x + t.x, a.y, c, gl_FragCoord.x);
            }
            """;

    static CompileResult compile(Stage stage, String name, String src) {
        CompileResult r = ShaderCompiler.compile(stage, name, src);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r;
    }

    static Program program(String vs, String fs) {
        Program p = new Program();
        assertThat(p.attach(compile(Stage.VERTEX, "t.vert", vs))).isEmpty();
        assertThat(p.attach(compile(Stage.FRAGMENT, "t.frag", fs))).isEmpty();
        return p;
    }

    @Test
    void varyingsBothStagesLocateMeetByLocationWhateverTheirNames() {
        Program p = program("""
                #version 450
                layout(location = 0) in vec4 pos;
                layout(location = 0) out vec3 outNormal;
                layout(location = 1) out vec2 outUV;
                out float named;
                void main() { outNormal = pos.xyz; outUV = pos.xy; named = pos.w; gl_Position = pos; }
                """, """
                #version 450
                layout(location = 1) in vec2 uv;
                layout(location = 0) in vec3 normal;
                in float named;
                layout(location = 0) out vec4 o;
                void main() { o = vec4(normal + vec3(uv, named), 1.0); }
                """);
        assertThat(p.link()).as(p.log().toString()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        assertThat(lp.iface().varyings()).extracting(VaryingInfo::name).containsExactlyInAnyOrder("uv", "normal", "named");
        for (VaryingInfo v : lp.iface().varyings()) {
            // the vertex output the input reads sits at the input's own location
            if (!v.name().equals("named")) {
                assertThat(v.slot()).as(v.name()).isEqualTo(v.fragmentSlot());
            }
        }
        // one of them located, the other not: names decide, and these differ
        Program q = program("#version 450\nlayout(location = 0) out vec3 a;\nvoid main() { a = vec3(1.0); gl_Position = vec4(0.0); }\n",
                "#version 450\nin vec3 b;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(b, 1.0); }\n");
        assertThat(q.link()).isFalse();
    }

    @Test
    void remapMapsFragmentSlotsToVertexSlots() {
        Program p = program(REMAP_VS, REMAP_FS);
        assertThat(p.link()).as(p.log().toString()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        // one entry per varying slot of the profile: the default's 32
        int[] remap = new int[Limits.DEFAULT.varyingSlots()];
        java.util.Arrays.fill(remap, -1);
        remap[0] = 2;
        remap[1] = 1;
        remap[2] = 0;
        assertThat(lp.remap()).containsExactly(remap);
        assertThat(lp.limits()).isSameAs(Limits.DEFAULT);
        assertThat(lp.iface().varyings()).containsExactly(
                new VaryingInfo("c", Type.FLOAT, 2, 0),
                new VaryingInfo("b", Type.VEC2, 1, 1),
                new VaryingInfo("a", Type.VEC3, 0, 2));
        assertThat(lp.iface().attributes()).containsExactly(new AttributeInfo("p", Type.VEC4, 3, 4, true));
        assertThat(lp.iface().samplers()).containsExactly(
                new SamplerInfo("unused", Stage.FRAGMENT, 0), new SamplerInfo("tex", Stage.FRAGMENT, 1));
        assertThat(lp.iface().sampler("tex").orElseThrow().slot()).isEqualTo(1);
        // Declarations and loads agree on the linked slots; the standalone text used local ones.
        assertThat(LinkedText.of(lp).fragmentText()).contains("DCL IN[2], GENERIC[2], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\n"
                + "DCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[7], POSITION\n", "SAMP[1], 2D");
        assertThat(LinkedText.of(lp).vertexText()).contains("DCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL IN[3]\n");
        Snapshot.assertMatches("link/remap.vs.tgsi", LinkedText.of(lp).vertexText());
        Snapshot.assertMatches("link/remap.fs.tgsi", LinkedText.of(lp).fragmentText());
    }

    @Test
    void interpreterFollowsTheSameRemap() {
        Program p = program(REMAP_VS, REMAP_FS);
        assertThat(p.link()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        Interpreter vs = lp.interpreter(Stage.VERTEX);
        Frame v = vs.newFrame().attribute(3, 0.25f, 0.5f, 0.75f, 2f);
        vs.run(v);
        Interpreter fs = lp.interpreter(Stage.FRAGMENT);
        Frame f = fs.newFrame();
        System.arraycopy(v.varyingsOut(), 0, f.varyingsIn(), 0, 32);
        f.fragCoord(10.5f, 3.5f, 0.5f, 1f);
        f.texture(1, new Texture2D(1, 1, new int[] {0xFF804020}));
        fs.run(f);
        float red = 0x80 / 255f;
        assertThat(f.color()).containsExactly(new float[] {0.25f + red, 0.5f, 2f, 10.5f},
                org.assertj.core.data.Offset.offset(1e-6f));
    }

    @Test
    void varyingTypeMismatchIsLocatedAtTheFragmentInput() {
        Program p = program("out vec3 n; void main() { n = vec3(1.0); gl_Position = vec4(0.0); }",
                "out vec4 c;\nin vec2 n;\nvoid main() { c = vec4(n, 0.0, 1.0); }");
        assertThat(p.link()).isFalse();
        assertThat(p.log()).containsExactly("type mismatch for varying\nn");
        LinkError e = p.errors().getFirst();
        assertThat(e.located()).isTrue();
        assertThat(List.of(e.stage(), e.line(), e.column())).containsExactly(Stage.FRAGMENT, 2, 9);
        assertThat(e.detail()).isEqualTo("'n' is vec3 in the vertex shader and vec2 in the fragment shader");
        assertThat(p.ok()).isFalse();
        assertThat(p.linked()).isEmpty();
    }

    @Test
    void missingVaryingIsReported() {
        Program p = program("void main() { gl_Position = vec4(0.0); }",
                "in vec4 ghost; out vec4 c; void main() { c = ghost; }");
        assertThat(p.link()).isFalse();
        assertThat(p.log()).containsExactly("missing varying\nghost");
    }

    @Test
    void failedRelinkKeepsThePreviousGeneration() {
        Program p = program(REMAP_VS, REMAP_FS);
        assertThat(p.generation()).isEqualTo(1);
        assertThat(p.link()).isTrue();
        assertThat(p.generation()).isEqualTo(2);
        var text = LinkedText.of(p);
        LinkedProgram before = p.linked().orElseThrow();

        p.attach(compile(Stage.FRAGMENT, "bad.frag", "in vec4 a; out vec4 c; void main() { c = a; }"));
        assertThat(p.link()).isFalse();
        assertThat(p.log()).containsExactly("type mismatch for varying\na", "kept previous program");
        assertThat(p.ok()).isTrue();
        assertThat(p.generation()).isEqualTo(2);
        assertThat(LinkedText.of(p)).isEqualTo(text);
        assertThat(p.linked().orElseThrow()).isSameAs(before);

        p.attach(compile(Stage.FRAGMENT, "good.frag", REMAP_FS));
        assertThat(p.link()).isTrue();
        assertThat(p.generation()).isEqualTo(3);
        assertThat(p.log()).isEmpty();
    }

    @Test
    void attachingAFailedShaderFails() {
        Program p = program(REMAP_VS, REMAP_FS);
        assertThat(p.link()).isTrue();
        CompileResult bad = ShaderCompiler.compile(Stage.VERTEX, "bad.vert", "void main(){ no_such(); }");
        assertThat(bad.ok()).isFalse();
        assertThat(p.attach(bad)).hasValue("cannot attach a shader that failed to compile 'bad.vert'");
        assertThat(p.link()).isTrue();
        assertThat(p.generation()).isEqualTo(3);
    }

    @Test
    void uniformsSharedByBothStagesAreOneUniform() {
        Program p = program("""
                uniform float scale;
                uniform vec4 tint;
                in vec4 pos;
                out vec4 col;
                void main() { col = tint; gl_Position = pos * scale; }
                """, """
                uniform vec4 bias;
                uniform vec4 tint;
                in vec4 col;
                out vec4 o;
                void main() { o = col * tint + bias; }
                """);
        assertThat(p.link()).as(p.log().toString()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        assertThat(lp.iface().uniforms()).extracting(UniformInfo::name).containsExactly("scale", "tint", "bias");
        UniformInfo tint = lp.iface().uniform("tint").orElseThrow();
        assertThat(List.of(tint.stage(), tint.slot(), tint.vertexSlot(), tint.fragmentSlot()))
                .containsExactly(Stage.VERTEX, 1, 1, 1);
        assertThat(List.of(lp.iface().vertexVec4s(), lp.iface().fragmentVec4s())).containsExactly(2, 2);

        UniformValues u = lp.newUniforms();
        assertThat(u.set("tint", 0.5f, 0.25f, 1f, 1f)).isEmpty();
        assertThat(u.set("bias", 0.1f, 0.1f, 0.1f, 0f)).isEmpty();
        assertThat(u.set("scale", 2f)).isEmpty();
        assertThat(u.upload(Stage.VERTEX)).containsExactly(2f, 0, 0, 0, 0.5f, 0.25f, 1f, 1f);
        assertThat(u.upload(Stage.FRAGMENT)).containsExactly(0.1f, 0.1f, 0.1f, 0f, 0.5f, 0.25f, 1f, 1f);
        assertThat(u.set("nope", 1f)).hasValue("no uniform named 'nope'");
        assertThat(u.set("tint", 1f)).hasValue("uniform 'tint' of type vec4 takes 4 values, got 1");

        Interpreter fs = lp.interpreter(Stage.FRAGMENT);
        Frame f = fs.newFrame();
        float[] words = u.words(Stage.FRAGMENT);
        System.arraycopy(words, 0, f.uniforms(), 0, words.length);
        f.varying(0, 1f, 1f, 1f, 1f);
        fs.run(f);
        assertThat(f.color()).containsExactly(0.6f, 0.35f, 1.1f, 1f);
    }

    @Test
    void aSharedUniformAtDifferentSlotsLandsAtEachStagesSlot() {
        // tint follows a mat4 in the vertex shader (slot 4) and comes first in the fragment (slot 0)
        Program p = program("""
                uniform mat4 mvp;
                uniform vec4 tint;
                in vec4 pos;
                out vec4 col;
                void main() { col = tint; gl_Position = mvp * pos; }
                """, """
                uniform vec4 tint;
                in vec4 col;
                out vec4 o;
                void main() { o = col * tint; }
                """);
        assertThat(p.link()).as(p.log().toString()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        UniformInfo tint = lp.iface().uniform("tint").orElseThrow();
        assertThat(List.of(tint.vertexSlot(), tint.fragmentSlot())).containsExactly(4, 0);
        UniformValues u = lp.newUniforms();
        assertThat(u.set("tint", 0.5f, 0.25f, 2f, 1f)).isEmpty();
        float[] vertex = u.upload(Stage.VERTEX);
        float[] fragment = u.upload(Stage.FRAGMENT);
        assertThat(java.util.Arrays.copyOfRange(vertex, 16, 20)).containsExactly(0.5f, 0.25f, 2f, 1f);
        assertThat(java.util.Arrays.copyOfRange(vertex, 0, 16)).containsOnly(0f);
        assertThat(java.util.Arrays.copyOfRange(fragment, 0, 4)).containsExactly(0.5f, 0.25f, 2f, 1f);

        Interpreter fs = lp.interpreter(Stage.FRAGMENT);
        Frame f = fs.newFrame();
        float[] words = u.words(Stage.FRAGMENT);
        System.arraycopy(words, 0, f.uniforms(), 0, words.length);
        f.varying(0, 1f, 2f, 1f, 1f);
        fs.run(f);
        assertThat(f.color()).containsExactly(0.5f, 0.5f, 2f, 1f);
    }

    @Test
    void sameUniformNameWithDifferentTypesFails() {
        Program p = program("uniform vec4 k; void main() { gl_Position = k; }",
                "uniform vec3 k; out vec4 c; void main() { c = vec4(k, 1.0); }");
        assertThat(p.link()).isFalse();
        assertThat(p.log()).containsExactly("uniform type mismatch\nk");
    }

    @Test
    void matrixUniformsAreWrittenColumnMajor() {
        Program p = program("uniform mat3 m; in vec4 v; void main() { gl_Position = vec4(m * v.xyz, 1.0); }",
                "out vec4 c; void main() { c = vec4(1.0); }");
        assertThat(p.link()).isTrue();
        UniformValues u = p.linked().orElseThrow().newUniforms();
        assertThat(u.set("m", 1, 2, 3, 4, 5, 6, 7, 8, 9)).isEmpty();
        assertThat(u.upload(Stage.VERTEX)).containsExactly(1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0);
    }

    @Test
    void missingShaderIsReported() {
        Program p = new Program();
        p.attach(compile(Stage.VERTEX, "t.vert", REMAP_VS));
        assertThat(p.link()).isFalse();
        assertThat(p.log()).containsExactly("program is missing a compiled shader");
    }
}
