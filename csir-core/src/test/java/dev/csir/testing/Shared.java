package dev.csir.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

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
}
