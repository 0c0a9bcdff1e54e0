package dev.csir.gfx.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.UniformValues;
import java.util.ArrayList;
import java.util.List;

/**
 * A program at every interface maximum of a profile, with its inputs and the frame it must draw:
 * all the attribute locations (each fed its own float from one interleaved buffer), all the
 * varyings, a uniform at the last vec4 slot of each stage, and every sampler slot bound to its own
 * 1x1 texture, all sampled and summed.
 *
 * <p>The fragment shader checks itself against uniforms: every varying must carry a tag only its
 * slot has, the value of the attribute it came from and the vertex stage's last uniform, every
 * texture its own texel; any mismatch adds a half to red. Blue is the textures' mean and alpha
 * the fragment stage's last uniform; every other uniform slot holds a poison value. So the
 * expected frame is one exact colour per column (green steps with gl_FragCoord.x), and a lost,
 * misrouted or clamped slot shows as a wrong channel.
 */
public record ProfileMaxima(int attributes, int varyings, int uniforms, int samplers) {
    /** What the unused uniform slots hold, so a read of the wrong slot shows. */
    static final float POISON = 0.9f;
    static final float TOP_X = 0.375f;
    /** The alpha every pixel must have. */
    static final float TOP_W = 0.8f;


    public static ProfileMaxima of(Limits l) {
        return new ProfileMaxima(l.attributeSlots(), l.varyingSlots(), l.uniformSlots(), l.samplerSlots());
    }

    /** What attribute location j (1 and up) holds. */
    float attribute(int j) {
        return j / 16f;
    }

    /** The attribute varying k carries: 1 + k mod (attributes - 1), so every one is used. */
    int attributeOf(int varying) {
        return 1 + varying % (attributes - 1);
    }

    /** A value only varying k carries, exact in binary. */
    float tag(int k) {
        return (k + 0.5f) / varyings;
    }

    /** Texture k's red byte. */
    int texel(int k) {
        return 8 * k % 256;
    }

    public String vertexSource() {
        StringBuilder s = new StringBuilder("#version 330\nlayout(location = 0) in vec4 pos;\n");
        for (int j = 1; j < attributes; j++) {
            s.append("layout(location = ").append(j).append(") in float a").append(j).append(";\n");
        }
        uniforms(s);
        for (int k = 0; k < varyings; k++) {
            s.append("out vec4 v").append(k).append(";\n");
        }
        s.append("void main() {\n    gl_Position = pos;\n");
        for (int k = 0; k < varyings; k++) {
            s.append("    v").append(k).append(" = vec4(a").append(attributeOf(k)).append(", ")
                    .append(literal(tag(k))).append(", top.x, 0.0);\n");
        }
        return s.append("}\n").toString();
    }

    public String fragmentSource() {
        StringBuilder s = new StringBuilder("#version 330\n");
        for (int k = 0; k < varyings; k++) {
            s.append("in vec4 v").append(k).append(";\n");
        }
        uniforms(s);
        for (int k = 0; k < samplers; k++) {
            s.append("uniform sampler2D s").append(k).append(";\n");
        }
        // Errors summed as vectors against uniforms, so the text stays within even the ChrisOS
        // TGSI budget: e.x the attribute values, e.y the tags, e.z the vertex stage's last
        // uniform, and the textures four at a time against their texels; st sums them.
        s.append("out vec4 color;\nvoid main() {\n    vec4 e = vec4(0.0);\n"
                + "    vec4 st = vec4(0.0);\n    vec4 tt = vec4(0.0);\n    vec2 uv = vec2(0.5, 0.5);\n");
        for (int k = 0; k < varyings; k++) {
            s.append("    e = e + abs(v").append(k).append(" - expect").append(k).append(");\n");
        }
        for (int g = 0; g < samplers / 4; g++) {
            s.append("    tt = vec4(");
            for (int k = 4 * g; k < 4 * g + 4; k++) {
                s.append(k == 4 * g ? "" : ", ").append("texture(s").append(k).append(", uv).r");
            }
            s.append(");\n    st = st + tt;\n    e = e + abs(tt - texels").append(g).append(");\n");
        }
        // gl_FragCoord.x is x + 0.5: a quarter of fract((x + 0.5) / 4) steps by 1/16 per column
        s.append("    color = vec4(0.25 + 0.5 * step(0.001, dot(e, vec4(1.0))), 0.25 + 0.25 * fract(gl_FragCoord.x"
                + " * 0.25), dot(st, vec4(").append(literal(1f / samplers)).append(")), top.w);\n}\n");
        return s.toString();
    }

