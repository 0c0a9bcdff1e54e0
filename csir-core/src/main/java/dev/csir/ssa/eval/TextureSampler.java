package dev.csir.ssa.eval;

import dev.csir.ssa.GlobalVariable;
import java.util.List;

/**
 * What the texture opcodes read through: the caller's model of the bound textures. The evaluator
 * passes each lookup's operands as they are and converts the answer to the instruction's result
 * type (the first components of it; missing ones are 0): to float by rounding, to int and uint by
 * truncation. A double holds every float and every 32-bit integer exactly.
 */
@FunctionalInterface
public interface TextureSampler {

    /** Which opcode asked. */
    enum Kind {
        /** {@code sample}: implicit level of detail; {@code lodOrBias} is the bias (null without one). */
        SAMPLE,
        /** {@code samplelod}: {@code lodOrBias} is the level. */
        SAMPLE_LOD,
        /** {@code samplegrad}: {@code ddx} and {@code ddy} are the gradients. */
        SAMPLE_GRAD,
        /** {@code samplecmp}: {@code reference} is the depth compared against; {@code lodOrBias} the level or null. */
        SAMPLE_COMPARE,
        /** {@code fetch}: {@code coord} is integer texel coordinates, {@code lodOrBias} the integer level. */
        FETCH,
        /** {@code gather}: {@code component} says which of the four texels' components. */
        GATHER,
        /** {@code gathercmp}: {@code reference} is the depth the four texels are compared against. */
        GATHER_COMPARE
    }

    /**
     * One lookup.
     *
     * @param texture the sampler global
     * @param element the indices into a sampler array global (empty for a single sampler)
     * @param coord the coordinate operand (the array layer, if any, is its last component)
     * @param lodOrBias see {@link Kind}; null when absent
     * @param ddx the x gradient of {@code samplegrad}, else null
     * @param ddy the y gradient of {@code samplegrad}, else null
     * @param reference the depth reference of {@code samplecmp} and {@code gathercmp}, else null
     * @param offsets the texel offsets (none, one, or a gather's four), each an int per dimension
     * @param component a gather's component (0 red to 3 alpha), else 0
     */
    record Lookup(Kind kind, GlobalVariable texture, List<Integer> element, Val.Num coord, Val.Num lodOrBias,
            Val.Num ddx, Val.Num ddy, Val.Num reference, List<int[]> offsets, int component) {
    }

    /** No texture bound: every lookup reads zero and every size is zero. */
    TextureSampler NONE = lookup -> new double[0];

    /** The texel components (r, g, b, a; a shadow lookup's single result first). */
    double[] lookup(Lookup lookup);

    /** {@code texsize}: the size of level {@code lod} in texels (width, height, depth or layers). */
    default int[] size(GlobalVariable texture, List<Integer> element, int lod) {
        return new int[0];
    }
}
