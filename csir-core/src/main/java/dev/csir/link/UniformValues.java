package dev.csir.link;

import dev.csir.diag.Messages;
import dev.csir.ir.Stage;
import java.util.Optional;

/**
 * The vec4 constant storage of both stages of a linked program, written by uniform name. Each
 * stage holds exactly the slots it declares ({@link ProgramInterface#vec4s}, up to the profile's
 * 1024): a program of two uniforms does not carry, copy or upload the profile's 16 KiB.
 * Setting a uniform writes every stage that declares it, at that stage's slot.
 */
public final class UniformValues {
    private final ProgramInterface iface;
    private final float[] vertex;
    private final float[] fragment;

    UniformValues(ProgramInterface iface) {
        this.iface = iface;
        this.vertex = new float[iface.vec4s(Stage.VERTEX) * 4];
        this.fragment = new float[iface.vec4s(Stage.FRAGMENT) * 4];
    }

    /**
     * Sets a uniform by name. Matrices are given column-major (16 floats for mat4, 9 for mat3);
     * vectors and scalars their component count. Returns an error message, or empty when set.
     */
    public Optional<String> set(String name, float... values) {
        Optional<UniformInfo> found = iface.uniform(name);
        if (found.isEmpty()) {
            return Optional.of(Messages.NO_SUCH_UNIFORM + " '" + name + "'");
        }
        UniformInfo u = found.get();
        if (values.length != u.floats()) {
            return Optional.of("uniform '" + name + "' of type " + u.type().glslName() + " takes " + u.floats()
                    + " values, got " + values.length);
        }
        for (Stage s : Stage.values()) {
            Optional<Integer> slot = u.slotIn(s);
            if (slot.isPresent()) {
                write(s == Stage.VERTEX ? vertex : fragment, slot.get(), u, values);
            }
        }
        return Optional.empty();
    }

    private static void write(float[] dst, int slot, UniformInfo u, float[] v) {
        if (u.type().isMatrix()) {
            int n = u.type().components();
            for (int col = 0; col < u.type().columns(); col++) {
                int base = (slot + col) * 4;
                for (int row = 0; row < 4; row++) {
                    dst[base + row] = row < n ? v[col * n + row] : 0f;
                }
            }
        } else {
            System.arraycopy(v, 0, dst, slot * 4, v.length);
        }
    }

    /** An independent copy of the current values (for recording a draw to replay later). */
    public UniformValues copy() {
        UniformValues c = new UniformValues(iface);
        System.arraycopy(vertex, 0, c.vertex, 0, vertex.length);
        System.arraycopy(fragment, 0, c.fragment, 0, fragment.length);
        return c;
    }

    /**
     * The live storage of a stage: its declared vec4 slots, 4 floats each, laid out as the
     * interpreter's uniform file (copy it into a frame's first floats).
     */
    public float[] words(Stage stage) {
        return stage == Stage.VERTEX ? vertex : fragment;
    }

    /** A copy of the vec4 slots a stage declares (what a renderer uploads). */
    public float[] upload(Stage stage) {
        return words(stage).clone();
    }
}
