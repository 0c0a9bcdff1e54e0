package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Messages;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Arrays of uniform blocks ({@code uniform Light { ... } lights[2];}), in GLSL for OpenGL and for
 * Vulkan: accepted and rejected where glslang accepts and rejects them (a run-time index in every
 * desktop version and from ES 3.20), the rejections located; on CSIR each element is a block of its
 * own, its members the uniforms {@code Light[k].member}, and a run-time index reads the block it
 * names (clamped to the array, as CSIR clamps run-time indexes).
 */
class UniformBlockArraysTest {
    private static final CompileOptions VULKAN = CompileOptions.DEFAULT.withClient(Client.VULKAN);

    /** Bodies glslang takes in every version csir compiles blocks in; {@code k} is an int uniform. */
    private static final List<String> CONSTANT = List.of(
            "c = lights[0].color + lights[1].color * lights[1].gain;",
            "c = lights[1].tint[1] + vec4(lights[0].tint[0][2]);",
            "c = vec4(float(lights.length()));",
            "const int n = 1; c = lights[n - 1].color.zyxw;");
    private static final List<String> RUN_TIME = List.of(
            "c = lights[k].color;",
            "c = lights[(k + 1) & 1].tint[k & 1] * lights[k].gain;");
    private static final List<String> REJECTED = List.of(
            "c = lights[2].color;",
            "c = lights[-1].color;",
            "c = lights[1.0].color;",
            "c = lights.color;",
            "c = lights[0].missing;",
            "c = vec4(lights[0]);",
            "c = lights;");

    private static String gl(String version, String size, String body) {
        String precision = version.endsWith("es") ? "precision highp float;\n" : "";
        return "#version " + version + "\n" + precision + "uniform Light { vec4 color; float gain; mat2x4 tint; } lights"
                + size + ";\nuniform int k;\nout vec4 c;\nvoid main() { " + body + " }\n";
    }

    private static String vulkan(String size, String body) {
        return "#version 450\nlayout(set = 0, binding = 1) uniform Light { vec4 color; float gain; mat2x4 tint; } lights"
                + size + ";\nlayout(push_constant) uniform P { int k; };\nlayout(location = 0) out vec4 c;\n"
                + "void main() { " + body + " }\n";
    }

