package dev.csir.cli.args;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.StringJoiner;

/** Parsers of common option values; each failure is a {@link UsageException} with the reason. */
public final class Values {
    private Values() {
    }

    /**
     * One of an enum's constants ({@code Emit.values()}), by its name. The constants come from the
     * caller, not {@link Class#getEnumConstants}, whose reflective call of {@code values()} spins
     * method-handle classes that cost a one-shot compile milliseconds.
     */
    public static <E extends Enum<E>> E oneOf(E[] constants, String value) throws UsageException {
        for (E e : constants) {
            if (e.name().equals(value)) {
                return e;
            }
        }
        throw new UsageException("expected one of " + Arrays.toString(constants) + " but was '" + value + "'");
    }

    /** The constants as help shows them: {@code tgsi, ir, ast}. */
    public static String choices(Enum<?>[] constants) {
        StringJoiner names = new StringJoiner(", ");
        for (Enum<?> e : constants) {
            names.add(e.name());
        }
        return names.toString();
    }

    public static Path path(String value) throws UsageException {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new UsageException("'" + value + "' is not a path: " + e.getReason());
        }
    }
}
