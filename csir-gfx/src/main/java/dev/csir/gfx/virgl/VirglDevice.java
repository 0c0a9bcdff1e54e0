package dev.csir.gfx.virgl;

import static dev.csir.gfx.virgl.VirglProtocol.*;

import dev.csir.gfx.Device;
import dev.csir.gfx.DeviceLostException;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.gfx.virgl.VirglEncoder.VertexElement;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.SamplerInfo;
import dev.csir.link.UniformValues;
import dev.csir.tgsi.TgsiProgram;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@link Device} on virglrenderer over vtest: programs go to the server as TGSI text, the
 * host compiles them to GLSL and llvmpipe renders. Commands are batched and sent at a read-back
 * or when a program is first used; a program's first draw is checked twice, by a round trip (a
 * shader the server's parser rejects drops the connection) and by a canary clear of a private
 * 1x1 target (a shader the host compiler rejects silently disables every later clear and draw).
 * After either, or any dropped connection, the next call reconnects and uploads again.
 */
public final class VirglDevice implements Device {
    private static final int PROGRAM_CACHE = 32;
    private static final int RESOURCE_CACHE = 16;
    /**
     * Textures kept uploaded: twice the default profile's 32 sampler slots, so one draw's whole
     * set and the previous draw's stay; eviction also never takes a texture of the draw at hand.
     */
    private static final int TEXTURE_CACHE = 2 * Limits.DEFAULT.samplerSlots();
    private static final int SUB_CONTEXT = 1;

    private final Path socket;
    private final VirglServer server;
    private final String name;
    private final Duration timeout;
    private final VirglEncoder enc = new VirglEncoder();

    private VtestClient client;
    private long logMark;
    private int connections;
    private int nextObject;
    private int nextResource;
    private int canaryCount;

    // per-connection state objects
    private int blend;
    private int rasterFlat;
    private int rasterCull;
    private int dsaOff;
    private int dsaOn;
    private int sampler;
    /** The sampler state of the shadow slots: {@link #sampler}'s, comparing by GL_LEQUAL. */
    private int compareSampler;
    private int canaryResource;
    private int canarySurface;

    // the render target (width 0 = none yet)
    private int width;
    private int height;
    private int colourResource;
    private int depthResource;
    private int colourSurface;
    private int depthSurface;

    private final List<ProgramObjects> programs = new ArrayList<>();
    /** Where a program's TGSI comes from: emitted from its CSIR, unless a caller sends its own. */
    private Function<LinkedProgram, TgsiProgram.Result> tgsi = VirglDevice::emit;
    private final List<MeshBuffer> meshes = new ArrayList<>();
    private final List<TextureObjects> textures = new ArrayList<>();
    private final Map<List<Integer>, Integer> vertexElements = new HashMap<>();
    /** Rasterizers that enable clip planes, by (planes << 1 | cull back); the others are rasterFlat and rasterCull. */
    private final Map<Integer, Integer> clippingRasterizers = new HashMap<>();
    private TextureObjects blank;

    private record ProgramObjects(LinkedProgram program, int generation, int vs, int fs) {
    }

    private record MeshBuffer(Mesh mesh, int resource) {
    }

    private record TextureObjects(Texture texture, int resource, int view) {
    }

    private VirglDevice(Path socket, VirglServer server, String name, Duration timeout) {
        this.socket = socket;
        this.server = server;
        this.name = name;
        this.timeout = timeout;
    }

    /**
     * Opens a device on a server. {@code name} names the connection in the server's log (a
     * reconnect appends {@code #n}); every server round trip gives up after {@code timeout}.
     */
    public static VirglDevice open(VirglServer server, String name, Duration timeout) throws GfxException {
        VirglDevice d = new VirglDevice(server.socket(), server, name, timeout);
        d.connect();
        return d;
    }

    /** Opens a device on a server someone else runs at {@code socket} (no server log context). */
    public static VirglDevice open(Path socket, String name, Duration timeout) throws GfxException {
        VirglDevice d = new VirglDevice(socket, null, name, timeout);
        d.connect();
        return d;
    }

