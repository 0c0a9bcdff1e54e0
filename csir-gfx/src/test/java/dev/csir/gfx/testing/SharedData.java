package dev.csir.gfx.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Locates {@code ../shared} (conformance data beside the checkout), which may be absent. */
public final class SharedData {
    private SharedData() {
    }

    public static Optional<Path> root() {
        String prop = System.getProperty("csir.shared");
        Path p = prop != null && !prop.isBlank() ? Path.of(prop) : Path.of("..", "..", "shared");
        return Files.isDirectory(p) ? Optional.of(p.toAbsolutePath().normalize()) : Optional.empty();
    }

    public static Optional<Path> conformance() {
        return root().map(r -> r.resolve("conformance/chrisos")).filter(Files::isDirectory);
    }
}
