package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiProgramResult;
import dev.csir.csi.CsiResult;
import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Stage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dump, verify and tgsi over CSI blobs written by compile --emit csi (version 2) and of version 1. */
class CsiCommandsTest {
    private static final String FRAG = """
            in vec2 uv;
            in vec3 tint;
            uniform sampler2D base;
            out vec4 color;
            void main() { color = texture(base, uv) * vec4(tint, 1.0); }
            """;

    @TempDir
    Path dir;

    private Path csi() throws IOException {
        Path src = dir.resolve("t.frag");
        Files.writeString(src, FRAG);
        Cli.Result r = Cli.run("compile", "--emit", "csi", src.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Path blob = dir.resolve("t.frag.csi");
        assertThat(blob).exists();
        return blob;
    }

    @Test
    void compileWritesVersion2() throws IOException {
        byte[] blob = Files.readAllBytes(csi());
        CsiResult r = Csi.load(blob);
        assertThat(r).isInstanceOf(CsiResult.Loaded.class);
        CsiResult.Loaded l = (CsiResult.Loaded) r;
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader().iface().inputs()).extracting(InterfaceVar::name).containsExactly("uv", "tint");
        assertThat(l.shader()).isEqualTo(ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", FRAG).ir());
    }

    @Test
    void dumpPrintsTheIrWithTheStoredNameAndNoNote() throws IOException {
        Cli.Result r = Cli.run("dump", csi().toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("shader t.frag\nstage fragment\n").contains("sample2d", "store_color");
        assertThat(r.err()).doesNotContain("note:");
    }

    @Test
    void version1BlobsStillLoadAndSayWhatTheyLack() throws IOException {
        Path v1 = dir.resolve("old.csi");
        Files.write(v1, Csi.saveV1(ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", FRAG).ir()));
        for (String cmd : new String[] {"dump", "verify", "tgsi"}) {
            Cli.Result r = Cli.run(cmd, v1.toString());
            assertThat(r.status()).as(cmd + r.err()).isZero();
            assertThat(r.err()).contains("old.csi: note: " + Messages.CSI_V1_INTERFACE);
        }
        Cli.Result dump = Cli.run("dump", v1.toString());
        assertThat(dump.out()).startsWith("shader old.csi\nstage fragment\n");
        Cli.Result both = Cli.run("tgsi", csi().toString());
        assertThat(Cli.run("tgsi", v1.toString()).out()).isEqualTo(both.out());
    }

    @Test
    void linkWritesAProgramBlob() throws IOException {
        Path vs = dir.resolve("t.vert");
        Files.writeString(vs, """
                in vec4 pos;
                out vec2 uv;
                out vec3 tint;
                void main() { uv = pos.xy; tint = pos.xyz; gl_Position = pos; }
                """);
        Path fs = dir.resolve("t.frag");
        Files.writeString(fs, FRAG);
        assertThat(Cli.run("link", "--emit", "csi", vs.toString(), fs.toString()).status()).isEqualTo(Main.USAGE);
        Cli.Result r = Cli.run("link", "--emit", "csi", "-o", dir.toString(), vs.toString(), fs.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Path blob = dir.resolve("link.csi");
        CsiProgramResult p = Csi.loadProgram(Files.readAllBytes(blob));
        assertThat(p).isInstanceOf(CsiProgramResult.Loaded.class);
        assertThat(((CsiProgramResult.Loaded) p).fragment().name()).isEqualTo("t.frag");
        Cli.Result dump = Cli.run("dump", blob.toString());
        assertThat(dump.status()).isEqualTo(Main.REJECTED);
        assertThat(dump.err()).contains("link.csi: error: " + Messages.CSI_IS_PROGRAM);
    }

    @Test
    void loopsTravelInVersion2BlobsThroughDumpVerifyAndTgsi() throws IOException {
        Path blob = dir.resolve("loop.csi");
        Files.write(blob, Csi.save(dev.csir.testing.LoopShaders.all().get(1).ir()));
        Cli.Result dump = Cli.run("dump", blob.toString());
        assertThat(dump.status()).as(dump.err()).isZero();
        assertThat(dump.out()).contains("\n  loop\n", "\n  break\n", "\n  continue\n", "\n  endloop\n");
        Cli.Result verify = Cli.run("verify", blob.toString());
        assertThat(verify.status()).as(verify.err()).isZero();
        assertThat(verify.out()).contains("loop.csi: ok (fragment");
        Cli.Result tgsi = Cli.run("tgsi", blob.toString());
        assertThat(tgsi.status()).as(tgsi.err()).isZero();
        assertThat(tgsi.out()).contains(": BGNLOOP\n", ": BRK\n", ": ENDLOOP\n").doesNotContain("CONT");
    }

    @Test
    void verifyAcceptsAGoodBlobAndRejectsACorruptOne() throws IOException {
        Path blob = csi();
        Cli.Result ok = Cli.run("verify", blob.toString());
        assertThat(ok.status()).isZero();
        assertThat(ok.out()).contains("t.frag.csi: ok (fragment");
        assertThat(ok.err()).doesNotContain("note:");
        byte[] bytes = Files.readAllBytes(blob);
        bytes[40] ^= 0x10;
        Path bad = dir.resolve("bad.csi");
        Files.write(bad, bytes);
        Cli.Result r = Cli.run("verify", bad.toString());
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("bad.csi: error: CSI checksum mismatch");
    }

    @Test
    void tgsiHonoursTheRemap() throws IOException {
        Path blob = csi();
        Cli.Result plain = Cli.run("tgsi", blob.toString());
        assertThat(plain.status()).isZero();
        assertThat(plain.out()).contains("DCL IN[0], GENERIC[0], PERSPECTIVE", "DCL IN[1], GENERIC[1], PERSPECTIVE");
        Cli.Result remapped = Cli.run("tgsi", "--remap", "2,0", blob.toString());
        assertThat(remapped.status()).isZero();
        assertThat(remapped.out()).contains("DCL IN[2], GENERIC[2], PERSPECTIVE", "DCL IN[0], GENERIC[0], PERSPECTIVE")
                .doesNotContain("IN[1]");
        // a remap names the profile's varying slots: the default's 32, ChrisOS's 8
        Cli.Result last = Cli.run("tgsi", "--remap", "31,0", blob.toString());
        assertThat(last.status()).as(last.err()).isZero();
        assertThat(last.out()).contains("DCL IN[31], GENERIC[31], PERSPECTIVE");
        Cli.Result past = Cli.run("tgsi", "--remap", "32", blob.toString());
        assertThat(past.status()).isEqualTo(Main.USAGE);
        assertThat(past.err()).contains("--remap takes at most 32 slots, each -1..31, got [32]");
        Cli.Result chrisos = Cli.run("tgsi", "--limits", "chrisos", "--remap", "8", blob.toString());
        assertThat(chrisos.status()).isEqualTo(Main.USAGE);
        assertThat(chrisos.err()).contains("--remap takes at most 8 slots, each -1..7, got [8]");
        assertThat(Cli.run("tgsi", "--limits", "chrisos", "--remap", "7,0", blob.toString()).status()).isZero();
    }

    @Test
    void garbageIsRejectedWithAReason() throws IOException {
        Path junk = dir.resolve("junk.csi");
        Files.write(junk, new byte[] {1, 2, 3});
        for (String cmd : new String[] {"dump", "verify", "tgsi"}) {
            Cli.Result r = Cli.run(cmd, junk.toString());
            assertThat(r.status()).isEqualTo(Main.REJECTED);
            assertThat(r.err()).contains("junk.csi: error: CSI blob is shorter than its 32-byte header");
        }
    }
}