    @Override
    public String name() {
        return "virgl";
    }

    /** How many connections this device has opened (1 + reconnects). */
    public int connections() {
        return connections;
    }

    private void connect() throws GfxException {
        dropConnection();
        programs.clear();
        meshes.clear();
        textures.clear();
        vertexElements.clear();
        clippingRasterizers.clear();
        blank = null;
        nextObject = 1;
        nextResource = 1;
        enc.reset();
        connections++;
        String connName = connections == 1 ? name : name + "#" + connections;
        logMark = server == null ? 0 : server.logMark();
        long mark = logMark;
        client = VtestClient.connect(socket, connName, timeout,
                () -> server == null ? "" : server.logSince(mark, 40));
        try {
            canaryResource = resource(TARGET_TEXTURE_2D, FORMAT_R8G8B8A8_UNORM, BIND_RENDER_TARGET, 1, 1);
            enc.createSubContext(SUB_CONTEXT).setSubContext(SUB_CONTEXT);
            blend = nextObject++;
            rasterFlat = nextObject++;
            rasterCull = nextObject++;
            dsaOff = nextObject++;
            dsaOn = nextObject++;
            sampler = nextObject++;
            compareSampler = nextObject++;
            canarySurface = nextObject++;
            enc.createOpaqueBlend(blend).bindObject(OBJ_BLEND, blend);
            enc.createRasterizer(rasterFlat, false).createRasterizer(rasterCull, true);
            enc.createDepthStencilAlpha(dsaOff, false).createDepthStencilAlpha(dsaOn, true);
            enc.createNearestClampSampler(sampler);
            enc.createNearestClampSampler(compareSampler, true);
            enc.createSurface(canarySurface, canaryResource, FORMAT_R8G8B8A8_UNORM);
            if (width > 0) {
                createTarget(width, height);
            }
            flushAndWait();
        } catch (DeviceLostException e) {
            dropConnection();
            throw e;
        }
    }

    private void dropConnection() {
        if (client != null) {
            client.close();
            client = null;
        }
        enc.reset();
    }

    private void ensureConnected() throws GfxException {
        if (client == null || !client.usable()) {
            connect();
        }
    }

    private int resource(int target, int format, int bind, int w, int h) throws GfxException {
        int handle = nextResource++;
        client.createResource(handle, target, format, bind, w, h, 1, 1, 0, 0);
        return handle;
    }

    @Override
    public void target(int w, int h) throws GfxException {
        if (w < 1 || h < 1 || w > 16384 || h > 16384) {
            throw new GfxException("render target size " + w + "x" + h);
        }
        guarded(() -> {
            ensureConnected();
            if (width > 0) {
                enc.destroyObject(OBJ_SURFACE, colourSurface).destroyObject(OBJ_SURFACE, depthSurface);
                flushAndWait();
                client.unrefResource(colourResource);
                client.unrefResource(depthResource);
            }
            width = w;
            height = h;
            createTarget(w, h);
        });
    }

    private void createTarget(int w, int h) throws GfxException {
        colourResource = resource(TARGET_TEXTURE_2D, FORMAT_R8G8B8A8_UNORM, BIND_RENDER_TARGET, w, h);
        depthResource = resource(TARGET_TEXTURE_2D, FORMAT_Z32_FLOAT, BIND_DEPTH_STENCIL, w, h);
        colourSurface = nextObject++;
        depthSurface = nextObject++;
        enc.createSurface(colourSurface, colourResource, FORMAT_R8G8B8A8_UNORM);
        enc.createSurface(depthSurface, depthResource, FORMAT_Z32_FLOAT);
        enc.setFramebufferState(depthSurface, colourSurface);
        enc.setViewport(w, h);
    }

    private void requireTarget() throws GfxException {
        if (width == 0) {
            throw new GfxException("no render target: call target(width, height) first");
        }
    }

