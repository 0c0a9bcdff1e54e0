package dev.csir.gfx.soft;

import static dev.csir.gfx.soft.Vertices.ndc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** What fragments receive and what they leave: varyings, gl_FragCoord, depth, discard, colour. */
class ShadingTest {

    private static SoftwareRenderer renderer(int w, int h) {
        SoftwareRenderer r = new SoftwareRenderer(2);
        r.target(w, h);
        r.clear(0, 0, 0, 0, 1);
        return r;
    }

    /** A full-screen quad: left edge at clip w = 1, right edge at w = 3; varying u 0 -> 1. */
    private static VertexInput perspectiveQuad() {
        float[] l = {-1, -1, 0, 1, 0, 0, 0, 0, -1, 1, 0, 1, 0, 0, 0, 0};
        float[] rr = {-3, -3, 0, 3, 1, 0, 0, 0, 3, 3, 0, 3, 1, 0, 0, 0};
        // vertex order: bl, br, tr, bl, tr, tl
        float[] data = new float[6 * 8];
        int[][] order = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
        for (int i = 0; i < 6; i++) {
            float w = order[i][0] == 0 ? 1 : 3;
            float x = order[i][0] == 0 ? -1 : 1;
            float y = order[i][1] == 0 ? -1 : 1;
            float u = order[i][0];
            float[] v = {x * w, y * w, 0, w, u, 0, 0, 1};
            System.arraycopy(v, 0, data, i * 8, 8);
        }
        assertThat(l.length + rr.length).isEqualTo(32);
        return Vertices.withVec4(data);
    }

    /**
     * 1,000 triangles, one per 4x4 cell of a 160x100 target, each coloured by its index through a
     * vertex attribute: past the 256 vertices from which the vertex stage splits over threads,
     * across 64-vertex batches and parts that end mid-batch, each vertex must come back to its own
     * slot, and each cell's pixels through the tiles and fragment batches to the right place.
     */
    @Test
    void everyVertexAndFragmentLandsInItsOwnPlace() {
        int w = 160;
        int h = 100;
        int cells = (w / 4) * (h / 4);
        float[] data = new float[cells * 3 * 8];
        for (int c = 0; c < cells; c++) {
            float x = c % (w / 4) * 4f;
            float y = c / (w / 4) * 4f;
            float[][] corners = {{x, y}, {x + 4, y}, {x, y + 4}};
            for (int k = 0; k < 3; k++) {
                float[] v = {ndc(corners[k][0], w), ndc(corners[k][1], h), 0, 1,
                    (c % 256) / 255f, (c / 256) / 255f, (c % 7) / 7f, 1};
                System.arraycopy(v, 0, data, (c * 3 + k) * 8, 8);
            }
        }
        for (int threads : new int[] {1, 2, 3}) {
            try (SoftwareRenderer r = new SoftwareRenderer(threads)) {
                r.target(w, h);
                r.clear(0, 0, 0, 0, 1);
                r.draw(JavaShading.varyingColour(), Vertices.withVec4(data), false, false);
                Image img = Image.of(r);
                for (int c = 0; c < cells; c++) {
                    // the pixel at (1, 1) inside the cell lies inside its lower-left triangle
                    int x = c % (w / 4) * 4 + 1;
                    int row = h - 1 - (c / (w / 4) * 4 + 1);
                    assertThat(img.red(x, row)).as("cell %d, %d threads", c, threads).isEqualTo(c % 256);
                    assertThat(img.channel(x, row, 1)).as("cell %d", c).isEqualTo(c / 256);
                }
                // pixel centres strictly inside x + y < 4 of each cell: rows of 3, 2 and 1
                assertThat(r.fragmentsShaded()).isEqualTo(cells * 6L);
            }
        }
    }

    @Test
    void varyingsArePerspectiveCorrect() {
        int size = 64;
        float[] u = new float[size * size];
        Shading s = new JavaShading(1, JavaShading.passThrough(1), (v, f, c) -> {
            u[(int) f[1] * size + (int) f[0]] = v[0];
            return true;
        });
        try (SoftwareRenderer r = renderer(size, size)) {
            r.draw(s, perspectiveQuad(), false, false);
        }
        for (int y = 0; y < size; y += 7) {
            for (int x = 0; x < size; x++) {
                double t = (x + 0.5) / size;
                double expected = (t / 3) / ((1 - t) + t / 3);
                assertThat((double) u[y * size + x]).as("pixel %d,%d", x, y).isCloseTo(expected, within(2e-5));
            }
        }
        // affine interpolation would give about 0.5 in the middle, not about 0.256
        assertThat(u[32 * size + 32]).isCloseTo(0.2559f, within(0.0005f));
    }

