package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.exec.Texture2D;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GLSL for Vulkan's input attachments: {@code subpassInput} (and its int, uint and multisampled
 * kinds) uniforms with an {@code input_attachment_index}, read by {@code subpassLoad} in fragment
 * shaders; accepted and rejected where glslang -V does, and on CSIR the texture of the same
 * binding read at the fragment's own texel.
 */
public class SubpassInputTest {
    private static final CompileOptions VULKAN = CompileOptions.DEFAULT.withClient(Client.VULKAN);
    private static final String OUT = "layout(location = 0) out vec4 o;\n";
    private static final String INPUT = "layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput x;\n";

    /** Fragment shaders after {@code #version 450}. */
    public static final List<String> ACCEPTED = List.of(
            INPUT + OUT + "void main() { o = subpassLoad(x); }",
            INPUT + OUT + "void main() { o = subpassLoad(x).bgra * 2.0; }",
            INPUT + OUT + "vec4 f(subpassInput s) { return subpassLoad(s); }\nvoid main() { o = f(x); }",
            "layout(input_attachment_index = 0, binding = 0) uniform isubpassInput x;\n" + OUT
                    + "void main() { ivec4 i = subpassLoad(x); o = vec4(i); }",
            "layout(input_attachment_index = 3, binding = 0) uniform usubpassInput x;\n" + OUT
                    + "void main() { uvec4 u = subpassLoad(x); o = vec4(u); }",
            "layout(input_attachment_index = 0, binding = 0) uniform subpassInputMS x;\n" + OUT
                    + "void main() { o = subpassLoad(x, 1); }",
            "layout(input_attachment_index = 0, binding = 0) uniform subpassInput x;\n"
                    + "layout(input_attachment_index = 254, binding = 1) uniform subpassInput y;\n" + OUT
                    + "void main() { o = subpassLoad(x) + subpassLoad(y); }");
    private static final List<String> REJECTED = List.of(
            "layout(set = 0, binding = 0) uniform subpassInput x;\n" + OUT + "void main() { o = subpassLoad(x); }",
            "layout(input_attachment_index = 0) uniform subpassInput x;\n" + OUT + "void main() { o = subpassLoad(x); }",
            "layout(input_attachment_index = 255, binding = 0) uniform subpassInput x;\n" + OUT + "void main() { o = subpassLoad(x); }",
            "layout(input_attachment_index = -1, binding = 0) uniform subpassInput x;\n" + OUT + "void main() { o = subpassLoad(x); }",
            "layout(input_attachment_index = 0, binding = 0) uniform sampler2D x;\n" + OUT + "void main() { o = texture(x, vec2(0)); }",
            "layout(input_attachment_index = 0, binding = 0) subpassInput x;\n" + OUT + "void main() { o = subpassLoad(x); }",
            OUT + "void main() { subpassInput y; o = vec4(0); }",
            INPUT + OUT + "void main() { subpassInput z = x; o = subpassLoad(z); }",
            INPUT + OUT + "void main() { o = subpassLoad(x, 0); }",
            "layout(input_attachment_index = 0, binding = 0) uniform subpassInputMS x;\n" + OUT + "void main() { o = subpassLoad(x); }",
            INPUT + OUT + "void main() { o = texelFetch(x, ivec2(0), 0); }",
            INPUT + OUT + "void main() { o = vec4(textureSize(x, 0), 0, 0); }",
            INPUT + "layout(location = 0) out ivec4 o;\nvoid main() { o = subpassLoad(x); }");

    @Test
    void acceptedAndRejectedWhereGlslangIs() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        List<String> all = new ArrayList<>(ACCEPTED);
        all.addAll(REJECTED);
        List<String> sources = new ArrayList<>();
        for (String body : all) {
            sources.add("#version 450\n" + body + "\n");
        }
        // the ES forms: a subpass input has no default precision there
        sources.add("#version 310 es\nprecision mediump float;\n" + INPUT.replace("subpassInput", "mediump subpassInput") + OUT
                + "void main() { o = subpassLoad(x); }\n");
        sources.add("#version 310 es\nprecision mediump float;\nprecision mediump subpassInput;\n" + INPUT + OUT
                + "void main() { o = subpassLoad(x); }\n");
        sources.add("#version 310 es\nprecision mediump float;\n" + INPUT + OUT + "void main() { o = subpassLoad(x); }\n");
        for (String src : sources) {
            accepted += GlslangAgreement.checkCompiled(disagreements, Client.VULKAN, "s.frag", src) ? 1 : 0;
        }
        assertThat(disagreements).isEmpty();
        assertThat(accepted).isEqualTo(ACCEPTED.size() + 2);
        // not in the vertex stage, and not in GLSL for OpenGL (neither the type nor the layout id)
        String vertex = "#version 450\n" + INPUT + "void main() { gl_Position = subpassLoad(x); }\n";
        assertThat(Glslang.validate("s.vert", vertex, true)).isNotNull();
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "s.vert", vertex, VULKAN);
        assertThat(v.ok()).isFalse();
        assertThat(v.diagnostics().getFirst().header()).startsWith("s.vert:2:");
        String gl = "#version 450\n" + INPUT + "out vec4 o;\nvoid main() { o = subpassLoad(x); }\n";
        assertThat(Glslang.validate("g.frag", gl)).isNotNull();
        CompileResult g = ShaderCompiler.compile(Stage.FRAGMENT, "g.frag", gl);
        assertThat(g.ok()).isFalse();
        assertThat(g.diagnostics().getFirst().line()).isEqualTo(2);
    }

    @Test
    void onCsirAnInputIsItsTextureReadAtTheFragmentsTexel() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", "#version 450\n"
                + "layout(input_attachment_index = 1, binding = 3) uniform subpassInput colour;\n"
                + "layout(input_attachment_index = 0, binding = 1) uniform subpassInputMS depth;\n" + OUT
                + "void main() { o = vec4(subpassLoad(colour).rgb, subpassLoad(depth, 3).r); }\n", VULKAN);
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.ir().iface().samplers()).extracting(s -> s.name()).containsExactly("colour", "depth");
        assertThat(r.tgsi()).contains("DCL SVIEW[0], 2D, FLOAT", "TXF");
        int[] texels = new int[16];
        for (int k = 0; k < texels.length; k++) {
            texels[k] = 0xFF000000 | (k * 16) << 16 | (255 - k * 16) << 8 | k;
        }
        Texture2D colour = new Texture2D(4, 4, texels);
        Texture2D depth = new Texture2D(4, 4, texels.clone());
        Interpreter in = Interpreter.of(r.ir(), null);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                Frame f = in.newFrame().texture(0, colour).texture(1, depth).fragCoord(x + 0.5f, y + 0.5f, 0.5f, 1f);
                assertThat(in.run(f)).isEqualTo(Status.OK);
                int k = y * 4 + x;
                assertThat(f.color()).as("fragment %d, %d", x, y)
                        .containsExactly(k * 16 / 255f, (255 - k * 16) / 255f, k / 255f, k * 16 / 255f);
            }
        }
    }
}
