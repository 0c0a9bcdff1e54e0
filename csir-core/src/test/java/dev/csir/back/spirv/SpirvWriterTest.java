package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Module;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.ShaderStage;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The writer's words: header, deduplicated types, merge instructions, unreachable blocks, refusals. */
class SpirvWriterTest {
    private static Module compile(ShaderStage stage, String source) {
        ModuleResult r = ShaderCompiler.compileModule(stage, "t", source);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.module();
    }

    private static int[] write(Module m) {
        SpirvWriter.Result r = SpirvWriter.write(m);
        assertThat(r.errors()).isEmpty();
        return r.words();
    }

    /** The opcode of each instruction after the header. */
    private static List<Integer> opcodes(int[] words) {
        List<Integer> out = new ArrayList<>();
        for (int at = 5; at < words.length; at += words[at] >>> 16) {
            assertThat(words[at] >>> 16).isPositive();
            out.add(words[at] & 0xFFFF);
        }
        return out;
    }

    private static long count(int[] words, int opcode) {
        return opcodes(words).stream().filter(o -> o == opcode).count();
    }

    private static final String LOOP = """
            uniform float n;
            out vec4 color;
            void main() {
                float s = 0.0;
                for (int i = 0; i < int(n); i++) {
                    if (float(i) > n) { s = s + 1.0; } else { s = s - 0.5; }
                }
                color = vec4(s, s * 2.0, 0.0, 1.0);
            }
            """;

    @Test
    void theHeaderIsSpirv10WithADenseBound() {
        int[] w = write(compile(ShaderStage.FRAGMENT, LOOP));
        assertThat(w[0]).isEqualTo(0x07230203);
        assertThat(w[1]).isEqualTo(0x00010000);
        assertThat(w[4]).isZero();
        // every id below the bound is defined once: the bound is one more than the number of results
        assertThat(w[3]).isGreaterThan(10);
        assertThat(opcodes(w).getFirst()).isEqualTo(Spv.Op.OpCapability);
        assertThat(w[6]).isEqualTo(Spv.Capability.Shader);
    }

    @Test
    void typesAndConstantsAreDeclaredOnce() {
        int[] w = write(compile(ShaderStage.FRAGMENT, LOOP));
        assertThat(count(w, Spv.Op.OpTypeFloat)).isEqualTo(1);
        assertThat(count(w, Spv.Op.OpTypeBool)).isEqualTo(1);
        assertThat(count(w, Spv.Op.OpTypeVoid)).isEqualTo(1);
        List<String> constants = new ArrayList<>();
        for (int at = 5; at < w.length; at += w[at] >>> 16) {
            if ((w[at] & 0xFFFF) == Spv.Op.OpConstant) {
                constants.add(w[at + 1] + ":" + w[at + 3]);
            }
        }
        assertThat(constants).doesNotHaveDuplicates();
    }

    @Test
    void selectionsAndLoopsGetTheirMergeInstructions() throws Exception {
        Module m = compile(ShaderStage.FRAGMENT, LOOP);
        int[] w = write(m);
        assertThat(count(w, Spv.Op.OpLoopMerge)).isEqualTo(1);
        assertThat(count(w, Spv.Op.OpSelectionMerge)).isGreaterThanOrEqualTo(1);
        assertThat(SpirvVal.validate(SpirvWriter.write(m).binary())).isNull();
    }

    @Test
    void anUnreachableMergeBlockIsStillEmitted() throws Exception {
        Module m = compile(ShaderStage.FRAGMENT, """
                uniform float n;
                out vec4 color;
                void main() {
                    if (n > 0.5) { discard; } else { discard; }
                    color = vec4(1.0);
                }
                """);
        Function main = m.functions().getFirst();
        Cfg cfg = Cfg.of(main);
        List<Block> unreachable = main.blocks().stream().filter(b -> !cfg.isReachable(b)).toList();
        assertThat(unreachable).isNotEmpty();
        int[] w = write(m);
        assertThat(count(w, Spv.Op.OpLabel)).isEqualTo(main.blocks().size());
        assertThat(count(w, Spv.Op.OpSelectionMerge)).isEqualTo(1);
        assertThat(count(w, Spv.Op.OpKill)).isEqualTo(2);
        assertThat(SpirvVal.validate(SpirvWriter.write(m).binary())).isNull();
    }

    @Test
    void debugNamesOnlyWhenAskedFor() {
        Module m = compile(ShaderStage.FRAGMENT, LOOP);
        int[] plain = write(m);
        int[] named = SpirvWriter.write(m, new SpirvWriter.Options(true)).words();
        assertThat(count(plain, Spv.Op.OpName)).isZero();
        assertThat(count(named, Spv.Op.OpName)).isPositive();
        assertThat(count(named, Spv.Op.OpMemberName)).isPositive();
    }

    @Test
    void anInvalidModuleIsRefusedNotThrown() {
        Module m = new Module();
        Function f = m.addFunction(new Function("main", VoidType.VOID, List.of()));
        f.addBlock("entry");
        SpirvWriter.Result r = SpirvWriter.write(m);
        assertThat(r.ok()).isFalse();
        assertThat(r.errors()).isNotEmpty().allMatch(e -> e.startsWith("the module does not verify: "));
        assertThat(SpirvWriter.write(null).ok()).isFalse();
    }
}
