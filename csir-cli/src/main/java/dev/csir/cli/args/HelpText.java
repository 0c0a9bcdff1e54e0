package dev.csir.cli.args;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A command's help, wrapped to 80 columns: usage line, header, paragraphs, arguments, options, footer. */
public final class HelpText {
    private static final int WIDTH = 80;
    /** Where descriptions start in the argument, option and command lists. */
    private static final int COLUMN = 24;

    private HelpText() {
    }

    /** The help of one command. */
    public static String of(CommandSpec spec) {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: ").append(spec.path()).append(" [OPTIONS]");
        for (Positional p : spec.positionals()) {
            sb.append(' ').append(p.min() == 0 ? "[" + p.synopsis() + "]" : p.synopsis());
        }
        sb.append('\n');
        paragraphs(sb, List.of(spec.header()));
        if (!spec.description().isEmpty()) {
            sb.append('\n');
            paragraphs(sb, spec.description());
        }
        if (!spec.positionals().isEmpty()) {
            sb.append("\nArguments:\n");
            for (Positional p : spec.positionals()) {
                entry(sb, p.synopsis(), p.description());
            }
        }
        sb.append("\nOptions:\n");
        for (Option o : spec.options()) {
            entry(sb, (o.names().getFirst().startsWith("--") ? "    " : "") + o.synopsis(), o.description());
        }
        entry(sb, "-h, --help", "Shows this help and exits.");
        footer(sb, spec);
        return sb.toString();
    }

    /** The top level's help: its usage and each command with its one-sentence header. */
    public static String ofCommands(CommandSpec top, Map<String, String> commands) {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: csir [-hV] COMMAND [ARGUMENTS]\n");
        paragraphs(sb, List.of(top.header()));
        sb.append("\nOptions:\n");
        entry(sb, "-h, --help", "Shows this help and exits.");
        entry(sb, "-V, --version", "Prints version information and exits.");
        sb.append("\nCommands:\n");
        commands.forEach((name, header) -> entry(sb, name, header));
        footer(sb, top);
        return sb.toString();
    }

    private static void footer(StringBuilder sb, CommandSpec spec) {
        if (!spec.footerParagraphs().isEmpty()) {
            sb.append('\n');
            paragraphs(sb, spec.footerParagraphs());
        }
    }

    private static void paragraphs(StringBuilder sb, List<String> paragraphs) {
        for (int i = 0; i < paragraphs.size(); i++) {
            if (i > 0) {
                sb.append('\n');
            }
            for (String line : wrap(paragraphs.get(i), WIDTH)) {
                sb.append(line).append('\n');
            }
        }
    }

    /** A name in the left column and its text wrapped in the right one (below, when the name is long). */
    private static void entry(StringBuilder sb, String name, String text) {
        String left = "  " + name;
        List<String> lines = wrap(text == null ? "" : text, WIDTH - COLUMN);
        if (left.length() > COLUMN - 2) {
            sb.append(left).append('\n');
            left = "";
        }
        for (String line : lines.isEmpty() ? List.of("") : lines) {
            sb.append(left).append(" ".repeat(COLUMN - left.length())).append(line).append('\n');
            left = "";
        }
    }

    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.trim().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (!line.isEmpty()) {
                line.append(' ');
            }
            line.append(word);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
