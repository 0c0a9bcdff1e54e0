package dev.csir.bench;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.gfx.virgl.VirglDevice;
import dev.csir.gfx.virgl.VirglServer;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * Measures shader upload + draw + read-back on a warm vtest connection: every iteration hands the
 * device a program it has not seen (so both shader objects are created, checked by a round trip
 * and by the canary), clears, draws a triangle and reads the 64x64 target back.
 *
 * <p>Run: {@code java -cp csir-bench/target/benchmarks.jar dev.csir.bench.VirglRoundTrip [iterations] [socket]}
 * (without a socket it starts a private virgl_test_server).
 */
public final class VirglRoundTrip {
    private static final String VS = """
            #version 330
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 color;
            out vec4 vColor;
            void main() {
                vColor = color;
                gl_Position = position;
            }
            """;
    private static final String FS = """
            #version 330
            in vec4 vColor;
            out vec4 fragColor;
            void main() {
                fragColor = vColor;
            }
            """;

    private VirglRoundTrip() {
    }

    public static void main(String[] args) throws Exception {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Program program = new Program();
        program.attach(compile(Stage.VERTEX, "bench.vert", VS));
        program.attach(compile(Stage.FRAGMENT, "bench.frag", FS));
        if (!program.link()) {
            throw new IllegalStateException(String.join("\n", program.log()));
        }
        LinkedProgram linked = program.linked().orElseThrow();
        Mesh tri = new Mesh(new float[] {-0.8f, -0.8f, 0, 1, 1, 0, 0, 1, 0.8f, -0.8f, 0, 1, 0, 1, 0, 1, 0, 0.8f, 0,
            1, 0, 0, 1, 1}, VertexLayout.of(8, new VertexAttribute(0, 4, 0), new VertexAttribute(1, 4, 4)));
        Duration timeout = Duration.ofSeconds(15);
        try (VirglServer server = args.length > 1 ? VirglServer.attach(Path.of(args[1])) : VirglServer.start(timeout);
                VirglDevice device = VirglDevice.open(server, "bench", timeout)) {
            device.target(64, 64);
            int warmup = Math.max(10, iterations / 10);
            long[] ns = new long[iterations];
            int checksum = 0;
            for (int i = -warmup; i < iterations; i++) {
                // a new program object: the device uploads its TGSI again
                LinkedProgram fresh = new LinkedProgram(linked.vertex(), linked.fragment(), linked.remap(),
                        linked.iface(), linked.generation(), linked.limits());
                long t0 = System.nanoTime();
                device.clear(0, 0, 0, 1, 1);
                device.draw(fresh, fresh.newUniforms(), tri, DrawState.FLAT);
                Frame f = device.readback();
                long t1 = System.nanoTime();
                checksum += f.pixel(32, 40);
                if (i >= 0) {
                    ns[i] = t1 - t0;
                }
            }
            Arrays.sort(ns);
            System.out.printf("shader upload + draw + readback (64x64), %d iterations on one connection:%n",
                    iterations);
            System.out.printf("  min %.3f ms, median %.3f ms, p90 %.3f ms, max %.3f ms (checksum %08x)%n",
                    ns[0] / 1e6, ns[iterations / 2] / 1e6, ns[iterations * 9 / 10] / 1e6, ns[iterations - 1] / 1e6,
                    checksum);
            // the same draw with the program cached: no upload, no canary
            long[] cached = new long[iterations];
            for (int i = 0; i < iterations; i++) {
                long t0 = System.nanoTime();
                device.clear(0, 0, 0, 1, 1);
                device.draw(linked, linked.newUniforms(), tri, DrawState.FLAT);
                device.readback();
                cached[i] = System.nanoTime() - t0;
            }
            Arrays.sort(cached);
            System.out.printf("draw + readback with the program cached: median %.3f ms%n",
                    cached[iterations / 2] / 1e6);
        }
    }

    private static CompileResult compile(Stage stage, String name, String src) {
        CompileResult r = ShaderCompiler.compile(stage, name, src);
        if (!r.ok()) {
            throw new IllegalStateException(r.log());
        }
        return r;
    }
}
