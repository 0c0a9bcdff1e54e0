package dev.csir.ssa.text;

/** A located parse error; {@link #toString()} is {@code line:col: message}. */
public record ParseError(int line, int column, String message) {
    @Override
    public String toString() {
        return line + ":" + column + ": " + message;
    }
}
