package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -D}, {@code -I} and {@code #include} on compile, link and render. */
class PreprocessorOptionsTest {
    private static final String FRAG = """
            #version 330
            out vec4 c;
            void main() { c = vec4(SHADE); }
            """;
    private static final String INCLUDING = """
            #version 330
            #extension GL_GOOGLE_include_directive : enable
            #include "common.glsl"
            #include <lib.glsl>
            out vec4 c;
            void main() { c = vec4(HALF * LIB); }
            """;
    private static final String VERT = """
            #version 330
            #ifndef POSITION
            #error POSITION is not defined
            #endif
            in vec4 POSITION;
            void main() { gl_Position = POSITION; }
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void defineGivesMacrosInOrder() throws IOException {
        Path f = write("d.frag", FRAG);
        Cli.Result r = Cli.run("compile", "-D", "SHADE=0.25", f.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("FRAG\n").contains("0.25");
        // attached, without a value (1), and given twice (the later one wins, as cc's -D)
        assertThat(Cli.run("compile", "-DSHADE", f.toString()).status()).isZero();
        Cli.Result twice = Cli.run("compile", "-DSHADE=0.75", "-DSHADE=0.25", f.toString());
        assertThat(twice.status()).isZero();
        assertThat(twice.out()).isEqualTo(r.out());
        // without it the name is unknown, located in the source
        Cli.Result none = Cli.run("compile", f.toString());
        assertThat(none.status()).isEqualTo(Main.REJECTED);
        assertThat(none.err()).startsWith("d.frag:3:24: error: unknown identifier");
    }

    @Test
    void aMalformedDefineIsAUsageError() throws IOException {
        Path f = write("d.frag", FRAG);
        Cli.Result r = Cli.run("compile", "-D", "1X=2", f.toString());
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("'1X=2' is not NAME or NAME=VALUE");
        assertThat(Cli.run("compile", "-D", "GL_X", f.toString()).err()).contains(
                "error: invalid predefined macro: 'GL_X'");
    }

    @Test
    void includeLooksBesideTheFileThenInIncludeDirectories() throws IOException {
        write("common.glsl", "#define HALF 0.5\n");
        write("lib/lib.glsl", "#define LIB 2.0\n");
        Path f = write("inc.frag", INCLUDING);
        Cli.Result r = Cli.run("compile", "-I", dir.resolve("lib").toString(), f.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        Cli.Result missing = Cli.run("compile", f.toString());
        assertThat(missing.status()).isEqualTo(Main.REJECTED);
        assertThat(missing.err()).startsWith("inc.frag:4:1: error: cannot find the included file: 'lib.glsl'\n"
                + "#include <lib.glsl>\n^\n");
        // an error inside an included file names that file and its line
        write("lib/lib.glsl", "#define LIB 2.0\n#error lib is broken\n");
        Cli.Result broken = Cli.run("compile", "--include-dir", dir.resolve("lib").toString(), f.toString());
        assertThat(broken.status()).isEqualTo(Main.REJECTED);
        assertThat(broken.err()).startsWith("lib.glsl:2:1: error: #error: lib is broken\n#error lib is broken\n^\n");
    }

    @Test
    void warningsAndNotesArePrinted() throws IOException {
        Path w = write("w.frag", "#version 330\n#extension GL_FOO_bar : enable\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
        Cli.Result r = Cli.run("compile", w.toString());
        assertThat(r.status()).isZero();
        assertThat(r.err()).isEqualTo("w.frag:2:12: warning: extension not supported: 'GL_FOO_bar'\n"
                + "#extension GL_FOO_bar : enable\n           ^\n");
        Path n = write("n.frag", "#version 330\n#define BAD (1.0 + )\nout vec4 c;\nvoid main() { c = vec4(BAD); }\n");
        Cli.Result e = Cli.run("compile", n.toString());
        assertThat(e.status()).isEqualTo(Main.REJECTED);
        assertThat(e.err()).isEqualTo("n.frag:4:24: error: expected an expression\n"
                + "void main() { c = vec4(BAD); }\n                       ^\n"
                + "n.frag:2:9: note: in expansion of macro 'BAD', defined here\n#define BAD (1.0 + )\n        ^\n");
    }

    @Test
    void linkAndRenderTakeThemToo() throws IOException {
        Path vs = write("p.vert", VERT);
        Path fs = write("p.frag", FRAG);
        Cli.Result link = Cli.run("link", vs.toString(), fs.toString(), "-D", "POSITION=aPos", "-D", "SHADE=1.0",
                "--emit", "iface");
        assertThat(link.err()).isEmpty();
        assertThat(link.status()).isZero();
        assertThat(link.out()).contains("aPos");
        Cli.Result noDefine = Cli.run("link", vs.toString(), fs.toString(), "-D", "SHADE=1.0");
        assertThat(noDefine.status()).isEqualTo(Main.REJECTED);
        assertThat(noDefine.err()).startsWith("p.vert:3:1: error: #error: POSITION is not defined");
        Path png = dir.resolve("out.png");
        Cli.Result render = Cli.run("render", vs.toString(), fs.toString(), "-DPOSITION=aPos", "-DSHADE=0.5",
                "--backend", "software", "--size", "8x8", "-o", png.toString());
        assertThat(render.status()).as(render.err()).isZero();
        assertThat(Files.size(png)).isPositive();
    }
}
