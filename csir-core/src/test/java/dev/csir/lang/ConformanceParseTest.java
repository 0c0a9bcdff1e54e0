package dev.csir.lang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.testing.Shared;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Lexes and parses the original's test shaders (when {@code ../shared} is present) and compares
 * the lexer and parser diagnostics with the golden logs of the original.
 */
class ConformanceParseTest {
    /**
     * Lexer and parser message texts (the section of {@link Messages} owned by this package);
     * the {@code #version} refusal has details, so it is matched by its head.
     */
    private static final Set<String> LANG_MESSAGES = Set.of(Messages.EMPTY_SHADER, Messages.EXPECTED_VERSION_NUMBER,
            Messages.UNKNOWN_DIRECTIVE, Messages.UNTERMINATED_COMMENT,
            Messages.NAME_LIMIT, Messages.UNSUPPORTED_QUALIFIER, Messages.INVALID_NUMBER, Messages.INVALID_TOKEN,
            Messages.NESTING_LIMIT, Messages.EXPECTED_SWIZZLE, Messages.MIXED_SWIZZLE_SETS,
            Messages.EXPECTED_RBRACKET, Messages.EXPECTED_RPAREN, Messages.EXPECTED_LPAREN_AFTER_TYPE,
            Messages.EXPECTED_EXPRESSION, Messages.EXPECTED_LBRACE, Messages.EXPECTED_RBRACE,
            Messages.EXPECTED_LPAREN_AFTER_LAYOUT, Messages.EXPECTED_LAYOUT_ID,
            Messages.EXPECTED_INTEGER_LOCATION, Messages.EXPECTED_RPAREN_AFTER_LAYOUT, Messages.EXPECTED_SEMICOLON,
            Messages.EXPECTED_PARAMETER_TYPE, Messages.EXPECTED_PARAMETER_NAME, Messages.EXPECTED_TYPE,
            Messages.EXPECTED_NAME, Messages.EXPECTED_FUNCTION_BODY, Messages.EXPECTED_LPAREN_AFTER_IF,
            Messages.EXPECTED_LPAREN_AFTER_FOR, Messages.EXPECTED_LOOP_VARIABLE);

    private record Entry(int line, int column, String message) {
        @Override
        public String toString() {
            return line + ":" + column + ": " + message;
        }
    }

    /**
     * The entries of an original log: {@code name:line:col:} then {@code error: message}; each
     * message as csir words it ({@link Shared#csirWording}) for the shader {@code source}.
     */
    private static List<Entry> parseLog(String log, String source) {
        List<Entry> out = new ArrayList<>();
        String[] lines = log.split("\n", -1);
        for (int i = 0; i + 1 < lines.length; i++) {
            if (lines[i + 1].startsWith("error: ") && lines[i].endsWith(":")) {
                String[] parts = lines[i].split(":");
                int n = parts.length;
                out.add(new Entry(Integer.parseInt(parts[n - 2]), Integer.parseInt(parts[n - 1]),
                        Shared.csirWording(lines[i + 1].substring("error: ".length()), source)));
                i++;
            }
        }
        return out;
    }

    private static List<Entry> ours(String source) {
        DiagnosticLog log = new DiagnosticLog("x", source);
        Parser.parse(source, log);
        List<Entry> out = new ArrayList<>();
        for (Diagnostic d : log.diagnostics()) {
            out.add(new Entry(d.line(), d.column(), d.message()));
        }
        return out;
    }

    /**
     * Our lexer and parser must report exactly the golden log's leading entries, and the entry
     * after them (if any) must come from a later phase. "invalid swizzle" is also a semantic
     * message, so it may follow. The original lists all lexer errors before the parser's; csir
     * lists them in source order, so the golden's leading entries are put in source order first
     * (a stable sort by line and column, as the log sorts).
     */
    private static void assertSameFrontEndErrors(String what, String source, String goldenLog) {
        List<Entry> golden = parseLog(goldenLog, source);
        List<Entry> ours = ours(source);
        List<Entry> leading = new ArrayList<>(golden.subList(0, Math.min(ours.size(), golden.size())));
        leading.sort(java.util.Comparator.comparingInt(Entry::line).thenComparingInt(Entry::column));
        assertThat(ours).as(what).isEqualTo(leading);
        if (golden.size() > ours.size()) {
            Entry next = golden.get(ours.size());
            boolean frontEnd = LANG_MESSAGES.contains(next.message())
                    || next.message().startsWith(Messages.UNSUPPORTED_VERSION);
            assertThat(frontEnd && !ours.isEmpty()
                    && ours.size() < DiagnosticLog.MAX_REPORTED)
                    .as("%s: golden has a further front-end error %s", what, next).isFalse();
        }
    }

