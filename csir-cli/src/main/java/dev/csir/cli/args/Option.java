package dev.csir.cli.args;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * One option of a command: its names ({@code -o}, {@code --output}), the label of its value
 * (null for a flag), what help says about it, and what it does when given. A value option given
 * twice takes the last value, unless its setter collects them.
 */
public record Option(List<String> names, String label, String description, Kind kind, Setter setter) {

    /** How the option reads its arguments. */
    public enum Kind {
        /** Takes a value: {@code --emit spv}, {@code --emit=spv}, {@code -ofile}. */
        VALUE,
        /** Takes none. */
        FLAG,
        /** A flag with a {@code --no-} form that sets it false. */
        NEGATABLE
    }

    /** Receives the option's value (null for a flag, "true"/"false" for a negatable one). */
    @FunctionalInterface
    public interface Setter {
        void set(String value) throws UsageException;
    }

    public Option {
        names = List.copyOf(names);
    }

    /**
     * A set of options told apart by identity, as each is declared once: the record's own
     * {@code hashCode} would link an invokedynamic call site at its first use, whose method
     * handles cost a one-shot command milliseconds.
     */
    static Set<Option> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** The longest name, the one messages use. */
    public String longName() {
        return names.getLast();
    }

    /** How help and messages show it: {@code -o, --output=OUT} or {@code --[no-]debug-info}. */
    String synopsis() {
        if (kind == Kind.NEGATABLE) {
            return "--[no-]" + longName().substring(2);
        }
        String joined = String.join(", ", names);
        return label == null ? joined : joined + "=" + label;
    }
}
