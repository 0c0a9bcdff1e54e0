package dev.csir.bench;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.opt.Optimizer;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Prints what the optimizer saves over the corpus and the examples (CSIR instructions,
 * temporaries, immediates, TGSI bytes), documented pass only versus every pass, and checks on
 * random inputs that both give the same interpreter outputs. Run from the repository root:
 * {@code java -cp csir-bench/target/benchmarks.jar dev.csir.bench.OptimizerReport}.
 */
public final class OptimizerReport {
    private OptimizerReport() {
    }

    public static void main(String[] args) throws IOException {
        List<Corpus.Shader> shaders = new ArrayList<>(Corpus.SHADERS);
        try (var files = Files.list(Path.of("examples"))) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".vert") || name.endsWith(".frag")) {
                    shaders.add(new Corpus.Shader(name.endsWith(".vert") ? Stage.VERTEX : Stage.FRAGMENT,
                            "examples/" + name, Files.readString(f)));
                }
            }
        }
        long[] before = new long[4];
        long[] after = new long[4];
        int mismatches = 0;
        System.out.printf("%-22s %13s %11s %11s %15s%n", "shader", "insns", "temps", "imms", "tgsi bytes");
        for (Corpus.Shader s : shaders) {
            CompileResult r = ShaderCompiler.compile(s.stage(), s.name(), s.source(),
                    CompileOptions.DEFAULT.withOptimize(false));
            if (!r.ok()) {
                System.out.println(s.name() + ": does not compile");
                continue;
            }
            ShaderIr doc = Optimizer.documented(r.ir());
            ShaderIr opt = Optimizer.optimize(r.ir());
            long[] b = measure(doc);
            long[] a = measure(opt);
            System.out.printf("%-22s %6d -> %-4d %4d -> %-4d %4d -> %-4d %6d -> %-6d%n", s.name(),
                    b[0], a[0], b[1], a[1], b[2], a[2], b[3], a[3]);
            for (int k = 0; k < 4; k++) {
                before[k] += b[k];
                after[k] += a[k];
            }
            mismatches += sameOutputs(doc, opt) ? 0 : 1;
        }
        System.out.printf("%-22s %6d -> %-4d %4d -> %-4d %4d -> %-4d %6d -> %-6d%n", "TOTAL",
                before[0], after[0], before[1], after[1], before[2], after[2], before[3], after[3]);
        System.out.println(mismatches == 0 ? "outputs identical on random inputs"
                : mismatches + " shaders with different outputs");
        if (mismatches > 0) {
            System.exit(1);
        }
    }

    /** Live instructions, temporaries, immediates, TGSI bytes. */
    private static long[] measure(ShaderIr ir) {
        TgsiResult t = TgsiEmitter.emit(ir);
        long bytes = t instanceof TgsiResult.Ok ok ? ok.text().length() : -1;
        return new long[] {ir.liveCount(), ir.temps(), ir.immediateCount(), bytes};
    }

    private static boolean sameOutputs(ShaderIr x, ShaderIr y) {
        Interpreter ix = Interpreter.of(x, null);
        Interpreter iy = Interpreter.of(y, null);
        Frame fx = ix.newFrame();
        Frame fy = iy.newFrame();
        Random rnd = new Random(1);
        for (int run = 0; run < 100; run++) {
            for (float[][] pair : new float[][][] {{fx.attributes(), fy.attributes()},
                    {fx.uniforms(), fy.uniforms()}, {fx.varyingsIn(), fy.varyingsIn()},
                    {fx.fragCoord(), fy.fragCoord()}}) {
                for (int i = 0; i < pair[0].length; i++) {
                    pair[0][i] = pair[1][i] = rnd.nextFloat() * 4f - 2f;
                }
            }
            ix.run(fx);
            iy.run(fy);
            if (fx.discarded() != fy.discarded() || fx.status() != fy.status()
                    || !sameBits(fx.position(), fy.position()) || !sameBits(fx.color(), fy.color())
                    || !sameBits(fx.varyingsOut(), fy.varyingsOut())) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameBits(float[] x, float[] y) {
        for (int i = 0; i < x.length; i++) {
            if (Float.floatToRawIntBits(x[i]) != Float.floatToRawIntBits(y[i])) {
                return false;
            }
        }
        return true;
    }
}
