package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.UsageException;
import dev.csir.cli.args.Values;
import dev.csir.Target;
import dev.csir.gfx.AutoDevice;
import dev.csir.gfx.Device;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.image.Png;
import dev.csir.gfx.scene.Mat4;
import dev.csir.gfx.scene.Meshes;
import dev.csir.gfx.scene.ObjLoader;
import dev.csir.gfx.scene.Textures;
import dev.csir.gfx.soft.SoftwareDevice;
import dev.csir.gfx.virgl.VirglDevice;
import dev.csir.gfx.virgl.VirglServer;
import dev.csir.gfx.vulkan.VulkanDevice;
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformInfo;
import dev.csir.link.UniformValues;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** {@code csir render}: draws a mesh with a linked program and writes a PNG. */
final class RenderCommand extends Subcommand {

    enum Backend { auto, software, virgl, vulkan }

    /** Largest image side. */
    static final int MAX_SIDE = 8192;

    /** Most software rasterizer threads. */
    static final int MAX_THREADS = 256;

    Path vertexFile;
    Path fragmentFile;
    Path output;
    Size size = new Size(256, 256);
    String mesh = "triangle";
    final List<UniformSetting> uniforms = new ArrayList<>();
    String texture = "checker";
    Rgba clear = new Rgba(0, 0, 0, 1);
    Backend backend = Backend.auto;
    Path virglSocket;
    int frames = 1;
    /** Software rasterizer threads; 0 means one per processor. */
    int threads;
    final LimitsOption profile = new LimitsOption();
    final PreprocessorOptions preprocessor = new PreprocessorOptions();
    boolean noDepth;
    boolean cull;

    @Override
    CommandSpec spec() {
        CommandSpec spec = new CommandSpec("render",
                "Compiles and links VS and FS, draws a mesh with them and writes a PNG.")
                .describe("The built-in meshes and OBJ files feed three vertex inputs: location 0 the position,"
                        + " location 1 a vec4 (the colour for the triangle, the face normal otherwise), location 2 the"
                        + " uv. An input with layout(location = N) reads location N; one without reads by its name: "
                        + VertexBinding.NAMES_HELP + "; any other name reads the location the compiler gave it. An"
                        + " input the mesh cannot feed is an error.")
                .describe("Uniforms: model, view and projection (mat4) default to a camera on the mesh (identity for"
                        + " the triangle and quad); time (float) is 0, or the frame time with --frames. Any other"
                        + " uniform not set with --uniform reads as zeros and gets a warning.")
                .positional("VS", 1, 1, "Vertex shader source.", v -> vertexFile = Values.path(v))
                .positional("FS", 1, 1, "Fragment shader source.", v -> fragmentFile = Values.path(v))
                .requiredOption("-o, --output", "OUT.png", "The PNG to write (- is standard output).",
                        v -> output = Values.path(v))
                .option("--size", "WxH", "Image size, each side 1.." + MAX_SIDE + " (default 256x256).",
                        v -> size = size(v))
                .option("--mesh", "triangle|quad|cube|FILE.obj", "What to draw (default triangle).",
                        v -> mesh = mesh(v))
                .option("--uniform", "NAME=v1,v2,...", "Sets a uniform (repeatable; matrices column-major).",
                        v -> uniforms.add(uniform(v)))
                .option("--texture", "checker|FILE.png", "Texture bound to every sampler (default checker).",
                        v -> texture = v)
                .option("--clear", "r,g,b,a", "Clear colour (default 0,0,0,1).", v -> clear = rgba(v))
                .option("--backend", "auto|software|virgl|vulkan", "auto: VirGL when it works, else software"
                        + " (default auto); vulkan: the program's SPIR-V on the system's Vulkan driver (lavapipe or a"
                        + " GPU), only when chosen.", v -> backend = Values.oneOf(Backend.values(), v))
                .option("--virgl-socket", "PATH", "Use a running virgl_test_server instead of starting a private one.",
                        v -> virglSocket = Values.path(v))
                .option("--frames", "N", "Frames to draw (at least 1); reports the rate when > 1.",
                        v -> frames = frameCount(v))
                .option("--threads", "N", "Threads of the software rasterizer, 1.." + MAX_THREADS + " (default: one"
                        + " per processor).", v -> threads = threadCount(v));
        profile.addTo(spec);
        preprocessor.addTo(spec);
        return spec.flag("--no-depth", "Disables the depth test.", () -> noDepth = true)
                .flag("--cull", "Culls back faces (counter-clockwise faces are front).", () -> cull = true)
                .footer(Main.EXIT_STATUS + " A --uniform the program does not declare, or with the wrong count of"
                        + " values, is a rejected input (1).");
    }

