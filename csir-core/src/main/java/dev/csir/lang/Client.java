package dev.csir.lang;

/**
 * The API a source is written for, as glslang's {@code -G} and {@code -V} choose it (GLSL 4.60
 * section 1.3 and the GL_KHR_vulkan_glsl rules): OpenGL, or Vulkan, which adds {@code set},
 * {@code push_constant} and {@code constant_id}, renames the vertex and instance ids, defines
 * {@code VULKAN}, and wants every non-opaque uniform in a block with a binding.
 */
public enum Client {
    OPENGL("opengl"), VULKAN("vulkan");

    private final String word;

    Client(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The client spelled {@code word} (the {@code --client} values), or null. */
    public static Client ofWord(String word) {
        for (Client c : values()) {
            if (c.word.equals(word)) {
                return c;
            }
        }
        return null;
    }
}
