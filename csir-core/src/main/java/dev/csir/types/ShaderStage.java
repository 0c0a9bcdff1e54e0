package dev.csir.types;

/** The pipeline stages a shader can be written for, as the front end and the transform IR name them. */
public enum ShaderStage {
    VERTEX("vertex"), TESS_CONTROL("tess_control"), TESS_EVALUATION("tess_evaluation"), GEOMETRY("geometry"),
    FRAGMENT("fragment"), COMPUTE("compute");

    private final String word;

    ShaderStage(String word) {
        this.word = word;
    }

    /** The word the dump prints. */
    public String word() {
        return word;
    }

    public static ShaderStage ofWord(String word) {
        for (ShaderStage s : values()) {
            if (s.word.equals(word)) {
                return s;
            }
        }
        return null;
    }
}
