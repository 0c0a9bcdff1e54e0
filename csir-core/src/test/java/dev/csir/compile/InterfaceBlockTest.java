package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.link.Linker;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.SpecConstant;
import dev.csir.testing.Differential;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Interface blocks through CSIR: a uniform or push-constant block's members are ordinary uniforms
 * in CSIR's slots (the same TGSI as loose uniforms of the same names, the same values in the
 * interpreter as in the transform-IR evaluator), a stage block's members are varyings that link
 * by block name, and a specialization constant is its default everywhere but SPIR-V.
 */
class InterfaceBlockTest {
    private static final CompileOptions VULKAN = CompileOptions.DEFAULT.withClient(Client.VULKAN);

    private static final String LOOSE = """
            #version 450
            in vec4 p;
            uniform mat4 m;
            uniform vec4 c;
            uniform float k;
            out vec4 v;
            void main() { gl_Position = m * p * k + c; v = c * k; }
            """;

    private static String blocked(String decl, String prefix) {
        return """
                #version 450
                layout(location = 0) in vec4 p;
                %s
                layout(location = 0) out vec4 v;
                void main() { gl_Position = %sm * p * %sk + %sc; v = %sc * %sk; }
                """.formatted(decl, prefix, prefix, prefix, prefix, prefix);
    }

