package dev.csir.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a command's output goes, without ever destroying what is there:
 * <ul>
 * <li>{@code -} is standard output;</li>
 * <li>a symlink is followed and its target written;</li>
 * <li>a device, FIFO or socket ({@code /dev/null}, {@code /dev/stdout}) is opened and written in
 * place, never replaced;</li>
 * <li>a regular file or a new path is written to a temporary beside it that is then renamed over
 * it, so readers see the old or the new contents, never half; the temporary is removed on any
 * failure. A replaced file keeps its permissions; a new one gets 0666 less the umask.</li>
 * </ul>
 * A missing parent directory is an error, not created.
 */
final class OutputFiles {
    /** Symlink hops followed before giving up, as the kernel's ELOOP limit. */
    private static final int MAX_LINKS = 40;

    private OutputFiles() {
    }

    /** An output that could not be written; the message is one line, ready for the user. */
    static final class OutputException extends Exception {
        private static final long serialVersionUID = 1L;

        OutputException(String message) {
            super(message);
        }
    }

    /** True for the path {@code -}, standard output. */
    static boolean isStdout(Path target) {
        return target.toString().equals("-");
    }

    /** Writes {@code data} to {@code target}, or to {@code stdout} when the target is {@code -}. */
    static void write(Path target, byte[] data, OutputStream stdout) throws OutputException {
        if (isStdout(target)) {
            try {
                stdout.write(data);
                stdout.flush();
            } catch (IOException e) {
                throw new OutputException("cannot write to standard output: " + reason(e));
            }
            return;
        }
        Path real = followLinks(target);
        BasicFileAttributes attrs = attributes(real);
        try {
            if (attrs != null && attrs.isDirectory()) {
                throw new OutputException("cannot write " + target + ": is a directory");
            }
            if (attrs != null && !attrs.isRegularFile()) {
                // a device, FIFO or socket: replacing it would destroy it, so write into it
                try (OutputStream o = Files.newOutputStream(real, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                    o.write(data);
                }
                return;
            }
            Path dir = real.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                throw new OutputException("cannot write " + target + ": "
                        + (dir != null && Files.exists(dir) ? "not a directory" : "no such directory"));
            }
            replace(real, dir, data, attrs != null);
        } catch (IOException e) {
            throw new OutputException("cannot write " + target + ": " + reason(e));
        }
    }

    private static void replace(Path real, Path dir, byte[] data, boolean exists) throws IOException {
        Path tmp = newTemporary(dir, real.getFileName().toString());
        try {
            try (OutputStream o = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
                o.write(data);
            }
            if (exists) {
                keepPermissions(real, tmp);
            }
            try {
                Files.move(tmp, real, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, real, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new empty hidden file in {@code dir}. Created with plain open(2) semantics, so its mode is
     * 0666 less the umask ({@code Files.createTempFile} would make it 0600).
     */
    private static Path newTemporary(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    private static void keepPermissions(Path from, Path to) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        if (view != null) {
            Set<PosixFilePermission> perms = view.readAttributes().permissions();
            Files.setPosixFilePermissions(to, perms);
        }
    }

    /** The path a chain of symlinks ends at (which may not exist yet: a dangling link creates it). */
    private static Path followLinks(Path target) throws OutputException {
        Path p = target;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == MAX_LINKS) {
                throw new OutputException("cannot write " + target + ": too many levels of symbolic links");
            }
            try {
                Path link = Files.readSymbolicLink(p);
                Path parent = p.toAbsolutePath().getParent();
                p = parent == null ? link : parent.resolve(link);
            } catch (IOException e) {
                throw new OutputException("cannot write " + target + ": " + reason(e));
            }
        }
        return p;
    }

    private static BasicFileAttributes attributes(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
    }

    /** The reason of an I/O failure in the words of strerror, without the exception's path prefix. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        String r = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason() : e.getMessage();
        if (r == null || r.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return Character.toLowerCase(r.charAt(0)) + r.substring(1);
    }
}
