package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A one-shot compile links no invokedynamic call site that the JDK's ahead-of-time cache cannot
 * keep: no pattern switch (SwitchBootstraps spins a class for each site at its first use) and no
 * record's own equals, hashCode or toString (ObjectMethods builds method handles for each), which
 * together cost a small compile about 30 ms of its start. Checked in a child JVM that logs the
 * classes it initializes, compiling the examples (vertex and fragment, samplers, uniforms) to
 * SPIR-V and to TGSI.
 */
class StartupPathTest {
    private static final List<String> FORBIDDEN = List.of("java/lang/runtime/SwitchBootstraps",
            "java/lang/runtime/ObjectMethods");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"spv", "tgsi"})
    void compilingTheExamplesLinksNoSwitchOrRecordMethodSite(String emit) throws Exception {
        Path examples = Path.of(System.getProperty("user.dir")).getParent().resolve("examples");
        List<String> args = new ArrayList<>(List.of("compile", "--emit", emit, "-o", dir.toString()));
        try (Stream<Path> files = Files.list(examples)) {
            files.map(Path::toString).filter(f -> f.endsWith(".vert") || f.endsWith(".frag")).sorted()
                    .forEach(args::add);
        }
        assertThat(args).hasSizeGreaterThan(8);
        Path log = dir.resolve("init.log");
        String err = child(log, args);
        String initialized = Files.readString(log, StandardCharsets.UTF_8);
        // the log does see the compile's classes, so a missing line below means something
        assertThat(initialized).as(err).contains("Initializing 'dev/csir/cli/Main'",
                "Initializing 'dev/csir/sema/Checker'");
        List<String> linked = initialized.lines()
                .filter(line -> FORBIDDEN.stream().anyMatch(b -> line.contains("Initializing '" + b + "'"))).toList();
        assertThat(linked).as("a pattern switch or a record's own equals, hashCode or toString is on the one-shot"
                + " compile path; use instanceof, or write the methods out (see dev.csir.types.Type)").isEmpty();
    }

    /** Runs the CLI in a child JVM that logs class initialization to {@code log}; its standard error. */
    private static String child(Path log, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+init=info:file=" + log, "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the child CLI did not finish in 60 s");
        }
        assertThat(p.exitValue()).as(err).isZero();
        return err;
    }
}
