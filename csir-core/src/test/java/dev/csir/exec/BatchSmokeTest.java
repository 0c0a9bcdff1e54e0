package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.testing.RandomIr;
import dev.csir.verify.Verifier;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchSmokeTest {
    @Test
    void lighting() {
        ShaderIr ir = InterpreterProgramsTest.lighting();
        assertThat(BatchCheck.compare(ir, null, Limits.DEFAULT, 16, 16, new Random(1))).isNull();
        assertThat(BatchCheck.compare(ir, null, Limits.DEFAULT, 16, 5, new Random(2))).isNull();
    }

    @Test
    void randomIr() {
        Random r = new Random(7);
        int verified = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < 3000; i++) {
            ShaderIr ir = RandomIr.generate(RandomIr.Choices.of(r));
            boolean ok = Verifier.verify(ir).isEmpty();
            verified += ok ? 1 : 0;
            int[] remap = RandomIr.remap(RandomIr.Choices.of(r));
            String d = BatchCheck.compare(ir, remap, Limits.CHRISOS, 16, 1 + r.nextInt(16), new Random(i));
            assertThat(d).as("program " + i + " verified " + ok + "\n" + dev.csir.ir.IrDump.dump(ir)).isNull();
        }
        System.out.println("verified " + verified + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }
}
