package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The exit-status contract for every command: 0 done, 1 an input was rejected, 2 the command line
 * was wrong (every malformed option value names its option), and each command's help states it.
 */
class ExitStatusTest {
    private static final String VERT = "layout(location = 0) in vec4 position;\nout vec4 v;\n"
            + "void main() { v = position; gl_Position = position; }\n";
    private static final String FRAG = "in vec4 v;\nout vec4 color;\nvoid main() { color = v; }\n";

    @TempDir
    Path dir;

    private String file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text).toString();
    }

    private String vert() throws IOException {
        return file("ok.vert", VERT);
    }

    private String frag() throws IOException {
        return file("ok.frag", FRAG);
    }

    private String badVert() throws IOException {
        return file("bad.vert", "void main() { gl_Position = q; }\n");
    }

    private String csi() throws IOException {
        String v = vert();
        assertThat(Cli.run("compile", "--emit", "csi", v).status()).isZero();
        return v + ".csi";
    }

    private String corruptCsi() throws IOException {
        Path p = Path.of(csi());
        byte[] b = Files.readAllBytes(p);
        b[b.length / 2] ^= 0x55;
        return Files.write(dir.resolve("corrupt.csi"), b).toString();
    }

    private static void expect(int status, String... args) {
        Cli.Result r = Cli.run(args);
        assertThat(r.status()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(status);
    }

    /** A usage error: exit 2 and a message naming the option. */
    private static void usage(String option, String... args) {
        Cli.Result r = Cli.run(args);
        assertThat(r.status()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(Main.USAGE);
        assertThat(r.err()).as(String.join(" ", args)).contains(option);
    }

    @Test
    void compile() throws IOException {
        expect(Main.OK, "compile", vert());
        expect(Main.REJECTED, "compile", badVert());
        expect(Main.REJECTED, "compile", dir.resolve("absent.vert").toString());
        usage("--emit", "compile", "--emit", "spirv", vert());
        usage("--stage", "compile", "--stage", "pixel", vert());
        usage("--bogus", "compile", "--bogus", vert());
        usage("FILE", "compile");
    }

    @Test
    void link() throws IOException {
        expect(Main.OK, "link", vert(), frag());
        expect(Main.REJECTED, "link", badVert(), frag());
        String lonely = file("lonely.frag", "in vec4 nowhere;\nout vec4 c;\nvoid main() { c = nowhere; }\n");
        expect(Main.REJECTED, "link", vert(), lonely);
        usage("--emit", "link", vert(), frag(), "--emit", "pdf");
        usage("FS", "link", vert());
        usage("--emit csi", "link", vert(), frag(), "--emit", "csi");
    }

    @Test
    void render() throws IOException {
        String out = dir.resolve("o.png").toString();
        expect(Main.OK, "render", vert(), frag(), "--backend", "software", "--size", "4x4", "-o", out);
        expect(Main.REJECTED, "render", badVert(), frag(), "--backend", "software", "-o", out);
        expect(Main.REJECTED, "render", vert(), frag(), "--backend", "software", "--mesh",
                dir.resolve("absent.obj").toString(), "-o", out);
        String[][] malformed = {
            {"--size", "0x0"}, {"--size", "9000x10"}, {"--size", "big"}, {"--size", "4x"},
            {"--uniform", "objectColor"}, {"--uniform", "=1"}, {"--uniform", "tint=a,b"},
            {"--clear", "1,2"}, {"--clear", "1,2,3,nan"}, {"--frames", "0"}, {"--frames", "x"}, {"--threads", "0"}, {"--threads", "257"},
            {"--mesh", "sphere"}, {"--backend", "gpu"},
        };
        for (String[] m : malformed) {
            usage(m[0], "render", vert(), frag(), "--backend", "software", m[0], m[1], "-o", out);
        }
        usage("--output", "render", vert(), frag());
    }

    @Test
    void dumpVerifyAndTgsi() throws IOException {
        String blob = csi();
        String corrupt = corruptCsi();
        String text = file("notes.txt", "hello");
        for (String command : List.of("dump", "verify", "tgsi")) {
            expect(Main.OK, command, blob);
            expect(Main.REJECTED, command, corrupt);
            expect(Main.REJECTED, command, dir.resolve("absent.csi").toString());
            usage("unknown file type", command, text);
            usage("--nope", command, "--nope", blob);
        }
        usage("--remap", "tgsi", frag(), "--remap", "99");
        usage("--remap", "tgsi", frag(), "--remap", "x");
        usage("--remap", "tgsi", vert(), "--remap", "0");
    }

    @Test
    void noCommandIsAUsageError() {
        expect(Main.USAGE);
        usage("nope", "nope");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compile", "link", "render", "dump", "verify", "tgsi"})
    void everyHelpStatesTheContract(String command) {
        Cli.Result r = Cli.run(command, "--help");
        assertThat(r.status()).isZero();
        String help = r.out().replaceAll("\\s+", " ");
        assertThat(help).contains("Exit status: 0 done; 1 an input was rejected", "2 the command line was wrong");
    }

    @Test
    void topLevelHelpListsEveryCommandInWholeSentences() {
        Cli.Result r = Cli.run("--help");
        assertThat(r.status()).isZero();
        List<String> summaries = r.out().lines().dropWhile(l -> !l.startsWith("Commands:")).skip(1)
                .toList();
        String joined = String.join(" ", summaries).replaceAll("\\s+", " ");
        for (String command : List.of("compile", "link", "render", "dump", "verify", "tgsi")) {
            assertThat(joined).contains(" " + command + " ");
        }
        // each summary is one sentence that ends before the next command starts
        for (String command : List.of("link", "render", "dump", "verify", "tgsi", "help")) {
            assertThat(joined).containsPattern("\\. " + command + " ");
        }
        assertThat(r.out().replaceAll("\\s+", " ")).contains("Exit status: 0 done");
    }

    @Test
    void aSingleValueOptionGivenTwiceTakesTheLast() throws IOException {
        Path out = dir.resolve("twice.png");
        Cli.Result r = Cli.run("render", vert(), frag(), "--backend", "software", "--size", "4x4", "--mesh", "quad",
                "--size", "6x3", "--mesh", "cube", "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("(6x3)");
        // an argument file holding --mesh, then --mesh again on the command line
        String args = file("args", "--mesh\nquad\n--size\n4x4\n");
        Cli.Result at = Cli.run("render", vert(), frag(), "--backend", "software", "@" + args, "--mesh", "cube",
                "-o", out.toString());
        assertThat(at.status()).as(at.err()).isZero();
        Cli.Result c = Cli.run("compile", "--emit", "ast", "--emit", "tgsi", vert());
        assertThat(c.status()).isZero();
        assertThat(c.out()).startsWith("VERT\n");
    }
}