    @Override
    public void clear(float r, float g, float b, float a, float depth) throws GfxException {
        requireTarget();
        guarded(() -> {
            ensureConnected();
            enc.clear(CLEAR_COLOR0 | CLEAR_DEPTH, r, g, b, a, depth, 0);
        });
    }

    @Override
    public void draw(LinkedProgram program, UniformValues uniforms, Mesh mesh, DrawState state,
            List<Texture> textureSlots) throws GfxException {
        requireTarget();
        int[] elements = vertexElementKey(program, mesh.layout());
        guarded(() -> {
            ensureConnected();
            boolean fresh = false;
            ProgramObjects p = findProgram(program);
            if (p == null) {
                p = upload(program);
                fresh = true;
            }
            int vb = meshBuffer(mesh);
            int[] fsViews = views(program, Stage.FRAGMENT, textureSlots);
            int[] vsViews = views(program, Stage.VERTEX, textureSlots);
            enc.bindObject(OBJ_DSA, state.depthTest() ? dsaOn : dsaOff);
            enc.bindObject(OBJ_RASTERIZER, rasterizer(state.cullBackFaces(), clipPlanes(program)));
            enc.bindShader(p.vs(), SHADER_VERTEX).bindShader(p.fs(), SHADER_FRAGMENT);
            enc.bindObject(OBJ_VERTEX_ELEMENTS, vertexElementsObject(elements));
            enc.setVertexBuffer(mesh.layout().stride() * 4, 0, vb);
            for (Stage s : Stage.values()) {
                float[] words = uniforms == null ? new float[program.iface().vec4s(s) * 4] : uniforms.upload(s);
                if (words.length > 0) {
                    enc.setConstantBuffer(VirglEncoder.shaderType(s), 0, words);
                }
            }
            bindViews(SHADER_FRAGMENT, fsViews, program.shader(Stage.FRAGMENT));
            bindViews(SHADER_VERTEX, vsViews, program.shader(Stage.VERTEX));
            if (mesh.vertexCount() > 0) {
                enc.drawArrays(PRIM_TRIANGLES, 0, mesh.vertexCount());
            }
            if (fresh) {
                checkCanary(program);
            }
        });
    }

    /** Binds a stage's views, each slot with the sampler state its kind needs (a comparing one for a shadow slot). */
    private void bindViews(int shaderType, int[] views, ShaderIr ir) {
        if (views.length > 0) {
            int[] samplers = new int[views.length];
            for (int i = 0; i < views.length; i++) {
                samplers[i] = ir != null && ir.iface().samplerKind(i).isShadowSampler() ? compareSampler : sampler;
            }
            enc.bindSamplerStates(shaderType, 0, samplers);
            enc.setSamplerViews(shaderType, 0, views);
        }
    }

    @Override
    public Frame readback() throws GfxException {
        requireTarget();
        Frame[] out = new Frame[1];
        guarded(() -> {
            ensureConnected();
            flushAndWait();
            byte[] raw = client.transferGet(colourResource, width * 4, 0, 0, width, height);
            // the resource's row 0 is NDC y = -1 (the bottom); a Frame's row 0 is the top
            byte[] top = new byte[raw.length];
            int row = width * 4;
            for (int y = 0; y < height; y++) {
                System.arraycopy(raw, (height - 1 - y) * row, top, y * row, row);
            }
            out[0] = new Frame(width, height, top);
        });
        return out[0];
    }

    @Override
    public void close() {
        dropConnection();
    }

    // ---- programs -------------------------------------------------------------------------

    private ProgramObjects findProgram(LinkedProgram program) {
        for (int i = 0; i < programs.size(); i++) {
            ProgramObjects p = programs.get(i);
            if (p.program() == program && p.generation() == program.generation()) {
                return p;
            }
        }
        return null;
    }

