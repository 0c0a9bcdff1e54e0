package dev.csir.gfx.testing;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.tgsi.TgsiProgram;
import java.util.function.Function;

/** The programs of the draw tests, compiled from GLSL-like source and linked by csir. */
public final class TestPrograms {
    private TestPrograms() {
    }

    public static LinkedProgram link(String vsName, String vs, String fsName, String fs) {
        Program p = new Program();
        attach(p, ShaderCompiler.compile(Stage.VERTEX, vsName, vs));
        attach(p, ShaderCompiler.compile(Stage.FRAGMENT, fsName, fs));
        if (!p.link()) {
            throw new IllegalStateException("link failed: " + p.log());
        }
        return p.linked().orElseThrow();
    }

    /** The TGSI VirGL gets for a program. */
    public static TgsiProgram tgsi(LinkedProgram p) {
        return switch (TgsiProgram.emit(p.vertex(), p.fragment(), p.remap())) {
            case TgsiProgram.Emitted e -> e.program();
            case TgsiProgram.Failed f -> throw new IllegalStateException(f.message());
        };
    }

    /**
     * A copy of {@code good} (another program object, named {@code name}) and a TGSI source that
     * gives that copy {@code fragmentText} and every other program its own emitted text.
     */
    public record Mutated(LinkedProgram program, Function<LinkedProgram, TgsiProgram.Result> source) {
    }

    public static Mutated withFragmentText(LinkedProgram good, String name, String fragmentText) {
        LinkedProgram copy = new LinkedProgram(good.vertex(), good.fragment().withName(name), good.remap(),
                good.iface(), good.generation(), good.limits());
        String vertexText = tgsi(good).vertexText();
        return new Mutated(copy, p -> p == copy
                ? new TgsiProgram.Emitted(new TgsiProgram(vertexText, fragmentText))
                : TgsiProgram.emit(p.vertex(), p.fragment(), p.remap()));
    }

    /** A program of GLSL for Vulkan sources, compiled as {@code --client vulkan} compiles them. */
    public static LinkedProgram linkVulkan(String vsName, String vs, String fsName, String fs) {
        dev.csir.CompileOptions vulkan = dev.csir.CompileOptions.DEFAULT.withClient(dev.csir.lang.Client.VULKAN);
        Program p = new Program();
        attach(p, ShaderCompiler.compile(Stage.VERTEX, vsName, vs, vulkan));
        attach(p, ShaderCompiler.compile(Stage.FRAGMENT, fsName, fs, vulkan));
        if (!p.link()) {
            throw new IllegalStateException("link failed: " + p.log());
        }
        return p.linked().orElseThrow();
    }

    private static void attach(Program p, CompileResult r) {
        if (!r.ok()) {
            throw new IllegalStateException(r.name() + " does not compile:\n" + r.log());
        }
        p.attach(r);
    }

    private static final String PASS_COLOUR_FS = """
            #version 330
            in vec4 vColor;
            out vec4 fragColor;
            void main() {
                fragColor = vColor;
            }
            """;

    /** Position and colour at locations 0 and 1; the position drawn as given, the colour passed on. */
    private static final String PASS_POSITION_VS = """
            #version 330
            layout(location = 0) in vec4 position;
            layout(location = 1) in vec4 color;
            out vec4 vColor;
            void main() {
                vColor = color;
                gl_Position = position;
            }
            """;

    /** Position and colour per vertex; the colour is interpolated. */
    public static LinkedProgram colouredTriangle() {
        return link("tri.vert", PASS_POSITION_VS, "tri.frag", PASS_COLOUR_FS);
    }

    /**
     * The coloured triangle with a fragment shader of built-ins that CSIR composes from its
     * operations (atan, asin, tanh, log2, round, inverse), each mapped into [0, 1], a do-while
     * loop whose trip count depends on the colour, and ?:.
     */
    public static LinkedProgram builtinsTriangle() {
        return link("builtins.vert", PASS_POSITION_VS, "builtins.frag", """
                #version 330
                in vec4 vColor;
                out vec4 fragColor;
                void main() {
                    vec3 c = vColor.rgb;
                    float angle = atan(c.r - 0.5, c.g - 0.4) / 6.2831853 + 0.5;
                    float bend = asin(c.g * 1.8 - 0.9) / 3.1415927 + 0.5;
                    float squash = tanh(c.b * 4.0 - 2.0) * 0.5 + 0.5;
                    float logs = log2(1.0 + c.r * 3.0) * 0.5;
                    mat3 m = mat3(vec3(2.0, c.r, 0.0), vec3(0.0, 2.0, c.g), vec3(c.b, 0.0, 2.0));
                    vec3 solved = inverse(m) * vec3(1.0);
                    int steps = 0;
                    float acc = 0.0;
                    do {
                        acc += 0.05 + c.b * 0.2;
                        steps++;
                    } while (acc < 0.6 && steps < 8);
                    float picked = c.r > c.g ? acc : 1.0 - acc;
                    fragColor = vec4(angle, mix(bend, logs, 0.5), squash * 0.75 + 0.25 * round(c.g),
                                     clamp(solved.x * 1.5, 0.0, 1.0) * 0.5 + picked * 0.5);
                }
                """);
    }

