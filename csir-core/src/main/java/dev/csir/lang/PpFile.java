package dev.csir.lang;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** One source file of the {@link Preprocessor}: the shader, or a file it included. */
final class PpFile {
    final String name;
    final Path dir;
    final byte[] bytes;
    final boolean main;
    /** Where the #include of this file is shown in the shader (the shader itself: unused). */
    final PpToken site;
    final int depth;
    /** {@code #line}: added to a physical line to give {@code __LINE__}. */
    int lineDelta;
    int sourceString;

PpFile(String name, Path dir, byte[] bytes, boolean main, PpToken site, int depth) {
        this.name = name;
        this.dir = dir;
        this.bytes = bytes;
        this.main = main;
        this.site = site;
        this.depth = depth;
    }

    /** Where each line starts, made on the first error shown in this file. */
    private int[] lineStarts;

    /** The text of a 1-based line, for an error shown in this file. */
    String sourceLine(int line) {
        if (lineStarts == null) {
            int count = 1;
            for (byte b : bytes) {
                count += b == '\n' ? 1 : 0;
            }
            lineStarts = new int[count];
            for (int i = 0, l = 1; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    lineStarts[l++] = i + 1;
                }
            }
        }
        if (line < 1 || line > lineStarts.length) {
            return "";
        }
        int start = lineStarts[line - 1];
        int end = start;
        while (end < bytes.length && bytes[end] != '\n' && bytes[end] != '\r') {
            end++;
        }
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }
}
