package dev.csir.lang;

import dev.csir.diag.Messages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finds and reads the files {@code #include} names, within {@link Preprocessor#MAX_INCLUDE_BYTES}. */
final class IncludeFiles {
    private IncludeFiles() {
    }

    /** The first regular file {@code name} names in {@code dirs}, in order; null when none does. */
    static Path find(String name, List<Path> dirs) {
        for (Path d : dirs) {
            try {
                Path p = d.resolve(name);
                if (Files.isRegularFile(p)) {
                    return p;
                }
            } catch (RuntimeException e) { // a name that is no path on this platform
                return null;
            }
        }
        return null;
    }

    /**
     * The UTF-8 bytes of a file (a leading byte-order mark dropped), or the message of why not: it
     * cannot be read, or it is larger than one file may be or than {@code budget} bytes.
     */
    static Object read(Path file, String name, long budget) {
        try {
            long size = Files.size(file);
            if (size > Preprocessor.MAX_INCLUDE_BYTES || size > budget) {
                return Messages.includeTooLarge(name, Preprocessor.MAX_INCLUDE_BYTES);
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (text.startsWith(Lexer.BOM)) {
                text = text.substring(Lexer.BOM.length());
            }
            return text.getBytes(StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return Messages.includeUnreadable(name, e.getClass().getSimpleName());
        }
    }
}
