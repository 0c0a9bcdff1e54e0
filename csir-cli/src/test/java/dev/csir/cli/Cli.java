package dev.csir.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in-process and captures its status and streams. */
final class Cli {
    private Cli() {
    }

    /** The exit status, standard output as text and as bytes, and standard error. */
    record Result(int status, String out, String err, byte[] outBytes) {
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int status = Main.run(args, out, new PrintWriter(err));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(), out.toByteArray());
    }
}
