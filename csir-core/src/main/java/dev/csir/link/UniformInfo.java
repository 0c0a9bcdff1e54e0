package dev.csir.link;

import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.Optional;

/**
 * A non-sampler uniform of a linked program, merged by name across stages. {@code stage} and
 * {@code slot} are those of the first stage declaring it; the per-stage slots are kept so a
 * value set by name lands in both stages.
 */
public record UniformInfo(String name, Type type, Stage stage, int slot, int vertexSlot, int fragmentSlot) {

    /** The byte offset of the first slot in its stage's constant buffer. */
    public int offset() {
        return slot * 16;
    }

    /** Bytes the value occupies (mat4 64, mat3 36, vecN/ivecN 4N, scalars 4). */
    public int size() {
        return type.isMatrix() ? type.columns() * type.components() * 4 : Math.max(1, type.components()) * 4;
    }

    /** Floats a full value has (mat4 16, mat3 9, vecN N, scalar 1). */
    public int floats() {
        return type.isMatrix() ? type.columns() * type.components() : Math.max(1, type.components());
    }

    /** The vec4 slot in a stage, if the stage declares this uniform. */
    public Optional<Integer> slotIn(Stage s) {
        int v = s == Stage.VERTEX ? vertexSlot : fragmentSlot;
        return v < 0 ? Optional.empty() : Optional.of(v);
    }
}
