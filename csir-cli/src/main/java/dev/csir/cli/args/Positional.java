package dev.csir.cli.args;

/**
 * Positional parameters of a command, in order: {@code min} to {@code max} arguments under one
 * label ({@code FILE}, {@code VS}); each given argument goes to the setter.
 */
public record Positional(String label, int min, int max, String description, Option.Setter setter) {
    /** No upper bound. */
    public static final int MANY = Integer.MAX_VALUE;

    String synopsis() {
        return max > 1 ? label + "..." : label;
    }
}
