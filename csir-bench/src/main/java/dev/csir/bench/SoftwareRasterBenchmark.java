package dev.csir.bench;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.gfx.soft.InterpretedShading;
import dev.csir.gfx.soft.SoftwareRenderer;
import dev.csir.gfx.soft.VertexInput;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.UniformValues;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Software rasterizer throughput in fragments per second: a full-screen quad at 256x256 lit by
 * a point light (normalize, dot, max, multiply per fragment), shaded by the interpreter.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SoftwareRasterBenchmark {
    private static final int SIZE = 256;

    private static final String VS = """
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 normal;
            uniform mat4 model;
            out vec3 worldNormal;
            out vec3 worldPos;
            void main() {
                vec4 world = model * position;
                worldPos = world.xyz;
                worldNormal = (model * vec4(normal.xyz, 0.0)).xyz;
                gl_Position = world;
            }
            """;

    private static final String FS = """
            in vec3 worldNormal;
            in vec3 worldPos;
            uniform vec3 lightPosition;
            uniform vec3 baseColor;
            out vec4 fragColor;
            void main() {
                vec3 n = normalize(worldNormal);
                vec3 l = normalize(lightPosition - worldPos);
                float diffuse = max(dot(n, l), 0.0);
                fragColor = vec4(baseColor * (0.15 + 0.85 * diffuse), 1.0);
            }
            """;

    @Param({"1", "2"})
    public int threads;

    private SoftwareRenderer renderer;
    private InterpretedShading shading;
    private VertexInput quad;

    @Setup(Level.Trial)
    public void setup() {
        CompileResult vs = ShaderCompiler.compile(Stage.VERTEX, "lit.vert", VS);
        CompileResult fs = ShaderCompiler.compile(Stage.FRAGMENT, "lit.frag", FS);
        Program p = new Program();
        if (p.attach(vs).isPresent() || p.attach(fs).isPresent() || !p.link()) {
            throw new IllegalStateException(vs.log() + fs.log() + p.log());
        }
        LinkedProgram program = p.linked().orElseThrow();
        UniformValues u = program.newUniforms();
        u.set("model", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
        u.set("lightPosition", 0.3f, 0.5f, 1.5f);
        u.set("baseColor", 0.9f, 0.6f, 0.3f);
        shading = InterpretedShading.of(program, u);
        float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
        float[] data = new float[6 * 8];
        for (int i = 0; i < 6; i++) {
            float[] v = {corners[i][0], corners[i][1], 0, 1, 0, 0, 1, 0};
            System.arraycopy(v, 0, data, i * 8, 8);
        }
        quad = new VertexInput(data, 8, new int[] {0, 1}, new int[] {4, 4}, new int[] {0, 4});
        renderer = new SoftwareRenderer(threads);
        renderer.target(SIZE, SIZE);
        renderer.clear(0, 0, 0, 1, 1);
        renderer.draw(shading, quad, false, false);
        if (renderer.fragmentsShaded() != SIZE * SIZE) {
            throw new IllegalStateException("shaded " + renderer.fragmentsShaded() + " fragments");
        }
    }

    /** The fragment stage alone, 65536 times: the interpreter's share of {@link #litQuad}. */
    @Benchmark
    @OperationsPerInvocation(SIZE * SIZE)
    public float fragmentStageOnly() {
        if (ctx == null) {
            ctx = shading.newContext();
            float[] v = ctx.varyingsIn();
            v[2] = 1;
            v[4] = 0.2f;
        }
        float s = 0;
        for (int i = 0; i < SIZE * SIZE; i++) {
            ctx.fragCoord()[0] = i;
            ctx.runFragment();
            s += ctx.color()[0];
        }
        return s;
    }

    private dev.csir.gfx.soft.Shading.Context ctx;

    @TearDown(Level.Trial)
    public void tearDown() {
        renderer.close();
    }

    /** One full-screen draw; the score is fragments per second. */
    @Benchmark
    @OperationsPerInvocation(SIZE * SIZE)
    public long litQuad() {
        renderer.draw(shading, quad, false, false);
        return renderer.fragmentsShaded();
    }
}
