package dev.csir.csi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import org.junit.jupiter.api.Test;

/** LG2, csir's logarithm opcode: number 37, stored by CSI version 2 only, emitted as TGSI LG2. */
class CsiLogarithmTest {
    private static ShaderIr logShader() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "log.frag", """
                #version 330 core
                uniform vec4 k;
                out vec4 color;
                void main() {
                    color = vec4(log2(k.xy), log(k.z), 1.0);
                }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.tgsi()).contains("LG2 ");
        return r.ir();
    }

    @Test
    void version2CarriesLg2AndVersion1RefusesIt() {
        ShaderIr ir = logShader();
        int first = 0;
        while (ir.insn(first).op() != Opcode.LG2.code()) {
            first++;
        }
        assertThat(Opcode.LG2.code()).isEqualTo(37);
        CsiResult.Loaded l = (CsiResult.Loaded) Csi.load(Csi.save(ir));
        assertThat(l.version()).isEqualTo(2);
        assertThat(l.shader()).isEqualTo(ir);
        assertThat(Csi.version1Problem(ir)).isEqualTo("opcode 37 (lg2) needs CSI version 2: instruction " + first);
    }
}
