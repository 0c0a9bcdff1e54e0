package dev.csir.ssa;

/** A structured header's hint to the back end, as SPIR-V's loop and selection controls have them. */
public enum ControlHint {
    NONE("none"), UNROLL("unroll"), DONT_UNROLL("dontunroll"), FLATTEN("flatten"), DONT_FLATTEN("dontflatten");

    private final String word;

    ControlHint(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static ControlHint ofWord(String w) {
        for (ControlHint h : values()) {
            if (h.word.equals(w)) {
                return h;
            }
        }
        return null;
    }
}
