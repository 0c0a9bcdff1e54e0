package dev.csir.back.spirv;

/** What the writer cannot emit (yet); {@link SpirvWriter} turns it into an error result. */
final class SpirvException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SpirvException(String message) {
        super(message, null, false, false);
    }
}
