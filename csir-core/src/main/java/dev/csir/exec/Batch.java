package dev.csir.exec;

import java.util.Arrays;

/**
 * The reusable state of one {@link BatchShader} run over up to {@link #lanes()} invocations: the
 * per-invocation inputs and outputs in structure-of-arrays form, the per-draw uniforms and
 * textures, and the temporary file. One batch per thread, made once and reused; a run allocates
 * nothing.
 *
 * <p>Layout: a per-invocation array holds float {@code f} of lane {@code l} at
 * {@code f * lanes() + l}, where float {@code f} is what a {@link Frame}'s array holds at
 * {@code f}; so component {@code c} of attribute location {@code loc} is at
 * {@code (loc * 4 + c) * lanes() + l}. Uniforms are one value for the whole batch, laid out as a
 * frame's ({@code slot * 4 + c}).
 */
public final class Batch {
    final BatchShader owner;
    final int lanes;
    final float[] temps;
    final float[] consts;
    final float[] attributes;
    final float[] uniforms;
    final float[] varyingsIn;
    final float[] fragCoord;
    /** gl_VertexID and gl_InstanceID per lane, each an integer lane in four floats (as a frame's). */
    final float[] systemValues;
    final Texture2D[] textures;
    final float[] position;
    final float[] varyingsOut;
    final float[] color;
    final boolean[] discarded;
    final Status[] status;
    /** The execution mask, the lanes waiting at each label (a row of lanes per label), back-edges taken. */
    final boolean[] active;
    final boolean[] waiting;
    final int[] backEdges;
    /** How many lanes are in each place: [0] active, [1 + k] waiting at label k. */
    final int[] counts;
    /** The lanes of the current run. */
    int n;
    /** The derivatives' results, all read before any is written (see {@link #derivative}). */
    private final float[] derivatives;
    /** Four floats a texture lookup writes before they are spread over the batch. */
    final float[] texel = new float[4];
    /** A row of scratch for the transcendental rows ({@link VectorRows#pow}). */
    final float[] rows;
    /** The interpreter's frame, used only when the shader runs on the fallback. */
    final Frame frame;
    /** On the fallback of a shader with derivatives, a quad's frames (the first is {@link #frame}). */
    final Frame[] quad;

    Batch(BatchShader owner, Interpreter in, int lanes, int labels, boolean compiled) {
        this.owner = owner;
        this.lanes = lanes;
        this.consts = in.consts();
        this.temps = new float[compiled ? in.fileFloats() * lanes : 0];
        this.rows = new float[compiled ? lanes : 0];
        this.attributes = new float[in.attributeSlots() * 4 * lanes];
        this.uniforms = new float[in.uniformSlots() * 4];
        this.varyingsIn = new float[in.varyingInSlots() * 4 * lanes];
        this.fragCoord = new float[4 * lanes];
        this.systemValues = new float[4 * dev.csir.ir.Opcode.SYSVALS * lanes];
        this.textures = new Texture2D[in.samplerSlots()];
        this.position = new float[4 * lanes];
        this.varyingsOut = new float[in.varyingOutSlots() * 4 * lanes];
        this.color = new float[in.colorOutputs() * 4 * lanes];
        this.discarded = new boolean[lanes];
        this.status = new Status[lanes];
        Arrays.fill(status, Status.OK);
        this.active = new boolean[lanes];
        this.waiting = new boolean[labels * lanes];
        this.backEdges = new int[lanes];
        this.counts = new int[labels + 1];
        this.derivatives = new float[in.usesDerivatives() ? 4 * lanes : 0];
        this.frame = compiled ? null : in.newFrame();
        this.quad = compiled || !in.usesDerivatives() ? null
                : new Frame[] {frame, in.newFrame(), in.newFrame(), in.newFrame()};
    }

    /** Invocations one run takes at most. */
    public int lanes() {
        return lanes;
    }

