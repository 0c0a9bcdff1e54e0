package dev.csir.testing;

import dev.csir.diag.Messages;
import dev.csir.lang.Lexer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Locates {@code ../shared} (the conformance data beside the project), which may be absent. */
public final class Shared {
    private Shared() {
    }

    /** The shared folder, or empty when it is not beside this checkout. */
    public static Optional<Path> root() {
        String prop = System.getProperty("csir.shared");
        Path p = prop != null && !prop.isBlank() ? Path.of(prop) : Path.of("..", "..", "shared");
        return Files.isDirectory(p) ? Optional.of(p.toAbsolutePath().normalize()) : Optional.empty();
    }

    /** The conformance folder of the original's shaders and goldens, or empty. */
    public static Optional<Path> conformance() {
        return root().map(r -> r.resolve("conformance/chrisos")).filter(Files::isDirectory);
    }

    /** The original's refusal of a {@code #version}; csir's own words name the version and the range. */
    public static final String ORIGINAL_UNSUPPORTED_VERSION = "unsupported #version for the ChrisOS GLSL subset";

    private static final Pattern VERSION = Pattern.compile("#[ \\t]*version[ \\t]+([0-9]+)");

    /**
     * A golden log's message as csir words it: the same text, except the {@code #version} refusal,
     * which csir rewords to name the version {@code source} asks for.
     */
    public static String csirWording(String goldenMessage, String source) {
        Matcher m = VERSION.matcher(source);
        if (goldenMessage.equals(ORIGINAL_UNSUPPORTED_VERSION) && m.find()) {
            return Messages.unsupportedVersion(m.group(1));
        }
        return goldenMessage;
    }
}
