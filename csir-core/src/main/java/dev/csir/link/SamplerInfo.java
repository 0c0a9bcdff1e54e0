package dev.csir.link;

import dev.csir.ir.Stage;
import dev.csir.ir.Type;

/**
 * A sampler of a linked program: name, stage, sampler slot (one record per declaring stage) and
 * kind, the texture a device binds there ({@link Type#SAMPLER2D}, {@link Type#SAMPLERCUBE},
 * {@link Type#SAMPLER3D}, {@link Type#SAMPLER2DARRAY}, or a shadow or integer kind of those, whose
 * texture is a depth or an integer one).
 */
public record SamplerInfo(String name, Stage stage, int slot, Type kind) {

    public SamplerInfo {
        if (kind == null || !kind.isSampler()) {
            throw new IllegalArgumentException("sampler '" + name + "' of kind " + kind);
        }
    }

    /** A 2D sampler. */
    public SamplerInfo(String name, Stage stage, int slot) {
        this(name, stage, slot, Type.SAMPLER2D);
    }
}
