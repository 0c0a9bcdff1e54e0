package dev.csir.ssa;

/** The memory layout rules of a buffer's contents. */
public enum BlockLayout {
    NONE("none"), STD140("std140"), STD430("std430");

    private final String word;

    BlockLayout(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static BlockLayout ofWord(String w) {
        for (BlockLayout l : values()) {
            if (l.word.equals(w)) {
                return l;
            }
        }
        return null;
    }
}
