package dev.csir.cli;

import dev.csir.cli.args.ArgParser;
import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.HelpText;
import dev.csir.cli.args.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The {@code csir} command: a shader compiler toolkit for VirGL and the CPU. It picks the
 * command from the first argument and hands the rest to {@link ArgParser} against the command's
 * own {@link CommandSpec}; nothing is looked up by reflection, so a one-shot compile starts fast.
 */
public final class Main {

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

    private static final Map<String, Supplier<Subcommand>> COMMANDS = new LinkedHashMap<>();

    /** Whether the command that ran left shutdown hooks to run ({@link Subcommand#leavesShutdownHooks}). */
    private static boolean shutdownHooks;

    static {
        COMMANDS.put("compile", CompileCommand::new);
        COMMANDS.put("link", LinkCommand::new);
        COMMANDS.put("render", RenderCommand::new);
        COMMANDS.put("dump", DumpCommand::new);
        COMMANDS.put("verify", VerifyCommand::new);
        COMMANDS.put("tgsi", TgsiCommand::new);
    }

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream stdout = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int status = run(args, stdout, err);
        stdout.flush();
        System.out.flush();
        System.err.flush();
        if (shutdownHooks) {
            System.exit(status);
        }
        // System.exit first asks for the System.Logger of java.lang.Runtime (which logs exits at
        // debug level): a service-loader search of the class path and the runtime image, about 5 ms
        // of a one-shot compile. No shutdown hook has anything to do, so the JVM halts at once.
        Runtime.getRuntime().halt(status);
    }

    /** Runs the command with the given streams and returns the exit status (used by tests). */
    public static int run(String[] args, OutputStream out, PrintWriter err) {
        PrintWriter text = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        try {
            return dispatch(args, out, text, err);
        } finally {
            text.flush();
            err.flush();
        }
    }

    private static int dispatch(String[] rawArgs, OutputStream out, PrintWriter text, PrintWriter err) {
        List<String> args;
        try {
            args = ArgParser.expandArgumentFiles(Arrays.asList(rawArgs));
        } catch (UsageException e) {
            return usageError(err, top(), e.getMessage());
        }
        if (args.isEmpty()) {
            // no command: show what there is, to standard error, as a usage error
            err.print(topHelp());
            return USAGE;
        }
        String first = args.getFirst();
        List<String> rest = args.subList(1, args.size());
        switch (first) {
            case "-h", "--help" -> {
                text.print(topHelp());
                return OK;
            }
            case "-V", "--version" -> {
                text.println(version());
                return OK;
            }
            case "help" -> {
                return help(rest, text, err);
            }
            default -> {
            }
        }
        Supplier<Subcommand> make = COMMANDS.get(first);
        if (make == null) {
            return usageError(err, top(), first.startsWith("-") ? "Unknown option: '" + first + "'"
                    : "Unknown command: '" + first + "' (the commands are " + String.join(", ", COMMANDS.keySet()) + ")");
        }
        Subcommand command = make.get();
        shutdownHooks |= command.leavesShutdownHooks();
        CommandSpec spec = command.spec();
        try {
            if (ArgParser.parse(spec, rest) == ArgParser.Outcome.HELP) {
                text.print(HelpText.of(spec));
                return OK;
            }
        } catch (UsageException e) {
            return usageError(err, spec, e.getMessage());
        }
        command.bind(spec.name(), text, err, out);
        try {
            return command.call();
        } catch (RuntimeException e) {
            err.println("csir: internal error (please report it): " + e);
            return INTERNAL;
        }
    }

    private static int help(List<String> rest, PrintWriter text, PrintWriter err) {
        if (rest.isEmpty()) {
            text.print(topHelp());
            return OK;
        }
        Supplier<Subcommand> make = COMMANDS.get(rest.getFirst());
        if (make == null || rest.size() > 1) {
            return usageError(err, top(), "Unknown command: '" + String.join(" ", rest) + "'");
        }
        text.print(HelpText.of(make.get().spec()));
        return OK;
    }

    private static int usageError(PrintWriter err, CommandSpec spec, String message) {
        err.println(spec.path() + ": " + message);
        err.println("Try '" + spec.path() + " --help'.");
        return USAGE;
    }

    private static CommandSpec top() {
        return new CommandSpec("", "Compiles GLSL shaders to CSIR, TGSI and SPIR-V, runs and renders them.")
                .footer(EXIT_STATUS);
    }

    private static String topHelp() {
        Map<String, String> headers = new LinkedHashMap<>();
        COMMANDS.forEach((name, make) -> headers.put(name, make.get().spec().header()));
        headers.put("help", "Shows the help of a command: csir help COMMAND.");
        return HelpText.ofCommands(top(), headers);
    }

    /** The version Maven filtered into the jar, and the Java runtime's. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // the version stays unknown
        }
        return "csir " + p.getProperty("version", "unknown") + "\nJava " + Runtime.version();
    }
}
