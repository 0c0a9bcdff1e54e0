package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.DeviceLostException;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.gfx.scene.Mat4;
import dev.csir.gfx.testing.TestMeshes;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.testing.VirglFixture;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Draws through a private virglrenderer (llvmpipe) and checks pixels. The expected values come
 * from the documented device conventions: pixel (x, y) (row 0 = top) has its centre at NDC
 * ((2x + 1) / W - 1, 1 - (2y + 1) / H).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglDrawTest {
    private static final int W = 64;
    private static final int H = 64;
    private static final int TOLERANCE = 3;

    private static VirglServer server;
    private static VirglDevice device;

    @BeforeAll
    static void start() throws GfxException {
        server = VirglFixture.startServer();
        device = VirglDevice.open(server, "VirglDrawTest", VirglFixture.TIMEOUT);
    }

    @AfterAll
    static void stop() {
        if (device != null) {
            device.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void freshTarget() throws GfxException {
        device.target(W, H);
    }

    private static float ndcX(int x) {
        return (2 * x + 1) / (float) W - 1;
    }

    private static float ndcY(int y) {
        return 1 - (2 * y + 1) / (float) H;
    }

    private static void assertPixel(Frame f, int x, int y, int r, int g, int b, int a) {
        int[] c = f.channels(x, y);
        assertThat(c).as("pixel (%d, %d) = %s", x, y, java.util.Arrays.toString(c))
                .satisfies(v -> {
                    assertThat(v[0]).isCloseTo(r, org.assertj.core.data.Offset.offset(TOLERANCE));
                    assertThat(v[1]).isCloseTo(g, org.assertj.core.data.Offset.offset(TOLERANCE));
                    assertThat(v[2]).isCloseTo(b, org.assertj.core.data.Offset.offset(TOLERANCE));
                    assertThat(v[3]).isCloseTo(a, org.assertj.core.data.Offset.offset(TOLERANCE));
                });
    }

    private static final VertexLayout POS4_COL4 = VertexLayout.of(8, new VertexAttribute(0, 4, 0),
            new VertexAttribute(1, 4, 4));

    // ---- coloured triangle -------------------------------------------------------------------

    private static final float[][] TRI = {{-0.8f, -0.8f}, {0.8f, -0.8f}, {0f, 0.8f}};
    private static final float[][] TRI_COL = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

    private static Mesh triangle(float z, float[][] colours) {
        float[] v = new float[24];
        for (int i = 0; i < 3; i++) {
            float[] c = colours[i];
            System.arraycopy(new float[] {TRI[i][0], TRI[i][1], z, 1, c[0], c[1], c[2], 1}, 0, v, i * 8, 8);
        }
        return new Mesh(v, POS4_COL4);
    }

    /** Barycentric weights of point p in the triangle TRI (affine: w = 1 everywhere). */
    private static float[] bary(float px, float py) {
        float[] a = TRI[0], b = TRI[1], c = TRI[2];
        float det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
        float l0 = ((b[1] - c[1]) * (px - c[0]) + (c[0] - b[0]) * (py - c[1])) / det;
        float l1 = ((c[1] - a[1]) * (px - c[0]) + (a[0] - c[0]) * (py - c[1])) / det;
        return new float[] {l0, l1, 1 - l0 - l1};
    }

    @Test
    void colouredTriangleCoversItsPixelsWithInterpolatedColours() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        device.clear(0, 0, 0, 1, 1);
        device.draw(p, p.newUniforms(), triangle(0, TRI_COL), DrawState.FLAT);
        Frame f = device.readback();

        int inside = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                float[] l = bary(ndcX(x), ndcY(y));
                float min = Math.min(l[0], Math.min(l[1], l[2]));
                if (min > 0.02f) {
                    inside++;
                    assertPixel(f, x, y, Math.round(l[0] * 255), Math.round(l[1] * 255), Math.round(l[2] * 255), 255);
                } else if (min < -0.02f) {
                    assertPixel(f, x, y, 0, 0, 0, 255);
                }
            }
        }
        assertThat(inside).as("pixels checked inside").isGreaterThan(1000);
        // the apex (blue) is at the top of the image, the red corner bottom left
        assertThat(f.channels(32, 9)[2]).isGreaterThan(230);
        assertThat(f.channels(6, 57)[0]).isGreaterThan(200);
        assertThat(f.channels(57, 57)[1]).isGreaterThan(200);
    }

    // ---- textured quad -----------------------------------------------------------------------

    private static final VertexLayout POS4_UV2 = VertexLayout.of(6, new VertexAttribute(0, 4, 0),
            new VertexAttribute(1, 2, 4));

    private static Mesh quad(float u0, float u1) {
        float[][] c = {{-1, -1, u0, u0}, {1, -1, u1, u0}, {1, 1, u1, u1}, {-1, 1, u0, u1}};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] v = new float[36];
        for (int i = 0; i < 6; i++) {
            float[] k = c[order[i]];
            System.arraycopy(new float[] {k[0], k[1], 0, 1, k[2], k[3]}, 0, v, i * 6, 6);
        }
        return new Mesh(v, POS4_UV2);
    }

    /** 4x4 texels, each with its own colour: (i * 60, j * 60, 200 - 40 * ((i + j) & 1)). */
    private static Texture checker() {
        byte[] px = new byte[4 * 4 * 4];
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 4; i++) {
                int o = (j * 4 + i) * 4;
                px[o] = (byte) (i * 60);
                px[o + 1] = (byte) (j * 60);
                px[o + 2] = (byte) (200 - 40 * ((i + j) & 1));
                px[o + 3] = (byte) 255;
            }
        }
        return new Texture(4, 4, px);
    }

    @Test
    void texturedQuadSamplesNearestTexels() throws GfxException {
        LinkedProgram p = TestPrograms.texturedQuad();
        Texture t = checker();
        device.clear(0, 0, 0, 1, 1);
        device.draw(p, p.newUniforms(), quad(0, 1), DrawState.FLAT, List.of(t));
        Frame f = device.readback();
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                float s = (x + 0.5f) / W;
                float tt = (ndcY(y) + 1) / 2;
                int i = (int) (s * 4);
                int j = (int) (tt * 4);
                float ds = Math.abs(s * 4 - Math.round(s * 4)), dt = Math.abs(tt * 4 - Math.round(tt * 4));
                if (ds < 0.05f || dt < 0.05f) {
                    continue; // on a texel boundary either neighbour is right
                }
                int texel = t.texel(i, j);
                assertThat(f.pixel(x, y)).as("pixel (%d, %d) shows texel (%d, %d)", x, y, i, j).isEqualTo(texel);
            }
        }
        // row 0 of the texture (t = 0) is at the bottom of the image
        assertThat(f.pixel(8, 56)).isEqualTo(t.texel(0, 0));
        assertThat(f.pixel(56, 8)).isEqualTo(t.texel(3, 3));
    }

    @Test
    void texturedQuadClampsToTheEdge() throws GfxException {
        LinkedProgram p = TestPrograms.texturedQuad();
        Texture t = checker();
        device.clear(0, 0, 0, 1, 1);
        // coordinates run from -1 to 2: the outer thirds repeat the edge texels
        device.draw(p, p.newUniforms(), quad(-1, 2), DrawState.FLAT, List.of(t));
        Frame f = device.readback();
        assertThat(f.pixel(1, 62)).isEqualTo(t.texel(0, 0));
        assertThat(f.pixel(62, 1)).isEqualTo(t.texel(3, 3));
        assertThat(f.pixel(1, 1)).isEqualTo(t.texel(0, 3));
        assertThat(f.pixel(62, 62)).isEqualTo(t.texel(3, 0));
    }

    // ---- depth -------------------------------------------------------------------------------

    private static float[][] solid(float r, float g, float b) {
        return new float[][] {{r, g, b}, {r, g, b}, {r, g, b}};
    }

    private static Mesh shifted(float dx, float z, float[][] colours) {
        Mesh m = triangle(z, colours);
        float[] v = m.vertices();
        for (int i = 0; i < 3; i++) {
            v[i * 8] += dx;
        }
        return new Mesh(v, POS4_COL4);
    }

    @Test
    void depthTestKeepsTheNearerTriangleWhateverTheOrder() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        UniformValues u = p.newUniforms();
        Mesh far = shifted(-0.3f, 0.5f, solid(1, 0, 0));
        Mesh near = shifted(0.3f, -0.5f, solid(0, 1, 0));
        for (boolean nearFirst : new boolean[] {false, true}) {
            device.clear(0, 0, 0, 1, 1);
            device.draw(p, u, nearFirst ? near : far, DrawState.DEPTH);
            device.draw(p, u, nearFirst ? far : near, DrawState.DEPTH);
            Frame f = device.readback();
            assertPixel(f, 32, 40, 0, 255, 0, 255); // overlap: the near one
            assertPixel(f, 8, 55, 255, 0, 0, 255); // only the far one covers this
            assertPixel(f, 56, 55, 0, 255, 0, 255); // only the near one
        }
        // without the depth test the later draw wins
        device.clear(0, 0, 0, 1, 1);
        device.draw(p, u, near, DrawState.FLAT);
        device.draw(p, u, far, DrawState.FLAT);
        assertPixel(device.readback(), 32, 40, 255, 0, 0, 255);
    }

    @Test
    void backFacesAreCulledWhenAsked() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        Mesh ccw = triangle(0, solid(1, 1, 0));
        float[] v = ccw.vertices();
        float[] cw = v.clone();
        System.arraycopy(v, 8, cw, 16, 8);
        System.arraycopy(v, 16, cw, 8, 8);
        Mesh clockwise = new Mesh(cw, POS4_COL4);
        device.clear(0, 0, 0, 1, 1);
        device.draw(p, p.newUniforms(), clockwise, DrawState.DEPTH_CULL);
        assertPixel(device.readback(), 32, 40, 0, 0, 0, 255);
        device.draw(p, p.newUniforms(), ccw, DrawState.DEPTH_CULL);
        assertPixel(device.readback(), 32, 40, 255, 255, 0, 255);
    }

    // ---- rotating cube -----------------------------------------------------------------------

    /** The face drawn at each pixel centre by a reference depth test (-1 = background). */
    private static int[][] referenceFaces(float[] verts, Mat4 mvp) {
        int[][] face = new int[H][W];
        float[][] depth = new float[H][W];
        for (int[] row : face) {
            java.util.Arrays.fill(row, -1);
        }
        for (float[] row : depth) {
            java.util.Arrays.fill(row, Float.MAX_VALUE);
        }
        for (int t = 0; t < verts.length / 24; t++) {
            float[][] s = new float[3][];
            for (int k = 0; k < 3; k++) {
                int o = (t * 3 + k) * 8;
                float[] c = mvp.apply(verts[o], verts[o + 1], verts[o + 2], 1);
                s[k] = new float[] {c[0] / c[3], c[1] / c[3], c[2] / c[3]};
            }
            float det = (s[1][1] - s[2][1]) * (s[0][0] - s[2][0]) + (s[2][0] - s[1][0]) * (s[0][1] - s[2][1]);
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    float px = ndcX(x), py = ndcY(y);
                    float l0 = ((s[1][1] - s[2][1]) * (px - s[2][0]) + (s[2][0] - s[1][0]) * (py - s[2][1])) / det;
                    float l1 = ((s[2][1] - s[0][1]) * (px - s[2][0]) + (s[0][0] - s[2][0]) * (py - s[2][1])) / det;
                    float l2 = 1 - l0 - l1;
                    if (l0 >= 0 && l1 >= 0 && l2 >= 0) {
                        float z = l0 * s[0][2] + l1 * s[1][2] + l2 * s[2][2];
                        if (z < depth[y][x]) {
                            depth[y][x] = z;
                            face[y][x] = t / 2;
                        }
                    }
                }
            }
        }
        return face;
    }

    @Test
    void rotatingCubeShowsItsNearFacesAtEveryAngle() throws GfxException {
        LinkedProgram p = TestPrograms.mvpCube();
        float[] verts = TestMeshes.colouredCube();
        Mesh cube = new Mesh(verts, POS4_COL4);
        UniformValues u = p.newUniforms();
        Mat4 view = Mat4.translate(0, 0, -2.5f);
        Mat4 proj = Mat4.perspective(60, 1, 0.5f, 10);
        assertThat(u.set("view", view.m())).isEmpty();
        assertThat(u.set("projection", proj.m())).isEmpty();
        for (double angle : new double[] {30, 130, 220}) {
            Mat4 model = Mat4.rotateY(angle).times(Mat4.rotateX(25));
            assertThat(u.set("model", model.m())).isEmpty();
            int[][] ref = referenceFaces(verts, proj.times(view.times(model)));
            for (DrawState state : new DrawState[] {DrawState.DEPTH, DrawState.DEPTH_CULL}) {
                device.clear(0, 0, 0, 1, 1);
                device.draw(p, u, cube, state);
                Frame f = device.readback();
                Set<Integer> seen = new HashSet<>();
                int checked = 0;
                for (int y = 1; y < H - 1; y++) {
                    for (int x = 1; x < W - 1; x++) {
                        int fc = ref[y][x];
                        if (ref[y - 1][x] != fc || ref[y + 1][x] != fc || ref[y][x - 1] != fc || ref[y][x + 1] != fc) {
                            continue; // an edge: either side may win
                        }
                        checked++;
                        if (fc < 0) {
                            assertPixel(f, x, y, 0, 0, 0, 255);
                        } else {
                            float[] c = TestMeshes.FACE_COLOURS[fc];
                            assertPixel(f, x, y, (int) (c[0] * 255), (int) (c[1] * 255), (int) (c[2] * 255), 255);
                            seen.add(fc);
                        }
                    }
                }
                assertThat(checked).isGreaterThan(3000);
                assertThat(seen).as("faces visible at %s degrees", angle).hasSizeGreaterThanOrEqualTo(2);
            }
        }
    }

    // ---- diffuse lighting --------------------------------------------------------------------

    private static final VertexLayout POS3_N3 = VertexLayout.of(6, new VertexAttribute(0, 3, 0),
            new VertexAttribute(1, 3, 3));

    /** A full-screen quad at z = 0 with normals (0, 0, 1): positions come from three floats, w = 1. */
    private static Mesh litQuad() {
        float[][] c = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] v = new float[36];
        for (int i = 0; i < 6; i++) {
            float[] k = c[order[i]];
            System.arraycopy(new float[] {k[0], k[1], 0, 0, 0, 1}, 0, v, i * 6, 6);
        }
        return new Mesh(v, POS3_N3);
    }

    private static int expectedLight(float[] light, int x, int y, float ambient, float colour) {
        float lx = light[0] - ndcX(x), ly = light[1] - ndcY(y), lz = light[2];
        float d = Math.max(0, lz / (float) Math.sqrt(lx * lx + ly * ly + lz * lz));
        return Math.round(Math.min(1, ambient + d * colour) * 255);
    }

    @Test
    void diffuseLightingIsBrighterFacingTheLight() throws GfxException {
        LinkedProgram p = TestPrograms.diffuse();
        UniformValues u = p.newUniforms();
        assertThat(u.set("lightColor", 0.8f, 0.6f, 0.4f)).isEmpty();
        assertThat(u.set("ambientColor", 0.1f, 0.1f, 0.1f)).isEmpty();
        Mesh quad = litQuad();
        for (float lightX : new float[] {-0.75f, 0.75f}) {
            float[] light = {lightX, 0, 0.5f};
            assertThat(u.set("lightPosition", light)).isEmpty();
            device.clear(0, 0, 0, 1, 1);
            device.draw(p, u, quad, DrawState.FLAT);
            Frame f = device.readback();
            for (int[] px : new int[][] {{8, 32}, {32, 32}, {56, 32}, {8, 4}, {56, 60}, {20, 40}}) {
                int x = px[0], y = px[1];
                assertPixel(f, x, y, expectedLight(light, x, y, 0.1f, 0.8f), expectedLight(light, x, y, 0.1f, 0.6f),
                        expectedLight(light, x, y, 0.1f, 0.4f), 255);
            }
            int near = lightX < 0 ? 8 : 56, away = lightX < 0 ? 56 : 8;
            assertThat(f.channels(near, 32)[0]).as("the side facing the light is brighter")
                    .isGreaterThan(f.channels(away, 32)[0] + 60);
        }
    }

    // ---- errors and recovery -----------------------------------------------------------------

    /** A copy of {@code good} that the device sends with {@code fragmentTgsi} as its fragment text. */
    private LinkedProgram withFragmentText(LinkedProgram good, String name, String fragmentTgsi) {
        TestPrograms.Mutated m = TestPrograms.withFragmentText(good, name, fragmentTgsi);
        device.tgsiSource(m.source());
        return m.program();
    }

    private void assertRecovered(int connectionsBefore) throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        device.target(W, H);
        device.clear(0, 0, 0, 1, 1);
        device.draw(p, p.newUniforms(), triangle(0, solid(1, 1, 1)), DrawState.FLAT);
        Frame f = device.readback();
        assertPixel(f, 32, 40, 255, 255, 255, 255);
        assertPixel(f, 2, 2, 0, 0, 0, 255);
        assertThat(device.connections()).isGreaterThan(connectionsBefore);
    }

    @Test
    void malformedShaderTextIsReportedByNameAndTheDeviceReconnects() throws GfxException {
        LinkedProgram good = TestPrograms.colouredTriangle();
        LinkedProgram bad = withFragmentText(good, "broken.frag",
                "FRAG\nDCL OUT[0], COLOR\n  0: FROB OUT[0], BOGUS[7]\n  1: END\n");
        int before = device.connections();
        device.clear(0, 0, 0, 1, 1);
        assertThatThrownBy(() -> device.draw(bad, bad.newUniforms(), triangle(0, TRI_COL), DrawState.FLAT))
                .isInstanceOf(DeviceLostException.class)
                .hasMessageContaining("rejected the fragment shader 'broken.frag'")
                .hasMessageContaining("Illegal command buffer")
                .hasMessageContaining("Unknown opcode");
        assertRecovered(before);
    }

    @Test
    void shaderTheHostCannotCompileIsCaughtByTheCanary() throws GfxException {
        LinkedProgram good = TestPrograms.colouredTriangle();
        // parses, but without END the GLSL generated from it does not compile
        String noEnd = TestPrograms.tgsi(good).fragmentText().replaceAll("\\s*\\d+: END\\s*$", "\n");
        assertThat(noEnd).doesNotContain("END");
        LinkedProgram bad = withFragmentText(good, "noend.frag", noEnd);
        int before = device.connections();
        device.clear(0, 0, 0, 1, 1);
        assertThatThrownBy(() -> device.draw(bad, bad.newUniforms(), triangle(0, TRI_COL), DrawState.FLAT))
                .isInstanceOf(DeviceLostException.class)
                .hasMessageContaining("could not compile the fragment shader 'noend.frag'")
                .hasMessageContaining("canary");
        assertRecovered(before);
    }

    // ---- long shader text -------------------------------------------------------------------

    /** Hand-written fragment TGSI and the colour it writes. */
    private record Chain(String text, int adds, int r, int g, int b) {
    }

    /**
     * Valid fragment TGSI of at least {@code minBytes}: TEMP[0] starts at (0, 0, 0, 1), then each of
     * n ADDs adds (2^-k, 2^-(k+1), 2^-(k+2), 0) with 2^k the power of two above n (immediates as
     * float bit patterns, Mesa's style), then TEMP[0] goes to the colour. Every partial sum is a
     * float exactly, so the colour is (n / 2^k, n / 2^(k+1), n / 2^(k+2), 1), red in [0.5, 1),
     * whatever order the host adds in; a lost or repeated line changes it (or breaks the parse).
     */
    private static Chain chain(int minBytes) {
        StringBuilder body = new StringBuilder();
        int n = 0;
        while (chainHeader(n).length() + body.length() + chainTail(n).length() < minBytes) {
            n++;
            body.append("  ").append(n).append(": ADD TEMP[0], TEMP[0], IMM[1]\n");
        }
        String text = chainHeader(n) + body + chainTail(n);
        int k = chainShift(n);
        return new Chain(text, n, Math.round(n * 255f / (1 << k)), Math.round(n * 255f / (2 << k)),
                Math.round(n * 255f / (4 << k)));
    }

    /** The k of {@link #chain}: the least with n < 2^k. */
    private static int chainShift(int n) {
        return 32 - Integer.numberOfLeadingZeros(n);
    }

    private static String chainTail(int n) {
        return "  " + (n + 1) + ": MOV OUT[0], TEMP[0]\n  " + (n + 2) + ": END\n";
    }

    private static String chainHeader(int n) {
        int k = chainShift(n);
        return "FRAG\nPROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
                + "IMM[0] UINT32 {0, 0, 0, " + Float.floatToRawIntBits(1f) + "}\n"
                + "IMM[1] UINT32 {" + Float.floatToRawIntBits(Math.scalb(1f, -k)) + ", "
                + Float.floatToRawIntBits(Math.scalb(1f, -k - 1)) + ", " + Float.floatToRawIntBits(Math.scalb(1f, -k - 2))
                + ", 0}\n  0: MOV TEMP[0], IMM[0]\n";
    }

    /** How many CREATE_OBJECT SHADER packets the encoder sends the text in. */
    private static int shaderPackets(String text) throws GfxException {
        int[] w = new VirglEncoder().createShader(1, VirglProtocol.SHADER_FRAGMENT, text).toArray();
        int packets = 0;
        for (int at = 0; at < w.length; at += (w[at] >>> 16) + 1) {
            assertThat(w[at] & 0xffff).isEqualTo(0x0401);
            packets++;
        }
        return packets;
    }

    /**
     * Draws the triangle with a fragment shader of at least {@code minBytes} of TGSI and checks its
     * colour; then the ordinary program draws on the same connection.
     */
    private void drawLongFragment(int minBytes, int packets) throws GfxException {
        LinkedProgram good = TestPrograms.colouredTriangle();
        Chain c = chain(minBytes);
        assertThat(c.text().length()).isGreaterThanOrEqualTo(minBytes);
        assertThat(shaderPackets(c.text())).as("packets for %d characters", c.text().length()).isEqualTo(packets);
        LinkedProgram longer = withFragmentText(good, "long.frag", c.text());
        int before = device.connections();
        device.clear(0, 0, 0, 1, 1);
        device.draw(longer, longer.newUniforms(), triangle(0, TRI_COL), DrawState.FLAT);
        Frame f = device.readback();
        assertThat(c.r()).as("red from the adds").isBetween(127, 255);
        assertPixel(f, 32, 40, c.r(), c.g(), c.b(), 255);
        assertPixel(f, 6, 57, c.r(), c.g(), c.b(), 255);
        assertPixel(f, 2, 2, 0, 0, 0, 255);
        assertThat(device.connections()).as("no reconnect").isEqualTo(before);
        // the device stays usable: another program, on the same connection
        device.clear(0, 0, 0, 1, 1);
        device.draw(good, good.newUniforms(), triangle(0, solid(1, 1, 1)), DrawState.FLAT);
        Frame after = device.readback();
        assertPixel(after, 32, 40, 255, 255, 255, 255);
        assertPixel(after, 2, 2, 0, 0, 0, 255);
        assertThat(device.connections()).isEqualTo(before);
    }

    @Test
    void shaderTextOf64KiBDraws() throws GfxException {
        drawLongFragment(64 * 1024, 1);
    }

    @Test
    void shaderTextLongerThanOneCommandGoesInContinuationPacketsAndDraws() throws GfxException {
        // one packet carries 65530 dwords = 262120 bytes of text with its NUL
        drawLongFragment(65530 * 4 + 1, 2);
    }

    @Test
    void shaderTextInThreePacketsDraws() throws GfxException {
        drawLongFragment(2 * 65530 * 4 + 4096, 3);
    }

    @Test
    void shaderTextVirglCannotCarryIsRefusedBeforeSending() throws GfxException {
        // the one length bound left (2^31 - 2 characters, VirglEncoderTest) is beyond any String;
        // text the packet cannot hold at all, a NUL inside it, is refused the same way: located,
        // before anything is sent, with the connection untouched
        LinkedProgram good = TestPrograms.colouredTriangle();
        LinkedProgram bad = withFragmentText(good, "nul.frag", "FRAG\nDCL OUT[0], COLOR\n\0  0: END\n");
        int before = device.connections();
        assertThatThrownBy(() -> device.draw(bad, bad.newUniforms(), triangle(0, TRI_COL), DrawState.FLAT))
                .isInstanceOf(GfxException.class).isNotInstanceOf(DeviceLostException.class)
                .hasMessageContaining("fragment shader 'nul.frag'").hasMessageContaining("NUL character at 23");
        device.clear(0, 0, 0, 1, 1);
        device.draw(good, good.newUniforms(), triangle(0, solid(1, 1, 1)), DrawState.FLAT);
        assertPixel(device.readback(), 32, 40, 255, 255, 255, 255);
        assertThat(device.connections()).isEqualTo(before);
    }

    @Test
    void missingAttributeAndTextureAreReported() {
        LinkedProgram p = TestPrograms.texturedQuad();
        Mesh noUv = new Mesh(new float[] {0, 0, 0, 1}, VertexLayout.of(4, new VertexAttribute(0, 4, 0)));
        assertThatThrownBy(() -> device.draw(p, p.newUniforms(), noUv, DrawState.FLAT, List.of(checker())))
                .isInstanceOf(GfxException.class).hasMessageContaining("location 1 for 'uv'");
        assertThatThrownBy(() -> device.draw(p, p.newUniforms(), quad(0, 1), DrawState.FLAT))
                .isInstanceOf(GfxException.class).hasMessageContaining("no texture for sampler 'tex'");
    }
}
