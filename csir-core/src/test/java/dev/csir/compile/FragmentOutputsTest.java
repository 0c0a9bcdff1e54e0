package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.types.ShaderStage;
import dev.csir.verify.Verifier;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Several fragment outputs (GLSL 4.60 4.4.2): on CSIR each is the colour output of its location,
 * STORE_COLOR's aux naming it (CSI version 2 only past output 0), TGSI's OUT[k] declared COLOR[k];
 * the interpreter writes each where the evaluator computes it.
 */
class FragmentOutputsTest {
    private static final String SHADER = """
            #version 330 core
            uniform vec4 k;
            layout(location = 3) out vec4 normal;
            out vec4 albedo;
            layout(location = 1) out vec2 depth;
            out float mask;
            void main() {
                albedo = k * 2.0;
                normal = vec4(normalize(k.xyz + vec3(3.0)), 1.0);
                depth = k.zw;
                mask = k.x > 0.0 ? 1.0 : 0.5;
            }
            """;

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, List.of(SHADER), 100, new Random(81))).isEmpty();
    }

    @Test
    void eachOutputIsItsLocationsColourOutput() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", SHADER);
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.ir().iface().outputs().stream().map(o -> o.name() + "@" + o.slot()).toList())
                .containsExactly("normal@3", "albedo@0", "depth@1", "mask@2");
        assertThat(r.tgsi()).contains("DCL OUT[0], COLOR\n", "DCL OUT[1], COLOR[1]\n", "DCL OUT[3], COLOR[3]\n",
                "MOV OUT[3], TEMP[").doesNotContain("OUT[4]");
        // a stored vec2 and float are padded, alpha 1, as output 0's are
        Interpreter in = Interpreter.of(r.ir(), null);
        var frame = in.newFrame();
        frame.uniform(0, 0.5f, 1f, 2f, 3f);
        in.run(frame);
        float[] c = frame.color();
        assertThat(c).hasSize(16);
        assertThat(java.util.Arrays.copyOfRange(c, 4, 8)).containsExactly(2f, 3f, 0f, 1f);
        assertThat(java.util.Arrays.copyOfRange(c, 8, 12)).containsExactly(1f, 0f, 0f, 1f);
    }

    @Test
    void outputsPastTheFirstNeedCsiVersion2AndTheDefaultProfile() {
        ShaderIr ir = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", SHADER).ir();
        assertThat(Csi.version1Problem(ir)).contains("colour output slot 3 needs CSI version 2");
        CsiResult loaded = Csi.load(Csi.save(ir));
        assertThat(loaded).as(loaded.toString()).isInstanceOf(CsiResult.Loaded.class);
        CsiResult.Loaded l = (CsiResult.Loaded) loaded;
        assertThat(l.shader()).isEqualTo(ir);
        CompileResult chrisos = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", SHADER,
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(chrisos.log()).contains("only one fragment output is supported");
        CompileResult past = ShaderCompiler.compile(Stage.FRAGMENT, "p.frag",
                "#version 330 core\nlayout(location = 8) out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
        assertThat(past.log()).contains("p.frag:2:", "a fragment output at location 8 (it has 8 colour outputs)");
        // the verifier holds a hand-made record to the profile's outputs
        List<Insn> code = new java.util.ArrayList<>(ir.code());
        int store = 0;
        while (code.get(store).op() != Opcode.STORE_COLOR.code()) {
            store++;
        }
        Insn s = code.get(store);
        code.set(store, new Insn(s.op(), s.ty(), s.ncomp(), s.dst(), s.a(), s.b(), s.c(), 8, s.aux2()));
        ShaderIr bad = new ShaderIr(ir.name(), ir.stage(), code, ir.immediates(), ir.temps(), ir.iface());
        assertThat(Verifier.verify(bad, Limits.DEFAULT).toString()).contains("invalid colour output");
    }
}
