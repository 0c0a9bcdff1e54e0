package dev.csir.bench;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.types.ShaderStage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Compiled shaders per second, warm and in-process, over the {@link Corpus}, one operation per
 * shader: {@link ShaderCompiler#compile} (source to verified CSIR and TGSI, the anchor) beside
 * {@link ShaderCompiler#compileModule} (source to the transform IR, optimized and as lowered).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CompileBenchmark {
    private static final int N = Corpus.SHADERS.size();

    @Setup(Level.Trial)
    public void check() {
        if (N != 10) {
            throw new IllegalStateException("OperationsPerInvocation must equal the corpus size " + N);
        }
        for (Corpus.Shader s : Corpus.SHADERS) {
            CompileResult r = ShaderCompiler.compile(s.stage(), s.name(), s.source());
            if (!r.ok()) {
                throw new IllegalStateException(s.name() + " does not compile:\n" + r.log());
            }
            ModuleResult m = ShaderCompiler.compileModule(stageOf(s), s.name(), s.source());
            if (!m.ok() || !m.diagnostics().isEmpty()) {
                throw new IllegalStateException(s.name() + " does not compile to a module:\n" + m.log());
            }
        }
    }

    private static ShaderStage stageOf(Corpus.Shader s) {
        return s.stage() == Stage.VERTEX ? ShaderStage.VERTEX : ShaderStage.FRAGMENT;
    }

    /** Source to the optimized transform IR (the verifier does not run between passes). */
    @Benchmark
    @OperationsPerInvocation(10)
    public void moduleCorpus(Blackhole bh) {
        for (int i = 0; i < N; i++) {
            Corpus.Shader s = Corpus.SHADERS.get(i);
            bh.consume(ShaderCompiler.compileModule(stageOf(s), s.name(), s.source(), OPTIMIZED));
        }
    }

    /** Source to the transform IR as lowered, before the optimizer. */
    @Benchmark
    @OperationsPerInvocation(10)
    public void moduleCorpusUnoptimized(Blackhole bh) {
        for (int i = 0; i < N; i++) {
            Corpus.Shader s = Corpus.SHADERS.get(i);
            bh.consume(ShaderCompiler.compileModule(stageOf(s), s.name(), s.source(), UNOPTIMIZED));
        }
    }

    private static final CompileOptions OPTIMIZED = CompileOptions.DEFAULT.withVerifyEachPass(false);
    private static final CompileOptions UNOPTIMIZED = OPTIMIZED.withOptimize(false);

    /** Each operation is one shader compile; the score is shaders per second. */
    @Benchmark
    @OperationsPerInvocation(10)
    public void compileCorpus(Blackhole bh) {
        for (int i = 0; i < N; i++) {
            Corpus.Shader s = Corpus.SHADERS.get(i);
            bh.consume(ShaderCompiler.compile(s.stage(), s.name(), s.source()));
        }
    }
}