    /** Vertex attributes, SoA: component c of location loc of lane l at {@code (loc*4+c)*lanes()+l}. */
    public float[] attributes() {
        return attributes;
    }

    /** Uniform vec4 slots for every lane: slot s at {@code [s*4 .. s*4+3]}, as in a {@link Frame}. */
    public float[] uniforms() {
        return uniforms;
    }

    /** Fragment varying inputs, SoA by linked slot. */
    public float[] varyingsIn() {
        return varyingsIn;
    }

    /** gl_FragCoord, SoA: component c of lane l at {@code c*lanes()+l}. */
    public float[] fragCoord() {
        return fragCoord;
    }

    /** The texture bound to each sampler slot, for every lane. */
    public Texture2D[] textures() {
        return textures;
    }

    /** Output gl_Position, SoA as fragCoord. */
    public float[] position() {
        return position;
    }

    /** Output vertex varyings, SoA by slot. */
    public float[] varyingsOut() {
        return varyingsOut;
    }

    /** Output fragment colours, SoA as fragCoord: component c of colour output k, lane l, at {@code (4k+c)*lanes+l}. */
    public float[] color() {
        return color;
    }

    /** Whether lane {@code l} ran a DISCARD in the last run. */
    public boolean discarded(int l) {
        return discarded[l];
    }

    /** How lane {@code l} ended in the last run. */
    public Status status(int l) {
        return status[l];
    }

    public Batch attribute(int lane, int location, float x, float y, float z, float w) {
        return put(attributes, lane, location, x, y, z, w);
    }

    public Batch varying(int lane, int slot, float x, float y, float z, float w) {
        return put(varyingsIn, lane, slot, x, y, z, w);
    }

    public Batch fragCoord(int lane, float x, float y, float z, float w) {
        return put(fragCoord, lane, 0, x, y, z, w);
    }

    public Batch uniform(int slot, float x, float y, float z, float w) {
        int o = slot * 4;
        uniforms[o] = x;
        uniforms[o + 1] = y;
        uniforms[o + 2] = z;
        uniforms[o + 3] = w;
        return this;
    }

    /** Sets {@code columns} uniform slots from a column-major matrix of {@code rows} rows. */
    public Batch uniformMatrix(int slot, int columns, int rows, float[] columnMajor) {
        for (int c = 0; c < columns; c++) {
            System.arraycopy(columnMajor, c * rows, uniforms, (slot + c) * 4, rows);
        }
        return this;
    }

    public Batch texture(int slot, Texture2D texture) {
        textures[slot] = texture;
        return this;
    }

    /** Component {@code c} (0..3) of output vec4 {@code slot} of lane {@code l} in an SoA array. */
    public float at(float[] soa, int lane, int slot, int c) {
        return soa[(slot * 4 + c) * lanes + lane];
    }

    /** Lane {@code lane}'s vertex number in its draw and its instance's (see {@link Frame#vertexNumbers}). */
    public Batch vertexNumbers(int lane, int vertexId, int instanceId) {
        float v = Float.intBitsToFloat(vertexId);
        float i = Float.intBitsToFloat(instanceId);
        put(systemValues, lane, 0, v, v, v, v);
        return put(systemValues, lane, 1, i, i, i, i);
    }

    /** Whether lane {@code lane}'s triangle faces front (see {@link Frame#frontFacing}). */
    public Batch frontFacing(int lane, boolean front) {
        float f = front ? 1f : 0f;
        return put(systemValues, lane, dev.csir.ir.Opcode.SYSVAL_FRONT_FACING, f, f, f, f);
    }

    private Batch put(float[] to, int lane, int slot, float x, float y, float z, float w) {
        int o = slot * 4 * lanes + lane;
        to[o] = x;
        to[o + lanes] = y;
        to[o + 2 * lanes] = z;
        to[o + 3 * lanes] = w;
        return this;
    }

