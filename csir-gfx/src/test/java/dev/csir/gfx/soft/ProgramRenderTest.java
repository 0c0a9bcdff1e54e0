package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.exec.Texture2D;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import org.junit.jupiter.api.Test;

/** Whole programs written in the shader language, compiled, linked and drawn through the interpreter. */
class ProgramRenderTest {

    private static final String COLOUR_VS = """
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 colour;
            out vec4 vColour;
            void main() {
                vColour = colour;
                gl_Position = position;
            }
            """;

    private static final String COLOUR_FS = """
            in vec4 vColour;
            out vec4 fragColor;
            void main() {
                fragColor = vColour;
            }
            """;

    private static SoftwareRenderer renderer(int w, int h) {
        SoftwareRenderer r = new SoftwareRenderer(2);
        r.target(w, h);
        r.clear(0, 0, 0, 1, 1);
        return r;
    }

    @Test
    void aVertexColouredTriangleBlendsItsCorners() {
        LinkedProgram p = Programs.link(COLOUR_VS, COLOUR_FS);
        try (SoftwareRenderer r = renderer(64, 64)) {
            r.draw(InterpretedShading.of(p, p.newUniforms()), Vertices.withVec4(
                    -1, -1, 0, 1, 1, 0, 0, 1,
                    1, -1, 0, 1, 0, 1, 0, 1,
                    -1, 1, 0, 1, 0, 0, 1, 1), false, false);
            Image img = Image.of(r);
            // pixel (0, 63) is the bottom-left corner: almost pure red
            assertThat(img.channel(0, 63, 0)).isGreaterThan(240);
            // window pixel (x, y) has weights (1 - u - v, u, v) for u = (x+.5)/64, v = (y+.5)/64
            int x = 10;
            int y = 20;
            float u = (x + 0.5f) / 64;
            float v = (y + 0.5f) / 64;
            int row = 63 - y;
            assertThat(img.channel(x, row, 0)).isEqualTo(Math.round((1 - u - v) * 255));
            assertThat(img.channel(x, row, 1)).isEqualTo(Math.round(u * 255));
            assertThat(img.channel(x, row, 2)).isEqualTo(Math.round(v * 255));
            assertThat(img.channel(x, row, 3)).isEqualTo(255);
        }
    }