    /** Position and texture coordinates; the fragment samples {@code tex}. */
    /** The vertex shader of the textured quads: position and texture coordinate through. */
    public static final String TEXTURED_QUAD_VERTEX = """
                #version 330
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec2 uv;
                out vec2 vUV;
                void main() {
                    vUV = uv;
                    gl_Position = position;
                }
                """;

    /**
     * A skybox-like sweep: the quad's uv as longitude and latitude, the direction looked up in a
     * cube map (textureLod at level 0 on the right half), all six faces on screen.
     */
    public static LinkedProgram skyboxQuad() {
        return link("tex.vert", TEXTURED_QUAD_VERTEX, "sky.frag", """
                #version 330
                uniform samplerCube sky;
                in vec2 vUV;
                out vec4 fragColor;
                void main() {
                    float lon = (vUV.x - 0.5) * 6.2831853;
                    float lat = (vUV.y - 0.5) * 3.1415926;
                    vec3 dir = vec3(sin(lon) * cos(lat), sin(lat), cos(lon) * cos(lat));
                    vec4 c = vUV.x < 0.5 ? texture(sky, dir) : textureLod(sky, dir, 0.0);
                    fragColor = c * (textureSize(sky, 0).x == 4 ? 1.0 : 0.25);
                }
                """);
    }

    /** A 3D texture's slices across the quad and a 2D array's layers down it, side by side. */
    public static LinkedProgram volumeAndLayersQuad() {
        return link("tex.vert", TEXTURED_QUAD_VERTEX, "layers.frag", """
                #version 330
                uniform sampler3D vol;
                uniform sampler2DArray layers;
                in vec2 vUV;
                out vec4 fragColor;
                void main() {
                    vec2 uv = fract(vUV * 2.0);
                    ivec3 vs = textureSize(vol, 0);
                    ivec3 ls = textureSize(layers, 0);
                    float right = vs == ivec3(4, 4, 4) && ls == ivec3(4, 4, 4) ? 1.0 : 0.25;
                    fragColor = (vUV.x < 0.5 ? texture(vol, vec3(uv, vUV.y)) : texture(layers, vec3(uv, vUV.y * 4.0 - 0.5)))
                            * right;
                }
                """);
    }

    public static LinkedProgram texturedQuad() {
        return link("tex.vert", TEXTURED_QUAD_VERTEX, "tex.frag", """
                #version 330
                uniform sampler2D tex;
                in vec2 vUV;
                out vec4 fragColor;
                void main() {
                    fragColor = texture(tex, vUV);
                }
                """);
    }

    /**
     * The textured quad read with a bias and scaled by the texture's size from
     * {@code textureSize} (8 by 8 texels: a factor of one where the size is right).
     */
    public static LinkedProgram sizedAndBiasedQuad() {
        return link("tex.vert", TEXTURED_QUAD_VERTEX, "texsize.frag", """
                #version 330
                uniform sampler2D tex;
                in vec2 vUV;
                out vec4 fragColor;
                void main() {
                    vec2 size = vec2(textureSize(tex, 0));
                    fragColor = texture(tex, vUV, 0.5) * vec4(size.x / 8.0, size.y / 16.0, 1.0, 1.0);
                }
                """);
    }

    /** A triangle turned by a mat2 and sheared by a mat3x2, shaded through a mat2x4 and a 2x2 inverse. */
    public static LinkedProgram matrixTriangle() {
        return link("matrices.vert", """
                #version 330
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 color;
                uniform mat2 spin;
                uniform mat3x2 shear;
                out vec2 p;
                out vec4 vColor;
                void main() {
                    vec2 q = spin * position.xy;
                    p = shear * vec3(q, 1.0);
                    vColor = color;
                    gl_Position = vec4(q, position.zw);
                }
                """, "matrices.frag", """
                #version 330
                in vec2 p;
                in vec4 vColor;
                uniform mat2x4 tint;
                out vec4 fragColor;
                void main() {
                    mat2 m = mat2(p, p.yx);
                    vec4 t = tint * (inverse(m + mat2(2.0)) * p);
                    fragColor = clamp(t * 0.5 + vColor * 0.5 + vec4(0.25), 0.0, 1.0);
                }
                """);
    }

