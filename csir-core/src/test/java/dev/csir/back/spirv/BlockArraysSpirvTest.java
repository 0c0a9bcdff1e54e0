package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * An array of uniform blocks in SPIR-V: one variable at the array's binding, of an OpTypeArray of
 * the block struct, the struct decorated Block and the array without an ArrayStride (SPIR-V
 * 2.16.2: an array of blocks is no memory of its own); each member read through one
 * OpAccessChain of the element, constant or the run-time index itself, then the member. spirv-val
 * takes every form.
 */
class BlockArraysSpirvTest {
    private static final String SOURCE = """
            #version 450
            layout(set = 0, binding = 0) uniform Light { vec4 color; mat4 m; float gain[2]; } lights[3];
            layout(set = 0, binding = 1) uniform Other { vec4 bias; };
            layout(location = 0) flat in int k;
            layout(location = 0) out vec4 c;
            void main() { c = lights[k].color * lights[2].gain[1] + lights[1].m[k] + bias; }
            """;

    @Test
    void oneVariableOfAnArrayOfTheBlock() throws Exception {
        SpirvVal.requireTool();
        String text = SpirvVal.validText(ShaderStage.FRAGMENT, SOURCE, CompileOptions.DEFAULT.withClient(Client.VULKAN));
        String block = id(text, "OpName (%\\d+) \"Light\"");
        String lights = id(text, "OpName (%\\d+) \"lights\"");
        String array = id(text, "(%\\d+) = OpTypeArray " + block + " ");
        assertThat(text).contains("OpDecorate " + block + " Block", "OpDecorate " + lights + " Binding 0")
                .doesNotContain("OpDecorate " + array + " ArrayStride");
        // the member arrays keep theirs
        assertThat(text).contains("ArrayStride 16");
        String k = id(text, "(%\\d+) = OpLoad %\\d+ " + id(text, "OpName (%\\d+) \"k\""));
        assertThat(text).containsPattern("OpAccessChain %\\d+ " + lights + " " + k + " %\\d+\n");
        assertThat(Pattern.compile("OpAccessChain %\\d+ " + lights + " ").matcher(text).results().count()).isEqualTo(3);
    }

    private static String id(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(regex).isTrue();
        return m.group(1);
    }
}
