package dev.csir.ir;

/** Shader stages CSIR supports, numbered as CSI stores them. */
public enum Stage {
    VERTEX("vertex", "vert"), FRAGMENT("fragment", "frag");

    private final String word;
    private final String extension;

    Stage(String word, String extension) {
        this.word = word;
        this.extension = extension;
    }

    public int code() {
        return ordinal();
    }

    /** The word the IR dump prints ("vertex", "fragment"). */
    public String word() {
        return word;
    }

    /** The usual file extension, without the dot. */
    public String extension() {
        return extension;
    }

    /** The stage with this code, or {@code null}. */
    public static Stage of(int code) {
        return code == 0 ? VERTEX : code == 1 ? FRAGMENT : null;
    }
}
