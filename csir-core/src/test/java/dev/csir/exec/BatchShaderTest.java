package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Cmp;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.IrDump;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.testing.LoopShaders;
import dev.csir.testing.RandomIr;
import dev.csir.testing.RandomPrograms;
import dev.csir.testing.RandomShaders;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.ShaderStage;
import dev.csir.verify.Verifier;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The compiled batch path against the interpreter, lane by lane and bit for bit (see
 * {@link BatchCheck}): seeded random CSIR, random source programs through the compiler, every
 * corpus shader, and hand-built shaders whose lanes take different trips through loops, discards
 * and the iteration guard.
 */
class BatchShaderTest {
    private static final long SEED = 0xBA7C4L;
    private static final int RANDOM_IR = 10_000;
    private static final int RANDOM_SOURCES = 200;
    private static final int RANDOM_PAIRS = 50;

    /** A batch width for one program: mostly 16, now and then 1, 5 or 64; n mostly the whole batch. */
    private static int[] shape(Random r) {
        int k = r.nextInt(10);
        int lanes = k == 0 ? 1 : k == 1 ? 5 : k == 2 ? 64 : 16;
        int n = r.nextInt(4) == 0 ? 1 + r.nextInt(lanes) : lanes;
        return new int[] {lanes, n};
    }

    private static String check(ShaderIr ir, int[] remap, Limits limits, Random r) {
        int[] s = shape(r);
        return BatchCheck.compare(ir, remap, limits, s[0], s[1], new Random(r.nextLong()));
    }

    @Test
    void randomVerifiedIrAgreesLaneByLane() {
        Random r = new Random(SEED);
        int verified = 0;
        int rejected = 0;
        int integer = 0;
        Map<Status, Integer> ends = new EnumMap<>(Status.class);
        for (int program = 0; verified < RANDOM_IR; program++) {
            ShaderIr ir = RandomIr.generate(RandomIr.Choices.of(r));
            boolean ok = Verifier.verify(ir).isEmpty();
            // the interpreter runs any shader; every fortieth one the verifier rejects runs here too
            if (!ok && program % 40 != 0) {
                continue;
            }
            int[] remap = ir.stage() == Stage.FRAGMENT ? RandomIr.remap(RandomIr.Choices.of(r)) : null;
            String d = check(ir, remap, Limits.CHRISOS, r);
            assertThat(d).as("program %d (verified %s), remap %s:%n%s", program, ok,
                    remap == null ? "none" : java.util.Arrays.toString(remap), IrDump.dump(ir)).isNull();
            if (ok) {
                verified++;
                if (BatchCheck.bitExact(ir) && ir.code().stream().anyMatch(in -> in.opcode() != null
                        && in.opcode().isInteger())) {
                    integer++; // compared bit for bit, NaN patterns too
                }
                Interpreter in = Interpreter.of(ir, remap, Limits.CHRISOS);
                ends.merge(in.run(in.newFrame()), 1, Integer::sum);
            } else {
                rejected++;
            }
        }
        System.out.printf("BatchShaderTest: %d verified random CSIR programs (zero inputs end %s; %d of integer"
                + " lanes, compared bit for bit) and %d rejected ones agree lane by lane%n", verified, ends, integer,
                rejected);
        assertThat(ends).containsKey(Status.ITERATION_LIMIT);
        assertThat(integer).isGreaterThan(RANDOM_IR / 10);
    }

    @Test
    void randomSourceProgramsAgreeLaneByLane() {
        Random r = new Random(SEED + 1);
        int compiled = 0;
        for (int k = 0; k < RANDOM_SOURCES; k++) {
            ShaderCorpus.Source s = RandomShaders.generate(SEED + k, RandomShaders.Mode.FULL);
            compiled += compileAndCheck(s.name() + " seed " + (SEED + k), stage(s.stage()), s.text(), r) ? 1 : 0;
        }
        for (int k = 0; k < RANDOM_PAIRS; k++) {
            RandomPrograms.Pair p = RandomPrograms.generate(SEED + k);
            compiled += compileAndCheck("pair " + p.seed() + " vertex", Stage.VERTEX, p.vertex(), r) ? 1 : 0;
            compiled += compileAndCheck("pair " + p.seed() + " fragment", Stage.FRAGMENT, p.fragment(), r) ? 1 : 0;
        }
        System.out.printf("BatchShaderTest: %d of %d random source programs compiled to CSIR, all agree%n",
                compiled, RANDOM_SOURCES + 2 * RANDOM_PAIRS);
        assertThat(compiled).isGreaterThanOrEqualTo((RANDOM_SOURCES + 2 * RANDOM_PAIRS) * 9 / 10);
    }

