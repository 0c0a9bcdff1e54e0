package dev.csir.gfx.scene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SceneTest {
    private static final Offset<Float> EPS = Offset.offset(1e-5f);

    @Test
    void matricesFollowOpenGlConventions() {
        assertThat(Mat4.translate(1, 2, 3).apply(1, 1, 1, 1)).containsExactly(new float[] {2, 3, 4, 1}, EPS);
        assertThat(Mat4.rotateY(90).apply(1, 0, 0, 1)).containsExactly(new float[] {0, 0, -1, 1}, EPS);
        assertThat(Mat4.rotateX(90).apply(0, 1, 0, 1)).containsExactly(new float[] {0, 0, 1, 1}, EPS);
        assertThat(Mat4.rotateZ(90).apply(1, 0, 0, 1)).containsExactly(new float[] {0, 1, 0, 1}, EPS);
        // Column-major storage: translation in elements 12..14.
        assertThat(Mat4.translate(5, 6, 7).m()).startsWith(1, 0, 0, 0).endsWith(5, 6, 7, 1);
        Mat4 p = Mat4.perspective(90, 1, 1, 3);
        float[] near = p.apply(0, 0, -1, 1);
        float[] far = p.apply(0, 0, -3, 1);
        assertThat(near[2] / near[3]).isCloseTo(-1f, EPS);
        assertThat(far[2] / far[3]).isCloseTo(1f, EPS);
        assertThat(Mat4.translate(1, 0, 0).times(Mat4.scale(2, 2, 2)).apply(1, 1, 1, 1))
                .containsExactly(new float[] {3, 2, 2, 1}, EPS);
    }

    @Test
    void triangleAndQuadHaveTheDocumentedVertices() {
        Mesh t = Meshes.triangle();
        assertThat(t.vertexCount()).isEqualTo(3);
        assertThat(new float[] {t.get(0), t.get(1), t.get(3), t.get(4), t.get(5)}).containsExactly(-0.8f, -0.8f, 1, 0, 0);
        assertThat(new float[] {t.get(18), t.get(19), t.get(25), t.get(26)}).containsExactly(0, 0.8f, 0.5f, 1);
        Mesh q = Meshes.quad();
        assertThat(q.vertexCount()).isEqualTo(6);
        for (int v = 0; v < 6; v++) {
            int o = v * Meshes.STRIDE;
            assertThat(q.get(o + 7)).isEqualTo(q.get(o) * 0.5f + 0.5f);
            assertThat(q.get(o + 8)).isEqualTo(q.get(o + 1) * 0.5f + 0.5f);
        }
    }

    @Test
    void cubeTrianglesFaceOutwardCounterClockwise() {
        Mesh c = Meshes.cube();
        assertThat(c.vertexCount()).isEqualTo(36);
        for (int tri = 0; tri < 12; tri++) {
            float[][] p = new float[3][];
            for (int k = 0; k < 3; k++) {
                int o = (tri * 3 + k) * Meshes.STRIDE;
                p[k] = new float[] {c.get(o), c.get(o + 1), c.get(o + 2)};
                for (float coord : p[k]) {
                    assertThat(Math.abs(coord)).isEqualTo(0.5f);
                }
            }
            int o = tri * 3 * Meshes.STRIDE;
            float[] n = {c.get(o + 3), c.get(o + 4), c.get(o + 5)};
            float[] u = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
            float[] v = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
            float[] x = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
            assertThat(x[0] * n[0] + x[1] * n[1] + x[2] * n[2]).as("triangle %d winding", tri).isPositive();
            // The centroid lies on the face the normal names.
            float cx = (p[0][0] + p[1][0] + p[2][0]) / 3;
            float cy = (p[0][1] + p[1][1] + p[2][1]) / 3;
            float cz = (p[0][2] + p[1][2] + p[2][2]) / 3;
            assertThat(cx * n[0] + cy * n[1] + cz * n[2]).isCloseTo(0.5f, EPS);
        }
    }

    @Test
    void checkerAlternatesWhiteAndRed() {
        Texture t = Textures.checker();
        assertThat(t.width()).isEqualTo(8);
        assertThat(t.texel(0, 0)).isEqualTo(0xFFFFFFFF);
        assertThat(t.texel(1, 0)).isEqualTo(0xFF0000FF);
        assertThat(t.texel(7, 7)).isEqualTo(0xFFFFFFFF);
        assertThat(t.texel(6, 7)).isEqualTo(0xFF0000FF);
    }

    @Test
    void objReadsPositionsUvsNormalsAndTriangulatesFans() throws Exception {
        Mesh m = ObjLoader.parse("q.obj", """
                # a quad
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                vt 0 0
                vt 1 0
                vt 1 1
                vt 0 1
                vn 0 0 1
                f 1/1/1 2/2/1 3/3/1 4/4/1
                f -4 -3 -2
                """);
        assertThat(m.vertexCount()).isEqualTo(9);
        int o = 2 * Meshes.STRIDE;
        assertThat(new float[] {m.get(o), m.get(o + 1), m.get(o + 5), m.get(o + 7), m.get(o + 8)})
                .containsExactly(1, 1, 1, 1, 1);
        // The face without normals gets its flat normal.
        assertThat(m.get(6 * Meshes.STRIDE + 5)).isEqualTo(1f);
    }

    @Test
    void objErrorsNameFileAndLine() {
        assertThatThrownBy(() -> ObjLoader.parse("bad.obj", "v 0 0 0\nv 1 0 0\nf 1 2 3\n"))
                .hasMessage("bad.obj:3: position index 3 is out of range (2 defined so far)");
        assertThatThrownBy(() -> ObjLoader.parse("bad.obj", "v 0 zero 0\n"))
                .hasMessage("bad.obj:1: 'zero' is not a number");
        assertThatThrownBy(() -> ObjLoader.parse("bad.obj", "v 0 0\n"))
                .hasMessage("bad.obj:1: 'v' needs 3 to 4 numbers, found 2");
        assertThatThrownBy(() -> ObjLoader.parse("bad.obj", "v 0 0 0\nf 1 1\n"))
                .hasMessage("bad.obj:2: a face needs at least 3 vertices, found 2");
        assertThatThrownBy(() -> ObjLoader.parse("bad.obj", "v 0 0 0\nf 1//x 1 1\n"))
                .hasMessage("bad.obj:2: bad normal index 'x'");
        assertThatThrownBy(() -> ObjLoader.parse("e.obj", "# nothing\n")).hasMessage("e.obj: no faces");
    }
}
