package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code -o} never destroys what it names, for every command that writes: a regular file is
 * replaced atomically, a symlink is followed, a FIFO or device is written in place, {@code -} is
 * standard output, and a missing directory, a read-only directory or a failing device is one
 * located line and exit 1. Every special file is made by the test in its own folder.
 */
class OutputTargetTest {
    private static final String VERT = "layout(location = 0) in vec4 position;\n"
            + "void main() { gl_Position = position; }\n";
    private static final String FRAG = "out vec4 color;\nvoid main() { color = vec4(1.0, 0.5, 0.25, 1.0); }\n";

    @TempDir
    Path dir;

    private final List<Path> immutable = new ArrayList<>();
    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fifo-reader");
        t.setDaemon(true);
        return t;
    });

    @AfterEach
    void release() throws Exception {
        for (Path p : immutable) {
            run("chattr", "-i", p.toString());
        }
        readers.shutdownNow();
    }

    /** A command that writes one output file; {@code target}'s name is the one the command writes. */
    enum Writer {
        COMPILE("out.tgsi", (t, s) -> List.of("compile", s.vert(), "-o", t.toString()), "VERT\n"),
        TGSI("out.tgsi", (t, s) -> List.of("tgsi", s.frag(), "-o", t.toString()), "FRAG\n"),
        LINK("link.json", (t, s) -> List.of("link", s.vert(), s.frag(), "--emit", "json", "-o",
                t.getParent().toString()), "{"),
        RENDER("out.png", (t, s) -> List.of("render", s.vert(), s.frag(), "--backend", "software",
                "--size", "8x8", "-o", t.toString()), "\u0089PNG");

        final String fileName;
        final java.util.function.BiFunction<Path, Sources, List<String>> args;
        final String starts;

        Writer(String fileName, java.util.function.BiFunction<Path, Sources, List<String>> args, String starts) {
            this.fileName = fileName;
            this.args = args;
            this.starts = starts;
        }

        Cli.Result run(Path target, Sources s) {
            return Cli.run(args.apply(target, s).toArray(String[]::new));
        }
    }

    record Sources(String vert, String frag) {
    }

    private Sources sources() throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path v = Files.writeString(src.resolve("s.vert"), VERT);
        Path f = Files.writeString(src.resolve("s.frag"), FRAG);
        return new Sources(v.toString(), f.toString());
    }

    private static String head(byte[] data, int n) {
        return new String(data, 0, Math.min(n, data.length), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }

    private static boolean isSpecial(Path p) throws IOException {
        return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
    }

    private static List<Path> temporaries(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void regularFileIsReplacedAtomicallyKeepingItsMode(Writer w) throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Path target = out.resolve(w.fileName);
        Files.writeString(target, "old contents");
        Set<PosixFilePermission> mode = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(target, mode);
        Cli.Result r = w.run(target, s);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(head(Files.readAllBytes(target), w.starts.length())).isEqualTo(w.starts);
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(mode);
        assertThat(temporaries(out)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void newFileGetsTheOrdinaryMode(Writer w) throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Path target = out.resolve(w.fileName);
        // what open(2) gives a new file here: 0666 less this process's umask
        Path plain = Files.writeString(dir.resolve("plain"), "x");
        assertThat(w.run(target, s).status()).isZero();
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain))
                .contains(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(temporaries(out)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void symlinkIsFollowedAndStaysALink(Writer w) throws Exception {
        Sources s = sources();
        Path real = Files.writeString(Files.createDirectories(dir.resolve("real")).resolve("data"), "old");
        Path out = Files.createDirectories(dir.resolve("out"));
        Path link = Files.createSymbolicLink(out.resolve(w.fileName), Path.of("..", "real", "data"));
        Cli.Result r = w.run(link, s);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(head(Files.readAllBytes(real), w.starts.length())).isEqualTo(w.starts);
        assertThat(temporaries(out)).isEmpty();
        assertThat(temporaries(real.getParent())).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void fifoIsWrittenNotReplaced(Writer w) throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Path fifo = out.resolve(w.fileName);
        run("mkfifo", fifo.toString());
        Future<byte[]> read = readers.submit(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return in.readAllBytes();
            }
        });
        Cli.Result r = w.run(fifo, s);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(head(read.get(20, TimeUnit.SECONDS), w.starts.length())).isEqualTo(w.starts);
        assertThat(isSpecial(fifo)).as("still a FIFO").isTrue();
    }

    /** A device node of this test's own, made with mknod (root only, as CI runs). */
    private Path device(Path folder, String name, int minor) throws Exception {
        Path node = folder.resolve(name);
        try {
            run("mknod", node.toString(), "c", "1", Integer.toString(minor));
        } catch (IOException e) {
            assumeTrue(false, "cannot make a device node here (needs root): " + e.getMessage());
        }
        return node;
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void characterDeviceIsWrittenNotReplaced(Writer w) throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Path nul = device(out, w.fileName, 3);
        Cli.Result r = w.run(nul, s);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(isSpecial(nul)).as("still a device").isTrue();
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void failingDeviceIsOneLineAndExitOne(Writer w) throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Path full = device(out, w.fileName, 7);
        Cli.Result r = w.run(full, s);
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("cannot write " + full + ": no space left on device").doesNotContain("internal");
        assertThat(r.err().lines().filter(l -> l.contains("cannot write"))).hasSize(1);
        assertThat(isSpecial(full)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void missingDirectoryIsAnErrorNotCreated(Writer w) throws Exception {
        Sources s = sources();
        Path target = dir.resolve("missing").resolve(w.fileName);
        Cli.Result r = w.run(target, s);
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("cannot write " + target + ": no such directory");
        assertThat(dir.resolve("missing")).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void readOnlyDirectoryIsOneLineAndExitOne(Writer w) throws Exception {
        Sources s = sources();
        Path ro = Files.createDirectories(dir.resolve("ro"));
        Path target = ro.resolve(w.fileName);
        Files.writeString(target, "keep me");
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (Files.isWritable(ro) || canCreateIn(ro)) {
            // root writes into any mode: make the folder immutable instead, which stops root too
            run("chattr", "+i", ro.toString());
            immutable.add(ro);
        }
        try {
            Cli.Result r = w.run(target, s);
            assertThat(r.status()).isEqualTo(Main.REJECTED);
            assertThat(r.err()).containsPattern("cannot write " + java.util.regex.Pattern.quote(target.toString())
                    + ": (permission denied|operation not permitted)\n").doesNotContain("internal");
            assertThat(Files.readString(target)).isEqualTo("keep me");
            assertThat(temporaries(ro)).isEmpty();
        } finally {
            if (!immutable.isEmpty()) {
                run("chattr", "-i", ro.toString());
                immutable.clear();
            }
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private static boolean canCreateIn(Path folder) {
        try {
            Files.delete(Files.createFile(folder.resolve("probe")));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** compile is left out: for it an existing directory is where the outputs go. */
    @ParameterizedTest
    @EnumSource(value = Writer.class, names = {"TGSI", "LINK", "RENDER"})
    void directoryAsTargetIsAnError(Writer w) throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Path target = Files.createDirectory(out.resolve(w.fileName));
        Cli.Result r = w.run(target, s);
        assertThat(r.status()).isEqualTo(Main.REJECTED);
        assertThat(r.err()).contains("cannot write " + target + ": is a directory");
        assertThat(Files.isDirectory(target)).isTrue();
    }

    @Test
    void dashIsStandardOutputForTextAndBinary() throws Exception {
        Sources s = sources();
        Path out = Files.createDirectories(dir.resolve("out"));
        Function<String[], Cli.Result> cli = Cli::run;
        // the same bytes as the file the command writes
        for (String[] c : new String[][] {
            {"compile", s.vert()}, {"compile", "--emit", "csi", s.vert()}, {"tgsi", s.frag()},
            {"link", s.vert(), s.frag(), "--emit", "csi"}, {"link", s.vert(), s.frag(), "--emit", "json"},
        }) {
            Path file = out.resolve("f");
            Files.deleteIfExists(file);
            boolean toDir = c[0].equals("link");
            Path target = toDir ? Files.createDirectories(out.resolve("d")) : file;
            List<String> toFile = new ArrayList<>(List.of(c));
            toFile.addAll(List.of("-o", target.toString()));
            assertThat(cli.apply(toFile.toArray(String[]::new)).status()).as(String.join(" ", c)).isZero();
            List<String> toStdout = new ArrayList<>(List.of(c));
            toStdout.addAll(List.of("-o", "-"));
            Cli.Result r = cli.apply(toStdout.toArray(String[]::new));
            assertThat(r.status()).as(String.join(" ", c)).isZero();
            Path written = toDir ? target.resolve(c[c.length - 1].equals("csi") ? "link.csi" : "link.json") : file;
            assertThat(r.outBytes()).as(String.join(" ", c)).isEqualTo(Files.readAllBytes(written));
            assertThat(out.resolve("-")).doesNotExist();
        }
        Cli.Result png = Cli.run("render", s.vert(), s.frag(), "--backend", "software", "--size", "4x4", "-o", "-");
        assertThat(png.status()).as(png.err()).isZero();
        assertThat(head(png.outBytes(), 4)).isEqualTo("\u0089PNG");
        assertThat(png.err()).contains("rendered - (4x4) with software");
    }
}
