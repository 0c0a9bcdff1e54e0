package dev.csir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code csir} command: a shader compiler toolkit for VirGL and the CPU. */
@Command(name = "csir", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Compiles GLSL-like shaders to CSIR and TGSI, runs and renders them.",
        subcommands = {CompileCommand.class, LinkCommand.class, RenderCommand.class, DumpCommand.class, VerifyCommand.class, TgsiCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements java.util.concurrent.Callable<Integer> {

    /** Exit status when every input was accepted. */
    public static final int OK = 0;
    /** Exit status when an input was rejected. */
    public static final int REJECTED = 1;
    /** Exit status for a usage error. */
    public static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // No command: show what there is, to standard error, as a usage error.
        spec.commandLine().usage(spec.commandLine().getErr());
        return USAGE;
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command with the given streams and returns the exit status (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        int status = cl.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExitCodeExceptionMapper(e -> USAGE);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("csir: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try 'csir " + commandPath(ex.getCommandLine()) + "--help'.");
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, r) -> {
            c.getErr().println("csir: internal error: " + ex);
            return USAGE + 1;
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
