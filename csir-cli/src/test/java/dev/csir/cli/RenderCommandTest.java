package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Texture;
import dev.csir.gfx.image.Png;
import dev.csir.gfx.virgl.VirglServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenderCommandTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** The PNG read back as a texture: texel (x, h-1-y) is image pixel (x, y). */
    private static Texture image(Path png) throws Exception {
        return Png.decodeTexture(Files.readAllBytes(png));
    }

    private static int pixel(Texture t, int x, int y) {
        return t.texel(x, t.height() - 1 - y);
    }

    private String ex(String name) {
        return EXAMPLES.resolve(name).toString();
    }

    @Test
    void softwareRenderOfTheDefaultTriangle() throws Exception {
        Path vs = write("t.vert", "layout(location=0) in vec4 p; layout(location=1) in vec4 c; out vec4 col;"
                + " void main() { col = c; gl_Position = p; }");
        Path fs = write("t.frag", "in vec4 col; out vec4 o; void main() { o = col; }");
        Path out = dir.resolve("t.png");
        Cli.Result r = Cli.run("render", vs.toString(), fs.toString(), "-o", out.toString(), "--backend", "software",
                "--size", "64x32", "--clear", "0,0,1,1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("rendered " + out + " (64x32) with software\n");
        Texture t = image(out);
        assertThat(t.width()).isEqualTo(64);
        assertThat(t.height()).isEqualTo(32);
        assertThat(pixel(t, 0, 0)).isEqualTo(0x0000FFFF);
        // Lower left is red-ish, the apex (top middle) blue-ish.
        int lowerLeft = pixel(t, 8, 28);
        assertThat(lowerLeft >>> 24).isGreaterThan(150);
        int apex = pixel(t, 32, 5);
        assertThat((apex >>> 8) & 0xff).isGreaterThan(150);
    }

    @Test
    void litCubeExampleShowsLitAndShadedFaces() throws Exception {
        Path out = dir.resolve("cube.png");
        Cli.Result r = Cli.run("render", ex("lit.vert"), ex("lit.frag"), "--mesh", "cube", "--backend", "software",
                "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Texture t = image(out);
        assertThat(pixel(t, 2, 2)).isEqualTo(0x000000FF);
        int centre = pixel(t, 128, 128);
        assertThat(centre >>> 24).isGreaterThan(100);
    }

    @Test
    void texturedQuadUsesTheCheckerOrAPng() throws Exception {
        Path out = dir.resolve("q.png");
        Cli.Result r = Cli.run("render", ex("textured.vert"), ex("textured.frag"), "--mesh", "quad",
                "--backend", "software", "--size", "64x64", "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Texture t = image(out);
        // 8x8 checker over 64 pixels: 8-pixel cells; the bottom-left cell is texel (0,0), white.
        assertThat(pixel(t, 3, 60)).isEqualTo(0xFFFFFFFF);
        assertThat(pixel(t, 11, 60)).isEqualTo(0xFF0000FF);
        // The rendered image used as a texture draws itself again.
        Path again = dir.resolve("again.png");
        Cli.Result r2 = Cli.run("render", ex("textured.vert"), ex("textured.frag"), "--mesh", "quad",
                "--backend", "software", "--size", "64x64", "--texture", out.toString(), "-o", again.toString());
        assertThat(r2.status()).as(r2.err()).isZero();
        assertThat(image(again).rgba()).isEqualTo(t.rgba());
    }

    @Test
    void aShadowSamplerReadsTheTexturesRedAsDepthAndAnIntegerSamplerItsBytes() throws Exception {
        Path vs = write("s.vert", "layout(location = 0) in vec4 p; void main() { gl_Position = p; }");
        Path ramp = write("ramp.frag", "out vec4 o; void main() { o = vec4(gl_FragCoord.x / 64.0, 0.5, 0.25, 1.0); }");
        Path gradient = dir.resolve("ramp.png");
        Cli.Result made = Cli.run("render", vs.toString(), ramp.toString(), "--mesh", "quad", "--backend", "software",
                "--size", "64x64", "-o", gradient.toString());
        assertThat(made.status()).as(made.err()).isZero();
        Path fs = write("shadow.frag", """
                #version 330
                in vec2 texCoord;
                uniform sampler2DShadow depth;
                uniform usampler2D bytes;
                out vec4 o;
                void main() {
                    o = vec4(texture(depth, vec3(texCoord, 0.5)), float(texture(bytes, texCoord).r) / 255.0, 0.0, 1.0);
                }
                """);
        boolean virgl = VirglServer.executable().isPresent();
        byte[] soft = null;
        for (String backend : virgl ? new String[] {"software", "virgl"} : new String[] {"software"}) {
            Path out = dir.resolve("shadow-" + backend + ".png");
            Cli.Result r = Cli.run("render", ex("textured.vert"), fs.toString(), "--mesh", "quad", "--backend", backend,
                    "--size", "64x64", "--texture", gradient.toString(), "-o", out.toString());
            assertThat(r.status()).as(backend + ": " + r.err()).isZero();
            Texture t = image(out);
            Texture g = image(gradient);
            for (int x = 0; x < 64; x++) {
                int red = pixel(g, x, 32) >>> 24;
                int want = (red / 255f >= 0.5f ? 0xFF000000 : 0) | red << 16 | 0xFF;
                assertThat(pixel(t, x, 32)).as("%s column %d", backend, x).isEqualTo(want);
            }
            if (soft == null) {
                soft = t.rgba();
            } else {
                assertThat(t.rgba()).as("virgl and software").isEqualTo(soft);
            }
        }
    }

    @Test
    void everyThreadCountDrawsTheSameImage() throws Exception {
        byte[] one = null;
        for (String threads : new String[] {"1", "2", "3", "8"}) {
            Path out = dir.resolve("t" + threads + ".png");
            Cli.Result r = Cli.run("render", ex("lit.vert"), ex("blinn.frag"), "--mesh", "cube", "--uniform",
                    "time=0.7", "--backend", "software", "--size", "97x75", "--threads", threads, "-o", out.toString());
            assertThat(r.status()).as(r.err()).isZero();
            byte[] rgba = image(out).rgba();
            if (one == null) {
                one = rgba;
                // the cube is drawn: its centre is not the clear colour of the corner
                assertThat(pixel(image(out), 48, 37)).isNotEqualTo(pixel(image(out), 1, 1));
            } else {
                assertThat(rgba).as(threads + " threads").isEqualTo(one);
            }
        }
    }

    @Test
    void framesReportFragmentsPerSecond() {
        Path out = dir.resolve("f.png");
        Cli.Result r = Cli.run("render", ex("fullscreen.vert"), ex("rings.frag"), "--mesh", "quad",
                "--uniform", "resolution=32,32", "--backend", "software", "--size", "32x32", "--frames", "3",
                "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("frames/s, \\d+ fragments/s, \\d+ covered pixels/s over 2 timed frames");
    }

    @Test
    void badInputsAreReportedWithoutWritingAnImage() throws IOException {
        Path out = dir.resolve("never.png");
        String vs = ex("textured.vert");
        String fs = ex("textured.frag");
        Path obj = write("bad.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 9\n");
        Path notPng = write("fake.png", "this is text");
        String[][] cases = {
            {"--mesh", obj.toString(), "bad.obj:4: position index 9 is out of range (3 defined so far)"},
            {"--texture", notPng.toString(), "fake.png: not a PNG file"},
            {"--texture", dir.resolve("none.png").toString(), "none.png: no such file"},
            {"--uniform", "nothing=1", "no uniform named 'nothing'"},
            {"--uniform", "model=1,2", "uniform 'model' of type mat4 takes 16 values, got 2"},
        };
        for (String[] c : cases) {
            Cli.Result r = Cli.run("render", vs, fs, "--backend", "software", c[0], c[1], "-o", out.toString());
            assertThat(r.status()).as(String.join(" ", c)).isEqualTo(Main.REJECTED);
            assertThat(r.err()).as(String.join(" ", c)).contains(c[2]);
            assertThat(out).doesNotExist();
        }
        Path badVs = write("bad.vert", "void main() { gl_Position = q; }");
        Cli.Result r = Cli.run("render", badVs.toString(), fs, "-o", out.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("bad.vert:1:29: error: unknown identifier");
        assertThat(out).doesNotExist();
    }

    @Test
    void virglAndSoftwareBackendsDrawTheSameImage() throws Exception {
        Assumptions.assumeTrue(VirglServer.executable().isPresent(),
                "SKIPPED: virgl_test_server is not installed (.ci/run installs it)");
        Path soft = dir.resolve("soft.png");
        Path virgl = dir.resolve("virgl.png");
        String[] common = {"render", ex("lit.vert"), ex("lit.frag"), "--mesh", "cube", "--size", "96x96"};
        Cli.Result a = Cli.run(concat(common, "--backend", "software", "-o", soft.toString()));
        Cli.Result b = Cli.run(concat(common, "--backend", "virgl", "-o", virgl.toString()));
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(b.status()).as(b.err()).isZero();
        assertThat(b.out()).contains("with virgl");
        byte[] x = image(soft).rgba();
        byte[] y = image(virgl).rgba();
        int close = 0;
        for (int i = 0; i < x.length; i++) {
            close += Math.abs((x[i] & 0xff) - (y[i] & 0xff)) <= 2 ? 1 : 0;
        }
        assertThat(close).isGreaterThanOrEqualTo(x.length * 995 / 1000);
    }

    @Test
    void autoWithAnUnreachableSocketFallsBackAndSaysSo() throws Exception {
        Path out = dir.resolve("auto.png");
        Cli.Result r = Cli.run("render", ex("textured.vert"), ex("textured.frag"), "--mesh", "quad", "--size", "16x16",
                "--virgl-socket", dir.resolve("nobody.sock").toString(), "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("VirGL unavailable, rendering in software");
        assertThat(r.out()).contains("with software");
        assertThat(out).exists();
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void inputsWithoutALocationAreBoundByName() throws Exception {
        // declared colour first, so the compiler gives color location 0 and position location 1
        Path vs = write("n.vert", "in vec4 color; in vec4 position; out vec4 c;"
                + " void main() { c = color; gl_Position = position; }");
        Path fs = write("n.frag", "in vec4 c; out vec4 o; void main() { o = c; }");
        Path out = dir.resolve("n.png");
        Cli.Result r = Cli.run("render", vs.toString(), fs.toString(), "--backend", "software", "--size", "32x32",
                "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Texture t = image(out);
        int centre = pixel(t, 16, 16);
        // inside the triangle, a mix of the three vertex colours (0xRRGGBBAA); outside, opaque black
        assertThat((centre >>> 24) > 0 && ((centre >> 16) & 0xFF) > 0 && ((centre >> 8) & 0xFF) > 0).isTrue();
        assertThat(pixel(t, 1, 1)).isEqualTo(0x000000FF);
    }

    @Test
    void anExplicitLocationWinsOverTheName() throws Exception {
        // "normal" would read location 1 by name, but the source placed it at 0: the position
        Path vs = write("e.vert", "layout(location = 0) in vec4 normal; void main() { gl_Position = normal; }");
        Path fs = write("e.frag", "out vec4 o; void main() { o = vec4(1.0); }");
        Path out = dir.resolve("e.png");
        Cli.Result r = Cli.run("render", vs.toString(), fs.toString(), "--backend", "software", "--size", "32x32",
                "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(pixel(image(out), 16, 16)).isEqualTo(0xFFFFFFFF);
    }

    @Test
    void anInputTheMeshCannotFeedIsAnErrorNamingIt() throws Exception {
        Path vs = write("x.vert", "layout(location = 0) in vec4 position; layout(location = 5) in vec4 extra;"
                + " out vec4 c; void main() { c = extra; gl_Position = position; }");
        Path fs = write("x.frag", "in vec4 c; out vec4 o; void main() { o = c; }");
        Path out = dir.resolve("x.png");
        Cli.Result r = Cli.run("render", vs.toString(), fs.toString(), "--backend", "software", "-o", out.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("vertex input 'extra' reads location 5, which the mesh does not provide;"
                + " the mesh provides locations 0, 1, 2");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnsetUniformGetsAWarningNamingIt() throws Exception {
        Path vs = write("u.vert", "layout(location = 0) in vec4 position; uniform mat4 model; uniform mat4 mvp;"
                + " void main() { gl_Position = mvp * model * position; }");
        Path fs = write("u.frag", "uniform vec4 tint; uniform float time; out vec4 o; void main() { o = tint; }");
        Path out = dir.resolve("u.png");
        Cli.Result r = Cli.run("render", vs.toString(), fs.toString(), "--backend", "software", "--size", "8x8",
                "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: uniform 'mvp' (mat4) is not set and reads as zeros",
                "warning: uniform 'tint' (vec4) is not set");
        // model and time have documented defaults
        assertThat(r.err()).doesNotContain("'model'", "'time'");
        String identity = "1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1";
        Cli.Result set = Cli.run("render", vs.toString(), fs.toString(), "--backend", "software", "--size", "8x8",
                "--uniform", "mvp=" + identity, "--uniform", "tint=1,0,0,1", "-o", out.toString());
        assertThat(set.status()).as(set.err()).isZero();
        assertThat(set.err()).doesNotContain("warning");
    }

    @Test
    void aShaderOverTheVirglBudgetRendersInSoftwareAndAutoFallsBack() throws Exception {
        // 31 nested ifs, each comparing anew, fit every ChrisOS pool but not its 3600 bytes of TGSI
        StringBuilder ifs = new StringBuilder();
        for (int i = 0; i < 31; i++) {
            ifs.append("if (u > ").append(i).append(".0) { ");
        }
        Path vs = write("deep.vert", "layout(location = 0) in vec4 p; uniform float u; void main() { float x = 0.5; "
                + ifs + "x = 1.0; " + "}".repeat(31) + " gl_Position = p * x; }");
        Path fs = write("deep.frag", "out vec4 o; void main() { o = vec4(1.0); }");
        Path out = dir.resolve("deep.png");
        Cli.Result soft = Cli.run("render", vs.toString(), fs.toString(), "--limits", "chrisos", "--backend", "software",
                "--size", "16x16", "-o", out.toString());
        assertThat(soft.status()).as(soft.err()).isZero();
        assertThat(soft.err()).doesNotContain("TGSI");
        Assumptions.assumeTrue(VirglServer.executable().isPresent(),
                "SKIPPED: virgl_test_server is not installed (.ci/run installs it)");
        Cli.Result virgl = Cli.run("render", vs.toString(), fs.toString(), "--limits", "chrisos", "--backend", "virgl",
                "--size", "16x16", "-o", dir.resolve("v.png").toString());
        assertThat(virgl.status()).isEqualTo(Main.REJECTED);
        assertThat(virgl.err()).contains("TGSI exceeds the VirGL command budget");
        assertThat(dir.resolve("v.png")).doesNotExist();
        Cli.Result auto = Cli.run("render", vs.toString(), fs.toString(), "--limits", "chrisos", "--size", "16x16",
                "-o", dir.resolve("a.png").toString());
        assertThat(auto.status()).as(auto.err()).isZero();
        assertThat(auto.out()).contains("with software");
        assertThat(auto.err()).contains("TGSI exceeds the VirGL command budget");
        assertThat(Files.readAllBytes(dir.resolve("a.png"))).isEqualTo(Files.readAllBytes(out));
        // the default profile has no TGSI budget: VirGL takes the same shader
        Cli.Result roomy = Cli.run("render", vs.toString(), fs.toString(), "--backend", "virgl", "--size", "16x16",
                "-o", dir.resolve("r.png").toString());
        assertThat(roomy.status()).as(roomy.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("r.png"))).isEqualTo(Files.readAllBytes(out));
    }

    /** A fragment shader of {@code slots - 1} float pads and a vec4 tint in the last slot, drawn. */
    private Path tinted(String name, int slots) throws IOException {
        return write(name, java.util.stream.IntStream.range(0, slots - 1)
                .mapToObj(i -> "uniform float pad" + i + ";\n").collect(java.util.stream.Collectors.joining())
                + "uniform vec4 tint;\nout vec4 o;\nvoid main() { o = tint; }\n");
    }

    @Test
    void aUniformAtTheLastSlotOfEachProfileIsSetAndDrawn() throws Exception {
        Path vs = write("s.vert", "layout(location = 0) in vec4 p; void main() { gl_Position = p; }");
        boolean virgl = VirglServer.executable().isPresent();
        for (String profile : new String[] {"default", "chrisos"}) {
            Path fs = tinted(profile + ".frag", profile.equals("default") ? 1024 : 32);
            for (String backend : virgl ? new String[] {"software", "virgl"} : new String[] {"software"}) {
                Path out = dir.resolve(profile + "-" + backend + ".png");
                Cli.Result r = Cli.run("render", vs.toString(), fs.toString(), "--limits", profile, "--backend", backend,
                        "--mesh", "quad", "--size", "8x8", "--uniform", "tint=0.2,0.4,0.6,1", "-o", out.toString());
                assertThat(r.status()).as(profile + " " + backend + ": " + r.err()).isZero();
                assertThat(pixel(image(out), 4, 4)).as(profile + " " + backend).isEqualTo(0x336699FF);
            }
        }
        // one slot past ChrisOS's 32 is refused when compiling under it, with the limit's message
        Path past = tinted("past.frag", 33);
        Cli.Result refused = Cli.run("render", vs.toString(), past.toString(), "--limits", "chrisos",
                "--backend", "software", "-o", dir.resolve("past.png").toString());
        assertThat(refused.status()).isEqualTo(Main.REJECTED);
        assertThat(refused.err()).startsWith("past.frag:1:1: error: too many uniforms\n");
        assertThat(dir.resolve("past.png")).doesNotExist();
        Cli.Result roomy = Cli.run("render", vs.toString(), past.toString(), "--backend", "software",
                "--uniform", "tint=0.2,0.4,0.6,1", "-o", dir.resolve("roomy.png").toString());
        assertThat(roomy.status()).as(roomy.err()).isZero();
    }
}
