package dev.csir.gfx.soft;

import dev.csir.ir.Interpolation;

/**
 * The programmable stages of one draw as the rasterizer sees them: a vertex stage that turns
 * attributes into a clip-space position and vec4 varyings, and a fragment stage that turns
 * interpolated varyings and gl_FragCoord into a colour or a discard. Implementations are shared
 * by threads; each thread works through its own {@link Context}.
 */
public interface Shading {

    /**
     * Varying vec4 slots the rasterizer interpolates (slots 0..n-1, up to the profile's 32);
     * every context's varying arrays hold at least that many.
     */
    int varyingSlots();

    /** How the rasterizer interpolates varying slot {@code slot}; smooth unless the program says otherwise. */
    default Interpolation interpolation(int slot) {
        return Interpolation.SMOOTH;
    }

    /**
     * Whether the fragment stage writes gl_FragDepth: then the depth test takes each fragment's
     * written depth, after shading, instead of the interpolated one before it.
     */
    default boolean writesDepth() {
        return false;
    }

    /**
     * Whether the fragment stage asked for the depth test before it runs
     * ({@code layout(early_fragment_tests) in;}): then a fragment that passes the test writes its
     * depth even when the shader discards it, and gl_FragDepth is not used.
     */
    default boolean earlyFragmentTests() {
        return false;
    }

    /**
     * The varying components ({@code 4 * slot + lane}) that hold the vertex stage's clip
     * distances (gl_ClipDistance), one per distance: the rasterizer keeps the part of each
     * triangle where all of them are at least 0. None by default.
     */
    default int[] clipDistanceComponents() {
        return new int[0];
    }

    /** A fresh per-thread context; it is used by one thread for the whole draw. */
    Context newContext();

    /**
     * Readies a context an earlier draw's shading made for this draw, when that shading ran the
     * same stages: this draw's uniforms and textures in, vertex inputs back to zeros. The
     * renderer keeps its contexts from draw to draw this way, so a frame allocates none. False
     * (the context untouched) when it is another program's; then the renderer makes a new one.
     */
    default boolean reload(Context context) {
        return false;
    }

    /**
     * One thread's invocation state. The arrays are live: the rasterizer fills the inputs in
     * place, calls a stage, and reads the outputs in place, so nothing is allocated per call.
     */
    interface Context {
        /**
         * Vertex inputs: location {@code l} at {@code [4l .. 4l+3]}, as many locations as the
         * profile has (16 by default); a draw feeding more is refused.
         */
        float[] attributes();

        /** Runs the vertex stage on {@link #attributes()}. */
        void runVertex();

        /**
         * The vertex numbers the next {@link #runVertex()} reads as gl_VertexID and
         * gl_InstanceID. The software renderer draws one instance: its number is 0.
         */
        default void vertexNumbers(int vertexId, int instanceId) {
        }

        /** Vertex output: the clip-space position. */
        float[] position();

        /** Vertex output: varyings, slot {@code s} at {@code [4s .. 4s+3]}. */
        float[] varyingsOut();

        /** Fragment input: interpolated varyings, laid out as {@link #varyingsOut()}. */
        float[] varyingsIn();

        /** Fragment input: gl_FragCoord. */
        float[] fragCoord();

        /** Fragment input: whether the fragment's triangle faces front (gl_FrontFacing). */
        default void frontFacing(boolean front) {
        }

        /**
         * Whether the fragment stage takes derivatives, and so is shaded in 2x2 quads: the
         * rasterizer then fills {@link #runFragments} batches with whole quads, lane {@code 4q + k}
         * corner k of quad q ({@link dev.csir.exec.Quads}), a pixel the triangle does not cover
         * a helper whose results are not written.
         */
        default boolean quads() {
            return false;
        }

        /** Runs the fragment stage; returns false when the fragment was discarded. */
        boolean runFragment();

        /** Fragment output: the colour (unclamped). */
        float[] color();

        /** Fragment output: gl_FragDepth, where {@link Shading#writesDepth} (else unused). */
        default float depth() {
            return 0f;
        }

        /**
         * Runs the vertex stage over lanes {@code 0..n-1} of {@code batch}: reads each lane's
         * attributes, writes its position and varyings. This default runs them one at a time
         * through {@link #runVertex()}; a shading compiled for batches runs them together.
         */
        default void runVertices(VertexBatch batch, int n) {
            float[] attrs = attributes();
            float[] pos = position();
            float[] vary = varyingsOut();
            int floats = batch.attributeFloats();
            int components = batch.components();
            for (int i = 0; i < n; i++) {
                for (int f = 0; f < floats; f++) {
                    attrs[f] = batch.attributes[f * VertexBatch.SIZE + i];
                }
                vertexNumbers(batch.vertexIds[i], 0);
                runVertex();
                for (int c = 0; c < 4; c++) {
                    batch.position[c * VertexBatch.SIZE + i] = pos[c];
                }
                for (int k = 0; k < components; k++) {
                    batch.varyings[k * VertexBatch.SIZE + i] = vary[k];
                }
            }
        }

        /**
         * Runs the fragment stage over lanes {@code 0..n-1} of {@code batch}: reads each lane's
         * varyings and gl_FragCoord, writes its colour and whether it was kept. This default
         * runs them one at a time through {@link #runFragment()}; a shading compiled for batches
         * runs them together.
         */
        default void runFragments(FragmentBatch batch, int n) {
            float[] vin = varyingsIn();
            float[] fc = fragCoord();
            float[] c = color();
            int components = batch.components();
            frontFacing(batch.frontFacing);
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < components; k++) {
                    vin[k] = batch.varyings[k * FragmentBatch.SIZE + i];
                }
                fc[0] = batch.x[i];
                fc[1] = batch.y[i];
                fc[2] = batch.z[i];
                fc[3] = batch.w[i];
                boolean kept = runFragment();
                batch.kept[i] = kept;
                if (kept) {
                    batch.r[i] = c[0];
                    batch.g[i] = c[1];
                    batch.b[i] = c[2];
                    batch.a[i] = c[3];
                    batch.depth[i] = depth();
                }
            }
        }
    }
}
