package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.testing.SamplerAggregateForms;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Samplers in struct uniforms and arrays: each is a uniform of its own named by its path, the
 * data beside them one uniform of the struct without them. The interpreter computes the
 * evaluator's values with a different random texture behind every sampler, TGSI declares a
 * sampler per path, and csir accepts and rejects these forms where glslang does.
 */
class SamplerAggregatesTest {
    @Test
    void theInterpreterComputesTheEvaluatorsValuesWithEverySamplerItsOwnTexture() {
        List<String> sources = SamplerAggregateForms.BODIES.stream().map(SamplerAggregateForms::shader).toList();
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, sources, 60, new Random(31))).isEmpty();
    }

    @Test
    void everySamplerIsAUniformNamedByItsPath() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", SamplerAggregateForms.shader(
                SamplerAggregateForms.BODIES.get(2)));
        assertThat(r.ok()).as(r.log()).isTrue();
        List<String> names = r.ir().iface().samplers().stream().map(s -> s.name()).toList();
        assertThat(names).containsExactly("material.diffuse", "material.specular", "maps[0]", "maps[1]", "maps[2]",
                "stack.layers[0].map", "stack.layers[1].map", "extra[0].map", "extra[1].map");
        assertThat(r.tgsi()).contains("DCL SAMP[8]").doesNotContain("DCL SAMP[9]");
        // each path reaches its own slot, in declaration order
        List<String> paths = List.of("material.diffuse", "material.specular", "maps[0]", "maps[1]", "maps[LAST]",
                "stack.layers[0].map", "stack.layers[1].map", "extra[0].map", "extra[LAST - 1].map");
        for (int slot = 0; slot < paths.size(); slot++) {
            CompileResult one = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", SamplerAggregateForms.shader(
                    "c = texture(" + paths.get(slot) + ", uv);"));
            assertThat(one.tgsi()).as(paths.get(slot)).contains("TEX TEMP[0], TEMP[0], SAMP[" + slot + "], 2D");
        }
    }

    @Test
    void aBindingNumbersTheElementsOfASamplerArray() {
        dev.csir.ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "s.frag", """
                #version 420
                layout(binding = 3) uniform sampler2D maps[2];
                in vec2 uv;
                out vec4 c;
                void main() { c = texture(maps[1], uv) + texture(maps[0], uv); }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        var spirv = dev.csir.back.spirv.SpirvWriter.write(r.module(), new dev.csir.back.spirv.SpirvWriter.Options(true));
        assertThat(spirv.reflection().samplers().stream().map(s -> s.name() + "@" + s.binding()).toList())
                .containsExactly("maps[0]@3", "maps[1]@4");
    }

    @Test
    void whatCsirCannotSplitIsALocatedError() {
        String runTime = SamplerAggregateForms.shader("c = texture(maps[int(k.x)], uv);");
        // GLSL 4.00 chooses a sampler at run time (DynamicSamplerIndexTest), 3.30 does not
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", runTime.replace("#version 330 core", "#version 400"));
        assertThat(r.ok()).as(r.log()).isTrue();
        CompileResult old = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", runTime);
        assertThat(old.log()).contains("s.frag:15:", dev.csir.diag.Messages.SAMPLER_INDEX_VERSION);
        CompileResult whole = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", SamplerAggregateForms.shader(
                "c = lookup(maps, uv);"));
        assertThat(whole.log()).contains("s.frag:15:", "can only be used one by one");
        CompileResult vulkan = ShaderCompiler.compile(Stage.FRAGMENT, "v.frag", """
                #version 450
                layout(binding = 0) uniform sampler2D maps[2];
                layout(location = 0) out vec4 c;
                void main() { c = texture(maps[1], vec2(0.5)); }
                """, CompileOptions.DEFAULT.withClient(Client.VULKAN));
        assertThat(vulkan.log()).contains("v.frag:2:", "arrays of samplers are not supported yet in GLSL for Vulkan");
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String body : SamplerAggregateForms.BODIES) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, SamplerAggregateForms.shader(body));
        }
        for (String body : List.of("Material m; c = vec4(m.shininess);", "c = texture(maps[3], uv);",
                "c = texture(maps[-1], uv);", "c = texture(material.normal, uv);", "c = texture(maps[1.0], uv);",
                "c = texture(material, uv);", "c = texture(stack.layers[0], uv);", "c = vec4(material.tint, 1.0);",
                "c = texture(maps[int(k.x)], uv);")) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, SamplerAggregateForms.shader(body));
        }
        GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                "#version 330\nstruct S { sampler2D t; };\nS g;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
        GlslangAgreement.check(disagreements, ShaderStage.VERTEX, """
                #version 330
                struct Bones { sampler2D weights; float scale; };
                uniform Bones bones;
                in vec4 p;
                void main() { gl_Position = p * textureLod(bones.weights, p.xy, 0.0) * bones.scale; }
                """);
        assertThat(disagreements).isEmpty();
    }
}
