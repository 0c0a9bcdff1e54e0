package dev.csir.exec;

import static dev.csir.exec.Ops.STRIDE;

import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.util.Arrays;

/**
 * Runs a CSIR shader on the CPU, one invocation per {@link #run(Frame)} call, without allocating.
 * The shader is precompiled once into flat int code; an instance is immutable and can be shared
 * by threads that each use their own {@link Frame}.
 *
 * <p>Before assembly, MOVs that only copy a fresh result are fused into the instruction that
 * produced it and results nobody reads are dropped; only temporaries, which are private to a
 * run, can tell.
 *
 * <p>Loops (CSI version 2): LOOP starts a body that ENDLOOP sends control back to; BREAK leaves
 * the innermost loop, CONTINUE goes back to its top. Each invocation takes at most
 * {@link #MAX_ITERATIONS} back-edges, counted in a local, so the guard costs no allocation and
 * nothing on code without loops.
 *
 * <p>Integer lanes (CSI version 2): the integer opcodes read and write the 32-bit patterns the
 * float file holds, through {@link IntLanes}, as {@link dev.csir.ir.Opcode} defines them.
 *
 * <p>Semantics are the original's (chrisos-original.md §4.4) with accurate math: sin, cos and
 * sqrt come from {@link Math} and are rounded to float; log2, pow and exp2 (a pow of 2) are
 * {@link ShaderMath}'s float polynomials, within GLSL's precision and the same in SIMD lanes.
 * Documented choices where the shader language leaves a result undefined: {@code rcp(0) = 0};
 * {@code rsq(x <= 0) = 0}; see {@link ShaderMath#pow(float, float)}.
 */
public final class Interpreter {
    /**
     * Loop back-edges (ENDLOOP and CONTINUE jumps, all loops together) one invocation may take;
     * the next one ends it with {@link Status#ITERATION_LIMIT}. A verified loop may never end,
     * and a caller shading a million fragments must not hang on one. 2^16 is far above what a
     * real shader iterates per invocation (and GLSL's own fixed bounds), while an endless loop
     * of a few instructions still stops within about a millisecond.
     */
    public static final int MAX_ITERATIONS = 1 << 16;

    private static final Status[] STATUSES = Status.values();

    private final String name;
    private final Stage stage;
    private final int[] code;
    private final float[] consts;
    private final int count;
    private final int regFloats;
    private final int fileFloats;
    private final int attrFloats;
    private final int uniFloats;
    private final int varInFloats;
    private final int varOutFloats;
    /** The prefix of the varying outputs a STORE_VAR can reach; the rest is never written. */
    private final int storedVarFloats;
    private final int samplers;
    private final int depthOutput;
    private final int colorFloats;
    /** The code as {@link #runQuad} walks it; null when the shader takes no derivative. */
    private final QuadCode quad;

    Interpreter(String name, Stage stage, int[] code, float[] consts, int count, int regFloats,
            int fileFloats, int attrFloats, int uniFloats, int varInFloats, int varOutFloats,
            int storedVarFloats, int samplers, int colorFloats, int depthOutput) {
        this.name = name;
        this.stage = stage;
        this.code = code;
        this.consts = consts;
        this.count = count;
        this.regFloats = regFloats;
        this.fileFloats = fileFloats;
        this.attrFloats = attrFloats;
        this.uniFloats = uniFloats;
        this.varInFloats = varInFloats;
        this.varOutFloats = varOutFloats;
        this.storedVarFloats = storedVarFloats;
        this.samplers = samplers;
        this.colorFloats = colorFloats;
        this.depthOutput = depthOutput;
        this.quad = QuadCode.of(code, count);
    }

    /**
     * Precompiles a shader (expected to be verified; anything else still runs without throwing).
     * {@code remap}, when given, maps fragment-local varying slots to linked slots for LOAD_VAR;
     * an entry of -1 (or a slot past its end) keeps the slot.
     */
    public static Interpreter of(ShaderIr ir, int[] remap) {
        return of(ir, remap, Limits.DEFAULT);
    }

