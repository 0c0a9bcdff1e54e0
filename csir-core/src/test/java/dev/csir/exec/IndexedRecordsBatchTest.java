package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.compile.RuntimeIndexingTest;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The batch compiler runs the indexed records as the interpreter does: a gather or scatter per lane, each lane its own index. */
class IndexedRecordsBatchTest {
    @Test
    void batchesAgreeWithTheInterpreter() {
        List<String> fragments = new ArrayList<>(RuntimeIndexingTest.FRAGMENTS);
        Random programs = new Random(2027);
        for (int p = 0; p < 300; p++) {
            fragments.add(RuntimeIndexingTest.randomProgram(programs));
        }
        Random r = new Random(84);
        int indexed = 0;
        List<String> wrong = new ArrayList<>();
        for (String src : fragments) {
            indexed += check(Stage.FRAGMENT, "s.frag", src, r, wrong);
        }
        for (String src : RuntimeIndexingTest.VERTICES) {
            indexed += check(Stage.VERTEX, "s.vert", src, r, wrong);
        }
        assertThat(wrong).isEmpty();
        assertThat(indexed).isGreaterThan(fragments.size()); // every program has an indexed record
    }

    private static int check(Stage stage, String file, String src, Random r, List<String> wrong) {
        CompileResult c = ShaderCompiler.compile(stage, file, src);
        assertThat(c.ok()).as(c.log()).isTrue();
        for (int run = 0; run < 4; run++) {
            String d = BatchCheck.compare(c.ir(), null, Limits.DEFAULT, 16, 13, r);
            if (d != null) {
                wrong.add(src + ": " + d);
                break;
            }
        }
        return (int) c.ir().code().stream().filter(in -> in.opcode() != null && in.opcode().isIndexed()).count();
    }
}
