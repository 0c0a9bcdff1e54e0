package dev.csir.cli.args;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What one command takes and what its help says, built by the command itself: no reflection or
 * annotations, so nothing but the parse runs before the command does. Every command also takes
 * {@code -h, --help} (help to standard output, status 0).
 */
public final class CommandSpec {
    private final String name;
    private final String header;
    private final List<String> description = new ArrayList<>();
    private final List<String> footer = new ArrayList<>();
    private final List<Option> options = new ArrayList<>();
    private final List<Positional> positionals = new ArrayList<>();
    private final Set<Option> required = Option.identitySet();

    /**
     * @param name the command's name as typed after {@code csir} (empty for {@code csir} itself)
     * @param header one sentence, the summary the command list shows
     */
    public CommandSpec(String name, String header) {
        this.name = name;
        this.header = header;
    }

    public String name() {
        return name;
    }

    public String header() {
        return header;
    }

    /** A paragraph of help after the header. */
    public CommandSpec describe(String paragraph) {
        description.add(paragraph);
        return this;
    }

    /** A paragraph at the end of the help. */
    public CommandSpec footer(String paragraph) {
        footer.add(paragraph);
        return this;
    }

    /** An option taking a value; {@code names} separated by ", " ({@code "-o, --output"}). */
    public CommandSpec option(String names, String label, String description, Option.Setter setter) {
        options.add(new Option(List.of(names.split(", ")), label, description, Option.Kind.VALUE, setter));
        return this;
    }

    /** As {@link #option}, and a command line without it is wrong. */
    public CommandSpec requiredOption(String names, String label, String description, Option.Setter setter) {
        option(names, label, description, setter);
        required.add(options.getLast());
        return this;
    }

    /** An option without a value. */
    public CommandSpec flag(String names, String description, Runnable action) {
        options.add(new Option(List.of(names.split(", ")), null, description, Option.Kind.FLAG, v -> action.run()));
        return this;
    }

    /** {@code --NAME} and {@code --no-NAME}; the setter gets "true" or "false". */
    public CommandSpec negatable(String longName, String description, Option.Setter setter) {
        options.add(new Option(List.of(longName), null, description, Option.Kind.NEGATABLE, setter));
        return this;
    }

    /** The next positional parameters: {@code min} to {@code max} of them. */
    public CommandSpec positional(String label, int min, int max, String description, Option.Setter setter) {
        positionals.add(new Positional(label, min, max, description, setter));
        return this;
    }

    List<String> description() {
        return description;
    }

    List<String> footerParagraphs() {
        return footer;
    }

    List<Option> options() {
        return options;
    }

    List<Positional> positionals() {
        return positionals;
    }

    boolean isRequired(Option o) {
        return required.contains(o);
    }

    /** {@code csir NAME}, or {@code csir} for the top level. */
    public String path() {
        return name.isEmpty() ? "csir" : "csir " + name;
    }
}
