package dev.csir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.Messages;
import dev.csir.ssa.Module;
import dev.csir.ssa.opt.Pass;
import dev.csir.ssa.opt.PassManager;
import dev.csir.ssa.text.Printer;
import dev.csir.types.ShaderStage;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompileModuleTest {
    private static final String FRAG = "in float x;\nout vec4 c;\nvoid main() { float t = x * 2.0; c = vec4(t); }\n";

    @Test
    void aFailingOptimizerLeavesAWarningAndTheUnoptimizedModule() {
        Pass fails = new Pass() {
            @Override
            public String name() {
                return "fails";
            }

            @Override
            public boolean run(Module module) {
                throw new IllegalStateException("no");
            }
        };
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "w.frag", FRAG, CompileOptions.DEFAULT,
                new PassManager(List.of(fails), List.of(), true));
        assertThat(r.ok()).isTrue();
        assertThat(r.diagnostics()).hasSize(1);
        Diagnostic d = r.diagnostics().getFirst();
        assertThat(d.severity()).isEqualTo(Diagnostic.Severity.WARNING);
        assertThat(d.code()).isEqualTo(Messages.OPTIMIZER_FAILED_CODE);
        assertThat(d.header()).isEqualTo("w.frag:1:1: warning: the optimizer failed; the shader is compiled"
                + " unoptimized (pass fails: the pass failed: java.lang.IllegalStateException: no)");
        String unoptimized = Printer.print(ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "w.frag", FRAG,
                CompileOptions.DEFAULT.withOptimize(false)).module());
        assertThat(Printer.print(r.module())).isEqualTo(unoptimized).contains("alloca");
    }

    @Test
    void theOptimizedModuleHasNoLocalsLeft() {
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "o.frag", FRAG);
        assertThat(r.ok()).isTrue();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(Printer.print(r.module())).doesNotContain("alloca");
    }

    @Test
    void stagesCsirDoesNotCompileAreRejected() {
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.COMPUTE, "c.comp", "void main() {}");
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics().getFirst().message()).isEqualTo(Messages.UNSUPPORTED_STAGE);
        assertThat(ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "e.frag", "").log())
                .startsWith("e.frag:1:1: error: empty shader");
    }
}
