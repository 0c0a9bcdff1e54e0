package dev.csir.exec;

import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A CSIR shader compiled to JVM bytecode that runs a batch of invocations at once, with the
 * {@link Interpreter}'s results bit for bit (its status, discard and outputs per invocation). The
 * shader goes through {@link Interpreter#of}'s assembly, and {@link BatchCompiler} turns that code
 * into one hidden class; see there for the execution masks. Instances are immutable and shared by
 * threads that each run their own {@link Batch}; compiled classes are cached by shader content,
 * remap, profile and batch width, so a program compiles once.
 *
 * <p>A shader whose class cannot be made runs on the interpreter, invocation by invocation, with
 * {@link #fallbackReason()} saying why. The bounds are the class file's (64 KiB of code a method,
 * 65,535 constant-pool entries): the main method's control, about 53 bytes an IF/ELSE pair, passes
 * the first at about 1,200 pairs (BatchShaderTest has 3,000). Past about 150 pairs it is over
 * HotSpot's 8,000-byte compile limit and the control (not the straight-line blocks, which are
 * methods of their own) runs in the bytecode interpreter; no corpus shader comes near
 * (BatchCompilerTest keeps every method of theirs, and of 120 pairs, under it).
 */
public final class BatchShader {
    /**
     * Lanes per batch unless asked otherwise. In csir-bench's BatchShaderBenchmark (small shaders,
     * full batches) 16 lanes ran clearly slower than 64, and 256 up to about a third faster than 64;
     * 64 is kept as the default because it is an 8x8 tile (a rasterizer's batches at triangle edges
     * are partial) and keeps the temporary file of a shader of a dozen temporaries (20 KB) in L1,
     * where 256 lanes of a 96-temporary shader take 400 KB. {@link #of(ShaderIr, int[], Limits, int)}
     * takes any width.
     */
    public static final int DEFAULT_LANES = 64;

