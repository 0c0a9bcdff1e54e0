package dev.csir.tgsi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.ExpressionForms;
import dev.csir.testing.StatementForms;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The comma, assignment and switch forms of {@link ExpressionForms}, compiled for CSIR (which the
 * verifier passed) and written as TGSI that virglrenderer's rules accept: a switch is a loop that
 * runs once, so its BRKs and the flags of its fallthrough and continues are plain TGSI.
 */
class ExpressionFormsTgsiTest {
    @Test
    void everyFormIsWellFormedTgsi() {
        List<String> bodies = new ArrayList<>(ExpressionForms.COMMA_AND_ASSIGNMENT);
        bodies.addAll(ExpressionForms.SWITCHES);
        int loops = 0;
        for (String body : bodies) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", StatementForms.shader(body));
            assertThat(r.ok()).as(body + "\n" + r.log()).isTrue();
            String text = TgsiEmitterTest.ok(TgsiEmitter.emit(r.ir()));
            loops += text.contains("BGNLOOP") ? 1 : 0;
        }
        assertThat(loops).isGreaterThanOrEqualTo(ExpressionForms.SWITCHES.size() - 2);
    }
}
