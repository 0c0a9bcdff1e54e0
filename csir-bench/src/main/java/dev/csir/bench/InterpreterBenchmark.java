package dev.csir.bench;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.opt.Optimizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/** Interpreter throughput: invocations per second of a lighting fragment and an MVP vertex shader. */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Threads(1)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class InterpreterBenchmark {

    private Interpreter lighting;
    private Frame lightingFrame;
    private Interpreter mvp;
    private Frame mvpFrame;
    private Interpreter lightingOpt;
    private Frame lightingOptFrame;
    private Interpreter litDocumented;
    private Frame litDocumentedFrame;
    private Interpreter litOptimized;
    private Frame litOptimizedFrame;

    @Setup
    public void setup() {
        lighting = Interpreter.of(lightingShader(), null);
        lightingFrame = lighting.newFrame();
        lightingFrame.varying(0, 0.3f, 0.4f, 2f, 0f).varying(1, 0.5f, -0.5f, 0f, 0f)
                .uniform(0, 1f, 2f, 5f, 0f).uniform(1, 1f, 0.9f, 0.8f, 0f)
                .uniform(2, 0.1f, 0.1f, 0.1f, 0f).fragCoord(10.5f, 20.5f, 0.5f, 1f);
        lighting.run(lightingFrame);
        check(lightingFrame.color()[3] == 1f && lightingFrame.color()[0] > 0.5f, "lighting");

        lightingOpt = Interpreter.of(Optimizer.optimize(lightingShader()), null);
        lightingOptFrame = lightingOpt.newFrame();
        System.arraycopy(lightingFrame.varyingsIn(), 0, lightingOptFrame.varyingsIn(), 0, 8);
        System.arraycopy(lightingFrame.uniforms(), 0, lightingOptFrame.uniforms(), 0, 12);
        lightingOptFrame.fragCoord(10.5f, 20.5f, 0.5f, 1f);
        lightingOpt.run(lightingOptFrame);
        check(Arrays.equals(lightingOptFrame.color(), lightingFrame.color()), "optimized lighting");

        ShaderIr lit = litExample();
        litDocumented = Interpreter.of(Optimizer.documented(lit), null);
        litOptimized = Interpreter.of(Optimizer.optimize(lit), null);
        litDocumentedFrame = litFrame(litDocumented);
        litOptimizedFrame = litFrame(litOptimized);
        litDocumented.run(litDocumentedFrame);
        litOptimized.run(litOptimizedFrame);
        check(litDocumentedFrame.color()[3] == 1f
                && Arrays.equals(litDocumentedFrame.color(), litOptimizedFrame.color()), "lit example");

        mvp = Interpreter.of(mvpShader(), null);
        mvpFrame = mvp.newFrame();
        float[] scale = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
        float[] translate = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1};
        float[] ident = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        mvpFrame.uniformMatrix(0, 4, ident).uniformMatrix(4, 4, translate).uniformMatrix(8, 4, scale)
                .attribute(0, 1f, 1f, 1f, 1f);
        mvp.run(mvpFrame);
        float[] p = mvpFrame.position();
        check(p[0] == 5f && p[1] == 6f && p[2] == 7f && p[3] == 1f, "mvp");
    }

    private static Frame litFrame(Interpreter in) {
        return in.newFrame().varying(0, 0.3f, 0.4f, 0.8f, 0f).varying(1, 0.5f, -0.5f, 0f, 0f)
                .fragCoord(10.5f, 20.5f, 0.5f, 1f);
    }

    /** examples/lit.frag lowered (./bench runs from the repository root), before optimizing. */
    static ShaderIr litExample() {
        String source;
        try {
            source = Files.readString(Path.of("examples/lit.frag"));
        } catch (IOException e) {
            throw new UncheckedIOException("run from the repository root", e);
        }
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "lit.frag", source,
                CompileOptions.DEFAULT.withOptimize(false));
        check(r.ok(), "lit example compile");
        return r.ir();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what + " shader computed a wrong result");
        }
    }

    @Benchmark
    public float lightingFragment() {
        lighting.run(lightingFrame);
        return lightingFrame.color()[0];
    }

    /** The same shader after {@link Optimizer#optimize}. */
    @Benchmark
    public float lightingFragmentOptimized() {
        lightingOpt.run(lightingOptFrame);
        return lightingOptFrame.color()[0];
    }

    /** examples/lit.frag with only the documented dead-result pass. */
    @Benchmark
    public float litExampleDocumented() {
        litDocumented.run(litDocumentedFrame);
        return litDocumentedFrame.color()[0];
    }

    /** examples/lit.frag with every optimizer pass. */
    @Benchmark
    public float litExampleOptimized() {
        litOptimized.run(litOptimizedFrame);
        return litOptimizedFrame.color()[0];
    }

    @Benchmark
    public float mvpVertex() {
        mvp.run(mvpFrame);
        return mvpFrame.position()[0];
    }

    private static void emit(IrBuilder b, Opcode op, int nc, int dst, int a, int bb, int aux, int aux2) {
        b.emit(op, Type.VEC4, nc, dst, a, bb, aux, aux2);
    }

    private static int op(IrBuilder b, Opcode op, int nc, int a, int bb, int aux) {
        int t = b.temp();
        emit(b, op, nc, t, a, bb, aux, 0);
        return t;
    }

    /** normalize(v) the way lowering emits it: dot, rsq, broadcast swizzle, mul, then a copy. */
    private static int normalize(IrBuilder b, int v) {
        int n = b.temp();
        int d = op(b, Opcode.DOT, 1, v, v, 3);
        int r = op(b, Opcode.RSQ, 1, d, -1, 0);
        int s = op(b, Opcode.SWZ, 3, r, -1, 0);
        int m = op(b, Opcode.MUL, 3, v, s, 0);
        emit(b, Opcode.MOV, 3, n, m, -1, 0, 0);
        return n;
    }

    /** light.frag's IR shape (chrisos-original.md §3.5): 36 instructions. */
    static ShaderIr lightingShader() {
        IrBuilder b = new IrBuilder();
        op(b, Opcode.LOAD_FCOORD, 4, -1, -1, 0);
        int vN = op(b, Opcode.LOAD_VAR, 3, -1, -1, 0);
        int vP = op(b, Opcode.LOAD_VAR, 3, -1, -1, 1);
        int lightPos = op(b, Opcode.LOAD_UNI, 3, -1, -1, 0);
        int lightColor = op(b, Opcode.LOAD_UNI, 3, -1, -1, 1);
        int ambient = op(b, Opcode.LOAD_UNI, 3, -1, -1, 2);
        int color = b.temp();
        emit(b, Opcode.MOV, 4, color, b.constant(0f, 0f, 0f, 0f), -1, 0, 0);
        int n = normalize(b, vN);
        int l = normalize(b, op(b, Opcode.SUB, 3, lightPos, vP, 0));
        int diffuse = b.temp();
        int dot = op(b, Opcode.DOT, 1, n, l, 3);
        emit(b, Opcode.MOV, 1, diffuse, op(b, Opcode.MAX, 1, dot, b.constant(0f), 0), -1, 0, 0);
        int result = b.temp();
        int scaled = op(b, Opcode.MUL, 3, op(b, Opcode.SWZ, 3, diffuse, -1, 0), lightColor, 0);
        emit(b, Opcode.MOV, 3, result, op(b, Opcode.ADD, 3, ambient, scaled, 0), -1, 0, 0);
        int one = b.constant(1f);
        int v4 = b.temp();
        emit(b, Opcode.MOV, 4, v4, b.constant(0f, 0f, 0f, 0f), -1, 0, 0);
        emit(b, Opcode.SETLANE, 1, v4, result, -1, 0, 0);
        emit(b, Opcode.SETLANE, 1, v4, result, -1, 1, 1);
        emit(b, Opcode.SETLANE, 1, v4, result, -1, 2, 2);
        emit(b, Opcode.SETLANE, 1, v4, one, -1, 3, 0);
        emit(b, Opcode.MOV, 4, color, v4, -1, 0, 0);
        emit(b, Opcode.STORE_COLOR, 4, -1, color, -1, 0, 0);
        return b.build("light.frag", Stage.FRAGMENT, ShaderInterface.EMPTY);
    }

    /** gl_Position = projection * view * model * position, as lowering emits it. */
    static ShaderIr mvpShader() {
        IrBuilder b = new IrBuilder();
        int pos = b.temp();
        emit(b, Opcode.MOV, 4, pos, b.constant(0f, 0f, 0f, 0f), -1, 0, 0);
        int proj = b.temp(4);
        emit(b, Opcode.LOAD_UNI, 4, proj, -1, -1, 0, 4);
        int view = b.temp(4);
        emit(b, Opcode.LOAD_UNI, 4, view, -1, -1, 4, 4);
        int model = b.temp(4);
        emit(b, Opcode.LOAD_UNI, 4, model, -1, -1, 8, 4);
        int attr = op(b, Opcode.LOAD_ATTR, 4, -1, -1, 0);
        int pv = b.temp(4);
        emit(b, Opcode.MULMM, 4, pv, proj, view, 4, 0);
        int pvm = b.temp(4);
        emit(b, Opcode.MULMM, 4, pvm, pv, model, 4, 0);
        int out = op(b, Opcode.MULMV, 4, pvm, attr, 4);
        emit(b, Opcode.MOV, 4, pos, out, -1, 0, 0);
        emit(b, Opcode.STORE_POS, 4, -1, pos, -1, 0, 0);
        return b.build("mvp.vert", Stage.VERTEX, ShaderInterface.EMPTY);
    }
}