    /** A user input problem: reported, exit 1. */
    static final class BadInput extends Exception {
        private static final long serialVersionUID = 1L;

        BadInput(String message) {
            super(message);
        }
    }

    /** A {@code --size} value. */
    record Size(int width, int height) {
        int[] wh() {
            return new int[] {width, height};
        }
    }

    /** A {@code --clear} value. */
    record Rgba(float r, float g, float b, float a) {
        float[] values() {
            return new float[] {r, g, b, a};
        }
    }

    /** A {@code --uniform NAME=v1,...} value. */
    record UniformSetting(String name, float[] values) {
    }

    /** LWJGL (the Vulkan device) registers a shutdown hook that releases its native upcalls. */
    @Override
    boolean leavesShutdownHooks() {
        return true;
    }

    @Override
    int call() {
        PrintWriter err = err();
        try {
            Mesh m = loadMesh(mesh);
            LinkedProgram lp = linkProgram(err);
            if (lp == null) {
                return Main.REJECTED;
            }
            m = VertexBinding.bind(lp.iface().attributes(), m);
            UniformValues values = lp.newUniforms();
            Set<String> set = new HashSet<>(applyDefaults(lp, values, mesh, size.wh()));
            for (UniformSetting u : uniforms) {
                Optional<String> problem = values.set(u.name(), u.values());
                if (problem.isPresent()) {
                    throw new BadInput("--uniform: " + problem.get());
                }
                set.add(u.name());
            }
            for (UniformInfo u : lp.iface().uniforms()) {
                if (!set.contains(u.name())) {
                    err.println(prefix() + "warning: uniform '" + u.name() + "' (" + u.type().glslName()
                            + ") is not set and reads as zeros; set it with --uniform " + u.name() + "=...");
                }
            }
            List<Texture> textures = textures(lp);
            DrawState state = new DrawState(!noDepth, cull);
            return render(out(), err, lp, values, m, state, textures, size.wh(), clear.values());
        } catch (BadInput e) {
            err.println(prefix() + e.getMessage());
            return Main.REJECTED;
        }
    }

    private int render(PrintWriter out, PrintWriter err, LinkedProgram lp, UniformValues values, Mesh m,
            DrawState state, List<Texture> textures, int[] wh, float[] c) {
        VirglServer[] server = new VirglServer[1];
        SoftwareDevice[] soft = new SoftwareDevice[1];
        AutoDevice.Opener openVirgl = () -> {
            server[0] = virglSocket != null ? VirglServer.attach(virglSocket) : VirglServer.start(Duration.ofSeconds(20));
            // the program carries the profile, so the TGSI the device sends is held to its budget
            return VirglDevice.open(server[0], "csir", Duration.ofSeconds(20));
        };
        AutoDevice.Opener openSoft = () -> soft[0] = threads == 0 ? new SoftwareDevice() : new SoftwareDevice(threads);
        Optional<UniformInfo> time = lp.iface().uniform("time").filter(u -> u.type() == Type.FLOAT);
        Device device = null;
        try {
            device = switch (backend) {
                case software -> openSoft.open();
                case virgl -> openVirgl.open();
                case vulkan -> VulkanDevice.open();
                case auto -> new AutoDevice(openVirgl, openSoft, msg -> err.println(prefix() + msg));
            };
            Frame frame = null;
            long start = System.nanoTime();
            long softBefore = 0;
            for (int f = 0; f < frames; f++) {
                if (time.isPresent() && frames > 1) {
                    values.set("time", f / 60f);
                }
                if (f == 0 || frames == 1) {
                    device.target(wh[0], wh[1]);
                }
                device.clear(c[0], c[1], c[2], c[3], 1f);
                device.draw(lp, values, m, state, textures);
                // the rate is of drawing: the image is read back once, after the last frame (a
                // read waits for the device, so the timed frames all count)
                if (f == frames - 1) {
                    frame = device.readback();
                }
                if (f == 0) {
                    start = System.nanoTime();
                    softBefore = soft[0] == null ? 0 : soft[0].fragmentsShaded();
                }
            }
            long elapsed = System.nanoTime() - start;
            try {
                write(output, Png.encode(frame));
            } catch (OutputFiles.OutputException e) {
                err.println(prefix() + e.getMessage());
                return Main.REJECTED;
            }
            // the report goes to standard error when the image itself went to standard output
            PrintWriter report = OutputFiles.isStdout(output) ? err : out;
            String drew = device.name();
            report.println("rendered " + output + " (" + wh[0] + "x" + wh[1] + ") with " + drew);
            if (frames > 1) {
                double seconds = elapsed / 1e9;
                int timed = frames - 1;
                String rate = String.format(Locale.ROOT, "%.1f frames/s", timed / seconds);
                if ("software".equals(drew) && soft[0] != null) {
                    long frags = soft[0].fragmentsShaded() - softBefore;
                    rate += String.format(Locale.ROOT, ", %.0f fragments/s", frags / seconds);
                } else {
                    rate += String.format(Locale.ROOT, ", %.0f pixels/s", (double) wh[0] * wh[1] * timed / seconds);
                }
                // the measure every back end shares: pixels the draw changed, per frame
                rate += String.format(Locale.ROOT, ", %.0f covered pixels/s", (double) covered(frame, c) * timed / seconds);
                report.println(rate + " over " + timed + " timed frames");
            }
            return Main.OK;
        } catch (GfxException e) {
            err.println(prefix() + (device == null ? backend : device.name()) + " failed: " + e.getMessage());
            return Main.REJECTED;
        } finally {
            if (device != null) {
                try {
                    device.close();
                } catch (GfxException ignored) {
                    // Nothing left to save; the image is already written or the error reported.
                }
            }
            if (server[0] != null) {
                server[0].close();
            }
        }
    }

