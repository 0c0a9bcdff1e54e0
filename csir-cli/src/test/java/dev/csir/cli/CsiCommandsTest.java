package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dump, verify and tgsi over CSI blobs written by compile --emit csi. */
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
    void dumpPrintsTheIr() throws IOException {
        Cli.Result r = Cli.run("dump", csi().toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("shader t.frag.csi\nstage fragment\n").contains("sample2d", "store_color");
        assertThat(r.err()).contains("note:");
    }

    @Test
    void verifyAcceptsAGoodBlobAndRejectsACorruptOne() throws IOException {
        Path blob = csi();
        Cli.Result ok = Cli.run("verify", blob.toString());
        assertThat(ok.status()).isZero();
        assertThat(ok.out()).contains("t.frag.csi: ok (fragment");
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
        assertThat(Cli.run("tgsi", "--remap", "9", blob.toString()).status()).isEqualTo(Main.USAGE);
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
