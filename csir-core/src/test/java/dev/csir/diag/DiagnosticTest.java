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
}
