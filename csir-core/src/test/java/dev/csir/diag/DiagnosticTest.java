package dev.csir.diag;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DiagnosticTest {

    @Test
    void rendersHeaderLineAndCaret() {
        Diagnostic d = new Diagnostic("a.vert", 3, 5, "unknown identifier", "  x = y;");
        assertThat(d.render()).isEqualTo("a.vert:3:5: error: unknown identifier\n  x = y;\n    ^\n");
    }

    @Test
    void caretKeepsTabsAligned() {
        Diagnostic d = new Diagnostic("a.vert", 1, 3, "m", "\t\tz");
        assertThat(d.render()).endsWith("\t\tz\n\t\t^\n");
    }

    @Test
    void caretCountsUtf8BytesAsTheLexerDoes() {
        // 'é' is two bytes: byte column 4 is the 'x' after it.
        Diagnostic d = new Diagnostic("a.vert", 1, 4, "m", "/é x");
        assertThat(d.render()).endsWith("/é x\n  ^\n");
    }

    @Test
    void logKeepsEightAndCountsAll() {
        DiagnosticLog log = new DiagnosticLog("f", "line one\nline two\n");
        for (int i = 0; i < 10; i++) {
            log.error(2, 1, "e" + i);
        }
        assertThat(log.count()).isEqualTo(10);
        assertThat(log.diagnostics()).hasSize(8);
        assertThat(log.diagnostics().getFirst().sourceLine()).isEqualTo("line two");
        assertThat(log.full()).isTrue();
    }

    private static java.util.List<String> headers(DiagnosticLog log) {
        return log.diagnostics().stream().map(d -> d.line() + ":" + d.column() + " " + d.message()).toList();
    }

    @Test
    void logIsInSourceOrderAndStableAtOnePosition() {
        DiagnosticLog log = new DiagnosticLog("f", "");
        log.error(3, 4, "lexer, line 3");
        log.error(1, 9, "parser, line 1");
        log.error(3, 4, "parser, line 3");
        log.error(1, 2, "parser, earlier column");
        assertThat(headers(log)).containsExactly("1:2 parser, earlier column", "1:9 parser, line 1",
                "3:4 lexer, line 3", "3:4 parser, line 3");
    }

    @Test
    void wholeShaderErrorsComeAfterTheLocatedOnes() {
        DiagnosticLog log = new DiagnosticLog("f", "first line\nsecond\n");
        log.error("missing main");
        log.error(2, 3, "located");
        log.error("vertex shader does not write gl_Position");
        assertThat(headers(log)).containsExactly("2:3 located", "1:1 missing main",
                "1:1 vertex shader does not write gl_Position");
        Diagnostic whole = log.diagnostics().get(1);
        assertThat(whole.located()).isFalse();
        assertThat(whole.sourceLine()).isEqualTo("first line");
        assertThat(log.diagnostics().getFirst().located()).isTrue();
    }

    @Test
    void aFollowOnErrorSortsAtItsStatement() {
        DiagnosticLog log = new DiagnosticLog("f", "");
        log.error(2, 1, "next statement");
        log.error(1, 38, "division by zero", 1, 27);
        log.error(1, 27, "type mismatch in assignment", 1, 27);
        assertThat(headers(log)).containsExactly("1:38 division by zero", "1:27 type mismatch in assignment",
                "2:1 next statement");
    }

    @Test
    void theEightKeptAreTheFirstInSourceOrderHoweverLateReported() {
        DiagnosticLog log = new DiagnosticLog("f", "");
        for (int line = 20; line > 10; line--) {
            log.error(line, 1, "e" + line);
        }
        log.error("whole shader");
        log.error(2, 1, "late but early");
        assertThat(log.count()).isEqualTo(12);
        assertThat(headers(log)).containsExactly("2:1 late but early", "11:1 e11", "12:1 e12", "13:1 e13",
                "14:1 e14", "15:1 e15", "16:1 e16", "17:1 e17");
        // settled up to line 17: nothing reported there or later can be kept any more
        assertThat(log.full(17, 1)).isTrue();
        assertThat(log.full(16, 9)).isFalse();
    }

    @Test
    void everyDiagnosticHasACodeFromItsMessagesHead() {
        assertThat(new Diagnostic("a.vert", 1, 1, Messages.UNKNOWN_IDENTIFIER, "").code()).isEqualTo("unknown-identifier");
        assertThat(new Diagnostic("a.vert", 1, 1, Messages.temporaryLimit(171, true, 96), "").code())
                .isEqualTo("shader-exceeds-the-temporary-limit");
        assertThat(new Diagnostic("a.vert", 1, 1, Messages.unsupportedBuiltin("atan"), "").code())
                .isEqualTo("unsupported-built-in-function");
        assertThat(new Diagnostic("a.vert", 1, 1, Messages.EXPECTED_RPAREN, "").code()).isEqualTo("expected-rparen");
        assertThat(new Diagnostic("a.vert", 1, 1, Messages.EXPECTED_LPAREN_AFTER_IF, "").code())
                .isEqualTo("expected-lparen-after-if");
        Diagnostic w = Diagnostic.warning("a.vert", Messages.OPTIMIZER_FAILED_CODE, Messages.OPTIMIZER_FAILED, "x");
        assertThat(w.code()).isEqualTo("csir-opt-failed");
        assertThat(w.isError()).isFalse();
        assertThat(w.header()).isEqualTo("a.vert:1:1: warning: " + Messages.OPTIMIZER_FAILED);
    }

    @Test
    void differentMessagesHaveDifferentCodes() throws IllegalAccessException {
        java.util.Map<String, String> textOfCode = new java.util.TreeMap<>();
        java.util.List<String> clashes = new java.util.ArrayList<>();
        for (java.lang.reflect.Field f : Messages.class.getFields()) {
            if (f.getType() == String.class && java.lang.reflect.Modifier.isStatic(f.getModifiers())
                    && !f.getName().endsWith("_CODE")) {
                String text = (String) f.get(null);
                String code = Diagnostic.codeOf(text);
                String other = textOfCode.putIfAbsent(code, text);
                if (other != null && !other.equals(text)) {
                    clashes.add(code + ": '" + other + "' and '" + text + "'");
                }
            }
        }
        assertThat(textOfCode).hasSizeGreaterThan(100);
        assertThat(clashes).isEmpty();
    }
}
