package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.Target;
import dev.csir.diag.Messages;
import dev.csir.ir.Stage;
import dev.csir.link.Program;
import dev.csir.tgsi.TgsiProgram;
import org.junit.jupiter.api.Test;

/** The caller chooses the target: CSIR stops at verified CSIR, TGSI also needs the text to fit. */
class TargetTest {
    /** 31 nested ifs: every CSIR pool holds them, 3600 bytes of TGSI do not. */
    private static final String LONG = "uniform float u;\nvoid main() { float x = 0.0; " + "if (u > 0.0) { ".repeat(31)
            + "x = 1.0; " + "}".repeat(31) + " gl_Position = vec4(x); }";

    @Test
    void csirNeedsNoTgsiAndTgsiReportsItsBudget() {
        CompileOptions unoptimized = CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS).withOptimize(false);
        CompileResult csir = ShaderCompiler.compile(Stage.VERTEX, "t.vert", LONG, unoptimized.withTarget(Target.CSIR));
        assertThat(csir.ok()).as(csir.log()).isTrue();
        assertThat(csir.tgsi()).isNull();
        CompileResult tgsi = ShaderCompiler.compile(Stage.VERTEX, "t.vert", LONG, unoptimized);
        assertThat(tgsi.ok()).isFalse();
        assertThat(tgsi.diagnostics().getFirst().message()).startsWith(Messages.TGSI_BUDGET);
        assertThat(tgsi.ir()).isEqualTo(csir.ir());
    }

    @Test
    void linkingIsTargetNeutralAndTheTgsiOfAProgramIsTheTargetsToMake() {
        CompileOptions csirOnly = CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS).withOptimize(false)
                .withTarget(Target.CSIR);
        Program p = new Program();
        p.attach(ShaderCompiler.compile(Stage.VERTEX, "t.vert", LONG, csirOnly));
        p.attach(ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", "out vec4 c; void main() { c = vec4(1.0); }",
                csirOnly));
        assertThat(p.link()).as(p.log().toString()).isTrue();
        var lp = p.linked().orElseThrow();
        assertThat(TgsiProgram.emit(lp.vertex(), lp.fragment(), lp.remap(), dev.csir.ir.Limits.CHRISOS))
                .isInstanceOfSatisfying(TgsiProgram.Failed.class,
                        f -> assertThat(f.message()).startsWith("t.vert: " + Messages.TGSI_BUDGET));
    }
}
