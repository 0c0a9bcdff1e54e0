package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.testing.Shared;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The real-world shaders of {@code ../shared/corpus/realworld}: how many compile, and the first
 * error of each that does not (printed, so the remaining blockers are visible). The figure may
 * only grow: a change that makes fewer of them compile fails here. The {@code sw_} shaders are
 * written for Vulkan (glslang accepts them with {@code -V}) and compile with the Vulkan client.
 */
class RealWorldCorpusTest {
    /** Shaders of the corpus that compile today; raise it when more do. */
    static final int COMPILED_AT_LEAST = 20;

    @Test
    void countsTheShadersThatCompile() throws Exception {
        var root = Shared.root().map(r -> r.resolve("corpus/realworld")).filter(Files::isDirectory);
        Assumptions.assumeTrue(root.isPresent(), "shared real-world corpus absent");
        List<Path> files;
        try (Stream<Path> s = Files.list(root.get())) {
            files = s.filter(p -> p.toString().endsWith(".vert") || p.toString().endsWith(".frag")).sorted().toList();
        }
        int compiled = 0;
        Map<String, Integer> blockers = new TreeMap<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            Stage stage = name.endsWith(".vert") ? Stage.VERTEX : Stage.FRAGMENT;
            CompileOptions options = name.startsWith("sw_") ? CompileOptions.DEFAULT.withClient(Client.VULKAN)
                    : CompileOptions.DEFAULT;
            CompileResult r = ShaderCompiler.compile(stage, name, Files.readString(f), options);
            if (r.ok()) {
                compiled++;
                System.out.println("realworld: " + name + ": compiles");
            } else {
                var first = r.diagnostics().stream().filter(d -> d.isError()).findFirst().orElseThrow();
                System.out.println("realworld: " + name + ": " + first.header());
                String head = first.message().replaceAll("'[^']*'", "'…'");
                blockers.merge(head, 1, Integer::sum);
            }
        }
        System.out.println("realworld: " + compiled + " of " + files.size() + " compile; first errors " + blockers);
        assertThat(files).hasSize(20);
        assertThat(compiled).isGreaterThanOrEqualTo(COMPILED_AT_LEAST);
    }
}
