package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Messages;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.exec.Texture2D;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.lang.Client;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GLSL for Vulkan's separate textures and samplers: {@code texture2D}, {@code sampler},
 * {@code samplerShadow} uniforms paired by a sampler constructor at the point of use
 * ({@code texture(sampler2D(t, s), uv)}); accepted and rejected where glslang -V does, one CSIR
 * sampler slot per distinct pairing, SPIR-V's OpSampledImage of the two bindings.
 */
public class SeparateSamplersTest {
    private static final CompileOptions VULKAN = CompileOptions.DEFAULT.withClient(Client.VULKAN);
    public static final String HEAD = """
            #version 450
            layout(set = 0, binding = 0) uniform texture2D tex;
            layout(set = 0, binding = 1) uniform sampler smp;
            layout(set = 0, binding = 2) uniform samplerShadow sh;
            layout(set = 0, binding = 3) uniform textureCube cube;
            layout(set = 0, binding = 4) uniform utexture2D counts;
            layout(location = 0) in vec2 uv;
            layout(location = 0) out vec4 c;
            """;

    public static final List<String> ACCEPTED = List.of(
            "void main() { c = texture(sampler2D(tex, smp), uv); }",
            "void main() { c = vec4(texture(sampler2DShadow(tex, sh), vec3(uv, 0.5))); }",
            "void main() { c = texture(samplerCube(cube, smp), vec3(uv, 1.0)); }",
            "void main() { c = texelFetch(sampler2D(tex, smp), ivec2(0), 0) + vec4(textureSize(sampler2D(tex, smp), 0), 0, 0); }",
            "void main() { c = texture(sampler2D(tex, sh), uv) + vec4(texture(sampler2DShadow(tex, smp), vec3(uv, 0.5))); }",
            "void main() { c = vec4(texture(usampler2D(counts, smp), uv)) / 255.0; }");
    private static final List<String> REJECTED = List.of(
            "void main() { sampler2D s = sampler2D(tex, smp); c = texture(s, uv); }",
            "vec4 f(sampler2D s) { return texture(s, uv); } void main() { c = f(sampler2D(tex, smp)); }",
            "void main() { c = texture(sampler2D(cube, smp), uv); }",
            "void main() { c = texture(sampler2D(tex), uv); }",
            "void main() { texture2D t2 = tex; c = texture(sampler2D(t2, smp), uv); }",
            "void main() { c = texture(sampler2D(tex, tex), uv); }",
            "void main() { c = texture(isampler2D(counts, smp), uv); }");

    @Test
    void acceptedAndRejectedWhereGlslangIs() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        for (String body : concat(ACCEPTED, REJECTED)) {
            accepted += GlslangAgreement.checkCompiled(disagreements, Client.VULKAN, "s.frag", HEAD + body + "\n") ? 1 : 0;
        }
        assertThat(disagreements).isEmpty();
        assertThat(accepted).isEqualTo(ACCEPTED.size());
        // GLSL for OpenGL has no such types (texture2D is a function there), as in glslang
        String gl = "#version 330\nuniform texture2D tex;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
        assertThat(Glslang.validate("g.frag", gl)).isNotNull();
        assertThat(ShaderCompiler.compile(Stage.FRAGMENT, "g.frag", gl).ok()).isFalse();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void aTextureOrSamplerParameterIsALocatedError() {
        // glslang takes it; csir pairs uniforms only, for now
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", HEAD
                + "vec4 f(texture2D t, sampler s) { return texture(sampler2D(t, s), uv); }\nvoid main() { c = f(tex, smp); }\n",
                VULKAN);
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics().getFirst().header()).isEqualTo("s.frag:9:49: error: " + Messages.SAMPLER_CONSTRUCTOR_PARAMETER);
    }

    @Test
    void eachPairingIsOneCsirSamplerThatLooksUpItsTexture() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", HEAD + """
                void main() {
                    c = texture(sampler2D(tex, smp), uv) * 0.5 + texture(sampler2D(tex, smp), uv.yx) * 0.25
                            + vec4(texture(sampler2DShadow(tex, sh), vec3(uv, 0.5))) * 0.25;
                }
                """, VULKAN);
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.ir().iface().samplers()).extracting(v -> v.name() + " " + v.type()).containsExactly(
                "sampler2D(tex, smp) " + Type.SAMPLER2D, "sampler2DShadow(tex, sh) " + Type.SAMPLER2DSHADOW);
        assertThat(r.tgsi()).contains("DCL SVIEW[0], 2D, FLOAT", "DCL SVIEW[1], SHADOW2D, FLOAT");
        // a 1x1 texture of red 1, green 0.5: the shadow lookup compares 0.5 <= 1
        Interpreter in = Interpreter.of(r.ir(), null);
        Frame f = in.newFrame();
        Texture2D texel = new Texture2D(1, 1, new int[] {0xFFFF8000});
        f.texture(0, texel).texture(1, texel);
        assertThat(in.run(f)).isEqualTo(Status.OK);
        assertThat(f.color()[0]).isEqualTo(1f);
        assertThat(f.color()[1]).isCloseTo(0.75f * 128 / 255 + 0.25f, org.assertj.core.data.Offset.offset(1e-6f));
    }
}
