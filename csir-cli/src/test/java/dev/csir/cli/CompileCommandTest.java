package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompileCommandTest {
    private static final String VERT = """
            #version 330 core
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 color;
            out vec4 vColor;
            void main() {
                vColor = color;
                gl_Position = position;
            }
            """;
    private static final String FRAG = """
            in vec4 vColor;
            out vec4 fragColor;
            void main() { fragColor = vColor; }
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void compilesToTgsiOnStandardOutput() throws IOException {
        Path v = write("a.vert", VERT);
        Cli.Result r = Cli.run("compile", v.toString());
        assertThat(r.status()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("VERT\n").contains("DCL OUT[0], POSITION").endsWith("END\n");
    }

    @Test
    void diagnosticsAreLocatedWithSourceLineAndCaret() throws IOException {
        Path v = write("bad.vert", "void main() {\n  gl_Position = vec4(1.0) + ;\n}\n");
        Cli.Result r = Cli.run("compile", v.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("bad.vert:2:29: error: expected an expression\n"
                + "  gl_Position = vec4(1.0) + ;\n"
                + "                            ^\n");
    }

    @Test
    void exitStatusIsOneWhenAnyFileFails() throws IOException {
        Path ok = write("ok.frag", FRAG);
        Path bad = write("bad.frag", "out vec4 c; void main() { c = nope; }\n");
        Cli.Result r = Cli.run("compile", ok.toString(), bad.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.out()).startsWith("FRAG\n");
        assertThat(r.err()).contains("bad.frag:1:31: error: unknown identifier");
    }

    @Test
    void stageComesFromOptionWhenTheExtensionSaysNothing() throws IOException {
        Path f = write("shader.glsl", FRAG);
        assertThat(Cli.run("compile", f.toString()).status()).isEqualTo(Main.USAGE);
        Cli.Result r = Cli.run("compile", "--stage", "frag", f.toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("FRAG\n");
        Cli.Result geom = Cli.run("compile", "--stage", "geom", f.toString());
        assertThat(geom.status()).isEqualTo(Main.REJECTED);
        assertThat(geom.err()).contains("geometry, tessellation, and compute shaders are not supported");
    }

    @Test
    void otherStagesAreRejectedWithTheDocumentedMessage() throws IOException {
        Path g = write("x.geom", "void main() {}\n");
        Cli.Result r = Cli.run("compile", g.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).startsWith("x.geom:1:1: error: geometry, tessellation, and compute shaders are not supported");
    }

    @Test
    void missingFileIsReportedByName() {
        Cli.Result r = Cli.run("compile", dir.resolve("none.vert").toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("none.vert: no such file");
    }

    @Test
    void emitsIrAndAstDumps() throws IOException {
        Path v = write("a.vert", VERT);
        Cli.Result ir = Cli.run("compile", "--emit", "ir", v.toString());
        assertThat(ir.status()).isZero();
        assertThat(ir.out()).startsWith("shader a.vert\nstage vertex\n").contains("block 0:", "store_pos");
        Cli.Result ast = Cli.run("compile", "--emit", "ast", v.toString());
        assertThat(ast.status()).isZero();
        assertThat(ast.out()).contains("main");
    }

    @Test
    void jsonCarriesDiagnosticsInterfaceAndSizes() throws IOException {
        Path v = write("a.vert", VERT);
        Path bad = write("b.vert", "void main() { x = 1.0; }\n");
        Cli.Result r = Cli.run("compile", "--emit", "json", v.toString(), bad.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.out()).startsWith("[").contains("\"ok\": true", "\"ok\": false",
                "\"name\": \"position\"", "\"location\": 0", "\"instructions\":", "\"tgsi\": \"VERT\\n",
                "\"line\": 1", "\"column\": 15", "\"message\": \"unknown identifier\"");
    }

    @Test
    void writesOutputFilesAtomicallyAndIntoDirectories() throws IOException {
        Path v = write("a.vert", VERT);
        Path f = write("a.frag", FRAG);
        Files.createDirectory(dir.resolve("out"));
        Path one = dir.resolve("out/one.tgsi");
        assertThat(Cli.run("compile", v.toString(), "-o", one.toString()).status()).isZero();
        assertThat(Files.readString(one)).startsWith("VERT\n");
        Path outDir = Files.createDirectory(dir.resolve("several"));
        assertThat(Cli.run("compile", v.toString(), f.toString(), "-o", outDir.toString()).status()).isZero();
        assertThat(outDir.resolve("a.vert.tgsi")).exists();
        assertThat(Files.readString(outDir.resolve("a.frag.tgsi"))).startsWith("FRAG\n");
        try (var s = Files.list(outDir)) {
            assertThat(s.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
        }
    }

    @Test
    void failedCompileWritesNoFile() throws IOException {
        Path bad = write("bad.vert", "void main() { gl_Position = q; }\n");
        Path target = dir.resolve("bad.tgsi");
        assertThat(Cli.run("compile", bad.toString(), "-o", target.toString()).status()).isEqualTo(Main.REJECTED);
        assertThat(target).doesNotExist();
    }

    @Test
    void everyStageNameIsAcceptedAndTheUncompiledOnesAreRejectedAsUnsupported() throws IOException {
        Path f = write("any.glsl", FRAG);
        Path v = write("any2.glsl", VERT);
        for (String name : new String[] {"frag", "fragment", "FS"}) {
            assertThat(Cli.run("compile", "--stage", name, f.toString()).out()).as(name).startsWith("FRAG\n");
        }
        for (String name : new String[] {"vert", "vertex", "vs"}) {
            assertThat(Cli.run("compile", "-S", name, v.toString()).out()).as(name).startsWith("VERT\n");
        }
        for (String name : new String[] {"geom", "tesc", "tese", "comp", "geometry", "tesscontrol", "tessevaluation",
            "compute"}) {
            Cli.Result r = Cli.run("compile", "--stage", name, f.toString());
            assertThat(r.status()).as(name).isEqualTo(Main.REJECTED);
            assertThat(r.err()).as(name).contains("error: geometry, tessellation, and compute shaders are not supported");
        }
    }

    @Test
    void extensionsNameTheStageAndGlslNeedsTheOption() throws IOException {
        for (String ext : new String[] {"vert", "vs", "vsh"}) {
            Cli.Result r = Cli.run("compile", write("s." + ext, VERT).toString());
            assertThat(r.status()).as(ext + r.err()).isZero();
            assertThat(r.out()).startsWith("VERT\n");
        }
        for (String ext : new String[] {"frag", "fs", "fsh"}) {
            Cli.Result r = Cli.run("compile", write("s." + ext, FRAG).toString());
            assertThat(r.status()).as(ext + r.err()).isZero();
            assertThat(r.out()).startsWith("FRAG\n");
        }
        for (String ext : new String[] {"geom", "tesc", "tese", "comp"}) {
            assertThat(Cli.run("compile", write("s." + ext, FRAG).toString()).status()).as(ext).isEqualTo(Main.REJECTED);
        }
        Cli.Result glsl = Cli.run("compile", write("s.glsl", FRAG).toString());
        assertThat(glsl.status()).isEqualTo(Main.USAGE);
        assertThat(glsl.err()).contains("a .glsl file does not say its stage; give --stage");
        Cli.Result other = Cli.run("compile", write("s.txt", FRAG).toString());
        assertThat(other.status()).isEqualTo(Main.USAGE);
        assertThat(other.err()).contains("cannot tell the stage of", ".vsh", "--stage");
        assertThat(Cli.run("compile", "--help").out().replaceAll("\\s+", " ")).contains(".vert .vs .vsh", ".glsl");
    }

    @Test
    void emitsTheTransformIrEvenWhereCsirsLimitsRejectTheShader() throws IOException {
        StringBuilder src = new StringBuilder("in vec3 n; out vec4 c; uniform vec3 l;\nvoid main() {\n");
        for (int i = 0; i < 48; i++) {
            src.append(" vec4 a").append(i).append(" = vec4(n * ").append(i + 1).append(".5 + l, ").append(i).append(".25);\n");
        }
        src.append(" c = a0");
        for (int i = 1; i < 48; i++) {
            src.append(" + a").append(i);
        }
        src.append(";\n}\n");
        Path big = write("big.frag", src.toString());
        Cli.Result tgsi = Cli.run("compile", "--limits", "chrisos", big.toString());
        assertThat(tgsi.status()).isEqualTo(Main.REJECTED);
        assertThat(tgsi.err()).contains("too many constants");
        Cli.Result ssa = Cli.run("compile", "--emit", "ssa", big.toString());
        assertThat(ssa.status()).as(ssa.err()).isZero();
        assertThat(ssa.err()).isEmpty();
        assertThat(ssa.out()).startsWith("struct gl_DefaultUniformBlock { l: vec3 }\n")
                .contains("entry fragment @main(", "func @main() -> void {\n").doesNotContain("alloca");
        Cli.Result raw = Cli.run("compile", "--emit", "ssa", "--no-opt", big.toString());
        assertThat(raw.status()).isZero();
        assertThat(raw.out()).contains("= alloca : ptr<function, vec4> ; a47");
    }

    @Test
    void theChrisosProfileHoldsTheDocumentedPools() throws IOException {
        StringBuilder src = new StringBuilder("uniform float u;\nvoid main() {\n  float s = u;\n");
        for (int i = 0; i < 200; i++) {
            src.append("  s = s * ").append(i).append(".5;\n");
        }
        src.append("  gl_Position = vec4(s);\n}\n");
        Path v = write("pools.vert", src.toString());
        assertThat(Cli.run("compile", v.toString()).status()).isZero();
        Cli.Result r = Cli.run("compile", "--limits", "chrisos", v.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("too many constants", "the limit is 160");
        Cli.Result bad = Cli.run("compile", "--limits", "tiny", v.toString());
        assertThat(bad.status()).isEqualTo(Main.USAGE);
        assertThat(bad.err()).contains("--limits", "unknown profile 'tiny'");
    }

    @Test
    void emitsSpirvThatSpirvValAccepts() throws Exception {
        Path f = write("s.frag", FRAG);
        Cli.Result r = Cli.run("compile", "--emit", "spv", f.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Path spv = dir.resolve("s.frag.spv");
        byte[] bin = Files.readAllBytes(spv);
        // the SPIR-V magic number, little-endian
        assertThat(java.util.Arrays.copyOf(bin, 4)).containsExactly(0x03, 0x02, 0x23, 0x07);
        Cli.Result out = Cli.run("compile", "--emit", "spv", "-o", "-", f.toString());
        assertThat(out.outBytes()).isEqualTo(bin);
        assertThat(SpirvTools.validate(spv)).isEmpty();
    }

    @Test
    void spvasmIsTheAssemblyOfTheBinaryWithDebugInformationByDefault() throws Exception {
        Path f = write("s.frag", FRAG);
        Cli.Result text = Cli.run("compile", "--emit", "spvasm", f.toString());
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("; SPIR-V\n; Version: 1.0\n").contains("OpSource GLSL 330 %")
                .contains("OpString \"s.frag\"").contains("OpName %").contains("OpLine %");
        Cli.Result bare = Cli.run("compile", "--emit", "spvasm", "--no-debug-info", f.toString());
        assertThat(bare.out()).doesNotContain("OpName", "OpLine", "OpSource");
        // the text is the binary's: the real assembler reads it back to the same words
        Path asm = dir.resolve("s.spvasm");
        Files.writeString(asm, text.out());
        byte[] back = SpirvTools.assemble(asm);
        byte[] bin = Cli.run("compile", "--emit", "spv", "--debug-info", "-o", "-", f.toString()).outBytes();
        assertThat(bin).hasSize(back.length);
        // all but the generator word (bytes 8..11), which the assembler fills with its own
        assertThat(java.util.Arrays.copyOfRange(back, 12, back.length))
                .isEqualTo(java.util.Arrays.copyOfRange(bin, 12, bin.length));
        assertThat(java.util.Arrays.copyOf(back, 8)).isEqualTo(java.util.Arrays.copyOf(bin, 8));
    }

    @Test
    void jsonCarriesTheSpirvReflection() throws Exception {
        Path f = write("r.frag", """
                #version 330 core
                uniform vec3 tint;
                uniform float gain;
                uniform sampler2D tex;
                in vec2 uv;
                out vec4 color;
                void main() { color = texture(tex, uv) * vec4(tint * gain, 1.0); }
                """);
        Cli.Result r = Cli.run("compile", "--emit", "json", f.toString());
        assertThat(r.status()).as(r.err()).isZero();
        String json = r.out().replaceAll("\\s+", "");
        assertThat(json).contains("\"spirv\":{\"inputs\":[");
        assertThat(json).contains("{\"name\":\"uv\",\"type\":\"vec2\",\"location\":0}");
        assertThat(json).contains("\"uniformBlocks\":[{\"name\":\"gl_DefaultUniformBlock\",\"set\":0,\"binding\":0,"
                + "\"size\":16,\"members\":[{\"name\":\"tint\",\"type\":\"vec3\",\"offset\":0},"
                + "{\"name\":\"gain\",\"type\":\"float\",\"offset\":12}]}]");
        assertThat(json).contains("\"samplers\":[{\"name\":\"tex\",\"type\":\"sampler2D\",\"set\":0,\"binding\":1}]");
    }
}
