package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.back.spirv.SpirvWriter;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Stage;
import dev.csir.link.Linker;
import dev.csir.testing.Differential;
import dev.csir.types.ShaderStage;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Matrix attributes and varyings (GLSL 4.60 4.4.1): a matrix takes one location per column, so
 * the next input without a location comes after its last column, in CSIR's slots as in SPIR-V's
 * locations; the interpreter reads and writes a column per slot as the evaluator computes them.
 */
class MatrixInterfaceTest {
    private static final String VERTEX = """
            #version 330 core
            in vec3 pos;
            in mat4 instance;
            in mat3 normalMatrix;
            in mat2x3 pair;
            out mat3 tbn;
            out vec2 uv;
            out mat2 spin;
            void main() {
                tbn = normalMatrix * mat3(instance) + mat3(pair[0], pair[1], pos);
                uv = pos.xy;
                spin = mat2(instance[0].xy, normalMatrix[2].yz);
                gl_Position = instance * vec4(pos, 1.0);
            }
            """;
    private static final String FRAGMENT = """
            #version 330 core
            in mat3 tbn;
            in vec2 uv;
            in mat2 spin;
            out vec4 c;
            void main() { c = vec4(tbn * vec3(spin * uv, 1.0), tbn[1].y); }
            """;

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        assertThat(Differential.disagreements(ShaderStage.VERTEX, List.of(VERTEX), 100, new Random(71))).isEmpty();
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, List.of(FRAGMENT), 100, new Random(72))).isEmpty();
    }

    @Test
    void aMatrixTakesALocationPerColumn() {
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "m.vert", VERTEX);
        assertThat(v.ok()).as(v.log()).isTrue();
        assertThat(v.ir().iface().vars().stream().filter(x -> x.kind() != InterfaceVar.Kind.UNIFORM)
                .map(x -> x.name() + "@" + x.slot()).toList())
                .containsExactly("pos@0", "instance@1", "normalMatrix@5", "pair@8", "tbn@0", "uv@3", "spin@4");
        assertThat(v.ir().iface().attrHi()).isEqualTo(9);
        assertThat(v.ir().iface().varHi()).isEqualTo(5);
        assertThat(v.tgsi()).contains("DCL IN[9]", "DCL OUT[6], GENERIC[5]").doesNotContain("DCL IN[10]");
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.VERTEX, "m.vert", VERTEX);
        var inputs = SpirvWriter.write(m.module(), new SpirvWriter.Options(true)).reflection().inputs();
        assertThat(inputs.stream().filter(i -> i.builtIn() == null).map(i -> i.name() + "@" + i.location()).toList())
                .containsExactly("pos@0", "instance@1", "normalMatrix@5", "pair@8");
    }

    @Test
    void thePairLinksColumnByColumn() {
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "m.vert", VERTEX);
        CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", FRAGMENT);
        Linker.Result linked = Linker.link(v.ir(), f.ir(), 1);
        assertThat(linked).isInstanceOf(Linker.Linked.class);
        String tgsi = dev.csir.testing.LinkedText.of(((Linker.Linked) linked).program()).fragmentText();
        assertThat(tgsi).contains("DCL IN[5], GENERIC[5]").doesNotContain("DCL IN[6]");
    }

    @Test
    void matricesPastTheVaryingSlotsAreTheLimitsMessage() {
        StringBuilder decls = new StringBuilder();
        StringBuilder writes = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            decls.append("out mat4 extra").append(i).append(";\n");
            writes.append("extra").append(i).append(" = instance;\n");
        }
        String many = VERTEX.replace("out mat2 spin;", "out mat2 spin;\n" + decls)
                .replace("gl_Position =", writes + "gl_Position =");
        CompileResult r = ShaderCompiler.compile(Stage.VERTEX, "m.vert", many);
        assertThat(r.ok()).isFalse();
        assertThat(r.log()).contains("too many varyings");
    }
}
