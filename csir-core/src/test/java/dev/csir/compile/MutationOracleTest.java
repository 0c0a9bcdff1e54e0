package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.ModuleResult;
import dev.csir.testing.Glslang;
import dev.csir.testing.Shared;
import dev.csir.testing.ShaderCorpus;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The negative suite: mutants of the shaders both csir and glslang accept (the corpus, the
 * statement forms, and the real-world shaders when {@code ../shared} is there), each with one mistake of a kind people
 * make: a missing {@code ;}, an undeclared name, a type mismatch, a wrong argument count, an
 * assignment to what is not an l-value, a bad swizzle, a misplaced {@code break}, a
 * redefinition. csir must accept a mutant exactly when glslang does, and reject it with an error
 * located at the line of the mistake (for a missing {@code ;}, the line of the token after it).
 */
class MutationOracleTest {
    /** Statements that each make a correct function body wrong, with the kind of mistake. */
    private static final String[][] INSERTED = {
        {"type mismatch", "float m_t = vec3(1.0);"},
        {"wrong argument count", "float m_c = dot(vec3(1.0));"},
        {"l-value", "const float m_k = 1.0; m_k = 2.0;"},
        {"l-value", "vec4(1.0) = vec4(2.0);"},
        {"bad swizzle", "vec2 m_s = vec2(1.0).xz;"},
        {"bad swizzle", "float m_w = vec3(1.0).rgx;"},
        {"misplaced break", "break;"},
        {"misplaced continue", "continue;"},
        {"redefinition", "float m_r = 1.0; float m_r = 2.0;"},
        {"undeclared name", "float m_u = m_undeclared + 1.0;"},
        {"undeclared function", "float m_f = m_nowhere(1.0);"},
        {"condition", "if (1.0) { }"},
        {"return value", "return 1.0;"},
    };

    @Test
    void mutantsAreRejectedExactlyWhereGlslangRejectsThemAndLocated() throws Exception {
        Glslang.requireTool();
        List<ShaderCorpus.Source> sources = new ArrayList<>(ShaderCorpus.all());
        for (String body : dev.csir.testing.StatementForms.BODIES) {
            sources.add(new ShaderCorpus.Source("form.frag", dev.csir.types.ShaderStage.FRAGMENT,
                    dev.csir.testing.StatementForms.shader(body)));
        }
        sources.addAll(realWorld());
        Random random = new Random(14);
        List<String> disagreements = new ArrayList<>();
        int bases = 0;
        int tried = 0;
        int rejected = 0;
        for (ShaderCorpus.Source s : sources) {
            if (!accepted(s, s.text()) || Glslang.validate(s.name(), s.text()) != null) {
                continue;
            }
            bases++;
            for (Mutant m : mutants(s.text(), random)) {
                tried++;
                boolean glslang = Glslang.validate(s.name(), m.source()) == null;
                ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), m.source());
                if (!glslang) {
                    rejected++;
                }
                if (glslang != r.ok()) {
                    disagreements.add(s.name() + " " + m.kind() + " at line " + m.line() + ": glslang "
                            + (glslang ? "accepts" : "rejects") + ", csir " + (r.ok() ? "accepts" : "rejects"));
                } else if (!r.ok()) {
                    Diagnostic first = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
                    int want = m.line();
                    boolean located = first.line() == want;
                    if (!located) {
                        disagreements.add(s.name() + " " + m.kind() + ": error at line " + first.line()
                                + ", the mistake is at line " + want + ": " + first.header());
                    }
                }
            }
        }
        System.out.println("mutation oracle: " + tried + " mutants of " + bases + " shaders, " + rejected
                + " rejected by glslang, " + (tried - disagreements.size()) + " agreed");
        assertThat(bases).isGreaterThanOrEqualTo(20);
        assertThat(tried).isGreaterThanOrEqualTo(bases * INSERTED.length);
        assertThat(disagreements).isEmpty();
    }

    /** One mutant: its source, the kind of mistake and the 1-based line it is on. */
    private record Mutant(String source, String kind, int line) {
    }

    private static List<Mutant> mutants(String text, Random random) {
        List<Mutant> out = new ArrayList<>();
        int body = mainBody(text);
        if (body < 0) {
            return out;
        }
        String head = text.substring(0, body);
        String tail = text.substring(body);
        int line = lineOf(text, body);
        for (String[] i : INSERTED) {
            // on a line of its own right after main's '{'
            out.add(new Mutant(head + "\n" + i[1] + "\n" + tail, i[0], line + 1));
        }
        // a ';' removed from a statement inside main
        List<Integer> semis = new ArrayList<>();
        int depth = 0;
        for (int k = body; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '{' || c == '(') {
                depth++;
            } else if (c == '}' || c == ')') {
                depth--;
            } else if (c == ';' && depth == 0) {
                semis.add(k);
            }
        }
        if (!semis.isEmpty()) {
            int k = semis.get(random.nextInt(semis.size()));
            // the error belongs where the ';' was wanted: at the next token, past spaces and comments
            out.add(new Mutant(text.substring(0, k) + text.substring(k + 1), "missing ;", lineOf(text, nextToken(text, k + 1))));
        }
        // a swizzle letter from another set, or past the vector's end
        Matcher sw = Pattern.compile("\\.(xyz|xy|rgb|rg)\\b").matcher(text);
        List<int[]> swizzles = new ArrayList<>();
        while (sw.find()) {
            if (sw.start() > body) {
                swizzles.add(new int[] {sw.start(), sw.end()});
            }
        }
        if (!swizzles.isEmpty()) {
            int[] at = swizzles.get(random.nextInt(swizzles.size()));
            String letters = text.substring(at[0] + 1, at[1]);
            String bad = letters.startsWith("x") ? letters.substring(0, letters.length() - 1) + "g"
                    : letters.substring(0, letters.length() - 1) + "y";
            out.add(new Mutant(text.substring(0, at[0] + 1) + bad + text.substring(at[1]), "bad swizzle",
                    lineOf(text, at[0])));
        }
        return out;
    }

    /** The offset of the first character at or after {@code k} that is neither white space nor in a comment. */
    private static int nextToken(String text, int k) {
        while (k < text.length()) {
            if (Character.isWhitespace(text.charAt(k))) {
                k++;
            } else if (text.startsWith("//", k)) {
                int end = text.indexOf('\n', k);
                k = end < 0 ? text.length() : end;
            } else if (text.startsWith("/*", k)) {
                int end = text.indexOf("*/", k + 2);
                k = end < 0 ? text.length() : end + 2;
            } else {
                break;
            }
        }
        return k;
    }

    /** The offset just after the '{' of main's body, or -1. */
    private static int mainBody(String text) {
        Matcher m = Pattern.compile("void\\s+main\\s*\\(\\s*(void)?\\s*\\)\\s*\\{").matcher(text);
        return m.find() ? m.end() : -1;
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int k = 0; k < offset; k++) {
            if (text.charAt(k) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static boolean accepted(ShaderCorpus.Source s, String text) {
        return ShaderCompiler.compileModule(s.stage(), s.name(), text).ok();
    }

    private static List<ShaderCorpus.Source> realWorld() {
        return Shared.root().map(r -> r.resolve("corpus/realworld")).filter(Files::isDirectory)
                .map(ShaderCorpus::files).orElse(List.of());
    }
}
