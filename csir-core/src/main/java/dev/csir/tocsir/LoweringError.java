package dev.csir.tocsir;

/** What the lowering could not do, at the source position of the instruction it came from (0 when unknown). */
public record LoweringError(int line, int column, String message) {
}
