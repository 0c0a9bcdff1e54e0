package dev.csir.exec;

import static dev.csir.exec.SamplerKindsTest.compile;
import static dev.csir.exec.SamplerKindsTest.firstError;
import static dev.csir.exec.SamplerKindsTest.fragment;
import static dev.csir.exec.SamplerKindsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The multisample kinds on CSIR: texelFetch by sample and textureSize through the interpreter
 * (the batch compiler bit for bit the same, SamplerKindsTest's run), a texture bound there being
 * one sample that every sample index reads; TGSI's TXF on 2D_MSAA; CSI version 2 carrying the
 * kinds; the arrays' layer and size.
 */
class MultisampleSamplersTest {
    private static final int W = 5, H = 3;

    private static int texel(int x, int y) {
        return 0x80000000 | (x * 50 + 3) << 16 | (y * 80 + 7) << 8 | (x * 13 + y * 31);
    }

    private static Texture2D image() {
        int[] argb = new int[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                argb[y * W + x] = texel(x, y);
            }
        }
        return new Texture2D(W, H, argb, Texture2D.Nearest.GL);
    }

    /** Every texel, at sample indexes 0 to 7 (k.z), and texels past the edge (k.w 1 moves them out). */
    private static List<float[]> texelsAndSamples() {
        List<float[]> k = new ArrayList<>();
        Random random = new Random(9);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                k.add(new float[] {x, y, random.nextInt(8), 0});
            }
        }
        k.add(new float[] {W, 0, 1, 0});
        k.add(new float[] {0, -1, 0, 0});
        return k;
    }

    /** The channels over {@code divisor} (255 for a float texture, 1 for an integer one). */
    private static float[] rgba(int p, float divisor) {
        return new float[] {((p >>> 16) & 0xFF) / divisor, ((p >>> 8) & 0xFF) / divisor, (p & 0xFF) / divisor,
            (p >>> 24) / divisor};
    }

    @Test
    void everySampleIndexReadsTheTexturesOneSample() {
        Texture2D tex = image();
        List<float[]> ks = texelsAndSamples();
        String[][] kinds = {{"sampler2DMS", "c = texelFetch(s, ivec2(k.xy), int(k.z));"},
            {"isampler2DMS", "c = vec4(texelFetch(s, ivec2(k.xy), int(k.z)));"},
            {"usampler2DMS", "c = vec4(texelFetch(s, ivec2(k.xy), int(k.z)));"}};
        for (String[] kind : kinds) {
            ShaderIr ir = compile(fragment(kind[0], kind[1]));
            assertThat(ir.iface().samplerKind(0)).isEqualTo(Type.ofGlsl(kind[0]));
            List<float[]> got = run(ir, tex, ks);
            float scale = kind[0].startsWith("sampler") ? 255f : 1f;
            for (int i = 0; i < ks.size(); i++) {
                float[] k = ks.get(i);
                boolean inside = k[0] >= 0 && k[0] < W && k[1] >= 0 && k[1] < H;
                float[] want = inside ? rgba(texel((int) k[0], (int) k[1]), scale) : new float[4];
                assertThat(got.get(i)).as("%s at %s", kind[0], Arrays.toString(k)).containsExactly(want);
            }
        }
        assertThat(run(compile(fragment("usampler2DMS", "c = vec4(textureSize(s), 0.0, 1.0);")), tex,
                List.of(new float[4])).getFirst()).containsExactly(W, H, 0f, 1f);
    }

    @Test
    void tgsiFetchesOn2dMsaaAndCsiVersion2CarriesTheKinds() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment("isampler2DMS",
                "c = vec4(texelFetch(s, ivec2(k.xy), 3)) + vec4(textureSize(s), 0.0, 0.0);"));
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.tgsi()).contains("DCL SVIEW[0], 2D_MSAA, SINT\n")
                .containsPattern("TXF TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], 2D_MSAA\n")
                .containsPattern("TXQ TEMP\\[\\d+\\], TEMP\\[\\d+\\]\\.xxxx, SAMP\\[0\\], 2D_MSAA\n");
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(r.ir()));
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader()).isEqualTo(r.ir());
        assertThat(Csi.version1Problem(r.ir())).startsWith("type " + Type.ISAMPLER2DMS.code() + " (isampler2DMS)");
    }

    @Test
    void anArrayFetchReadsItsLayersOneSample() {
        int layers = 3;
        int[] argb = new int[W * H * layers];
        for (int l = 0; l < layers; l++) {
            for (int i = 0; i < W * H; i++) {
                argb[l * W * H + i] = texel(i % W, i / W) ^ (l * 0x00400000);
            }
        }
        Texture2D tex = new Texture2D(W, H, argb, Texture2D.Nearest.GL, layers);
        List<float[]> ks = new ArrayList<>();
        for (float[] k : texelsAndSamples()) {
            for (int layer = -1; layer <= layers; layer++) {
                ks.add(new float[] {k[0], k[1], layer, k[2]});
            }
        }
        String src = "#version 330 core\nuniform usampler2DMSArray s;\nin vec4 k;\nout vec4 c;\n"
                + "void main() {\n    c = vec4(texelFetch(s, ivec3(k.xyz), int(k.w)));\n}\n";
        ShaderIr ir = compile(src);
        assertThat(ir.iface().samplerKind(0)).isEqualTo(Type.USAMPLER2DMSARRAY);
        List<float[]> got = run(ir, tex, ks);
        for (int i = 0; i < ks.size(); i++) {
            float[] k = ks.get(i);
            boolean inside = k[0] >= 0 && k[0] < W && k[1] >= 0 && k[1] < H && k[2] >= 0 && k[2] < layers;
            float[] want = inside ? rgba(argb[((int) k[2] * H + (int) k[1]) * W + (int) k[0]], 1f) : new float[4];
            assertThat(got.get(i)).as("at %s", Arrays.toString(k)).containsExactly(want);
        }
        assertThat(run(compile(src.replace("vec4(texelFetch(s, ivec3(k.xyz), int(k.w)))", "vec4(textureSize(s), 1.0)")),
                tex, List.of(new float[4])).getFirst()).containsExactly(W, H, layers, 1f);
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src);
        assertThat(r.tgsi()).contains("DCL SVIEW[0], 2D_ARRAY_MSAA, UINT\n")
                .containsPattern("TXF TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], 2D_ARRAY_MSAA\n");
        // what CSIR has no form for stays a located error
        assertThat(firstError(fragment("sampler2DMS", "c = texelFetchOffset(s, ivec2(k.xy), 0, ivec2(1));")))
                .startsWith("6:");
    }
}
