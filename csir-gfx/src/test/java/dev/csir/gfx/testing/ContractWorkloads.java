package dev.csir.gfx.testing;

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
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.List;
import java.util.function.Consumer;

/**
 * The workloads of the device contract ({@link Device}'s conventions), for tests that draw them on
 * two devices and compare: an interpolated triangle, a perspective textured quad, depth in both
 * orders, a cube with and without culling and around the camera, diffuse lighting,
 * {@code gl_FragCoord}'s origin and depth, and discard. Each is drawn on a {@value #W}x{@value #H}
 * target cleared to opaque black; {@link Workload#check} holds for a frame drawn correctly.
 */
public final class ContractWorkloads {
    public static final int W = 96;
    public static final int H = 96;
    /** A channel difference at most this is agreement. */
    public static final int TOLERANCE = 2;
    /** The share of pixels that must agree. */
    public static final double AGREEMENT = 0.995;

    private ContractWorkloads() {
    }

    /** One frame's draws, issued identically to any device. */
    @FunctionalInterface
    public interface Scene {
        void draw(Device d) throws GfxException;
    }

    /** A named frame and what a correct frame of it shows besides agreeing. */
    public record Workload(String name, Scene scene, Consumer<Frame> check) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static Frame render(Device d, Scene s) throws GfxException {
        d.target(W, H);
        d.clear(0, 0, 0, 1, 1);
        s.draw(d);
        return d.readback();
    }

    /** How two frames of one workload compare; "drawn" is a pixel other than the opaque black clear. */
    public record Agreement(int drawn, int close, int exact, int worst, int coverageDiffers) {
        public double share() {
            return close / (double) (W * H);
        }

        public String report(String what) {
            return String.format("%s: %d drawn; %d of %d pixels within %d/255 (%.2f%%), %d exact, worst %d, "
                    + "coverage differs at %d", what, drawn, close, W * H, TOLERANCE, 100 * share(), exact, worst,
                    coverageDiffers);
        }

        /** Enough drawn, and at least {@link #AGREEMENT} of all pixels within the tolerance. */
        public void assertAgrees(String what) {
            String report = report(what);
            assertThat(drawn).as(report).isGreaterThan(W * H / 8);
            assertThat(close).as(report).isGreaterThanOrEqualTo((int) Math.ceil(W * H * AGREEMENT));
        }
    }

