package dev.csir.bench;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Batch;
import dev.csir.exec.BatchShader;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Fragment invocations per second, the interpreter against the compiled batch path, on the same
 * shaders and the same per-invocation inputs ({@value #INVOCATIONS} fragments per operation, the
 * varyings of each copied in from a prepared array, as a rasterizer would hand them over):
 * {@code lit} is examples/lit.frag (the lit cube's fragment shader), {@code blinn}
 * examples/blinn.frag (four normalize, pow, sin, cos, length, mix: about 25 operations),
 * {@code litvert} examples/lit.vert (three mat4 uniforms; per vertex its two attributes instead),
 * {@code cutout} examples/cutout.frag (a discard about half the lanes of a batch take).
 * Run from the repository root: {@code ./bench BatchShaderBenchmark -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BatchShaderBenchmark {
    static final int INVOCATIONS = 1024;
    /** Input floats each invocation gets (two vec4 slots: worldNormal and worldPos, or two attributes). */
    private static final int VARYING_FLOATS = 8;

    @Param({"lit", "blinn", "litvert", "cutout"})
    public String shader;

    @Param({"16", "64", "256"})
    public int lanes;

    private boolean vertex;
    private Interpreter interpreter;
    private Frame frame;
    private BatchShader batchShader;
    private Batch batch;
    /** Per invocation, AoS: what the interpreter's frame takes. */
    private float[] varyings;
    /** The same values per batch, SoA: what the batch takes. */
    private float[][] soa;

    @Setup
    public void setup() {
        vertex = shader.equals("litvert");
        ShaderIr ir = compile(vertex ? "examples/lit.vert" : "examples/" + shader + ".frag", vertex);
        interpreter = Interpreter.of(ir, null, Limits.DEFAULT);
        frame = interpreter.newFrame();
        batchShader = BatchShader.of(ir, null, Limits.DEFAULT, lanes);
        if (!batchShader.isCompiled()) {
            throw new IllegalStateException(batchShader.fallbackReason().orElse("not compiled"));
        }
        batch = batchShader.newBatch();
        Random r = new Random(42);
        varyings = new float[INVOCATIONS * VARYING_FLOATS];
        for (int i = 0; i < varyings.length; i++) {
            varyings[i] = r.nextFloat() * 4f - 2f;
        }
        for (int s = 0; s < 12; s++) {
            float u = 0.7f + 0.05f * s;
            frame.uniform(s, u, -u, 0.5f * u, 1f);
            batch.uniform(s, u, -u, 0.5f * u, 1f);
        }
        soa = new float[INVOCATIONS / lanes][VARYING_FLOATS * lanes];
        for (int i = 0; i < INVOCATIONS; i++) {
            for (int f = 0; f < VARYING_FLOATS; f++) {
                soa[i / lanes][f * lanes + i % lanes] = varyings[i * VARYING_FLOATS + f];
            }
        }
        // the two paths compute the same colours (the tests check every bit; this checks the set-up)
        float a = interpreter();
        float b = batch();
        if (a != b) {
            throw new IllegalStateException("paths disagree: " + a + " vs " + b);
        }
    }

    private static ShaderIr compile(String file, boolean vertex) {
        try {
            CompileResult r = ShaderCompiler.compile(vertex ? Stage.VERTEX : Stage.FRAGMENT, file, Files.readString(Path.of(file)));
            if (!r.ok()) {
                throw new IllegalStateException(r.log());
            }
            return r.ir();
        } catch (IOException e) {
            throw new UncheckedIOException("run from the repository root", e);
        }
    }

    @Benchmark
    @OperationsPerInvocation(INVOCATIONS)
    public float interpreter() {
        float sum = 0f;
        float[] in = vertex ? frame.attributes() : frame.varyingsIn();
        float[] out = vertex ? frame.position() : frame.color();
        for (int i = 0; i < INVOCATIONS; i++) {
            System.arraycopy(varyings, i * VARYING_FLOATS, in, 0, VARYING_FLOATS);
            interpreter.run(frame);
            sum += out[0];
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(INVOCATIONS)
    public float batch() {
        float sum = 0f;
        float[] in = vertex ? batch.attributes() : batch.varyingsIn();
        float[] color = vertex ? batch.position() : batch.color();
        for (float[] chunk : soa) {
            System.arraycopy(chunk, 0, in, 0, chunk.length);
            batchShader.run(batch, lanes);
            for (int l = 0; l < lanes; l++) {
                sum += color[l];
            }
        }
        return sum;
    }
}
