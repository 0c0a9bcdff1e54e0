package dev.csir.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs {@code glslangValidator}, the reference compiler, on sources: a test that needs it skips
 * with the reason printed where it is not installed (Debian's glslang-tools), and fails under CI.
 */
public final class Glslang {
    private static Boolean present;

    private Glslang() {
    }

    /** Skips the calling test (fails it under CI) when glslangValidator is not installed. */
    public static void requireTool() {
        if (present == null) {
            try {
                Process p = new ProcessBuilder("glslangValidator", "--version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                present = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException | InterruptedException e) {
                present = false;
            }
        }
        if (!present) {
            String why = "glslangValidator (Debian package glslang-tools) is not installed";
            if (System.getenv("CI") != null) {
                fail(why + "; CI does not skip the glslang checks");
            }
            System.out.println("skipped: " + why);
            Assumptions.abort(why);
        }
    }

    /**
     * Compiles one shader as OpenGL GLSL ({@code glslangValidator FILE}, the stage from the
     * extension of {@code fileName}); returns the validator's complaint, or null when it is valid.
     * Warnings do not make it invalid.
     */
    public static String validate(String fileName, String source) throws IOException, InterruptedException {
        return validate(fileName, source, false);
    }

    /**
     * As {@link #validate(String, String)}, with Vulkan semantics when {@code vulkan} is set
     * ({@code glslangValidator -V}, which also writes SPIR-V, here to a temporary file).
     */
    public static String validate(String fileName, String source, boolean vulkan)
            throws IOException, InterruptedException {
        return run(fileName, source, vulkan, false);
    }

    /**
     * As {@link #validate(String, String)}, then linked as a program of that one stage
     * ({@code glslangValidator -l FILE}): what a csir compile of a stage also checks, such as
     * recursion and a called function that has no body, which glslang finds when linking.
     */
    public static String validateLinked(String fileName, String source) throws IOException, InterruptedException {
        return run(fileName, source, false, true);
    }

    private static String run(String fileName, String source, boolean vulkan, boolean link)
            throws IOException, InterruptedException {
        requireTool();
        Path dir = Files.createTempDirectory("csir-glslang-");
        try {
            Path f = Files.writeString(dir.resolve(fileName), source);
            List<String> command = vulkan
                    ? List.of("glslangValidator", "-V", f.toString(), "-o", dir.resolve("out.spv").toString())
                    : link ? List.of("glslangValidator", "-l", f.toString()) : List.of("glslangValidator", f.toString());
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "glslangValidator did not finish in 60 s";
            }
            return p.exitValue() == 0 ? null : out.strip();
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(q);
                }
            }
        }
    }

    /**
     * Compiles each source as a shader of its own, all in one {@code glslangValidator} run (it
     * prints each file's name, then that file's messages): for each, whether it is valid.
     * {@code extension} names the stage ({@code frag}, {@code vert}).
     */
    public static boolean[] validateEach(List<String> sources, String extension)
            throws IOException, InterruptedException {
        requireTool();
        Path dir = Files.createTempDirectory("csir-glslang-");
        try {
            List<String> command = new ArrayList<>(List.of("glslangValidator"));
            List<String> names = new ArrayList<>();
            for (int i = 0; i < sources.size(); i++) {
                Path f = Files.writeString(dir.resolve(String.format("p%05d.%s", i, extension)), sources.get(i));
                command.add(f.toString());
                names.add(f.toString());
            }
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("glslangValidator did not finish in 120 s");
            }
            boolean[] valid = new boolean[sources.size()];
            java.util.Arrays.fill(valid, true);
            int current = -1;
            int seen = 0;
            for (String line : out.split("\n")) {
                String l = line.strip();
                if (seen < names.size() && l.equals(names.get(seen))) {
                    current = seen++;
                } else if (current >= 0 && l.startsWith("ERROR:")) {
                    valid[current] = false;
                }
            }
            if (seen != names.size()) {
                fail("glslangValidator reported " + seen + " of " + names.size() + " files:\n" + out);
            }
            return valid;
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(q);
                }
            }
        }
    }

    /**
     * Compiles a vertex and a fragment shader and links them ({@code glslangValidator -l}); returns
     * the validator's complaint, or null when both are valid and link.
     */
    public static String validatePair(String vertex, String fragment) throws IOException, InterruptedException {
        requireTool();
        Path dir = Files.createTempDirectory("csir-glslang-");
        try {
            Path vs = Files.writeString(dir.resolve("pair.vert"), vertex);
            Path fs = Files.writeString(dir.resolve("pair.frag"), fragment);
            Process p = new ProcessBuilder("glslangValidator", "-l", vs.toString(), fs.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "glslangValidator did not finish in 60 s";
            }
            return p.exitValue() == 0 ? null : out.strip();
        } finally {
            List<Path> paths = new ArrayList<>();
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(paths::add);
            }
            for (Path q : paths) {
                Files.deleteIfExists(q);
            }
        }
    }
}
