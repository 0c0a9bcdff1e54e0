package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csir.ir.Type;
import dev.csir.testing.Shared;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinkCommandTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void writesSpirvForOnePipeline() throws Exception {
        Path vs = write("a.vert", "in vec4 p; out vec2 uv; out vec3 n; uniform mat4 m;"
                + " void main() { uv = p.xy; n = p.xyz; gl_Position = m * p; }");
        Path fs = write("a.frag", "in vec3 n; in vec2 uv; uniform vec4 k; uniform sampler2D t; out vec4 c;"
                + " void main() { c = texture(t, uv) * k + vec4(n, 0.0); }");
        Path out = Files.createDirectory(dir.resolve("spv"));
        Cli.Result r = Cli.run("link", vs.toString(), fs.toString(), "--emit", "spv", "-o", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(SpirvTools.validate(out.resolve("a.vert.spv"))).isEmpty();
        assertThat(SpirvTools.validate(out.resolve("a.frag.spv"))).isEmpty();
        Cli.Result text = Cli.run("link", vs.toString(), fs.toString(), "--emit", "spvasm");
        assertThat(text.status()).as(text.err()).isZero();
        // n and uv meet at the vertex stage's locations; the fragment's block and sampler follow the vertex's
        String fragment = text.out().substring(text.out().lastIndexOf("; SPIR-V"));
        assertThat(fragment).containsPattern("OpDecorate %(\\d+) Location 1[\\s\\S]*OpName %\\1 \"n\"|"
                + "OpName %(\\d+) \"n\"[\\s\\S]*OpDecorate %\\2 Location 1");
        assertThat(fragment).contains("Binding 1").contains("Binding 2").doesNotContain("Binding 0");
        Cli.Result noDir = Cli.run("link", vs.toString(), fs.toString(), "--emit", "spv");
        assertThat(noDir.status()).isEqualTo(Main.USAGE);
        assertThat(noDir.err()).contains("give -o DIR");
    }

    @Test
    void printsBothLinkedTexts() throws IOException {
        Path vs = write("a.vert", "in vec4 p; out vec2 uv; out vec3 n; void main() { uv = p.xy; n = p.xyz; gl_Position = p; }");
        Path fs = write("a.frag", "in vec3 n; in vec2 uv; out vec4 c; void main() { c = vec4(n, uv.x); }");
        Cli.Result r = Cli.run("link", vs.toString(), fs.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("VERT\n").contains("END\nFRAG\n")
                .contains("DCL IN[1], GENERIC[1], PERSPECTIVE\nDCL IN[0], GENERIC[0], PERSPECTIVE\n");
    }

    @Test
    void linkErrorsAreLocatedDiagnostics() throws IOException {
        Path vs = write("m.vert", "out vec3 normal;\nvoid main() { normal = vec3(0.0); gl_Position = vec4(1.0); }\n");
        Path fs = write("m.frag", "out vec4 c;\nin vec2 normal;\nvoid main() { c = vec4(normal, 0.0, 1.0); }\n");
        Cli.Result r = Cli.run("link", vs.toString(), fs.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("m.frag:2:9: error: type mismatch for varying\n"
                + "in vec2 normal;\n"
                + "        ^\n"
                + "m.frag:2:9: note: 'normal' is vec3 in the vertex shader and vec2 in the fragment shader\n");
    }

    @Test
    void compileErrorsStopTheLink() throws IOException {
        Path vs = write("b.vert", "void main() { gl_Position = q; }\n");
        Path fs = write("b.frag", "out vec4 c; void main() { c = vec4(1.0); }\n");
        Cli.Result r = Cli.run("link", vs.toString(), fs.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).startsWith("b.vert:1:29: error: unknown identifier");
    }

    @Test
    void writesFilesIntoADirectory() throws IOException {
        Path vs = write("a.vert", "in vec4 p; void main() { gl_Position = p; }");
        Path fs = write("a.frag", "out vec4 c; void main() { c = vec4(1.0); }");
        Path out = Files.createDirectory(dir.resolve("out"));
        assertThat(Cli.run("link", vs.toString(), fs.toString(), "-o", out.toString()).status()).isZero();
        assertThat(Files.readString(out.resolve("a.vert.tgsi"))).startsWith("VERT\n");
        assertThat(Files.readString(out.resolve("a.frag.tgsi"))).startsWith("FRAG\n");
        assertThat(Cli.run("link", vs.toString(), fs.toString(), "--emit", "json", "-o", out.toString()).status())
                .isZero();
        assertThat(Files.readString(out.resolve("link.json"))).contains("\"vertexTgsi\": \"VERT\\n");
    }

    private static final Pattern FIELD = Pattern.compile("(\\w+)=(\\S*)");

    private static Map<String, String> fields(String line) {
        Map<String, String> m = new java.util.HashMap<>();
        Matcher k = FIELD.matcher(line);
        while (k.find()) {
            m.put(k.group(1), k.group(2));
        }
        return m;
    }

    private static String glsl(String code) {
        return Type.of(Integer.parseInt(code)).glslName();
    }

    /** The golden metadata in the form csir link --emit iface prints (sizes compared separately). */
    private static List<String> expectedIface(List<String> golden) {
        List<String> out = new ArrayList<>();
        for (String line : golden) {
            Map<String, String> f = fields(line);
            if (line.startsWith("attrib ")) {
                out.add("attribute " + f.get("name") + " " + glsl(f.get("type")) + " location " + f.get("location")
                        + " components " + f.get("ncomp"));
            } else if (line.startsWith("vary ")) {
                out.add("varying " + f.get("name") + " " + glsl(f.get("type")) + " slot " + f.get("slot"));
            } else if (line.startsWith("uniform ")) {
                out.add("uniform " + f.get("name") + " " + glsl(f.get("type")) + " "
                        + (f.get("stage").equals("0") ? "vertex" : "fragment") + " slot " + f.get("slot")
                        + " offset " + f.get("offset"));
            } else if (line.startsWith("samplers=")) {
                out.add("samplers " + f.get("samplers"));
            } else if (line.startsWith("vs_nvec=")) {
                out.add("vec4s vertex " + f.get("vs_nvec") + " fragment " + f.get("fs_nvec"));
            } else if (line.startsWith("link=")) {
                out.add("generation " + f.get("gen"));
            }
        }
        return out.stream().sorted().toList();
    }

    private static List<String> actualIface(String text) {
        List<String> out = new ArrayList<>();
        long samplers = text.lines().filter(l -> l.startsWith("sampler ")).count();
        for (String l : text.lines().toList()) {
            if (l.startsWith("varying ")) {
                out.add(l.replaceAll(" fragment-slot \\d+$", ""));
            } else if (l.startsWith("uniform ")) {
                out.add(l.replaceAll(" size \\d+$", ""));
            } else if (!l.startsWith("sampler ")) {
                out.add(l);
            }
        }
        out.add("samplers " + samplers);
        return out.stream().sorted().toList();
    }

    @Test
    void everyConformancePairLinksWithTheOriginalsMetadata() throws IOException {
        Optional<Path> conf = Shared.conformance();
        assumeTrue(conf.isPresent(), "../shared/conformance is absent");
        Path shaders = conf.get().resolve("shaders");
        List<Path> metas;
        try (Stream<Path> s = Files.list(conf.get().resolve("golden/linked"))) {
            metas = s.filter(p -> p.toString().endsWith(".meta.txt")).sorted().toList();
        }
        assertThat(metas).hasSize(14);
        int linked = 0;
        for (Path meta : metas) {
            String pair = meta.getFileName().toString().replace(".meta.txt", "");
            String[] names = pair.split("\\+");
            Path vs = shaders.resolve(names[0] + ".vert");
            Path fs = shaders.resolve(names[1] + ".frag");
            List<String> golden = Files.readAllLines(meta);
            Cli.Result r = Cli.run("link", "--emit", "iface", vs.toString(), fs.toString());
            if (golden.getFirst().startsWith("link=-1")) {
                assertThat(r.status()).as(pair).isEqualTo(Main.REJECTED);
                String firstLogLine = golden.getFirst().replaceFirst("^.*log=\\[", "");
                assertThat(r.err()).as(pair).contains("error: " + firstLogLine);
                continue;
            }
            assertThat(r.status()).as(pair + ": " + r.err()).isZero();
            assertThat(actualIface(r.out())).as(pair).isEqualTo(expectedIface(golden));
            linked++;
        }
        assertThat(linked).isEqualTo(13);
    }

    @Test
    void syntheticRemapPairMatchesToo() throws IOException {
        Optional<Path> conf = Shared.conformance();
        assumeTrue(conf.isPresent(), "../shared/conformance is absent");
        Path syn = conf.get().resolve("golden/synthetic");
        Cli.Result r = Cli.run("link", "--emit", "iface", syn.resolve("remap.vert").toString(),
                syn.resolve("remap.frag").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(actualIface(r.out())).isEqualTo(expectedIface(Files.readAllLines(syn.resolve("remap.meta.txt"))));
    }
}
