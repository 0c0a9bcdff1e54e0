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

    /**
     * No text; {@code message} is one of the TGSI texts of {@link dev.csir.diag.Messages}, and
     * {@code insn} the index of the CSIR record whose text crossed the budget or has no TGSI form
     * (-1 when no one record is to blame: the declarations, or {@code END}).
     */
    record Failed(String message, int insn) implements TgsiResult {
        public Failed {
            if (message == null) {
                throw new IllegalArgumentException("null failure message");
            }
        }

        /** A failure no record is to blame for. */
        public Failed(String message) {
            this(message, -1);
        }
    }
}
