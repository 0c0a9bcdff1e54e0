package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The batch path in a JVM started without {@code jdk.incubator.vector}, as a library user's JVM
 * is by default: the rows fall back to their scalar loops, nothing of the vector code loads, and
 * the lanes are still the interpreter's bit for bit. Runs {@link #main} in a child JVM.
 */
class WithoutVectorModuleTest {
    private static final String SHADER = """
            #version 330 core
            in vec3 n;
            in vec2 uv;
            out vec4 color;
            void main() {
                vec3 d = normalize(n);
                float s = pow(max(d.z, 0.0), 24.0) + log2(1.0 + dot(d, d)) + exp2(uv.x);
                color = vec4(d * s, 1.0 / (1.0 + length(uv)));
            }
            """;

    @Test
    void batchesAgreeWithTheInterpreterWithoutTheModule() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                WithoutVectorModuleTest.class.getName())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("scalar rows agree").doesNotContain("incubator");
    }

    /** The child: exit 0 when the module is absent, the scalar rows were chosen and the batch agrees. */
    public static void main(String[] args) {
        if (Rows.VECTOR || ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            System.out.println("the vector module is present");
            System.exit(1);
        }
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "rows.frag", SHADER);
        if (!r.ok()) {
            System.out.println(r.log());
            System.exit(1);
        }
        String disagreement = BatchCheck.compare(r.ir(), null, Limits.DEFAULT, 64, 64, new Random(5));
        if (disagreement != null) {
            System.out.println(disagreement);
            System.exit(1);
        }
        System.out.println("scalar rows agree");
    }
}