    @Test
    void aTexturedQuadInPerspectiveSamplesPerspectiveCorrectTexels() {
        LinkedProgram p = Programs.link("""
                layout(location = 0) in vec4 position;
                layout(location = 2) in vec2 uv;
                uniform mat4 projection;
                out vec2 vUv;
                void main() {
                    vUv = uv;
                    gl_Position = projection * position;
                }
                """, """
                in vec2 vUv;
                uniform sampler2D tex;
                out vec4 fragColor;
                void main() {
                    fragColor = texture(tex, vUv);
                }
                """);
        // A floor quad receding from the camera: x in [-1, 1], y = -0.5, z from -1 to -6.
        float[] q = {-1, -0.5f, -1, 0, 0, 1, -0.5f, -1, 1, 0, 1, -0.5f, -6, 1, 1, -1, -0.5f, -6, 0, 1};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] data = new float[6 * 6];
        for (int i = 0; i < 6; i++) {
            int s = order[i] * 5;
            float[] v = {q[s], q[s + 1], q[s + 2], 1, q[s + 3], q[s + 4]};
            System.arraycopy(v, 0, data, i * 6, 6);
        }
        VertexInput mesh = new VertexInput(data, 6, new int[] {0, 2}, new int[] {4, 2}, new int[] {0, 4});
        int n = 8;
        int[] checker = new int[n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                checker[j * n + i] = ((i + j) & 1) == 0 ? 0xFFFFFFFF : 0xFFFF0000;
            }
        }
        UniformValues u = p.newUniforms();
        float[] proj = Programs.perspective(60, 1, 0.1f, 100);
        assertThat(u.set("projection", proj)).isEmpty();
        int size = 96;
        Image img;
        try (SoftwareRenderer r = renderer(size, size)) {
            r.draw(InterpretedShading.of(p, u, new Texture2D(n, n, checker)), mesh, true, true);
            img = Image.of(r);
        }
        int covered = 0;
        int wrong = 0;
        int affineWouldDiffer = 0;
        for (int row = 0; row < size; row++) {
            for (int x = 0; x < size; x++) {
                boolean drawn = img.channel(x, row, 1) == 255 || img.channel(x, row, 0) == 255;
                if (!drawn) {
                    continue;
                }
                covered++;
                // Ray through the pixel centre hits y = -0.5 at depth t: uv by exact geometry.
                double ndcX = (x + 0.5) / size * 2 - 1;
                double ndcY = 1 - (row + 0.5) / size * 2;
                double f = proj[5];
                double zEye = 0.5 * f / ndcY;
                double xEye = ndcX * -zEye / f;
                double su = (xEye + 1) / 2;
                double sv = (-1 - zEye) / 5;
                boolean white = isWhite(su, sv, n);
                if (white != (img.channel(x, row, 1) == 255)) {
                    wrong++;
                }
                // screen-affine uv: linear in ndcY between the near and far edges
                double nearY = -0.5 * f / 1;
                double farY = -0.5 * f / 6;
                double affineV = (ndcY * 1 - nearY) / (farY - nearY);
                if (isWhite(su, affineV, n) != white) {
                    affineWouldDiffer++;
                }
            }
        }
        assertThat(covered).isGreaterThan(size * size / 5);
        // texel boundaries where float rounding may pick the neighbour
        assertThat(wrong).isLessThan(covered / 100);
        assertThat(affineWouldDiffer).isGreaterThan(covered / 10);
    }

    /** The interpreter's nearest rule: texel (int)(u * (n - 1) + 0.5) with u clamped. */
    private static boolean isWhite(double u, double v, int n) {
        int i = (int) (Math.clamp(u, 0, 1) * (n - 1) + 0.5);
        int j = (int) (Math.clamp(v, 0, 1) * (n - 1) + 0.5);
        return ((i + j) & 1) == 0;
    }

    @Test
    void gl_FragCoordReachesTheShader() {
        LinkedProgram p = Programs.link("""
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, """
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(gl_FragCoord.x / 64.0, gl_FragCoord.y / 32.0, gl_FragCoord.z, gl_FragCoord.w);
                }
                """);
        try (SoftwareRenderer r = renderer(64, 32)) {
            float z = 0.2f;
            float w = 4f;
            r.draw(InterpretedShading.of(p, null), Vertices.positions(-w, -w, z * w, w, w, -w, z * w, w, w, w, z * w,
                    w, -w, -w, z * w, w, w, w, z * w, w, -w, w, z * w, w), false, false);
            Image img = Image.of(r);
            for (int row = 0; row < 32; row += 5) {
                for (int x = 0; x < 64; x += 3) {
                    int y = 31 - row;
                    assertThat(img.channel(x, row, 0)).isEqualTo(Surface.unorm8((x + 0.5f) / 64f));
                    assertThat(img.channel(x, row, 1)).isEqualTo(Surface.unorm8((y + 0.5f) / 32f));
                    assertThat(img.channel(x, row, 2)).isEqualTo(Surface.unorm8(0.6f));
                    assertThat(img.channel(x, row, 3)).isEqualTo(Surface.unorm8(0.25f));
                }
            }
        }
    }

    @Test
    void aDiscardingShaderLeavesTheClearColour() {
        LinkedProgram p = Programs.link(COLOUR_VS, """
                in vec4 vColour;
                out vec4 fragColor;
                void main() {
                    if (gl_FragCoord.x < 8.0) {
                        discard;
                    }
                    fragColor = vColour;
                }
                """);
        try (SoftwareRenderer r = renderer(16, 16)) {
            float[] quad = new float[6 * 8];
            float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
            for (int i = 0; i < 6; i++) {
                float[] v = {corners[i][0], corners[i][1], 0, 1, 0, 1, 0, 1};
                System.arraycopy(v, 0, quad, i * 8, 8);
            }
            r.draw(InterpretedShading.of(p, null), Vertices.withVec4(quad), true, false);
            Image img = Image.of(r);
            for (int x = 0; x < 16; x++) {
                assertThat(img.channel(x, 5, 1)).as("x %d", x).isEqualTo(x < 8 ? 0 : 255);
            }
        }
    }

    @Test
    void aLitCubeDrawsTheSameInAnyTriangleOrder() {
        LinkedProgram p = Programs.link("""
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 normal;
                uniform mat4 model;
                uniform mat4 view;
                uniform mat4 projection;
                out vec3 n;
                void main() {
                    n = (model * vec4(normal.xyz, 0.0)).xyz;
                    gl_Position = projection * view * model * position;
                }
                """, """
                in vec3 n;
                out vec4 fragColor;
                void main() {
                    float d = max(dot(normalize(n), normalize(vec3(0.3, 0.5, 1.0))), 0.0);
                    fragColor = vec4(0.1 + 0.9 * d, 0.2 + 0.8 * d, 0.9, 1.0);
                }
                """);
        UniformValues u = p.newUniforms();
        u.set("model", Programs.mul(Programs.rotateX(20), Programs.rotateY(30)));
        u.set("view", Programs.translate(0, 0, -3));
        u.set("projection", Programs.perspective(60, 1, 0.1f, 100));
        float[] cube = ShadingTest.cubeTriangles(0.5f);
        float[] forward = cubeWithNormals(cube);
        float[] backward = new float[forward.length];
        int tris = forward.length / 24;
        for (int t = 0; t < tris; t++) {
            System.arraycopy(forward, t * 24, backward, (tris - 1 - t) * 24, 24);
        }
        byte[] a;
        byte[] b;
        byte[] culled;
        try (SoftwareRenderer r = renderer(64, 64)) {
            r.draw(InterpretedShading.of(p, u), Vertices.withVec4(forward), true, false);
            a = r.readTopDown();
            r.clear(0, 0, 0, 1, 1);
            r.draw(InterpretedShading.of(p, u), Vertices.withVec4(backward), true, false);
            b = r.readTopDown();
            r.clear(0, 0, 0, 1, 1);
            r.draw(InterpretedShading.of(p, u), Vertices.withVec4(forward), false, true);
            culled = r.readTopDown();
        }
        assertThat(b).isEqualTo(a);
        // a closed convex mesh: back-face culling alone gives the same picture as depth testing
        assertThat(culled).isEqualTo(a);
        Image img = new Image(64, 64, a);
        assertThat(img.channel(32, 32, 2)).isEqualTo(Surface.unorm8(0.9f));
        assertThat(img.channel(0, 0, 2)).isZero();
    }

    /** Cube positions (xyz triples) to position + face normal vertices. */
    private static float[] cubeWithNormals(float[] cube) {
        int n = cube.length / 3;
        float[] out = new float[n * 8];
        for (int t = 0; t < n / 3; t++) {
            float[] p0 = {cube[t * 9], cube[t * 9 + 1], cube[t * 9 + 2]};
            float[] p1 = {cube[t * 9 + 3], cube[t * 9 + 4], cube[t * 9 + 5]};
            float[] p2 = {cube[t * 9 + 6], cube[t * 9 + 7], cube[t * 9 + 8]};
            float[] e1 = {p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]};
            float[] e2 = {p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]};
            float[] nn = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
            for (int k = 0; k < 3; k++) {
                int o = (t * 3 + k) * 8;
                System.arraycopy(cube, (t * 3 + k) * 3, out, o, 3);
                out[o + 3] = 1;
                out[o + 4] = nn[0];
                out[o + 5] = nn[1];
                out[o + 6] = nn[2];
            }
        }
        return out;
    }
}