    /** Compares {@code a} with the reference {@code b}. */
    public static Agreement compare(Frame a, Frame b) {
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
                close += d <= TOLERANCE ? 1 : 0;
                exact += d == 0 ? 1 : 0;
                boolean pa = a.pixel(x, y) != 0x000000FF;
                boolean pb = b.pixel(x, y) != 0x000000FF;
                coverageDiffers += pa != pb ? 1 : 0;
                drawn += pb ? 1 : 0;
            }
        }
        return new Agreement(drawn, close, exact, worst, coverageDiffers);
    }

    /**
     * The workloads whose fragment shader writes colour outputs past location 0: the Vulkan device
     * draws into one attachment, and the validation layer warns of an output nothing consumes.
     */
    public static final java.util.Set<String> SEVERAL_OUTPUTS = java.util.Set.of("two colour outputs");

    public static List<Workload> all() {
        return List.of(colouredTriangle(), texturedQuad(), sizedAndBiasedQuad(), explicitLookupsQuad(), depth(), cube("cube, depth", DrawState.DEPTH),
                cube("cube, depth and culling", DrawState.DEPTH_CULL), cubeAroundTheCamera(), lighting(),
                fragCoord(), discard(), builtins(), uniformBlockCube(), pushConstants(), matrices(), vertexNumbers(),
                integerArithmetic(), skybox(), volumeAndLayers(), matrixInterface(), twoColourOutputs(), interpolation(), frontFacing(), fragDepth(),
                packingAndModf(), uniformArrayLoop(), derivatives(), aggregateValues(), samplerAtRunTimeIndex(),
                ShadowIntegerScene.workload(), offsetsAndGather(), shadowReferencesOutOfRange(), clipDistances(),
                uniformBlockArray(), earlyFragmentTests(), cubeMapArrays());
    }

    /** Channel c (0 red, 1 green, 2 blue) of texel (x, y) of the 4x4 texture of {@link #offsetsAndGather}. */
    private static int offsetTexel(int x, int y, int c) {
        return switch (c) {
            case 0 -> 20 + 60 * x + 7 * y;
            case 1 -> 15 + 11 * x + 60 * y;
            default -> 250 - 45 * x - 13 * y;
        };
    }

    private static int clampTexel(double i) {
        return (int) Math.min(Math.max(Math.floor(i), 0), 3);
    }

    /**
     * textureOffset, texelFetchOffset, textureGather and textureGatherOffset of a 4x4 texture across
     * the frame, at coordinates that stay clear of texel edges (u * 4 and u * 4 - 0.5 are never
     * within 1/48 of a whole number), so every implementation picks the same texels; the check
     * holds the software frame to a reference of GL's rules written here, within 1/255.
     */
    public static Workload offsetsAndGather() {
        LinkedProgram p = TestPrograms.link("offsets.vert", """
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "offsets.frag", """
                #version 450
                uniform sampler2D tex;
                out vec4 fragColor;
                void main() {
                    vec2 uv = gl_FragCoord.xy / 96.0;
                    vec4 g = textureGatherOffset(tex, uv, ivec2(1, -1), 1);
                    vec4 o = textureOffset(tex, uv, ivec2(-2, 1));
                    vec4 f = texelFetchOffset(tex, ivec2(clamp(uv * 4.0, 0.0, 2.0)), 0, ivec2(1, 0));
                    vec4 h = textureGather(tex, uv, 2);
                    fragColor = vec4(0.5 * g.x + 0.5 * g.z, 0.5 * o.r + 0.5 * f.g, 0.5 * h.y + 0.5 * h.w, 1.0);
                }
                """);
        byte[] px = new byte[4 * 4 * 4];
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                for (int c = 0; c < 3; c++) {
                    px[(y * 4 + x) * 4 + c] = (byte) offsetTexel(x, y, c);
                }
                px[(y * 4 + x) * 4 + 3] = (byte) 255;
            }
        }
        Texture texture = new Texture(4, 4, px);
        Mesh m = screenQuad();
        return new Workload("textureOffset, texelFetchOffset, textureGather and textureGatherOffset",
                d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT, List.of(texture)), f -> {
                    int worst = 0;
                    for (int row = 0; row < H; row++) {
                        for (int x = 0; x < W; x++) {
                            double u = (x + 0.5) / W * 4, t = (H - 1 - row + 0.5) / H * 4;
                            // the gather's footprint: i0 = floor(u - 0.5) (+ offset), (i0, j1), (i1, j1), (i1, j0), (i0, j0)
                            int gi = clampTexel(u - 0.5 + 1), gj = clampTexel(t - 0.5 - 1);
                            int gi1 = clampTexel(u - 0.5 + 2), gj1 = clampTexel(t - 0.5);
                            int hi = clampTexel(u - 0.5), hj = clampTexel(t - 0.5);
                            int hi1 = clampTexel(u + 0.5), hj1 = clampTexel(t + 0.5);
                            double red = (offsetTexel(gi, gj1, 1) + offsetTexel(gi1, gj, 1)) / 2.0;
                            int fx = (int) Math.min(Math.max(u, 0), 2) + 1, fy = (int) Math.min(Math.max(t, 0), 2);
                            double green = (offsetTexel(clampTexel(u - 2), clampTexel(t + 1), 0) + offsetTexel(fx, fy, 1)) / 2.0;
                            double blue = (offsetTexel(hi1, hj1, 2) + offsetTexel(hi, hj, 2)) / 2.0;
                            int[] got = f.channels(x, row);
                            double[] want = {red, green, blue};
                            for (int c = 0; c < 3; c++) {
                                worst = Math.max(worst, (int) Math.ceil(Math.abs(got[c] - want[c])));
                            }
                        }
                    }
                    assertThat(worst).as("largest difference from GL's rules, in 1/255").isLessThanOrEqualTo(1);
                });
    }

    /**
     * A full-target quad cut by two clip planes: gl_ClipDistance[0] = x + 0.5 keeps x >= -0.5,
     * gl_ClipDistance[1] = 0.5 - y - 0.5 x keeps the part below a slanted line; the fragment stage
     * reads both distances back, interpolated, as red and green. The check works out in Java
     * which pixels survive (those a pixel or more from either line) and what they show.
     */
    private static Workload clipDistances() {
        LinkedProgram p = TestPrograms.link("clip.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                    gl_ClipDistance[0] = position.x + 0.5;
                    gl_ClipDistance[1] = 0.5 - position.y - 0.5 * position.x;
                }
                """, "clip.frag", """
                #version 330 core
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(gl_ClipDistance[0] * 0.5, gl_ClipDistance[1] * 0.25, 0.5, 1.0);
                }
                """);
        Mesh m = screenQuad();
        return new Workload("gl_ClipDistance: a quad cut by two planes", d -> d.draw(p, p.newUniforms(), m,
                DrawState.FLAT), f -> {
            int kept = 0;
            int clipped = 0;
            for (int row = 0; row < H; row++) {
                for (int x = 0; x < W; x++) {
                    double nx = (x + 0.5) / W * 2 - 1;
                    double ny = 1 - (row + 0.5) / H * 2; // row 0 is the top
                    double d0 = nx + 0.5;
                    double d1 = 0.5 - ny - 0.5 * nx;
                    // a pixel is 2/96 of NDC; the slanted line's distance runs 1.1 times as fast
                    double margin = 2.5 / W;
                    if (d0 > margin && d1 > margin) {
                        int[] c = f.channels(x, row);
                        assertThat(c[0]).as("red at %d,%d", x, row).isCloseTo((int) Math.round(d0 * 0.5 * 255),
                                org.assertj.core.data.Offset.offset(2));
                        assertThat(c[1]).as("green at %d,%d", x, row).isCloseTo((int) Math.round(d1 * 0.25 * 255),
                                org.assertj.core.data.Offset.offset(2));
                        kept++;
                    } else if (d0 < -margin || d1 < -margin) {
                        assertThat(f.pixel(x, row)).as("clipped away at %d,%d", x, row).isEqualTo(0x000000FF);
                        clipped++;
                    }
                }
            }
            assertThat(kept).as("pixels kept").isGreaterThan(W * H / 4);
            assertThat(clipped).as("pixels clipped").isGreaterThan(W * H / 4);
        });
    }

    /**
     * Derivatives across a full-screen quad: rings antialiased over one fwidthFine (GLSL lets
     * fwidth be coarse or fine, and llvmpipe's is fine: a coarse one differs at 1% of the pixels),
     * and derivatives whose values every implementation shares: the fine slopes of x y (its own
     * row's y and column's x), the coarse ones and fwidth of linear functions.
     */
    private static Workload derivatives() {
        LinkedProgram p = TestPrograms.link("deriv.vert", """
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "deriv.frag", """
                #version 450
                out vec4 fragColor;
                void main() {
                    vec2 p = gl_FragCoord.xy;
                    float r = length(p - vec2(40.0, 52.0)) / 9.0;
                    float w = fwidthFine(r);
                    float ring = smoothstep(0.25 - w, 0.25 + w, abs(fract(r) - 0.5));
                    float q = p.x * p.y / 96.0;
                    fragColor = vec4(ring, dFdxFine(q) + dFdyCoarse(p.y) - 1.0, dFdyFine(q) * dFdxCoarse(p.x * 0.5)
                            * fwidth(p.x * 0.25 - p.y * 0.5) / 0.75, 1.0);
                }
                """);
        Mesh m = screenQuad();
        return new Workload("derivatives: fwidth rings, fine and coarse", d -> d.draw(p, p.newUniforms(), m,
                DrawState.FLAT), f -> {
            // green: y / 96 at pixel row y; blue: x / 192 at column x (bottom row is y = 0.5)
            assertThat(f.channels(10, H - 1)[1]).as("green at y = 0.5").isBetween(1, 2);
            assertThat(f.channels(10, 0)[1]).as("green at y = 95.5").isBetween(252, 254);
            assertThat(f.channels(W - 1, H / 2)[2]).as("blue at x = 95.5").isBetween(126, 128);
            int soft = 0;
            for (int x = 0; x < W; x++) {
                int red = f.channels(x, H / 2)[0];
                soft += red > 10 && red < 245 ? 1 : 0;
            }
            assertThat(soft).as("ring edges smoothed along the middle row").isGreaterThan(4);
        });
    }

    /**
     * Shadow references outside [0, 1], which GL and Vulkan clamp for a fixed-point depth texture
     * (and csir's are: the red byte over 255): against depth 1, a reference of 1.5 passes; against
     * depth 0, one of -0.5 passes too. Unclamped, the first would fail. Red and green are 1.
     */
    private static Workload shadowReferencesOutOfRange() {
        LinkedProgram p = TestPrograms.link("ref.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "ref.frag", """
                #version 330 core
                uniform sampler2DShadow far;
                uniform sampler2DShadow near;
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(texture(far, vec3(0.5, 0.5, 1.5)), texture(near, vec3(0.5, 0.5, -0.5)), 0.25, 1.0);
                }
                """);
        Texture far = Texture.layered(new Texture(1, 1, new byte[] {(byte) 255, 0, 0, (byte) 255}), dev.csir.ir.Type.SAMPLER2DSHADOW);
        Texture near = Texture.layered(new Texture(1, 1, new byte[] {0, 0, 0, (byte) 255}), dev.csir.ir.Type.SAMPLER2DSHADOW);
        Mesh m = screenQuad();
        return new Workload("shadow references beyond [0, 1]", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT,
                List.of(far, near)), f -> {
                    int[] c = f.channels(W / 2, H / 2);
                    assertThat(c[0]).as("1.5 against depth 1, clamped").isEqualTo(255);
                    assertThat(c[1]).as("-0.5 against depth 0, clamped").isEqualTo(255);
                });
    }

    /**
     * Samplers of an array chosen at run time (GLSL 4.00): from a uniform, and by a loop's counter
     * whose bound is a uniform (so nothing unrolls it). The three textures are red, green and
     * blue; tex[2] gives half its blue and every one a quarter of its colour: (0.25, 0.25, 0.75).
     */
    private static Workload samplerAtRunTimeIndex() {
        LinkedProgram p = TestPrograms.link("pick.vert", """
                #version 400 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "pick.frag", """
                #version 400 core
                uniform sampler2D tex[3];
                uniform int pick;
                uniform int count;
                out vec4 fragColor;
                void main() {
                    vec4 sum = vec4(0.0);
                    for (int i = 0; i < count; i++) {
                        sum += texture(tex[i], vec2(0.5)) * 0.25;
                    }
                    fragColor = vec4(texture(tex[pick], vec2(0.5)).rgb * 0.5 + sum.rgb, 1.0);
                }
                """);
        UniformValues u = p.newUniforms();
        u.set("pick", 2f).ifPresent(e -> {
            throw new IllegalStateException(e);
        });
        u.set("count", 3f).ifPresent(e -> {
            throw new IllegalStateException(e);
        });
        List<Texture> solid = new java.util.ArrayList<>();
        for (int k = 0; k < 3; k++) {
            byte[] px = new byte[2 * 2 * 4];
            for (int i = 0; i < 4; i++) {
                px[i * 4 + k] = (byte) 255;
                px[i * 4 + 3] = (byte) 255;
            }
            solid.add(new Texture(2, 2, px));
        }
        Mesh m = screenQuad();
        return new Workload("sampler array at a run-time index", d -> d.draw(p, u, m, DrawState.FLAT, solid), f -> {
            int[] c = f.channels(W / 2, H / 2);
            assertThat(c[0]).isBetween(64 - 2, 64 + 2);
            assertThat(c[1]).isBetween(64 - 2, 64 + 2);
            assertThat(c[2]).isBetween(191 - 2, 191 + 2);
        });
    }

    /**
     * Early fragment tests: a near quad whose shader asks for them and discards the left half,
     * then a far green quad. With the tests before shading the discarded fragments have written
     * their depth, so the far quad is hidden there too: black on the left (green without early
     * tests), red on the right.
     */
    private static Workload earlyFragmentTests() {
        String vertex = """
                #version 450
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """;
        LinkedProgram early = TestPrograms.link("early.vert", vertex, "early.frag", """
                #version 450
                layout(early_fragment_tests) in;
                out vec4 fragColor;
                void main() {
                    if (gl_FragCoord.x < 48.0) {
                        discard;
                    }
                    fragColor = vec4(1.0, 0.0, 0.0, 1.0);
                }
                """);
        LinkedProgram plain = TestPrograms.link("plain.vert", vertex, "plain.frag", """
                #version 450
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(0.0, 1.0, 0.0, 1.0);
                }
                """);
        Mesh near = quadAt(-0.5f);
        Mesh far = quadAt(0.5f);
        return new Workload("early fragment tests under a discard", d -> {
            d.draw(early, early.newUniforms(), near, DrawState.DEPTH);
            d.draw(plain, plain.newUniforms(), far, DrawState.DEPTH);
        }, f -> {
            assertThat(f.channels(W / 4, H / 2)).containsExactly(0, 0, 0, 255);
            assertThat(f.channels(3 * W / 4, H / 2)).containsExactly(255, 0, 0, 255);
        });
    }

    /** The full-target quad at clip-space depth {@code z}. */
    private static Mesh quadAt(float z) {
        float[] v = screenQuad().vertices().clone();
        for (int k = 2; k < v.length; k += 4) {
            v[k] = z;
        }
        return new Mesh(v, VertexLayout.of(4, new VertexAttribute(0, 4, 0)));
    }

    /**
     * An array of uniform blocks, read at constant indexes (a counted loop) and at a run-time one
     * (a uniform): red, green and blue blocks of gains 0.2, 0.4 and 0.6, green picked, so half of
     * green and a quarter of (0.2, 0.4, 0.6): (0.05, 0.6, 0.15).
     */
    private static Workload uniformBlockArray() {
        LinkedProgram p = TestPrograms.link("lights.vert", """
                #version 400 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "lights.frag", """
                #version 400 core
                layout(std140) uniform Light { vec4 color; float gain; } lights[3];
                uniform int pick;
                out vec4 fragColor;
                void main() {
                    vec4 sum = vec4(0.0);
                    for (int i = 0; i < 3; i++) {
                        sum += lights[i].color * lights[i].gain;
                    }
                    fragColor = vec4(lights[pick].color.rgb * 0.5 + sum.rgb * 0.25, 1.0);
                }
                """);
        UniformValues u = p.newUniforms();
        for (int k = 0; k < 3; k++) {
            float[] colour = new float[4];
            colour[k] = 1f;
            colour[3] = 1f;
            for (java.util.Optional<String> e : List.of(u.set("Light[" + k + "].color", colour),
                    u.set("Light[" + k + "].gain", 0.2f * (k + 1)))) {
                e.ifPresent(m -> {
                    throw new IllegalStateException(m);
                });
            }
        }
        u.set("pick", 1f).ifPresent(e -> {
            throw new IllegalStateException(e);
        });
        Mesh m = screenQuad();
        return new Workload("uniform block array at constant and run-time indexes",
                d -> d.draw(p, u, m, DrawState.FLAT), f -> {
                    int[] c = f.channels(W / 2, H / 2);
                    assertThat(c[0]).isBetween(13 - 2, 13 + 2);
                    assertThat(c[1]).isBetween(153 - 2, 153 + 2);
                    assertThat(c[2]).isBetween(38 - 2, 38 + 2);
                });
    }

    /**
     * Arrays and structs as values: a constant table and a constant array of structs read at an
     * index from the pixel's column band, a struct returned by a function and chosen by {@code ?:}
     * (CSIR's register blocks, SPIR-V's composites): band b shows tone b % 3 (its colour reversed
     * from band 3 on) times its gain, and the table's b-th weight as alpha.
     */
    private static Workload aggregateValues() {
        LinkedProgram p = TestPrograms.link("tones.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "tones.frag", """
                #version 330 core
                struct Tone { vec3 colour; float gain; };
                const float weight[6] = float[](0.1, 0.2, 0.3, 0.45, 0.6, 0.9);
                const Tone tones[3] = Tone[3](Tone(vec3(1.0, 0.0, 0.0), 1.0), Tone(vec3(0.0, 1.0, 0.0), 0.5),
                        Tone(vec3(0.25, 0.0, 1.0), 0.75));
                out vec4 fragColor;
                Tone pick(int band) {
                    Tone t = tones[band % 3];
                    return band > 2 ? Tone(t.colour.bgr, t.gain) : t;
                }
                void main() {
                    int band = int(gl_FragCoord.x) / 16;
                    Tone t = pick(band);
                    fragColor = vec4(t.colour * t.gain, weight[band % 6]);
                }
                """);
        Mesh m = screenQuad();
        UniformValues u = p.newUniforms();
        return new Workload("array and struct values", d -> d.draw(p, u, m, DrawState.FLAT), f -> {
            float[][] colours = {{1, 0, 0}, {0, 1, 0}, {0.25f, 0, 1}};
            float[] gains = {1, 0.5f, 0.75f};
            float[] weights = {0.1f, 0.2f, 0.3f, 0.45f, 0.6f, 0.9f};
            for (int band = 0; band < W / 16; band++) {
                int[] c = f.channels(band * 16 + 8, H / 2);
                for (int lane = 0; lane < 3; lane++) {
                    float want = (band > 2 ? colours[band % 3][2 - lane] : colours[band % 3][lane]) * gains[band % 3];
                    assertThat(c[lane]).as("band %d lane %d", band, lane).isBetween(Math.round(want * 255) - 2,
                            Math.round(want * 255) + 2);
                }
                assertThat(c[3]).as("band %d alpha", band).isBetween(Math.round(weights[band] * 255) - 2,
                        Math.round(weights[band] * 255) + 2);
            }
        });
    }

    /**
     * A uniform array read in a loop whose bound is a uniform (so nothing unrolls it: CSIR's
     * LOAD_UNI_INDEXED, TGSI's CONST[0][ADDR[0].x+base], SPIR-V's access chain) and a local array
     * written and read at an index from the pixel (STORE_INDEXED and LOAD_INDEXED): a palette
     * stripe per column band.
     */
    private static Workload uniformArrayLoop() {
        LinkedProgram p = TestPrograms.link("pal.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "pal.frag", """
                #version 330 core
                uniform vec4 pal[6];
                uniform int count;
                out vec4 fragColor;
                void main() {
                    int band = int(gl_FragCoord.x) / 16;
                    vec4 sum = vec4(0.0);
                    for (int i = 0; i < count; i++) {
                        sum += pal[i] * 0.25;
                    }
                    vec4 picked[6];
                    for (int i = 0; i < count; i++) {
                        picked[(i + band) % count] = pal[i];
                    }
                    fragColor = vec4(picked[band % count].rgb * 0.75 + sum.rgb * 0.25, 1.0);
                }
                """);
        UniformValues u = p.newUniforms();
        float[][] colours = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {1, 1, 0, 0}, {0, 1, 1, 0}, {1, 0, 1, 0}};
        for (int i = 0; i < colours.length; i++) {
            u.set("pal[" + i + "]", colours[i]).ifPresent(e -> {
                throw new IllegalStateException(e);
            });
        }
        u.set("count", 4f).ifPresent(e -> {
            throw new IllegalStateException(e);
        });
        Mesh m = screenQuad();
        return new Workload("uniform array in a loop", d -> d.draw(p, u, m, DrawState.FLAT), f -> {
            // in band b, picked[b % 4] holds the pal[i] with (i + b) % 4 == b % 4, pal[0] (red), three
            // quarters of it beside a quarter of pal[0..3] / 4 = (0.5, 0.5, 0.25): (0.875, 0.125, 0.0625)
            for (int band = 0; band < W / 16; band++) {
                int[] c = f.channels(band * 16 + 8, H / 2);
                assertThat(c[0]).as("band %d red", band).isBetween(223 - 3, 223 + 3);
                assertThat(c[1]).as("band %d green", band).isBetween(32 - 3, 32 + 3);
                assertThat(c[2]).as("band %d blue", band).isBetween(16 - 3, 16 + 3);
            }
        });
    }

    /**
     * A triangle whose corners sit at w = 1, 3 and 2, with a flat colour (red, green, then
     * (0.25, 0.75) at the last corner), a noperspective value and a smooth one of the same
     * corner values (0, 1, 0.2). Every interior pixel shows the last vertex's flat colour (GL's
     * provoking vertex), the window-space interpolation of the noperspective value as blue and the
     * perspective-correct one as alpha, each as computed here from the corners.
     */
    private static Workload interpolation() {
        LinkedProgram p = TestPrograms.link("interp.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 values;
                flat out vec2 provoked;
                noperspective out float linear;
                out float perspective;
                void main() {
                    provoked = values.xy;
                    linear = values.z;
                    perspective = values.z;
                    gl_Position = position;
                }
                """, "interp.frag", """
                #version 330 core
                flat in vec2 provoked;
                noperspective in float linear;
                in float perspective;
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(provoked, linear, perspective);
                }
                """);
        float[][] ndc = {{-0.8f, -0.8f}, {0.8f, -0.8f}, {0f, 0.8f}};
        float[] w = {1, 3, 2};
        float[][] values = {{1, 0, 0}, {0, 1, 1}, {0.25f, 0.75f, 0.2f}};
        float[] v = new float[3 * 8];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(new float[] {ndc[i][0] * w[i], ndc[i][1] * w[i], 0, w[i], values[i][0], values[i][1],
                    values[i][2], 0}, 0, v, i * 8, 8);
        }
        Mesh m = new Mesh(v, POS4_COL4);
        return new Workload("flat, noperspective and smooth varyings", d -> d.draw(p, p.newUniforms(), m,
                DrawState.FLAT), f -> {
            int checked = 0;
            int perspectiveApart = 0;
            for (int row = 0; row < H; row++) {
                for (int x = 0; x < W; x++) {
                    // window coordinates of the pixel centre, y up; the corners in the same space
                    double px = x + 0.5;
                    double py = H - 1 - row + 0.5;
                    double[] l = new double[3];
                    double area = 0;
                    for (int i = 0; i < 3; i++) {
                        double[] a = window(ndc[(i + 1) % 3]);
                        double[] b = window(ndc[(i + 2) % 3]);
                        l[i] = (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
                        area += l[i];
                    }
                    if (Math.min(l[0], Math.min(l[1], l[2])) / area < 0.03) {
                        continue;
                    }
                    double linear = 0;
                    double num = 0;
                    double den = 0;
                    for (int i = 0; i < 3; i++) {
                        linear += l[i] / area * values[i][2];
                        num += l[i] / area * values[i][2] / w[i];
                        den += l[i] / area / w[i];
                    }
                    int[] c = f.channels(x, row);
                    String at = "pixel " + x + "," + row;
                    assertThat(c[0]).as(at + " flat red").isEqualTo(64);
                    assertThat(c[1]).as(at + " flat green").isEqualTo(191);
                    assertThat(c[2]).as(at + " noperspective").isBetween((int) Math.floor(linear * 255 - 1),
                            (int) Math.ceil(linear * 255 + 1));
                    assertThat(c[3]).as(at + " smooth").isBetween((int) Math.floor(num / den * 255 - 1),
                            (int) Math.ceil(num / den * 255 + 1));
                    checked++;
                    perspectiveApart += Math.abs(linear - num / den) > 0.05 ? 1 : 0;
                }
            }
            assertThat(checked).isGreaterThan(W * H / 4);
            assertThat(perspectiveApart).as("pixels where the two interpolations differ by 0.05").isGreaterThan(W * H / 20);
        });
    }

    /**
     * Two triangles drawn without culling, the left counter-clockwise (front-facing, GL's
     * default), the right clockwise: gl_FrontFacing picks each one's colour.
     */
    private static Workload frontFacing() {
        LinkedProgram p = TestPrograms.link("face.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "face.frag", """
                #version 330 core
                out vec4 fragColor;
                void main() {
                    fragColor = gl_FrontFacing ? vec4(1.0, 0.5, 0.0, 1.0) : vec4(0.0, 0.5, 1.0, 1.0);
                    if (!gl_FrontFacing) {
                        fragColor.g = 0.25;
                    }
                }
                """);
        float[] v = {
            -0.9f, -0.8f, 0, 1, 0, 0, 0, 0, -0.1f, -0.8f, 0, 1, 0, 0, 0, 0, -0.5f, 0.8f, 0, 1, 0, 0, 0, 0,
            0.1f, -0.8f, 0, 1, 0, 0, 0, 0, 0.5f, 0.8f, 0, 1, 0, 0, 0, 0, 0.9f, -0.8f, 0, 1, 0, 0, 0, 0,
        };
        Mesh m = new Mesh(v, POS4_COL4);
        return new Workload("gl_FrontFacing", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            assertThat(f.pixel(W / 4, H / 2)).as("front, counter-clockwise").isEqualTo(0xFF8000FF);
            assertThat(f.pixel(3 * W / 4, H / 2)).as("back, clockwise").isEqualTo(0x0040FFFF);
        });
    }

    /**
     * Two full-target quads at the same interpolated depth, drawn in order with the depth test:
     * the first (red) writes gl_FragDepth rising from left to right, the second (green) falling,
     * so the second wins on the right half only. Ignoring the written depth draws all red.
     */
    private static Workload fragDepth() {
        LinkedProgram p = TestPrograms.link("depth.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 colour;
                out vec4 shade;
                void main() {
                    shade = colour;
                    gl_Position = position;
                }
                """, "depth.frag", """
                #version 330 core
                in vec4 shade;
                out vec4 fragColor;
                void main() {
                    float ramp = gl_FragCoord.x / 96.0;
                    fragColor = vec4(shade.rgb, 1.0);
                    gl_FragDepth = shade.a > 0.5 ? 1.0 - ramp : ramp;
                }
                """);
        float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
        float[] v = new float[2 * 6 * 8];
        for (int q = 0; q < 2; q++) {
            for (int k = 0; k < 6; k++) {
                System.arraycopy(new float[] {corners[k][0], corners[k][1], 0, 1, 1 - q, q, 0, q}, 0, v,
                        (q * 6 + k) * 8, 8);
            }
        }
        Mesh m = new Mesh(v, POS4_COL4);
        return new Workload("gl_FragDepth", d -> d.draw(p, p.newUniforms(), m, DrawState.DEPTH), f -> {
            for (int row : new int[] {2, H / 2, H - 3}) {
                assertThat(f.pixel(W / 4, row)).as("left, the first quad nearer").isEqualTo(0xFF0000FF);
                assertThat(f.pixel(3 * W / 4, row)).as("right, the second quad nearer").isEqualTo(0x00FF00FF);
            }
        });
    }

    private static double[] window(float[] ndc) {
        return new double[] {(ndc[0] * 0.5 + 0.5) * W, (ndc[1] * 0.5 + 0.5) * H};
    }

    /**
     * Round trips through packHalf2x16, packUnorm4x8 and packSnorm2x16, modf, frexp, uaddCarry and
     * umulExtended over the target: every channel a smooth function of the position, so the
     * devices agree within the tolerance but for the odd pixel where a whole part steps.
     */
    private static Workload packingAndModf() {
        LinkedProgram p = TestPrograms.link("pack.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "pack.frag", """
                #version 420 core
                out vec4 fragColor;
                void main() {
                    vec2 q = gl_FragCoord.xy / 96.0;
                    vec2 halves = unpackHalf2x16(packHalf2x16(vec2(q.x * 3.0 - 1.0, q.y * 1000.0)));
                    vec4 bytes = unpackUnorm4x8(packUnorm4x8(vec4(q, 1.0 - q.x, 0.5)) ^ 0x00FF0000u);
                    vec2 signed = unpackSnorm2x16(packSnorm2x16(vec2(q.x - 0.5, 0.25 - q.y)));
                    vec2 whole;
                    vec2 part = modf(vec2(q.x * 4.0 - 2.0, q.y * -3.0), whole);
                    ivec2 e;
                    vec2 m = frexp(vec2(q.x * 40.0 + 0.1, q.y + 0.01), e);
                    uint n = packUnorm4x8(vec4(q.x, q.y, 0.0, 0.9));
                    uint carry;
                    uint sum = uaddCarry(n, 0x20000000u, carry);
                    uint high;
                    uint low;
                    umulExtended(n, 2654435761u, high, low);
                    fragColor = vec4(abs(halves.x) * 0.5 + halves.y * 0.0002 + abs(part.x) * 0.1,
                            bytes.z * 0.6 + abs(signed.y) * 0.4,
                            abs(part.y) * 0.5 + m.x * 0.3 + float(e.x) * 0.02,
                            float(carry) * 0.5 + float(high >> 26u) / 128.0);
                }
                """);
        Mesh m = screenQuad();
        return new Workload("packing and modf", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            // the pixel at gl_FragCoord (70.5, 20.5), computed in Java from the same formulas
            int x = 70;
            int y = 20;
            float qx = (x + 0.5f) / 96f;
            float qy = (y + 0.5f) / 96f;
            float hx = Float.float16ToFloat(Float.floatToFloat16(qx * 3f - 1f));
            float hy = Float.float16ToFloat(Float.floatToFloat16(qy * 1000f));
            float px = qx * 4f - 2f;
            float partX = px - (float) Math.floor(px);
            float red = Math.abs(hx) * 0.5f + hy * 0.0002f + partX * 0.1f;
            float blueByte = 255 - Math.round((1f - qx) * 255f);
            float green = blueByte / 255f * 0.6f + Math.abs(Math.round((0.25f - qy) * 32767f) / 32767f) * 0.4f;
            int[] c = f.channels(x, H - 1 - y);
            assertThat(c[0]).isCloseTo(Math.round(Math.min(1f, red) * 255f), org.assertj.core.data.Offset.offset(2));
            assertThat(c[1]).isCloseTo(Math.round(Math.min(1f, green) * 255f), org.assertj.core.data.Offset.offset(2));
        });
    }

    /**
     * A fragment shader with two colour outputs, the one at location 1 declared first: the target
     * shows location 0's, whatever the other holds.
     */
    private static Workload twoColourOutputs() {
        LinkedProgram p = TestPrograms.link("two.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 colour;
                out vec3 shade;
                void main() {
                    shade = colour.rgb;
                    gl_Position = position;
                }
                """, "two.frag", """
                #version 330 core
                in vec3 shade;
                layout(location = 1) out vec4 glow;
                layout(location = 0) out vec4 fragColor;
                void main() {
                    glow = vec4(1.0, 0.0, 1.0, 1.0);
                    fragColor = vec4(shade.bgr, 1.0);
                }
                """);
        Mesh m = triangle(0, 0, new float[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        return new Workload("two colour outputs", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            // the top corner is blue, shown as red by location 0's bgr
            int[] c = f.channels(W / 2, H / 10 + 2);
            assertThat(c[0]).isGreaterThan(200);
            assertThat(c[2]).isLessThan(60);
        });
    }

    /**
     * A mat3 vertex attribute (three locations, one per column) and a mat3 varying beside a vec2
     * one: each corner's matrix its own, the fragment colour that matrix, interpolated, times a
     * fixed vector. A column read from the wrong slot colours the triangle wrongly.
     */
    private static Workload matrixInterface() {
        LinkedProgram p = TestPrograms.link("mat.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in mat3 frame;
                out mat3 basis;
                out vec2 corner;
                void main() {
                    basis = frame * 0.5;
                    corner = position.xy;
                    gl_Position = position;
                }
                """, "mat.frag", """
                #version 330 core
                in mat3 basis;
                in vec2 corner;
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(basis * vec3(1.0, 0.5, 0.25) + vec3(0.1 * corner.x), 1.0);
                }
                """);
        float[][] pos = {{-0.8f, -0.8f}, {0.8f, -0.8f}, {0f, 0.8f}};
        float[][] frames = {{1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 1, 0, 0, 0, 1, 1, 0, 0}, {0.2f, 0.4f, 0.6f, 0.8f, 0.6f,
                0.4f, 0.3f, 0.9f, 0.1f}};
        float[] v = new float[3 * 13];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(new float[] {pos[i][0], pos[i][1], 0, 1}, 0, v, i * 13, 4);
            System.arraycopy(frames[i], 0, v, i * 13 + 4, 9);
        }
        Mesh m = new Mesh(v, VertexLayout.of(13, new VertexAttribute(0, 4, 0), new VertexAttribute(1, 3, 4),
                new VertexAttribute(2, 3, 7), new VertexAttribute(3, 3, 10)));
        return new Workload("matrix attribute and varying", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            // near the bottom-left corner the identity frame: (1, 0.5, 0.25) / 2 less 0.08
            int[] c = f.channels(W / 10 + 2, H - 1 - H / 10 - 1);
            assertThat(c[0]).isBetween(90, 130);
            assertThat(c[1]).isBetween(25, 70);
            assertThat(c[2]).isBetween(0, 40);
        });
    }

    /**
     * A triangle coloured by gl_VertexID: each corner's bits as its red and green, the number
     * over 2 as blue (the vertex shader's ints and its int-to-float conversions).
     */
    private static Workload vertexNumbers() {
        LinkedProgram p = TestPrograms.link("vid.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                out vec3 colour;
                void main() {
                    int id = gl_VertexID + gl_InstanceID * 7;
                    colour = vec3(float(id & 1), float((id >> 1) & 1), float(id) / 2.0);
                    gl_Position = position;
                }
                """, "vid.frag", """
                #version 330 core
                in vec3 colour;
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(colour, 1.0);
                }
                """);
        Mesh m = triangle(0, 0, new float[][] {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}});
        return new Workload("gl_VertexID", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            // near each corner, its own vertex's colour dominates: 0 black, 1 red and half blue, 2 green and blue
            int[] left = f.channels(W / 10 + 2, H - H / 10 - 2);
            int[] right = f.channels(W - W / 10 - 3, H - H / 10 - 2);
            int[] top = f.channels(W / 2, H / 10 + 2);
            assertThat(left[0] + left[1] + left[2]).as("vertex 0").isLessThan(60);
            assertThat(right[0]).as("vertex 1 red").isGreaterThan(200);
            assertThat(right[2]).as("vertex 1 blue").isBetween(100, 140);
            assertThat(top[1]).as("vertex 2 green").isGreaterThan(200);
            assertThat(top[2]).as("vertex 2 blue").isGreaterThan(200);
        });
    }

    /**
     * A full-screen quad whose colour is an integer hash of the pixel: uint multiplication that
     * wraps, shifts, xor, bitCount, findMSB, bitfieldExtract, int division of negative values (toward
     * zero) and uint remainder, each the same on every device.
     */
    private static Workload integerArithmetic() {
        LinkedProgram p = TestPrograms.link("int.vert", """
                #version 330 core
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "int.frag", """
                #version 400 core
                out vec4 fragColor;
                void main() {
                    ivec2 q = ivec2(gl_FragCoord.xy);
                    uint h = uint(q.x) * 73856093u ^ uint(q.y) * 19349663u;
                    h ^= h >> 13;
                    h *= 0x5bd1e995u;
                    h ^= h >> 15;
                    int d = (q.x - 48) / 7 + (q.y - 48) / -5;
                    uint r = h % 251u;
                    int top = findMSB(int(h >> 1)) + bitCount(h);
                    int field = bitfieldExtract(int(h), 4, 6);
                    fragColor = vec4(float(h & 255u) / 255.0, float(r) / 255.0,
                            float((top * 4 + d + field) & 255) / 255.0, 1.0);
                }
                """);
        Mesh m = screenQuad();
        return new Workload("integer arithmetic", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            // a pixel near the bottom left (gl_FragCoord (5.5, 3.5)), computed in Java
            int x = 5;
            int y = 3;
            int h = x * 73856093 ^ y * 19349663;
            h ^= h >>> 13;
            h *= 0x5bd1e995;
            h ^= h >>> 15;
            assertThat(f.channels(x, H - 1 - y)[0]).isEqualTo(h & 255);
            assertThat(f.channels(x, H - 1 - y)[1]).isEqualTo(Integer.remainderUnsigned(h, 251));
        });
    }

    /** mat2, mat3x2 and mat2x4 uniforms, a 2x2 inverse and the products of every shape in both stages. */
    private static Workload matrices() {
        LinkedProgram p = TestPrograms.matrixTriangle();
        UniformValues u = p.newUniforms();
        u.set("spin", 0.8f, 0.6f, -0.6f, 0.8f);
        u.set("shear", 1f, 0.2f, 0f, 1f, 0.1f, 0f);
        u.set("tint", 1f, 0f, 0f, 1f, 0f, 1f, 0.5f, 1f);
        Mesh m = triangle(0, 0, new float[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        return new Workload("matrices of every shape", d -> d.draw(p, u, m, DrawState.FLAT), f -> {
            int[] c = f.channels(W / 2, H / 2);
            assertThat(c[0] + c[1] + c[2]).as("the triangle covers the centre").isPositive();
        });
    }

    private static Workload pushConstants() {
        LinkedProgram p = TestPrograms.pushConstantTriangle();
        UniformValues u = p.newUniforms();
        u.set("transform", Mat4.rotateZ(25).times(Mat4.translate(0.1f, 0, 0)).m());
        u.set("tint", 0.5f, 0.75f, 1f, 1f);
        Mesh m = triangle(0, 0, new float[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        return new Workload("push constants", d -> d.draw(p, u, m, DrawState.FLAT), f -> {
            int[] c = f.channels(W / 2, H / 2);
            assertThat(c[0] + c[1] + c[2]).as("the triangle covers the centre").isPositive();
        });
    }

    private static Workload builtins() {
        LinkedProgram p = TestPrograms.builtinsTriangle();
        Mesh m = triangle(0, 0, new float[][] {{1, 0, 0.2f}, {0, 1, 0.5f}, {0.3f, 0.2f, 1}});
        return new Workload("built-ins", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> { });
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

    private static Workload colouredTriangle() {
        LinkedProgram p = TestPrograms.colouredTriangle();
        Mesh m = triangle(0, 0, new float[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        return new Workload("triangle", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT),
                f -> assertThat(f.channels(W / 2, H / 2)[3]).isEqualTo(255));
    }

    private static Workload texturedQuad() {
        return texturedQuad("textured quad", TestPrograms.texturedQuad());
    }

    /** The same quad through textureSize and a biased lookup: green at half where the size is right. */
    private static Workload sizedAndBiasedQuad() {
        return texturedQuad("textured quad, textureSize and bias", TestPrograms.sizedAndBiasedQuad());
    }

    /** The quad through the lookups with an explicit level, derivatives, a divisor and a texel. */
    private static Workload explicitLookupsQuad() {
        return texturedQuad("textured quad, textureLod, textureGrad, textureProj and texelFetch",
                TestPrograms.explicitLookupsQuad());
    }

    /** A 4x4 checker of white and grey, the image the layered textures tint per face or layer. */
    private static Texture smallChecker() {
        byte[] px = new byte[4 * 4 * 4];
        for (int i = 0; i < 16; i++) {
            byte v = (byte) (((i % 4 + i / 4) & 1) == 0 ? 255 : 160);
            px[i * 4] = v;
            px[i * 4 + 1] = v;
            px[i * 4 + 2] = v;
            px[i * 4 + 3] = (byte) 255;
        }
        return new Texture(4, 4, px);
    }

    /** The tinted colours (white texels) a correct frame shows: every face, slice or layer reached. */
    private static Consumer<Frame> showsTints(int tints) {
        Texture sample = Texture.layered(smallChecker(), dev.csir.ir.Type.SAMPLERCUBE);
        return f -> {
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int y = 0; y < f.height(); y++) {
                for (int x = 0; x < f.width(); x++) {
                    seen.add(f.pixel(x, y));
                }
            }
            for (int l = 0; l < tints; l++) {
                byte[] b = sample.rgba();
                int o = l * 16 * 4; // texel (0, 0) of layer l, a white one tinted
                int want = (b[o] & 0xff) << 24 | (b[o + 1] & 0xff) << 16 | (b[o + 2] & 0xff) << 8 | 0xff;
                assertThat(seen).as("layer %d's tint", l).contains(want);
            }
        };
    }

    /** A cube map swept as a skybox: the six faces, each its own tint of a checker. */
    private static Workload skybox() {
        LinkedProgram p = TestPrograms.skyboxQuad();
        Texture sky = Texture.layered(smallChecker(), dev.csir.ir.Type.SAMPLERCUBE);
        return new Workload("skybox, samplerCube texture, textureLod and textureSize", d -> d.draw(p, p.newUniforms(),
                flatQuad(), DrawState.FLAT, List.of(sky)), showsTints(6));
    }

    /**
     * Two cubes of a cube-map array swept as skyboxes, cube 0 in the lower half and cube 1 (the
     * same faces at half brightness) in the upper, by texture, textureLod and texture with a bias
     * in thirds across; each pixel dimmed to half where a samplerCubeArrayShadow's comparison of
     * 0.5 fails, whose depths are 0.25 and 0.75 on alternate faces (the other way round in cube
     * 1); and textureSize's (4, 4, 2) keeps the frame bright. The check: all 24 colours, each
     * face's tint in each cube lit and shadowed as its depths say, are on screen.
     */
    private static Workload cubeMapArrays() {
        LinkedProgram p = TestPrograms.link("tex.vert", TestPrograms.TEXTURED_QUAD_VERTEX, "cubes.frag", """
                #version 400
                uniform samplerCubeArray sky;
                uniform samplerCubeArrayShadow depth;
                in vec2 vUV;
                out vec4 fragColor;
                void main() {
                    vec2 uv = fract(vUV * vec2(1.0, 2.0));
                    float layer = floor(vUV.y * 2.0);
                    float lon = (uv.x - 0.5) * 6.2831853;
                    float lat = (uv.y - 0.5) * 3.1415926;
                    vec4 k = vec4(sin(lon) * cos(lat), sin(lat), cos(lon) * cos(lat), layer);
                    vec4 c = vUV.x < 0.333 ? texture(sky, k) : vUV.x < 0.667 ? textureLod(sky, k, 0.0)
                            : texture(sky, k, 0.5);
                    float lit = texture(depth, k, 0.5);
                    float bright = textureSize(sky, 0) == ivec3(4, 4, 2) && textureSize(depth, 0) == ivec3(4, 4, 2)
                            ? 1.0 : 0.25;
                    fragColor = vec4(c.rgb * (0.5 + 0.5 * lit) * bright, 1.0);
                }
                """);
        byte[] faces = Texture.layered(smallChecker(), dev.csir.ir.Type.SAMPLERCUBE).rgba();
        byte[] colours = new byte[2 * faces.length];
        byte[] depths = new byte[2 * faces.length];
        int faceBytes = faces.length / 6;
        for (int i = 0; i < faces.length; i++) {
            colours[i] = faces[i];
            colours[faces.length + i] = (byte) (i % 4 == 3 ? 255 : (faces[i] & 0xff) / 2);
            int face = i / faceBytes;
            depths[i] = (byte) (face % 2 == 0 ? 64 : 191);
            depths[faces.length + i] = (byte) (face % 2 == 0 ? 191 : 64);
        }
        Texture sky = new Texture(4, 4, 12, dev.csir.ir.Type.SAMPLERCUBEARRAY, colours);
        Texture depth = new Texture(4, 4, 12, dev.csir.ir.Type.SAMPLERCUBEARRAYSHADOW, depths);
        return new Workload("cube-map arrays: texture, textureLod, bias, the shadow lookup and textureSize",
                d -> d.draw(p, p.newUniforms(), flatQuad(), DrawState.FLAT, List.of(sky, depth)), f -> {
                    java.util.Set<Integer> seen = new java.util.HashSet<>();
                    for (int y = 0; y < f.height(); y++) {
                        for (int x = 0; x < f.width(); x++) {
                            seen.add(f.pixel(x, y));
                        }
                    }
                    for (int cube = 0; cube < 2; cube++) {
                        for (int face = 0; face < 6; face++) {
                            int o = (cube * 6 + face) * 16 * 4; // texel (0, 0), a white one tinted
                            boolean lit = (depths[o] & 0xff) >= 128; // 0.5 <= depth
                            int want = 0xff;
                            for (int c = 0; c < 3; c++) {
                                int v = colours[o + c] & 0xff;
                                want |= (lit ? v : Math.round(v * 0.5f)) << (24 - 8 * c);
                            }
                            int w = want;
                            assertThat(seen.stream().anyMatch(px -> near(px, w))).as("cube %d face %d (%08x)", cube, face, want)
                                    .isTrue();
                        }
                    }
                });
    }

    /** Whether two RGBA pixels differ by at most 1 in each colour channel (a half's rounding). */
    private static boolean near(int a, int b) {
        for (int shift = 8; shift < 32; shift += 8) {
            if (Math.abs((a >>> shift & 0xff) - (b >>> shift & 0xff)) > 1) {
                return false;
            }
        }
        return true;
    }

    /** A 3D texture's four slices and a 2D array's four layers. */
    private static Workload volumeAndLayers() {
        LinkedProgram p = TestPrograms.volumeAndLayersQuad();
        Texture vol = Texture.layered(smallChecker(), dev.csir.ir.Type.SAMPLER3D);
        Texture layers = Texture.layered(smallChecker(), dev.csir.ir.Type.SAMPLER2DARRAY);
        return new Workload("sampler3D and sampler2DArray, texture and textureSize", d -> d.draw(p, p.newUniforms(),
                flatQuad(), DrawState.FLAT, List.of(vol, layers)), showsTints(4));
    }

    /** A screen-filling quad, uv 0 to 1. */
    /** Two triangles over the whole target, a vec4 position at location 0 and nothing else. */
    public static Mesh screenQuad() {
        float[] v = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
        return new Mesh(v, VertexLayout.of(4, new VertexAttribute(0, 4, 0)));
    }

    public static Mesh flatQuad() {
        VertexLayout layout = VertexLayout.of(6, new VertexAttribute(0, 4, 0), new VertexAttribute(1, 2, 4));
        float[][] c = {{-1, -1, 0, 0}, {1, -1, 1, 0}, {1, 1, 1, 1}, {-1, 1, 0, 1}};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] v = new float[36];
        for (int i = 0; i < 6; i++) {
            float[] k = c[order[i]];
            System.arraycopy(new float[] {k[0], k[1], 0, 1, k[2], k[3]}, 0, v, i * 6, 6);
        }
        return new Mesh(v, layout);
    }

    private static Workload texturedQuad(String name, LinkedProgram p) {
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
        return new Workload(name, d -> d.draw(p, p.newUniforms(), quad, DrawState.FLAT,
                List.of(checker)), f -> { });
    }

    private static Workload depth() {
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
        return new Workload("depth", d -> {
            d.draw(p, u, near, DrawState.DEPTH);
            d.draw(p, u, far, DrawState.DEPTH);
            d.draw(p, u, tilted, DrawState.DEPTH);
        }, f -> { });
    }

    private static Workload cube(String name, DrawState state) {
        LinkedProgram p = TestPrograms.mvpCube();
        UniformValues u = p.newUniforms();
        u.set("model", Mat4.rotateX(20).times(Mat4.rotateY(30)).m());
        u.set("view", Mat4.translate(0, 0, -3).m());
        u.set("projection", Mat4.perspective(60, 1, 0.1f, 100).m());
        Mesh cube = new Mesh(TestMeshes.colouredCube(), POS4_COL4);
        return new Workload(name, d -> d.draw(p, u, cube, state), f -> { });
    }

    /** The camera inside the cube: every face crosses the near plane or surrounds the eye. */
    /** The cube of {@link #cube} with its matrices set by member name in a uniform block. */
    private static Workload uniformBlockCube() {
        LinkedProgram p = TestPrograms.uniformBlockCube();
        UniformValues u = p.newUniforms();
        u.set("model", Mat4.rotateX(20).times(Mat4.rotateY(30)).m());
        u.set("view", Mat4.translate(0, 0, -3).m());
        u.set("projection", Mat4.perspective(60, 1, 0.1f, 100).m());
        Mesh cube = new Mesh(TestMeshes.colouredCube(), POS4_COL4);
        return new Workload("cube, uniform block", d -> d.draw(p, u, cube, DrawState.DEPTH_CULL), f -> {
            int[] c = f.channels(W / 2, H / 2);
            assertThat(c[0] + c[1] + c[2]).as("the cube covers the centre").isPositive();
        });
    }

    private static Workload cubeAroundTheCamera() {
        LinkedProgram p = TestPrograms.mvpCube();
        UniformValues inside = p.newUniforms();
        inside.set("model", Mat4.rotateY(20).m());
        inside.set("view", Mat4.identity().m());
        inside.set("projection", Mat4.perspective(90, 1, 0.1f, 100).m());
        Mesh cube = new Mesh(TestMeshes.colouredCube(), POS4_COL4);
        return new Workload("cube around the camera", d -> d.draw(p, inside, cube, DrawState.DEPTH), f -> { });
    }

    private static Workload lighting() {
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
        Mesh quad = new Mesh(v, layout);
        return new Workload("lighting", d -> d.draw(p, u, quad, DrawState.FLAT), f -> { });
    }

    private static Workload fragCoord() {
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
        Mesh m = new Mesh(v, VertexLayout.of(4, new VertexAttribute(0, 4, 0)));
        return new Workload("gl_FragCoord", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            assertThat(f.channels(0, H - 1)[1]).as("bottom row: y = 0.5").isEqualTo(1);
            assertThat(f.channels(0, 0)[1]).as("top row: y = 95.5").isEqualTo(254);
            // z: 0.5 at the bottom, -0.5 at the top, as window depth z * 0.5 + 0.5
            assertThat(f.channels(W / 2, H - 1)[2]).as("bottom row depth").isBetween(188, 192);
            assertThat(f.channels(W / 2, 0)[2]).as("top row depth").isBetween(63, 67);
        });
    }

    /** A full-screen quad whose fragments discard in a checkerboard of 8-pixel squares. */
    private static Workload discard() {
        LinkedProgram p = TestPrograms.link("discard.vert", """
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "discard.frag", """
                out vec4 fragColor;
                void main() {
                    if (mod(floor(gl_FragCoord.x / 8.0) + floor(gl_FragCoord.y / 8.0), 2.0) > 0.5) {
                        discard;
                    }
                    fragColor = vec4(1.0, 0.5, 0.25, 1.0);
                }
                """);
        Mesh m = screenQuad();
        return new Workload("discard", d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT), f -> {
            assertThat(f.pixel(0, H - 1)).as("bottom left square drawn").isEqualTo(0xFF8040FF);
            assertThat(f.pixel(8, H - 1)).as("its right neighbour discarded").isEqualTo(0x000000FF);
            assertThat(f.pixel(8, H - 9)).as("the square above that drawn").isEqualTo(0xFF8040FF);
        });
    }
}
