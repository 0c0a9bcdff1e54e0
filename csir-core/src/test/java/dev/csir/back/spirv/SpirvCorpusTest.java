package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.testing.RandomShaders;
import dev.csir.testing.ShaderCorpus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every shader csir compiles to the transform IR is written to SPIR-V that spirv-val accepts. */
class SpirvCorpusTest {
    private static final int RANDOM = 200;

    @Test
    void everyCorpusShaderValidates() throws Exception {
        SpirvVal.requireTool();
        List<String> bad = new ArrayList<>();
        int validated = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            validated += check(s, bad) ? 1 : 0;
        }
        System.out.println("SPIR-V: " + validated + " corpus modules validated");
        assertThat(bad).isEmpty();
        assertThat(validated).isGreaterThan(8);
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
        assertThat(validated).isGreaterThan(RANDOM / 2);
    }

    private static boolean check(ShaderCorpus.Source s, List<String> bad) throws Exception {
        ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text());
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
