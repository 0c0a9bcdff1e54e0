package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The software rasterizer shading 2x2 quads for fragment stages with derivatives: fwidth-based
 * antialiased rings against a reference worked out here from the quads' corners, the slopes of
 * gl_FragCoord at every covered pixel of a thin triangle (whose quads are mostly helpers), helpers
 * never written, and the batch path's image the interpreter's bit for bit.
 */
class DerivativeRasterTest {
    private static final int SIZE = 96;
    private static final String VS = """
            layout(location = 0) in vec4 position;
            void main() {
                gl_Position = position;
            }
            """;
    /** Rings around (40, 52), 9 pixels apart, their edges smoothed over one fwidth of the ring coordinate. */
    private static final String RINGS = """
            #version 330
            out vec4 fragColor;
            void main() {
                float r = length(gl_FragCoord.xy - vec2(40.0, 52.0)) / 9.0;
                float w = fwidth(r);
                float s = abs(fract(r) - 0.5);
                float ring = smoothstep(0.25 - w, 0.25 + w, s);
                fragColor = vec4(ring, w * 4.0, 0.0, 1.0);
            }
            """;
    private static final String SLOPES = """
            #version 450
            out vec4 fragColor;
            void main() {
                vec2 p = gl_FragCoord.xy;
                fragColor = vec4(dFdx(p.x) * 0.5, dFdyFine(p.y) * 0.25, dFdxFine(p.x * p.y) / 256.0, 1.0);
            }
            """;

    private static SoftwareRenderer renderer() {
        SoftwareRenderer r = new SoftwareRenderer(2);
        r.target(SIZE, SIZE);
        r.clear(0, 0, 1, 1, 1);
        return r;
    }

    private static Image draw(Shading shading, VertexInput triangles) {
        try (SoftwareRenderer r = renderer()) {
            r.draw(shading, triangles, false, false);
            return Image.of(r);
        }
    }

    private static VertexInput screen() {
        return Vertices.positions(-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1);
    }

    /** The ring coordinate at a pixel centre, in double. */
    private static double ringCoordinate(double x, double y) {
        return Math.hypot(x - 40, y - 52) / 9;
    }

    private static double smoothstep(double e0, double e1, double x) {
        double t = Math.clamp((x - e0) / (e1 - e0), 0, 1);
        return t * t * (3 - 2 * t);
    }

    @Test
    void fwidthRingsMatchTheirReference() {
        LinkedProgram p = Programs.link(VS, RINGS);
        Image img = draw(CompiledShading.of(p, p.newUniforms()), screen());
        int agree = 0;
        int soft = 0;
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                // the coarse derivatives of the pixel's quad: its top row's and left column's differences
                double x0 = (x & -2) + 0.5, y0 = (y & -2) + 0.5;
                double r00 = ringCoordinate(x0, y0);
                double w = Math.abs(ringCoordinate(x0 + 1, y0) - r00) + Math.abs(ringCoordinate(x0, y0 + 1) - r00);
                double r = ringCoordinate(x + 0.5, y + 0.5);
                double ring = smoothstep(0.25 - w, 0.25 + w, Math.abs(r - Math.floor(r) - 0.5));
                int row = SIZE - 1 - y;
                int red = img.channel(x, row, 0);
                int green = img.channel(x, row, 1);
                if (Math.abs(red - ring * 255) <= 1.5 && Math.abs(green - Math.min(1, w * 4) * 255) <= 1.5) {
                    agree++;
                }
                soft += red > 10 && red < 245 ? 1 : 0;
            }
        }
        assertThat(agree).isEqualTo(SIZE * SIZE);
        // the edges are smoothed: a real share of pixels lies between the two colours
        assertThat(soft).isGreaterThan(SIZE * SIZE / 20);
    }

    @Test
    void everyCoveredPixelOfAThinTriangleHasItsQuadsSlopes() {
        LinkedProgram p = Programs.link(VS, SLOPES);
        // a sliver: most of its quads have one or two covered pixels, the rest helpers
        VertexInput sliver = Vertices.triangle(Vertices.ndc(3, SIZE), Vertices.ndc(2, SIZE),
                Vertices.ndc(90, SIZE), Vertices.ndc(60.7f, SIZE), Vertices.ndc(9.1f, SIZE), Vertices.ndc(2.4f, SIZE));
        Image img = draw(CompiledShading.of(p, p.newUniforms()), sliver);
        LinkedProgram flat = Programs.link(VS, "out vec4 fragColor;\nvoid main() { fragColor = vec4(1.0); }\n");
        Image coverage = draw(InterpretedShading.of(flat, flat.newUniforms()), sliver);
        int covered = 0;
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                int row = SIZE - 1 - y;
                boolean in = coverage.channel(x, row, 0) == 255;
                if (!in) {
                    // helpers are never written: the clear colour stays
                    assertThat(img.channel(x, row, 2)).as("pixel (%d, %d)", x, y).isEqualTo(255);
                    continue;
                }
                covered++;
                assertThat(img.channel(x, row, 0)).as("pixel (%d, %d)", x, y).isEqualTo(128);
                assertThat(img.channel(x, row, 1)).isEqualTo(64);
                // d(xy)/dx along the pixel's own row is its y
                assertThat(img.channel(x, row, 2)).isEqualTo((int) Math.round((y + 0.5) / 256 * 255));
            }
        }
        assertThat(covered).isGreaterThan(100);
    }

    @Test
    void batchesDrawTheInterpretersQuadsBitForBit() {
        for (String fs : new String[] {RINGS, SLOPES}) {
            LinkedProgram p = Programs.link(VS, fs);
            UniformValues u = p.newUniforms();
            VertexInput tris = Vertices.triangle(-0.9f, -0.8f, 0.95f, -0.3f, -0.2f, 0.9f);
            Image compiled = draw(CompiledShading.of(p, u), tris);
            Image interpreted = draw(InterpretedShading.of(p, u), tris);
            assertThat(Arrays.equals(compiled.rgba(), interpreted.rgba())).isTrue();
            assertThat(InterpretedShading.of(p, u).newContext().quads()).isTrue();
        }
        LinkedProgram plain = Programs.link(VS, "out vec4 fragColor;\nvoid main() { fragColor = vec4(0.5); }\n");
        assertThat(CompiledShading.of(plain, plain.newUniforms()).newContext().quads()).isFalse();
    }
}
