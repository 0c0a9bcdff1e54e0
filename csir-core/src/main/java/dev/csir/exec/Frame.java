package dev.csir.exec;

import dev.csir.ir.Opcode;
import java.util.Arrays;

/**
 * The reusable state of one {@link Interpreter} invocation: inputs the caller fills, outputs the
 * run writes, and the temporary file. The accessors return the live arrays (no copies), so a
 * caller fills and reads them in place. One frame per thread; reuse it for every invocation.
 * Array sizes are at least the slot counts of the profile the interpreter was made with (the
 * default: 16 attributes, 1024 uniform vec4, 32 varyings, 32 samplers; ChrisOS: 8, 32, 8, 4;
 * see {@link Interpreter#attributeSlots()} and its siblings) and larger when the shader
 * addresses more. A frame is made once per thread, never per invocation.
 */
public final class Frame {
    final Interpreter owner;
    final float[] temps;
    final float[] attributes;
    final float[] uniforms;
    final float[] varyingsIn;
    final float[] fragCoord = new float[4];
    /** gl_VertexID then gl_InstanceID, each as an integer lane in four floats. */
    final float[] systemValues = new float[4 * Opcode.SYSVALS];
    final Texture2D[] textures;
    final float[] position = new float[4];
    final float[] varyingsOut;
    /** The colour outputs, vec4 per output number: output {@code k} at {@code [k*4 .. k*4+3]}. */
    final float[] color;
    boolean discarded;
    Status status = Status.OK;
    /** In {@link Interpreter#runQuad}: the instruction the invocation waits at, and its back-edges so far. */
    int pc;
    int backEdges;
    /** In {@link Interpreter#runQuad}: whether the invocation has ended; the derivatives' results before they are written. */
    boolean ended;
    final float[] quadScratch = new float[16];

    Frame(Interpreter owner, int tempFloats, int attrFloats, int uniFloats, int varInFloats,
            int varOutFloats, int samplers, int colorFloats) {
        this.owner = owner;
        this.temps = new float[tempFloats];
        this.attributes = new float[attrFloats];
        this.uniforms = new float[uniFloats];
        this.varyingsIn = new float[varInFloats];
        this.varyingsOut = new float[varOutFloats];
        this.textures = new Texture2D[samplers];
        this.color = new float[colorFloats];
    }

    /** Vertex attributes, vec4 per location: location {@code l} at {@code [l*4 .. l*4+3]}. */
    public float[] attributes() {
        return attributes;
    }

    /** Uniform vec4 slots: slot {@code s} at {@code [s*4 .. s*4+3]}; a mat4 takes 4 slots. */
    public float[] uniforms() {
        return uniforms;
    }

    /** Fragment varying inputs, vec4 per linked slot. */
    public float[] varyingsIn() {
        return varyingsIn;
    }

    /** gl_FragCoord for a fragment invocation. */
    public float[] fragCoord() {
        return fragCoord;
    }

    /** The texture bound to each sampler slot; {@code null} samples (0, 0, 0, 0). */
    public Texture2D[] textures() {
        return textures;
    }

    /** Output: gl_Position, (0, 0, 0, 1) unless the shader stores it. */
    public float[] position() {
        return position;
    }

    /**
     * Output: vertex varyings, vec4 per slot, zero unless the shader stores them (a run zeroes
     * only the slots the shader can store, so write nothing here yourself).
     */
    public float[] varyingsOut() {
        return varyingsOut;
    }

    /** Output: the fragment colours, output k at {@code [k*4 .. k*4+3]}, zero unless the shader stores them. */
    public float[] color() {
        return color;
    }

    /** Output: whether the invocation ran a DISCARD. */
    public boolean discarded() {
        return discarded;
    }

    /** Output: how the last invocation ended. */
    public Status status() {
        return status;
    }

    public Frame attribute(int location, float x, float y, float z, float w) {
        return put(attributes, location, x, y, z, w);
    }

    public Frame uniform(int slot, float x, float y, float z, float w) {
        return put(uniforms, slot, x, y, z, w);
    }

    /** Sets {@code columns} uniform slots from a column-major columns x columns matrix. */
    public Frame uniformMatrix(int slot, int columns, float[] columnMajor) {
        return uniformMatrix(slot, columns, columns, columnMajor);
    }

    /** Sets {@code columns} uniform slots from a column-major matrix of {@code rows} rows. */
    public Frame uniformMatrix(int slot, int columns, int rows, float[] columnMajor) {
        for (int c = 0; c < columns; c++) {
            System.arraycopy(columnMajor, c * rows, uniforms, (slot + c) * 4, rows);
        }
        return this;
    }

    public Frame varying(int slot, float x, float y, float z, float w) {
        return put(varyingsIn, slot, x, y, z, w);
    }

    /** The vertex's number in its draw and its instance's, which LOAD_SYSVAL reads as integers. */
    public Frame vertexNumbers(int vertexId, int instanceId) {
        float v = Float.intBitsToFloat(vertexId);
        float i = Float.intBitsToFloat(instanceId);
        put(systemValues, 0, v, v, v, v);
        return put(systemValues, 1, i, i, i, i);
    }

    /** Whether the fragment's triangle faces front, which LOAD_SYSVAL reads as gl_FrontFacing. */
    public Frame frontFacing(boolean front) {
        float f = front ? 1f : 0f;
        return put(systemValues, Opcode.SYSVAL_FRONT_FACING, f, f, f, f);
    }

    public Frame fragCoord(float x, float y, float z, float w) {
        return put(fragCoord, 0, x, y, z, w);
    }

    public Frame texture(int slot, Texture2D texture) {
        textures[slot] = texture;
        return this;
    }

    /** Clears every input (attributes, uniforms, varyings, fragCoord, vertex numbers, textures). */
    public Frame clearInputs() {
        Arrays.fill(systemValues, 0f);
        Arrays.fill(attributes, 0f);
        Arrays.fill(uniforms, 0f);
        Arrays.fill(varyingsIn, 0f);
        Arrays.fill(fragCoord, 0f);
        Arrays.fill(textures, null);
        return this;
    }

    private Frame put(float[] to, int slot, float x, float y, float z, float w) {
        int o = slot * 4;
        to[o] = x;
        to[o + 1] = y;
        to[o + 2] = z;
        to[o + 3] = w;
        return this;
    }
}
