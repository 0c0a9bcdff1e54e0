package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/**
 * The derivatives in SPIR-V: dFdx, dFdy and fwidth as OpDPdx, OpDPdy and OpFwidth, their Fine and
 * Coarse forms as theirs with the DerivativeControl capability (only where one is used), each
 * module passing spirv-val.
 */
class DerivativeSpirvTest {
    private static final String FRAGMENT = """
            #version 450
            layout(location = 0) in vec2 uv;
            layout(location = 0) out vec4 o;
            void main() {
                o = vec4(dFdxFine(uv.x), dFdyFine(uv), fwidthFine(uv.y))
                    + vec4(dFdxCoarse(uv), dFdyCoarse(uv.x), fwidthCoarse(uv.y))
                    + vec4(dFdx(uv), dFdy(uv.x), fwidth(uv.y));
            }
            """;

    @Test
    void everyDerivativeIsItsOpcodeAndValidates() throws Exception {
        SpirvVal.requireTool();
        byte[] all = binary(FRAGMENT);
        assertThat(SpirvVal.validate(all)).isNull();
        // OpDPdx 207 ... OpFwidthCoarse 215, each once; capability DerivativeControl (51) declared
        for (int op = 207; op <= 215; op++) {
            assertThat(count(all, op, -1)).as("opcode %d", op).isEqualTo(1);
        }
        assertThat(count(all, 17, 51)).isEqualTo(1);
        byte[] plain = binary("#version 450\nlayout(location = 0) in vec2 uv;\nlayout(location = 0) out vec4 o;\n"
                + "void main() { o = vec4(dFdx(uv), fwidth(uv)); }\n");
        assertThat(SpirvVal.validate(plain)).isNull();
        assertThat(count(plain, 17, 51)).isZero();
    }

    private static byte[] binary(String source) {
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "d.frag", source);
        assertThat(m.ok()).as(m.log()).isTrue();
        SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
        assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
        return w.binary();
    }

    /** Instructions of opcode {@code op} (with first operand {@code first}, unless -1). */
    private static int count(byte[] binary, int op, int first) {
        java.nio.IntBuffer words = java.nio.ByteBuffer.wrap(binary).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        int n = 0;
        for (int at = 5; at < words.limit(); ) {
            int word = words.get(at);
            int length = word >>> 16;
            if ((word & 0xFFFF) == op && (first < 0 || length > 1 && words.get(at + 1) == first)) {
                n++;
            }
            at += Math.max(length, 1);
        }
        return n;
    }
}
