package dev.csir.tgsi;

/** The outcome of TGSI emission: the text, or the reason there is none. */
public sealed interface TgsiResult permits TgsiResult.Ok, TgsiResult.Failed {

    /** The complete TGSI text, within the budget. */
    record Ok(String text) implements TgsiResult {
        public Ok {
            if (text == null) {
                throw new IllegalArgumentException("null TGSI text");
            }
        }
    }

    /** No text; {@code message} is one of the TGSI texts of {@link dev.csir.diag.Messages}. */
    record Failed(String message) implements TgsiResult {
        public Failed {
            if (message == null) {
                throw new IllegalArgumentException("null failure message");
            }
        }
    }
}
