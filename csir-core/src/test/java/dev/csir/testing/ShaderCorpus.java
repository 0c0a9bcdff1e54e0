package dev.csir.testing;

import dev.csir.types.ShaderStage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The shaders csir compiles today, as one list for the tests that run every one of them through
 * a stage: the shipped examples, the optimizer's test sources and, when {@code ../shared} is
 * present, the conformance corpus (those of its files that are vertex or fragment shaders).
 */
public final class ShaderCorpus {
    private ShaderCorpus() {
    }

    /** One shader: its file name, stage and source. */
    public record Source(String name, ShaderStage stage, String text) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static List<Source> all() {
        List<Source> out = new ArrayList<>(files(Path.of("..", "examples")));
        for (String[] s : TestSources.ALL) {
            out.add(new Source(s[0], stageOf(s[0]), s[1]));
        }
        Optional<Path> conformance = Shared.conformance();
        conformance.ifPresent(c -> out.addAll(files(c.resolve("shaders"))));
        return out;
    }

    /** Whether the conformance shaders are in {@link #all()}. */
    public static boolean hasConformance() {
        return Shared.conformance().isPresent();
    }

    /** The vertex and fragment shaders of a folder, by name. */
    public static List<Source> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<Source> out = new ArrayList<>();
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".vert") || name.endsWith(".frag")) {
                    out.add(new Source(name, stageOf(name), Files.readString(p)));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ShaderStage stageOf(String name) {
        return name.endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT;
    }
}
