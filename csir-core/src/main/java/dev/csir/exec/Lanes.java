package dev.csir.exec;

/**
 * What the generated batch code calls: the per-lane math written once, as the interpreter computes
 * it (each a small static the JIT inlines), and the execution-mask moves of its control flow.
 *
 * <p>Masks: {@code act[l]} says lane l runs the current instruction; {@code wait[off + l]} that it
 * waits at the label whose row starts at {@code off}. A lane is in exactly one place (active,
 * waiting at one label, or finished), so {@link Batch} keeps each place's lane count beside the
 * masks and only these moves touch the arrays.
 */
final class Lanes {
    private static final Status[] STATUSES = Status.values();

    private Lanes() {
    }

    // ---- math, exactly the interpreter's expressions ----

    static float max(float x, float y) {
        return x > y ? x : y;
    }

    static float min(float x, float y) {
        return x < y ? x : y;
    }

    static float sin(float x) {
        return (float) Math.sin(x);
    }

    static float cos(float x) {
        return (float) Math.cos(x);
    }

    static float lt(float x, float y) {
        return x < y ? 1f : 0f;
    }

    static float gt(float x, float y) {
        return x > y ? 1f : 0f;
    }

    static float le(float x, float y) {
        return x <= y ? 1f : 0f;
    }

    static float ge(float x, float y) {
        return x >= y ? 1f : 0f;
    }

    static float eq(float x, float y) {
        return x == y ? 1f : 0f;
    }

    static float ne(float x, float y) {
        return x != y ? 1f : 0f;
    }

    // ---- textures: the interpreter's calls into a 4-float scratch, then out with the batch stride ----

