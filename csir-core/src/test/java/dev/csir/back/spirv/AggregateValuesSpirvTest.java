package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.compile.AggregateValuesTest;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The array and struct value programs of {@link AggregateValuesTest} (array return types among them) pass spirv-val. */
class AggregateValuesSpirvTest {
    @Test
    void everyProgramValidates() throws Exception {
        SpirvVal.requireTool();
        List<String> sources = new ArrayList<>(AggregateValuesTest.FRAGMENTS);
        Random r = new Random(2028);
        for (int p = 0; p < 40; p++) {
            sources.add(AggregateValuesTest.randomProgram(r));
        }
        List<String> problems = new ArrayList<>();
        for (String source : sources) {
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "a.frag", source);
            assertThat(m.ok()).as(m.log()).isTrue();
            SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
            assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
            String invalid = SpirvVal.validate(w.binary());
            if (invalid != null) {
                problems.add(source + "\n" + invalid);
            }
        }
        assertThat(problems).isEmpty();
    }
}
