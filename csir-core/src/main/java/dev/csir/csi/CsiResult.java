package dev.csir.csi;

import dev.csir.ir.ShaderIr;
import java.util.List;

/** What loading a CSI blob gives: a verified shader, or the reason it was refused. */
public sealed interface CsiResult permits CsiResult.Loaded, CsiResult.Rejected {

    /**
     * A blob that passed every check. {@code notes} say what the format could not carry (for
     * version 1: the symbols) or what was dropped, so a caller can tell a partial round trip.
     */
    record Loaded(ShaderIr shader, int version, List<String> notes) implements CsiResult {
        public Loaded {
            notes = List.copyOf(notes);
        }
    }

    /** A blob refused by the first check it failed. */
    record Rejected(String reason) implements CsiResult {
    }
}
