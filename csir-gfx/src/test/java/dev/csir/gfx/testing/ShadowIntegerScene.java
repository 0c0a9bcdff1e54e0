package dev.csir.gfx.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Texture;
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import java.util.List;

/**
 * A screen-filling quad over the shadow and integer samplers: a sampler2DShadow, a
 * sampler2DArrayShadow and a samplerCubeShadow compared against references that sweep across the
 * screen, a usampler2D's texels and an isampler2D's texelFetch with values past 127. Beside the
 * program and its textures, the colour each pixel must have, computed here in Java from GL's rules
 * (GL_LEQUAL against the nearest texel's depth, its red byte over 255; integer texels unnormalized),
 * and the pixels where a device may rightly differ: a reference within a hair of its depth or a
 * cube direction on a face's edge.
 */
public final class ShadowIntegerScene {
    public static final String NAME = "shadow and integer samplers";
    private static final int N = 4;
    private static final float HAIR = 1e-3f;

    private static final String FRAGMENT = """
            #version 330
            uniform sampler2DShadow depth;
            uniform sampler2DArrayShadow cascades;
            uniform samplerCubeShadow sky;
            uniform usampler2D counts;
            uniform isampler2D ids;
            in vec2 vUV;
            out vec4 c;
            void main() {
                float ref = (vUV.x + vUV.y) * 0.45 + 0.05;
                float lit = texture(depth, vec3(vUV, ref));
                float far = texture(cascades, vec4(vUV, 1.0, 1.0 - ref));
                float around = texture(sky, vec4(vUV * 2.0 - 1.0, 0.7, ref));
                uvec4 n = texture(counts, vUV);
                ivec4 i = texelFetch(ids, ivec2(min(vUV * 4.0, vec2(3.0))), 0);
                c = vec4(lit * 0.5 + far * 0.25 + around * 0.25, float(n.y) / 255.0, float(i.z - 40) / 215.0,
                         float(n.x + uint(i.x)) / 510.0);
            }
            """;

    private ShadowIntegerScene() {
    }

    public static LinkedProgram program() {
        return TestPrograms.link("tex.vert", TestPrograms.TEXTURED_QUAD_VERTEX, "shadow.frag", FRAGMENT);
    }

    /** Texel (x, y) of layer l: a depth (red) unlike its neighbours', and integer channels. */
    private static int[] texel(int l, int x, int y) {
        int depth = ((x * 5 + y * 3 + l * 7) % 16) * 16 + 8;
        return new int[] {depth, (x * 70 + y * 9 + l) & 0xff, 40 + (x * 13 + y * 50) % 211, 255};
    }

    private static Texture texture(Type kind, int layers) {
        byte[] px = new byte[N * N * layers * 4];
        for (int l = 0; l < layers; l++) {
            for (int y = 0; y < N; y++) {
                for (int x = 0; x < N; x++) {
                    int[] t = texel(l, x, y);
                    for (int c = 0; c < 4; c++) {
                        px[((l * N + y) * N + x) * 4 + c] = (byte) t[c];
                    }
                }
            }
        }
        return new Texture(N, N, layers, kind, px);
    }

    /** The textures of the program's five slots, in declaration order. */
    public static List<Texture> textures() {
        return List.of(texture(Type.SAMPLER2DSHADOW, 1), texture(Type.SAMPLER2DARRAYSHADOW, 2),
                texture(Type.SAMPLERCUBESHADOW, 6), texture(Type.USAMPLER2D, 1), texture(Type.ISAMPLER2D, 1));
    }

    public static ContractWorkloads.Workload workload() {
        LinkedProgram p = program();
        List<Texture> t = textures();
        return new ContractWorkloads.Workload(NAME, d -> draw(d, p, t), f -> check(f));
    }


    private static void draw(Device d, LinkedProgram p, List<Texture> t) throws GfxException {
        d.draw(p, p.newUniforms(), ContractWorkloads.flatQuad(), DrawState.FLAT, t);
    }

