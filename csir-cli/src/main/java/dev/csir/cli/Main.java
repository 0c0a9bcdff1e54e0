package dev.csir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code csir} command: a shader compiler toolkit for VirGL and the CPU. */
@Command(name = "csir", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Compiles GLSL-like shaders to CSIR and TGSI, runs and renders them.",
        footer = {"", Main.EXIT_STATUS},
        subcommands = {CompileCommand.class, LinkCommand.class, RenderCommand.class, DumpCommand.class, VerifyCommand.class, TgsiCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements java.util.concurrent.Callable<Integer> {

    /** Exit status when every input was accepted. */
    public static final int OK = 0;
    /** Exit status when an input was rejected. */
    public static final int REJECTED = 1;
    /** Exit status for a usage error. */
    public static final int USAGE = 2;
    /** Exit status when csir itself failed (a bug to report). */
    public static final int INTERNAL = 3;

    /** The exit-status contract, as every command's help states it. */
    static final String EXIT_STATUS = "Exit status: 0 done; 1 an input was rejected (a compile, link or I/O"
            + " error, bad file contents); 2 the command line was wrong (unknown option, malformed value);"
            + " 3 csir itself failed (please report it).";

    /** Standard output as bytes, for binary output to {@code -o -}; text goes through picocli's writer. */
    private final OutputStream stdout;

    private Main(OutputStream stdout) {
        this.stdout = stdout;
    }

    /** Standard output as a byte stream; flushes the text writer first so the two never interleave. */
    OutputStream stdout(CommandLine cl) {
        cl.getOut().flush();
        return stdout;
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // No command: show what there is, to standard error, as a usage error.
        spec.commandLine().usage(spec.commandLine().getErr());
        return USAGE;
    }

    public static void main(String[] args) {
        PrintStream stdout = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        System.exit(run(args, stdout, new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true)));
    }

    /** Runs the command with the given streams and returns the exit status (used by tests). */
    public static int run(String[] args, OutputStream out, PrintWriter err) {
        PrintWriter text = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        CommandLine cl = commandLine(out);
        cl.setOut(text);
        cl.setErr(err);
        int status = cl.execute(args);
        text.flush();
        err.flush();
        return status;
    }

    static CommandLine commandLine(OutputStream stdout) {
        CommandLine cl = new CommandLine(new Main(stdout));
        // a single-value option given twice takes the last value, as compilers do
        cl.setOverwrittenOptionsAllowed(true);
        cl.setExitCodeExceptionMapper(e -> USAGE);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println(("csir " + commandPath(ex.getCommandLine())).trim() + ": "
                    + ex.getMessage());
            ex.getCommandLine().getErr().println("Try 'csir " + commandPath(ex.getCommandLine()) + "--help'.");
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, r) -> {
            c.getErr().println("csir: internal error (please report it): " + ex);
            return INTERNAL;
        });
        return cl;
    }

    private static String commandPath(CommandLine cl) {
        String path = cl.getCommandSpec().qualifiedName(" ");
        path = path.startsWith("csir") ? path.substring(4).trim() : path;
        return path.isEmpty() ? "" : path + " ";
    }

    /** Reads the version Maven filtered into the jar. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"csir " + p.getProperty("version", "unknown"),
                "Java " + Runtime.version()};
        }
    }
}
