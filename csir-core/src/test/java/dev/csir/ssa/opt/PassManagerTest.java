package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassManagerTest {
    private static final String TEXT = """
            global @x : ptr<input, float> location=0
            global @c : ptr<output, vec4> location=0
            entry fragment @main(@x, @c)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; t
              %1 = load @x : float ; x
              store %0, %1
              %2 = load %0 : float ; t
              %3 = construct %2, %2, %2, %2 : vec4
              store @c, %3
              ret
            }
            """;

    /** A pass that breaks the module: it drops every terminator. */
    private static final Pass BREAKS = new FunctionPass() {
        @Override
        public String name() {
            return "breaks";
        }

        @Override
        public boolean run(Function f, Module module) {
            for (Block b : f.blocks()) {
                Instruction t = b.terminator();
                if (t != null) {
                    t.detach();
                }
            }
            return true;
        }
    };

    private static final Pass THROWS = new Pass() {
        @Override
        public String name() {
            return "throws";
        }

        @Override
        public boolean run(Module module) {
            throw new IllegalStateException("boom");
        }
    };

    @Test
    void passesRunToAFixedPointOnACopy() {
        Module m = Parser.parse(TEXT).orElseThrow();
        PassManager.Result r = new PassManager(List.of(), List.of(new Mem2Reg(), new Dce()), true).run(m);
        assertThat(r).isInstanceOf(PassManager.Optimized.class);
        PassManager.Optimized o = (PassManager.Optimized) r;
        assertThat(o.ran()).containsExactly("mem2reg");
        assertThat(o.rounds()).isEqualTo(2);
        assertThat(Printer.print(o.module())).doesNotContain("alloca");
        assertThat(Printer.print(m)).isEqualTo(Printer.print(Parser.parse(TEXT).orElseThrow()));
    }

    @Test
    void aPassThatLeavesAnInvalidModuleIsNamedAndTheInputSurvives() {
        Module m = Parser.parse(TEXT).orElseThrow();
        PassManager.Result r = new PassManager(List.of(BREAKS), List.of(), true).run(m);
        assertThat(r).isInstanceOf(PassManager.Failed.class);
        PassManager.Failed f = (PassManager.Failed) r;
        assertThat(f.pass()).isEqualTo("breaks");
        assertThat(f.message()).startsWith("the pass left an invalid module: ");
        assertThat(Printer.print(m)).contains("  ret\n");
        // without the verifier after each pass nothing is checked
        assertThat(new PassManager(List.of(BREAKS), List.of(), false).run(m)).isInstanceOf(PassManager.Optimized.class);
    }

    @Test
    void aPassThatThrowsIsAFailureNotAnException() {
        PassManager.Result r = new PassManager(List.of(), List.of(THROWS), false).run(Parser.parse(TEXT).orElseThrow());
        assertThat(r).isEqualTo(new PassManager.Failed("throws", "the pass failed: java.lang.IllegalStateException: boom"));
    }
}
