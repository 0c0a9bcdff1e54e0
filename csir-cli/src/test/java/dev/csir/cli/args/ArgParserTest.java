package dev.csir.cli.args;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The option syntax every command shares, against a spec with each kind of option and parameter. */
class ArgParserTest {
    @TempDir
    Path dir;

    private final List<String> defines = new ArrayList<>();
    private final List<String> files = new ArrayList<>();
    private String emit;
    private String output;
    private Boolean debug;
    private boolean noOpt;
    private String size;

    private CommandSpec spec() {
        return new CommandSpec("compile", "Compiles.")
                .positional("FILE", 1, Positional.MANY, "Sources.", files::add)
                .option("--emit", "KIND", "What.", v -> emit = v)
                .option("-o, --output", "OUT", "Where.", v -> output = v)
                .option("-D, --define", "NAME", "Macro.", defines::add)
                .option("--size", "WxH", "Size.", v -> {
                    if (!v.contains("x")) {
                        throw new UsageException("'" + v + "' is not WxH");
                    }
                    size = v;
                })
                .negatable("--debug-info", "Debug.", v -> debug = Boolean.valueOf(v))
                .flag("--no-opt", "No optimizer.", () -> noOpt = true);
    }

    @BeforeEach
    void reset() {
        defines.clear();
        files.clear();
        emit = output = size = null;
        debug = null;
        noOpt = false;
    }

    private ArgParser.Outcome parse(String... args) throws UsageException {
        return ArgParser.parse(spec(), ArgParser.expandArgumentFiles(List.of(args)));
    }

    private static String failure(ThrowingParse p) {
        try {
            p.run();
        } catch (UsageException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected a usage error");
    }

    @FunctionalInterface
    private interface ThrowingParse {
        void run() throws UsageException;
    }

    @Test
    void everyValueSpellingAndOptionsAmongTheFiles() throws UsageException {
        assertThat(parse("a.vert", "--emit", "spv", "-ob.spv", "-DX=1", "--define=Y", "-D", "Z", "b.frag",
                "--debug-info", "--no-opt")).isEqualTo(ArgParser.Outcome.RUN);
        assertThat(files).containsExactly("a.vert", "b.frag");
        assertThat(emit).isEqualTo("spv");
        assertThat(output).isEqualTo("b.spv");
        assertThat(defines).containsExactly("X=1", "Y", "Z");
        assertThat(debug).isTrue();
        assertThat(noOpt).isTrue();
    }

    @Test
    void theLastValueWinsAndNegationTurnsOff() throws UsageException {
        parse("--emit", "ast", "--emit=tgsi", "--debug-info", "--no-debug-info", "-o", "-", "x.vert");
        assertThat(emit).isEqualTo("tgsi");
        assertThat(debug).isFalse();
        // "-" is a value here, and a positional parameter on its own
        assertThat(output).isEqualTo("-");
        parse("-", "--output=-x");
        assertThat(files).containsExactly("x.vert", "-");
        assertThat(output).isEqualTo("-x");
    }

    @Test
    void doubleDashEndsTheOptions() throws UsageException {
        parse("--", "--emit", "-o");
        assertThat(files).containsExactly("--emit", "-o");
        assertThat(emit).isNull();
    }

    @Test
    void helpWinsWhereverItIs() throws UsageException {
        assertThat(parse("a.vert", "--help", "--bogus")).isEqualTo(ArgParser.Outcome.HELP);
        assertThat(parse("-h")).isEqualTo(ArgParser.Outcome.HELP);
    }

    @Test
    void wrongCommandLinesNameWhatIsWrong() {
        assertThat(failure(() -> parse("a.vert", "--bogus"))).isEqualTo("Unknown option: '--bogus'");
        assertThat(failure(() -> parse("a.vert", "-x"))).isEqualTo("Unknown option: '-x'");
        assertThat(failure(() -> parse("a.vert", "--emit"))).isEqualTo(
                "Missing required parameter for option '--emit' (KIND)");
        assertThat(failure(() -> parse("a.vert", "--no-opt=yes"))).contains("'--no-opt' takes no value");
        assertThat(failure(() -> parse("a.vert", "--no-emit"))).isEqualTo("Unknown option: '--no-emit'");
        assertThat(failure(() -> parse("--emit", "spv"))).isEqualTo("Missing required parameter: 'FILE'");
        assertThat(failure(() -> parse("a.vert", "--size", "big"))).isEqualTo(
                "Invalid value for option '--size': 'big' is not WxH");
    }

    @Test
    void positionalGroupsTakeTheirCountsInOrder() throws UsageException {
        List<String> got = new ArrayList<>();
        CommandSpec link = new CommandSpec("link", "Links.")
                .positional("VS", 1, 1, "Vertex.", v -> got.add("VS=" + v))
                .positional("FS", 1, 1, "Fragment.", v -> got.add("FS=" + v));
        ArgParser.parse(link, List.of("a.vert", "b.frag"));
        assertThat(got).containsExactly("VS=a.vert", "FS=b.frag");
        assertThat(failure(() -> ArgParser.parse(link, List.of("a.vert")))).isEqualTo(
                "Missing required parameter: 'FS'");
        assertThat(failure(() -> ArgParser.parse(link, List.of("a", "b", "c")))).isEqualTo(
                "Unexpected argument: 'c'");
    }

    @Test
    void requiredOptionsMustBeGiven() {
        CommandSpec render = new CommandSpec("render", "Renders.")
                .requiredOption("-o, --output", "OUT.png", "The PNG.", v -> { });
        assertThat(failure(() -> ArgParser.parse(render, List.of()))).isEqualTo(
                "Missing required option: '-o, --output=OUT.png'");
    }

    @Test
    void argumentFilesHoldWordsQuotesAndComments() throws IOException, UsageException {
        Path args = Files.writeString(dir.resolve("args"), """
                # options for the build
                --emit spv
                  -D "NAME=two words" -D 'Q="x"'
                a.vert
                """);
        parse("@" + args, "--emit", "tgsi", "@@literal");
        assertThat(emit).isEqualTo("tgsi");
        assertThat(defines).containsExactly("NAME=two words", "Q=\"x\"");
        assertThat(files).containsExactly("a.vert", "@literal");
        assertThat(failure(() -> parse("@" + dir.resolve("absent")))).startsWith("cannot read argument file");
        Path open = Files.writeString(dir.resolve("open"), "--emit 'spv\n");
        assertThat(failure(() -> parse("@" + open))).contains("unclosed quote");
    }

    @Test
    void helpListsEveryOptionWrappedToEightyColumns() {
        String help = HelpText.of(spec().describe("A long paragraph ".repeat(12)));
        assertThat(help).startsWith("Usage: csir compile [OPTIONS] FILE...\nCompiles.\n");
        assertThat(help).contains("  -o, --output=OUT", "      --emit=KIND", "      --[no-]debug-info",
                "  -h, --help");
        assertThat(help.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    }
}
