package dev.csir.ssa;

/**
 * What a block heads. A selection header ends in {@code condbr} or {@code switch} and its merge
 * block is where the arms rejoin; a loop header ends in {@code br}, its merge block is the exit and
 * its continue block the one that branches back to the header. SPIR-V gets its merge
 * instructions straight from these, and the text back ends rebuild if/for/switch from them.
 */
public enum StructureKind {
    NONE(""), SELECTION("selection"), LOOP("loop");

    private final String word;

    StructureKind(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
