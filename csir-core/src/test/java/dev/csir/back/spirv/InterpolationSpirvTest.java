package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.types.ShaderStage;
import org.junit.jupiter.api.Test;

/** The interpolation decorations pass spirv-val on both sides of a pair, with the words in the binary. */
class InterpolationSpirvTest {
    private static final String VERTEX = """
            #version 450
            layout(location = 0) in vec4 p;
            layout(location = 0) flat out vec4 f;
            layout(location = 1) noperspective out vec4 n;
            layout(location = 2) centroid out vec4 c;
            layout(location = 3) flat out int k;
            void main() { f = p; n = p; c = p; k = 3; gl_Position = p; }
            """;
    private static final String FRAGMENT = """
            #version 450
            layout(location = 0) flat in vec4 f;
            layout(location = 1) noperspective in vec4 n;
            layout(location = 2) centroid in vec4 c;
            layout(location = 3) flat in int k;
            layout(location = 0) out vec4 o;
            void main() { o = f + n + c + vec4(k); }
            """;

    @Test
    void decoratedVaryingsValidate() throws Exception {
        SpirvVal.requireTool();
        for (String[] s : new String[][] {{"v.vert", VERTEX}, {"f.frag", FRAGMENT}}) {
            ShaderStage stage = s[0].endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT;
            ModuleResult m = ShaderCompiler.compileModule(stage, s[0], s[1]);
            assertThat(m.ok()).as(m.log()).isTrue();
            SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
            assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
            assertThat(SpirvVal.validate(w.binary())).as(s[0]).isNull();
            // OpDecorate (opcode 71, 3 words) with Flat 14, NoPerspective 13, Centroid 16
            assertThat(decorations(w.binary(), 14)).as("Flat").isEqualTo(2);
            assertThat(decorations(w.binary(), 13)).as("NoPerspective").isEqualTo(1);
            assertThat(decorations(w.binary(), 16)).as("Centroid").isEqualTo(1);
        }
    }

    private static int decorations(byte[] binary, int decoration) {
        java.nio.IntBuffer words = java.nio.ByteBuffer.wrap(binary).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        int count = 0;
        for (int at = 5; at < words.limit(); ) {
            int word = words.get(at);
            int length = word >>> 16;
            if ((word & 0xFFFF) == 71 && length == 3 && words.get(at + 2) == decoration) {
                count++;
            }
            at += Math.max(length, 1);
        }
        return count;
    }
}