    private static CompileResult compile(Stage stage, String source, CompileOptions options) {
        CompileResult r = ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "t.vert" : "t.frag", source, options);
        assertThat(r.ok()).as(source + "\n" + r.log()).isTrue();
        return r;
    }

    @Test
    void blockMembersAreTheLooseUniformsOfTheirNames() {
        String loose = compile(Stage.VERTEX, LOOSE, CompileOptions.DEFAULT).tgsi();
        String[][] blocks = {
            {"layout(std140, binding = 1) uniform UBO { mat4 m; vec4 c; float k; } ubo;", "ubo.", "opengl"},
            {"uniform UBO { mat4 m; vec4 c; float k; };", "", "opengl"},
            {"layout(binding = 0) uniform UBO { mat4 m; vec4 c; float k; } ubo;", "ubo.", "vulkan"},
            {"layout(push_constant) uniform Push { mat4 m; vec4 c; float k; } pc;", "pc.", "vulkan"},
        };
        for (String[] b : blocks) {
            CompileOptions options = b[2].equals("vulkan") ? VULKAN : CompileOptions.DEFAULT;
            assertThat(compile(Stage.VERTEX, blocked(b[0], b[1]), options).tgsi()).as(b[0]).isEqualTo(loose);
        }
    }

    @Test
    void theInterpreterAndTheEvaluatorAgreeOnBlocks() {
        Random random = new Random(14);
        String[] sources = {
            blocked("layout(std140, binding = 2) uniform UBO { mat4 m; layout(offset = 80) vec4 c; float k; } ubo;",
                    "ubo."),
            blocked("layout(push_constant) uniform Push { mat4 m; vec4 c; float k; } pc;", "pc."),
            blocked("layout(binding = 0) uniform A { mat4 m; float k; } a;\n"
                    + "layout(binding = 1) uniform B { vec4 c; float k; } b;", "a.").replace("a.c", "b.c")
                    .replace("* a.k;", "* b.k;"),
        };
        for (String s : sources) {
            CompileResult r = compile(Stage.VERTEX, s, VULKAN);
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "t.vert", s, VULKAN);
            assertThat(m.module()).as(m.diagnostics().toString()).isNotNull();
            for (int run = 0; run < 20; run++) {
                assertThat(Differential.compare(ShaderStage.VERTEX, r.ir(), m.module(), random)).as(s).isNull();
            }
        }
    }

    @Test
    void membersOfTwoBlocksOfOneNameAreNamedByTheirBlocks() {
        String s = blocked("layout(binding = 0) uniform A { mat4 m; float k; } a;\n"
                + "layout(binding = 1) uniform B { vec4 c; float k; } b;", "a.").replace("a.c", "b.c");
        CompileResult r = compile(Stage.VERTEX, s, VULKAN);
        assertThat(r.ir().iface().uniforms()).extracting(u -> u.name()).containsExactly("m", "c", "A.k", "B.k");
    }

    @Test
    void uniformBlocksKeepTheirBindingsAndOthersTakeTheFreeOnes() {
        String s = """
                #version 450
                layout(location = 0) in vec4 p;
                uniform float loose;
                layout(binding = 0) uniform sampler2D s;
                uniform First { vec4 a; } first;
                layout(set = 0, binding = 5) uniform Second { vec4 b; } second;
                layout(std140, binding = 3) uniform Third { vec4 c; };
                void main() { gl_Position = p * loose + first.a + second.b + c + texture(s, p.xy); }
                """;
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "t.vert", s, CompileOptions.DEFAULT);
        assertThat(m.module()).as(m.diagnostics().toString()).isNotNull();
        assertThat(binding(m, "gl_DefaultUniformBlock")).isEqualTo("0:1");
        assertThat(binding(m, "s")).isEqualTo("0:0");
        assertThat(binding(m, "first")).isEqualTo("0:2");
        assertThat(binding(m, "second")).isEqualTo("0:5");
        assertThat(binding(m, "Third")).isEqualTo("0:3");
        GlobalVariable third = m.module().global("Third").orElseThrow();
        assertThat(((StructType) third.valueType()).name()).isEqualTo("Third");
    }

    private static String binding(ModuleResult m, String name) {
        GlobalVariable g = m.module().global(name).orElseThrow();
        return g.set() + ":" + g.binding();
    }

    @Test
    void pushConstantsAreStd430AndTheirOwnSpace() {
        String s = blocked("layout(push_constant) uniform Push { mat4 m; vec3 c3; float k; vec4 c; } pc;", "pc.");
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "t.vert", s, VULKAN);
        GlobalVariable pc = m.module().global("pc").orElseThrow();
        assertThat(pc.space()).isEqualTo(AddressSpace.PUSH_CONSTANT);
        assertThat(((StructType) pc.valueType()).members()).extracting(StructType.Member::offset)
                .containsExactly(0, 64, 76, 80);
    }

    @Test
    void stageBlocksLinkByBlockName() {
        String vs = """
                #version 450
                in vec4 p;
                out Vary { vec3 n; vec2 t; } vs_out;
                void main() { vs_out.n = p.xyz; vs_out.t = p.yx; gl_Position = p; }
                """;
        String fs = """
                #version 450
                in Vary { vec3 n; vec2 t; } fs_in;
                out vec4 c;
                void main() { c = vec4(fs_in.n * fs_in.t.x, fs_in.t.y); }
                """;
        CompileResult v = compile(Stage.VERTEX, vs, CompileOptions.DEFAULT);
        CompileResult f = compile(Stage.FRAGMENT, fs, CompileOptions.DEFAULT);
        assertThat(v.ir().iface().outputs()).extracting(o -> o.name()).containsExactly("Vary.n", "Vary.t");
        assertThat(Linker.link(v.ir(), f.ir(), 1)).isInstanceOf(Linker.Linked.class);
        CompileResult other = compile(Stage.FRAGMENT, fs.replace("Vary", "Other"), CompileOptions.DEFAULT);
        assertThat(Linker.link(v.ir(), other.ir(), 1)).isInstanceOf(Linker.Failed.class);
    }

    @Test
    void perVertexRedeclaresThePosition() {
        String withBlock = """
                #version 450
                out gl_PerVertex { vec4 gl_Position; };
                in vec4 p;
                void main() { gl_Position = p; }
                """;
        String without = withBlock.replace("out gl_PerVertex { vec4 gl_Position; };\n", "");
        assertThat(compile(Stage.VERTEX, withBlock, CompileOptions.DEFAULT).tgsi())
                .isEqualTo(compile(Stage.VERTEX, without, CompileOptions.DEFAULT).tgsi());
    }

    @Test
    void specializationConstantsAreTheirDefaultsInCsir() {
        String spec = """
                #version 450
                layout(constant_id = 7) const float SCALE = 2.5;
                layout(constant_id = 8) const int N = -3;
                layout(location = 0) in vec4 p;
                void main() { gl_Position = p * SCALE * float(N); }
                """;
        CompileResult r = compile(Stage.VERTEX, spec, VULKAN);
        assertThat(r.tgsi()).contains("2.500000").contains("-3.000000");
        Random random = new Random(5);
        ModuleResult built = ShaderCompiler.compileModule(ShaderStage.VERTEX, "t.vert", spec, VULKAN);
        for (int run = 0; run < 10; run++) {
            assertThat(Differential.compare(ShaderStage.VERTEX, r.ir(), built.module(), random)).isNull();
        }
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "t.vert", spec, VULKAN);
        assertThat(m.module().specConstants()).extracting(SpecConstant::id, SpecConstant::name)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(7, "SCALE"), org.assertj.core.groups.Tuple.tuple(8, "N"));
        assertThat(m.module().specConstants().get(1).defaultValue().bits() & 0xFFFF_FFFFL).isEqualTo(-3 & 0xFFFF_FFFFL);
    }
}