    static void sample(Texture2D tex, float u, float v, float[] scratch, float[] t, int at, int stride) {
        Texture2D.sample(tex, u, v, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void fetch(Texture2D tex, float x, float y, float lod, float[] scratch, float[] t, int at,
            int stride) {
        Texture2D.fetch(tex, x, y, lod, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sampleOffset(Texture2D tex, float u, float v, int offset, float[] scratch, float[] t, int at,
            int stride) {
        Texture2D.sampleOffset(tex, u, v, offset, scratch, 0);
        spread(scratch, t, at, stride);
    }

    /** A multisample fetch: the texture's one sample, whatever sample index the shader asked for. */
    static void fetchSample(Texture2D tex, float x, float y, float[] scratch, float[] t, int at, int stride) {
        Texture2D.fetch(tex, x, y, 0f, scratch, 0);
        spread(scratch, t, at, stride);
    }

    /** A multisample array's fetch in layer {@code layer}: its one sample, whatever the sample index. */
    static void fetchSampleArray(Texture2D tex, float x, float y, float layer, float[] scratch, float[] t, int at,
            int stride) {
        Texture2D.fetchLayer(tex, x, y, layer, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void fetchOffset(Texture2D tex, float x, float y, float lod, int offset, float[] scratch, float[] t,
            int at, int stride) {
        Texture2D.fetchOffset(tex, x, y, lod, offset, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void gather(Texture2D tex, float u, float v, int offset, float[] scratch, float[] t, int at, int stride) {
        Texture2D.gather(tex, u, v, offset, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sampleArrayOffset(Texture2D tex, float u, float v, float r, int offset, float[] scratch, float[] t,
            int at, int stride) {
        Texture2D.sampleArrayOffset(tex, u, v, r, offset, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void gatherArray(Texture2D tex, float u, float v, float r, int offset, float[] scratch, float[] t, int at,
            int stride) {
        Texture2D.gatherArray(tex, u, v, r, offset, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void size(Texture2D tex, float lod, float[] scratch, float[] t, int at, int stride) {
        Interpreter.textureSize(tex, lod, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sampleCube(Texture2D tex, float x, float y, float z, float[] scratch, float[] t, int at, int stride) {
        Texture2D.sampleCube(tex, x, y, z, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sample3d(Texture2D tex, float u, float v, float r, float[] scratch, float[] t, int at, int stride) {
        Texture2D.sample3d(tex, u, v, r, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sampleArray(Texture2D tex, float u, float v, float r, float[] scratch, float[] t, int at, int stride) {
        Texture2D.sampleArray(tex, u, v, r, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void shadow2d(Texture2D tex, float u, float v, float reference, float[] scratch, float[] t, int at, int stride) {
        Texture2D.shadow2d(tex, u, v, reference, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void shadowCube(Texture2D tex, float x, float y, float z, float reference, float[] scratch, float[] t, int at,
            int stride) {
        Texture2D.shadowCube(tex, x, y, z, reference, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void shadowArray(Texture2D tex, float u, float v, float r, float reference, float[] scratch, float[] t, int at,
            int stride) {
        Texture2D.shadowArray(tex, u, v, r, reference, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sampleCubeArray(Texture2D tex, float x, float y, float z, float layer, float[] scratch, float[] t,
            int at, int stride) {
        Texture2D.sampleCubeArray(tex, x, y, z, layer, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void shadowCubeArray(Texture2D tex, float x, float y, float z, float layer, float reference, float[] scratch,
            float[] t, int at, int stride) {
        Texture2D.shadowCubeArray(tex, x, y, z, layer, reference, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sizeCubeArray(Texture2D tex, float lod, float[] scratch, float[] t, int at, int stride) {
        Interpreter.textureSizeCubeArray(tex, lod, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void size3d(Texture2D tex, float lod, float[] scratch, float[] t, int at, int stride) {
        Interpreter.textureSize3d(tex, lod, scratch, 0);
        spread(scratch, t, at, stride);
    }

    static void sizeArray(Texture2D tex, float lod, float[] scratch, float[] t, int at, int stride) {
        Interpreter.textureSizeArray(tex, lod, scratch, 0);
        spread(scratch, t, at, stride);
    }

    private static void spread(float[] s, float[] t, int at, int stride) {
        t[at] = s[0];
        t[at + stride] = s[1];
        t[at + 2 * stride] = s[2];
        t[at + 3 * stride] = s[3];
    }

    /**
     * {@code count} floats from {@code src[at..]} (zeros when {@code src} is null) into the rows
     * from {@code row} on, for every lane below n (every active one when {@code act} is given).
     */
    static void fill(float[] src, int at, float[] t, int row, int stride, boolean[] act, int count, int n) {
        for (int k = 0; k < count; k++) {
            float v = src == null ? 0f : src[at + k];
            int r = row + k * stride;
            for (int l = 0; l < n; l++) {
                if (act == null || act[l]) {
                    t[r + l] = v;
                }
            }
        }
    }

    // ---- run-time indexes: a gather or scatter per lane, as the interpreter's arraycopy (all read, then written) ----

    /** Lane l of LOAD_INDEXED: n floats of register {@code a + index} (clamped below length) into d; offsets in floats. */
    static void loadIndexed(float[] t, int d, int a, int b, int length, int n, int lanes, int l) {
        int from = a + Ops.element(t[b * lanes + l], length);
        float[] v = new float[n];
        for (int k = 0; k < n; k++) {
            v[k] = t[(from + k) * lanes + l];
        }
        for (int k = 0; k < n; k++) {
            t[(d + k) * lanes + l] = v[k];
        }
    }

    /** Lane l of STORE_INDEXED: n floats of a into register {@code d + index} (clamped below length). */
    static void storeIndexed(float[] t, int d, int a, int b, int length, int n, int lanes, int l) {
        int to = d + Ops.element(t[b * lanes + l], length);
        float[] v = new float[n];
        for (int k = 0; k < n; k++) {
            v[k] = t[(a + k) * lanes + l];
        }
        for (int k = 0; k < n; k++) {
            t[(to + k) * lanes + l] = v[k];
        }
    }

    /** Lane l of LOAD_UNI_INDEXED: the four floats of uniform slot {@code at / 4 + index} (clamped below length) into d. */
    static void loadUniformIndexed(float[] uniforms, float[] t, int d, int at, int b, int length, int lanes, int l) {
        int from = at + Ops.element(t[b * lanes + l], length);
        for (int k = 0; k < 4; k++) {
            t[(d + k) * lanes + l] = uniforms[from + k];
        }
    }

    // ---- masks ----

    /** IF: the active lanes whose condition is 0 (not NaN) go to wait at the IF's target; returns how many. */
    static int branch(float[] t, int row, boolean[] act, boolean[] wait, int off, int n) {
        int moved = 0;
        for (int l = 0; l < n; l++) {
            if (act[l] && t[row + l] == 0f) {
                act[l] = false;
                wait[off + l] = true;
                moved++;
            }
        }
        return moved;
    }

    /** A jump: every active lane waits at its target. */
    static void park(boolean[] act, boolean[] wait, int off, int n) {
        for (int l = 0; l < n; l++) {
            if (act[l]) {
                act[l] = false;
                wait[off + l] = true;
            }
        }
    }

    /** A label: the lanes waiting there run again. */
    static void merge(boolean[] act, boolean[] wait, int off, int n) {
        for (int l = 0; l < n; l++) {
            if (wait[off + l]) {
                wait[off + l] = false;
                act[l] = true;
            }
        }
    }

    /**
     * A back-edge: each active lane counts it against the interpreter's guard, as the interpreter
     * does per invocation; past {@link Interpreter#MAX_ITERATIONS} it ends with the iteration limit,
     * else it waits at the loop's top. Returns the lanes now waiting there.
     */
    static int back(boolean[] act, boolean[] wait, int off, int[] backEdges, Status[] status, int n) {
        int parked = 0;
        for (int l = 0; l < n; l++) {
            if (act[l]) {
                act[l] = false;
                if (++backEdges[l] > Interpreter.MAX_ITERATIONS) {
                    status[l] = Status.ITERATION_LIMIT;
                } else {
                    wait[off + l] = true;
                    parked++;
                }
            }
        }
        return parked;
    }

    /** END: the active lanes are done. */
    static void finish(boolean[] act, int n) {
        for (int l = 0; l < n; l++) {
            act[l] = false;
        }
    }

    static void discard(boolean[] act, boolean[] discarded, int n) {
        for (int l = 0; l < n; l++) {
            if (act[l]) {
                act[l] = false;
                discarded[l] = true;
            }
        }
    }

    /** An ERROR instruction: the active lanes end with status {@code ordinal}. */
    static void fail(boolean[] act, Status[] status, int ordinal, int n) {
        Status s = STATUSES[ordinal];
        for (int l = 0; l < n; l++) {
            if (act[l]) {
                act[l] = false;
                status[l] = s;
            }
        }
    }
}
