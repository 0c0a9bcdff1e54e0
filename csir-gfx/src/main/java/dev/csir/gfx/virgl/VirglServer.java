package dev.csir.gfx.virgl;

import dev.csir.gfx.GfxException;
import java.io.File;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A virglrenderer vtest server: either a private {@code virgl_test_server} child process on a
 * socket in a fresh temporary directory (headless, llvmpipe through EGL surfaceless), with its
 * log captured, or an already running server reached by its socket path.
 */
public final class VirglServer implements AutoCloseable {
    /** The server executable looked up on PATH. */
    public static final String EXECUTABLE = "virgl_test_server";

    private final Path socket;
    private final Process process;
    private final Path dir;
    private final Path log;

    private VirglServer(Path socket, Process process, Path dir, Path log) {
        this.socket = socket;
        this.process = process;
        this.dir = dir;
        this.log = log;
    }

    /** The server executable on PATH, if installed. */
    public static Optional<Path> executable() {
        return onPath(EXECUTABLE);
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String d : path.split(File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Starts a private server and waits (up to {@code timeout}) until its socket accepts. */
    public static VirglServer start(Duration timeout) throws GfxException {
        Path exe = executable().orElseThrow(() -> new GfxException(EXECUTABLE
                + " is not installed (Debian: apt-get install virgl-server libegl1 libgl1-mesa-dri libopengl0)"));
        Path dir;
        try {
            dir = Files.createTempDirectory("csir-virgl-");
        } catch (IOException e) {
            throw new GfxException("cannot create a directory for the vtest socket: " + e.getMessage(), e);
        }
        Path socket = dir.resolve("vtest.sock");
        Path log = dir.resolve("server.log");
        List<String> cmd = new ArrayList<>();
        // line-buffered stdout keeps the server's printf lines in order with its stderr lines
        onPath("stdbuf").ifPresent(s -> cmd.addAll(List.of(s.toString(), "-oL", "-eL")));
        cmd.add(exe.toString());
        cmd.add("--use-egl-surfaceless");
        // the '=' matters: with a space the path would be taken as a file of commands to replay
        cmd.add("--socket-path=" + socket);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        // a server told to render through virpipe would try to connect to itself
        if ("virpipe".equals(pb.environment().get("GALLIUM_DRIVER"))) {
            pb.environment().remove("GALLIUM_DRIVER");
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            deleteQuietly(dir);
            throw new GfxException("cannot start " + exe + ": " + e.getMessage(), e);
        }
        VirglServer server = new VirglServer(socket, p, dir, log);
        try {
            server.awaitAccepting(timeout);
        } catch (GfxException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** A server someone else started, reached at {@code socket}; closing it leaves it running. */
    public static VirglServer attach(Path socket) throws GfxException {
        if (!Files.exists(socket)) {
            throw new GfxException("no vtest server socket at " + socket);
        }
        return new VirglServer(socket, null, null, null);
    }

    private void awaitAccepting(Duration timeout) throws GfxException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no socket yet";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new GfxException(EXECUTABLE + " exited with status " + process.exitValue()
                        + " before accepting connections\nserver log:\n" + log().strip());
            }
            if (Files.exists(socket)) {
                try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                    ch.connect(UnixDomainSocketAddress.of(socket));
                    return;
                } catch (IOException e) {
                    last = e.getMessage();
                }
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GfxException("interrupted while waiting for " + EXECUTABLE);
            }
        }
        throw new GfxException(EXECUTABLE + " did not accept connections on " + socket + " within "
                + timeout.toMillis() + " ms (" + last + ")\nserver log:\n" + log().strip());
    }

    public Path socket() {
        return socket;
    }

    /** True when this object started the server (and {@link #close} stops it). */
    public boolean owned() {
        return process != null;
    }

    /** Everything the server has logged so far (empty for an attached server). */
    public String log() {
        if (log == null) {
            return "";
        }
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "";
        }
    }

    /** The current end of the log, to pass to {@link #logSince} later. */
    public long logMark() {
        if (log == null) {
            return 0;
        }
        try {
            return Files.size(log);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * What the server logged after {@code mark}, waiting briefly for lines that may still be on
     * their way (the server writes them as it drops a client). At most {@code maxLines} last lines.
     */
    public String logSince(long mark, int maxLines) {
        if (log == null) {
            return "";
        }
        String text = "";
        long deadline = System.nanoTime() + 300_000_000L;
        do {
            String all = log();
            text = all.length() > mark ? all.substring((int) mark) : "";
            if (text.contains("failed") || text.contains("error")) {
                break;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        } while (System.nanoTime() < deadline);
        String[] lines = text.split("\n");
        int from = Math.max(0, lines.length - maxLines);
        return String.join("\n", List.of(lines).subList(from, lines.length));
    }

    /** Stops an owned server (its per-client children first) and removes its directory. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteQuietly(dir);
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a leftover temporary directory is harmless
        }
    }
}
