package dev.csir.ssa.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ssa.Module;
import dev.csir.ssa.text.Printer;
import dev.csir.testing.Differential;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every shader csir compiles today, through the new path: it lowers to a module that verifies,
 * whose dump round-trips, and whose evaluation agrees with the CSIR interpreter's run of the
 * compiled shader on seeded random inputs ({@link Differential}: within 1e-4 relative, since CSIR
 * computes normalize, length and division through reciprocal square roots and reciprocals, the
 * evaluator with correctly rounded float operations), textured shaders included.
 */
class CorpusModulesTest {
    static final int SEEDS = 16;

    static Module module(ShaderCorpus.Source s) {
        ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text());
        assertThat(r.ok()).as(s.name() + "\n" + r.log()).isTrue();
        return r.module();
    }

    static List<ShaderCorpus.Source> accepted() {
        List<ShaderCorpus.Source> out = new ArrayList<>();
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            if (csir(s).ok()) {
                out.add(s);
            }
        }
        return out;
    }

    static CompileResult csir(ShaderCorpus.Source s) {
        return ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT, s.name(),
                s.text());
    }

    @Test
    void everyModuleVerifiesAndItsDumpRoundTrips() {
        List<String> failures = new ArrayList<>();
        for (ShaderCorpus.Source s : accepted()) {
            Module m = module(s);
            String problem = Differential.verifyAndRoundTrip(m);
            if (problem != null) {
                failures.add(s.name() + ": " + problem + "\n" + Printer.print(m));
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void evaluationAgreesWithTheCsirInterpreter() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (ShaderCorpus.Source s : accepted()) {
            ShaderIr ir = csir(s).ir();
            Module m = module(s);
            Random random = new Random(s.name().hashCode());
            for (int seed = 0; seed < SEEDS && failures.size() < 10; seed++) {
                String diff = Differential.compare(s.stage(), ir, m, random);
                if (diff != null) {
                    failures.add(s.name() + " seed " + seed + ": " + diff);
                    break;
                }
            }
            compared++;
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isGreaterThanOrEqualTo(8);
    }
}
