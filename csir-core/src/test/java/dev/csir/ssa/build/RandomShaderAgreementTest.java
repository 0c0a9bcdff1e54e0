package dev.csir.ssa.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ssa.Module;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.testing.Differential;
import dev.csir.testing.RandomShaders;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded random programs ({@link RandomShaders}) through the new path, and through both paths
 * where CSIR accepts them; the whole-language programs also evaluate the same optimized and as
 * lowered. Every program must be accepted by {@code compileModule} (a rejection is a generator or
 * front-end bug), lower to a module that verifies and whose dump round-trips, and
 * evaluate without a trap: RETURNED, KILLED, or (in {@link RandomShaders.Mode#FULL}, where loops
 * may run away) LIMIT; whole-language modules parsed back from their dump evaluate to the same
 * outputs, bit for bit. CSIR-compatible programs that the CSIR path accepts (at least 90% of them)
 * must also agree with the CSIR interpreter on seeded inputs, within {@link Differential}'s 1e-4
 * relative tolerance (CSIR computes division, sqrt, length and normalize through reciprocals and
 * reciprocal square roots).
 *
 * <p>Scaled by system properties: {@code csir.random.count} programs of the whole language
 * (default 10,000), {@code csir.random.compared} CSIR-compatible programs (default 5,000) run on
 * {@value #INPUTS} inputs each, from seeds starting at {@code csir.random.seed} (default 0). A
 * failure names the seed and mode: {@code RandomShaders.generate(seed, mode)} gives the program.
 */
class RandomShaderAgreementTest {
    static final long SEED = Long.getLong("csir.random.seed", 0);
    static final int COUNT = Integer.getInteger("csir.random.count", 10_000);
    static final int COMPARED = Integer.getInteger("csir.random.compared", 5_000);
    static final int INPUTS = 4;
    /** Instructions an evaluation may run: a runaway loop stops at LIMIT well before the default. */
    static final long BUDGET = 200_000;
    static final int REPORTED = 5;
    static final dev.csir.CompileOptions AS_LOWERED = dev.csir.CompileOptions.DEFAULT.withOptimize(false);

    static Module module(ShaderCorpus.Source s, List<String> failures, String what) {
        ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text());
        if (!r.ok()) {
            failures.add(what + ": compileModule rejects it\n" + r.log() + "\n" + s.text());
            return null;
        }
        String problem = Differential.verifyAndRoundTrip(r.module());
        if (problem != null) {
            failures.add(what + ": " + problem + "\n" + s.text());
            return null;
        }
        return r.module();
    }

    @Test
    void csirCompatibleProgramsAgreeWithTheCsirInterpreter() {
        long start = System.nanoTime();
        List<String> failures = new ArrayList<>();
        Map<String, Integer> rejections = new java.util.TreeMap<>();
        int accepted = 0;
        int compared = 0;
        int discarded = 0;
        for (int k = 0; k < COMPARED && failures.size() < REPORTED; k++) {
            long seed = SEED + k;
            String what = "seed " + seed + " CSIR_COMPATIBLE";
            ShaderCorpus.Source s = RandomShaders.generate(seed, RandomShaders.Mode.CSIR_COMPATIBLE);
            Module m = module(s, failures, what);
            if (m == null) {
                continue;
            }
            CompileResult c = ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT,
                    s.name(), s.text());
            if (!c.ok()) {
                String why = c.diagnostics().isEmpty() ? "?" : c.diagnostics().getFirst().message();
                rejections.merge(why.replaceAll("[0-9]+", "N"), 1, Integer::sum);
                Result r = Evaluator.run(m, Differential.invocation(m, new Random(seed), false).budget(BUDGET));
                if (r.status() != Result.Status.RETURNED && r.status() != Result.Status.KILLED) {
                    failures.add(what + ": evaluator " + r + "\n" + s.text());
                }
                continue;
            }
            accepted++;
            ShaderIr ir = c.ir();
            Random random = new Random(seed);
            for (int i = 0; i < INPUTS; i++) {
                String diff = Differential.compare(s.stage(), ir, m, random);
                if (diff != null) {
                    failures.add(what + " input " + i + ": " + diff + "\n" + s.text());
                    break;
                }
                compared++;
            }
        }
        double rate = COMPARED == 0 ? 1 : accepted / (double) COMPARED;
        System.out.printf("RandomShaderAgreementTest: %d CSIR-compatible programs, CSIR accepts %d (%.1f%%), "
                + "%d runs compared, in %.1f s; CSIR's rejections: %s%n", COMPARED, accepted, 100 * rate, compared,
                (System.nanoTime() - start) / 1e9, rejections);
        assertThat(failures).isEmpty();
        assertThat(rate).as("the share of CSIR-compatible programs the CSIR path accepts").isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void programsOfTheWholeLanguageVerifyAndEvaluateWithoutTraps() {
        long start = System.nanoTime();
        List<String> failures = new ArrayList<>();
        Map<Result.Status, Integer> statuses = new EnumMap<>(Result.Status.class);
        long chars = 0;
        int optimizedCompared = 0;
        for (int k = 0; k < COUNT && failures.size() < REPORTED; k++) {
            long seed = SEED + k;
            String what = "seed " + seed + " FULL";
            ShaderCorpus.Source s = RandomShaders.generate(seed, RandomShaders.Mode.FULL);
            chars += s.text().length();
            Module m = module(s, failures, what);
            if (m == null) {
                continue;
            }
            Result r = Evaluator.run(m, Differential.invocation(m, new Random(seed), true).budget(BUDGET));
            statuses.merge(r.status(), 1, Integer::sum);
            if (r.status() == Result.Status.TRAP) {
                failures.add(what + ": evaluator " + r + "\n" + s.text());
                continue;
            }
            // the optimizer changes nothing observable: the module as lowered ends the same way and,
            // when both return, with the same outputs bit for bit (a runaway loop may stop at the
            // instruction budget at a different point, so LIMIT compares only the status)
            ModuleResult raw = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), AS_LOWERED);
            Result unoptimized = Evaluator.run(raw.module(),
                    Differential.invocation(raw.module(), new Random(seed), true).budget(BUDGET * 4));
            if (r.status() != Result.Status.LIMIT && (unoptimized.status() != r.status()
                    || r.status() == Result.Status.RETURNED && !unoptimized.outputs().equals(r.outputs()))) {
                failures.add(what + ": optimized " + r + ", as lowered " + unoptimized + "\n" + s.text());
            }
            optimizedCompared++;
            // the dump means the same: parsed back, the module runs to the same end, bit for bit
            Module back = Parser.parse(Printer.print(m)).orElseThrow();
            Result again = Evaluator.run(back, Differential.invocation(back, new Random(seed), true).budget(BUDGET));
            if (again.status() != r.status() || !again.globals().equals(r.globals())) {
                failures.add(what + ": the parsed dump evaluates differently: " + r + " then " + again + "\n"
                        + s.text());
            }
        }
        System.out.printf("RandomShaderAgreementTest: %d programs of the whole language (%d KiB of source) "
                + "compiled, verified, round-tripped and evaluated, %d also as lowered (unoptimized), in %.1f s: %s%n",
                COUNT, chars / 1024, optimizedCompared, (System.nanoTime() - start) / 1e9, statuses);
        assertThat(failures).isEmpty();
    }
}
