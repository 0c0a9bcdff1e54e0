package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.testing.Glslang;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Layout qualifiers and interface blocks against the reference: small shaders, each compiled by
 * {@code glslangValidator} in the client's mode ({@code -V} for Vulkan) and by csir with the same
 * client, which must agree on whether it is accepted; a rejected one is rejected with a located
 * error. Skips without glslang, fails under CI.
 */
public class InterfaceOracleTest {
    /** One case: a name ending in the stage's extension, the client, whether glslang accepts it, the source. */
    public record Case(String name, Client client, boolean valid, String source) {
    }

    private static final String V = "#version 450\n";
    private static final String MAIN_VS = "void main() { gl_Position = vec4(0.0); }\n";
    private static final String MAIN_FS = "layout(location = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n";

    private static Case gl(String name, boolean valid, String body) {
        return new Case(name + ".vert", Client.OPENGL, valid, V + body);
    }

    private static Case vk(String name, boolean valid, String body) {
        return new Case(name + ".vert", Client.VULKAN, valid, V + body);
    }

    public static final List<Case> CASES = List.of(
            // layout ids: several in one, several qualifiers, the last one counting
            gl("locations", true, "layout(location = 0) in vec4 p;\nlayout(location = 2) layout(location = 1) in vec4 q;\n"
                    + "void main() { gl_Position = p + q; }\n"),
            gl("component", true, "layout(location = 0, component = 2) in vec2 p;\n"
                    + "void main() { gl_Position = vec4(p, 0.0, 1.0); }\n"),
            gl("componentNoLocation", false, "layout(component = 1) in vec2 p;\n" + MAIN_VS),
            gl("componentOverflow", false, "layout(location = 0, component = 2) in vec4 p;\n" + MAIN_VS),
            gl("unknownValued", false, "layout(foo = 1) in vec4 p;\n" + MAIN_VS),
            gl("unknownPlain", false, "layout(bar) in vec4 p;\n" + MAIN_VS),
            gl("locationNoValue", false, "layout(location) in vec4 p;\n" + MAIN_VS),
            gl("std140Valued", false, "layout(std140 = 1) uniform U { vec4 a; } u;\n" + MAIN_VS),
            gl("bindingOnInput", false, "layout(binding = 1) in vec4 p;\n" + MAIN_VS),
            gl("bindingOnLoose", false, "layout(binding = 1) uniform float f;\n" + MAIN_VS),
            gl("bindingOnSampler", true, "layout(binding = 3) uniform sampler2D s;\n" + MAIN_VS),
            gl("locationOnLoose", true, "layout(location = 4) uniform float f;\n"
                    + "void main() { gl_Position = vec4(f); }\n"),
            gl("setZeroInOpenGl", true, "layout(set = 0, binding = 0) uniform U { vec4 a; } u;\n"
                    + "void main() { gl_Position = u.a; }\n"),
            gl("setOneInOpenGl", false, "layout(set = 1, binding = 0) uniform U { vec4 a; } u;\n" + MAIN_VS),
            gl("pushConstantInOpenGl", false, "layout(push_constant) uniform P { vec4 a; } pc;\n" + MAIN_VS),
            gl("constantIdInOpenGl", false, "layout(constant_id = 1) const float k = 1.0;\n" + MAIN_VS),
            // uniform blocks
            gl("blockInstance", true, "layout(std140, binding = 0) uniform UBO { mat4 m; vec4 c; float k; } ubo;\n"
                    + "in vec4 p;\nvoid main() { gl_Position = ubo.m * p * ubo.k + ubo.c; }\n"),
            gl("blockNoInstance", true, "layout(std140) uniform UBO { mat4 m; vec3 c; };\n"
                    + "in vec4 p;\nvoid main() { gl_Position = m * p + vec4(c, 0.0); }\n"),
            gl("blockShared", true, "layout(shared) uniform U { vec4 a; } u;\nvoid main() { gl_Position = u.a; }\n"),
            gl("blockPacked", true, "layout(packed) uniform U { vec4 a; } u;\nvoid main() { gl_Position = u.a; }\n"),
            gl("blockStd430", false, "layout(std430) uniform U { vec4 a; } u;\n" + MAIN_VS),
            gl("blockLocation", false, "layout(location = 1) uniform U { vec4 a; } u;\n" + MAIN_VS),
            gl("defaultLayout", true, "layout(std140) uniform;\nuniform U { layout(offset = 16) vec4 a; } u;\n"
                    + "void main() { gl_Position = u.a; }\n"),
            gl("defaultBinding", false, "layout(binding = 0) uniform;\n" + MAIN_VS),
            gl("offsetAlign", true, "layout(std140) uniform U { float a; layout(offset = 32) vec4 b;"
                    + " layout(align = 64) float c; } u;\nvoid main() { gl_Position = u.b * u.a * u.c; }\n"),
            gl("offsetWithoutPacking", false, "uniform U { layout(offset = 16) vec4 a; } u;\n" + MAIN_VS),
            gl("offsetMisaligned", false, "layout(std140) uniform U { layout(offset = 4) vec4 a; } u;\n" + MAIN_VS),
            gl("offsetBackwards", false, "layout(std140) uniform U { layout(offset = 16) vec4 a;"
                    + " layout(offset = 0) vec4 b; } u;\n" + MAIN_VS),
            gl("alignNotPowerOfTwo", false, "layout(std140) uniform U { layout(align = 12) vec4 a; } u;\n" + MAIN_VS),
            gl("offsetOnVariable", false, "layout(offset = 0) uniform float x;\n" + MAIN_VS),
            gl("blockMemberUnknown", false, "uniform U { vec4 a; } u;\nvoid main() { gl_Position = u.b; }\n"),
            gl("blockMemberDuplicate", false, "uniform U { vec4 a; vec4 a; } u;\n" + MAIN_VS),
            gl("blockNameTwice", false, "uniform U { vec4 a; } u;\nuniform U { vec4 b; } v;\n" + MAIN_VS),
            gl("memberClash", false, "uniform U { vec4 a; };\nuniform float a;\n" + MAIN_VS),
            gl("multipleMembers", true, "uniform U { vec4 a, b; float s; } u;\n"
                    + "void main() { gl_Position = (u.a + u.b) * u.s; }\n"),
            gl("blockInFunction", false, "void main() { uniform U { vec4 a; } u; gl_Position = vec4(0.0); }\n"),
            gl("assignUniformMember", false, "uniform U { vec4 a; } u;\nvoid main() { u.a = vec4(1.0); gl_Position = u.a; }\n"),
            // stage blocks and gl_PerVertex
            gl("outputBlock", true, "out Vary { vec3 n; vec2 t; } vs_out;\nin vec4 p;\n"
                    + "void main() { vs_out.n = p.xyz; vs_out.t = p.xy; gl_Position = p; }\n"),
            gl("outputBlockNoInstance", true, "out Vary { vec3 n; };\nin vec4 p;\nvoid main() { n = p.xyz; gl_Position = p; }\n"),
            gl("inputBlockInVertex", false, "in Attr { vec4 p; } a;\n" + MAIN_VS),
            gl("perVertex", true, "out gl_PerVertex { vec4 gl_Position; };\nin vec4 p;\nvoid main() { gl_Position = p; }\n"),
            gl("perVertexPointSize", true, "out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\nin vec4 p;\n"
                    + "void main() { gl_Position = p; gl_PointSize = 1.0; }\n"),
            new Case("inputBlock.frag", Client.OPENGL, true, V + "in Vary { vec3 n; } fs_in;\nout vec4 c;\n"
                    + "void main() { c = vec4(fs_in.n, 1.0); }\n"),
            new Case("outputBlockInFragment.frag", Client.OPENGL, false, V + "out Col { vec4 c; } o;\n"
                    + "void main() { o.c = vec4(1.0); }\n"),
            // the Vulkan client
            vk("vkBlock", true, "layout(location = 0) in vec4 p;\nlayout(set = 0, binding = 1) uniform UBO { mat4 m; } ubo;\n"
                    + "void main() { gl_Position = ubo.m * p; }\n"),
            vk("vkBlockNoBinding", false, "uniform UBO { mat4 m; } ubo;\n" + MAIN_VS),
            vk("vkLooseUniform", false, "uniform float f;\n" + MAIN_VS),
            vk("vkSamplerNoBinding", false, "uniform sampler2D s;\n" + MAIN_VS),
            vk("vkInputNoLocation", false, "in vec4 p;\nvoid main() { gl_Position = p; }\n"),
            vk("vkPushConstant", true, "layout(location = 0) in vec4 p;\n"
                    + "layout(push_constant) uniform Push { mat4 m; vec4 off; } pc;\n"
                    + "void main() { gl_Position = pc.m * p + pc.off; }\n"),
            vk("vkPushConstantStd140", true, "layout(push_constant, std140) uniform Push { vec3 a; } pc;\n"
                    + "void main() { gl_Position = vec4(pc.a, 1.0); }\n"),
            vk("vkPushConstantBinding", false, "layout(push_constant, binding = 0) uniform Push { vec4 a; } pc;\n" + MAIN_VS),
            vk("vkTwoPushConstants", false, "layout(push_constant) uniform A { vec4 a; } x;\n"
                    + "layout(push_constant) uniform B { vec4 b; } y;\n" + MAIN_VS),
            vk("vkShared", false, "layout(shared, binding = 0) uniform U { vec4 a; } u;\n" + MAIN_VS),
            vk("vkOffsetDefaultPacking", true, "layout(binding = 0) uniform U { layout(offset = 32) vec4 b; } u;\n"
                    + "void main() { gl_Position = u.b; }\n"),
            vk("vkOffsetBackwards", true, "layout(binding = 0) uniform U { layout(offset = 16) vec4 a;"
                    + " layout(offset = 0) vec4 b; } u;\nvoid main() { gl_Position = u.a + u.b; }\n"),
            vk("vkConstantId", true, "layout(constant_id = 3) const float SCALE = 2.0;\n"
                    + "layout(constant_id = 4) const int N = -3;\nlayout(location = 0) in vec4 p;\n"
                    + "void main() { gl_Position = p * SCALE * float(N); }\n"),
            vk("vkConstantIdVector", false, "layout(constant_id = 1) const vec2 v = vec2(1.0);\n" + MAIN_VS),
            vk("vkConstantIdNotConst", false, "layout(constant_id = 1) int v = 1;\n" + MAIN_VS),
            vk("vkConstantIdTwice", false, "layout(constant_id = 1) const int a = 1;\n"
                    + "layout(constant_id = 1) const int b = 2;\n" + MAIN_VS),
            vk("vkMacro", true, "#if VULKAN != 100\n#error VULKAN\n#endif\n" + MAIN_VS),
            new Case("glMacro.vert", Client.OPENGL, true, V + "#ifdef VULKAN\n#error VULKAN\n#endif\n" + MAIN_VS),
            vk("vkOutputBlock", true, "layout(location = 0) out Vary { vec3 n; layout(location = 3) vec2 t; } vo;\n"
                    + "layout(location = 0) in vec4 p;\nvoid main() { vo.n = p.xyz; vo.t = p.zw; gl_Position = p; }\n"),
            vk("vkOutputBlockNoLocation", false, "out Vary { vec3 n; } vo;\n" + MAIN_VS),
            vk("vkPerVertex", true, "out gl_PerVertex { vec4 gl_Position; };\nlayout(location = 0) in vec4 p;\n"
                    + "void main() { gl_Position = p; }\n"),
            new Case("vkFragment.frag", Client.VULKAN, true, V
                    + "layout(location = 0) in Vary { vec3 n; } fs_in;\nlayout(binding = 1) uniform sampler2D s;\n"
                    + "layout(binding = 0) uniform Tint { vec4 tint; };\n" + "layout(location = 0) out vec4 c;\n"
                    + "void main() { c = texture(s, fs_in.n.xy) * tint; }\n"),
            new Case("vkFragmentMain.frag", Client.VULKAN, true, V + MAIN_FS));

