package dev.csir.cli;

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
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformInfo;
import dev.csir.link.UniformValues;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csir render}: draws a mesh with a linked program and writes a PNG. */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = {"Compiles and links VS and FS, draws a mesh with them and writes the image as PNG.",
            "Vertex layout: location 0 position, location 1 a vec4 (colour for the triangle, face normal",
            "otherwise), location 2 uv. Unset model/view/projection get sensible defaults; time = 0.",
            "Exit status: 0 rendered, 1 bad input or rendering failed, 2 usage."})
final class RenderCommand implements Callable<Integer> {

    enum Backend { auto, software, virgl }

    /** Largest image side. */
    static final int MAX_SIDE = 8192;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "VS")
    Path vertexFile;

    @Parameters(index = "1", paramLabel = "FS")
    Path fragmentFile;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.png", description = "The PNG to write.")
    Path output;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "256x256", description = "Image size (default ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--mesh", paramLabel = "triangle|quad|cube|FILE.obj", defaultValue = "triangle",
            description = "What to draw (default ${DEFAULT-VALUE}).")
    String mesh;

    @Option(names = "--uniform", paramLabel = "NAME=v1,v2,...", description = "Sets a uniform (repeatable).")
    List<String> uniforms = new ArrayList<>();

    @Option(names = "--texture", paramLabel = "checker|FILE.png", defaultValue = "checker",
            description = "Texture bound to every sampler (default ${DEFAULT-VALUE}).")
    String texture;

    @Option(names = "--clear", paramLabel = "r,g,b,a", defaultValue = "0,0,0,1", description = "Clear colour (default ${DEFAULT-VALUE}).")
    String clear;

    @Option(names = "--backend", paramLabel = "auto|software|virgl", defaultValue = "auto",
            description = "auto: VirGL when it works, else software (default ${DEFAULT-VALUE}).")
    Backend backend;

    @Option(names = "--virgl-socket", paramLabel = "PATH",
            description = "Use a running virgl_test_server instead of starting a private one.")
    Path virglSocket;

    @Option(names = "--frames", paramLabel = "N", defaultValue = "1", description = "Frames to draw; reports the rate when > 1.")
    int frames;

    @Option(names = "--no-depth", description = "Disable the depth test.")
    boolean noDepth;

    @Option(names = "--cull", description = "Cull back faces (counter-clockwise faces are front).")
    boolean cull;

    /** A user input problem: reported, exit 1. */
    static final class BadInput extends Exception {
        private static final long serialVersionUID = 1L;

        BadInput(String message) {
            super(message);
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (frames < 1) {
            err.println("csir render: --frames must be at least 1");
            return Main.USAGE;
        }
        try {
            int[] wh = parseSize(size);
            float[] clearColour = floats("--clear", clear, 4);
            Mesh m = loadMesh(mesh);
            LinkedProgram lp = linkProgram(err);
            if (lp == null) {
                return Main.REJECTED;
            }
            UniformValues values = lp.newUniforms();
            applyDefaults(lp, values, mesh, wh);
            for (String u : uniforms) {
                applyUniform(values, u);
            }
            List<Texture> textures = textures(lp);
            DrawState state = new DrawState(!noDepth, cull);
            return render(out, err, lp, values, m, state, textures, wh, clearColour);
        } catch (BadInput e) {
            err.println("csir render: " + e.getMessage());
            return Main.REJECTED;
        }
    }

    private int render(PrintWriter out, PrintWriter err, LinkedProgram lp, UniformValues values, Mesh m,
            DrawState state, List<Texture> textures, int[] wh, float[] c) throws IOException {
        VirglServer[] server = new VirglServer[1];
        SoftwareDevice[] soft = new SoftwareDevice[1];
        AutoDevice.Opener openVirgl = () -> {
            server[0] = virglSocket != null ? VirglServer.attach(virglSocket) : VirglServer.start(Duration.ofSeconds(20));
            return VirglDevice.open(server[0], "csir", Duration.ofSeconds(20));
        };
        AutoDevice.Opener openSoft = () -> soft[0] = new SoftwareDevice();
        Optional<UniformInfo> time = lp.iface().uniform("time").filter(u -> u.type() == Type.FLOAT);
        Device device = null;
        try {
            device = switch (backend) {
                case software -> openSoft.open();
                case virgl -> openVirgl.open();
                case auto -> new AutoDevice(openVirgl, openSoft, msg -> err.println("csir render: " + msg));
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
                frame = device.readback();
                if (f == 0) {
                    start = System.nanoTime();
                    softBefore = soft[0] == null ? 0 : soft[0].fragmentsShaded();
                }
            }
            long elapsed = System.nanoTime() - start;
            AtomicFiles.writeAtomically(output, Png.encode(frame));
            String drew = device.name();
            out.println("rendered " + output + " (" + wh[0] + "x" + wh[1] + ") with " + drew);
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
                out.println(rate + " over " + timed + " timed frames");
            }
            return Main.OK;
        } catch (GfxException e) {
            err.println("csir render: " + (device == null ? backend : device.name()) + " failed: " + e.getMessage());
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
            return ProgramFiles.link(vertexFile, fragmentFile, err, "render");
        } catch (Inputs.InputException e) {
            throw new BadInput(e.getMessage());
        }
    }

    static int[] parseSize(String s) throws BadInput {
        String[] p = s.toLowerCase(Locale.ROOT).split("x", -1);
        if (p.length != 2) {
            throw new BadInput("--size must be WxH, got '" + s + "'");
        }
        int[] wh = new int[2];
        for (int i = 0; i < 2; i++) {
            try {
                wh[i] = Integer.parseInt(p[i].trim());
            } catch (NumberFormatException e) {
                throw new BadInput("--size must be WxH, got '" + s + "'");
            }
            if (wh[i] < 1 || wh[i] > MAX_SIDE) {
                throw new BadInput("--size " + s + ": each side must be 1.." + MAX_SIDE);
            }
        }
        return wh;
    }

    static float[] floats(String what, String text, int count) throws BadInput {
        String[] parts = text.split(",", -1);
        if (count > 0 && parts.length != count) {
            throw new BadInput(what + " takes " + count + " comma-separated numbers, got '" + text + "'");
        }
        float[] v = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                v[i] = Float.parseFloat(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new BadInput(what + ": '" + parts[i] + "' is not a number");
            }
            if (!Float.isFinite(v[i])) {
                throw new BadInput(what + ": '" + parts[i] + "' is not a finite number");
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

    /** model/view/projection as identity for flat meshes, a camera on the cube for 3D ones; time 0. */
    static void applyDefaults(LinkedProgram lp, UniformValues values, String meshName, int[] wh) {
        boolean flat = meshName.equals("triangle") || meshName.equals("quad");
        Mat4 model = flat ? Mat4.identity() : Mat4.rotateX(20).times(Mat4.rotateY(30));
        Mat4 view = flat ? Mat4.identity() : Mat4.translate(0, 0, -3);
        Mat4 projection = flat ? Mat4.identity() : Mat4.perspective(60, (float) wh[0] / wh[1], 0.1f, 100);
        setIfMat4(lp, values, "model", model);
        setIfMat4(lp, values, "view", view);
        setIfMat4(lp, values, "projection", projection);
    }

    private static void setIfMat4(LinkedProgram lp, UniformValues values, String name, Mat4 m) {
        if (lp.iface().uniform(name).filter(u -> u.type() == Type.MAT4).isPresent()) {
            values.set(name, m.m());
        }
    }

    static void applyUniform(UniformValues values, String assignment) throws BadInput {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new BadInput("--uniform must be NAME=v1,v2,..., got '" + assignment + "'");
        }
        String name = assignment.substring(0, eq).trim();
        float[] v = floats("--uniform " + name, assignment.substring(eq + 1), 0);
        Optional<String> problem = values.set(name, v);
        if (problem.isPresent()) {
            throw new BadInput("--uniform: " + problem.get());
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
        return Collections.nCopies(slots, t);
    }
}
