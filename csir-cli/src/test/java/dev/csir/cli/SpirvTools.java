package dev.csir.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** spirv-val and spirv-as (Debian's spirv-tools) for the CLI tests; skip without them, fail under CI. */
final class SpirvTools {
    private SpirvTools() {
    }

    static void require() {
        boolean have;
        try {
            have = new ProcessBuilder("spirv-val", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            have = false;
        }
        if (!have && System.getenv("CI") != null) {
            throw new AssertionError("spirv-val is missing under CI (.ci/run installs spirv-tools)");
        }
        Assumptions.assumeTrue(have, "spirv-tools is not installed");
    }

    /** spirv-val's complaint about a file, or the empty string when it accepts it. */
    static String validate(Path spv) throws IOException, InterruptedException {
        require();
        return run("spirv-val", "--target-env", "vulkan1.0", spv.toString());
    }

    /** The words spirv-as makes of a text, numeric ids kept. */
    static byte[] assemble(Path text) throws IOException, InterruptedException {
        require();
        Path out = Files.createTempFile("csir-", ".spv");
        try {
            String complaint = run("spirv-as", "--preserve-numeric-ids", "--target-env", "spv1.0", "-o", out.toString(),
                    text.toString());
            if (!complaint.isEmpty()) {
                throw new AssertionError("spirv-as: " + complaint);
            }
            return Files.readAllBytes(out);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return p.exitValue() == 0 ? "" : log.strip();
    }
}
