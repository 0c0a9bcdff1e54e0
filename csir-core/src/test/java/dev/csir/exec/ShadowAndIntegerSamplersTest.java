package dev.csir.exec;

import static dev.csir.exec.SamplerKindsTest.compile;
import static dev.csir.exec.SamplerKindsTest.expectedCube;
import static dev.csir.exec.SamplerKindsTest.firstError;
import static dev.csir.exec.SamplerKindsTest.fragment;
import static dev.csir.exec.SamplerKindsTest.layered;
import static dev.csir.exec.SamplerKindsTest.nearest;
import static dev.csir.exec.SamplerKindsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shadow and integer sampler kinds on CSIR: the interpreter's comparison (GL_LEQUAL of the
 * clamped reference against the nearest texel's red channel) and integer texels against a plain
 * computation written here, the batch compiler bit for bit the interpreter (SamplerKindsTest's
 * run), TGSI's targets and return types, CSI version 2 carrying the kinds and version 1 and the
 * ChrisOS profile refusing them by name.
 */
class ShadowAndIntegerSamplersTest {
    private static final int W = 4, H = 4;

    /** A 4x4 texture whose red channels are distinct depths, green and blue other values. */
    private static Texture2D depths() {
        int[] argb = new int[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                argb[y * W + x] = 0x80000000 | (x * 64 + y * 15) << 16 | (255 - x * 50) << 8 | y * 70;
            }
        }
        return new Texture2D(W, H, argb, Texture2D.Nearest.GL);
    }

    private static float red(Texture2D t, int layer, int x, int y) {
        return ((t.argb()[(layer * H + y) * W + x] >>> 16) & 0xFF) / 255f;
    }

    /** GL_LEQUAL, the reference clamped to [0, 1] as for a fixed-point depth texture. */
    private static float compare(float reference, float depth) {
        return Math.min(Math.max(reference, 0f), 1f) <= depth ? 1f : 0f;
    }

    private static List<float[]> samples(int count, long seed, float layerRange) {
        Random random = new Random(seed);
        List<float[]> k = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            k.add(new float[] {random.nextFloat() * 1.4f - 0.2f, random.nextFloat() * 1.4f - 0.2f,
                random.nextFloat() * layerRange, random.nextFloat() * 1.4f - 0.2f});
        }
        return k;
    }

    @Test
    void a2dShadowLookupComparesTheReferenceWithTheNearestTexelsDepth() {
        Texture2D tex = depths();
        List<float[]> ks = samples(400, 5, 1.4f);
        // the reference exactly at a texel's depth passes (LEQUAL), just above fails
        ks.add(new float[] {0.1f, 0.1f, red(tex, 0, 0, 0), 0});
        ks.add(new float[] {0.6f, 0.9f, red(tex, 0, 2, 3), 0});
        ks.add(new float[] {0.6f, 0.9f, Math.nextUp(red(tex, 0, 2, 3)), 0});
        for (String body : List.of("c = vec4(texture(s, vec3(k.xy, k.z - 0.2)));",
                "c = vec4(textureLod(s, vec3(k.xy, k.z - 0.2), 0.0));",
                // the divisions by 2 are exact: the same coordinate and reference
                "c = vec4(textureProj(s, vec4(k.xy * 2.0, (k.z - 0.2) * 2.0, 2.0)));")) {
            ShaderIr ir = compile(fragment("sampler2DShadow", body));
            assertThat(ir.iface().samplerKind(0)).isEqualTo(Type.SAMPLER2DSHADOW);
            List<float[]> got = run(ir, tex, ks);
            int passed = 0;
            for (int i = 0; i < ks.size(); i++) {
                float[] k = ks.get(i);
                float expected = compare(k[2] - 0.2f, red(tex, 0, nearest(k[0], W), nearest(k[1], H)));
                passed += (int) expected;
                assertThat(got.get(i)).as("%s at %s", body, Arrays.toString(k)).containsOnly(expected);
            }
            assertThat(passed).isBetween(50, ks.size() - 50); // both outcomes are exercised
        }
        assertThat(run(compile(fragment("sampler2DShadow", "c = vec4(texture(s, vec3(0.6, 0.9, k.x)));")),
                tex, List.of(new float[] {Math.nextUp(red(tex, 0, 2, 3)), 0, 0, 0})).getFirst()).containsOnly(0f);
    }

    @Test
    void cubeAndArrayShadowLookupsReadTheReferenceFromW() {
        Texture2D faces = layered(6);
        List<float[]> dirs = new ArrayList<>();
        Random random = new Random(11);
        for (float[] d : SamplerKindsTest.cubeDirections()) {
            dirs.add(new float[] {d[0], d[1], d[2], random.nextFloat() * 0.3f - 0.05f});
        }
        List<float[]> got = run(compile(fragment("samplerCubeShadow", "c = vec4(texture(s, k));")), faces, dirs);
        for (int i = 0; i < dirs.size(); i++) {
            float[] d = dirs.get(i);
            assertThat(got.get(i)).as("cube %s", Arrays.toString(d)).containsOnly(compare(d[3], expectedCube(d)[0]));
        }
        Texture2D layers = layered(3);
        List<float[]> ks = samples(300, 7, 3.4f);
        List<float[]> arr = run(compile(fragment("sampler2DArrayShadow", "c = vec4(texture(s, vec4(k.xyz, k.w * 0.4 - 0.05)));")),
                layers, ks);
        for (int i = 0; i < ks.size(); i++) {
            float[] k = ks.get(i);
            int layer = (int) Math.min(Math.max(Math.floor(k[2] + 0.5), 0), 2);
            assertThat(arr.get(i)).as("array %s", Arrays.toString(k))
                    .containsOnly(compare(k[3] * 0.4f - 0.05f, red(layers, layer, nearest(k[0], W), nearest(k[1], H))));
        }
    }

    /** The four channel values of a texel, unnormalized: what an integer lookup gives. */
    private static float[] channels(Texture2D t, int layer, int x, int y) {
        int p = t.argb()[(layer * H + y) * W + x];
        return new float[] {(p >>> 16) & 0xFF, (p >>> 8) & 0xFF, p & 0xFF, p >>> 24};
    }

    @Test
    void integerLookupsGiveTheTexelsChannelValuesAsIntegerLanes() {
        Texture2D tex = depths();
        List<float[]> ks = samples(200, 9, 1f);
        for (String sampler : List.of("isampler2D", "usampler2D")) {
            for (String body : List.of("c = vec4(texture(s, k.xy));", "c = vec4(texture(s, k.xy, 0.5));",
                    "c = vec4(textureLod(s, k.xy, 0.0));", "c = vec4(textureGrad(s, k.xy, vec2(0.1), vec2(0.1)));",
                    "c = vec4(texelFetch(s, ivec2(clamp(k.xy, 0.0, 0.99) * 4.0), 0));")) {
                ShaderIr ir = compile(fragment(sampler, body));
                Type lanes = sampler.startsWith("u") ? Type.U32VEC4 : Type.I32VEC4;
                assertThat(ir.code().stream().filter(in -> isLookup(in.opcode())).map(in -> Type.of(in.ty())))
                        .as(body).containsOnly(lanes);
                List<float[]> got = run(ir, tex, ks);
                for (int i = 0; i < ks.size(); i++) {
                    float[] k = ks.get(i);
                    float u = body.contains("texelFetch") ? Math.min(Math.max(k[0], 0f), 0.99f) : k[0];
                    float v = body.contains("texelFetch") ? Math.min(Math.max(k[1], 0f), 0.99f) : k[1];
                    assertThat(got.get(i)).as("%s %s at %s", sampler, body, Arrays.toString(k))
                            .containsExactly(channels(tex, 0, nearest(u, W), nearest(v, H)));
                }
            }
        }
        // the lanes are integer bits, not floats: floatBitsToInt of the float of a texel is another number
        float[] bits = run(compile(fragment("isampler2D", "c = intBitsToFloat(texture(s, vec2(0.9, 0.9)));")), tex,
                List.of(new float[4])).getFirst();
        assertThat(Float.floatToRawIntBits(bits[0])).isEqualTo((int) channels(tex, 0, 3, 3)[0]);
    }

    private static boolean isLookup(Opcode op) {
        return op == Opcode.SAMPLE || op == Opcode.SAMPLE_BIAS || op == Opcode.SAMPLE_LOD || op == Opcode.SAMPLE_GRAD
                || op == Opcode.FETCH;
    }

    @Test
    void integerCubeVolumeAndArrayLookupsPickTheirFloatKindsTexels() {
        Texture2D layers = layered(3);
        List<float[]> ks = samples(200, 13, 3.4f);
        List<float[]> arr = run(compile(fragment("usampler2DArray", "c = vec4(texture(s, k.xyz));")), layers, ks);
        List<float[]> vol = run(compile(fragment("isampler3D", "c = vec4(texture(s, vec3(k.xy, k.z / 3.4)));")), layers, ks);
        for (int i = 0; i < ks.size(); i++) {
            float[] k = ks.get(i);
            int x = nearest(k[0], W), y = nearest(k[1], H);
            int layer = (int) Math.min(Math.max(Math.floor(k[2] + 0.5), 0), 2);
            assertThat(arr.get(i)).as("array %s", Arrays.toString(k)).containsExactly(channels(layers, layer, x, y));
            assertThat(vol.get(i)).as("3D %s", Arrays.toString(k)).containsExactly(channels(layers, nearest(k[2] / 3.4f, 3), x, y));
        }
        Texture2D faces = layered(6);
        List<float[]> dirs = SamplerKindsTest.cubeDirections();
        List<float[]> cube = run(compile(fragment("isamplerCube", "c = vec4(texture(s, k.xyz));")), faces, dirs);
        for (int i = 0; i < dirs.size(); i++) {
            float[] expected = expectedCube(dirs.get(i));
            for (int j = 0; j < 4; j++) {
                expected[j] = Math.round(expected[j] * 255f);
            }
            assertThat(cube.get(i)).as("cube %s", Arrays.toString(dirs.get(i))).containsExactly(expected);
        }
        String sizes = "c = vec4(textureSize(s, 0), 0.0);";
        assertThat(run(compile(fragment("usampler3D", sizes)), layered(4), List.of(new float[4])).getFirst())
                .containsExactly(4, 4, 4, 0);
        assertThat(run(compile(fragment("sampler2DArrayShadow", sizes)), layers, List.of(new float[4])).getFirst())
                .containsExactly(4, 4, 3, 0);
    }

    @Test
    void tgsiNamesTheShadowTargetsAndTheIntegerReturnTypes() {
        String[][] kinds = {
            {"sampler2DShadow", "texture(s, k.xyz) + textureLod(s, k.xyz, k.w)", "SHADOW2D", "FLOAT"},
            {"samplerCubeShadow", "texture(s, k)", "SHADOWCUBE", "FLOAT"},
            {"sampler2DArrayShadow", "texture(s, k)", "SHADOW2D_ARRAY", "FLOAT"},
            {"isampler2D", "float(texture(s, k.xy).x + texelFetch(s, ivec2(k.xy), 0).y)", "2D", "SINT"},
            {"usampler2D", "float(texture(s, k.xy).x)", "2D", "UINT"},
            {"isamplerCube", "float(texture(s, k.xyz).x)", "CUBE", "SINT"},
            {"usampler3D", "float(texture(s, k.xyz).x)", "3D", "UINT"},
            {"isampler2DArray", "float(texture(s, k.xyz).x)", "2D_ARRAY", "SINT"}};
        for (String[] kind : kinds) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment(kind[0], "c = vec4(" + kind[1] + ");"));
            assertThat(r.ok()).as(r.log()).isTrue();
            assertThat(r.tgsi()).as(kind[0]).contains("DCL SAMP[0]\n", "DCL SVIEW[0], " + kind[2] + ", " + kind[3] + "\n")
                    .containsPattern("TEX TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], " + kind[2] + "\n");
        }
    }

    @Test
    void csiVersion2CarriesTheKindsAndVersion1AndChrisOsRefuseThemByName() {
        ShaderIr ir = compile("""
                #version 330 core
                uniform sampler2DShadow depth;
                uniform samplerCubeShadow sky;
                uniform isampler2D ids;
                uniform usampler2DArray counts;
                in vec4 k;
                out vec4 c;
                void main() {
                    c = vec4(texture(depth, k.xyz) + texture(sky, k))
                            + vec4(texture(ids, k.xy)) + vec4(texture(counts, k.xyz));
                }
                """);
        assertThat(ir.iface().samplers()).extracting(InterfaceVar::type).containsExactly(Type.SAMPLER2DSHADOW,
                Type.SAMPLERCUBESHADOW, Type.ISAMPLER2D, Type.USAMPLER2DARRAY);
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(ir));
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader()).isEqualTo(ir);
        assertThat(Csi.version1Problem(ir)).isEqualTo("type 32 (sampler2DShadow) needs CSI version 2: sampler 'depth'");
        assertThat(Csi.version1Problem(compile(fragment("usampler2D", "c = vec4(texture(s, k.xy));"))))
                .isEqualTo("type 39 (usampler2D) needs CSI version 2: sampler 's'");
        for (String sampler : List.of("sampler2DShadow", "isampler2D", "usampler2D")) {
            CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag",
                    fragment(sampler, "c = vec4(texture(s, " + (sampler.contains("Shadow") ? "k.xyz" : "k.xy") + "));"),
                    CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
            assertThat(chrisos.ok()).isFalse();
            assertThat(chrisos.diagnostics().getFirst().line()).isEqualTo(2);
            assertThat(chrisos.diagnostics().getFirst().message()).isEqualTo("CSIR cannot express a uniform of type "
                    + sampler + " in a profile that keeps CSI version 1 (only sampler2D)");
        }
    }

    @Test
    void whatCsirDoesNotCarryIsStillALocatedError() {
        assertThat(firstError(fragment("isampler3D", "c = vec4(texelFetch(s, ivec3(k.xyz), 0));")))
                .isEqualTo("6:7: CSIR cannot express texelFetch on a isampler3D");
    }

    @Test
    void everySamplerTypeOfTheLanguageHasACsirKind() {
        // the language's sampler types before GLSL 4.00 (no 1D or buffer samplers); the cube-map
        // arrays and the multisample ones are CubeMapArraySamplersTest's and MultisampleSamplersTest's
        for (String sampler : List.of("sampler2D", "samplerCube", "sampler3D", "sampler2DArray", "sampler2DShadow",
                "samplerCubeShadow", "sampler2DArrayShadow", "isampler2D", "isamplerCube", "isampler3D", "isampler2DArray",
                "usampler2D", "usamplerCube", "usampler3D", "usampler2DArray")) {
            Type kind = Type.ofGlsl(sampler);
            assertThat(kind).as(sampler).isNotNull();
            assertThat(kind.isSampler()).as(sampler).isTrue();
            String lookup = kind.isShadowSampler() ? (kind == Type.SAMPLER2DSHADOW ? "k.xyz" : "k")
                    : kind.samplerCoordinates() == 2 ? "k.xy" : "k.xyz";
            assertThat(compile(fragment(sampler, "c = vec4(texture(s, " + lookup + "));")).iface().samplerKind(0))
                    .isEqualTo(kind);
        }
    }
}