    private static Stage stage(ShaderStage s) {
        return s == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT;
    }

    /** Compiles a source to CSIR and compares a few batches; false when it does not compile to CSIR. */
    private static boolean compileAndCheck(String what, Stage stage, String text, Random r) {
        CompileResult c = ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "s.vert" : "s.frag", text);
        if (!c.ok()) {
            return false;
        }
        for (int run = 0; run < 2; run++) {
            assertThat(check(c.ir(), null, Limits.DEFAULT, r)).as("%s:%n%s", what, text).isNull();
        }
        return true;
    }

    @Test
    void corpusShadersAgreeLaneByLane() {
        Random r = new Random(SEED + 2);
        int compiled = 0;
        var all = ShaderCorpus.all();
        for (ShaderCorpus.Source s : all) {
            CompileResult c = ShaderCompiler.compile(stage(s.stage()), s.name(), s.text());
            if (!c.ok()) {
                continue; // the corpus holds shaders the compiler rightly rejects
            }
            compiled++;
            for (int[] shape : new int[][] {{64, 64}, {64, 23}, {16, 16}, {8, 3}}) {
                for (int run = 0; run < 2; run++) {
                    assertThat(BatchCheck.compare(c.ir(), null, Limits.DEFAULT, shape[0], shape[1],
                            new Random(r.nextLong()))).as(s.name()).isNull();
                }
            }
        }
        System.out.printf("BatchShaderTest: %d of %d corpus shaders compiled to CSIR agree lane by lane%s%n",
                compiled, all.size(), ShaderCorpus.hasConformance() ? ""
                        : " (without ../shared: examples and test sources only, no conformance shaders)");
        // the shipped examples alone (what a checkout without ../shared has besides the test sources)
        assertThat(compiled).isGreaterThanOrEqualTo(ShaderCorpus.files(java.nio.file.Path.of("..", "examples")).size());
    }

    @Test
    void loopShadersWithPerLaneTripCountsAgree() {
        Random r = new Random(SEED + 3);
        for (LoopShaders.Case c : LoopShaders.all()) {
            for (int run = 0; run < 20; run++) {
                assertThat(BatchCheck.compare(c.ir(), null, Limits.DEFAULT, 16, 16, new Random(r.nextLong())))
                        .as(c.name()).isNull();
            }
        }
    }

    /**
     * {@code i = 0; loop { if (i >= v.x) break; if (v.y < 0) { if (i >= 2) discard; continue-ish } i++ }}
     * with per-lane bounds around the iteration guard: lanes end OK, discarded or at the limit in one batch.
     */
    @Test
    void lanesEndDifferentlyInOneBatch() {
        ShaderIr ir = guardedLoop();
        BatchShader shader = BatchShader.of(ir, null, Limits.DEFAULT, 8);
        assertThat(shader.isCompiled()).isTrue();
        Batch b = shader.newBatch();
        float[] bounds = {0f, 3f, 65535f, 65536f, 65537f, Float.NaN, 5f, 1e9f};
        float[] signs = {1f, 1f, 1f, 1f, 1f, 1f, -1f, 1f};
        for (int l = 0; l < 8; l++) {
            b.varying(l, 0, bounds[l], signs[l], 0f, 0f);
        }
        shader.run(b, 8);
        Interpreter in = Interpreter.of(ir, null);
        Frame f = in.newFrame();
        Status[] expected = new Status[8];
        for (int l = 0; l < 8; l++) {
            f.varying(0, bounds[l], signs[l], 0f, 0f);
            expected[l] = in.run(f);
            assertThat(b.status(l)).as("lane %d", l).isEqualTo(expected[l]);
            assertThat(b.discarded(l)).as("lane %d", l).isEqualTo(f.discarded());
            assertThat(b.at(b.color(), l, 0, 0)).as("lane %d", l).isEqualTo(f.color()[0]);
        }
        // the batch really split: finished, discarded and stopped lanes side by side
        // (a bound of 65536 takes exactly MAX_ITERATIONS back-edges, 65537 one more)
        assertThat(expected).containsExactly(Status.OK, Status.OK, Status.OK, Status.OK,
                Status.ITERATION_LIMIT, Status.ITERATION_LIMIT, Status.OK, Status.ITERATION_LIMIT);
        assertThat(b.discarded(6)).isTrue();
        assertThat(b.at(b.color(), 2, 0, 0)).isEqualTo(65535f);
    }

    private static ShaderIr guardedLoop() {
        IrBuilder b = new IrBuilder();
        int v = b.temp();
        b.emit(Opcode.LOAD_VAR, Type.VEC4, 4, v, -1, -1, 0, 0);
        int vy = b.temp();
        b.emit(Opcode.SWZ, Type.FLOAT, 1, vy, v, -1, 1, 0);
        int i = b.temp();
        b.emit(Opcode.MOV, Type.FLOAT, 1, i, b.constant(0f), -1, 0, 0);
        int one = b.constant(1f);
        int two = b.constant(2f);
        int zero = b.constant(0f);
        int c = b.temp();
        b.emit(Opcode.LOOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.CMP, Type.BOOL, 1, c, i, v, Cmp.GE.code(), 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
        b.emit(Opcode.BREAK, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ADD, Type.FLOAT, 1, i, i, one, 0, 0);
        b.emit(Opcode.CMP, Type.BOOL, 1, c, vy, zero, Cmp.LT.code(), 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
        b.emit(Opcode.CMP, Type.BOOL, 1, c, i, two, Cmp.GE.code(), 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
        b.emit(Opcode.DISCARD, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.CONTINUE, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.MUL, Type.FLOAT, 1, c, i, one, 0, 0);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDLOOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        int out = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, out, b.constant(0f, 0f, 0f, 1f), -1, 0, 0);
        b.emit(Opcode.SETLANE, Type.VEC4, 4, out, i, -1, 0, 0);
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, out, -1, 0, 0);
        return b.build("guarded.frag", Stage.FRAGMENT, ShaderInterface.EMPTY);
    }

    @Test
    void theFallbackRunsTheInterpreter() {
        ShaderIr ir = guardedLoop();
        Interpreter in = Interpreter.of(ir, null);
        BatchShader fallback = BatchShader.interpreted(in, 8, "on purpose");
        assertThat(fallback.isCompiled()).isFalse();
        assertThat(fallback.fallbackReason()).contains("on purpose");
        Random r = new Random(SEED + 4);
        for (int run = 0; run < 5; run++) {
            assertThat(BatchCheck.compare(fallback, in, 1 + r.nextInt(8), r)).isNull();
        }
        assertThat(BatchShader.of(ir, null).fallbackReason()).isEmpty();
    }

    /**
     * 3,000 IF/ELSE pairs on per-lane conditions: the class passes the class file's bounds, so the
     * shader runs on the interpreter, saying why, with the same results.
     */
    @Test
    void aShaderTooLargeForOneClassFallsBack() {
        ShaderIr ir = ifElseChain(3000);
        assertThat(Verifier.verify(ir)).isEmpty();
        BatchShader shader = BatchShader.of(ir, null, Limits.DEFAULT, 16);
        assertThat(shader.isCompiled()).isFalse();
        assertThat(shader.fallbackReason()).hasValueSatisfying(why -> assertThat(why).contains("huge.frag"));
        System.out.println("BatchShaderTest: " + shader.fallbackReason().orElseThrow());
        Random r = new Random(SEED + 5);
        assertThat(BatchCheck.compare(shader, Interpreter.of(ir, null), 16, r)).isNull();
    }

    /** {@code pairs} times: if (v.x > 0.5) acc += v.x; else acc -= 0.5; then the colour is acc. */
    static ShaderIr ifElseChain(int pairs) {
        IrBuilder b = new IrBuilder();
        int v = b.temp();
        b.emit(Opcode.LOAD_VAR, Type.VEC4, 4, v, -1, -1, 0, 0);
        int acc = b.temp();
        int c = b.temp();
        int half = b.constant(0.5f);
        for (int k = 0; k < pairs; k++) {
            b.emit(Opcode.CMP, Type.BOOL, 1, c, v, half, Cmp.GT.code(), 0);
            b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
            b.emit(Opcode.ADD, Type.FLOAT, 1, acc, acc, v, 0, 0);
            b.emit(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
            b.emit(Opcode.SUB, Type.FLOAT, 1, acc, acc, half, 0, 0);
            b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        }
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, acc, -1, 0, 0);
        return b.build("huge.frag", Stage.FRAGMENT, ShaderInterface.EMPTY);
    }

    /** A shader is shared by threads that each run their own batch. */
    @Test
    void threadsShareAShader() throws Exception {
        ShaderIr ir = guardedLoop();
        BatchShader shader = BatchShader.of(ir, null, Limits.DEFAULT, 16);
        Interpreter in = Interpreter.of(ir, null);
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var results = new java.util.ArrayList<java.util.concurrent.Future<String>>();
            for (int t = 0; t < 4; t++) {
                long seed = SEED + 100 + t;
                results.add(pool.submit(() -> {
                    Random r = new Random(seed);
                    for (int run = 0; run < 5; run++) {
                        String d = BatchCheck.compare(shader, in, 16, r);
                        if (d != null) {
                            return d;
                        }
                    }
                    return null;
                }));
            }
            for (var f : results) {
                assertThat(f.get()).isNull();
            }
        } finally {
            pool.shutdown();
        }
    }

    /** A run allocates nothing: loops, masks, discards and texture lookups included. */
    @Test
    void aRunAllocatesNothing() {
        if (!(java.lang.management.ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx)
                || !mx.isThreadAllocatedMemorySupported()) {
            org.junit.jupiter.api.Assumptions.abort("no per-thread allocation counter on this JVM");
            return;
        }
        mx.setThreadAllocatedMemoryEnabled(true);
        for (ShaderIr ir : new ShaderIr[] {guardedLoop(), InterpreterProgramsTest.lighting()}) {
            BatchShader shader = BatchShader.of(ir, null, Limits.DEFAULT, 16);
            Batch b = shader.newBatch();
            float[] bounds = {0f, 3f, 7f, 2f, 1f, 9f, 5f, 4f, 0f, 3f, 7f, 2f, 1f, 9f, 5f, 4f};
            for (int l = 0; l < 16; l++) {
                b.varying(l, 0, bounds[l], l % 3 == 0 ? -1f : 1f, 0.5f, 0f).varying(l, 1, 0.5f, -0.5f, l, 0f);
            }
            b.uniform(0, 1f, 2f, 5f, 0f).uniform(1, 1f, 0.9f, 0.8f, 0f).uniform(2, 0.1f, 0.1f, 0.1f, 0f);
            for (int i = 0; i < 20_000; i++) {
                shader.run(b, 16);
            }
            int runs = 50_000;
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < runs; i++) {
                shader.run(b, 16);
            }
            long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            assertThat(shader.isCompiled()).isTrue();
            assertThat((double) allocated / runs).as("%s: bytes per run (%d total)", ir.name(), allocated)
                    .isLessThan(1.0);
        }
    }

    @Test
    void aShaderCompilesOnce() {
        ShaderIr ir = InterpreterProgramsTest.lighting();
        BatchShader first = BatchShader.of(ir, null);
        assertThat(BatchShader.of(ir, null)).isSameAs(first);
        assertThat(BatchShader.of(InterpreterProgramsTest.lighting(), null)).as("equal content").isSameAs(first);
        assertThat(BatchShader.of(ir, null, Limits.DEFAULT, 16)).isNotSameAs(first);
        assertThat(BatchShader.of(ir, new int[] {1, 0})).isNotSameAs(first);
        assertThat(first.lanes()).isEqualTo(BatchShader.DEFAULT_LANES);
    }

    @Test
    void aBatchBelongsToItsShader() {
        BatchShader a = BatchShader.of(InterpreterProgramsTest.lighting(), null);
        BatchShader b = BatchShader.of(guardedLoop(), null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.run(b.newBatch(), 1))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.run(a.newBatch(), a.lanes() + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
