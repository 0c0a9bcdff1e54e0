package dev.csir.csi;

import dev.csir.ir.ShaderIr;

/** What loading a CSI program blob gives: a verified vertex and fragment shader, or the reason not. */
public sealed interface CsiProgramResult permits CsiProgramResult.Loaded, CsiProgramResult.Rejected {

    /** Both parts passed every check; link them with {@code dev.csir.link.Linker}. */
    record Loaded(ShaderIr vertex, ShaderIr fragment) implements CsiProgramResult {
    }

    /** A blob refused by the first check it failed (a part's reason names the part). */
    record Rejected(String reason) implements CsiProgramResult {
    }
}
