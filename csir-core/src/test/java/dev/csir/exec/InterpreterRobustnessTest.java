package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Insn;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class InterpreterRobustnessTest {

    private static int small(Random r) {
        return r.nextInt(16) - 3; // mostly valid, some negative, some past ntmp
    }

    @Test
    void randomUnverifiedIrNeverThrows() {
        Random r = new Random(42);
        int[] statuses = new int[Status.values().length];
        for (int prog = 0; prog < 3000; prog++) {
            List<Insn> code = new ArrayList<>();
            int len = r.nextInt(40);
            for (int i = 0; i < len; i++) {
                int aux = r.nextInt(10) == 0 ? r.nextInt(65536) - 32768 : small(r);
                int aux2 = r.nextInt(10) == 0 ? r.nextInt(65536) - 32768 : small(r);
                code.add(new Insn(r.nextInt(36), r.nextInt(14), r.nextInt(7), small(r), small(r),
                        small(r), small(r), aux, aux2));
            }
            float[] imms = new float[r.nextInt(6)];
            for (int i = 0; i < imms.length; i++) {
                imms[i] = r.nextFloat() * 4f - 2f;
            }
            ShaderIr ir = new ShaderIr("fuzz" + prog, r.nextBoolean() ? Stage.VERTEX : Stage.FRAGMENT,
                    code, imms, r.nextInt(12), ShaderInterface.EMPTY);
            int[] remap = r.nextBoolean() ? null : new int[] {r.nextInt(20) - 2, r.nextInt(20) - 2};
            Interpreter in = Interpreter.of(ir, remap);
            Frame f = in.newFrame();
            for (int i = 0; i < f.uniforms().length; i++) {
                f.uniforms()[i] = i * 0.25f;
            }
            f.texture(0, new Texture2D(2, 2, new int[] {1, 2, 3, 4}));
            statuses[in.run(f).ordinal()]++;
            in.run(f); // and again on the same frame
        }
        // Stray ELSE/ENDIF are common in random code; 33 nested IFs are not (tested elsewhere).
        assertThat(statuses[Status.OK.ordinal()]).isGreaterThan(1000);
        assertThat(statuses[Status.ELSE_WITHOUT_IF.ordinal()]).isPositive();
        assertThat(statuses[Status.ENDIF_WITHOUT_IF.ordinal()]).isPositive();
    }

    @Test
    void anInvocationAllocatesNothing() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx)
                || !mx.isThreadAllocatedMemorySupported()) {
            Assumptions.abort("no per-thread allocation counter on this JVM");
            return;
        }
        mx.setThreadAllocatedMemoryEnabled(true);
        Interpreter in = Interpreter.of(InterpreterProgramsTest.lighting(), null);
        Frame f = in.newFrame();
        f.varying(0, 0f, 0f, 2f, 0f).uniform(0, 0f, 0f, 5f, 0f).uniform(1, 1f, 0f, 0f, 0f)
                .uniform(2, 0.1f, 0.1f, 0.1f, 0f);
        for (int i = 0; i < 20_000; i++) {
            in.run(f);
        }
        int runs = 100_000;
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < runs; i++) {
            in.run(f);
        }
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertThat(f.color()).containsExactly(1.1f, 0.1f, 0.1f, 1f);
        assertThat((double) allocated / runs).as("bytes per invocation (%d total)", allocated)
                .isLessThan(1.0);
    }
}
