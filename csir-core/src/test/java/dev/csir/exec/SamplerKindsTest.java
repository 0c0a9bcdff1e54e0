package dev.csir.exec;

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
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * samplerCube, sampler3D and sampler2DArray on CSIR: the slot's kind in the interface, the
 * interpreter's face, slice and layer choice against a plain computation from the GL rules
 * written here, the batch compiler's values bit for bit the interpreter's, TGSI's targets, CSI
 * version 2 carrying the kinds and version 1 refusing them, and the located errors for what
 * CSIR does not carry.
 */
class SamplerKindsTest {
    private static final int W = 4, H = 4;

    /** Texel (x, y) of layer l: each channel says one of them, so a wrong layer or texel shows. */
    private static int texel(int l, int x, int y) {
        return 0xFF000000 | (l * 40) << 16 | (x * 60) << 8 | y * 60;
    }

    static Texture2D layered(int layers) {
        int[] argb = new int[W * H * layers];
        for (int l = 0; l < layers; l++) {
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    argb[(l * H + y) * W + x] = texel(l, x, y);
                }
            }
        }
        return new Texture2D(W, H, argb, Texture2D.Nearest.GL, layers);
    }

    /** GL_NEAREST, CLAMP_TO_EDGE: the texel of a coordinate among n. */
    static int nearest(float u, int n) {
        float c = Math.min(Math.max(u, 0f), 1f);
        return Math.min((int) Math.floor(c * n), n - 1);
    }

    /**
     * OpenGL 4.6 table 8.19, one row per face (+X, -X, +Y, -Y, +Z, -Z): the axis of sc and its
     * sign, the axis of tc and its sign.
     */
    private static final int[][] CUBE_TABLE = {
        {2, -1, 1, -1}, {2, 1, 1, -1}, {0, 1, 2, 1}, {0, 1, 2, -1}, {0, 1, 1, -1}, {0, -1, 1, -1}};

    /** The expected cube lookup: major axis (the first of equal magnitudes), face, s and t. */
    static float[] expectedCube(float[] r) {
        int major = 0;
        for (int i = 1; i < 3; i++) {
            if (Math.abs(r[i]) > Math.abs(r[major])) {
                major = i;
            }
        }
        int face = 2 * major + (r[major] < 0 ? 1 : 0);
        int[] row = CUBE_TABLE[face];
        float ma = Math.abs(r[major]);
        float s = 0.5f * (row[1] * r[row[0]] / ma + 1f);
        float t = 0.5f * (row[3] * r[row[2]] / ma + 1f);
        return rgba(texel(face, nearest(s, W), nearest(t, H)));
    }

    private static float[] rgba(int p) {
        return new float[] {((p >>> 16) & 0xFF) / 255f, ((p >>> 8) & 0xFF) / 255f, (p & 0xFF) / 255f, (p >>> 24) / 255f};
    }

    static ShaderIr compile(String source) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", source);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    static String fragment(String sampler, String body) {
        return "#version 330 core\nuniform " + sampler + " s;\nin vec4 k;\nout vec4 c;\nvoid main() {\n    " + body + "\n}\n";
    }

    /** The colours of the shader at each k: the interpreter's, checked bit for bit against the compiled batch's. */
    static List<float[]> run(ShaderIr ir, Texture2D tex, List<float[]> ks) {
        int slotK = ir.iface().inputs().getFirst().slot();
        Interpreter in = Interpreter.of(ir, null);
        Frame f = in.newFrame();
        f.texture(0, tex);
        BatchShader batch = BatchShader.of(ir, null);
        assertThat(batch.isCompiled()).as(batch.fallbackReason().orElse("")).isTrue();
        Batch b = batch.newBatch();
        b.texture(0, tex);
        List<float[]> out = new ArrayList<>();
        for (int from = 0; from < ks.size(); from += b.lanes()) {
            int n = Math.min(b.lanes(), ks.size() - from);
            for (int l = 0; l < n; l++) {
                float[] k = ks.get(from + l);
                b.varying(l, slotK, k[0], k[1], k[2], k[3]);
            }
            batch.run(b, n);
            for (int l = 0; l < n; l++) {
                float[] k = ks.get(from + l);
                f.varying(slotK, k[0], k[1], k[2], k[3]);
                assertThat(in.run(f)).isEqualTo(Status.OK);
                float[] c = f.color().clone();
                for (int i = 0; i < 4; i++) {
                    assertThat(Float.floatToRawIntBits(b.color()[i * b.lanes() + l]))
                            .as("batch lane %d component %d at %s", l, i, java.util.Arrays.toString(k))
                            .isEqualTo(Float.floatToRawIntBits(c[i]));
                }
                out.add(c);
            }
        }
        return out;
    }

    static List<float[]> cubeDirections() {
        List<float[]> d = new ArrayList<>();
        for (int axis = 0; axis < 3; axis++) {
            for (float sign : new float[] {1f, -1f}) {
                float[] v = new float[4];
                v[axis] = sign * 2.5f;
                d.add(v);
                // off the axis toward every edge of the face
                for (int other = 0; other < 3; other++) {
                    if (other != axis) {
                        for (float e : new float[] {0.999f, -0.999f, 0.49f, -0.26f}) {
                            float[] w = v.clone();
                            w[other] = e * 2.5f;
                            d.add(w);
                        }
                    }
                }
            }
        }
        // ties between axes go to x, then y; the corners too
        d.add(new float[] {1, 1, 0.2f, 0});
        d.add(new float[] {-1, 0.3f, -1, 0});
        d.add(new float[] {0.1f, -1, 1, 0});
        d.add(new float[] {1, 1, 1, 0});
        d.add(new float[] {-1, -1, -1, 0});
        Random random = new Random(8);
        for (int i = 0; i < 300; i++) {
            d.add(new float[] {random.nextFloat() * 4 - 2, random.nextFloat() * 4 - 2, random.nextFloat() * 4 - 2, 0});
        }
        return d;
    }

    @Test
    void aCubeLookupTakesTheFaceAndTexelOfGlsTable() {
        List<float[]> dirs = cubeDirections();
        for (String body : List.of("c = texture(s, k.xyz);", "c = textureLod(s, k.xyz, 0.0);",
                "c = texture(s, k.xyz, 0.5);")) {
            ShaderIr ir = compile(fragment("samplerCube", body));
            assertThat(ir.iface().samplerKind(0)).isEqualTo(Type.SAMPLERCUBE);
            List<float[]> got = run(ir, layered(6), dirs);
            for (int i = 0; i < dirs.size(); i++) {
                assertThat(got.get(i)).as("%s at %s", body, java.util.Arrays.toString(dirs.get(i)))
                        .containsExactly(expectedCube(dirs.get(i)));
            }
        }
    }

    @Test
    void every_face_is_reached() {
        java.util.Set<Float> faces = new java.util.HashSet<>();
        for (float[] d : cubeDirections()) {
            faces.add(expectedCube(d)[0]);
        }
        assertThat(faces).hasSize(6);
    }

    private static List<float[]> coordinates(int count, long seed) {
        Random random = new Random(seed);
        List<float[]> k = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            k.add(new float[] {random.nextFloat() * 1.4f - 0.2f, random.nextFloat() * 1.4f - 0.2f,
                random.nextFloat() * 4.4f - 1.2f, 0});
        }
        k.add(new float[] {0.5f, 0.5f, 1.5f, 0}); // layer 1.5 rounds to 2
        k.add(new float[] {0.5f, 0.5f, 1.49f, 0});
        k.add(new float[] {1f, 0f, -0.51f, 0});
        return k;
    }

    @Test
    void a3dLookupTakesTheNearestSliceAndAnArrayLookupTheRoundedClampedLayer() {
        List<float[]> ks = coordinates(300, 3);
        for (String body : List.of("c = texture(s, k.xyz);", "c = textureLod(s, k.xyz, 0.0);")) {
            List<float[]> vol = run(compile(fragment("sampler3D", body.replace("k.xyz", "vec3(k.xy, k.z / 3.0)"))), layered(3), ks);
            List<float[]> arr = run(compile(fragment("sampler2DArray", body)), layered(3), ks);
            for (int i = 0; i < ks.size(); i++) {
                float[] k = ks.get(i);
                int x = nearest(k[0], W), y = nearest(k[1], H);
                assertThat(vol.get(i)).as("3D %s", java.util.Arrays.toString(k))
                        .containsExactly(rgba(texel(nearest(k[2] / 3f, 3), x, y)));
                int layer = (int) Math.min(Math.max(Math.floor(k[2] + 0.5), 0), 2);
                assertThat(arr.get(i)).as("array %s", java.util.Arrays.toString(k)).containsExactly(rgba(texel(layer, x, y)));
            }
        }
    }

    @Test
    void textureSizeGivesTheDepthOfA3dLevelTheLayersOfAnArrayAndACubesFace() {
        float[] k = {1, 0, 0, 0};
        String sizes = "c = vec4(textureSize(s, 0), 0.0) + vec4(0.0, 0.0, 0.0, float(textureSize(s, 1).z));";
        assertThat(run(compile(fragment("sampler3D", sizes)), layered(4), List.of(k)).getFirst()).containsExactly(4, 4, 4, 2);
        assertThat(run(compile(fragment("sampler2DArray", sizes)), layered(3), List.of(k)).getFirst())
                .containsExactly(4, 4, 3, 3);
        assertThat(run(compile(fragment("samplerCube", "c = vec4(textureSize(s, 0), textureSize(s, 1));")), layered(6),
                List.of(k)).getFirst()).containsExactly(4, 4, 2, 2);
    }

    @Test
    void tgsiDeclaresAndSamplesEachTarget() {
        for (String[] kind : new String[][] {{"samplerCube", "CUBE"}, {"sampler3D", "3D"}, {"sampler2DArray", "2D_ARRAY"}}) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment(kind[0],
                    "c = texture(s, k.xyz) + textureLod(s, k.xyz, k.w) + texture(s, k.xyz, 0.5) + vec4(textureSize(s, 0).x);"));
            assertThat(r.ok()).as(r.log()).isTrue();
            assertThat(r.tgsi()).contains("DCL SVIEW[0], " + kind[1] + ", FLOAT", "SAMP[0], " + kind[1] + "\n")
                    .containsPattern("TEX TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], " + kind[1] + "\n")
                    .containsPattern("TXL TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], " + kind[1] + "\n")
                    .containsPattern("TXB TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], " + kind[1] + "\n")
                    .containsPattern("TXQ TEMP\\[\\d+\\], TEMP\\[\\d+\\]\\.xxxx, SAMP\\[0\\], " + kind[1] + "\n")
                    .doesNotContain(", 2D\n");
        }
    }

    @Test
    void csiVersion2CarriesTheKindsAndVersion1RefusesThem() {
        ShaderIr ir = compile("""
                #version 330 core
                uniform sampler2D flat2d;
                uniform samplerCube sky;
                uniform sampler3D vol;
                uniform sampler2DArray layers;
                in vec4 k;
                out vec4 c;
                void main() { c = texture(flat2d, k.xy) + texture(sky, k.xyz) + texture(vol, k.xyz) + texture(layers, k.xyz); }
                """);
        assertThat(ir.iface().samplers()).extracting(InterfaceVar::type)
                .containsExactly(Type.SAMPLER2D, Type.SAMPLERCUBE, Type.SAMPLER3D, Type.SAMPLER2DARRAY);
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(ir));
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader()).isEqualTo(ir);
        assertThat(l.shader().iface().samplerKind(3)).isEqualTo(Type.SAMPLER2DARRAY);
        assertThat(Csi.version1Problem(ir)).isEqualTo("type 29 (samplerCube) needs CSI version 2: sampler 'sky'");
        // a 2D-only shader is still a version 1 one
        assertThat(Csi.version1Problem(compile(fragment("sampler2D", "c = texture(s, k.xy);")))).isNull();
    }

    @Test
    void whatCsirDoesNotCarryIsALocatedError() {
        assertThat(firstError(fragment("samplerCube", "c = textureGrad(s, k.xyz, k.xyz, k.xyz);")))
                .isEqualTo("6:7: CSIR cannot express textureGrad on a samplerCube");
        assertThat(firstError(fragment("sampler3D", "c = texelFetch(s, ivec3(k.xyz), 0);")))
                .isEqualTo("6:7: CSIR cannot express texelFetch on a sampler3D");
        assertThat(firstError(fragment("sampler2DArray", "c = texelFetch(s, ivec3(k.xyz), 0);")))
                .isEqualTo("6:7: CSIR cannot express texelFetch on a sampler2DArray");
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", fragment("samplerCube", "c = texture(s, k.xyz);"),
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(chrisos.ok()).isFalse();
        assertThat(chrisos.diagnostics().getFirst().line()).isEqualTo(2);
        assertThat(chrisos.diagnostics().getFirst().message())
                .isEqualTo("CSIR cannot express a uniform of type samplerCube in a profile that keeps CSI version 1 (only sampler2D)");
    }

    static String firstError(String source) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", source);
        assertThat(r.ok()).isFalse();
        var d = r.diagnostics().getFirst();
        return d.line() + ":" + d.column() + ": " + d.message();
    }
}
