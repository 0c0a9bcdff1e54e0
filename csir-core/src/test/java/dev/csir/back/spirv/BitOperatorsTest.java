package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.lang.Client;
import dev.csir.ssa.build.ModuleBuilder;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The bit operators {@code & | ^ ~ << >>} and their compound assignments (GLSL 1.30, ES 3.00),
 * {@code ^^}, and the vertex and instance numbers ({@code gl_VertexID}/{@code gl_InstanceID} for
 * OpenGL, {@code gl_VertexIndex}/{@code gl_InstanceIndex} for Vulkan): 32-bit values as Java
 * computes them, SPIR-V that spirv-val accepts, accepted where glslang accepts them. CSIR takes
 * them as integer lanes in the default profile (and the interpreter computes what the evaluator
 * does); in the ChrisOS profile, which keeps float-valued ints, they are a located error naming CSIR.
 */
class BitOperatorsTest {
    private static final String FS = """
            #version 330 core
            uniform ivec4 a;
            uniform int n;
            out vec4 c;
            void main() {
                ivec4 x = (a << 3) ^ (a & 5) | ~a;
                ivec4 y = a >> n;
                int z = a.x;
                z <<= 2; z |= n; z &= 32767; z ^= a.y; z >>= 1;
                bool p = (a.x > 0) ^^ (a.y > 0);
                c = vec4(x.x + x.y * 3 + x.z + x.w, y.x + y.y + y.z * 7 + y.w, z, p ? 1 : 0);
            }
            """;