    /**
     * As {@link #of(ShaderIr, int[])} with another profile's slot counts and IF depth: the frames
     * hold at least {@code limits}' attributes, uniform vec4s, varyings and samplers.
     */
    public static Interpreter of(ShaderIr ir, int[] remap, Limits limits) {
        return new Assembler(Simplifier.simplify(ir), remap, limits).assemble();
    }

    /** Without {@link Simplifier}: every instruction runs, so tests can inspect temporaries. */
    static Interpreter literal(ShaderIr ir, int[] remap) {
        return new Assembler(ir, remap, Limits.DEFAULT).assemble();
    }

    /** A fresh frame sized for this shader. */
    public Frame newFrame() {
        return new Frame(this, fileFloats, attrFloats, uniFloats, varInFloats, varOutFloats,
                samplers, colorFloats);
    }

    public String name() {
        return name;
    }

    /** Attribute locations a frame of this interpreter holds (the profile's, or more). */
    public int attributeSlots() {
        return attrFloats / 4;
    }

    /** Uniform vec4 slots a frame holds. */
    public int uniformSlots() {
        return uniFloats / 4;
    }

    /** Varying input slots a frame holds (linked slots, after the remap). */
    public int varyingInSlots() {
        return varInFloats / 4;
    }

    /** Varying output slots a frame holds. */
    public int varyingOutSlots() {
        return varOutFloats / 4;
    }

    /** Sampler slots a frame holds. */
    public int samplerSlots() {
        return samplers;
    }

    /**
     * The output of a frame's {@link Frame#color()} (vec4 k at {@code [4k .. 4k+3]}) whose x is
     * gl_FragDepth, after the colour outputs; -1 when the shader does not write the depth.
     */
    public int depthOutput() {
        return depthOutput;
    }

    /** Colour outputs a frame of this interpreter holds: those the shader stores, at least one. */
    public int colorOutputs() {
        return colorFloats / 4;
    }

    public Stage stage() {
        return stage;
    }

    // The precompiled form, for BatchCompiler, which turns exactly this code into bytecode so
    // both paths share one reading of the shader (remap, zero block, failures, frame sizes).

    int[] code() {
        return code;
    }

    float[] consts() {
        return consts;
    }

    /** Floats of the temporary file a run zeroes (the registers); the zero block follows. */
    int registerFloats() {
        return regFloats;
    }

    int fileFloats() {
        return fileFloats;
    }

    int storedVaryingFloats() {
        return storedVarFloats;
    }

    /**
     * Precompiled instructions (NOPs, LOOPs and ENDIFs dropped or folded into jumps, ENDLOOPs as
     * back-edges, the final END counted).
     */
    public int instructionCount() {
        return count;
    }

    /**
     * Runs one invocation: temporaries zeroed, position (0, 0, 0, 1), colour and varying outputs
     * zero, not discarded; then the code. Returns (and records in the frame) how it ended. Only
     * the varying slots the shader stores are zeroed: the others no run ever writes, so they stay
     * zero, and a fragment shader (which stores none) does not pay per fragment for the
     * profile's 32 slots.
     */
    public Status run(Frame f) {
        start(f);
        final Status st = exec(code, f.temps, f, 0, 0);
        f.status = st;
        return st;
    }

    /** Whether the shader takes derivatives, and so shades its fragments in quads ({@link #runQuad}). */
    public boolean usesDerivatives() {
        return quad != null;
    }

