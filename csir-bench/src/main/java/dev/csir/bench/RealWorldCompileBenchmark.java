package dev.csir.bench;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.back.spirv.SpirvWriter;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Shaders per second over the real-world corpus of {@code ../shared/corpus/realworld} (or the
 * directory in {@code -Dcsir.shared}), warm and in-process, one shader per operation in turn:
 * source to verified CSIR and TGSI (the shaders that compile for CSIR), and source to optimized
 * transform IR and SPIR-V 1.0 with debug information, as {@code csir compile --emit spv} writes it
 * (the shaders that compile to SPIR-V). The {@code sw_} shaders are Vulkan GLSL.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RealWorldCompileBenchmark {
    private record Source(String name, ShaderStage stage, String text, CompileOptions options) {
        Stage csirStage() {
            return stage == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT;
        }
    }

    private final List<Source> csir = new ArrayList<>();
    private final List<Source> spirv = new ArrayList<>();
    private int nextCsir;
    private int nextSpirv;

    @Setup(Level.Trial)
    public void load() throws IOException {
        Path dir = Path.of(System.getProperty("csir.shared", "../shared")).resolve("corpus/realworld");
        if (!Files.isDirectory(dir)) {
            dir = Path.of("../shared/corpus/realworld");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".vert") || p.toString().endsWith(".frag")).sorted().toList();
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            CompileOptions base = CompileOptions.DEFAULT.withVerifyEachPass(false);
            Source s = new Source(name, name.endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT,
                    Files.readString(f), name.startsWith("sw_") ? base.withClient(Client.VULKAN) : base);
            if (ShaderCompiler.compile(s.csirStage(), s.name(), s.text(), s.options()).ok()) {
                csir.add(s);
            }
            if (toSpirv(s) != null) {
                spirv.add(s);
            }
        }
        if (csir.isEmpty() || spirv.isEmpty()) {
            throw new IllegalStateException("no real-world shader compiles under " + dir);
        }
        System.out.printf("%n%d of %d shaders compile for CSIR, %d for SPIR-V%n", csir.size(), files.size(), spirv.size());
    }

    private static byte[] toSpirv(Source s) {
        ModuleResult m = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), s.options());
        if (!m.ok()) {
            return null;
        }
        SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
        return w.ok() ? w.binary() : null;
    }

    /** Source to verified CSIR and TGSI. */
    @Benchmark
    public CompileResult toCsirAndTgsi() {
        Source s = csir.get(nextCsir++ % csir.size());
        return ShaderCompiler.compile(s.csirStage(), s.name(), s.text(), s.options());
    }

    /** Source to SPIR-V through the optimized transform IR. */
    @Benchmark
    public byte[] toSpirv() {
        return toSpirv(spirv.get(nextSpirv++ % spirv.size()));
    }
}
