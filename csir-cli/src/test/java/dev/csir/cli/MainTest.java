package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {

    record Result(int status, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(status, out.toString(), err.toString());
    }

    @Test
    void versionNamesTheTool() {
        Result r = run("--version");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("csir ").doesNotContain("unknown");
    }

    @Test
    void unknownOptionIsAUsageError() {
        Result r = run("--frobnicate");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("frobnicate");
    }
}