    /**
     * Creates the two shader objects, each in its own submit followed by a round trip, so that a
     * rejection names the shader the server refused.
     */
    private ProgramObjects upload(LinkedProgram program) throws GfxException {
        flushAndWait();
        if (programs.size() >= PROGRAM_CACHE) {
            ProgramObjects old = programs.removeFirst();
            enc.destroyObject(OBJ_SHADER, old.vs()).destroyObject(OBJ_SHADER, old.fs());
        }
        TgsiProgram texts = switch (tgsi.apply(program)) {
            case TgsiProgram.Emitted e -> e.program();
            case TgsiProgram.Failed f -> throw new GfxException("the program has no TGSI: " + f.message());
        };
        int vs = nextObject++;
        int fs = nextObject++;
        uploadShader(program, Stage.VERTEX, texts.vertexText(), vs);
        uploadShader(program, Stage.FRAGMENT, texts.fragmentText(), fs);
        ProgramObjects p = new ProgramObjects(program, program.generation(), vs, fs);
        programs.add(p);
        return p;
    }

    private void uploadShader(LinkedProgram program, Stage stage, String text, int handle) throws GfxException {
        String who = describe(program, stage);
        if (text == null || text.isEmpty()) {
            throw new GfxException(who + " has no TGSI text (is the program linked?)");
        }
        try {
            enc.createShader(handle, VirglEncoder.shaderType(stage), text);
        } catch (GfxException e) {
            enc.reset();
            throw new GfxException(who + ": " + e.getMessage(), e);
        }
        try {
            flushAndWait();
        } catch (DeviceLostException e) {
            throw new DeviceLostException("virglrenderer rejected the " + who + " (" + text.length()
                    + " characters of TGSI); reconnecting on the next call. " + e.getMessage(), e);
        }
    }

    /** The program's TGSI under the profile it was linked with (its budget, its slots). */
    private static TgsiProgram.Result emit(LinkedProgram p) {
        return TgsiProgram.emit(p.vertex(), p.fragment(), p.remap(), p.limits());
    }

    /**
     * Sends the TGSI {@code source} gives for a program instead of the text emitted from its
     * CSIR: for tools and tests that hand the host their own (hand-written or mutated) text.
     */
    public VirglDevice tgsiSource(Function<LinkedProgram, TgsiProgram.Result> source) {
        this.tgsi = source;
        return this;
    }

    private static String describe(LinkedProgram program, Stage stage) {
        ShaderIr ir = program.shader(stage);
        String kind = stage == Stage.VERTEX ? "vertex shader" : "fragment shader";
        return ir == null ? kind : kind + " '" + ir.name() + "'";
    }

    /**
     * Runs the pending commands, then clears the private 1x1 target to a colour that changes every
     * time and reads it back: if the clear did not land, the host failed to compile a shader of
     * this program and the context ignores all rendering from now on.
     */
    private void checkCanary(LinkedProgram program) throws GfxException {
        canaryCount++;
        int r = canaryCount * 37 & 0xff;
        int g = 255 - r;
        int b = 0x5a;
        enc.setFramebufferState(0, canarySurface);
        enc.clear(CLEAR_COLOR0, r / 255f, g / 255f, b / 255f, 1f, 1.0, 0);
        enc.setFramebufferState(depthSurface, colourSurface);
        flushAndWait();
        byte[] px = client.transferGet(canaryResource, 4, 0, 0, 1, 1);
        if ((px[0] & 0xff) != r || (px[1] & 0xff) != g || (px[2] & 0xff) != b) {
            String log = server == null ? "" : server.logSince(logMark, 60);
            String which = log.contains("fs:") && !log.contains("vs:") ? describe(program, Stage.FRAGMENT)
                    : log.contains("vs:") && !log.contains("fs:") ? describe(program, Stage.VERTEX)
                    : describe(program, Stage.VERTEX) + " or " + describe(program, Stage.FRAGMENT);
            dropConnection();
            throw new DeviceLostException("the host could not compile the " + which
                    + ": the context stopped rendering (canary clear lost); reconnecting on the next call"
                    + (log.isBlank() ? "" : "\nserver log:\n" + log.strip()));
        }
    }

    // ---- vertex input -----------------------------------------------------------------------

