package dev.csir.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** What every csir command shares: its streams, and output that never destroys a file. */
abstract class Subcommand {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** "csir NAME: " before a message of this command. */
    String prefix() {
        return "csir " + spec.name() + ": ";
    }

    /** Standard output as bytes, after whatever text was printed before. */
    OutputStream stdout() {
        return main.stdout(spec.commandLine());
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
