package dev.csir.back.spirv;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable run of 32-bit words: one section of the module being written. */
final class Words {
    private int[] words = new int[64];
    private int size;

    void add(int word) {
        if (size == words.length) {
            words = Arrays.copyOf(words, size * 2);
        }
        words[size++] = word;
    }

    /** One instruction: the word count and opcode, then its operands. */
    void op(int opcode, int... operands) {
        add((operands.length + 1) << 16 | opcode);
        for (int o : operands) {
            add(o);
        }
    }

    /** One instruction whose operands include a literal string after {@code before} (and {@code after}). */
    void opWithString(int opcode, int[] before, String text, int... after) {
        int[] str = string(text);
        add((1 + before.length + str.length + after.length) << 16 | opcode);
        for (int o : before) {
            add(o);
        }
        for (int o : str) {
            add(o);
        }
        for (int o : after) {
            add(o);
        }
    }

    /** A literal string: UTF-8, nul-terminated, padded to whole words, first byte lowest. */
    static int[] string(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int[] out = new int[bytes.length / 4 + 1];
        for (int i = 0; i < bytes.length; i++) {
            out[i / 4] |= (bytes[i] & 0xFF) << (8 * (i % 4));
        }
        return out;
    }

    void addAll(Words other) {
        for (int i = 0; i < other.size; i++) {
            add(other.words[i]);
        }
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(words, size);
    }
}