    /**
     * Element i feeds TGSI IN[i]: the program declares IN[0..attrHi] densely, so a location the
     * program does not use still gets a (harmless) element.
     */
    private static int[] vertexElementKey(LinkedProgram program, VertexLayout layout) throws GfxException {
        int hi = program.vertex() == null ? maxLocation(program) : program.vertex().iface().attrHi();
        hi = Math.max(hi, maxLocation(program));
        int[] key = new int[(hi + 1) * 2];
        for (int loc = 0; loc <= hi; loc++) {
            VertexAttribute a = layout.at(loc).orElse(null);
            if (a == null) {
                for (AttributeInfo info : program.iface().attributes()) {
                    if (info.location() == loc) {
                        throw new GfxException("the mesh layout has no attribute at location " + loc + " for '"
                                + info.name() + "'");
                    }
                }
                key[loc * 2] = 0;
                key[loc * 2 + 1] = FORMAT_R32_FLOAT;
            } else {
                key[loc * 2] = a.offset() * 4;
                key[loc * 2 + 1] = floatFormat(a.components());
            }
        }
        return key;
    }

    private static int maxLocation(LinkedProgram program) {
        int hi = -1;
        for (AttributeInfo a : program.iface().attributes()) {
            hi = Math.max(hi, a.location());
        }
        return hi;
    }

    /**
     * The clip planes to enable, one bit per clip distance the vertex stage writes: the host's
     * GL clips against gl_ClipDistance[i] only where GL_CLIP_DISTANCEi is enabled.
     */
    private static int clipPlanes(LinkedProgram program) {
        return program.vertex() == null ? 0 : (1 << program.vertex().iface().clipDistanceCount()) - 1;
    }

    private int rasterizer(boolean cullBack, int clipPlanes) {
        if (clipPlanes == 0) {
            return cullBack ? rasterCull : rasterFlat;
        }
        return clippingRasterizers.computeIfAbsent(clipPlanes << 1 | (cullBack ? 1 : 0), k -> {
            int h = nextObject++;
            enc.createRasterizer(h, cullBack, clipPlanes);
            return h;
        });
    }

    private int vertexElementsObject(int[] key) {
        List<Integer> k = new ArrayList<>(key.length);
        for (int v : key) {
            k.add(v);
        }
        Integer h = vertexElements.get(k);
        if (h == null) {
            h = nextObject++;
            VertexElement[] els = new VertexElement[key.length / 2];
            for (int i = 0; i < els.length; i++) {
                els[i] = new VertexElement(key[i * 2], 0, key[i * 2 + 1]);
            }
            enc.createVertexElements(h, els);
            vertexElements.put(k, h);
        }
        return h;
    }

    private int meshBuffer(Mesh mesh) throws GfxException {
        for (MeshBuffer m : meshes) {
            if (m.mesh() == mesh) {
                return m.resource();
            }
        }
        if (meshes.size() >= RESOURCE_CACHE) {
            MeshBuffer old = meshes.removeFirst();
            flushAndWait();
            client.unrefResource(old.resource());
        }
        int bytes = Math.max(4, mesh.floatCount() * 4);
        int res = resource(TARGET_BUFFER, FORMAT_R8_UNORM, BIND_VERTEX_BUFFER, bytes, 1);
        enc.writeBuffer(res, mesh.vertices());
        meshes.add(new MeshBuffer(mesh, res));
        return res;
    }

    // ---- textures -----------------------------------------------------------------------------

