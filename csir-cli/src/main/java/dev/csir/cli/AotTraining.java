package dev.csir.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The training run of the JDK's ahead-of-time cache ({@code ./csir} makes the cache once per
 * build with {@code -XX:AOTCacheOutput} and this main class). The cache keeps the classes this
 * run loaded and the lambdas it linked, so it runs what one-shot commands run: a compile of the
 * examples to SPIR-V and to TGSI (the default), and a GLSL for Vulkan compile. A command the
 * run leaves out still works, only starting more slowly (a small compile to TGSI took 128 ms
 * with a cache trained on SPIR-V alone, 78 ms with this one).
 *
 * <p>Usage: {@code AotTraining EXAMPLES_DIR SCRATCH_DIR}; the outputs go to the scratch
 * directory, and the commands' messages nowhere.
 */
public final class AotTraining {
    /** A fragment shader for the Vulkan client: locations, a uniform block and a sampler binding. */
    static final String VULKAN_SHADER = """
            #version 450
            layout(location = 0) in vec2 uv;
            layout(location = 0) out vec4 color;
            layout(set = 0, binding = 0) uniform Tint { vec4 tint; };
            layout(set = 0, binding = 1) uniform sampler2D image;
            void main() { color = texture(image, uv) * tint; }
            """;

    private AotTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: AotTraining EXAMPLES_DIR SCRATCH_DIR");
            System.exit(Main.USAGE);
        }
        Path scratch = Path.of(args[1]);
        List<String> shaders = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of(args[0]))) {
            files.map(Path::toString).filter(f -> f.endsWith(".vert") || f.endsWith(".frag")).sorted()
                    .forEach(shaders::add);
        }
        Path vulkan = Files.writeString(scratch.resolve("vulkan.frag"), VULKAN_SHADER, StandardCharsets.UTF_8);
        int failed = 0;
        for (String emit : List.of("spv", "tgsi")) {
            List<String> command = new ArrayList<>(List.of("compile", "--emit", emit, "-o", scratch.toString()));
            command.addAll(shaders);
            failed += run(command);
        }
        failed += run(List.of("compile", "--client", "vulkan", "--emit", "spv", "-o",
                scratch.resolve("vulkan.spv").toString(), vulkan.toString()));
        // a failing command trains as well as one that succeeds; the status only tells the log
        System.err.println("csir: trained the start-up cache on 3 commands, " + failed + " failed");
    }

    private static int run(List<String> command) {
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        return Main.run(command.toArray(String[]::new), OutputStream.nullOutputStream(), quiet) == Main.OK ? 0 : 1;
    }
}
