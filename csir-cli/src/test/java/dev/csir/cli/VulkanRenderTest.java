package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.image.Png;
import dev.csir.gfx.vulkan.VulkanDevice;
import dev.csir.gfx.vulkan.VulkanUnavailableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code csir render --backend vulkan}: the examples drawn on Vulkan match the software images,
 * and a machine without a Vulkan driver gets one line and exit 1, no stack trace.
 */
class VulkanRenderTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path dir;

    /** Skips where this machine has no Vulkan; fails instead under CI. */
    private static void requireVulkan() throws GfxException {
        try {
            VulkanDevice.open(false).close();
        } catch (VulkanUnavailableException e) {
            String why = e.getMessage() + "; .ci/run installs mesa-vulkan-drivers libvulkan1 vulkan-validationlayers";
            if (System.getenv("CI") != null) {
                fail(why + "; CI does not skip the Vulkan tests");
            }
            System.out.println("SKIPPED: " + why);
            Assumptions.abort(why);
        }
    }

    /** Every shipped example (as examples/render-all.sh draws them), and the lit shader on the triangle. */
    @ParameterizedTest(name = "{0} + {1} on {2} {3}")
    @CsvSource({"lit.vert, lit.frag, cube, ''", "lit.vert, blinn.frag, cube, --uniform=time=0.7",
        "textured.vert, textured.frag, quad, ''", "fullscreen.vert, rings.frag, quad, '--uniform=resolution=96,96'",
        "fullscreen.vert, cutout.frag, quad, '--clear=0.2,0.2,0.2,1'", "lit.vert, lit.frag, triangle, ''"})
    void vulkanDrawsWhatSoftwareDraws(String vs, String fs, String mesh, String extra) throws Exception {
        requireVulkan();
        String[] common = {"render", EXAMPLES.resolve(vs).toString(), EXAMPLES.resolve(fs).toString(), "--mesh", mesh,
            "--size", "96x96"};
        if (!extra.isEmpty()) {
            common = concat(common, extra);
        }
        Path soft = dir.resolve("soft.png");
        Path vulkan = dir.resolve("vulkan.png");
        Cli.Result a = Cli.run(concat(common, "--backend", "software", "-o", soft.toString()));
        Cli.Result b = Cli.run(concat(common, "--backend", "vulkan", "-o", vulkan.toString()));
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(b.status()).as(b.err()).isZero();
        assertThat(b.out()).isEqualTo("rendered " + vulkan + " (96x96) with vulkan\n");
        byte[] x = Png.decodeTexture(Files.readAllBytes(soft)).rgba();
        byte[] y = Png.decodeTexture(Files.readAllBytes(vulkan)).rgba();
        int close = 0;
        for (int i = 0; i < x.length; i += 4) {
            int d = 0;
            for (int c = 0; c < 4; c++) {
                d = Math.max(d, Math.abs((x[i + c] & 0xff) - (y[i + c] & 0xff)));
            }
            close += d <= 2 ? 1 : 0;
        }
        int pixels = x.length / 4;
        System.out.printf("render %s + %s on %s: vulkan vs software %d of %d pixels within 2/255%n", vs, fs, mesh,
                close, pixels);
        assertThat(close).isGreaterThanOrEqualTo((int) Math.ceil(pixels * 0.995));
    }

    /**
     * Without a driver (the loader pointed at none, in a child JVM) the command says so in one
     * line and exits 1, writing nothing; the same command on software still renders there.
     */
    @Test
    void withoutADriverTheErrorIsOneLine() throws Exception {
        Path out = dir.resolve("none.png");
        String[] render = {"render", EXAMPLES.resolve("lit.vert").toString(), EXAMPLES.resolve("lit.frag").toString(),
            "--size", "16x16", "-o", out.toString()};
        Child vulkan = child(concat(render, "--backend", "vulkan"));
        assertThat(vulkan.status()).as(vulkan.err()).isEqualTo(Main.REJECTED);
        assertThat(vulkan.err().strip()).startsWith("csir render: vulkan failed: no Vulkan")
                .doesNotContain("\n").doesNotContain("Exception");
        assertThat(out).doesNotExist();
        Child software = child(concat(render, "--backend", "software"));
        assertThat(software.status()).as(software.err()).isZero();
        assertThat(out).exists();
    }

    private record Child(int status, String err) {
    }

    /** Runs the CLI in a JVM whose Vulkan loader finds no driver file. */
    private static Child child(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dorg.lwjgl.system.memoryBackend=ffm",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("VK_ICD_FILENAMES", "/nonexistent/csir-no-driver.json");
        pb.environment().put("VK_DRIVER_FILES", "/nonexistent/csir-no-driver.json");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the child CLI did not finish in 60 s");
        }
        return new Child(p.exitValue(), err);
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
