package dev.csir.cli.args;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

/** Parsers of common option values; each failure is a {@link UsageException} with the reason. */
public final class Values {
    private Values() {
    }

    /** One of an enum's constants, by its name. */
    public static <E extends Enum<E>> E oneOf(Class<E> type, String value) throws UsageException {
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(value)) {
                return e;
            }
        }
        throw new UsageException("expected one of " + Arrays.toString(type.getEnumConstants()) + " but was '" + value
                + "'");
    }

    /** The enum's constants as help shows them: {@code tgsi, ir, ast}. */
    public static String choices(Class<? extends Enum<?>> type) {
        return String.join(", ", Arrays.stream(type.getEnumConstants()).map(Enum::name).toList());
    }

    public static Path path(String value) throws UsageException {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new UsageException("'" + value + "' is not a path: " + e.getReason());
        }
    }
}
