package dev.csir.gfx.soft;

import dev.csir.ir.Interpolation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The software rasterizer: one render target and a fixed set of worker threads. A draw shades
 * its vertices (split over the threads), clips, sets up and bins triangles into tiles in order on
 * the calling thread, then the threads take tiles until none are left ({@link TileRasterizer}).
 */
public final class SoftwareRenderer implements AutoCloseable {
    /** Below this many vertices the vertex stage runs on one thread. */
    private static final int PARALLEL_VERTICES = 256;

    private final int threads;
    private final ExecutorService pool;
    private final TileRasterizer[] rasterizers;
    private final VertexBatch[] vertexBatches;
    private final Bins bins = new Bins();
    private Surface surface;
    private int vx;
    private int vy;
    private int vw;
    private int vh;
    private float[] shaded = new float[0];
    private Triangles triangles;
    /** The threads' shading contexts, kept from draw to draw ({@link Shading#reload}). */
    private Shading.Context[] contexts;
    private Interpolation[] components = new Interpolation[0];
    private final AtomicInteger nextTile = new AtomicInteger();
    private long fragments;

    /** A renderer using {@code threads} threads (the caller's included). */
    public SoftwareRenderer(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads);
        }
        this.threads = threads;
        this.vertexBatches = new VertexBatch[threads];
        this.rasterizers = new TileRasterizer[threads];
        for (int i = 0; i < threads; i++) {
            rasterizers[i] = new TileRasterizer();
        }
        if (threads > 1) {
            AtomicInteger n = new AtomicInteger();
            pool = Executors.newFixedThreadPool(threads - 1, r -> {
                Thread t = new Thread(r, "csir-soft-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        } else {
            pool = null;
        }
        target(1, 1);
    }

    /** A renderer with one thread per available processor. */
    public static SoftwareRenderer forAllProcessors() {
        return new SoftwareRenderer(Runtime.getRuntime().availableProcessors());
    }

    public int threads() {
        return threads;
    }

    /** (Re)creates the target: colour cleared to transparent black, depth to 1; full viewport. */
    public void target(int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("target " + width + "x" + height);
        }
        surface = new Surface(width, height);
        viewport(0, 0, width, height);
    }

    public int width() {
        return surface.width;
    }

    public int height() {
        return surface.height;
    }

    /** The viewport in window pixels, origin at the bottom-left as GL's glViewport. */
    public void viewport(int x, int y, int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("viewport " + width + "x" + height);
        }
        vx = x;
        vy = y;
        vw = width;
        vh = height;
    }

    public void clear(float r, float g, float b, float a, float depth) {
        surface.clear(r, g, b, a, depth);
    }

    /** The colour as RGBA8, row 0 = the top of the image. */
    public byte[] readTopDown() {
        return surface.readTopDown();
    }

    /** Fragments that reached the fragment stage (covered, and past the depth test) so far. */
    public long fragmentsShaded() {
        return fragments;
    }

    /** Draws a triangle list (every three vertices one triangle; a partial last one is ignored). */
    public void draw(Shading shading, VertexInput input, boolean depthTest, boolean cullBack) {
        int slots = shading.varyingSlots();
        if (slots < 0) {
            throw new IllegalArgumentException("varying slots " + slots);
        }
        int varyingComponents = slots * 4;
        int stride = 4 + varyingComponents;
        int n = input.vertexCount() / 3 * 3;
        if (n == 0) {
            return;
        }
        Shading.Context[] drawing = contexts(shading);
        // The storage is the profile's; checked once here so the per-vertex and per-fragment
        // loops need no bounds of their own.
        Shading.Context c0 = drawing[0];
        if (c0.varyingsOut().length < varyingComponents || c0.varyingsIn().length < varyingComponents) {
            throw new IllegalArgumentException(slots + " varying slots, the shading holds "
                    + Math.min(c0.varyingsOut().length, c0.varyingsIn().length) / 4);
        }
        if (c0.attributes().length < input.locationsUsed() * 4) {
            throw new IllegalArgumentException("vertex input at location " + (input.locationsUsed() - 1)
                    + ", the shading holds " + c0.attributes().length / 4 + " attribute locations");
        }
        if (shaded.length < n * stride) {
            shaded = new float[n * stride];
        }
        shadeVertices(drawing, input, n, stride);

        if (triangles == null || triangles.attributes != 2 + varyingComponents) {
            triangles = new Triangles(varyingComponents);
        }
        if (components.length != varyingComponents) {
            components = new Interpolation[varyingComponents];
        }
        for (int k = 0; k < varyingComponents; k++) {
            components[k] = shading.interpolation(k / 4);
            triangles.windowSpace[k] = components[k] != Interpolation.SMOOTH;
        }
        assemble(n, stride, cullBack, components, clipDistanceOffsets(shading, varyingComponents));

        Surface s = surface;
        Triangles tris = triangles;
        bins.reset(s.width, s.height);
        bins.bin(tris);
        nextTile.set(0);
        // early fragment tests: csir's shaders have no side effects (no image stores, no atomics)
        // a test after shading could skip, so what they change is only that a discarded fragment
        // that passed still writes its depth, and that gl_FragDepth is not used
        boolean early = shading.earlyFragmentTests();
        boolean lateDepth = shading.writesDepth() && !early;
        runParallel(i -> rasterizers[i].run(tris, bins, nextTile, s, drawing[i], depthTest, lateDepth, early,
                varyingComponents));
        for (TileRasterizer r : rasterizers) {
            fragments += r.shaded;
        }
    }

    /** The threads' contexts for this draw: the last draw's, reloaded, when the shading takes them. */
    private Shading.Context[] contexts(Shading shading) {
        Shading.Context[] kept = contexts;
        boolean reused = kept != null;
        for (int i = 0; reused && i < threads; i++) {
            reused = shading.reload(kept[i]);
        }
        if (!reused) {
            kept = new Shading.Context[threads];
            for (int i = 0; i < threads; i++) {
                kept[i] = shading.newContext();
            }
            contexts = kept;
        }
        return kept;
    }

    private void shadeVertices(Shading.Context[] contexts, VertexInput input, int n, int stride) {
        float[] out = shaded;
        int parts = n < PARALLEL_VERTICES ? 1 : threads;
        // whole batches per part, so only the last batch of the last part is short
        int per = (n + parts - 1) / parts;
        per = (per + VertexBatch.SIZE - 1) / VertexBatch.SIZE * VertexBatch.SIZE;
        int perPart = per;
        int varying = stride - 4;
        int attributeFloats = input.locationsUsed() * 4;
        for (int i = 0; i < threads; i++) {
            VertexBatch b = vertexBatches[i];
            if (b == null || b.attributeFloats() != attributeFloats || b.components() != varying) {
                vertexBatches[i] = new VertexBatch(attributeFloats, varying);
            }
        }
        Part work = i -> {
            Shading.Context ctx = contexts[i];
            Arrays.fill(ctx.attributes(), 0f);
            VertexBatch b = vertexBatches[i];
            // locations this draw does not feed read as zero, whatever an earlier draw left there
            Arrays.fill(b.attributes, 0f);
            int end = Math.min(n, (i + 1) * perPart);
            for (int first = i * perPart; first < end; first += VertexBatch.SIZE) {
                int lanes = Math.min(VertexBatch.SIZE, end - first);
                for (int lane = 0; lane < lanes; lane++) {
                    b.fetch(input, first + lane, lane);
                    b.vertexIds[lane] = first + lane;
                }
                ctx.runVertices(b, lanes);
                for (int lane = 0; lane < lanes; lane++) {
                    int o = (first + lane) * stride;
                    for (int c = 0; c < 4; c++) {
                        out[o + c] = b.position[c * VertexBatch.SIZE + lane];
                    }
                    for (int k = 0; k < varying; k++) {
                        out[o + 4 + k] = b.varyings[k * VertexBatch.SIZE + lane];
                    }
                }
            }
        };
        if (parts == 1) {
            work.run(0);
        } else {
            runParallel(work);
        }
    }

    /** Where the vertex stage's clip distances are within a shaded vertex (after x, y, z, w). */
    private static int[] clipDistanceOffsets(Shading shading, int varyingComponents) {
        int[] components = shading.clipDistanceComponents();
        int[] offsets = new int[components.length];
        for (int k = 0; k < components.length; k++) {
            if (components[k] < 0 || components[k] >= varyingComponents) {
                throw new IllegalArgumentException("clip distance at varying component " + components[k] + ", the draw has "
                        + varyingComponents);
            }
            offsets[k] = 4 + components[k];
        }
        return offsets;
    }

    private void assemble(int n, int stride, boolean cullBack, Interpolation[] components, int[] clipDistances) {
        Triangles tris = triangles;
        tris.clear();
        Clipper clipper = new Clipper(stride, clipDistances);
        clipper.viewport(vw, vh);
        TriangleSetup setup = new TriangleSetup(stride, clipper.maxVertices());
        setup.viewport(vx, vy, vw, vh, surface.width, surface.height);
        setup.cullBack(cullBack);
        setup.interpolation(components);
        float[] v = shaded;
        for (int t = 0; t < n; t += 3) {
            int o = t * stride;
            provokingVertex(v, o, stride, components);
            if (clipper.inside(v, o, o + stride, o + 2 * stride)) {
                setup.polygon(v, o, 3, tris);
            } else {
                int m = clipper.clip(v, o, o + stride, o + 2 * stride);
                if (m >= 3) {
                    setup.polygon(clipper.vertices(), 0, m, tris);
                }
            }
        }
    }

    /**
     * Gives the triangle's first two vertices the flat components of its last, GL's provoking
     * vertex, so that clipping (which interpolates equal values to themselves) and set-up carry
     * that value to every fragment.
     */
    private static void provokingVertex(float[] v, int o, int stride, Interpolation[] components) {
        int last = o + 2 * stride + 4;
        for (int k = 0; k < components.length; k++) {
            if (components[k] == Interpolation.FLAT) {
                v[o + 4 + k] = v[last + k];
                v[o + stride + 4 + k] = v[last + k];
            }
        }
    }

    /** Work split into one part per thread; part 0 runs on the caller. */
    @FunctionalInterface
    private interface Part {
        void run(int index);
    }

    private void runParallel(Part part) {
        if (pool == null) {
            part.run(0);
            return;
        }
        List<Future<?>> futures = new ArrayList<>(threads - 1);
        for (int i = 1; i < threads; i++) {
            int index = i;
            futures.add(pool.submit(() -> part.run(index)));
        }
        RuntimeException failure = null;
        try {
            part.run(0);
        } catch (RuntimeException e) {
            failure = e;
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = new IllegalStateException("interrupted while rendering", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