    private static int nearest(float u) {
        return Math.min(Math.max((int) Math.floor(u * N), 0), N - 1);
    }

    private static float depth(int l, float u, float v) {
        return texel(l, nearest(u), nearest(v))[0] / 255f;
    }

    /** GL_LEQUAL: 1 where the reference is at most the depth. */
    private static float compare(float ref, float depth) {
        return ref <= depth ? 1f : 0f;
    }

    /** The cube face (+X, -X, +Y, -Y, +Z, -Z) and its s, t of a direction (GL 4.6 table 8.19). */
    private static float[] cube(float x, float y, float z) {
        float ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
        if (ax >= ay && ax >= az) {
            return new float[] {x >= 0 ? 0 : 1, 0.5f * ((x >= 0 ? -z : z) / ax + 1), 0.5f * (-y / ax + 1)};
        }
        if (ay >= az) {
            return new float[] {y >= 0 ? 2 : 3, 0.5f * (x / ay + 1), 0.5f * ((y >= 0 ? z : -z) / ay + 1)};
        }
        return new float[] {z >= 0 ? 4 : 5, 0.5f * ((z >= 0 ? x : -x) / az + 1), 0.5f * (-y / az + 1)};
    }

    private static float u(int x) {
        return (x + 0.5f) / ContractWorkloads.W;
    }

    private static float v(int row) {
        return 1f - (row + 0.5f) / ContractWorkloads.H; // row 0 is the top, uv's v = 1
    }

    /** The colour of pixel (x, row) as 0xRRGGBBAA. */
    public static int expected(int x, int row) {
        float u = u(x), v = v(row);
        float ref = (u + v) * 0.45f + 0.05f;
        float[] face = cube(u * 2 - 1, v * 2 - 1, 0.7f);
        float lit = compare(ref, depth(0, u, v));
        float shade = lit * 0.5f + compare(1 - ref, depth(1, u, v)) * 0.25f
                + compare(ref, depth((int) face[0], face[1], face[2])) * 0.25f;
        int[] count = texel(0, nearest(u), nearest(v));
        int[] id = texel(0, nearest(u), nearest(v));
        float[] c = {shade, count[1] / 255f, (id[2] - 40) / 215f, (count[0] + id[0]) / 510f};
        int p = 0;
        for (float f : c) {
            p = p << 8 | Math.round(Math.min(Math.max(f, 0f), 1f) * 255f);
        }
        return p;
    }

    /** Whether a device may rightly give pixel (x, row) another comparison: a reference at its depth, a direction at a face's edge. */
    public static boolean ambiguous(int x, int row) {
        float u = u(x), v = v(row);
        float ref = (u + v) * 0.45f + 0.05f;
        float cx = Math.abs(u * 2 - 1), cy = Math.abs(v * 2 - 1);
        float[] face = cube(u * 2 - 1, v * 2 - 1, 0.7f);
        return Math.abs(ref - depth(0, u, v)) < HAIR || Math.abs(1 - ref - depth(1, u, v)) < HAIR
                || Math.abs(ref - depth((int) face[0], face[1], face[2])) < HAIR
                || Math.abs(cx - 0.7f) < HAIR || Math.abs(cy - 0.7f) < HAIR || Math.abs(cx - cy) < HAIR;
    }

    /** Pixels within one 255th of {@link #expected}, but for the {@link #ambiguous} ones; returns how many were checked. */
    public static int check(Frame f) {
        int checked = 0;
        for (int row = 0; row < f.height(); row++) {
            for (int x = 0; x < f.width(); x++) {
                if (ambiguous(x, row)) {
                    continue;
                }
                int got = f.pixel(x, row), want = expected(x, row);
                for (int s = 0; s < 32; s += 8) {
                    assertThat(Math.abs((got >>> s & 0xff) - (want >>> s & 0xff))).as("pixel (%d, %d): %08x, expected %08x",
                            x, row, got, want).isLessThanOrEqualTo(1);
                }
                checked++;
            }
        }
        return checked;
    }
}
