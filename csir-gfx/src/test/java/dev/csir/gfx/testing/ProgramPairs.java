package dev.csir.gfx.testing;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.scene.Mat4;
import dev.csir.gfx.scene.Meshes;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.UniformValues;
import dev.csir.testing.RandomPrograms;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * {@link RandomPrograms} pairs for the device tests: compiled and linked through the public API,
 * and drawn on csir's built-in meshes with the pair's uniforms, seeded matrices and a seeded texture.
 */
public final class ProgramPairs {
    /** The texture's side in texels (see {@link #texture}). */
    private static final int TEXELS = 7;

    private ProgramPairs() {
    }

    /** A linked program, or why there is none: the first error's message, and it located with its count. */
    public record Linked(LinkedProgram program, String firstError, String detail) {
        public boolean ok() {
            return program != null;
        }
    }

    /** Compiles both stages (to TGSI, so the target's limits count too) and links them under {@code limits}. */
    public static Linked link(RandomPrograms.Pair p, Limits limits) {
        CompileOptions options = CompileOptions.DEFAULT.withLimits(limits);
        CompileResult vs = ShaderCompiler.compile(Stage.VERTEX, p.seed() + ".vert", p.vertex(), options);
        CompileResult fs = ShaderCompiler.compile(Stage.FRAGMENT, p.seed() + ".frag", p.fragment(), options);
        for (CompileResult r : List.of(vs, fs)) {
            if (!r.ok()) {
                if (r.diagnostics().isEmpty()) {
                    return new Linked(null, "no diagnostics", r.name() + ": failed without diagnostics");
                }
                Diagnostic first = r.diagnostics().getFirst();
                return new Linked(null, first.message(), first.render() + "(" + r.errorCount() + " errors)\n");
            }
        }
        Program program = new Program(limits);
        program.attach(vs);
        program.attach(fs);
        if (!program.link()) {
            String log = String.join("\n", program.log());
            return new Linked(null, "link: " + (program.log().isEmpty() ? "failed" : program.log().getFirst()), log);
        }
        return new Linked(program.linked().orElseThrow(), null, "");
    }

    /** A built-in mesh with how it is drawn: flat ones with identity matrices, the cube in perspective. */
    public enum Scene {
        TRIANGLE, QUAD, CUBE;

        public Mesh mesh() {
            return switch (this) {
                case TRIANGLE -> Meshes.triangle();
                case QUAD -> Meshes.quad();
                case CUBE -> Meshes.cube();
            };
        }

        public DrawState state() {
            return this == CUBE ? DrawState.DEPTH : DrawState.FLAT;
        }

        /**
         * The pair's uniforms, and model, view and projection (model always a rotation, as
         * {@link RandomPrograms} requires): a flat mesh turned about z by a seeded 10 to 34
         * degrees either way, with view and projection the identity; the cube turned by a seeded
         * rotation before a camera. Why flat meshes turn: their uv is affine in the window, so
         * drawn straight, a varying made of uv is the same along a whole row or column of pixels,
         * and where a texel edge lies within the devices' interpolation differences (about 1e-5)
         * of it, nearest sampling flips the whole line (64 pixels, 1.6% of the quad); turned, the
         * same edge passes near a pixel centre at a pixel or so.
         */
        public UniformValues uniforms(LinkedProgram lp, RandomPrograms.Pair p) {
            UniformValues u = lp.newUniforms();
            for (RandomPrograms.Uniform x : p.uniforms()) {
                // the compiler may drop a uniform that no output depends on
                if (lp.iface().uniform(x.name()).isPresent()) {
                    require(u.set(x.name(), x.value()));
                }
            }
            Random r = new Random(p.seed());
            Mat4 model = this == CUBE ? Mat4.rotateX(10 + r.nextInt(60)).times(Mat4.rotateY(r.nextInt(360)))
                    : Mat4.rotateZ((10 + r.nextInt(25)) * (r.nextBoolean() ? 1 : -1));
            Mat4 view = this == CUBE ? Mat4.translate(0, 0, -2.2f) : Mat4.identity();
            Mat4 projection = this == CUBE ? Mat4.perspective(60, 1, 0.1f, 100) : Mat4.identity();
            set(lp, u, "model", model);
            set(lp, u, "view", view);
            set(lp, u, "projection", projection);
            return u;
        }

        private static void set(LinkedProgram lp, UniformValues u, String name, Mat4 m) {
            if (lp.iface().uniform(name).isPresent()) {
                require(u.set(name, m.m()));
            }
        }

        private static void require(Optional<String> problem) {
            problem.ifPresent(s -> {
                throw new IllegalStateException(s);
            });
        }
    }

    /**
     * 7x7 opaque texels of seeded colours, so that each pair samples a picture of its own. Seven,
     * not eight: texture coordinates that are the same over a whole triangle are often short
     * decimals (0.25, 0.75), which lie on the edges of eighths, where nearest sampling would pick
     * either texel by rounding; no finite decimal but 0 and 1 is a multiple of 1/7.
     */
    public static Texture texture(long seed) {
        Random r = new Random(~seed);
        byte[] rgba = new byte[TEXELS * TEXELS * 4];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = (byte) ((i & 3) == 3 ? 255 : r.nextInt(256));
        }
        return new Texture(TEXELS, TEXELS, rgba);
    }

}
