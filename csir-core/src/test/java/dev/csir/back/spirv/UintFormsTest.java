package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code uint} and {@code uvec2..4} (GLSL 1.30, ES 3.00; plain names before): {@code u} literals,
 * constructors and conversions, arithmetic with unsigned division, remainder, comparison and
 * logical shifts, the bit operators, the implicit conversions (uint to float, int to uint from
 * 4.00, none in ES), min/max/clamp, the vector comparisons, the bit-field functions, the
 * float/uint bit casts and uint switch selectors: 32-bit values as Java computes them, SPIR-V
 * that spirv-val accepts, accepted where glslang accepts them. CSIR holds them as integer lanes in
 * the default profile, where the interpreter computes what the evaluator does; the ChrisOS profile
 * (float-valued ints) gives a located error naming CSIR for the bit operators.
 */
class UintFormsTest {
    private static final String HASH = """
            #version 330 core
            in vec2 uv;
            out vec4 o;
            uint hash(uint x) {
                x ^= x >> 16u;
                x *= 0x7feb352du;
                x ^= x >> 15;
                x *= 0x846ca68bu;
                x ^= x >> 16;
                return x;
            }
            void main() {
                uvec2 p = uvec2(uv);
                uint h = hash(p.x + p.y * 256u);
                uint m = h % 7u;
                uint d = h / 1000u;
                bool big = h > 0x80000000u;
                uint bits = floatBitsToUint(uv.x);
                o = vec4(float(h & 0xFFFFu), float(m) + float(d >> 20), big ? 1.0 : 0.0,
                        uintBitsToFloat(bits ^ 0x80000000u) + float(min(h, 5u) + clamp(m, 2u, 4u)));
            }
            """;

    private static final List<String> BODIES = List.of(
            "uint a = 1u; uint b = a + 2u;",
            "uint a = 1u; uint b = a + 2;",
            "uint a = 1;",
            "int i = 1u;",
            "uint a = 1u; int i = 2; uint c = a << i;",
            "uint a = 1u; int i = 2; int c = i >> a;",
            "uint a = 1u; int i = 2; uint c = a & i;",
            "uint a = 1u; uint c = ~a;",
            "uint a = 1u; uint c = -a;",
            "uint a = 1u; bool b = a < 2u;",
            "uint a = 1u; bool b = a < 2;",
            "uint a = 1u; float f = a;",
            "uvec2 v = uvec2(1, 2); uvec2 w = v * 2u;",
            "uvec2 v = uvec2(1, 2); uvec2 w = v * 2;",
            "uvec3 v = uvec3(1.5); ivec3 w = ivec3(v);",
            "uvec4 v = uvec4(true); float f = float(v.x);",
            "uint a = uint(-1); uint b = a / 3u; uint c = a % 5u;",
            "uint a = min(1u, 2u); uint b = max(a, 3u); uint c = clamp(a, 1u, 5u);",
            "uvec2 a = min(uvec2(1u), 2u);",
            "uint a = abs(1u);",
            "uint a = floatBitsToUint(1.0); float f = uintBitsToFloat(a);",
            "uint a = 1u; a += 2u; a *= 3u; a >>= 1; a <<= 1u; a |= 4u; a &= 7u; a ^= 1u; a %= 3u; a++; --a;",
            "uint a = 1u; a += 2;",
            "uint a = 1u; uint b = a == 1u ? 2u : 3u;",
            "uint a = 1u; int i = int(a) + 1;",
            "uvec2 v = uvec2(3u); uint s = v.x + v.y;",
            "uint a = 4000000000u;",
            "uint a = 0xFFFFFFFFu;",
            "uint a = 4294967296u;",
            "const uint k = 3u; uint a[k];",
            "uint a = 1u; switch (a) { case 1u: break; default: break; }",
            "uint a = 1u; switch (a) { case 1: break; }",
            "uint a = uint(3.7);",
            "float f = float(4294967295u);",
            "uvec2 v = uvec2(1u, 2u); bvec2 e = equal(v, uvec2(1u)); bvec2 l = lessThan(v, uvec2(2u));",
            "uint a = 1u; uint b = a * a - a / (a + 1u);",
            "int i = 1; uint a = i;",
            "uvec2 v = uvec2(1u); vec2 w = v;",
            "usampler2D s;",
            "uint uint = 1u;",
            "float f = float(uvec2(1u, 2u).y);",
            "uvec4 v = uvec4(1u, 2u, 3u, 4u); uint s = v.x * v.w; uvec2 q = v.zw >> 1u;");

