package dev.csir.gfx.soft;

import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Quads;
import dev.csir.exec.Texture2D;
import dev.csir.ir.Interpolation;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import dev.csir.link.VaryingInfo;
import java.util.Arrays;

/**
 * A linked program's two stages run by the CSIR interpreter: each thread gets one vertex and
 * one fragment {@link Frame}, loaded once with the draw's uniforms and textures.
 */
public final class InterpretedShading implements Shading {
    private final Interpreter vertex;
    private final Interpreter fragment;
    /** The fragment stage's layout(early_fragment_tests) ({@link Shading#earlyFragmentTests}). */
    private boolean early;
    final float[] vertexUniforms;
    final float[] fragmentUniforms;
    final Texture2D[] textures;
    private final int slots;
    private final Interpolation[] interpolation;

    /**
     * @param slots linked varying vec4 slots the vertex stage writes and the rasterizer
     *     interpolates
     */
    InterpretedShading(Interpreter vertex, Interpreter fragment, float[] vertexUniforms,
            float[] fragmentUniforms, Texture2D[] textures, int slots) {
        this.vertex = vertex;
        this.fragment = fragment;
        this.vertexUniforms = vertexUniforms;
        this.fragmentUniforms = fragmentUniforms;
        this.textures = textures;
        this.slots = slots;
        this.interpolation = new Interpolation[slots];
        Arrays.fill(interpolation, Interpolation.SMOOTH);
    }

    /**
     * The shading of one draw of a linked program with these uniform values (copied; null
     * means all zero) and {@code textures[i]} bound to sampler slot i.
     */
    public static InterpretedShading of(LinkedProgram program, UniformValues uniforms, Texture2D... textures) {
        return of(program.interpreter(Stage.VERTEX), program.interpreter(Stage.FRAGMENT), program, uniforms, textures);
    }

    /** As {@link #of(LinkedProgram, UniformValues, Texture2D...)} with interpreters already made. */
    static InterpretedShading of(Interpreter vertex, Interpreter fragment, LinkedProgram program,
            UniformValues uniforms, Texture2D[] textures) {
        // per draw, not per invocation: the declared slots only (UniformValues holds no more)
        float[] vu = uniforms == null ? new float[0] : uniforms.words(Stage.VERTEX).clone();
        float[] fu = uniforms == null ? new float[0] : uniforms.words(Stage.FRAGMENT).clone();
        // every varying the vertex stage writes, as far as both frames hold (the profile's slots)
        int slots = Math.clamp(program.vertex().iface().varHi() + 1, 0,
                Math.min(vertex.varyingOutSlots(), fragment.varyingInSlots()));
        InterpretedShading shading = new InterpretedShading(vertex, fragment, vu, fu, textures.clone(), slots);
        shading.clipDistances = clipDistanceComponents(program.vertex().iface(), slots);
        shading.early = program.fragment().earlyFragmentTests();
        for (VaryingInfo v : program.iface().varyings()) {
            // a matrix varying's columns take the slots after its first
            for (int k = v.slot(); k < Math.min(slots, v.slot() + v.type().uniformSlots()); k++) {
                shading.interpolation[k] = v.interpolation();
            }
        }
        return shading;
    }

