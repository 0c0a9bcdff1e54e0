package dev.csir.tocsir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Result;
import dev.csir.testing.Differential;
import dev.csir.testing.RandomPrograms;
import dev.csir.testing.RandomShaders;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The lowering to CSIR tested as the transform IR is, by running programs on both sides: the
 * CSIR interpreter on the compiled shader and the transform-IR evaluator on the module as the
 * front end built it (unoptimized), on seeded inputs, agree within {@link Differential}'s
 * tolerance (CSIR divides, takes square roots and normalizes through reciprocals). Every corpus
 * shader and both stages of seeded random program pairs; {@code RandomShaderAgreementTest}
 * compares 5,000 more (the CSIR-compatible mode of {@link RandomShaders}). A run the evaluator
 * stops at its budget (a runaway loop) is not compared.
 *
 * <p>Scaled by {@code csir.lowering.pairs} (default 1,000) pairs and {@code csir.lowering.count}
 * (default 3,000) whole-language programs from {@code csir.lowering.seed} (default 0); a failure
 * names the seed.
 */
class LoweringAgreementTest {
    static final long SEED = Long.getLong("csir.lowering.seed", 0);
    static final int COUNT = Integer.getInteger("csir.lowering.count", 3_000);
    static final int PAIRS = Integer.getInteger("csir.lowering.pairs", 1_000);
    static final int INPUTS = 4;
    static final int REPORTED = 5;
    /** Evaluator steps: well past any program that ends, well before the interpreter's iteration guard. */
    static final long BUDGET = 200_000;
    static final CompileOptions AS_BUILT = CompileOptions.DEFAULT.withOptimize(false);

    private static String agreement(ShaderCorpus.Source s, long seed) {
        ModuleResult m = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), AS_BUILT);
        CompileResult c = ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT,
                s.name(), s.text());
        if (!m.ok() || !c.ok()) {
            return "does not compile: " + (m.ok() ? c.log() : m.log());
        }
        Random random = new Random(seed);
        for (int i = 0; i < INPUTS; i++) {
            Result r = Evaluator.run(m.module(), Differential.invocation(m.module(), new Random(seed + i), false)
                    .budget(BUDGET));
            if (r.status() == Result.Status.LIMIT) {
                return null;
            }
            String diff = Differential.compare(s.stage(), c.ir(), m.module(), random);
            if (diff != null && diff.startsWith("evaluator LIMIT")) {
                return null; // a loop that runs away on these inputs
            }
            if (diff != null) {
                return "input " + i + ": " + diff;
            }
        }
        return null;
    }

    @Test
    void everyCorpusShaderRunsTheSameOnBothSides() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            if (!ShaderCompiler.compileModule(s.stage(), s.name(), s.text()).ok()) {
                continue; // the corpus's deliberate errors
            }
            compared++;
            String problem = agreement(s, s.name().hashCode());
            if (problem != null) {
                failures.add(s.name() + ": " + problem);
            }
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isGreaterThanOrEqualTo(ShaderCorpus.hasConformance() ? 40 : 12);
    }

    /**
     * Both stages of seeded program pairs ({@link RandomPrograms}: loops with run-time trip
     * counts, break and continue, helper functions, matrices, textures; well-conditioned by
     * construction, so their results are defined): all lower, and run the same on both sides.
     */
    @Test
    void randomProgramPairsRunTheSameOnBothSides() {
        long start = System.nanoTime();
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (int k = 0; k < PAIRS && failures.size() < REPORTED; k++) {
            long seed = SEED + k;
            RandomPrograms.Pair p = RandomPrograms.generate(seed);
            for (ShaderCorpus.Source s : List.of(new ShaderCorpus.Source(seed + ".vert", ShaderStage.VERTEX, p.vertex()),
                    new ShaderCorpus.Source(seed + ".frag", ShaderStage.FRAGMENT, p.fragment()))) {
                String problem = agreement(s, seed);
                if (problem != null) {
                    failures.add("pair " + seed + " " + s.name() + ": " + problem + "\n" + s.text());
                }
                compared++;
            }
        }
        System.out.printf("LoweringAgreementTest: %d shaders of %d program pairs run on both sides in %.1f s%n",
                compared, PAIRS, (System.nanoTime() - start) / 1e9);
        assertThat(failures).isEmpty();
    }

    /**
     * Programs of the whole language ({@link RandomShaders.Mode#FULL}), whose results are often
     * undefined (divisions by zero, infinities converted to int), are not compared: each one
     * CSIR can express lowers to CSIR that verifies and runs to an end, a discard or the
     * iteration guard, never an error status.
     */
    @Test
    void randomProgramsOfTheWholeLanguageLowerAndRun() {
        Map<String, Integer> rejected = new TreeMap<>();
        Map<dev.csir.exec.Status, Integer> statuses = new TreeMap<>();
        int accepted = 0;
        for (int k = 0; k < COUNT; k++) {
            ShaderCorpus.Source s = RandomShaders.generate(SEED + k, RandomShaders.Mode.FULL);
            CompileResult c = ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT,
                    s.name(), s.text());
            if (!c.ok()) {
                String why = c.diagnostics().isEmpty() ? "?" : c.diagnostics().getFirst().message();
                rejected.merge(why.replaceAll("[0-9]+", "N"), 1, Integer::sum);
                continue;
            }
            accepted++;
            dev.csir.exec.Interpreter exec = dev.csir.exec.Interpreter.of(c.ir(), null);
            dev.csir.exec.Status status = exec.run(exec.newFrame());
            statuses.merge(status, 1, Integer::sum);
            assertThat(status).as("seed " + (SEED + k) + "\n" + s.text()).isIn(dev.csir.exec.Status.OK,
                    dev.csir.exec.Status.ITERATION_LIMIT);
        }
        System.out.printf("LoweringAgreementTest: %d of %d whole-language programs lowered, run: %s; rejected: %s%n",
                accepted, COUNT, statuses, rejected);
        // what CSIR has no form for (a fragment output that is no vec4, a return inside a loop of main)
        assertThat(accepted).isGreaterThanOrEqualTo(COUNT * 9 / 10);
    }
}