    /**
     * Runs the four invocations of a 2x2 quad ({@link Quads}: top-left, top-right, bottom-left,
     * bottom-right) in lockstep, so that each derivative reads its quad-mates' values; each frame
     * then holds its invocation's outputs and status as {@link #run} leaves them. The first
     * {@code running} frames run; the others stand for lanes a batch does not run (their
     * registers stay zero, which the derivatives of the others read). A shader without
     * derivatives runs each invocation as {@link #run} does.
     */
    public void runQuad(Frame[] frames, int running) {
        if (frames.length != Quads.SIZE || running < 0 || running > Quads.SIZE) {
            throw new IllegalArgumentException("a quad is " + Quads.SIZE + " frames, " + running + " of them running");
        }
        for (Frame f : frames) {
            start(f);
        }
        if (quad == null) {
            for (int k = 0; k < running; k++) {
                frames[k].status = exec(code, frames[k].temps, frames[k], 0, 0);
            }
            return;
        }
        for (int k = 0; k < Quads.SIZE; k++) {
            frames[k].ended = k >= running;
        }
        final QuadCode q = quad;
        int w = 0;
        while (w < q.count) {
            switch (q.place[w]) {
                case QuadCode.DERIVATIVE -> {
                    derivative(frames, w);
                    for (int k = 0; k < Quads.SIZE; k++) {
                        if (!frames[k].ended && frames[k].pc == w) {
                            resume(frames[k], (w + 1) * STRIDE);
                        }
                    }
                }
                case QuadCode.CLOSING -> {
                    int top = q.target[w];
                    boolean again = false;
                    for (int k = 0; k < Quads.SIZE; k++) {
                        Frame f = frames[k];
                        if (!frames[k].ended && f.pc == w) {
                            if (++f.backEdges > MAX_ITERATIONS) {
                                f.status = Status.ITERATION_LIMIT;
                                f.ended = true;
                            } else {
                                f.pc = top;
                            }
                        }
                        again |= !frames[k].ended && f.pc == top;
                    }
                    if (again) {
                        w = top;
                        continue;
                    }
                }
                default -> {
                    for (int k = 0; k < Quads.SIZE; k++) {
                        if (!frames[k].ended && frames[k].pc == w) {
                            resume(frames[k], q.entry[w]);
                        }
                    }
                }
            }
            w = q.next[w];
        }
    }

    /** Runs one invocation of a quad from code offset {@code at} to its next pause or its end. */
    private void resume(Frame f, int at) {
        Status st = exec(quad.code, f.temps, f, at, f.backEdges);
        if (st != null) {
            f.status = st;
            f.ended = true;
        }
    }

    /** The derivative at {@code w} for the invocations there, from all four's registers as they are. */
    private void derivative(Frame[] frames, int w) {
        int at = w * STRIDE;
        int d = code[at + Ops.D], a = code[at + Ops.A], kind = code[at + Ops.X], n = code[at + Ops.N];
        float[] tl = frames[0].temps, tr = frames[1].temps, bl = frames[2].temps, br = frames[3].temps;
        float[] result = frames[0].quadScratch;
        for (int k = 0; k < Quads.SIZE; k++) {
            for (int i = 0; i < n; i++) {
                result[k * 4 + i] = Quads.derivative(kind, k, tl[a + i], tr[a + i], bl[a + i], br[a + i]);
            }
        }
        // every result is read before any is written: dst may be a source, of this lane or another's
        for (int k = 0; k < Quads.SIZE; k++) {
            if (!frames[k].ended && frames[k].pc == w) {
                System.arraycopy(result, k * 4, frames[k].temps, d, n);
            }
        }
    }

    /** The start of a run: temporaries zero, position (0, 0, 0, 1), outputs zero, not discarded. */
    private void start(Frame f) {
        if (f.owner != this) {
            throw new IllegalArgumentException("frame was made by another interpreter");
        }
        final float[] t = f.temps;
        Arrays.fill(t, 0, regFloats, 0f);
        final float[] pos = f.position;
        pos[0] = 0f;
        pos[1] = 0f;
        pos[2] = 0f;
        pos[3] = 1f;
        Arrays.fill(f.color, 0f);
        Arrays.fill(f.varyingsOut, 0, storedVarFloats, 0f);
        f.discarded = false;
        f.status = Status.OK;
        f.pc = 0;
        f.backEdges = 0;
    }

