package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.testing.RandomPrograms;
import dev.csir.testing.RandomShaders;
import dev.csir.testing.ShaderCorpus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every shader csir compiles to the transform IR is written to SPIR-V that the real
 * {@code spirv-val --target-env vulkan1.0} accepts: the corpus, 2,000 seeded random shaders, and
 * random program pairs linked for one pipeline.
 */
class SpirvCorpusTest {
    private static final int RANDOM = 2000;
    private static final int PAIRS = 250;

    @Test
    void everyCorpusShaderValidates() throws Exception {
        SpirvVal.requireTool();
        List<String> bad = new ArrayList<>();
        int validated = 0;
        int unoptimized = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            validated += check(s, bad) ? 1 : 0;
            unoptimized += check(s, CompileOptions.DEFAULT.withOptimize(false), bad) ? 1 : 0;
        }
        System.out.println("SPIR-V: " + validated + " corpus modules validated, and " + unoptimized
                + " in their unoptimized form (allocas, loads and stores)");
        assertThat(bad).isEmpty();
        assertThat(validated).isGreaterThan(8);
        assertThat(unoptimized).isEqualTo(validated);
    }

    @Test
    void randomShadersValidate() throws Exception {
        SpirvVal.requireTool();
        List<String> bad = new ArrayList<>();
        int validated = 0;
        for (long seed = 0; seed < RANDOM; seed++) {
            validated += check(RandomShaders.generate(seed, RandomShaders.Mode.FULL), bad) ? 1 : 0;
        }
        System.out.println("SPIR-V: " + validated + " random modules validated");
        assertThat(bad).isEmpty();
        // the generator writes only what compiles, so every one of them must come through
        assertThat(validated).isEqualTo(RANDOM);
    }

    /** The GLSL 3.30 program pairs, linked and written for one pipeline with GL depth, as a Vulkan device draws them. */
    @Test
    void randomProgramPairsValidateAsLinkedPrograms() throws Exception {
        SpirvVal.requireTool();
        List<String> bad = new ArrayList<>();
        int linked = 0;
        for (long seed = 0; seed < PAIRS; seed++) {
            RandomPrograms.Pair pair = RandomPrograms.generate(seed);
            CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "pair" + seed + ".vert", pair.vertex());
            CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "pair" + seed + ".frag", pair.fragment());
            Program p = new Program();
            if (p.attach(v).isPresent() || p.attach(f).isPresent() || !p.link()) {
                continue;
            }
            LinkedProgram.Modules m = p.linked().orElseThrow().transformModules().orElseThrow();
            SpirvProgram spv = SpirvProgram.write(m.vertex(), m.fragment(), SpirvWriter.Options.DEFAULT, true);
            if (!spv.ok()) {
                bad.add("pair " + seed + ": " + spv.errors());
                continue;
            }
            for (SpirvWriter.Result stage : List.of(spv.vertex(), spv.fragment())) {
                String complaint = SpirvVal.validate(stage.binary());
                if (complaint != null) {
                    bad.add("pair " + seed + ": " + complaint);
                }
            }
            linked++;
        }
        System.out.println("SPIR-V: " + linked + " of " + PAIRS + " random program pairs linked and validated");
        assertThat(bad).isEmpty();
        assertThat(linked).isGreaterThanOrEqualTo(PAIRS * 99 / 100);
    }

    private static boolean check(ShaderCorpus.Source s, List<String> bad) throws Exception {
        return check(s, CompileOptions.DEFAULT, bad);
    }

    private static boolean check(ShaderCorpus.Source s, CompileOptions options, List<String> bad) throws Exception {
        ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), options);
        if (!r.ok()) {
            return false;
        }
        SpirvWriter.Result w = SpirvWriter.write(r.module(), new SpirvWriter.Options(true));
        if (!w.ok()) {
            bad.add(s.name() + ": " + w.errors());
            return false;
        }
        String complaint = SpirvVal.validate(w.binary());
        if (complaint != null) {
            bad.add(s.name() + ": " + complaint);
            return false;
        }
        return true;
    }
}
