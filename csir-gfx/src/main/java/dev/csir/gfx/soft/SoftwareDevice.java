package dev.csir.gfx.soft;

import dev.csir.exec.BatchShader;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Texture2D;
import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.ir.Stage;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.SamplerInfo;
import dev.csir.link.UniformValues;
import java.util.ArrayList;
import java.util.List;

/**
 * The software {@link Device}: linked programs compiled from CSIR to JVM bytecode that shades
 * batches of vertices and fragments ({@link CompiledShading}), on every core, with the
 * conventions the VirGL device follows, so both draw the same pixels; the images are the CSIR
 * interpreter's, bit for bit.
 */
public final class SoftwareDevice implements Device {
    /** Largest target side, as the VirGL device allows. */
    public static final int MAX_SIZE = 16384;
    private static final int CACHE = 16;

    private final SoftwareRenderer renderer;
    private final List<Compiled> programs = new ArrayList<>();
    private final List<Converted> textures = new ArrayList<>();
    private boolean hasTarget;

    /** A device using every available processor. */
    public SoftwareDevice() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** A device using {@code threads} threads (the caller's included). */
    public SoftwareDevice(int threads) {
        renderer = new SoftwareRenderer(threads);
    }

    @Override
    public String name() {
        return "software";
    }

    /** Fragments shaded since the device was made (covered and past the depth test). */
    public long fragmentsShaded() {
        return renderer.fragmentsShaded();
    }

    @Override
    public void target(int width, int height) throws GfxException {
        if (width < 1 || height < 1 || width > MAX_SIZE || height > MAX_SIZE) {
            throw new GfxException("render target size " + width + "x" + height);
        }
        renderer.target(width, height);
        hasTarget = true;
    }

    @Override
    public void clear(float r, float g, float b, float a, float depth) throws GfxException {
        requireTarget();
        renderer.clear(r, g, b, a, depth);
    }

    @Override
    public void draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state,
            List<Texture> textureSlots) throws GfxException {
        requireTarget();
        Compiled c = compiled(program);
        VertexInput input = vertices(program, mesh, c.vertex().attributeSlots());
        Texture2D[] bound = textures(program, textureSlots);
        Shading shading = new CompiledShading(InterpretedShading.of(c.vertex(), c.fragment(), program, uniforms, bound),
                c.vertexBatches(), c.fragmentBatches());
        renderer.draw(shading, input, state.depthTest(), state.cullBackFaces());
    }

    @Override
    public Frame readback() throws GfxException {
        requireTarget();
        return new Frame(renderer.width(), renderer.height(), renderer.readTopDown());
    }

    @Override
    public void close() {
        renderer.close();
    }

    private void requireTarget() throws GfxException {
        if (!hasTarget) {
            throw new GfxException("no render target: call target(width, height) first");
        }
    }

    /**
     * The mesh's attributes at the locations a frame holds ({@code slots}, the program's profile):
     * one past them no program of that profile can read, so it is left out rather than fetched.
     */
    private static VertexInput vertices(LinkedProgram program, Mesh mesh, int slots) throws GfxException {
        VertexLayout layout = mesh.layout();
        for (AttributeInfo info : program.iface().attributes()) {
            if (layout.at(info.location()).isEmpty()) {
                throw new GfxException("the mesh layout has no attribute at location " + info.location() + " for '"
                        + info.name() + "'");
            }
        }
        List<VertexAttribute> used = layout.attributes().stream().filter(a -> a.location() < slots).toList();
        int[] loc = new int[used.size()];
        int[] comp = new int[used.size()];
        int[] off = new int[used.size()];
        for (int i = 0; i < loc.length; i++) {
            loc[i] = used.get(i).location();
            comp[i] = used.get(i).components();
            off[i] = used.get(i).offset();
        }
        return new VertexInput(mesh.vertices(), layout.stride(), loc, comp, off);
    }

    private record Compiled(LinkedProgram program, Interpreter vertex, Interpreter fragment, BatchShader vertexBatches,
            BatchShader fragmentBatches) {
    }

    private Compiled compiled(LinkedProgram program) {
        for (Compiled c : programs) {
            if (c.program() == program) {
                return c;
            }
        }
        Compiled c = new Compiled(program, program.interpreter(Stage.VERTEX), program.interpreter(Stage.FRAGMENT),
                program.batchShader(Stage.VERTEX, VertexBatch.SIZE), program.batchShader(Stage.FRAGMENT, FragmentBatch.SIZE));
        if (programs.size() >= CACHE) {
            programs.removeFirst();
        }
        programs.add(c);
        return c;
    }

    private record Converted(Texture texture, Texture2D texels) {
    }

    /** Sampler slot i gets {@code slots.get(i)}; a slot the program samples must have one. */
    private Texture2D[] textures(LinkedProgram program, List<Texture> slots) throws GfxException {
        int hi = slots.size() - 1;
        for (SamplerInfo s : program.iface().samplers()) {
            hi = Math.max(hi, s.slot());
            if (s.slot() >= slots.size() || slots.get(s.slot()) == null) {
                throw new GfxException("no texture for sampler '" + s.name() + "' (slot " + s.slot() + ")");
            }
            Texture bound = slots.get(s.slot());
            if (bound.kind() != s.kind()) {
                throw new GfxException(Texture.kindMismatch(s, bound));
            }
        }
        Texture2D[] out = new Texture2D[hi + 1];
        for (int i = 0; i < slots.size(); i++) {
            Texture t = slots.get(i);
            out[i] = t == null ? null : convert(t);
        }
        return out;
    }

    private Texture2D convert(Texture t) {
        for (Converted c : textures) {
            if (c.texture() == t) {
                return c.texels();
            }
        }
        byte[] rgba = t.rgba();
        int[] argb = new int[t.width() * t.height() * t.layers()];
        for (int i = 0; i < argb.length; i++) {
            int o = i * 4;
            argb[i] = (rgba[o + 3] & 0xff) << 24 | (rgba[o] & 0xff) << 16 | (rgba[o + 1] & 0xff) << 8 | (rgba[o + 2] & 0xff);
        }
        // The device samples as GL does (Texture's contract), not by the original's rule.
        Texture2D c = new Texture2D(t.width(), t.height(), argb, Texture2D.Nearest.GL, t.layers());
        if (textures.size() >= CACHE) {
            textures.removeFirst();
        }
        textures.add(new Converted(t, c));
        return c;
    }
}
