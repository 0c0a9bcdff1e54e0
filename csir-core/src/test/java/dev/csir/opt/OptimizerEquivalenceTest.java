package dev.csir.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Interpreter;
import dev.csir.exec.LiteralInterpreter;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.Shared;
import dev.csir.testing.TestSources;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import dev.csir.verify.Verifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Evidence that the optimizer changes nothing observable: after every pass the verifier accepts
 * the IR, and the interpreter (running every instruction) gives bit-identical outputs with and
 * without the passes, on random inputs, for thousands of random programs and for real shaders.
 */
class OptimizerEquivalenceTest {
    static final int PROGRAMS = 4000;

    /** The pipeline pass by pass, as {@link Optimizer#optimize} runs it. */
    static final List<UnaryOperator<ShaderIr>> PASSES = List.of(
            DeadResults::run, ConstantDedup::run, CopyPropagation::run, DeadWrites::run,
            Compaction::run);

    /** Null when every pass keeps {@code ir} valid and equivalent, else what went wrong. */
    static String check(ShaderIr ir, long seed) {
        Interpreter reference = LiteralInterpreter.of(ir);
        ShaderIr now = ir;
        for (int p = 0; p < PASSES.size(); p++) {
            now = PASSES.get(p).apply(now);
            var problems = Verifier.verify(now);
            if (!problems.isEmpty()) {
                return "pass " + p + " broke verification: " + problems;
            }
            String d = Equivalence.firstDifference(reference, LiteralInterpreter.of(now), seed, 6);
            if (d != null) {
                return "pass " + p + " changed an output: " + d;
            }
        }
        ShaderIr optimized = Optimizer.optimize(ir);
        if (!optimized.equals(now)) {
            return "Optimizer.optimize differs from the passes run one by one";
        }
        String d = Equivalence.firstDifference(reference, Interpreter.of(optimized, null), seed + 1, 6);
        if (d != null) {
            return "simplified interpreter: " + d;
        }
        boolean tgsiBefore = TgsiEmitter.emit(ir) instanceof TgsiResult.Ok;
        if (tgsiBefore && !(TgsiEmitter.emit(optimized) instanceof TgsiResult.Ok)) {
            return "TGSI emission failed after optimizing";
        }
        return null;
    }

    /** Checks {@code count} generated programs; returns how many held a loop. */
    private static int checkGenerated(java.util.function.LongFunction<ShaderIr> generator, int count) {
        List<String> failures = new ArrayList<>();
        long before = 0;
        long after = 0;
        int loops = 0;
        for (long seed = 0; seed < count; seed++) {
            ShaderIr ir = generator.apply(seed);
            assertThat(Verifier.verify(ir)).as("generated program %d", seed).isEmpty();
            loops += ir.code().stream().anyMatch(i -> i.op() == dev.csir.ir.Opcode.LOOP.code()) ? 1 : 0;
            String f = check(ir, seed);
            if (f != null) {
                failures.add("seed " + seed + ": " + f);
            }
            before += DeadResults.run(ir).liveCount();
            after += Optimizer.optimize(ir).liveCount();
        }
        assertThat(failures).isEmpty();
        // The passes must also do something, or this test proves nothing.
        assertThat(after).isLessThan(before * 9 / 10);
        return loops;
    }

    @Test
    void randomProgramsKeepEveryOutput() {
        assertThat(checkGenerated(RandomPrograms::generate, PROGRAMS)).isZero();
    }

    @Test
    void randomProgramsWithLoopsKeepEveryOutput() {
        assertThat(checkGenerated(RandomPrograms::withLoops, PROGRAMS / 2)).isGreaterThan(PROGRAMS / 4);
    }

    @Test
    void realShadersKeepEveryOutput() throws IOException {
        List<Path> files = new ArrayList<>();
        try (var s = Files.list(Path.of("../examples"))) {
            s.filter(p -> p.toString().endsWith(".vert") || p.toString().endsWith(".frag")).forEach(files::add);
        }
        int examples = files.size();
        var conformance = Shared.conformance();
        if (conformance.isEmpty()) {
            System.out.println("OptimizerEquivalenceTest: ../shared absent; checking the examples and test sources only");
        } else {
            try (var s = Files.list(conformance.get().resolve("shaders"))) {
                s.filter(p -> p.toString().endsWith(".vert") || p.toString().endsWith(".frag")).forEach(files::add);
            }
        }
        List<String> failures = new ArrayList<>();
        int compiled = 0;
        for (Path f : files.stream().sorted().toList()) {
            String name = f.getFileName().toString();
            Stage stage = name.endsWith(".vert") ? Stage.VERTEX : Stage.FRAGMENT;
            failures.addAll(checkSource(stage, name, Files.readString(f)));
            compiled += ShaderCompiler.compile(stage, name, Files.readString(f)).ok() ? 1 : 0;
        }
        for (String[] s : TestSources.ALL) {
            Stage stage = s[0].endsWith(".vert") ? Stage.VERTEX : Stage.FRAGMENT;
            assertThat(ShaderCompiler.compile(stage, s[0], s[1]).log()).as(s[0]).isEmpty();
            failures.addAll(checkSource(stage, s[0], s[1]));
            compiled++;
        }
        assertThat(failures).isEmpty();
        // every shipped example compiles; with the conformance data, its 24 accepted shaders do too
        assertThat(examples).isPositive();
        assertThat(compiled).isGreaterThanOrEqualTo(examples + TestSources.ALL.size()
                + (conformance.isPresent() ? 24 : 0));
    }

    static List<String> checkSource(Stage stage, String name, String source) {
        CompileResult raw = ShaderCompiler.compile(stage, name, source, CompileOptions.DEFAULT.withOptimize(false));
        if (!raw.ok()) {
            return List.of();
        }
        String f = check(raw.ir(), name.hashCode());
        return f == null ? List.of() : List.of(name + ": " + f);
    }
}
