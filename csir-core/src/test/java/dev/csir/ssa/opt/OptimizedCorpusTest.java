package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.testing.Differential;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.PointerType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The whole corpus through the optimizer with the verifier after every pass: nothing fails, no
 * alloca of a scalar, vector or matrix survives, the optimized module's dump round-trips, and it
 * computes exactly what the unoptimized module computes on seeded inputs.
 */
class OptimizedCorpusTest {
    private static final CompileOptions VERIFYING = CompileOptions.DEFAULT.withVerifyEachPass(true);

    static int instructions(Module m) {
        int n = 0;
        for (Function f : m.functions()) {
            for (Block b : f.blocks()) {
                n += b.instructions().size();
            }
        }
        return n;
    }

    @Test
    void everyShaderOptimizesToAnEquivalentModuleWithoutScalarLocals() {
        List<String> failures = new ArrayList<>();
        int before = 0;
        int after = 0;
        int shaders = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            ModuleResult raw = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), VERIFYING.withOptimize(false));
            if (!raw.ok()) {
                continue;
            }
            shaders++;
            ModuleResult opt = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), VERIFYING);
            if (!opt.diagnostics().isEmpty()) {
                failures.add(s.name() + ": " + opt.log());
                continue;
            }
            before += instructions(raw.module());
            after += instructions(opt.module());
            for (Function f : opt.module().functions()) {
                for (Instruction i : f.entry().instructions()) {
                    if (i.op() == Opcode.ALLOCA && ((PointerType) i.type()).pointee().isNumericOrBool()) {
                        failures.add(s.name() + ": alloca of " + ((PointerType) i.type()).pointee() + " survives");
                    }
                }
            }
            String text = Printer.print(opt.module());
            if (!Printer.print(Parser.parse(text).orElseThrow()).equals(text)) {
                failures.add(s.name() + ": the optimized dump does not round-trip");
            }
            Random random = new Random(s.name().hashCode());
            for (int seed = 0; seed < 8; seed++) {
                Invocation inv = Differential.invocation(raw.module(), random, false);
                String want = Differential.outcome(Evaluator.run(raw.module(), inv));
                String got = Differential.outcome(Evaluator.run(opt.module(), inv));
                if (!got.equals(want)) {
                    failures.add(s.name() + " seed " + seed + ": unoptimized " + want + ", optimized " + got);
                    break;
                }
            }
        }
        System.out.println("OptimizedCorpusTest: " + shaders + " shaders, " + before + " instructions before the"
                + " optimizer, " + after + " after");
        assertThat(failures).isEmpty();
        assertThat(after).isLessThan(before);
    }
}