    @Test
    void fragCoordIsPixelCentreWindowDepthAndOneOverW() {
        int w = 8;
        int h = 4;
        float[][] seen = new float[w * h][];
        Shading s = new JavaShading(0, JavaShading.passThrough(0), (v, f, c) -> {
            seen[(int) f[1] * w + (int) f[0]] = f.clone();
            return true;
        });
        try (SoftwareRenderer r = renderer(w, h)) {
            // a full-screen quad at NDC z = 0.5, every vertex with w = 2
            float z = 1f;
            float ww = 2f;
            r.draw(s, Vertices.positions(-2, -2, z, ww, 2, -2, z, ww, 2, 2, z, ww, -2, -2, z, ww, 2, 2, z, ww, -2, 2, z,
                    ww), false, false);
        }
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float[] f = seen[y * w + x];
                assertThat(f).as("pixel %d,%d", x, y).containsExactly(new float[] {x + 0.5f, y + 0.5f, 0.75f, 0.5f},
                        within(1e-6f));
            }
        }
    }

    @Test
    void fragCoordYCountsFromTheBottomOfTheImage() {
        // colour = gl_FragCoord.y / 16: the image's top row has y = 15.5, its bottom row 0.5
        Shading s = new JavaShading(0, JavaShading.passThrough(0), (v, f, c) -> {
            c[0] = f[1] / 16f;
            c[3] = 1;
            return true;
        });
        try (SoftwareRenderer r = renderer(4, 16)) {
            r.draw(s, fullScreen(0f), false, false);
            Image img = Image.of(r);
            assertThat(img.red(0, 0)).isEqualTo(Math.round(15.5f / 16f * 255f));
            assertThat(img.red(0, 15)).isEqualTo(Math.round(0.5f / 16f * 255f));
        }
    }

    @Test
    void depthTestKeepsTheNearestWhateverTheDrawOrder() {
        VertexInput near = coloured(fullScreenData(-0.5f), 0, 1, 0);
        VertexInput far = coloured(fullScreenData(0.5f), 1, 0, 0);
        byte[] a = drawBoth(near, far, true);
        byte[] b = drawBoth(far, near, true);
        assertThat(a).isEqualTo(b);
        Image img = new Image(8, 8, a);
        assertThat(img.channel(3, 3, 1)).isEqualTo(255);
        assertThat(img.channel(3, 3, 0)).isZero();
    }

    @Test
    void withDepthOffTheLastDrawWinsAndDepthIsNotWritten() {
        VertexInput near = coloured(fullScreenData(-0.5f), 0, 1, 0);
        VertexInput far = coloured(fullScreenData(0.5f), 1, 0, 0);
        Image img = new Image(8, 8, drawBoth(near, far, false));
        assertThat(img.channel(3, 3, 0)).isEqualTo(255);
        try (SoftwareRenderer r = renderer(8, 8)) {
            r.draw(JavaShading.varyingColour(), near, false, false);
            // depth stayed 1.0, so a far draw with the test on still passes everywhere
            r.draw(JavaShading.varyingColour(), far, true, false);
            assertThat(Image.of(r).channel(5, 5, 0)).isEqualTo(255);
        }
    }

    @Test
    void depthEqualToTheStoredValueFails() {
        try (SoftwareRenderer r = renderer(8, 8)) {
            r.draw(JavaShading.varyingColour(), coloured(fullScreenData(0f), 1, 0, 0), true, false);
            r.draw(JavaShading.varyingColour(), coloured(fullScreenData(0f), 0, 0, 1), true, false);
            assertThat(Image.of(r).channel(4, 4, 0)).isEqualTo(255);
            // clearing depth to 0 rejects everything
            r.clear(0, 0, 0, 1, 0f);
            r.draw(JavaShading.varyingColour(), coloured(fullScreenData(-1f), 1, 1, 1), true, false);
            // only the first draw's 64 fragments passed the depth test and were shaded
            assertThat(r.fragmentsShaded()).isEqualTo(64);
            assertThat(Image.of(r).channel(4, 4, 0)).isZero();
        }
    }

    @Test
    void discardedFragmentsWriteNeitherColourNorDepth() {
        Shading cutLeft = new JavaShading(1, JavaShading.passThrough(1), (v, f, c) -> {
            System.arraycopy(v, 0, c, 0, 4);
            return f[0] >= 4f;
        });
        try (SoftwareRenderer r = renderer(8, 8)) {
            r.clear(0, 0, 1, 1, 1);
            r.draw(cutLeft, coloured(fullScreenData(-0.5f), 0, 1, 0), true, false);
            Image img = Image.of(r);
            assertThat(img.channel(1, 1, 2)).isEqualTo(255);
            assertThat(img.channel(6, 1, 1)).isEqualTo(255);
            r.draw(JavaShading.varyingColour(), coloured(fullScreenData(0.5f), 1, 0, 0), true, false);
            img = Image.of(r);
            assertThat(img.channel(1, 1, 0)).as("no depth where discarded").isEqualTo(255);
            assertThat(img.channel(6, 1, 1)).as("kept where drawn nearer").isEqualTo(255);
        }
    }

    @Test
    void coloursAreClampedAndRoundedToEightBits() {
        float[][] cases = {{-0.5f, 0.5f, 1.5f, 0.2f}, {Float.NaN, 1f / 510f, 3f / 510f, 0.999f}};
        int[][] expected = {{0, 128, 255, 51}, {0, 1, 2, 255}};
        for (int i = 0; i < cases.length; i++) {
            float[] c = cases[i];
            try (SoftwareRenderer r = renderer(2, 2)) {
                r.draw(JavaShading.flat(c[0], c[1], c[2], c[3]), fullScreen(0), false, false);
                Image img = Image.of(r);
                for (int k = 0; k < 4; k++) {
                    assertThat(img.channel(1, 1, k)).as("case %d channel %d", i, k).isEqualTo(expected[i][k]);
                }
            }
        }
        for (int k = 0; k <= 255; k++) {
            assertThat(Surface.unorm8(k / 255f)).isEqualTo(k);
        }
    }

    @Test
    void backFacesAreCulledOnlyWhenAsked() {
        VertexInput ccw = Vertices.triangle(-1, -1, 1, -1, -1, 1);
        VertexInput cw = Vertices.triangle(-1, -1, -1, 1, 1, -1);
        try (SoftwareRenderer r = renderer(8, 8)) {
            r.draw(JavaShading.flat(1, 1, 1, 1), ccw, false, true);
            assertThat(r.fragmentsShaded()).isEqualTo(28);
            r.draw(JavaShading.flat(1, 1, 1, 1), cw, false, true);
            assertThat(r.fragmentsShaded()).isEqualTo(28);
            r.draw(JavaShading.flat(1, 1, 1, 1), cw, false, false);
            assertThat(r.fragmentsShaded()).isEqualTo(56);
        }
    }

    @Test
    void aTriangleThroughTheNearPlaneDrawsOnlyWhatIsInFront() {
        // Clip-space vertices as a perspective camera gives them: one far ahead, two behind the
        // eye (w < 0). Expected coverage: pixel centres whose ray meets the triangle with
        // w > 0 and -w <= z <= w, solved exactly per pixel.
        float[][] v = {{0.2f, -0.9f, 2.5f, 3f}, {-4f, 2f, -3f, -1.5f}, {3f, 1.5f, -2f, -1f}};
        float[] data = new float[12];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(v[i], 0, data, i * 4, 4);
        }
        int size = 32;
        AtomicIntegerArray hits = new AtomicIntegerArray(size * size);
        try (SoftwareRenderer r = renderer(size, size)) {
            r.draw(CoverageTest.counting(hits, size), Vertices.positions(data), true, false);
        }
        int covered = 0;
        int disagreements = 0;
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                double margin = visibleMargin(v, ndc(x + 0.5f, size), ndc(y + 0.5f, size));
                int h = hits.get(y * size + x);
                assertThat(h).isLessThanOrEqualTo(1);
                covered += h;
                if (Math.abs(margin) > 1e-3) {
                    assertThat(h == 1).as("pixel %d,%d margin %f", x, y, margin).isEqualTo(margin > 0);
                } else {
                    disagreements++;
                }
            }
        }
        assertThat(covered).isGreaterThan(50);
        assertThat(disagreements).isLessThan(8);
    }

    @Test
    void aCubeAroundTheCameraDrawsWithoutBlowingUp() {
        // The unit cube seen from its centre with a 90-degree perspective: every face crosses
        // the near plane or lies around the eye; the screen is covered by faces, none explodes.
        float near = 0.1f;
        float far = 10f;
        float[] cube = cubeTriangles(0.5f);
        float[] clip = new float[cube.length / 3 * 4];
        for (int i = 0; i < cube.length / 3; i++) {
            float x = cube[i * 3];
            float y = cube[i * 3 + 1];
            float z = cube[i * 3 + 2];
            clip[i * 4] = x;
            clip[i * 4 + 1] = y;
            clip[i * 4 + 2] = (far + near) / (near - far) * z + 2 * far * near / (near - far);
            clip[i * 4 + 3] = -z;
        }
        int size = 32;
        AtomicIntegerArray hits = new AtomicIntegerArray(size * size);
        try (SoftwareRenderer r = renderer(size, size)) {
            r.draw(CoverageTest.counting(hits, size), Vertices.positions(clip), true, false);
        }
        // the back face (z = -0.5) fills the view: every pixel hit once, by it alone
        for (int k = 0; k < size * size; k++) {
            assertThat(hits.get(k)).as("pixel %d", k).isEqualTo(1);
        }
    }

    /**
     * Signed distance-like margin of the pixel ray (NDC px, py) inside the visible part of the
     * clip-space triangle: the smallest of the barycentric weights, w, z + w and w - z at the
     * point of the triangle that projects there (negative when outside).
     */
    private static double visibleMargin(float[][] v, double px, double py) {
        // Solve sum(l_i * (x_i - px w_i)) = 0, sum(l_i * (y_i - py w_i)) = 0, sum(l_i) = 1.
        double[][] m = new double[3][4];
        for (int i = 0; i < 3; i++) {
            m[0][i] = v[i][0] - px * v[i][3];
            m[1][i] = v[i][1] - py * v[i][3];
            m[2][i] = 1;
        }
        m[2][3] = 1;
        double[] l = solve(m);
        if (l == null) {
            return -1;
        }
        double w = 0;
        double z = 0;
        for (int i = 0; i < 3; i++) {
            w += l[i] * v[i][3];
            z += l[i] * v[i][2];
        }
        // the same projection from the other side of the eye is not visible
        double margin = Math.min(Math.min(l[0], l[1]), l[2]);
        margin = Math.min(margin, w);
        margin = Math.min(margin, Math.min(z + w, w - z));
        return margin;
    }

    private static double[] solve(double[][] m) {
        for (int c = 0; c < 3; c++) {
            int p = c;
            for (int r = c + 1; r < 3; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
                    p = r;
                }
            }
            if (Math.abs(m[p][c]) < 1e-12) {
                return null;
            }
            double[] t = m[c];
            m[c] = m[p];
            m[p] = t;
            for (int r = 0; r < 3; r++) {
                if (r != c) {
                    double f = m[r][c] / m[c][c];
                    for (int k = c; k < 4; k++) {
                        m[r][k] -= f * m[c][k];
                    }
                }
            }
        }
        return new double[] {m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]};
    }

    /** 12 triangles of the cube [-h, h]^3 as x, y, z triples. */
    static float[] cubeTriangles(float h) {
        float[][] corners = new float[8][];
        for (int i = 0; i < 8; i++) {
            corners[i] = new float[] {(i & 1) == 0 ? -h : h, (i & 2) == 0 ? -h : h, (i & 4) == 0 ? -h : h};
        }
        int[][] faces = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
        float[] out = new float[6 * 6 * 3];
        int o = 0;
        for (int[] f : faces) {
            for (int k : new int[] {f[0], f[1], f[2], f[0], f[2], f[3]}) {
                System.arraycopy(corners[k], 0, out, o, 3);
                o += 3;
            }
        }
        return out;
    }

    private static byte[] drawBoth(VertexInput first, VertexInput second, boolean depth) {
        try (SoftwareRenderer r = renderer(8, 8)) {
            r.draw(JavaShading.varyingColour(), first, depth, false);
            r.draw(JavaShading.varyingColour(), second, depth, false);
            return r.readTopDown();
        }
    }

    private static VertexInput fullScreen(float z) {
        return Vertices.positions(fullScreenData(z));
    }

    private static float[] fullScreenData(float z) {
        return new float[] {-1, -1, z, 1, 1, -1, z, 1, 1, 1, z, 1, -1, -1, z, 1, 1, 1, z, 1, -1, 1, z, 1};
    }

    /** Positions with a constant colour vec4 at location 1. */
    private static VertexInput coloured(float[] positions, float r, float g, float b) {
        int n = positions.length / 4;
        float[] data = new float[n * 8];
        for (int i = 0; i < n; i++) {
            System.arraycopy(positions, i * 4, data, i * 8, 4);
            data[i * 8 + 4] = r;
            data[i * 8 + 5] = g;
            data[i * 8 + 6] = b;
            data[i * 8 + 7] = 1;
        }
        return Vertices.withVec4(data);
    }

    @Test
    void aDrawPastTheShadingsStorageIsRefusedOncePerDrawNotPerVertex() {
        // JavaShading's contexts hold 8 attribute locations and 8 varyings
        VertexInput atLocation8 = new VertexInput(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}, 4,
                new int[] {0, 8}, new int[] {4, 1}, new int[] {0, 0});
        try (SoftwareRenderer r = renderer(4, 4)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                    () -> r.draw(JavaShading.flat(1, 1, 1, 1), atLocation8, false, false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("vertex input at location 8, the shading holds 8 attribute locations");
            org.assertj.core.api.Assertions.assertThatThrownBy(
                    () -> r.draw(new JavaShading(9, JavaShading.passThrough(0), (v, f, c) -> true),
                            Vertices.triangle(-1, -1, 1, -1, 0, 1), false, false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("9 varying slots, the shading holds 8");
            // at the edge both draw
            r.draw(new JavaShading(8, JavaShading.passThrough(0), (v, f, c) -> true),
                    Vertices.triangle(-1, -1, 1, -1, 0, 1), false, false);
        }
    }
}