    @Test
    void valuesAreJavasThirtyTwoBitOnes() {
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "b.frag", FS);
        assertThat(m.ok()).as(m.log()).isTrue();
        Random random = new Random(13);
        for (int run = 0; run < 200; run++) {
            int[] a = {random.nextInt(), random.nextInt(2001) - 1000, random.nextInt(), -random.nextInt(100)};
            int n = random.nextInt(31);
            Invocation inv = new Invocation()
                    .uniformMember(ModuleBuilder.DEFAULT_BLOCK, "a", Val.Num.of(VectorType.IVEC4,
                            a[0] & 0xFFFF_FFFFL, a[1] & 0xFFFF_FFFFL, a[2] & 0xFFFF_FFFFL, a[3] & 0xFFFF_FFFFL))
                    .uniformMember(ModuleBuilder.DEFAULT_BLOCK, "n", Val.Num.of(dev.csir.types.ScalarType.INT, n));
            Result r = Evaluator.run(m.module(), inv);
            int[] x = new int[4];
            int[] y = new int[4];
            for (int i = 0; i < 4; i++) {
                x[i] = (a[i] << 3) ^ (a[i] & 5) | ~a[i];
                y[i] = a[i] >> n;
            }
            int z = a[0];
            z <<= 2;
            z |= n;
            z &= 0x7fff;
            z ^= a[1];
            z >>= 1;
            boolean p = (a[0] > 0) ^ (a[1] > 0);
            float[] want = {x[0] + x[1] * 3 + x[2] + x[3], y[0] + y[1] + y[2] * 7 + y[3], z, p ? 1 : 0};
            Val.Num got = r.num("c");
            for (int i = 0; i < 4; i++) {
                assertThat(got.floatAt(i)).as("run %d lane %d", run, i).isEqualTo(want[i]);
            }
        }
    }

    @Test
    void csirRunsThemAsTheEvaluatorDoes() {
        assertThat(dev.csir.testing.Differential.disagreements(ShaderStage.FRAGMENT, List.of(FS), 200, new Random(14)))
                .isEmpty();
    }

    @Test
    void spirvValAcceptsThem() throws Exception {
        SpirvVal.requireTool();
        String vs = """
                #version 450
                layout(location = 0) out vec2 uv;
                void main() {
                    uv = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
                    gl_Position = vec4(uv * 2.0 - 1.0, float(gl_InstanceIndex), 1.0);
                }
                """;
        for (var s : List.of(
                new Object[] {ShaderStage.FRAGMENT, FS, CompileOptions.DEFAULT},
                new Object[] {ShaderStage.VERTEX, vs, CompileOptions.DEFAULT.withClient(Client.VULKAN)})) {
            ModuleResult m = ShaderCompiler.compileModule((ShaderStage) s[0], "b", (String) s[1], (CompileOptions) s[2]);
            assertThat(m.ok()).as(m.log()).isTrue();
            SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
            assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
            assertThat(SpirvVal.validate(w.binary())).isNull();
            // CSIR: compiled in the default profile, a located error naming it in the ChrisOS one
            dev.csir.ir.Stage stage = s[0] == ShaderStage.VERTEX ? dev.csir.ir.Stage.VERTEX : dev.csir.ir.Stage.FRAGMENT;
            assertThat(ShaderCompiler.compile(stage, "b", (String) s[1], (CompileOptions) s[2]).ok()).isTrue();
            var r = ShaderCompiler.compile(stage, "b", (String) s[1],
                    ((CompileOptions) s[2]).withLimits(dev.csir.ir.Limits.CHRISOS));
            assertThat(r.ok()).isFalse();
            assertThat(r.diagnostics().getFirst().message()).startsWith("CSIR cannot express");
            assertThat(r.diagnostics().getFirst().line()).isGreaterThan(1);
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        String head = "uniform ivec4 a;\nuniform vec4 f;\nout vec4 c;\nvoid main() { ";
        for (String body : List.of("c = vec4(a & 3);", "c = vec4(a.x << a.y);", "c = vec4(a << 2);", "c = vec4(2 << a);",
                "c = vec4(f.x & 1);", "c = vec4(~f);", "c = vec4(~a);", "c = vec4(a | a.xy);", "c = vec4(a.xyz ^ 1);",
                "ivec4 b = a; b &= 3; b |= a; b ^= a.x; b <<= 1; b >>= a.y; c = vec4(b);",
                "float g = 1.0; g <<= 1; c = vec4(g);", "c = vec4(true ^^ false);", "c = vec4(1 ^^ 0);",
                "c = vec4(a.x > 0 ^^ a.y > 0);")) {
            for (String version : List.of("#version 120\n", "#version 130\n", "#version 300 es\nprecision mediump float;\n")) {
                String src = version + (version.startsWith("#version 120") ? head.replace("out vec4 c;", "vec4 c;") : head)
                        + body + " }\n";
                check(disagreements, "a.frag", src, false);
            }
        }
        for (String v : List.of("#version 120", "#version 130", "#version 140", "#version 300 es")) {
            check(disagreements, "a.vert", v + "\nvoid main() { gl_Position = vec4(float(gl_VertexID), 0.0, 0.0, 1.0); }\n", false);
            check(disagreements, "a.vert", v + "\nvoid main() { gl_Position = vec4(float(gl_InstanceID), 0.0, 0.0, 1.0); }\n", false);
        }
        check(disagreements, "a.vert", "#version 450\nvoid main() { gl_Position = vec4(float(gl_VertexIndex)); }\n", true);
        check(disagreements, "a.vert", "#version 450\nvoid main() { gl_Position = vec4(float(gl_VertexID)); }\n", true);
        check(disagreements, "a.vert", "#version 450\nvoid main() { gl_Position = vec4(float(gl_VertexIndex)); }\n", false);
        check(disagreements, "a.vert", "#version 450\nvoid main() { gl_VertexID = 1; gl_Position = vec4(0.0); }\n", false);
        check(disagreements, "a.frag", "#version 450\nout vec4 c;\nvoid main() { c = vec4(float(gl_VertexID)); }\n", false);
        assertThat(disagreements).isEmpty();
    }

    private static void check(List<String> disagreements, String file, String src, boolean vulkan) throws Exception {
        boolean glslang = Glslang.validate(file, src, vulkan) == null;
        CompileOptions o = vulkan ? CompileOptions.DEFAULT.withClient(Client.VULKAN) : CompileOptions.DEFAULT;
        ModuleResult r = ShaderCompiler.compileModule(file.endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT,
                file, src, o);
        if (glslang != r.ok()) {
            disagreements.add(src + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                    + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
        }
    }
}
