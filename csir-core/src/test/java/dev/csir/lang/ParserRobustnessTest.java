package dev.csir.lang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Feeds thousands of truncated, mutated and random sources through the lexer, the parser and the
 * dump: none may throw, and every result must be well formed.
 */
class ParserRobustnessTest {
    private static final List<String> SHADERS = List.of(AstDumpTest.LIT_VERTEX, AstDumpTest.CHECKER_FRAGMENT,
            AstDumpTest.BROKEN);
    private static final String[] PIECES = {
        "(", ")", "{", "}", "[", "]", ";", ",", ".", "+", "-", "*", "/", "%", "=", "==", "!=", "<", ">", "<=",
        ">=", "&&", "||", "!", "++", "--", "in", "out", "uniform", "const", "layout", "smooth", "void", "bool",
        "int", "float", "vec2", "vec4", "ivec3", "mat3", "mat4", "sampler2D", "if", "else", "for", "return",
        "discard", "true", "false", "x", "main", "location", "xyzw", "rgba", "xr", "1", "2.5", ".5", "1e", "1e3",
        "#version 330\n", "#define\n", "#", "/*", "*/", "//", "\n", " ", "\t", "\r", "flat", "@", "?", "é",
        "a".repeat(45)
    };

    private static int checked;

    private static void check(String src) {
        DiagnosticLog log = new DiagnosticLog("fuzz", src);
        Ast.Unit unit = Parser.parse(src, log);
        assertThat(unit).isNotNull();
        assertThat(log.diagnostics().size()).isLessThanOrEqualTo(DiagnosticLog.MAX_REPORTED);
        int lines = 1 + (int) src.chars().filter(c -> c == '\n').count();
        for (Diagnostic d : log.diagnostics()) {
            assertThat(d.line()).as(src).isBetween(1, lines);
            assertThat(d.column()).as(src).isPositive();
        }
        String dump = AstDump.dump(unit);
        assertThat(dump).startsWith("unit\n");
        checked++;
    }

    @Test
    void everyPrefixOfRealShaders() {
        checked = 0;
        for (String s : SHADERS) {
            for (int i = 0; i <= s.length(); i++) {
                check(s.substring(0, i));
                check(s.substring(i));
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Test
    void mutatedShaders() {
        checked = 0;
        Random rnd = new Random(0x5eed);
        for (int round = 0; round < 4000; round++) {
            StringBuilder sb = new StringBuilder(SHADERS.get(rnd.nextInt(SHADERS.size())));
            int edits = 1 + rnd.nextInt(6);
            for (int e = 0; e < edits && !sb.isEmpty(); e++) {
                int at = rnd.nextInt(sb.length());
                switch (rnd.nextInt(4)) {
                    case 0 -> sb.deleteCharAt(at);
                    case 1 -> sb.insert(at, PIECES[rnd.nextInt(PIECES.length)]);
                    case 2 -> sb.setCharAt(at, (char) (32 + rnd.nextInt(95)));
                    default -> {
                        int end = Math.min(sb.length(), at + rnd.nextInt(20));
                        String cut = sb.substring(at, end);
                        sb.delete(at, end);
                        sb.insert(rnd.nextInt(sb.length() + 1), cut);
                    }
                }
            }
            check(sb.toString());
        }
        assertThat(checked).isEqualTo(4000);
    }

    @Test
    void randomTokenSoup() {
        checked = 0;
        Random rnd = new Random(42);
        for (int round = 0; round < 3000; round++) {
            StringBuilder sb = new StringBuilder();
            int n = rnd.nextInt(rnd.nextBoolean() ? 20 : 400);
            for (int i = 0; i < n; i++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
                if (rnd.nextInt(3) == 0) {
                    sb.append(' ');
                }
            }
            check(sb.toString());
        }
        assertThat(checked).isEqualTo(3000);
    }

    @Test
    void randomBytes() {
        checked = 0;
        Random rnd = new Random(7);
        for (int round = 0; round < 2000; round++) {
            char[] cs = new char[rnd.nextInt(200)];
            for (int i = 0; i < cs.length; i++) {
                cs[i] = rnd.nextInt(10) == 0 ? (char) rnd.nextInt(0x10000) : (char) rnd.nextInt(128);
            }
            check(new String(cs));
        }
        assertThat(checked).isEqualTo(2000);
    }

    @Test
    void pathologicalShapes() {
        checked = 0;
        for (String unit : List.of("(", ")", "{", "}", "[", "]", ";", "-", "!", "++", "a.", ".x", "a[", "if(a)",
                "for(;;)", "f(", "vec4(", "else", "return", "layout(", "/*", "*/", "#", "\n#version\n")) {
            check(unit.repeat(20_000));
            check("void main() { " + unit.repeat(20_000) + " }");
            check("float x = " + unit.repeat(20_000));
        }
        assertThat(checked).isEqualTo(72);
    }
}
