package dev.csir.exec;

import static dev.csir.exec.SamplerKindsTest.compile;
import static dev.csir.exec.SamplerKindsTest.firstError;
import static dev.csir.exec.SamplerKindsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The cube-map array kinds on CSIR: the interpreter's cube (GL's layer rule on the coordinate's w)
 * and face (as samplerCube's, {@link SamplerKindsTest#expectedCube}) against a computation written
 * here, the shadow comparison of SAMPLE2's reference, the integer kinds' texel values and
 * textureSize's cube count; the batch compiler bit for bit the interpreter's (SamplerKindsTest's
 * run); TGSI's CUBEARRAY and SHADOWCUBEARRAY targets with TEX2, TXB2 and TXL2; CSI version 2
 * carrying the kinds, version 1 and ChrisOS refusing them by name, and what CSIR has no form
 * for a located error.
 */
class CubeMapArraySamplersTest {
    private static final int W = 4, H = 4, CUBES = 2;

    /** Layer-face l's texel (x, y): red says l, green x and blue y. */
    private static int texel(int l, int x, int y) {
        return 0xFF000000 | (l * 20) << 16 | (x * 60) << 8 | y * 60;
    }

    /** Two cubes of 4x4 faces, layer-face {@code 6 * cube + face}. */
    private static Texture2D cubes() {
        int[] argb = new int[W * H * 6 * CUBES];
        for (int l = 0; l < 6 * CUBES; l++) {
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    argb[(l * H + y) * W + x] = texel(l, x, y);
                }
            }
        }
        return new Texture2D(W, H, argb, Texture2D.Nearest.GL, 6 * CUBES);
    }

    /** GL's layer of a cube-map array coordinate: {@code floor(w + 0.5)} clamped to the cubes. */
    private static int cube(float w) {
        return (int) Math.min(Math.max(Math.floor(w + 0.5), 0), CUBES - 1);
    }

    /** The texel of direction d in cube {@code cube}: samplerCube's face and texel (decoded from expectedCube's colours), that cube's faces. */
    private static int expected(float[] d, int cube) {
        float[] single = SamplerKindsTest.expectedCube(d);
        int face = Math.round(single[0] * 255 / 40f);
        int x = Math.round(single[1] * 255 / 60f);
        int y = Math.round(single[2] * 255 / 60f);
        return texel(6 * cube + face, x, y);
    }

    private static float[] rgba(int p) {
        return new float[] {((p >>> 16) & 0xFF) / 255f, ((p >>> 8) & 0xFF) / 255f, (p & 0xFF) / 255f, (p >>> 24) / 255f};
    }

    /** Every test direction at layers below, between, at and past the two cubes. */
    private static List<float[]> directionsAndLayers() {
        List<float[]> k = new ArrayList<>();
        for (float[] d : SamplerKindsTest.cubeDirections()) {
            for (float layer : new float[] {-0.7f, 0f, 0.49f, 0.5f, 1f, 1.6f, 7f}) {
                k.add(new float[] {d[0], d[1], d[2], layer});
            }
        }
        return k;
    }

    private static String fragment(String sampler, String body) {
        return "#version 400\nuniform " + sampler + " s;\nin vec4 k;\nout vec4 c;\nvoid main() {\n    " + body + "\n}\n";
    }

    @Test
    void aLookupPicksTheCubeOfTheLayerAndTheFaceOfTheDirection() {
        Texture2D tex = cubes();
        List<float[]> ks = directionsAndLayers();
        // one level: a bias or an explicit level reads as the plain lookup
        for (String body : List.of("c = texture(s, k);", "c = texture(s, k, 2.5);", "c = textureLod(s, k, 1.0);",
                "c = textureLod(s, vec4(k.xyz, k.w * 2.0 - k.w), k.w);")) {
            ShaderIr ir = compile(fragment("samplerCubeArray", body));
            assertThat(ir.iface().samplerKind(0)).isEqualTo(Type.SAMPLERCUBEARRAY);
            List<float[]> got = run(ir, tex, ks);
            int[] seen = new int[CUBES];
            for (int i = 0; i < ks.size(); i++) {
                float[] k = ks.get(i);
                seen[cube(k[3])]++;
                assertThat(got.get(i)).as("%s at %s", body, Arrays.toString(k)).containsExactly(rgba(expected(k, cube(k[3]))));
            }
            assertThat(Arrays.stream(seen).min().getAsInt()).isGreaterThan(50);
        }
    }

    @Test
    void theShadowLookupComparesItsReferenceArgumentWithTheTexelsDepth() {
        Texture2D tex = cubes();
        Random random = new Random(3);
        List<float[]> ks = new ArrayList<>();
        for (float[] d : SamplerKindsTest.cubeDirections()) {
            ks.add(new float[] {d[0], d[1], d[2], random.nextFloat()});
        }
        for (int layer = 0; layer < CUBES; layer++) {
            String body = "c = vec4(texture(s, vec4(k.xyz, " + layer + ".2), k.w));";
            ShaderIr ir = compile(fragment("samplerCubeArrayShadow", body));
            assertThat(ir.iface().samplerKind(0)).isEqualTo(Type.SAMPLERCUBEARRAYSHADOW);
            List<float[]> got = run(ir, tex, ks);
            int passed = 0;
            for (int i = 0; i < ks.size(); i++) {
                float[] k = ks.get(i);
                float depth = ((expected(k, layer) >>> 16) & 0xFF) / 255f;
                float want = Math.min(Math.max(k[3], 0f), 1f) <= depth ? 1f : 0f;
                passed += (int) want;
                assertThat(got.get(i)).as("%s at %s", body, Arrays.toString(k)).containsOnly(want);
            }
            assertThat(passed).isBetween(3, ks.size() - 3); // both outcomes
        }
    }

    @Test
    void integerKindsGiveTheChannelValuesAndTextureSizeCountsCubes() {
        Texture2D tex = cubes();
        List<float[]> ks = directionsAndLayers();
        for (String sampler : List.of("isamplerCubeArray", "usamplerCubeArray")) {
            String body = "c = vec4(texture(s, k)) + vec4(textureLod(s, k, 0.0)) * 1000.0;";
            List<float[]> got = run(compile(fragment(sampler, body)), tex, ks);
            for (int i = 0; i < ks.size(); i++) {
                int p = expected(ks.get(i), cube(ks.get(i)[3]));
                float[] channels = {(p >>> 16) & 0xFF, (p >>> 8) & 0xFF, p & 0xFF, p >>> 24};
                for (int j = 0; j < 4; j++) {
                    channels[j] *= 1001f;
                }
                assertThat(got.get(i)).as("%s at %s", sampler, Arrays.toString(ks.get(i))).containsExactly(channels);
            }
        }
        for (String sampler : List.of("samplerCubeArray", "samplerCubeArrayShadow", "isamplerCubeArray")) {
            List<float[]> size = run(compile(fragment(sampler, "c = vec4(textureSize(s, 0), 1.0);")), tex,
                    List.of(new float[4]));
            assertThat(size.getFirst()).as(sampler).containsExactly(W, H, CUBES, 1f);
        }
    }

    @Test
    void tgsiHasTheCubeArrayTargetsAndTheSecondSourceForms() {
        String[][] kinds = {
            {"samplerCubeArray", "texture(s, k) + texture(s, k, 1.0) + textureLod(s, k, 2.0)", "CUBEARRAY", "FLOAT"},
            {"samplerCubeArrayShadow", "vec4(texture(s, k, 0.5))", "SHADOWCUBEARRAY", "FLOAT"},
            {"isamplerCubeArray", "vec4(texture(s, k))", "CUBEARRAY", "SINT"},
            {"usamplerCubeArray", "vec4(textureLod(s, k, 0.0))", "CUBEARRAY", "UINT"}};
        for (String[] kind : kinds) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment(kind[0], "c = " + kind[1] + ";"));
            assertThat(r.ok()).as(r.log()).isTrue();
            assertThat(r.tgsi()).as(kind[0]).contains("DCL SVIEW[0], " + kind[2] + ", " + kind[3] + "\n");
        }
        String two = "TEMP\\[\\d+\\], TEMP\\[\\d+\\], TEMP\\[\\d+\\]\\.xxxx, SAMP\\[0\\], ";
        assertThat(ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment("samplerCubeArray", "c = " + kinds[0][1] + ";"))
                .tgsi()).containsPattern("TEX TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], CUBEARRAY\n")
                .containsPattern("TXB2 " + two + "CUBEARRAY\n").containsPattern("TXL2 " + two + "CUBEARRAY\n");
        assertThat(ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment(kinds[1][0], "c = " + kinds[1][1] + ";"))
                .tgsi()).containsPattern("TEX2 " + two + "SHADOWCUBEARRAY\n");
    }

    @Test
    void csiVersion2CarriesTheKindsAndVersion1AndChrisOsRefuseThemByName() {
        ShaderIr ir = compile("""
                #version 400
                uniform samplerCubeArray sky;
                uniform samplerCubeArrayShadow depth;
                uniform usamplerCubeArray counts;
                in vec4 k;
                out vec4 c;
                void main() {
                    c = texture(sky, k, 0.5) + vec4(texture(depth, k, k.x)) + vec4(textureLod(counts, k, 1.0));
                }
                """);
        assertThat(ir.iface().samplers()).extracting(InterfaceVar::type).containsExactly(Type.SAMPLERCUBEARRAY,
                Type.SAMPLERCUBEARRAYSHADOW, Type.USAMPLERCUBEARRAY);
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(ir));
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader()).isEqualTo(ir);
        assertThat(Csi.version1Problem(ir)).startsWith("type " + Type.SAMPLERCUBEARRAY.code()
                + " (samplerCubeArray) needs CSI version 2: sampler 'sky'");
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment("samplerCubeArray",
                "c = texture(s, k);"), CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(chrisos.ok()).isFalse();
        assertThat(chrisos.diagnostics().getFirst().line()).isEqualTo(2);
        assertThat(chrisos.diagnostics().getFirst().message()).isEqualTo("CSIR cannot express a uniform of type "
                + "samplerCubeArray in a profile that keeps CSI version 1 (only sampler2D)");
    }

    @Test
    void whatCsirHasNoFormForIsALocatedError() {
        // as at samplerCube: SAMPLE_GRAD's b holds two 2D derivatives, and CSIR gathers 2D texels only
        assertThat(firstError(fragment("samplerCubeArray", "c = textureGrad(s, k, k.xyz, k.zyx);")))
                .isEqualTo("6:7: CSIR cannot express textureGrad on a samplerCubeArray");
        assertThat(firstError(fragment("samplerCubeArray", "c = textureGather(s, k);")))
                .startsWith("6:7: CSIR cannot express textureGather");
    }
}
