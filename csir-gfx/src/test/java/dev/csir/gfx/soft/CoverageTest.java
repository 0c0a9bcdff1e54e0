package dev.csir.gfx.soft;

import static dev.csir.gfx.soft.Vertices.ndc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.testing.Shared;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** Which pixels a triangle covers: centres inside, the top-left rule on ties, no gaps, no overlap. */
class CoverageTest {

    private static SoftwareRenderer renderer(int w, int h, int threads) {
        SoftwareRenderer r = new SoftwareRenderer(threads);
        r.target(w, h);
        r.clear(0, 0, 0, 0, 1);
        return r;
    }

    /** The original's 32x32 test triangle. */
    private static Image originalTriangle(int threads) {
        try (SoftwareRenderer r = renderer(32, 32, threads)) {
            r.draw(JavaShading.flat(1, 0, 0, 1), Vertices.triangle(-0.8f, -0.8f, 0.8f, -0.8f, 0f, 0.8f), false, false);
            return Image.of(r);
        }
    }

    @Test
    void theOriginalTestTriangleCoversPixelCentresInsideIt() {
        Image img = originalTriangle(2);
        assertThat(img.count('#')).isEqualTo(338);
        // Independent expectation: window vertices (3.2, 3.2), (28.8, 3.2), (16, 28.8) with y up;
        // no pixel centre lies on an edge, so coverage is "centre strictly inside".
        for (int row = 0; row < 32; row++) {
            for (int x = 0; x < 32; x++) {
                double px = x + 0.5;
                double py = 31 - row + 0.5;
                boolean inside = py > 3.2 && py - 3.2 < 2 * (px - 3.2) && py - 3.2 < 2 * (28.8 - px);
                assertThat(img.red(x, row) == 255).as("pixel %d,%d", x, row).isEqualTo(inside);
            }
        }
        assertThat(img.channel(16, 16, 3)).isEqualTo(255);
        assertThat(img.channel(0, 0, 3)).isZero();
    }

    @Test
    void theOriginalTestTriangleMatchesItsGoldenCoverage() throws IOException {
        Optional<Path> conf = Shared.conformance();
        org.junit.jupiter.api.Assumptions.assumeTrue(conf.isPresent(), "../shared is absent");
        List<String> lines = Files.readAllLines(conf.get().resolve("golden/soft_triangle_32x32.txt"));
        StringBuilder golden = new StringBuilder();
        for (String l : lines.subList(1, 33)) {
            golden.append(l).append('\n');
        }
        assertThat(originalTriangle(2).coverage()).isEqualTo(golden.toString());
    }

    @Test
    void oneTwoAndThreeThreadsDrawTheSameImage() {
        Image one = originalTriangle(1);
        assertThat(originalTriangle(2).rgba()).isEqualTo(one.rgba());
        assertThat(originalTriangle(3).rgba()).isEqualTo(one.rgba());
    }

    @Test
    void pixelCentresOnEdgesFollowTheTopLeftRuleInWindowRows() {
        // What llvmpipe behind virglrenderer draws for these rectangles (measured through vtest):
        // the edges at window x = 8.5 and y = 8.5 pass through pixel centres. A centre on an edge
        // belongs to the rectangle whose interior lies at larger x (left edge) or larger window
        // y (row index; a "top" edge in the resource's row order).
        Image low = rectangle(0f, 0f, 8.5f, 8.5f);
        Image high = rectangle(8.5f, 8.5f, 16f, 16f);
        for (int row = 0; row < 16; row++) {
            int wy = 15 - row;
            for (int x = 0; x < 16; x++) {
                assertThat(low.red(x, row) == 255).as("low %d,%d", x, wy).isEqualTo(x <= 7 && wy <= 7);
                assertThat(high.red(x, row) == 255).as("high %d,%d", x, wy).isEqualTo(x >= 8 && wy >= 8);
            }
        }
    }