    private LinkedProgram linkProgram(PrintWriter err) throws BadInput {
        try {
            // the software path needs no TGSI; VirGL emits it when it uploads the program, so a
            // shader over a VirGL budget fails there, and AUTO draws it in software instead
            return ProgramFiles.link(vertexFile, fragmentFile, err, prefix(), Target.CSIR, profile.limits,
                    preprocessor);
        } catch (Inputs.InputException e) {
            throw new BadInput(e.getMessage());
        }
    }

    /** {@code WxH}, each side 1..{@value #MAX_SIDE}. */
    static Size size(String s) throws UsageException {
        String[] p = s.toLowerCase(Locale.ROOT).split("x", -1);
        int[] wh = new int[2];
        try {
            if (p.length != 2) {
                throw new NumberFormatException();
            }
            for (int i = 0; i < 2; i++) {
                wh[i] = Integer.parseInt(p[i].trim());
            }
        } catch (NumberFormatException e) {
            throw new UsageException("'" + s + "' is not WxH (for example 256x256)");
        }
        if (wh[0] < 1 || wh[0] > MAX_SIDE || wh[1] < 1 || wh[1] > MAX_SIDE) {
            throw new UsageException("'" + s + "': each side must be 1.." + MAX_SIDE);
        }
        return new Size(wh[0], wh[1]);
    }

    /** Four comma-separated finite numbers. */
    static Rgba rgba(String s) throws UsageException {
        float[] v = floats(s);
        if (v.length != 4) {
            throw new UsageException("takes 4 comma-separated numbers r,g,b,a, got '" + s + "'");
        }
        return new Rgba(v[0], v[1], v[2], v[3]);
    }

    /** {@code NAME=v1,v2,...}: the count is checked against the program later. */
    static UniformSetting uniform(String s) throws UsageException {
        int eq = s.indexOf('=');
        String name = eq < 0 ? s.trim() : s.substring(0, eq).trim();
        if (eq < 0 || name.isEmpty() || s.substring(eq + 1).isBlank()) {
            throw new UsageException("'" + s + "' is not NAME=v1,v2,... (for example "
                    + (name.isEmpty() ? "tint" : name) + "=1,0.5,0)");
        }
        return new UniformSetting(name, floats(s.substring(eq + 1)));
    }

    /** A frame count of at least 1. */
    static int frameCount(String s) throws UsageException {
        return count(s, Integer.MAX_VALUE, "a frame count of at least 1");
    }

