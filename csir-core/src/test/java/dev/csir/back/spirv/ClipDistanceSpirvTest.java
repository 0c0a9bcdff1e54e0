package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * gl_ClipDistance in SPIR-V: a float array of the size the shader uses, decorated BuiltIn
 * ClipDistance, with the ClipDistance capability only where it is used; every module spirv-val clean.
 */
class ClipDistanceSpirvTest {

    @Test
    void theBuiltInArrayOfItsSizeValidates() throws Exception {
        SpirvVal.requireTool();
        String implicit = text(ShaderStage.VERTEX, "#version 450\nlayout(location = 0) in vec4 p;\n"
                + "void main() { gl_Position = p; gl_ClipDistance[0] = p.x; gl_ClipDistance[2] = p.y; }\n");
        assertThat(implicit).contains("OpCapability ClipDistance").contains("BuiltIn ClipDistance")
                .containsPattern("OpConstant %\\d+ 3\\n[\\s\\S]*OpTypeArray");
        String sized = text(ShaderStage.VERTEX, "#version 450\nlayout(location = 0) in vec4 p;\n"
                + "out float gl_ClipDistance[5];\nuniform U { int k; };\n"
                + "void main() { gl_Position = p; gl_ClipDistance[k] = p.x; }\n");
        assertThat(sized).contains("BuiltIn ClipDistance").containsPattern("OpConstant %\\d+ 5\\n");
        String block = text(ShaderStage.VERTEX, "#version 450\nlayout(location = 0) in vec4 p;\n"
                + "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[2]; };\n"
                + "void main() { gl_Position = p; gl_ClipDistance[1] = -p.x; }\n");
        assertThat(block).contains("BuiltIn ClipDistance");
        String fragment = text(ShaderStage.FRAGMENT, "#version 450\nlayout(location = 0) out vec4 o;\n"
                + "void main() { o = vec4(gl_ClipDistance[1]); }\n");
        assertThat(fragment).contains("OpCapability ClipDistance").contains("BuiltIn ClipDistance");
        String none = text(ShaderStage.VERTEX, "#version 450\nvoid main() { gl_Position = vec4(0.0); }\n");
        assertThat(none).doesNotContain("ClipDistance");
    }

    /** The module's assembly, after spirv-val passed it. */
    private static String text(ShaderStage stage, String source) throws Exception {
        ModuleResult m = ShaderCompiler.compileModule(stage, stage == ShaderStage.VERTEX ? "c.vert" : "c.frag", source);
        assertThat(m.ok()).as(m.log()).isTrue();
        SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
        assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
        assertThat(SpirvVal.validate(w.binary())).as(source).isNull();
        java.nio.IntBuffer b = java.nio.ByteBuffer.wrap(w.binary()).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        int[] words = new int[b.limit()];
        b.get(words);
        return Disassembler.text(words);
    }
}