    /**
     * The start of a run, as {@link Interpreter#run} starts each invocation: registers zero,
     * position (0, 0, 0, 1), colour and the storable varyings zero, not discarded, status OK, no
     * back-edges taken; lanes 0..n-1 active and no lane waiting anywhere.
     */
    void begin(int n, int registerFloats, int storedVaryingFloats) {
        Arrays.fill(temps, 0, registerFloats * lanes, 0f);
        Arrays.fill(position, 0, 3 * lanes, 0f);
        Arrays.fill(position, 3 * lanes, 4 * lanes, 1f);
        Arrays.fill(color, 0f);
        Arrays.fill(varyingsOut, 0, storedVaryingFloats * lanes, 0f);
        Arrays.fill(discarded, false);
        Arrays.fill(status, Status.OK);
        Arrays.fill(backEdges, 0);
        Arrays.fill(waiting, false);
        Arrays.fill(active, 0, n, true);
        Arrays.fill(active, n, lanes, false);
        Arrays.fill(counts, 0);
        counts[0] = n;
        this.n = n;
    }

    // The control moves of the generated code (BatchCompiler): each keeps the counts in step with
    // the masks, so the code branches on a count, never on a scan of the lanes.

    /** Whether every lane of the run is active. */
    boolean full() {
        return counts[0] == n;
    }

    /** Label k: the lanes waiting there run again. Returns the active lanes. */
    int merge(int k) {
        int waiting = counts[k + 1];
        if (waiting != 0) {
            Lanes.merge(active, this.waiting, k * lanes, n);
            counts[k + 1] = 0;
            counts[0] += waiting;
        }
        return counts[0];
    }

    /** IF on the floats at {@code row}, jumping to label k. Returns the lanes still active. */
    int branch(int row, int k) {
        int moved = Lanes.branch(temps, row, active, waiting, k * lanes, n);
        counts[k + 1] += moved;
        return counts[0] -= moved;
    }

    /** A jump to label k. */
    void jump(int k) {
        Lanes.park(active, waiting, k * lanes, n);
        counts[k + 1] += counts[0];
        counts[0] = 0;
    }

    /** A back-edge to the loop top at label k. */
    void back(int k) {
        counts[k + 1] += Lanes.back(active, waiting, k * lanes, backEdges, status, n);
        counts[0] = 0;
    }

    /** Whether lanes wait at label k. */
    boolean waits(int k) {
        return counts[k + 1] != 0;
    }

    void discard() {
        Lanes.discard(active, discarded, n);
        counts[0] = 0;
    }

    void end() {
        Lanes.finish(active, n);
        counts[0] = 0;
    }

    /**
     * A derivative of {@link Quads} kind {@code kind} of {@code n} floats from row {@code src} into
     * row {@code dst}, for the active lanes: each reads its quad's four lanes ({@link Quads#lane}),
     * active or not, as they are (the lanes a run does not take hold zeros); a quad cut by the
     * batch's end reads zeros past it, as {@link Interpreter#runQuad} reads the frames it does not run.
     */
    void derivative(int kind, int dst, int src, int n) {
        final float[] t = temps;
        final float[] r = derivatives;
        for (int i = 0; i < n; i++) {
            int from = src + i * lanes;
            for (int l = 0; l < this.n; l++) {
                int q = l & -Quads.SIZE;
                r[i * lanes + l] = Quads.derivative(kind, l & 3, mate(from, q), mate(from, q + 1), mate(from, q + 2),
                        mate(from, q + 3));
            }
        }
        for (int i = 0; i < n; i++) {
            int to = dst + i * lanes;
            for (int l = 0; l < this.n; l++) {
                if (active[l]) {
                    t[to + l] = r[i * lanes + l];
                }
            }
        }
    }

    private float mate(int row, int lane) {
        return lane < lanes ? temps[row + lane] : 0f;
    }

    /** An ERROR instruction: the active lanes end with the status of this ordinal. */
    void fail(int ordinal) {
        Lanes.fail(active, status, ordinal, n);
        counts[0] = 0;
    }
}