    private static int hash(int x) {
        x ^= x >>> 16;
        x *= 0x7feb352d;
        x ^= x >>> 15;
        x *= 0x846ca68b;
        x ^= x >>> 16;
        return x;
    }

    @Test
    void valuesAreJavasThirtyTwoBitUnsignedOnes() {
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "h.frag", HASH);
        assertThat(m.ok()).as(m.log()).isTrue();
        Random random = new Random(5);
        for (int run = 0; run < 300; run++) {
            float[] uv = {random.nextInt(256) + random.nextFloat(), random.nextInt(256) + random.nextFloat()};
            Invocation inv = new Invocation().input("uv", Val.Num.of(VectorType.VEC2,
                    Float.floatToRawIntBits(uv[0]) & 0xFFFF_FFFFL, Float.floatToRawIntBits(uv[1]) & 0xFFFF_FFFFL));
            Result r = Evaluator.run(m.module(), inv);
            assertThat(r.returned()).as(r.toString()).isTrue();
            int h = hash((int) uv[0] + (int) uv[1] * 256);
            int mod = Integer.remainderUnsigned(h, 7);
            int div = Integer.divideUnsigned(h, 1000);
            boolean big = Integer.compareUnsigned(h, 0x80000000) > 0;
            float flipped = Float.intBitsToFloat(Float.floatToRawIntBits(uv[0]) ^ 0x80000000);
            int low = Integer.compareUnsigned(h, 5) < 0 ? h : 5;
            float[] want = {h & 0xFFFF, (float) mod + (float) (div >>> 20), big ? 1 : 0,
                flipped + (float) (low + Math.clamp(mod, 2, 4))};
            Val.Num got = r.num("o");
            for (int i = 0; i < 4; i++) {
                assertThat(got.floatAt(i)).as("run %d lane %d", run, i).isEqualTo(want[i]);
            }
        }
    }

    @Test
    void csirRunsThemAsTheEvaluatorDoesInTheDefaultProfileOnly() {
        List<String> sources = new ArrayList<>(List.of(HASH));
        for (String body : BODIES) {
            String src = source("330 core", body);
            if (ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "b.frag", src).ok()) {
                sources.add(src);
            }
        }
        assertThat(sources).hasSizeGreaterThan(30);
        assertThat(dev.csir.testing.Differential.disagreements(ShaderStage.FRAGMENT, sources, 50, new Random(21)))
                .isEmpty();
        CompileResult c = ShaderCompiler.compile(Stage.FRAGMENT, "h.frag", HASH,
                dev.csir.CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
        assertThat(c.ok()).isFalse();
        assertThat(c.diagnostics().getFirst().message()).startsWith("CSIR cannot express");
        assertThat(c.diagnostics().getFirst().line()).isGreaterThan(1);
    }

    @Test
    void spirvValAcceptsThem() throws Exception {
        SpirvVal.requireTool();
        ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "h.frag", HASH);
        SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
        assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
        assertThat(SpirvVal.validate(w.binary())).isNull();
        for (String body : BODIES) {
            ModuleResult b = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "b.frag", source("330 core", body));
            if (b.ok()) {
                SpirvWriter.Result bw = SpirvWriter.write(b.module(), new SpirvWriter.Options(true));
                assertThat(bw.ok()).as(body + bw.errors()).isTrue();
                assertThat(SpirvVal.validate(bw.binary())).as(body).isNull();
            }
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String version : List.of("330 core", "130", "400", "300 es", "120", "100")) {
            for (String body : BODIES) {
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, source(version, body));
            }
        }
        assertThat(disagreements).isEmpty();
    }

    /** {@code body} in a fragment shader of {@code version}, with its colour output and ES precisions. */
    private static String source(String version, String body) {
        boolean legacy = version.equals("120") || version.equals("100");
        return "#version " + version + "\n" + (version.endsWith("es") || version.equals("100")
                ? "precision highp float;\nprecision highp int;\n" : "") + (legacy ? "" : "out vec4 o;\n")
                + "void main() { " + body + (legacy ? " gl_FragColor" : " o") + " = vec4(1.0); }\n";
    }
}