    private static Optional<Path> conformance() {
        return Shared.conformance();
    }

    @Test
    void goldenErrorLogsOfFrontEndFailures() throws IOException {
        Optional<Path> root = conformance();
        assumeTrue(root.isPresent(), "../shared is absent");
        Path shaders = root.get().resolve("shaders");
        Path errors = root.get().resolve("golden/errors");
        // (pp.vert is no longer one: GLSL accepts its "#extension GL_ARB_gpu_shader5 : enable", which
        // the original rejected as an unsupported directive; ConformanceCompileTest compiles it)
        for (String name : List.of("fuzz_1.vert", "fuzz_2.vert", "fuzz_3.vert", "fuzz_4.vert", "fuzz_5.vert",
                "fuzz_6.vert", "huge.vert")) {
            String src = Files.readString(shaders.resolve(name), StandardCharsets.UTF_8);
            String golden = Files.readString(errors.resolve(name + ".log.txt"), StandardCharsets.UTF_8);
            List<Entry> g = parseLog(golden, src);
            List<Entry> o = ours(src);
            assertThat(o).as(name).isNotEmpty();
            assertThat(o.getFirst()).as(name + " first error").isEqualTo(g.getFirst());
            assertSameFrontEndErrors(name, src, golden);
        }
    }

    @Test
    void everyOtherTestShaderParsesCleanly() throws IOException {
        Optional<Path> root = conformance();
        assumeTrue(root.isPresent(), "../shared is absent");
        Set<String> failing = Set.of("fuzz_0.vert", "fuzz_1.vert", "fuzz_2.vert", "fuzz_3.vert", "fuzz_4.vert",
                "fuzz_5.vert", "fuzz_6.vert", "pp.vert", "huge.vert", "g.geom", "README.md");
        List<Path> files;
        try (Stream<Path> s = Files.list(root.get().resolve("shaders"))) {
            files = s.filter(p -> !failing.contains(p.getFileName().toString())).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(20);
        for (Path p : files) {
            String src = Files.readString(p, StandardCharsets.UTF_8);
            assertThat(ours(src)).as(p.getFileName().toString()).isEmpty();
            DiagnosticLog log = new DiagnosticLog("x", src);
            assertThat(Parser.parse(src, log).globals()).as(p.getFileName().toString()).isNotEmpty();
        }
        // The empty source is the lexer's own error.
        String empty = Files.readString(root.get().resolve("shaders/fuzz_0.vert"), StandardCharsets.UTF_8);
        assertThat(ours(empty)).containsExactly(new Entry(1, 1, Messages.EMPTY_SHADER));
    }

    /** A C string literal's text, with the escapes the driver uses. */
    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char e = s.charAt(++i);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    default -> e;
                });
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    @Test
    void syntheticExperimentLogs() throws IOException {
        Optional<Path> root = conformance();
        assumeTrue(root.isPresent(), "../shared is absent");
        Path dir = root.get().resolve("golden/synthetic");
        String driver = Files.readString(dir.resolve("experiments_driver.c.txt"), StandardCharsets.UTF_8);
        String results = Files.readString(dir.resolve("experiments.txt"), StandardCharsets.UTF_8);
        int checked = 0;
        for (String line : driver.split("\n")) {
            String t = line.strip();
            if (!t.startsWith("show(")) {
                continue;
            }
            // show(STAGE, "name", "source");
            int q1 = t.indexOf('"');
            int q2 = t.indexOf('"', q1 + 1);
            int q3 = t.indexOf('"', q2 + 1);
            int q4 = t.lastIndexOf('"');
            String name = t.substring(q1 + 1, q2);
            String src = unescape(t.substring(q3 + 1, q4));
            if (name.equals("flat.vert")) {
                continue; // GLSL: flat is a plain name in 1.10, the source fails at its type instead
            }
            String header = "---- " + name + " ok=";
            int at = results.indexOf(header);
            assertThat(at).as(name).isGreaterThanOrEqualTo(0);
            int end = results.indexOf("\n---- ", at + 1);
            String block = results.substring(results.indexOf('\n', at) + 1, end < 0 ? results.length() : end + 1);
            assertSameFrontEndErrors(name, src, block);
            checked++;
        }
        assertThat(checked).isGreaterThan(40);
    }
}
