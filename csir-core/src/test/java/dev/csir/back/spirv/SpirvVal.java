package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import static org.junit.jupiter.api.Assertions.fail;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.types.ShaderStage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Runs {@code spirv-val --target-env vulkan1.0} on a binary; skips (fails under CI) without it. */
final class SpirvVal {
    private static Boolean present;

    private SpirvVal() {
    }

    static void requireTool() {
        if (present == null) {
            try {
                Process p = new ProcessBuilder("spirv-val", "--version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                present = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException | InterruptedException e) {
                present = false;
            }
        }
        if (!present) {
            String why = "spirv-val (Debian package spirv-tools) is not installed";
            if (System.getenv("CI") != null) {
                fail(why + "; CI does not skip the SPIR-V validation");
            }
            System.out.println("skipped: " + why);
            Assumptions.abort(why);
        }
    }

    /**
     * What {@code spirv-as --preserve-numeric-ids} makes of assembly text, as words; throws with
     * the assembler's complaint when it refuses the text.
     */
    static int[] assemble(String text) throws IOException, InterruptedException {
        requireTool();
        Path in = Files.createTempFile("csir-", ".spvasm");
        Path out = Files.createTempFile("csir-", ".spv");
        try {
            Files.writeString(in, text);
            Process p = new ProcessBuilder("spirv-as", "--preserve-numeric-ids", "--target-env", "spv1.0", "-o",
                    out.toString(), in.toString()).redirectErrorStream(true).start();
            String complaint = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(60, TimeUnit.SECONDS);
            if (p.exitValue() != 0) {
                throw new AssertionError("spirv-as refused the text: " + complaint.strip());
            }
            byte[] bytes = Files.readAllBytes(out);
            int[] words = new int[bytes.length / 4];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
            return words;
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }

    /**
     * {@code source} as the transform IR of {@code stage} under {@code options}, written with
     * debug names: its assembly text, once the front end, the writer and spirv-val accepted it.
     */
    static String validText(ShaderStage stage, String source, CompileOptions options)
            throws IOException, InterruptedException {
        ModuleResult m = ShaderCompiler.compileModule(stage, stage == ShaderStage.VERTEX ? "s.vert" : "s.frag", source,
                options);
        assertThat(m.ok()).as(m.log()).isTrue();
        SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
        assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
        assertThat(validate(w.binary())).as(source).isNull();
        return Disassembler.text(w.words());
    }

    /** The validator's complaint, or null when the binary is valid. */
    static String validate(byte[] binary) throws IOException, InterruptedException {
        requireTool();
        Path file = Files.createTempFile("csir-", ".spv");
        try {
            Files.write(file, binary);
            Process p = new ProcessBuilder("spirv-val", "--target-env", "vulkan1.0", file.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(60, TimeUnit.SECONDS);
            return p.exitValue() == 0 ? null : out.strip();
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
