package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csir.testing.Shared;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code csir compile} over the original's shaders: those it compiled compile here, those it
 * rejected are rejected with the same first error (its log prints the header over two lines).
 */
class ConformanceCliTest {

    @Test
    void everyConformanceShaderCompilesOrFailsAsTheOriginalDid() throws IOException {
        Optional<Path> conf = Shared.conformance();
        assumeTrue(conf.isPresent(), "../shared/conformance is absent");
        Path shaders = conf.get().resolve("shaders");
        Path golden = conf.get().resolve("golden");
        List<Path> files;
        try (Stream<Path> s = Files.list(shaders)) {
            files = s.filter(p -> !p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(30);
        int compiled = 0;
        int rejected = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            Path log = golden.resolve("errors/" + name + ".log.txt");
            Cli.Result r = Cli.run("compile", file.toString());
            // GLSL accepts pp.vert's "#extension GL_ARB_gpu_shader5 : enable", which the original
            // refused (see ConformanceCompileTest.NOW_ACCEPTED)
            if (Files.exists(log) && !name.equals("pp.vert")) {
                List<String> lines = Files.readAllLines(log);
                // sw.vert's bad swizzle is shown where it is, not at the original's 1:1
                // (see ConformanceCompileTest.LOCATED_WHERE_IT_IS)
                String where = name.equals("sw.vert") ? "sw.vert:1:60:" : lines.get(0).replace("fuzz.vert:", name + ":");
                String expected = where + " " + lines.get(1);
                assertThat(r.status()).as(name).isEqualTo(Main.REJECTED);
                assertThat(r.err().lines().findFirst().orElse("")).as(name).isEqualTo(expected);
                rejected++;
            } else {
                assertThat(r.status()).as(name + ": " + r.err()).isZero();
                assertThat(r.out()).as(name).startsWith(name.endsWith(".frag") ? "FRAG\n" : "VERT\n");
                compiled++;
            }
        }
        assertThat(rejected).isGreaterThanOrEqualTo(11);
        assertThat(compiled).isGreaterThanOrEqualTo(25);
    }
}