    /**
     * Slots 0 to varyings - 1 hold what each varying must carry, the next samplers / 4 the
     * texels of four samplers each, the last slot the vec4 both stages read, and every slot
     * between a float pad.
     */
    private void uniforms(StringBuilder s) {
        for (int k = 0; k < varyings; k++) {
            s.append("uniform vec4 expect").append(k).append(";\n");
        }
        for (int g = 0; g < samplers / 4; g++) {
            s.append("uniform vec4 texels").append(g).append(";\n");
        }
        for (int i = firstPad(); i < uniforms - 1; i++) {
            s.append("uniform float pad").append(i).append(";\n");
        }
        s.append("uniform vec4 top;\n");
    }

    private int firstPad() {
        return varyings + samplers / 4;
    }

    /** Every uniform the program declares, set: the expectations, the poisoned pads, the top. */
    public UniformValues uniformValues(LinkedProgram p) {
        UniformValues u = p.newUniforms();
        for (int k = 0; k < varyings; k++) {
            assertThat(u.set("expect" + k, attribute(attributeOf(k)), tag(k), TOP_X, 0f)).isEmpty();
        }
        for (int g = 0; g < samplers / 4; g++) {
            float[] t = new float[4];
            for (int c = 0; c < 4; c++) {
                t[c] = texel(4 * g + c) / 255f;
            }
            assertThat(u.set("texels" + g, t)).isEmpty();
        }
        for (int i = firstPad(); i < uniforms - 1; i++) {
            assertThat(u.set("pad" + i, POISON)).isEmpty();
        }
        assertThat(u.set("top", TOP_X, POISON, POISON, TOP_W)).isEmpty();
        return u;
    }

    public LinkedProgram link(Limits limits) {
        CompileOptions options = CompileOptions.DEFAULT.withLimits(limits);
        CompileResult vs = ShaderCompiler.compile(Stage.VERTEX, "maxima.vert", vertexSource(), options);
        CompileResult fs = ShaderCompiler.compile(Stage.FRAGMENT, "maxima.frag", fragmentSource(), options);
        assertThat(vs.ok()).as(vs.log()).isTrue();
        assertThat(fs.ok()).as(fs.log()).isTrue();
        Program p = new Program(limits);
        p.attach(vs);
        p.attach(fs);
        assertThat(p.link()).as(p.log().toString()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        assertThat(lp.limits()).isEqualTo(limits);
        return lp;
    }

    /** Two triangles over the whole target; location j of every vertex reads float 4 + j - 1. */
    public Mesh quad() {
        int stride = 4 + attributes - 1;
        float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
        float[] v = new float[corners.length * stride];
        for (int i = 0; i < corners.length; i++) {
            int o = i * stride;
            v[o] = corners[i][0];
            v[o + 1] = corners[i][1];
            v[o + 2] = 0f;
            v[o + 3] = 1f;
            for (int j = 1; j < attributes; j++) {
                v[o + 3 + j] = attribute(j);
            }
        }
        List<VertexAttribute> layout = new ArrayList<>();
        layout.add(new VertexAttribute(0, 4, 0));
        for (int j = 1; j < attributes; j++) {
            layout.add(new VertexAttribute(j, 1, 3 + j));
        }
        return new Mesh(v, new VertexLayout(stride, layout));
    }

    /** Texture k: one texel, red {@link #texel(int)}, so each slot reads its own value. */
    public List<Texture> textures() {
        List<Texture> t = new ArrayList<>();
        for (int k = 0; k < samplers; k++) {
            t.add(new Texture(1, 1, new byte[] {(byte) texel(k), (byte) (255 - texel(k)), 0, -1}));
        }
        return t;
    }

    /** The colour every pixel of column x must have, as bytes. */
    public void expected(int x, int[] rgba) {
        int sum = 0;
        for (int k = 0; k < samplers; k++) {
            sum += texel(k);
        }
        rgba[0] = Math.round(0.25f * 255);
        rgba[1] = Math.round((0.25f + 0.25f * ((x % 4) / 4f + 0.125f)) * 255);
        rgba[2] = Math.round(sum / (float) samplers);
        rgba[3] = Math.round(TOP_W * 255);
    }

    private static String literal(float f) {
        return Float.toString(f);
    }
}