    /** An integer of 1 to {@code max}, else a usage error saying it is not {@code what}. */
    private static int count(String s, int max, String what) throws UsageException {
        try {
            int n = Integer.parseInt(s.trim());
            if (n >= 1 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("'" + s + "' is not " + what);
    }

    /** Pixels of the image that are not the clear colour (as RGBA8). */
    static long covered(Frame frame, float[] clear) {
        byte[] rgba = frame.rgba();
        byte[] c = new byte[4];
        for (int i = 0; i < 4; i++) {
            c[i] = (byte) Math.round(Math.clamp(clear[i], 0f, 1f) * 255f);
        }
        long n = 0;
        for (int p = 0; p < rgba.length; p += 4) {
            if (rgba[p] != c[0] || rgba[p + 1] != c[1] || rgba[p + 2] != c[2] || rgba[p + 3] != c[3]) {
                n++;
            }
        }
        return n;
    }

    /** A thread count of 1 to {@value #MAX_THREADS}. */
    static int threadCount(String s) throws UsageException {
        return count(s, MAX_THREADS, "a thread count of 1 to " + MAX_THREADS);
    }

    /** A built-in mesh name or a path ending in .obj (read later, so a missing file is a rejected input). */
    static String mesh(String s) throws UsageException {
        if (List.of("triangle", "quad", "cube").contains(s) || s.toLowerCase(Locale.ROOT).endsWith(".obj")) {
            return s;
        }
        throw new UsageException("unknown mesh '" + s + "' (use triangle, quad, cube or a .obj file)");
    }

    static float[] floats(String text) throws UsageException {
        String[] parts = text.split(",", -1);
        float[] v = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                v[i] = Float.parseFloat(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("'" + parts[i] + "' is not a number");
            }
            if (!Float.isFinite(v[i])) {
                throw new UsageException("'" + parts[i] + "' is not a finite number");
            }
        }
        return v;
    }

    private static Mesh loadMesh(String name) throws BadInput {
        switch (name) {
            case "triangle":
                return Meshes.triangle();
            case "quad":
                return Meshes.quad();
            case "cube":
                return Meshes.cube();
            default:
                break;
        }
        if (!name.toLowerCase(Locale.ROOT).endsWith(".obj")) {
            throw new BadInput("unknown mesh '" + name + "' (use triangle, quad, cube or a .obj file)");
        }
        Path file = Path.of(name);
        try {
            String text = new String(Inputs.readBytes(file), StandardCharsets.UTF_8);
            return ObjLoader.parse(file.toString(), text);
        } catch (Inputs.InputException e) {
            throw new BadInput(e.getMessage());
        } catch (ObjLoader.ObjException e) {
            throw new BadInput(e.getMessage());
        }
    }

    /**
     * model/view/projection as identity for flat meshes, a camera on the cube for 3D ones; time 0.
     * Returns the names of the uniforms given a default.
     */
    static List<String> applyDefaults(LinkedProgram lp, UniformValues values, String meshName, int[] wh) {
        boolean flat = meshName.equals("triangle") || meshName.equals("quad");
        Mat4 model = flat ? Mat4.identity() : Mat4.rotateX(20).times(Mat4.rotateY(30));
        Mat4 view = flat ? Mat4.identity() : Mat4.translate(0, 0, -3);
        Mat4 projection = flat ? Mat4.identity() : Mat4.perspective(60, (float) wh[0] / wh[1], 0.1f, 100);
        List<String> given = new ArrayList<>();
        setIfMat4(lp, values, "model", model, given);
        setIfMat4(lp, values, "view", view, given);
        setIfMat4(lp, values, "projection", projection, given);
        if (lp.iface().uniform("time").filter(u -> u.type() == Type.FLOAT).isPresent()) {
            given.add("time");
        }
        return given;
    }

    private static void setIfMat4(LinkedProgram lp, UniformValues values, String name, Mat4 m, List<String> given) {
        if (lp.iface().uniform(name).filter(u -> u.type() == Type.MAT4).isPresent()) {
            values.set(name, m.m());
            given.add(name);
        }
    }

    private List<Texture> textures(LinkedProgram lp) throws BadInput {
        int slots = lp.iface().samplers().stream().mapToInt(s -> s.slot() + 1).max().orElse(0);
        if (slots == 0) {
            return List.of();
        }
        Texture t;
        if (texture.equals("checker")) {
            t = Textures.checker();
        } else {
            Path file = Path.of(texture);
            try {
                t = Png.decodeTexture(Inputs.readBytes(file));
            } catch (Inputs.InputException e) {
                throw new BadInput(e.getMessage());
            } catch (Png.PngException e) {
                throw new BadInput(file + ": " + e.getMessage());
            }
        }
        // a cube, 3D or array sampler gets the image on every face or layer, each tinted its own way;
        // a shadow sampler reads its red channel as depth, an integer one its bytes as 0 to 255
        Texture[] bound = new Texture[slots];
        for (dev.csir.link.SamplerInfo s : lp.iface().samplers()) {
            Texture k = Texture.layered(t, s.kind());
            if (bound[s.slot()] != null && bound[s.slot()].kind() != s.kind()) {
                throw new BadInput("sampler slot " + s.slot() + " is a " + bound[s.slot()].kind().glslName()
                        + " in one stage and a " + s.kind().glslName() + " in the other; --texture binds one texture per slot");
            }
            bound[s.slot()] = k;
        }
        for (int i = 0; i < slots; i++) {
            bound[i] = bound[i] == null ? t : bound[i];
        }
        return List.of(bound);
    }
}