    /** The same quad through textureLod, textureGrad, textureProj and texelFetch, averaged. */
    public static LinkedProgram explicitLookupsQuad() {
        return link("tex.vert", TEXTURED_QUAD_VERTEX, "lookups.frag", """
                #version 330
                uniform sampler2D tex;
                in vec2 vUV;
                out vec4 fragColor;
                void main() {
                    vec4 a = textureLod(tex, vUV, 0.0) + textureGrad(tex, vUV, vec2(0.01, 0.0), vec2(0.0, 0.01));
                    vec4 b = textureProj(tex, vec3(vUV * 2.0, 2.0)) + texelFetch(tex, ivec2(clamp(vUV, 0.0, 0.99) * 8.0), 0);
                    fragColor = (a + b) * 0.25;
                }
                """);
    }

    /** Model, view and projection matrices; colour per vertex. */
    public static LinkedProgram mvpCube() {
        return link("cube.vert", """
                #version 330
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 color;
                uniform mat4 model;
                uniform mat4 view;
                uniform mat4 projection;
                out vec4 vColor;
                void main() {
                    vColor = color;
                    gl_Position = projection * view * model * position;
                }
                """, "cube.frag", PASS_COLOUR_FS);
    }

    /** {@link #mvpCube} with its matrices in a std140 uniform block at binding 0, read through the instance name. */
    public static LinkedProgram uniformBlockCube() {
        return link("block.vert", """
                #version 450
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 color;
                layout(std140, binding = 0) uniform Matrices {
                    mat4 model;
                    layout(offset = 128) mat4 view;
                    mat4 projection;
                    float unused;
                } mx;
                out vec4 vColor;
                void main() {
                    vColor = color;
                    gl_Position = mx.projection * mx.view * mx.model * position;
                }
                """, "cube.frag", PASS_COLOUR_FS);
    }

    /**
     * GLSL for Vulkan: a transform and a tint in a push-constant block both stages declare (on
     * the Vulkan device one range of push constants; on the others, uniforms).
     */
    public static LinkedProgram pushConstantTriangle() {
        dev.csir.CompileOptions vulkan = dev.csir.CompileOptions.DEFAULT.withClient(dev.csir.lang.Client.VULKAN);
        Program p = new Program();
        attach(p, ShaderCompiler.compile(Stage.VERTEX, "push.vert", """
                #version 450
                layout(location = 0) in vec4 position;
                layout(location = 1) in vec4 color;
                layout(push_constant) uniform Push {
                    mat4 transform;
                    vec4 tint;
                } pc;
                layout(location = 0) out vec4 vColor;
                void main() {
                    vColor = color;
                    gl_Position = pc.transform * position;
                }
                """, vulkan));
        attach(p, ShaderCompiler.compile(Stage.FRAGMENT, "push.frag", """
                #version 450
                layout(push_constant) uniform Push {
                    mat4 transform;
                    vec4 tint;
                } pc;
                layout(location = 0) in vec4 vColor;
                layout(location = 0) out vec4 fragColor;
                void main() {
                    fragColor = vColor * pc.tint;
                }
                """, vulkan));
        if (!p.link()) {
            throw new IllegalStateException("link failed: " + p.log());
        }
        return p.linked().orElseThrow();
    }

    /** Diffuse lighting from a light position, plus an ambient term; positions drawn as given. */
    public static LinkedProgram diffuse() {
        return link("light.vert", """
                #version 330
                layout(location = 0) in vec3 position;
                layout(location = 1) in vec3 normal;
                out vec3 vN;
                out vec3 vP;
                void main() {
                    vN = normal;
                    vP = position;
                    gl_Position = vec4(position, 1.0);
                }
                """, "light.frag", """
                #version 330
                uniform vec3 lightPosition;
                uniform vec3 lightColor;
                uniform vec3 ambientColor;
                in vec3 vN;
                in vec3 vP;
                out vec4 fragColor;
                void main() {
                    vec3 N = normalize(vN);
                    vec3 L = normalize(lightPosition - vP);
                    float diffuse = max(dot(N, L), 0.0);
                    fragColor = vec4(ambientColor + diffuse * lightColor, 1.0);
                }
                """);
    }
}
