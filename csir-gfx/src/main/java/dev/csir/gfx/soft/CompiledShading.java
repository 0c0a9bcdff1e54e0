package dev.csir.gfx.soft;

import dev.csir.ir.Interpolation;

import dev.csir.exec.Batch;
import dev.csir.exec.BatchShader;
import dev.csir.exec.Texture2D;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import java.util.Arrays;

/**
 * A linked program's two stages compiled to JVM bytecode that runs a whole batch of vertices or
 * fragments at once ({@link BatchShader}): the rasterizer's batches go through it, with outputs
 * bit-identical to the interpreter's. The one-invocation methods of a context still run the
 * interpreter ({@link InterpretedShading}), which stays the reference.
 */
public final class CompiledShading implements Shading {
    private final InterpretedShading reference;
    private final BatchShader vertex;
    private final BatchShader fragment;
    private final float[] vertexUniforms;
    private final float[] fragmentUniforms;
    private final Texture2D[] textures;
    private final int depthOutput;

    /** The batch shaders run the draw {@code reference} describes: its uniforms, textures and slots. */
    CompiledShading(InterpretedShading reference, BatchShader vertex, BatchShader fragment) {
        if (vertex.lanes() != VertexBatch.SIZE || fragment.lanes() != FragmentBatch.SIZE) {
            throw new IllegalArgumentException("batch shaders of " + vertex.lanes() + " and " + fragment.lanes()
                    + " lanes, the rasterizer's batches have " + FragmentBatch.SIZE);
        }
        this.reference = reference;
        this.vertex = vertex;
        this.fragment = fragment;
        this.vertexUniforms = reference.vertexUniforms;
        this.fragmentUniforms = reference.fragmentUniforms;
        this.textures = reference.textures;
        this.depthOutput = reference.depthOutput();
    }

    /**
     * The shading of one draw of a linked program with these uniform values (copied; null means
     * all zero) and {@code textures[i]} bound to sampler slot i.
     */
    public static CompiledShading of(LinkedProgram program, UniformValues uniforms, Texture2D... textures) {
        return new CompiledShading(InterpretedShading.of(program, uniforms, textures),
                program.batchShader(Stage.VERTEX, VertexBatch.SIZE), program.batchShader(Stage.FRAGMENT, FragmentBatch.SIZE));
    }

    @Override
    public int varyingSlots() {
        return reference.varyingSlots();
    }

    @Override
    public boolean writesDepth() {
        return reference.writesDepth();
    }

    @Override
    public boolean earlyFragmentTests() {
        return reference.earlyFragmentTests();
    }

    @Override
    public Interpolation interpolation(int slot) {
        return reference.interpolation(slot);
    }

    @Override
    public int[] clipDistanceComponents() {
        return reference.clipDistanceComponents();
    }

    @Override
    public Context newContext() {
        BatchContext c = new BatchContext(reference.newContext());
        load(c);
        return c;
    }

    @Override
    public boolean reload(Context context) {
        if (!(context instanceof BatchContext c) || c.vertexShader() != vertex || c.fragmentShader() != fragment
                || !reference.reload(c.one)) {
            return false;
        }
        load(c);
        return true;
    }

    /** This draw's uniforms and textures into a context's batches, whose vertex inputs start from zeros. */
    private void load(BatchContext c) {
        Arrays.fill(c.vb.attributes(), 0f);
        load(c.vb, vertexUniforms);
        load(c.fb, fragmentUniforms);
    }

    /** One thread's batches, beside the interpreter's context that runs single invocations. */
    private final class BatchContext implements Context {
        private final Context one;
        private final Batch vb = vertex.newBatch();
        private final Batch fb = fragment.newBatch();

        BatchContext(Context one) {
            this.one = one;
        }

        BatchShader vertexShader() {
            return vertex;
        }

        BatchShader fragmentShader() {
            return fragment;
        }

        @Override
        public float[] attributes() {
            return one.attributes();
        }

        @Override
        public void runVertex() {
            one.runVertex();
        }

        @Override
        public void vertexNumbers(int vertexId, int instanceId) {
            one.vertexNumbers(vertexId, instanceId);
        }

        @Override
        public float[] position() {
            return one.position();
        }

        @Override
        public float[] varyingsOut() {
            return one.varyingsOut();
        }

        @Override
        public float[] varyingsIn() {
            return one.varyingsIn();
        }

        @Override
        public float[] fragCoord() {
            return one.fragCoord();
        }

        @Override
        public void frontFacing(boolean front) {
            one.frontFacing(front);
        }

        @Override
        public boolean runFragment() {
            return one.runFragment();
        }

        @Override
        public boolean quads() {
            return fragment.interpreter().usesDerivatives();
        }

        @Override
        public float[] color() {
            return one.color();
        }

        @Override
        public float depth() {
            return one.depth();
        }

        @Override
        public void runVertices(VertexBatch batch, int n) {
            // both batches hold lane l of float f at f * 64 + l
            System.arraycopy(batch.attributes, 0, vb.attributes(), 0, batch.attributeFloats() * VertexBatch.SIZE);
            for (int l = 0; l < n; l++) {
                vb.vertexNumbers(l, batch.vertexIds[l], 0);
            }
            vertex.run(vb, n);
            System.arraycopy(vb.position(), 0, batch.position, 0, 4 * VertexBatch.SIZE);
            System.arraycopy(vb.varyingsOut(), 0, batch.varyings, 0, batch.components() * VertexBatch.SIZE);
        }

        @Override
        public void runFragments(FragmentBatch batch, int n) {
            int size = FragmentBatch.SIZE;
            System.arraycopy(batch.varyings, 0, fb.varyingsIn(), 0, batch.components() * size);
            float[] fc = fb.fragCoord();
            System.arraycopy(batch.x, 0, fc, 0, n);
            System.arraycopy(batch.y, 0, fc, size, n);
            System.arraycopy(batch.z, 0, fc, 2 * size, n);
            System.arraycopy(batch.w, 0, fc, 3 * size, n);
            for (int l = 0; l < n; l++) {
                fb.frontFacing(l, batch.frontFacing);
            }
            fragment.run(fb, n);
            float[] c = fb.color();
            System.arraycopy(c, 0, batch.r, 0, n);
            System.arraycopy(c, size, batch.g, 0, n);
            System.arraycopy(c, 2 * size, batch.b, 0, n);
            System.arraycopy(c, 3 * size, batch.a, 0, n);
            if (depthOutput >= 0) {
                System.arraycopy(c, 4 * depthOutput * size, batch.depth, 0, n);
            }
            for (int i = 0; i < n; i++) {
                // a verified program always ends OK; anything else draws nothing
                batch.kept[i] = fb.status(i).ok() && !fb.discarded(i);
            }
        }
    }

    private void load(Batch b, float[] uniforms) {
        float[] dst = b.uniforms();
        System.arraycopy(uniforms, 0, dst, 0, Math.min(uniforms.length, dst.length));
        Texture2D[] slots = b.textures();
        for (int i = 0; i < Math.min(textures.length, slots.length); i++) {
            slots[i] = textures[i];
        }
    }
}
