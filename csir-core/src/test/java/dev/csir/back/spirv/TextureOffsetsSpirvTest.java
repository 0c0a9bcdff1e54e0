package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.testing.TextureForms;
import dev.csir.types.ShaderStage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The offset forms and the gathers ({@link TextureForms#OFFSETS_AND_GATHERS}) as SPIR-V in both
 * stages, optimized and not: {@code spirv-val} accepts them for Vulkan 1.0, constant offsets are
 * ConstOffset, a variable gather offset is Offset and four are ConstOffsets (both under
 * ImageGatherExtended), the gathers OpImageGather and OpImageDrefGather, and the queries
 * OpImageQueryLevels and OpImageQueryLod.
 */
class TextureOffsetsSpirvTest {
    @Test
    void offsetsAndGathersValidate() throws Exception {
        SpirvVal.requireTool();
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.FRAGMENT, ShaderStage.VERTEX}) {
            String bias = "o += textureOffset(s, uv, ivec2(1), 0.5) + textureProjOffset(vol, vec4(d, 2.0), ivec3(1), 1.0)"
                    + " + textureQueryLod(layers, uv).xyxy + textureQueryLod(sky, d).xxyy;";
            String src = TextureForms.OFFSETS_AND_GATHERS.replace("STAGE_LINES",
                    stage == ShaderStage.FRAGMENT ? bias : "gl_Position = o;");
            for (boolean optimize : new boolean[] {true, false}) {
                ModuleResult r = ShaderCompiler.compileModule(stage, "t." + stage, src,
                        CompileOptions.DEFAULT.withOptimize(optimize));
                assertThat(r.ok()).as(r.log()).isTrue();
                SpirvWriter.Result w = SpirvWriter.write(r.module(), new SpirvWriter.Options(true));
                assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
                assertThat(SpirvVal.validate(w.binary())).as(stage + " optimize " + optimize).isNull();
                String dis = disassemble(w.binary());
                assertThat(dis).contains("OpCapability ImageGatherExtended", "OpImageGather", "OpImageDrefGather",
                        "ConstOffsets", "ConstOffset %", "Offset %", "OpImageFetch");
                assertThat(count(dis, "OpImageGather ")).isEqualTo(9);
                assertThat(count(dis, "OpImageDrefGather ")).isEqualTo(6);
                assertThat(count(dis, "OpImageQueryLevels ")).isEqualTo(2);
                assertThat(count(dis, "OpImageQueryLod ")).isEqualTo(stage == ShaderStage.FRAGMENT ? 2 : 0);
            }
        }
    }

    private static int count(String text, String word) {
        return text.split(java.util.regex.Pattern.quote(word), -1).length - 1;
    }

    private static String disassemble(byte[] binary) throws Exception {
        Path file = Files.createTempFile("csir-", ".spv");
        try {
            Files.write(file, binary);
            Process p = new ProcessBuilder("spirv-dis", "--raw-id", file.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return out;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
