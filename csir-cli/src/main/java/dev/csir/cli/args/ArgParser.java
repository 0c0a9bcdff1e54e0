package dev.csir.cli.args;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses a command's arguments against its {@link CommandSpec}, as getopt_long and the common
 * Java parsers do: {@code --name value}, {@code --name=value}, {@code -n value}, {@code -nvalue},
 * {@code --no-name} for negatable flags, options anywhere among the positional parameters,
 * {@code --} ending the options; and {@link #expandArgumentFiles} reads {@code @FILE} as further
 * arguments (whitespace separated, quotes group, a line starting with {@code #} is a comment).
 */
public final class ArgParser {
    private ArgParser() {
    }

    /** What the command line asked for: run, or only show the help. */
    public enum Outcome { RUN, HELP }

    /**
     * Applies {@code words} (argument files already expanded) to {@code spec}'s setters; throws on
     * anything wrong, naming it.
     */
    public static Outcome parse(CommandSpec spec, List<String> words) throws UsageException {
        List<String> positional = new ArrayList<>();
        Set<Option> seen = Option.identitySet();
        boolean optionsEnded = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (optionsEnded || w.equals("-") || !w.startsWith("-")) {
                positional.add(w);
                continue;
            }
            if (w.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (w.equals("-h") || w.equals("--help")) {
                return Outcome.HELP;
            }
            int eq = w.startsWith("--") ? w.indexOf('=') : -1;
            String name = eq < 0 ? w : w.substring(0, eq);
            String attached = eq < 0 ? null : w.substring(eq + 1);
            Option o = find(spec, name);
            boolean negated = false;
            if (o == null && name.startsWith("--no-")) {
                Option plain = find(spec, "--" + name.substring(5));
                if (plain != null && plain.kind() == Option.Kind.NEGATABLE) {
                    o = plain;
                    negated = true;
                }
            }
            if (o == null && !w.startsWith("--") && w.length() > 2) {
                // a short option with its value attached: -DNAME=1, -Iinclude, -oout.tgsi
                Option s = find(spec, w.substring(0, 2));
                if (s != null && s.kind() == Option.Kind.VALUE) {
                    o = s;
                    attached = w.substring(2);
                }
            }
            if (o == null) {
                throw new UsageException("Unknown option: '" + w + "'");
            }
            seen.add(o);
            switch (o.kind()) {
                case VALUE -> {
                    String value = attached;
                    if (value == null) {
                        if (i + 1 >= words.size()) {
                            throw new UsageException("Missing required parameter for option '" + o.longName() + "' ("
                                    + o.label() + ")");
                        }
                        value = words.get(++i);
                    }
                    set(o, value);
                }
                case FLAG, NEGATABLE -> {
                    if (attached != null) {
                        throw new UsageException("Option '" + o.longName() + "' takes no value, got '" + attached + "'");
                    }
                    set(o, o.kind() == Option.Kind.FLAG ? null : Boolean.toString(!negated));
                }
            }
        }
        for (Option o : spec.options()) {
            if (spec.isRequired(o) && !seen.contains(o)) {
                throw new UsageException("Missing required option: '" + o.synopsis() + "'");
            }
        }
        assignPositionals(spec, positional);
        return Outcome.RUN;
    }

    private static Option find(CommandSpec spec, String name) {
        for (Option o : spec.options()) {
            if (o.names().contains(name)) {
                return o;
            }
        }
        return null;
    }

    private static void set(Option o, String value) throws UsageException {
        try {
            o.setter().set(value);
        } catch (UsageException e) {
            throw new UsageException("Invalid value for option '" + o.longName() + "': " + e.getMessage());
        }
    }

    /** Hands the positional arguments out in order, each group taking what it may. */
    private static void assignPositionals(CommandSpec spec, List<String> words) throws UsageException {
        List<Positional> groups = spec.positionals();
        int next = 0;
        for (int g = 0; g < groups.size(); g++) {
            Positional p = groups.get(g);
            int laterMinimum = 0;
            for (int k = g + 1; k < groups.size(); k++) {
                laterMinimum += groups.get(k).min();
            }
            // its minimum first, then what later groups can spare: with too few, the first to
            // go short is the one the message names
            int remaining = words.size() - next;
            int take = Math.min(remaining, Math.min(p.max(), Math.max(p.min(), remaining - laterMinimum)));
            if (take < p.min()) {
                throw new UsageException("Missing required parameter: '" + p.label() + "'");
            }
            for (int k = 0; k < take; k++) {
                String w = words.get(next++);
                try {
                    p.setter().set(w);
                } catch (UsageException e) {
                    throw new UsageException("Invalid value for parameter '" + p.label() + "': " + e.getMessage());
                }
            }
        }
        if (next < words.size()) {
            throw new UsageException("Unexpected argument: '" + words.get(next) + "'");
        }
    }

    /** {@code @FILE} replaced by the arguments the file holds; {@code @@x} stands for {@code @x}. */
    public static List<String> expandArgumentFiles(List<String> args) throws UsageException {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("@@")) {
                out.add(a.substring(1));
            } else if (a.startsWith("@") && a.length() > 1) {
                out.addAll(readArgumentFile(a.substring(1)));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    private static List<String> readArgumentFile(String file) throws UsageException {
        String text;
        try {
            text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException | InvalidPathException e) {
            throw new UsageException("cannot read argument file '" + file + "'");
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        boolean lineStart = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
                continue;
            }
            if (lineStart && c == '#') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            lineStart = c == '\n' || (lineStart && Character.isWhitespace(c));
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new UsageException("argument file '" + file + "' has an unclosed quote");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
