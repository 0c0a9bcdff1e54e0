package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;

/** What every csir command shares: its options, its streams, and output that never destroys a file. */
abstract class Subcommand {
    private String name;
    private PrintWriter out;
    private PrintWriter err;
    private OutputStream stdout;

    /** The command's options and help; their setters fill this command's fields. */
    abstract CommandSpec spec();

    /** Runs the command once its options are set; returns the exit status. */
    abstract int call();

    /**
     * Whether running may register shutdown hooks, so that the process must end through
     * {@code System.exit}; the others end with {@code Runtime.halt}, which skips exit's logger lookup.
     */
    boolean leavesShutdownHooks() {
        return false;
    }

    /** Gives the command its streams, after a successful parse. */
    final void bind(String commandName, PrintWriter text, PrintWriter errors, OutputStream bytes) {
        this.name = commandName;
        this.out = text;
        this.err = errors;
        this.stdout = bytes;
    }

    PrintWriter out() {
        return out;
    }

    PrintWriter err() {
        return err;
    }

    /** "csir NAME: " before a message of this command. */
    String prefix() {
        return "csir " + name + ": ";
    }

    /** Standard output as bytes, after whatever text was printed before (the two never interleave). */
    OutputStream stdout() {
        out.flush();
        return stdout;
    }

    /** Writes {@code data} to {@code target} ({@code -} is standard output) as {@link OutputFiles} does. */
    void write(Path target, byte[] data) throws OutputFiles.OutputException {
        OutputFiles.write(target, data, stdout());
    }

    /** Writes and says so on standard error; on failure prints the one-line reason and returns false. */
    boolean writeReporting(Path target, byte[] data) {
        try {
            write(target, data);
            if (!OutputFiles.isStdout(target)) {
                err().println(prefix() + "wrote " + target);
            }
            return true;
        } catch (OutputFiles.OutputException e) {
            err().println(prefix() + e.getMessage());
            return false;
        }
    }
}