    @Test
    void aDiagonalThroughPixelCentresIsDrawnOnce() {
        // The square split along its diagonal x + y = 8 (window pixels), through centres.
        AtomicIntegerArray hits = new AtomicIntegerArray(16 * 16);
        try (SoftwareRenderer r = renderer(16, 16, 2)) {
            float a = ndc(0, 16);
            float b = ndc(8, 16);
            r.draw(counting(hits, 16), Vertices.triangle(a, a, b, a, a, b), false, false);
            r.draw(counting(hits, 16), Vertices.triangle(b, a, b, b, a, b), false, false);
        }
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                assertThat(hits.get(y * 16 + x)).as("pixel %d,%d", x, y).isEqualTo(x < 8 && y < 8 ? 1 : 0);
            }
        }
    }

    @Test
    void aJitteredMeshCoveringTheScreenDrawsEveryPixelExactlyOnce() {
        // A 7x7 vertex grid whose border lies beyond the screen and whose inner vertices sit on
        // pixel centres, half-pixels and odd subpixels: many shared edges through centres.
        int size = 48;
        int n = 7;
        Random rnd = new Random(6);
        float[][] gx = new float[n][n];
        float[][] gy = new float[n][n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                float x = (i - 0.5f) * size / (n - 2f) ;
                float y = (j - 0.5f) * size / (n - 2f);
                if (i > 0 && i < n - 1 && j > 0 && j < n - 1) {
                    x = Math.round(x) + (rnd.nextInt(3) * 0.5f) + (rnd.nextBoolean() ? 0 : 1 / 64f);
                    y = Math.round(y) + (rnd.nextInt(3) * 0.5f);
                }
                gx[j][i] = ndc(x, size);
                gy[j][i] = ndc(y, size);
            }
        }
        List<Float> data = new ArrayList<>();
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int[][] tris = (i + j) % 2 == 0
                        ? new int[][] {{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j}, {i + 1, j + 1}, {i, j + 1}}
                        : new int[][] {{i, j}, {i + 1, j}, {i, j + 1}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}};
                for (int[] v : tris) {
                    data.add(gx[v[1]][v[0]]);
                    data.add(gy[v[1]][v[0]]);
                    data.add(0f);
                    data.add(1f);
                }
            }
        }
        float[] f = new float[data.size()];
        for (int k = 0; k < f.length; k++) {
            f[k] = data.get(k);
        }
        AtomicIntegerArray hits = new AtomicIntegerArray(size * size);
        try (SoftwareRenderer r = renderer(size, size, 2)) {
            r.draw(counting(hits, size), Vertices.positions(f), false, false);
        }
        for (int k = 0; k < size * size; k++) {
            assertThat(hits.get(k)).as("pixel %d,%d", k % size, k / size).isEqualTo(1);
        }
    }

    @Test
    void aTriangleOutsideTheTargetDrawsNothingAndOneAcrossItsEdgeIsScissored() {
        AtomicIntegerArray hits = new AtomicIntegerArray(8 * 8);
        try (SoftwareRenderer r = renderer(8, 8, 2)) {
            r.draw(counting(hits, 8), Vertices.triangle(2f, 2f, 3f, 2f, 2f, 3f), false, false);
            assertThat(r.fragmentsShaded()).isZero();
            r.draw(counting(hits, 8), Vertices.triangle(-3f, -3f, 3f, -3f, -3f, 3f), false, false);
            // window x + y < 8 through centres: x + y <= 6 (the diagonal is a right edge)
            assertThat(r.fragmentsShaded()).isEqualTo(28);
        }
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                assertThat(hits.get(y * 8 + x)).as("pixel %d,%d", x, y).isEqualTo(x + y <= 6 ? 1 : 0);
            }
        }
    }

    private static Image rectangle(float x0, float y0, float x1, float y1) {
        try (SoftwareRenderer r = renderer(16, 16, 2)) {
            float a = ndc(x0, 16);
            float b = ndc(y0, 16);
            float c = ndc(x1, 16);
            float d = ndc(y1, 16);
            r.draw(JavaShading.flat(1, 1, 1, 1),
                    Vertices.positions(a, b, 0, 1, c, b, 0, 1, c, d, 0, 1, a, b, 0, 1, c, d, 0, 1, a, d, 0, 1),
                    false, false);
            return Image.of(r);
        }
    }

    /** A shading that counts fragment invocations per window pixel (x, y from the bottom). */
    static Shading counting(AtomicIntegerArray hits, int width) {
        return new JavaShading(0, JavaShading.passThrough(0), (v, f, c) -> {
            hits.incrementAndGet((int) f[1] * width + (int) f[0]);
            c[0] = 1;
            c[3] = 1;
            return true;
        });
    }
}