    /**
     * Runs code {@code c} from offset {@code pc} with {@code backEdges} taken so far. Returns how
     * the invocation ended, or null at a PAUSE (only in {@link QuadCode}'s code), with the
     * position and the back-edges in the frame.
     */
    private Status exec(final int[] c, float[] t, Frame f, int pc, int backEdges) {
        while (true) {
            final int d = c[pc + 1];
            final int a = c[pc + 2];
            final int b = c[pc + 3];
            switch (c[pc]) {
                case Ops.MOV4 -> {
                    float x = t[a], y = t[a + 1], z = t[a + 2], w = t[a + 3];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                    t[d + 3] = w;
                }
                case Ops.MOV1 -> t[d] = t[a];
                case Ops.MOV3 -> {
                    float x = t[a], y = t[a + 1], z = t[a + 2];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                }
                case Ops.ADD1 -> t[d] = t[a] + t[b];
                case Ops.SUB1 -> t[d] = t[a] - t[b];
                case Ops.MUL1 -> t[d] = t[a] * t[b];
                case Ops.ADD3 -> {
                    float x = t[a] + t[b], y = t[a + 1] + t[b + 1], z = t[a + 2] + t[b + 2];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                }
                case Ops.SUB3 -> {
                    float x = t[a] - t[b], y = t[a + 1] - t[b + 1], z = t[a + 2] - t[b + 2];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                }
                case Ops.MUL3 -> {
                    float x = t[a] * t[b], y = t[a + 1] * t[b + 1], z = t[a + 2] * t[b + 2];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                }
                case Ops.MAX1 -> {
                    float x = t[a], y = t[b];
                    t[d] = x > y ? x : y;
                }
                case Ops.MIN1 -> {
                    float x = t[a], y = t[b];
                    t[d] = x < y ? x : y;
                }
                case Ops.RSQ1 -> {
                    float x = t[a];
                    t[d] = ShaderMath.rsq(x);
                }
                case Ops.RCP1 -> {
                    float x = t[a];
                    t[d] = ShaderMath.rcp(x);
                }
                case Ops.MOVN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = t[a + i];
                    }
                }
                case Ops.CONST -> {
                    int k = c[pc + 4];
                    final float[] q = consts;
                    t[d] = q[k];
                    t[d + 1] = q[k + 1];
                    t[d + 2] = q[k + 2];
                    t[d + 3] = q[k + 3];
                }
                case Ops.SWZ -> {
                    // Every lane is read before any is written, so dst may alias the source.
                    float x = t[a], y = t[b], z = t[c[pc + 4]], w = t[c[pc + 6]];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                    t[d + 3] = w;
                }
                case Ops.ADD4 -> {
                    float x = t[a] + t[b], y = t[a + 1] + t[b + 1];
                    float z = t[a + 2] + t[b + 2], w = t[a + 3] + t[b + 3];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                    t[d + 3] = w;
                }
                case Ops.ADDN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = t[a + i] + t[b + i];
                    }
                }
                case Ops.SUB4 -> {
                    float x = t[a] - t[b], y = t[a + 1] - t[b + 1];
                    float z = t[a + 2] - t[b + 2], w = t[a + 3] - t[b + 3];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                    t[d + 3] = w;
                }
                case Ops.SUBN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = t[a + i] - t[b + i];
                    }
                }
                case Ops.MUL4 -> {
                    float x = t[a] * t[b], y = t[a + 1] * t[b + 1];
                    float z = t[a + 2] * t[b + 2], w = t[a + 3] * t[b + 3];
                    t[d] = x;
                    t[d + 1] = y;
                    t[d + 2] = z;
                    t[d + 3] = w;
                }
                case Ops.MULN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = t[a + i] * t[b + i];
                    }
                }
                case Ops.MAXN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        float x = t[a + i], y = t[b + i];
                        t[d + i] = x > y ? x : y;
                    }
                }
                case Ops.MINN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        float x = t[a + i], y = t[b + i];
                        t[d + i] = x < y ? x : y;
                    }
                }
                case Ops.ABSN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = Math.abs(t[a + i]);
                    }
                }
                case Ops.DOT3 -> t[d] = t[a] * t[b] + t[a + 1] * t[b + 1] + t[a + 2] * t[b + 2];
                case Ops.DOT4 -> t[d] = t[a] * t[b] + t[a + 1] * t[b + 1] + t[a + 2] * t[b + 2]
                        + t[a + 3] * t[b + 3];
                case Ops.DOTN -> {
                    int n = c[pc + 5];
                    float s = 0f;
                    for (int i = 0; i < n; i++) {
                        s += t[a + i] * t[b + i];
                    }
                    t[d] = s;
                }
                case Ops.RSQ -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        float x = t[a + i];
                        t[d + i] = ShaderMath.rsq(x);
                    }
                }
                case Ops.RCP -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        float x = t[a + i];
                        t[d + i] = ShaderMath.rcp(x);
                    }
                }
                case Ops.SIN -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = (float) Math.sin(t[a + i]);
                    }
                }
                case Ops.COS -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = (float) Math.cos(t[a + i]);
                    }
                }
                case Ops.LG2 -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = ShaderMath.log2(t[a + i]);
                    }
                }
                case Ops.TRUNC -> {
                    int n = c[pc + 5];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = trunc(t[a + i]);
                    }
                }
                case Ops.POW -> t[d] = ShaderMath.pow(t[a], t[b]);
                case Ops.CMP_LT -> t[d] = t[a] < t[b] ? 1f : 0f;
                case Ops.CMP_GT -> t[d] = t[a] > t[b] ? 1f : 0f;
                case Ops.CMP_LE -> t[d] = t[a] <= t[b] ? 1f : 0f;
                case Ops.CMP_GE -> t[d] = t[a] >= t[b] ? 1f : 0f;
                case Ops.CMP_EQ -> t[d] = t[a] == t[b] ? 1f : 0f;
                case Ops.CMP_NE -> t[d] = t[a] != t[b] ? 1f : 0f;
                case Ops.ZERO1 -> t[d] = 0f;
                case Ops.MULMV -> mulMatVec(t, d, a, b, c[pc + 4]);
                case Ops.MULMM -> mulMatMat(t, d, a, b, c[pc + 4]);
                case Ops.SAMPLE -> Texture2D.sample(f.textures[c[pc + 4]], t[a], t[a + 1], t, d);
                case Ops.TEXSIZE -> textureSize(f.textures[c[pc + 4]], t[a], t, d);
                case Ops.SAMPLE_CUBE -> Texture2D.sampleCube(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t, d);
                case Ops.SAMPLE_3D -> Texture2D.sample3d(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t, d);
                case Ops.SAMPLE_ARRAY -> Texture2D.sampleArray(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t, d);
                case Ops.SHADOW_2D -> Texture2D.shadow2d(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t, d);
                case Ops.SHADOW_CUBE -> Texture2D.shadowCube(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t[a + 3], t, d);
                case Ops.SHADOW_ARRAY -> Texture2D.shadowArray(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t[a + 3], t, d);
                case Ops.SAMPLE_CUBE_ARRAY -> Texture2D.sampleCubeArray(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2],
                        t[a + 3], t, d);
                case Ops.SHADOW_CUBE_ARRAY -> Texture2D.shadowCubeArray(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2],
                        t[a + 3], t[b], t, d);
                case Ops.TEXSIZE_CUBE_ARRAY -> textureSizeCubeArray(f.textures[c[pc + 4]], t[a], t, d);
                case Ops.TEXSIZE_3D -> textureSize3d(f.textures[c[pc + 4]], t[a], t, d);
                case Ops.TEXSIZE_ARRAY -> textureSizeArray(f.textures[c[pc + 4]], t[a], t, d);
                // one sample per texture: every sample index reads level 0's texel
                case Ops.FETCH_SAMPLE -> Texture2D.fetch(f.textures[c[pc + 4]], t[a], t[a + 1], 0f, t, d);
                case Ops.FETCH_SAMPLE_ARRAY -> Texture2D.fetchLayer(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], t, d);
                case Ops.FETCH -> Texture2D.fetch(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 3], t, d);
                case Ops.SAMPLE_OFFSET -> Texture2D.sampleOffset(f.textures[c[pc + 4]], t[a], t[a + 1], c[pc + 6], t, d);
                case Ops.FETCH_OFFSET -> Texture2D.fetchOffset(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 3], c[pc + 6],
                        t, d);
                case Ops.GATHER -> Texture2D.gather(f.textures[c[pc + 4]], t[a], t[a + 1], c[pc + 6], t, d);
                case Ops.SAMPLE_ARRAY_OFFSET -> Texture2D.sampleArrayOffset(f.textures[c[pc + 4]], t[a], t[a + 1],
                        t[a + 2], c[pc + 6], t, d);
                case Ops.GATHER_ARRAY -> Texture2D.gatherArray(f.textures[c[pc + 4]], t[a], t[a + 1], t[a + 2], c[pc + 6],
                        t, d);
                case Ops.LOAD_ATTR -> copy4(f.attributes, c[pc + 4], t, d);
                case Ops.LOAD_VAR -> copy4(f.varyingsIn, c[pc + 4], t, d);
                case Ops.LOAD_UNI1 -> copy4(f.uniforms, c[pc + 4], t, d);
                case Ops.LOAD_UNI -> System.arraycopy(f.uniforms, c[pc + 4], t, d, c[pc + 5]);
                case Ops.LOAD_FCOORD -> copy4(f.fragCoord, 0, t, d);
                case Ops.LOAD_SYSVAL -> copy4(f.systemValues, c[pc + 4], t, d);
                case Ops.IBIN -> {
                    int n = c[pc + 5];
                    int kind = c[pc + 4];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = IntLanes.binary(kind, t[a + i], t[b + i]);
                    }
                }
                case Ops.IUN -> {
                    int n = c[pc + 5];
                    int kind = c[pc + 4];
                    for (int i = 0; i < n; i++) {
                        t[d + i] = IntLanes.unary(kind, t[a + i]);
                    }
                }
                case Ops.ICMP -> t[d] = IntLanes.icmp(c[pc + 4], t[a], t[b]);
                case Ops.UCMP -> t[d] = IntLanes.ucmp(c[pc + 4], t[a], t[b]);
                case Ops.IBFE, Ops.UBFE -> {
                    // the field is read before any lane is written, so dst may alias it
                    int n = c[pc + 5];
                    int offset = IntLanes.field(t[b]);
                    int bits = IntLanes.field(t[b + 1]);
                    boolean signed = c[pc] == Ops.IBFE;
                    for (int i = 0; i < n; i++) {
                        t[d + i] = signed ? IntLanes.ibfe(t[a + i], offset, bits) : IntLanes.ubfe(t[a + i], offset, bits);
                    }
                }
                case Ops.ZERON -> Arrays.fill(t, d, d + c[pc + 5], 0f);
                case Ops.LOAD_INDEXED -> System.arraycopy(t, a + Ops.element(t[b], c[pc + 4]), t, d, c[pc + 5]);
                case Ops.STORE_INDEXED -> System.arraycopy(t, a, t, d + Ops.element(t[b], c[pc + 4]), c[pc + 5]);
                case Ops.LOAD_UNI_INDEXED -> copy4(f.uniforms, c[pc + 4] + Ops.element(t[b], c[pc + 6]), t, d);
                case Ops.DERIV -> Arrays.fill(t, d, d + c[pc + 5], 0f); // one invocation has no neighbours
                case Ops.PAUSE -> {
                    f.pc = pc / STRIDE;
                    f.backEdges = backEdges;
                    return null;
                }
                case Ops.STORE_POS -> copy4(t, a, f.position, 0);
                case Ops.STORE_VAR -> copy4(t, a, f.varyingsOut, c[pc + 4]);
                case Ops.STORE_COLOR -> copy4(t, a, f.color, c[pc + 4]);
                case Ops.IF -> {
                    if (t[a] == 0f) {
                        pc = c[pc + 4];
                        continue;
                    }
                }
                case Ops.JUMP -> {
                    pc = c[pc + 4];
                    continue;
                }
                case Ops.BACK -> {
                    if (++backEdges > MAX_ITERATIONS) {
                        return Status.ITERATION_LIMIT;
                    }
                    pc = c[pc + 4];
                    continue;
                }
                case Ops.DISCARD -> {
                    f.discarded = true;
                    return Status.OK;
                }
                case Ops.END -> {
                    return Status.OK;
                }
                case Ops.ERROR -> {
                    return STATUSES[c[pc + 4]];
                }
                default -> throw new IllegalStateException("bad internal opcode " + c[pc]);
            }
            pc += STRIDE;
        }
    }

    private static void copy4(float[] from, int at, float[] to, int into) {
        float x = from[at], y = from[at + 1], z = from[at + 2], w = from[at + 3];
        to[into] = x;
        to[into + 1] = y;
        to[into + 2] = z;
        to[into + 3] = w;
    }

    /** {@code r[i] = Σ_k m[k][i] * v[k]} for rows i < cols; the lanes past cols are 0. */
    private static void mulMatVec(float[] t, int d, int m, int v, int cols) {
        float x = 0f, y = 0f, z = 0f, w = 0f;
        for (int k = 0; k < cols; k++) {
            float s = t[v + k];
            int col = m + 4 * k;
            x += t[col] * s;
            y += t[col + 1] * s;
            z += t[col + 2] * s;
            w += t[col + 3] * s;
        }
        t[d] = x;
        t[d + 1] = cols > 1 ? y : 0f;
        t[d + 2] = cols > 2 ? z : 0f;
        t[d + 3] = cols > 3 ? w : 0f;
    }

    /**
     * Column j of the product is {@code A * B[j]}. Written through the scratch block at the end
     * of the file so a destination overlapping a source still gives the mathematical product.
     */
    private static void mulMatMat(float[] t, int d, int ma, int mb, int cols) {
        int scratch = t.length - 16;
        for (int j = 0; j < cols; j++) {
            mulMatVec(t, scratch + 4 * j, ma, mb + 4 * j, cols);
        }
        System.arraycopy(t, scratch, t, d, cols * 4);
    }

    /** Truncation toward zero; floats of magnitude 2^23 and above (and NaN) are already whole. */
    static float trunc(float x) {
        return Math.abs(x) < 8388608f ? (float) (int) x : x;
    }

    /** log2 x, rounded to float: -inf at 0, NaN below (GLSL leaves both undefined). */
    /**
     * TEXSIZE: the width and height of {@code tex}'s level {@code lod} (each halved per level, at
     * least 1), zeros without a texture; z and w are zero.
     */
    static void textureSize(Texture2D tex, float lod, float[] t, int d) {
        int level = Math.clamp((long) lod, 0, 30);
        t[d] = tex == null ? 0f : Math.max(1, tex.width() >> level);
        t[d + 1] = tex == null ? 0f : Math.max(1, tex.height() >> level);
        t[d + 2] = 0f;
        t[d + 3] = 0f;
    }

    /** TEXSIZE of a 3D texture: {@link #textureSize} and the level's depth in z (halved per level, at least 1). */
    static void textureSize3d(Texture2D tex, float lod, float[] t, int d) {
        textureSize(tex, lod, t, d);
        t[d + 2] = tex == null ? 0f : Math.max(1, tex.depth() >> Math.clamp((long) lod, 0, 30));
    }

    /** TEXSIZE of a 2D array: {@link #textureSize} and the layers in z (every level has them all). */
    static void textureSizeArray(Texture2D tex, float lod, float[] t, int d) {
        textureSize(tex, lod, t, d);
        t[d + 2] = tex == null ? 0f : tex.depth();
    }

    /** A cube-map array's size: a face's width and height, and its layers counted in cubes (six faces each). */
    static void textureSizeCubeArray(Texture2D tex, float lod, float[] t, int d) {
        textureSize(tex, lod, t, d);
        t[d + 2] = tex == null ? 0f : tex.depth() / Texture2D.CUBE_FACES;
    }
}
