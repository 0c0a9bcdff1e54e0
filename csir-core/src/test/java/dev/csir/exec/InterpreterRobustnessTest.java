package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
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
                code.add(new Insn(r.nextInt(40), r.nextInt(14), r.nextInt(7), small(r), small(r),
                        small(r), small(r), aux, aux2));
            }
            float[] imms = new float[r.nextInt(6)];
            for (int i = 0; i < imms.length; i++) {
                imms[i] = r.nextFloat() * 4f - 2f;
            }
            ShaderIr ir = new ShaderIr("fuzz" + prog, r.nextBoolean() ? Stage.VERTEX : Stage.FRAGMENT,
                    code, imms, r.nextInt(12), ShaderInterface.EMPTY);
            int[] remap = r.nextBoolean() ? null : new int[] {r.nextInt(20) - 2, r.nextInt(20) - 2};
            Frame literal = runTwice(Interpreter.literal(ir, remap));
            Frame simplified = runTwice(Interpreter.of(ir, remap));
            statuses[simplified.status().ordinal()]++;
            assertThat(outputs(simplified)).as("program %d: %s", prog, code).isEqualTo(outputs(literal));
        }
        // Stray ELSE/ENDIF and loop markers are common in random code, and so are endless loops;
        // 33 nested IFs or LOOPs are not (tested elsewhere).
        assertThat(statuses[Status.OK.ordinal()]).isGreaterThan(600);
        for (Status s : new Status[] {Status.ELSE_WITHOUT_IF, Status.ENDIF_WITHOUT_IF, Status.ENDLOOP_WITHOUT_LOOP,
                Status.LOOP_NOT_CLOSED, Status.BREAK_OUTSIDE_LOOP, Status.CONTINUE_OUTSIDE_LOOP,
                Status.ITERATION_LIMIT}) {
            assertThat(statuses[s.ordinal()]).as("%s", s).isPositive();
        }
    }

    @Test
    void simplifyingNeverChangesWhatACallerSees() {
        // Verifier-clean programs rich in "op; mov" pairs, partial lanes and branches.
        Opcode[] ops = {Opcode.CONST, Opcode.MOV, Opcode.SWZ, Opcode.SETLANE, Opcode.ADD, Opcode.SUB,
            Opcode.MUL, Opcode.MAX, Opcode.MIN, Opcode.ABS, Opcode.DOT, Opcode.RSQ, Opcode.RCP,
            Opcode.SIN, Opcode.POW, Opcode.TRUNC, Opcode.CMP, Opcode.MULMV, Opcode.SAMPLE,
            Opcode.LOAD_ATTR, Opcode.LOAD_VAR, Opcode.LOAD_UNI, Opcode.LOAD_FCOORD};
        Random r = new Random(7);
        int fused = 0;
        for (int prog = 0; prog < 3000; prog++) {
            Stage stage = r.nextBoolean() ? Stage.VERTEX : Stage.FRAGMENT;
            int temps = 8;
            List<Insn> code = new ArrayList<>();
            int depth = 0;
            int last = 0;
            int len = 5 + r.nextInt(40);
            for (int i = 0; i < len; i++) {
                int dst = r.nextInt(temps - 1);
                int a = r.nextInt(temps - 4);
                int b = r.nextInt(temps);
                int nc = r.nextInt(5);
                if (r.nextInt(3) == 0) {
                    code.add(new Insn(Opcode.MOV.code(), 7, nc, dst, last, -1, -1, 0, 0));
                } else if (r.nextInt(8) == 0 && depth < 3) {
                    code.add(new Insn(Opcode.IF.code(), 0, 0, -1, a, -1, -1, 0, 0));
                    depth++;
                } else if (r.nextInt(8) == 0 && depth > 0) {
                    code.add(new Insn((r.nextBoolean() ? Opcode.ELSE : Opcode.ENDIF).code(), 0, 0,
                            -1, -1, -1, -1, 0, 0));
                    depth -= code.getLast().op() == Opcode.ENDIF.code() ? 1 : 0;
                } else if (r.nextInt(20) == 0 && stage == Stage.FRAGMENT) {
                    code.add(new Insn(Opcode.DISCARD.code(), 0, 0, -1, -1, -1, -1, 0, 0));
                } else {
                    Opcode op = ops[r.nextInt(ops.length)];
                    int aux = switch (op) {
                        case CONST -> r.nextInt(4);
                        case DOT -> 3 + r.nextInt(2);
                        case MULMV -> 3 + r.nextInt(2);
                        case CMP -> 1 + r.nextInt(6);
                        case SWZ -> r.nextInt(256);
                        default -> r.nextInt(4);
                    };
                    int aux2 = op == Opcode.LOAD_UNI ? 1 + r.nextInt(2) : r.nextInt(4);
                    if (op == Opcode.CONST) {
                        nc = Math.min(nc, 4 - aux);
                    }
                    code.add(new Insn(op.code(), 7, nc, dst, a, b, -1, aux, aux2));
                    last = dst;
                }
                if (r.nextInt(6) == 0) {
                    Opcode store = stage == Stage.VERTEX && r.nextBoolean() ? Opcode.STORE_POS
                            : r.nextBoolean() ? Opcode.STORE_VAR
                            : stage == Stage.FRAGMENT ? Opcode.STORE_COLOR : Opcode.STORE_POS;
                    code.add(new Insn(store.code(), 7, 4, -1, r.nextInt(temps), -1, -1, r.nextInt(8), 0));
                }
            }
            while (depth-- > 0) {
                code.add(new Insn(Opcode.ENDIF.code(), 0, 0, -1, -1, -1, -1, 0, 0));
            }
            ShaderIr ir = new ShaderIr("p" + prog, stage, code, new float[] {0.5f, -2f, 3f, 0f, 1f, 7f},
                    temps, ShaderInterface.of(stage, List.of()));
            Frame literal = runTwice(Interpreter.literal(ir, null));
            Frame simplified = runTwice(Interpreter.of(ir, null));
            assertThat(outputs(simplified)).as("program %d: %s", prog, code).isEqualTo(outputs(literal));
            fused += Interpreter.literal(ir, null).instructionCount() - Interpreter.of(ir, null).instructionCount();
        }
        assertThat(fused).isGreaterThan(3000);
    }

    private static Frame runTwice(Interpreter in) {
        Frame f = in.newFrame();
        for (int i = 0; i < f.uniforms().length; i++) {
            f.uniforms()[i] = i * 0.25f;
        }
        for (int i = 0; i < f.attributes().length; i++) {
            f.attributes()[i] = 1f - i * 0.5f;
        }
        for (int i = 0; i < f.varyingsIn().length; i++) {
            f.varyingsIn()[i] = i % 3;
        }
        f.fragCoord(0.5f, 1.5f, 0.25f, 1f);
        f.texture(0, new Texture2D(2, 2, new int[] {1, 0xFF00FF00, 3, 4}));
        in.run(f);
        in.run(f); // and again on the same frame
        return f;
    }

    /** Everything a caller can observe, bit for bit. */
    private static String outputs(Frame f) {
        return f.status() + " " + f.discarded() + " " + bits(f.position()) + bits(f.color())
                + bits(f.varyingsOut());
    }

    private static String bits(float[] v) {
        StringBuilder s = new StringBuilder("[");
        for (float x : v) {
            s.append(Integer.toHexString(Float.floatToRawIntBits(x))).append(' ');
        }
        return s.append(']').toString();
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
