package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.gfx.scene.Mat4;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.TestMeshes;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.virgl.VirglDevice;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The software device and the VirGL device (virglrenderer on llvmpipe) draw the same frames: at
 * least 99.5% of pixels within 2/255 per channel for each workload, and the same coverage.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BackendAgreementTest {
    private static final int W = 96;
    private static final int H = 96;

    private static DevicePair devices;
    private static VirglDevice virgl;
    private static SoftwareDevice soft;

    @BeforeAll
    static void start() throws GfxException {
        devices = DevicePair.open("BackendAgreementTest");
        virgl = devices.virgl();
        soft = devices.soft();
    }

    @AfterAll
    static void stop() throws GfxException {
        if (devices != null) {
            devices.close();
        }
    }

    /** One frame's draws, issued identically to either device. */
    @FunctionalInterface
    private interface Scene {
        void draw(Device d) throws GfxException;
    }

    private static Frame render(Device d, Scene s) throws GfxException {
        d.target(W, H);
        d.clear(0, 0, 0, 1, 1);
        s.draw(d);
        return d.readback();
    }

    /** Renders on both devices and checks the agreement; returns the software frame. */
    private static Frame agree(String what, Scene s) throws GfxException {
        Frame a = render(virgl, s);
        Frame b = render(soft, s);
        int close = 0;
        int exact = 0;
        int coverageDiffers = 0;
        int worst = 0;
        int drawn = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int[] p = a.channels(x, y);
                int[] q = b.channels(x, y);
                int d = 0;
                for (int c = 0; c < 4; c++) {
                    d = Math.max(d, Math.abs(p[c] - q[c]));
                }
                worst = Math.max(worst, d);
                close += d <= 2 ? 1 : 0;
                exact += d == 0 ? 1 : 0;
                boolean pa = a.pixel(x, y) != 0x000000FF;
                boolean pb = b.pixel(x, y) != 0x000000FF;
                coverageDiffers += pa != pb ? 1 : 0;
                drawn += pb ? 1 : 0;
            }
        }
        String report = String.format("%s: %d drawn; %d of %d pixels within 2/255, %d exact, worst %d, "
                + "coverage differs at %d", what, drawn, close, W * H, exact, worst, coverageDiffers);
        System.out.println(report);
        assertThat(drawn).as(report).isGreaterThan(W * H / 8);
        assertThat(close).as(report).isGreaterThanOrEqualTo((int) Math.ceil(W * H * 0.995));
        assertThat(coverageDiffers).as(report).isZero();
        return b;
    }

    private static final VertexLayout POS4_COL4 = VertexLayout.of(8, new VertexAttribute(0, 4, 0),
            new VertexAttribute(1, 4, 4));

    private static Mesh triangle(float dx, float z, float[][] colours) {
        float[][] p = {{-0.8f, -0.8f}, {0.8f, -0.8f}, {0f, 0.8f}};
        float[] v = new float[24];
        for (int i = 0; i < 3; i++) {
            float[] c = colours[i];
            System.arraycopy(new float[] {p[i][0] + dx, p[i][1], z, 1, c[0], c[1], c[2], 1}, 0, v, i * 8, 8);
        }
        return new Mesh(v, POS4_COL4);
    }

    @Test
    void colouredTriangle() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        Frame f = agree("triangle", d -> d.draw(p, p.newUniforms(),
                triangle(0, 0, new float[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}), DrawState.FLAT));
        assertThat(f.channels(W / 2, H / 2)[3]).isEqualTo(255);
    }

    @Test
    void texturedQuad() throws GfxException {
        LinkedProgram p = TestPrograms.texturedQuad();
        byte[] px = new byte[8 * 8 * 4];
        for (int j = 0; j < 8; j++) {
            for (int i = 0; i < 8; i++) {
                int o = (j * 8 + i) * 4;
                boolean white = ((i + j) & 1) == 0;
                px[o] = (byte) 255;
                px[o + 1] = (byte) (white ? 255 : 0);
                px[o + 2] = (byte) (white ? 255 : 0);
                px[o + 3] = (byte) 255;
            }
        }
        Texture checker = new Texture(8, 8, px);
        VertexLayout layout = VertexLayout.of(6, new VertexAttribute(0, 4, 0), new VertexAttribute(1, 2, 4));
        // a quad leaning away: the right edge is twice as far (w = 2), uv from -0.1 to 1.1 (clamped)
        float[][] c = {{-1, -1, -0.1f, -0.1f, 1}, {1, -1, 1.1f, -0.1f, 2}, {1, 1, 1.1f, 1.1f, 2},
            {-1, 1, -0.1f, 1.1f, 1}};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] v = new float[36];
        for (int i = 0; i < 6; i++) {
            float[] k = c[order[i]];
            float w = k[4];
            System.arraycopy(new float[] {k[0] * 0.9f * w, k[1] * 0.9f * w, 0, w, k[2], k[3]}, 0, v, i * 6, 6);
        }
        Mesh quad = new Mesh(v, layout);
        agree("textured quad", d -> d.draw(p, p.newUniforms(), quad, DrawState.FLAT, List.of(checker)));
    }

    @Test
    void depth() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        UniformValues u = p.newUniforms();
        Mesh far = triangle(-0.3f, 0.5f, new float[][] {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}});
        Mesh near = triangle(0.3f, -0.5f, new float[][] {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}});
        // a third, tilted through both in depth
        float[] tv = triangle(0, 0, new float[][] {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}).vertices();
        tv[2] = -0.9f;
        tv[10] = 0.9f;
        tv[18] = 0f;
        Mesh tilted = new Mesh(tv, POS4_COL4);
        agree("depth", d -> {
            d.draw(p, u, near, DrawState.DEPTH);
            d.draw(p, u, far, DrawState.DEPTH);
            d.draw(p, u, tilted, DrawState.DEPTH);
        });
    }

    @Test
    void cube() throws GfxException {
        LinkedProgram p = TestPrograms.mvpCube();
        UniformValues u = p.newUniforms();
        u.set("model", Mat4.rotateX(20).times(Mat4.rotateY(30)).m());
        u.set("view", Mat4.translate(0, 0, -3).m());
        u.set("projection", Mat4.perspective(60, 1, 0.1f, 100).m());
        Mesh cube = new Mesh(TestMeshes.colouredCube(), POS4_COL4);
        agree("cube, depth", d -> d.draw(p, u, cube, DrawState.DEPTH));
        agree("cube, depth and culling", d -> d.draw(p, u, cube, DrawState.DEPTH_CULL));
        // the camera inside the cube: every face crosses the near plane or surrounds the eye
        UniformValues inside = p.newUniforms();
        inside.set("model", Mat4.rotateY(20).m());
        inside.set("view", Mat4.identity().m());
        inside.set("projection", Mat4.perspective(90, 1, 0.1f, 100).m());
        agree("cube around the camera", d -> d.draw(p, inside, cube, DrawState.DEPTH));
    }

    @Test
    void lighting() throws GfxException {
        LinkedProgram p = TestPrograms.diffuse();
        UniformValues u = p.newUniforms();
        u.set("lightColor", 0.8f, 0.6f, 0.4f);
        u.set("ambientColor", 0.1f, 0.1f, 0.1f);
        u.set("lightPosition", -0.5f, 0.25f, 0.5f);
        VertexLayout layout = VertexLayout.of(6, new VertexAttribute(0, 3, 0), new VertexAttribute(1, 3, 3));
        float[][] c = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] v = new float[36];
        for (int i = 0; i < 6; i++) {
            float[] k = c[order[i]];
            System.arraycopy(new float[] {k[0], k[1], 0, k[0] * 0.3f, k[1] * 0.3f, 1}, 0, v, i * 6, 6);
        }
        agree("lighting", d -> d.draw(p, u, new Mesh(v, layout), DrawState.FLAT));
    }

    @Test
    void fragCoordOriginIsTheBottomLeft() throws GfxException {
        LinkedProgram p = TestPrograms.link("fc.vert", """
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "fc.frag", """
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(gl_FragCoord.x / 96.0, gl_FragCoord.y / 96.0, gl_FragCoord.z, 1.0);
                }
                """);
        float[] v = {-1, -1, 0.5f, 1, 1, -1, 0.5f, 1, 1, 1, -0.5f, 1, -1, -1, 0.5f, 1, 1, 1, -0.5f, 1, -1, 1, -0.5f, 1};
        Frame f = agree("gl_FragCoord", d -> d.draw(p, p.newUniforms(),
                new Mesh(v, VertexLayout.of(4, new VertexAttribute(0, 4, 0))), DrawState.FLAT));
        assertThat(f.channels(0, H - 1)[1]).as("bottom row: y = 0.5").isEqualTo(1);
        assertThat(f.channels(0, 0)[1]).as("top row: y = 95.5").isEqualTo(254);
    }
}