    /** Sampler views for slots 0..sampHi of a stage; unused slots get a 1x1 white texture. */
    private int[] views(LinkedProgram program, Stage stage, List<Texture> slots) throws GfxException {
        ShaderIr ir = program.shader(stage);
        int hi = -1;
        if (ir != null) {
            hi = ir.iface().sampHi();
        }
        for (SamplerInfo s : program.iface().samplers()) {
            if (s.stage() == stage) {
                hi = Math.max(hi, s.slot());
            }
        }
        int[] views = new int[hi + 1];
        for (int i = 0; i <= hi; i++) {
            Texture t = i < slots.size() ? slots.get(i) : null;
            if (t == null) {
                for (SamplerInfo s : program.iface().samplers()) {
                    if (s.stage() == stage && s.slot() == i) {
                        throw new GfxException("no texture for sampler '" + s.name() + "' (slot " + i + ")");
                    }
                }
                if (blank == null) {
                    blank = uploadTexture(new Texture(1, 1, new byte[] {-1, -1, -1, -1}));
                }
                views[i] = blank.view();
            } else {
                for (SamplerInfo s : program.iface().samplers()) {
                    if (s.stage() == stage && s.slot() == i && s.kind() != t.kind()) {
                        throw new GfxException(Texture.kindMismatch(s, t));
                    }
                }
                if (Texture.singleSampleOnly(t) != null) {
                    throw new GfxException(Texture.singleSampleOnly(t));
                }
                views[i] = texture(t, slots).view();
            }
        }
        return views;
    }

    /**
     * The uploaded objects of {@code t}, uploading it on first use. The cache is kept least
     * recently used first; when full, the oldest texture that {@code draw} (this draw's slots)
     * does not bind goes, so a draw of 32 distinct textures never destroys its own views.
     */
    private TextureObjects texture(Texture t, List<Texture> draw) throws GfxException {
        for (int i = 0; i < textures.size(); i++) {
            TextureObjects o = textures.get(i);
            if (o.texture() == t) {
                textures.add(textures.remove(i));
                return o;
            }
        }
        if (textures.size() >= TEXTURE_CACHE) {
            for (int i = 0; i < textures.size(); i++) {
                TextureObjects old = textures.get(i);
                if (!bindsTexture(draw, old.texture())) {
                    textures.remove(i);
                    enc.destroyObject(OBJ_SAMPLER_VIEW, old.view());
                    flushAndWait();
                    client.unrefResource(old.resource());
                    break;
                }
            }
        }
        TextureObjects o = uploadTexture(t);
        textures.add(o);
        return o;
    }

    private static boolean bindsTexture(List<Texture> draw, Texture t) {
        for (Texture d : draw) {
            if (d == t) {
                return true;
            }
        }
        return false;
    }

    private TextureObjects uploadTexture(Texture t) throws GfxException {
        int target = switch (t.kind().samplerGeometry()) {
            case SAMPLERCUBE -> TARGET_TEXTURE_CUBE;
            case SAMPLER3D -> TARGET_TEXTURE_3D;
            case SAMPLER2DARRAY -> TARGET_TEXTURE_2D_ARRAY;
            case SAMPLERCUBEARRAY -> TARGET_TEXTURE_CUBE_ARRAY;
            default -> TARGET_TEXTURE_2D;
        };
        boolean volume = t.kind().samplerGeometry() == dev.csir.ir.Type.SAMPLER3D;
        TexelFormat f = TexelFormat.of(t);
        int res = nextResource++;
        // a 3D texture's slices are its depth, a cube's faces, an array's layers and a cube-map
        // array's layer-faces (six a cube) its array size
        client.createResource(res, target, f.format(), BIND_SAMPLER_VIEW, t.width(), t.height(),
                volume ? t.layers() : 1, volume ? 1 : t.layers(), 0, 0);
        enc.writeTexels(res, t.width(), t.height(), t.layers(), f.words(), f.wordsPerTexel());
        int view = nextObject++;
        enc.createSamplerView(view, res, f.format(), target, volume ? 0 : t.layers() - 1);
        return new TextureObjects(t, res, view);
    }

    // ---- transport ----------------------------------------------------------------------------

    private void flushAndWait() throws GfxException {
        if (!enc.isEmpty()) {
            client.submit(enc);
            enc.reset();
        }
        client.busyWait(colourResource == 0 ? canaryResource : colourResource);
    }

    private interface Step {
        void run() throws GfxException;
    }

    /** Runs a step; a lost connection is dropped so that the next call reconnects. */
    private void guarded(Step step) throws GfxException {
        try {
            step.run();
        } catch (DeviceLostException e) {
            dropConnection();
            throw e;
        }
    }
}