    @Test
    void acceptsExactlyWhereGlslangAccepts() throws Exception {
        Glslang.requireTool();
        List<String> failures = new ArrayList<>();
        int agreed = 0;
        for (Case c : CASES) {
            String glslang = Glslang.validate(c.name(), c.source(), c.client() == Client.VULKAN);
            if ((glslang == null) != c.valid()) {
                failures.add(c.name() + " (" + c.client().word() + "): the case expects " + c.valid()
                        + " but glslang says " + (glslang == null ? "valid" : glslang));
                continue;
            }
            Stage stage = c.name().endsWith(".vert") ? Stage.VERTEX : Stage.FRAGMENT;
            CompileResult r = ShaderCompiler.compile(stage, c.name(), c.source(),
                    CompileOptions.DEFAULT.withClient(c.client()));
            if (r.ok() != c.valid()) {
                failures.add(c.name() + " (" + c.client().word() + "): glslang " + (c.valid() ? "accepts" : "rejects")
                        + ", csir " + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
                continue;
            }
            if (!r.ok()) {
                var first = r.diagnostics().stream().filter(d -> d.isError()).findFirst().orElseThrow();
                if (!first.located()) {
                    failures.add(c.name() + ": the error is not located: " + first.header());
                    continue;
                }
            }
            agreed++;
        }
        System.out.println("interface oracle: " + agreed + " of " + CASES.size() + " cases agree with glslang");
        assertThat(failures).isEmpty();
    }
}
