package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MainTest {

    static Cli.Result run(String... args) {
        return Cli.run(args);
    }

    @Test
    void versionNamesTheTool() {
        Cli.Result r = run("--version");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("csir ").doesNotContain("unknown");
    }

    @Test
    void noCommandPrintsUsageAsAUsageError() {
        Cli.Result r = run();
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("Usage: csir", "compile", "link", "render");
    }

    @Test
    void unknownOptionIsAUsageError() {
        Cli.Result r = run("--frobnicate");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("frobnicate");
    }
}
