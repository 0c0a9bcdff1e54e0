package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.testing.RandomShaders;
import dev.csir.testing.ShaderCorpus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The disassembly reads back through the real assembler to the very words it was made from. */
class DisassemblerTest {
    private static final int RANDOM = 40;

    @Test
    void corpusAndRandomModulesRoundTripThroughSpirvAs() throws Exception {
        SpirvVal.requireTool();
        List<ShaderCorpus.Source> sources = new ArrayList<>(ShaderCorpus.all());
        for (long seed = 0; seed < RANDOM; seed++) {
            sources.add(RandomShaders.generate(seed, RandomShaders.Mode.FULL));
        }
        int checked = 0;
        List<String> bad = new ArrayList<>();
        for (ShaderCorpus.Source s : sources) {
            ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text());
            if (!r.ok()) {
                continue;
            }
            SpirvWriter.Result w = SpirvWriter.write(r.module(), new SpirvWriter.Options(true));
            assertThat(w.errors()).as(s.name()).isEmpty();
            String text = Disassembler.text(w.words());
            assertThat(text).as(s.name()).doesNotContain("malformed");
            int[] back = SpirvVal.assemble(text);
            int[] ours = w.words();
            // the assembler writes its own generator word; everything else must be ours
            back[2] = ours[2];
            if (!Arrays.equals(back, ours)) {
                bad.add(s.name());
            }
            checked++;
        }
        System.out.println("SPIR-V disassembly: " + checked + " modules read back to the same words");
        assertThat(bad).isEmpty();
        assertThat(checked).isGreaterThan(RANDOM);
    }

    @Test
    void readsLikeTheAssemblersText() {
        ModuleResult r = ShaderCompiler.compileModule(dev.csir.types.ShaderStage.FRAGMENT, "t.frag", """
                #version 330 core
                uniform float k;
                out vec4 color;
                void main() {
                    color = vec4(sin(k), 0.5, 1.0e-7, 2.0);
                }
                """);
        String text = Disassembler.text(SpirvWriter.write(r.module(), new SpirvWriter.Options(true, "t.frag")).words());
        assertThat(text).startsWith("; SPIR-V\n; Version: 1.0\n; Generator: 0x00000000\n; Bound: ");
        assertThat(text).contains("               OpCapability Shader\n");
        assertThat(text).containsPattern("\n +%1 = OpExtInstImport \"GLSL.std.450\"\n");
        assertThat(text).contains("OpMemoryModel Logical GLSL450");
        assertThat(text).containsPattern("OpEntryPoint Fragment %\\d+ \"main\"");
        assertThat(text).contains("OpExecutionMode %");
        assertThat(text).contains("OriginUpperLeft");
        assertThat(text).containsPattern("OpExtInst %\\d+ %1 Sin %\\d+");
        assertThat(text).containsPattern("OpConstant %\\d+ 0.5\n");
        assertThat(text).containsPattern("OpConstant %\\d+ 1e-7\n");
        // debug information: the file, the source, names, and the line and column of the sine
        assertThat(text).containsPattern("%(\\d+) = OpString \"t.frag\"\n +OpSource GLSL 330 %\\1\n");
        assertThat(text).contains("OpName %").contains("\"main\"").contains("\"color\"");
        assertThat(text).containsPattern("OpLine %\\d+ 5 \\d+\n");
        assertThat(text).containsPattern("OpDecorate %\\d+ Location 0");
    }

    @Test
    void aBrokenBinarySaysWhereItBreaks() {
        assertThat(Disassembler.text(new int[] {1, 2, 3})).isEqualTo("; malformed: not a SPIR-V module (no magic number)\n");
        int[] cut = {Spv.MAGIC, 0x10000, 0, 10, 0, (4 << 16) | Spv.Op.OpCapability};
        assertThat(Disassembler.text(cut)).endsWith("; malformed: instruction at word 5 has word count 4\n");
        int[] unknown = {Spv.MAGIC, 0x10000, 0, 10, 0, (1 << 16) | 9999};
        assertThat(Disassembler.text(unknown)).endsWith("; malformed: unknown opcode 9999 at word 5\n");
    }
}
