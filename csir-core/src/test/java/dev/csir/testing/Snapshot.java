package dev.csir.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Snapshot assertions: compares text with {@code src/test/resources/snapshots/PATH}. Run the
 * tests with {@code -Dcsir.updateSnapshots=true} to (re)write the files; the change is then a
 * reviewed diff.
 */
public final class Snapshot {
    private static final Path ROOT = Path.of("src", "test", "resources", "snapshots");

    private Snapshot() {
    }

    public static void assertMatches(String path, String actual) {
        Path file = ROOT.resolve(path);
        try {
            if (Boolean.getBoolean("csir.updateSnapshots")) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            assertThat(file).as("snapshot %s is missing; run with -Dcsir.updateSnapshots=true", file).exists();
            String expected = Files.readString(file, StandardCharsets.UTF_8);
            assertThat(actual).as("snapshot %s", path).isEqualTo(expected);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
