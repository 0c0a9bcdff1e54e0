package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.BatchShader;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Texture2D;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.scene.Meshes;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.SamplerInfo;
import dev.csir.link.UniformValues;
import dev.csir.testing.RandomPrograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The software device's compiled path draws exactly the interpreter's images: the examples and
 * random program pairs on the triangle, quad and cube, through {@link CompiledShading} and
 * through {@link InterpretedShading}, compared byte for byte, on one thread and on three.
 */
class CompiledShadingTest {
    private static final Texture2D CHECKER = checker();

    private static Texture2D checker() {
        int[] argb = new int[8 * 8];
        for (int i = 0; i < argb.length; i++) {
            argb[i] = ((i % 8 + i / 8) % 2 == 0) ? 0xFFFFFFFF : 0xFF3080C0;
        }
        return new Texture2D(8, 8, argb, Texture2D.Nearest.GL);
    }

    private static LinkedProgram link(String vs, String fs) {
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "t.vert", vs);
        CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", fs);
        if (!v.ok() || !f.ok()) {
            return null;
        }
        Program p = new Program();
        p.attach(v);
        p.attach(f);
        return p.link() ? p.linked().orElseThrow() : null;
    }

    private static VertexInput input(Mesh mesh) {
        List<VertexAttribute> a = mesh.layout().attributes();
        return new VertexInput(mesh.vertices(), mesh.layout().stride(), a.stream().mapToInt(VertexAttribute::location).toArray(),
                a.stream().mapToInt(VertexAttribute::components).toArray(),
                a.stream().mapToInt(VertexAttribute::offset).toArray());
    }

    /** The image of one draw through {@code shading}. */
    private static byte[] draw(Shading shading, VertexInput in, int threads) {
        try (SoftwareRenderer r = new SoftwareRenderer(threads)) {
            r.target(61, 47);
            r.clear(0.1f, 0.2f, 0.3f, 1, 1);
            r.draw(shading, in, true, false);
            return r.readTopDown();
        }
    }

    private static int compare(LinkedProgram p, UniformValues u, String what) {
        Texture2D[] textures = new Texture2D[p.iface().samplers().stream().mapToInt(SamplerInfo::slot).max().orElse(-1) + 1];
        java.util.Arrays.fill(textures, CHECKER);
        int drawn = 0;
        for (Mesh mesh : List.of(Meshes.triangle(), Meshes.quad(), Meshes.cube())) {
            VertexInput in = input(mesh);
            byte[] want = draw(InterpretedShading.of(p, u, textures), in, 1);
            for (int threads : new int[] {1, 3}) {
                assertThat(draw(CompiledShading.of(p, u, textures), in, threads)).as(what + ", " + threads + " threads")
                        .isEqualTo(want);
            }
            drawn += want.length;
        }
        return drawn;
    }

    /**
     * A renderer keeps its contexts from draw to draw of one program: each draw still draws its
     * own uniforms, a location the previous draw fed and this one does not reads zero, exactly as
     * a fresh renderer draws it; and the draws after the first allocate no batches or frames.
     */
    @Test
    void contextsCarryOverFromDrawToDraw() {
        LinkedProgram p = link("""
                #version 330 core
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 normal;
                uniform vec4 tint;
                out vec4 c;
                void main() { c = abs(normal) * 0.5 + tint; gl_Position = position * vec4(0.8, 0.8, 0.5, 1.0); }
                """, """
                #version 330 core
                in vec4 c;
                out vec4 o;
                void main() { o = vec4(pow(c.xyz, vec3(1.5)), 1.0); }
                """);
        assertThat(p).isNotNull();
        Mesh mesh = Meshes.cube();
        VertexInput both = input(mesh);
        VertexAttribute first = mesh.layout().attributes().get(0);
        VertexInput positionOnly = new VertexInput(mesh.vertices(), mesh.layout().stride(),
                new int[] {first.location()}, new int[] {first.components()}, new int[] {first.offset()});
        UniformValues red = p.newUniforms();
        assertThat(red.set("tint", 0.6f, 0f, 0f, 0f)).isEmpty();
        UniformValues blue = p.newUniforms();
        assertThat(blue.set("tint", 0f, 0f, 0.7f, 0f)).isEmpty();
        // as the software device makes a draw's shading: the program's stages made once
        Interpreter vi = p.interpreter(Stage.VERTEX);
        Interpreter fi = p.interpreter(Stage.FRAGMENT);
        BatchShader vb = p.batchShader(Stage.VERTEX, VertexBatch.SIZE);
        BatchShader fb = p.batchShader(Stage.FRAGMENT, FragmentBatch.SIZE);
        java.util.function.BiFunction<UniformValues, Boolean, Shading> shading = (u, compiled) -> {
            InterpretedShading one = InterpretedShading.of(vi, fi, p, u, new Texture2D[0]);
            return compiled ? new CompiledShading(one, vb, fb) : one;
        };
        for (boolean compiled : new boolean[] {true, false}) {
            try (SoftwareRenderer kept = new SoftwareRenderer(2)) {
                kept.target(61, 47);
                byte[][] seen = new byte[3][];
                Object[][] draws = {{both, red}, {positionOnly, blue}, {both, blue}};
                for (int d = 0; d < draws.length; d++) {
                    VertexInput in = (VertexInput) draws[d][0];
                    UniformValues u = (UniformValues) draws[d][1];
                    kept.clear(0.1f, 0.2f, 0.3f, 1, 1);
                    kept.draw(shading.apply(u, compiled), in, true, false);
                    seen[d] = kept.readTopDown();
                    byte[] fresh = draw(compiled ? CompiledShading.of(p, u) : InterpretedShading.of(p, u), in, 2);
                    assertThat(seen[d]).as("draw %d, compiled %s", d, compiled).isEqualTo(fresh);
                }
                assertThat(seen[1]).isNotEqualTo(seen[0]).isNotEqualTo(seen[2]);
            }
        }
        try (SoftwareRenderer r = new SoftwareRenderer(1)) {
            r.target(61, 47);
            r.draw(shading.apply(red, true), both, true, false);
            var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100; i++) {
                r.draw(shading.apply(i % 2 == 0 ? red : blue, true), both, true, false);
            }
            long perDraw = (threads.getCurrentThreadAllocatedBytes() - before) / 100;
            // a fresh context's two batches and four frames alone take more than this
            assertThat(perDraw).as("bytes allocated a draw").isLessThan(4096);
        }
    }

    @Test
    void theExamplesDrawTheInterpretersImages() throws IOException {
        Path ex = Path.of(System.getProperty("user.dir")).getParent().resolve("examples");
        String[][] pairs = {{"lit.vert", "lit.frag"}, {"lit.vert", "blinn.frag"}, {"textured.vert", "textured.frag"},
            {"fullscreen.vert", "rings.frag"}, {"fullscreen.vert", "cutout.frag"}};
        for (String[] pair : pairs) {
            LinkedProgram p = link(Files.readString(ex.resolve(pair[0])), Files.readString(ex.resolve(pair[1])));
            assertThat(p).as(pair[1]).isNotNull();
            UniformValues u = p.newUniforms();
            u.set("time", 0.7f);
            u.set("resolution", 61, 47);
            assertThat(compare(p, u, pair[1])).isPositive();
        }
    }

    @Test
    void randomProgramPairsDrawTheInterpretersImages() {
        int compared = 0;
        for (long seed = 0; seed < 60; seed++) {
            RandomPrograms.Pair pair = RandomPrograms.generate(seed);
            LinkedProgram p = link(pair.vertex(), pair.fragment());
            if (p == null) {
                continue;
            }
            UniformValues u = p.newUniforms();
            for (RandomPrograms.Uniform un : pair.uniforms()) {
                u.set(un.name(), un.value());
            }
            compare(p, u, "seed " + seed);
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(55);
    }
}