    private static final int CACHED = 256;
    private static final Map<Key, BatchShader> CACHE = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, BatchShader> eldest) {
            return size() > CACHED;
        }
    };

    /** A cache key: ShaderIr's equality is by content. */
    private record Key(ShaderIr ir, int[] remap, Limits limits, int lanes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && lanes == k.lanes && limits.equals(k.limits)
                    && Arrays.equals(remap, k.remap) && ir.equals(k.ir);
        }

        @Override
        public int hashCode() {
            return (ir.hashCode() * 31 + Arrays.hashCode(remap)) * 31 + lanes;
        }
    }

    private final Interpreter interpreter;
    private final int lanes;
    private final BatchKernel kernel;
    private final int labels;
    private final String fallbackReason;

    private BatchShader(Interpreter interpreter, int lanes, BatchKernel kernel, int labels, String fallbackReason) {
        this.interpreter = interpreter;
        this.lanes = lanes;
        this.kernel = kernel;
        this.labels = labels;
        this.fallbackReason = fallbackReason;
    }

    /** As {@link Interpreter#of(ShaderIr, int[])}, for batches of {@link #DEFAULT_LANES}. */
    public static BatchShader of(ShaderIr ir, int[] remap) {
        return of(ir, remap, Limits.DEFAULT);
    }

    /** As {@link Interpreter#of(ShaderIr, int[], Limits)}, for batches of {@link #DEFAULT_LANES}. */
    public static BatchShader of(ShaderIr ir, int[] remap, Limits limits) {
        return of(ir, remap, limits, DEFAULT_LANES);
    }

    /** For batches of {@code lanes} invocations (1 or more). */
    public static BatchShader of(ShaderIr ir, int[] remap, Limits limits, int lanes) {
        if (lanes < 1) {
            throw new IllegalArgumentException("a batch needs a lane: " + lanes);
        }
        Key key = new Key(ir, remap == null ? null : remap.clone(), limits, lanes);
        synchronized (CACHE) {
            BatchShader s = CACHE.get(key);
            if (s != null) {
                return s;
            }
        }
        BatchShader made = compile(Interpreter.of(ir, remap, limits), lanes);
        synchronized (CACHE) {
            return CACHE.computeIfAbsent(key, k -> made);
        }
    }

    private static BatchShader compile(Interpreter in, int lanes) {
        try {
            BatchCompiler.Compiled c = BatchCompiler.compile(in, lanes);
            return new BatchShader(in, lanes, c.kernel(), c.labels(), null);
        } catch (RuntimeException | LinkageError e) {
            // the class file's bounds (64 KiB of code a method, 65,535 pool entries) or a bug here
            return interpreted(in, lanes, "no class for " + in.name() + ": " + e);
        }
    }

    /** A shader of a class compiled apart (tests compare the compiler's variants). */
    static BatchShader compiled(Interpreter in, int lanes, BatchCompiler.Compiled c) {
        return new BatchShader(in, lanes, c.kernel(), c.labels(), null);
    }

    /** The interpreter fallback, on purpose (tests use it too). */
    static BatchShader interpreted(Interpreter in, int lanes, String reason) {
        return new BatchShader(in, lanes, null, 0, reason);
    }

    /** A fresh batch for this shader: make one per thread and reuse it. */
    public Batch newBatch() {
        return new Batch(this, interpreter, lanes, labels, kernel != null);
    }

    /**
     * Runs lanes 0..n-1 of the batch: each as {@link Interpreter#run} runs one invocation on the
     * same inputs (its uniforms and textures the batch's), its status, discard flag and outputs in
     * the batch.
     */
    public void run(Batch b, int n) {
        if (b.owner != this) {
            throw new IllegalArgumentException("batch was made by another shader");
        }
        if (n < 0 || n > lanes) {
            throw new IllegalArgumentException("lanes " + n + " outside 0.." + lanes);
        }
        if (kernel != null) {
            kernel.run(b, n);
        } else if (b.quad != null) {
            for (int l = 0; l < n; l += Quads.SIZE) {
                runQuad(b, l, Math.min(Quads.SIZE, n - l));
            }
        } else {
            for (int l = 0; l < n; l++) {
                runOne(b, l);
            }
        }
    }

    /** The fallback of a shader with derivatives: lanes {@code first ..} of a quad, {@code running} of them. */
    private void runQuad(Batch b, int first, int running) {
        for (int k = 0; k < running; k++) {
            Frame f = b.quad[k];
            int l = first + k;
            gather(b.attributes, f.attributes, l);
            gather(b.varyingsIn, f.varyingsIn, l);
            gather(b.fragCoord, f.fragCoord, l);
            gather(b.systemValues, f.systemValues, l);
            System.arraycopy(b.uniforms, 0, f.uniforms, 0, f.uniforms.length);
            System.arraycopy(b.textures, 0, f.textures, 0, f.textures.length);
        }
        interpreter.runQuad(b.quad, running);
        for (int k = 0; k < running; k++) {
            Frame f = b.quad[k];
            int l = first + k;
            b.status[l] = f.status;
            b.discarded[l] = f.discarded;
            scatter(f.position, b.position, l);
            scatter(f.varyingsOut, b.varyingsOut, l);
            scatter(f.color, b.color, l);
        }
    }

    /** The fallback: one lane through the interpreter's frame, copied in and out of the SoA arrays. */
    private void runOne(Batch b, int l) {
        Frame f = b.frame;
        gather(b.attributes, f.attributes, l);
        gather(b.varyingsIn, f.varyingsIn, l);
        gather(b.fragCoord, f.fragCoord, l);
        gather(b.systemValues, f.systemValues, l);
        System.arraycopy(b.uniforms, 0, f.uniforms, 0, f.uniforms.length);
        System.arraycopy(b.textures, 0, f.textures, 0, f.textures.length);
        b.status[l] = interpreter.run(f);
        b.discarded[l] = f.discarded;
        scatter(f.position, b.position, l);
        scatter(f.varyingsOut, b.varyingsOut, l);
        scatter(f.color, b.color, l);
    }

    private void gather(float[] soa, float[] aos, int l) {
        for (int i = 0; i < aos.length; i++) {
            aos[i] = soa[i * lanes + l];
        }
    }

    private void scatter(float[] aos, float[] soa, int l) {
        for (int i = 0; i < aos.length; i++) {
            soa[i * lanes + l] = aos[i];
        }
    }

    /** Whether the shader runs as compiled bytecode (else on the interpreter, see {@link #fallbackReason()}). */
    public boolean isCompiled() {
        return kernel != null;
    }

    /** Why the shader runs on the interpreter, when it does. */
    public Optional<String> fallbackReason() {
        return Optional.ofNullable(fallbackReason);
    }

    /** The interpreter this shader was compiled from: the reference, and the slot counts. */
    public Interpreter interpreter() {
        return interpreter;
    }

    public int lanes() {
        return lanes;
    }

    public String name() {
        return interpreter.name();
    }

    public Stage stage() {
        return interpreter.stage();
    }
}
