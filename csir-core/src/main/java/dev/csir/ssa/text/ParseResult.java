package dev.csir.ssa.text;

import dev.csir.ssa.Module;
import java.util.List;

/** What {@link Parser#parse} returns: the module, or every error found, in text order. */
public sealed interface ParseResult permits ParseResult.Parsed, ParseResult.Failed {

    /** The text was well formed; the module may still be structurally broken (the verifier judges). */
    record Parsed(Module module) implements ParseResult {
    }

    /** At least one error; no module is handed out, since parts of it would be missing. */
    record Failed(List<ParseError> errors) implements ParseResult {
        public Failed {
            errors = List.copyOf(errors);
        }
    }

    /** The module, or an {@link IllegalStateException} listing the errors (for tests and tools). */
    default Module orElseThrow() {
        return switch (this) {
            case Parsed p -> p.module();
            case Failed f -> throw new IllegalStateException(
                    String.join("\n", f.errors().stream().map(ParseError::toString).toList()));
        };
    }
}
