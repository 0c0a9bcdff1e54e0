package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.TexelOffset;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * textureOffset, textureLodOffset, texelFetchOffset and textureGather(Offset) on a sampler2D
 * through CSIR (SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER): the interpreter's
 * values against the GL rules written here (the offset added to the texel before the edge is
 * clamped; a gather's four texels of the bilinear footprint in the order (i0, j1), (i1, j1),
 * (i1, j0), (i0, j0)), the batch compiler's bit for bit the interpreter's, over coordinates
 * inside and outside [0, 1]; the TGSI text, CSI version 2 carrying the records and version 1
 * refusing them by name, and the located errors for the forms CSIR does not carry.
 */
class TexelOffsetsTest {
    private static final int W = 5, H = 4;

    /** Texel (x, y): red and green say x and y, blue and alpha a mix, so every component of a gather shows. */
    private static int texel(int x, int y) {
        return (200 - 17 * x - 5 * y) << 24 | (x * 50) << 16 | (y * 60) << 8 | (7 * x + 31 * y);
    }

    private static Texture2D texture() {
        int[] argb = new int[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                argb[y * W + x] = texel(x, y);
            }
        }
        return new Texture2D(W, H, argb, Texture2D.Nearest.GL);
    }

    private static float channel(int p, int component) {
        int shift = switch (component) {
            case 0 -> 16;
            case 1 -> 8;
            case 2 -> 0;
            default -> 24;
        };
        return ((p >>> shift) & 0xFF) / 255f;
    }

    private static float[] rgba(int p) {
        return new float[] {channel(p, 0), channel(p, 1), channel(p, 2), channel(p, 3)};
    }

    private static int clampTo(long i, int n) {
        return (int) Math.min(Math.max(i, 0), n - 1);
    }

    /** GL_NEAREST with CLAMP_TO_EDGE and an offset: floor(u * n) + offset, then clamped. */
    private static float[] nearestOffset(float u, float v, int dx, int dy) {
        return rgba(texel(clampTo((long) Math.floor(u * W) + dx, W), clampTo((long) Math.floor(v * H) + dy, H)));
    }

    /** The gather of GL 4.6 8.14.2: i0 = floor(u * w - 0.5) + offset, i1 = i0 + 1, each clamped. */
    private static float[] gathered(float u, float v, int dx, int dy, int component) {
        long i0 = (long) Math.floor(u * W - 0.5f) + dx;
        long j0 = (long) Math.floor(v * H - 0.5f) + dy;
        int x0 = clampTo(i0, W), x1 = clampTo(i0 + 1, W), y0 = clampTo(j0, H), y1 = clampTo(j0 + 1, H);
        return new float[] {channel(texel(x0, y1), component), channel(texel(x1, y1), component),
            channel(texel(x1, y0), component), channel(texel(x0, y0), component)};
    }

    private static String fragment(String sampler, String body) {
        return "#version 400 core\nuniform " + sampler + " s;\nin vec4 k;\nout vec4 c;\nvoid main() {\n    " + body + "\n}\n";
    }

    private static ShaderIr compile(String body) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "o.frag", fragment("sampler2D", body));
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    /** Coordinates over [-0.4, 1.4] (texel fetches: whole numbers over [-3, 7]), with texel centres and edges among them. */
    private static List<float[]> coordinates(boolean whole) {
        Random random = new Random(11);
        List<float[]> ks = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            float u = whole ? random.nextInt(11) - 3 : -0.4f + 1.8f * random.nextFloat();
            float v = whole ? random.nextInt(11) - 3 : -0.4f + 1.8f * random.nextFloat();
            ks.add(new float[] {u, v, 0f, 1f});
        }
        for (float e : new float[] {0f, 0.1f, 0.2f, 0.5f, 0.25f, 0.75f, 1f}) {
            ks.add(new float[] {e, 1f - e, 0f, 1f});
        }
        return ks;
    }

    /** Runs the shader at each k through the interpreter and the batch (bit for bit) and checks each colour. */
    private static void check(ShaderIr ir, boolean whole, BiFunction<Float, Float, float[]> expected) {
        check(ir, coordinates(whole), texture(), k -> expected.apply(k[0], k[1]));
    }

    private static void check(ShaderIr ir, List<float[]> ks, Texture2D tex,
            java.util.function.Function<float[], float[]> expected) {
        int slotK = ir.iface().inputs().getFirst().slot();
        Interpreter in = Interpreter.of(ir, null);
        Frame f = in.newFrame();
        f.texture(0, tex);
        BatchShader batch = BatchShader.of(ir, null);
        assertThat(batch.isCompiled()).as(batch.fallbackReason().orElse("")).isTrue();
        Batch b = batch.newBatch();
        b.texture(0, tex);
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
                assertThat(c).as("at %s", java.util.Arrays.toString(k)).containsExactly(expected.apply(k));
                for (int i = 0; i < 4; i++) {
                    assertThat(Float.floatToRawIntBits(b.color()[i * b.lanes() + l]))
                            .as("batch lane %d component %d at %s", l, i, java.util.Arrays.toString(k))
                            .isEqualTo(Float.floatToRawIntBits(c[i]));
                }
            }
        }
    }

    @Test
    void textureOffsetMovesTheTexelBeforeTheEdgeIsClamped() {
        check(compile("c = textureOffset(s, k.xy, ivec2(2, -1));"), false, (u, v) -> nearestOffset(u, v, 2, -1));
        check(compile("c = textureLodOffset(s, k.xy, 0.0, ivec2(-8, 7));"), false, (u, v) -> nearestOffset(u, v, -8, 7));
        // the projective forms divide first (by 2: exact), then look up as textureOffset
        check(compile("c = textureProjOffset(s, vec3(k.xy * 2.0, 2.0), ivec2(3, 1));"), false,
                (u, v) -> nearestOffset(u, v, 3, 1));
        check(compile("c = textureProjLodOffset(s, vec4(k.xy * 2.0, 9.0, 2.0), 0.0, ivec2(-1, -4));"), false,
                (u, v) -> nearestOffset(u, v, -1, -4));
    }

    @Test
    void texelFetchOffsetReadsTheMovedTexelAndZerosOutside() {
        check(compile("c = texelFetchOffset(s, ivec2(k.xy), 0, ivec2(1, -2));"), true, (x, y) -> {
            int tx = (int) (float) x + 1, ty = (int) (float) y - 2;
            return tx >= 0 && tx < W && ty >= 0 && ty < H ? rgba(texel(tx, ty)) : new float[4];
        });
    }

    @Test
    void textureGatherReturnsTheFootprintsComponentInGlOrder() {
        for (int comp = 0; comp < 4; comp++) {
            int component = comp;
            check(compile("c = textureGather(s, k.xy, " + comp + ");"), false, (u, v) -> gathered(u, v, 0, 0, component));
            check(compile("c = textureGatherOffset(s, k.xy, ivec2(-3, 2), " + comp + ");"), false,
                    (u, v) -> gathered(u, v, -3, 2, component));
        }
        check(compile("c = textureGather(s, k.xy);"), false, (u, v) -> gathered(u, v, 0, 0, 0));
        check(compile("c = textureGatherOffset(s, k.xy, ivec2(31, -32));"), false, (u, v) -> gathered(u, v, 31, -32, 0));
    }

    /** Texel (x, y) of layer l of the array texture: blue says the layer. */
    private static int layered(int l, int x, int y) {
        return texel(x, y) & 0xFFFFFF00 | 40 * l + x;
    }

    @Test
    void aTwoDArraysLayerIsChosenAsTextureDoesAndTheOffsetAppliesInIt() {
        int layers = 3;
        int[] argb = new int[W * H * layers];
        for (int l = 0; l < layers; l++) {
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    argb[(l * H + y) * W + x] = layered(l, x, y);
                }
            }
        }
        Texture2D tex = new Texture2D(W, H, argb, Texture2D.Nearest.GL, layers);
        Random random = new Random(3);
        List<float[]> ks = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            ks.add(new float[] {-0.4f + 1.8f * random.nextFloat(), -0.4f + 1.8f * random.nextFloat(),
                -1.5f + 5f * random.nextFloat(), 1f});
        }
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", fragment("sampler2DArray",
                "c = textureOffset(s, k.xyz, ivec2(-1, 2)) * 0.5 + textureGatherOffset(s, k.xyz, ivec2(2, -3), 2) * 0.25;"));
        assertThat(r.ok()).as(r.log()).isTrue();
        check(r.ir(), ks, tex, k -> {
            int l = clampTo((long) Math.floor(k[2] + 0.5f), layers);
            float[] o = rgba(layered(l, clampTo((long) Math.floor(k[0] * W) - 1, W), clampTo((long) Math.floor(k[1] * H) + 2, H)));
            long i0 = (long) Math.floor(k[0] * W - 0.5f) + 2;
            long j0 = (long) Math.floor(k[1] * H - 0.5f) - 3;
            int x0 = clampTo(i0, W), x1 = clampTo(i0 + 1, W), y0 = clampTo(j0, H), y1 = clampTo(j0 + 1, H);
            float[] g = {channel(layered(l, x0, y1), 2), channel(layered(l, x1, y1), 2), channel(layered(l, x1, y0), 2),
                channel(layered(l, x0, y0), 2)};
            float[] c = new float[4];
            for (int i = 0; i < 4; i++) {
                c[i] = o[i] * 0.5f + g[i] * 0.25f;
            }
            return c;
        });
        TgsiResult.Ok t = (TgsiResult.Ok) TgsiEmitter.emit(r.ir());
        assertThat(t.text()).containsPattern("TG4 TEMP\\[\\d+\\], TEMP\\[\\d+\\], IMM\\[\\d+\\]\\.xxxx, SAMP\\[0\\], 2D_ARRAY, ")
                .containsPattern("TEX TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], 2D_ARRAY, IMM");
    }

    @Test
    void theTransformIrsEvaluatorAgreesWithTheInterpreter() {
        List<String> sources = List.of(
                fragment("sampler2D", "c = textureOffset(s, k.xy, ivec2(2, -1)) + textureLodOffset(s, k.zw, 0.0, ivec2(-8, 7));"),
                fragment("sampler2D", "c = texelFetchOffset(s, ivec2(k.xy * 2.0), 0, ivec2(1, -1));"),
                fragment("sampler2D", "c = textureGather(s, k.xy, 3) - textureGatherOffset(s, k.zw, ivec2(-3, 2), 1);"),
                fragment("sampler2D", "c = textureGather(s, k.xy) * textureGatherOffset(s, k.yx, ivec2(5));"));
        assertThat(dev.csir.testing.Differential.disagreements(dev.csir.types.ShaderStage.FRAGMENT, sources, 40,
                new Random(5))).isEmpty();
    }

    @Test
    void theRecordsTravelInCsiVersion2AndTgsi() {
        ShaderIr ir = compile("c = textureOffset(s, k.xy, ivec2(2, -1)) + textureGatherOffset(s, k.xy, ivec2(-3, 2), 1)"
                + " + texelFetchOffset(s, ivec2(k.xy), 0, ivec2(1, 0)) + textureLodOffset(s, k.xy, 0.0, ivec2(2, -1));");
        List<Opcode> ops = new ArrayList<>();
        for (int i = 0; i < ir.size(); i++) {
            ops.add(ir.insn(i).opcode());
        }
        assertThat(ops).contains(Opcode.SAMPLE_OFFSET, Opcode.GATHER, Opcode.FETCH_OFFSET, Opcode.SAMPLE_LOD_OFFSET);
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(ir));
        assertThat(l.shader().code()).isEqualTo(ir.code());
        assertThat(Csi.version1Problem(ir)).startsWith("opcode 85 (sample2d_offset) needs CSI version 2");
        TgsiResult.Ok t = (TgsiResult.Ok) TgsiEmitter.emit(ir);
        assertThat(t.text()).contains("INT32 {2, -1, 0, 0}", "INT32 {-3, 2, 0, 0}", "INT32 {1, 1, 1, 1}",
                "INT32 {1, 0, 0, 0}");
        assertThat(t.text()).containsPattern("TEX TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], 2D, IMM\\[\\d+\\]\\.xyz\n");
        assertThat(t.text()).containsPattern("TG4 TEMP\\[\\d+\\], TEMP\\[\\d+\\], IMM\\[\\d+\\]\\.xxxx, SAMP\\[0\\], 2D, "
                + "IMM\\[\\d+\\]\\.xyz\n");
        assertThat(t.text()).containsPattern("TXF TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], 2D, IMM\\[\\d+\\]\\.xyz\n");
        assertThat(t.text()).containsPattern("TXL TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[0\\], 2D, IMM\\[\\d+\\]\\.xyz\n");
        assertThat(TexelOffset.x(TexelOffset.pack(-32, 31, 3))).isEqualTo(-32);
        assertThat(TexelOffset.y(TexelOffset.pack(-32, 31, 3))).isEqualTo(31);
        assertThat(TexelOffset.component(TexelOffset.pack(-32, 31, 3))).isEqualTo(3);
    }

    @Test
    void whatCsirDoesNotCarryIsALocatedError() {
        assertThat(firstError(fragment("sampler2D", "c = textureGradOffset(s, k.xy, k.xy, k.zw, ivec2(1));")))
                .isEqualTo("6:7: CSIR cannot express textureGradOffset");
        assertThat(firstError(fragment("sampler2D", "c = textureOffset(s, k.xy, ivec2(1), 0.5);")))
                .isEqualTo("6:7: CSIR cannot express textureOffset with a bias");
        assertThat(firstError(fragment("sampler2D", "c = textureGatherOffset(s, k.xy, ivec2(k.xy));")))
                .isEqualTo("6:7: CSIR cannot express a gather offset that is not a constant in [-32, 31]");
        assertThat(firstError(fragment("sampler2D", "c = textureGatherOffset(s, k.xy, ivec2(40, 0));")))
                .isEqualTo("6:7: CSIR cannot express a gather offset that is not a constant in [-32, 31]");
        assertThat(firstError(fragment("sampler2D",
                "c = textureGatherOffsets(s, k.xy, ivec2[4](ivec2(1), ivec2(2), ivec2(3), ivec2(4)));")))
                .isEqualTo("6:7: CSIR cannot express textureGatherOffsets");
        assertThat(firstError(fragment("sampler2DArray", "c = texelFetchOffset(s, ivec3(k.xyz), 0, ivec2(1));")))
                .isEqualTo("6:7: CSIR cannot express texelFetchOffset on a sampler2DArray");
        assertThat(firstError(fragment("sampler3D", "c = textureOffset(s, k.xyz, ivec3(1));")))
                .isEqualTo("6:7: CSIR cannot express textureOffset on a sampler3D");
        assertThat(firstError(fragment("samplerCube", "c = textureGather(s, k.xyz);")))
                .isEqualTo("6:7: CSIR cannot express textureGather on a samplerCube");
        assertThat(firstError("#version 430 core\nuniform sampler2D s;\nout vec4 c;\nvoid main() {\n"
                + "    c = vec4(textureQueryLevels(s)) + textureQueryLod(s, vec2(0.5)).xyxy;\n}\n"))
                .isEqualTo("5:7: CSIR cannot express textureQueryLevels");
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag",
                fragment("sampler2D", "c = textureOffset(s, k.xy, ivec2(1));"), CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        // as the other version 2 records: the profile compiles it, its CSI version 1 blob refuses it by name
        assertThat(chrisos.ok()).as(chrisos.log()).isTrue();
        assertThat(Csi.version1Problem(chrisos.ir())).startsWith("opcode 85 (sample2d_offset) needs CSI version 2");
    }

    private static String firstError(String source) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", source);
        assertThat(r.ok()).isFalse();
        var d = r.diagnostics().getFirst();
        return d.line() + ":" + d.column() + ": " + d.message();
    }
}