    /** The varying components of the vertex stage's clip distances, as far as the draw's slots go. */
    private static int[] clipDistanceComponents(dev.csir.ir.ShaderInterface vertex, int slots) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (dev.csir.ir.InterfaceVar v : vertex.clipDistances()) {
            for (int lane = 0; lane < v.type().components() && v.slot() < slots; lane++) {
                out.add(4 * v.slot() + lane);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private int[] clipDistances = new int[0];

    @Override
    public int[] clipDistanceComponents() {
        return clipDistances.clone();
    }

    @Override
    public int varyingSlots() {
        return slots;
    }

    @Override
    public boolean writesDepth() {
        return fragment.depthOutput() >= 0;
    }

    @Override
    public boolean earlyFragmentTests() {
        return early;
    }

    /** The fragment output that holds gl_FragDepth ({@link Interpreter#depthOutput}). */
    int depthOutput() {
        return fragment.depthOutput();
    }

    @Override
    public Interpolation interpolation(int slot) {
        return interpolation[slot];
    }

    @Override
    public Context newContext() {
        FrameContext c = new FrameContext();
        load(c);
        return c;
    }

    @Override
    public boolean reload(Context context) {
        if (!(context instanceof FrameContext c) || c.vertex() != vertex || c.fragment() != fragment) {
            return false;
        }
        load(c);
        return true;
    }

    /** This draw's uniforms and textures into a context's frames, whose vertex inputs start from zeros. */
    private void load(FrameContext c) {
        Arrays.fill(c.vf.attributes(), 0f);
        load(c.vf, vertexUniforms);
        if (c.quad == null) {
            load(c.ff, fragmentUniforms);
        } else {
            for (Frame f : c.quad) {
                load(f, fragmentUniforms);
            }
        }
    }

    /** One thread's frames: a vertex frame, and a fragment frame or, for derivatives, a quad of them. */
    private final class FrameContext implements Context {
        private final Frame vf = vertex.newFrame();
        private final Frame ff = fragment.newFrame();
        private final Frame[] quad = fragment.usesDerivatives()
                ? new Frame[] {ff, fragment.newFrame(), fragment.newFrame(), fragment.newFrame()} : null;

        Interpreter vertex() {
            return vertex;
        }

        Interpreter fragment() {
            return fragment;
        }

        @Override
        public float[] attributes() {
            return vf.attributes();
        }

        @Override
        public void runVertex() {
            vertex.run(vf);
        }

        @Override
        public void vertexNumbers(int vertexId, int instanceId) {
            vf.vertexNumbers(vertexId, instanceId);
        }

        @Override
        public float[] position() {
            return vf.position();
        }

        @Override
        public float[] varyingsOut() {
            return vf.varyingsOut();
        }

        @Override
        public float[] varyingsIn() {
            return ff.varyingsIn();
        }

        @Override
        public float[] fragCoord() {
            return ff.fragCoord();
        }

        @Override
        public void frontFacing(boolean front) {
            ff.frontFacing(front);
        }

        @Override
        public boolean runFragment() {
            // A verified program always ends OK; anything else draws nothing.
            return fragment.run(ff).ok() && !ff.discarded();
        }

        @Override
        public float[] color() {
            return ff.color();
        }

        @Override
        public float depth() {
            int at = fragment.depthOutput();
            return at < 0 ? 0f : ff.color()[4 * at];
        }

        @Override
        public boolean quads() {
            return quad != null;
        }

        @Override
        public void runFragments(FragmentBatch batch, int n) {
            if (quad == null) {
                Context.super.runFragments(batch, n);
                return;
            }
            int components = batch.components();
            for (int first = 0; first < n; first += Quads.SIZE) {
                int running = Math.min(Quads.SIZE, n - first);
                for (int k = 0; k < running; k++) {
                    int i = first + k;
                    float[] vin = quad[k].varyingsIn();
                    for (int c = 0; c < components; c++) {
                        vin[c] = batch.varyings[c * FragmentBatch.SIZE + i];
                    }
                    quad[k].fragCoord(batch.x[i], batch.y[i], batch.z[i], batch.w[i]).frontFacing(batch.frontFacing);
                }
                fragment.runQuad(quad, running);
                for (int k = 0; k < running; k++) {
                    int i = first + k;
                    Frame f = quad[k];
                    // a verified program always ends OK; anything else draws nothing
                    batch.kept[i] = f.status().ok() && !f.discarded();
                    float[] c = f.color();
                    batch.r[i] = c[0];
                    batch.g[i] = c[1];
                    batch.b[i] = c[2];
                    batch.a[i] = c[3];
                    batch.depth[i] = fragment.depthOutput() < 0 ? 0f : c[4 * fragment.depthOutput()];
                }
            }
        }
    }

    private void load(Frame f, float[] uniforms) {
        float[] dst = f.uniforms();
        System.arraycopy(uniforms, 0, dst, 0, Math.min(uniforms.length, dst.length));
        Texture2D[] slotsOut = f.textures();
        for (int i = 0; i < Math.min(textures.length, slotsOut.length); i++) {
            slotsOut[i] = textures[i];
        }
    }
}
