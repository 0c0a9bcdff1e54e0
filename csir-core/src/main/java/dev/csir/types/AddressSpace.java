package dev.csir.types;

/** Where a pointer points: SPIR-V's storage classes, by the names the dump prints. */
public enum AddressSpace {
    /** Locals of a function invocation (allocas). */
    FUNCTION("function"),
    /** Globals private to an invocation. */
    PRIVATE("private"),
    /** Stage inputs. */
    INPUT("input"),
    /** Stage outputs. */
    OUTPUT("output"),
    /** Uniform blocks (constant buffers) and the default block of loose uniforms. */
    UNIFORM("uniform"),
    /** Opaque resources: samplers, images. */
    UNIFORM_CONSTANT("uniform_constant"),
    /** Storage buffers. */
    STORAGE_BUFFER("storage"),
    /** Memory shared by a compute workgroup. */
    WORKGROUP("workgroup"),
    /** Push constants. */
    PUSH_CONSTANT("push_constant");

    private final String word;

    AddressSpace(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The space printed as {@code word}, or null. */
    public static AddressSpace ofWord(String word) {
        for (AddressSpace s : values()) {
            if (s.word.equals(word)) {
                return s;
            }
        }
        return null;
    }

    /** True when the shader may store through a pointer into this space. */
    public boolean writable() {
        return this != INPUT && this != UNIFORM && this != UNIFORM_CONSTANT && this != PUSH_CONSTANT;
    }
}