    @Test
    void acceptedAndRejectedWhereGlslangIs() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        for (String version : List.of("140", "150", "330", "400", "450", "300 es", "310 es", "320 es")) {
            for (List<String> bodies : List.of(CONSTANT, RUN_TIME, REJECTED)) {
                for (String body : bodies) {
                    accepted += agree(disagreements, gl(version, "[2]", body), false) ? 1 : 0;
                }
            }
        }
        for (String size : List.of("[0]", "[k]", "[2.0]")) {
            agree(disagreements, gl("330", size, "c = vec4(1.0);"), false);
        }
        for (List<String> bodies : List.of(CONSTANT, RUN_TIME, REJECTED)) {
            for (String body : bodies) {
                accepted += agree(disagreements, vulkan("[2]", body), true) ? 1 : 0;
            }
        }
        assertThat(disagreements).isEmpty();
        // every version takes the constant forms; the desktop ones, ES 3.20 and Vulkan the run-time ones too
        assertThat(accepted).isEqualTo(9 * CONSTANT.size() + 7 * RUN_TIME.size());
    }

    /** Whether glslang accepts {@code src}; a disagreement with csir's front end and its CSIR compile is recorded. */
    private static boolean agree(List<String> disagreements, String src, boolean vulkan) throws Exception {
        boolean glslang = Glslang.validate("s.frag", src, vulkan) == null;
        CompileOptions options = vulkan ? VULKAN : CompileOptions.DEFAULT;
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", src, options);
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src, options);
        if (glslang != m.ok() || glslang != r.ok()) {
            disagreements.add(src + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir " + (m.ok() ? "" : m.log())
                    + " / CSIR " + (r.ok() ? "accepts" : r.log()));
        }
        if (!r.ok()) {
            assertThat(r.diagnostics().getFirst().located()).as(src).isTrue();
        }
        return glslang;
    }

    @Test
    void theRefusedFormsAreLocated() {
        assertThat(header(gl("320 es", "[2]", "c = lights.color;"))).isEqualTo("s.frag:6:25: error: " + Messages.BLOCK_ARRAY_NOT_INDEXED);
        assertThat(header(gl("310 es", "[2]", "c = lights[k].color;"))).isEqualTo("s.frag:6:25: error: " + Messages.BLOCK_INDEX_VERSION);
        assertThat(header(gl("330", "[2]", "c = vec4(lights[0]);"))).isEqualTo("s.frag:5:24: error: " + Messages.BLOCK_NOT_A_VALUE);
        // glslang sizes an unsized array of blocks by its largest index, and takes arrays of arrays of them
        assertThat(header(gl("330", "[]", "c = lights[1].color;"))).isEqualTo("s.frag:2:56: error: " + Messages.BLOCK_ARRAY_UNSIZED);
        assertThat(header(gl("450", "[2][2]", "c = vec4(1.0);"))).isEqualTo("s.frag:2:56: error: " + Messages.BLOCK_ARRAY_OF_ARRAYS);
        String stage = "#version 450\nout Varyings { vec4 v; } outs[2];\nvoid main() { gl_Position = vec4(0.0); }\n";
        CompileResult r = ShaderCompiler.compile(Stage.VERTEX, "s.vert", stage);
        assertThat(r.diagnostics().getFirst().header()).isEqualTo("s.vert:2:26: error: " + Messages.BLOCK_ARRAY_KIND);
    }

    private static String header(String src) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src);
        assertThat(r.ok()).as(src).isFalse();
        return r.diagnostics().getFirst().header();
    }

    @Test
    void eachElementIsABlockOfItsOwnOnCsir() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", gl("330", "[3]", "c = lights[k].color * lights[2].gain;"));
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.ir().iface().uniforms()).extracting(InterfaceVar::name).containsExactly("k", "Light[0].color",
                "Light[0].gain", "Light[0].tint", "Light[1].color", "Light[1].gain", "Light[1].tint", "Light[2].color",
                "Light[2].gain", "Light[2].tint");
        assertThat(r.tgsi()).contains("DCL CONST[0][0..12]");
    }

    /** The colour the interpreter computes for {@code k}: each block's colour is (k', 0, 0, 1) for its index k'. */
    @Test
    void aRunTimeIndexReadsTheBlockItNames() {
        for (Client client : List.of(Client.OPENGL, Client.VULKAN)) {
            String src = client == Client.OPENGL ? gl("330", "[3]", "c = lights[k].color * lights[2].gain + lights[k].tint[1];")
                    : vulkan("[3]", "c = lights[k].color * lights[2].gain + lights[k].tint[1];");
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src,
                    client == Client.OPENGL ? CompileOptions.DEFAULT : VULKAN);
            assertThat(r.ok()).as(r.log()).isTrue();
            Map<String, Integer> slots = r.ir().iface().uniforms().stream()
                    .collect(Collectors.toMap(InterfaceVar::name, InterfaceVar::slot));
            Interpreter in = Interpreter.of(r.ir(), null);
            for (int k : new int[] {-3, 0, 1, 2, 7}) {
                Frame f = in.newFrame();
                for (int e = 0; e < 3; e++) {
                    f.uniform(slots.get("Light[" + e + "].color"), e, 0, 0, 1);
                    f.uniform(slots.get("Light[" + e + "].gain"), 10f * (e + 1), 0, 0, 0);
                    // the second column of the tint: (0, 0, 100 e, 0)
                    f.uniform(slots.get("Light[" + e + "].tint") + 1, 0, 0, 100f * e, 0);
                }
                // an int uniform is set as a float, which CSIR converts (F2I)
                f.uniform(slots.get("k"), k, 0, 0, 0);
                assertThat(in.run(f)).isEqualTo(Status.OK);
                int chosen = Math.clamp(k, 0, 2);
                assertThat(f.color()).as(client + " k=" + k).containsExactly(30f * chosen, 0f, 100f * chosen, 30f);
            }
        }
    }
}
