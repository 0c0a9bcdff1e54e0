package dev.csir.testing;

import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.tgsi.TgsiProgram;

/** The TGSI of linked programs in tests, where an emission failure is a test failure. */
public final class LinkedText {
    private LinkedText() {
    }

    public static TgsiProgram of(LinkedProgram p) {
        return switch (TgsiProgram.emit(p.vertex(), p.fragment(), p.remap())) {
            case TgsiProgram.Emitted e -> e.program();
            case TgsiProgram.Failed f -> throw new AssertionError(f.message());
        };
    }

    public static TgsiProgram of(Program p) {
        return of(p.linked().orElseThrow(() -> new AssertionError("the program never linked")));
    }
}
