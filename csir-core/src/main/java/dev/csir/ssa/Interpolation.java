package dev.csir.ssa;

/** How a varying is interpolated between vertices. */
public enum Interpolation {
    SMOOTH("smooth"), FLAT("flat"), NOPERSPECTIVE("noperspective");

    private final String word;

    Interpolation(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Interpolation ofWord(String w) {
        for (Interpolation i : values()) {
            if (i.word.equals(w)) {
                return i;
            }
        }
        return null;
    }
}
