package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.Block;
import dev.csir.ssa.Copier;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.build.ModuleBuilder;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Source shaders compiled to modules and evaluated before and after combine, CSE, and the
 * mem2reg/combine/CSE/DCE pipeline, on seeded random inputs and uniforms: the outputs must be the
 * same bits and the invocation must end the same way.
 */
class CombineCseEquivalenceTest {
    static final int SEEDS = 24;

    record Shader(String name, ShaderStage stage, String source) {
    }

    static final List<Shader> SHADERS = List.of(
            new Shader("constants", ShaderStage.FRAGMENT, """
                    uniform float scale;
                    uniform int count;
                    in vec4 color;
                    in vec2 uv;
                    out vec4 fragColor;

                    float shade(float x, float k) {
                        float y = x * 1.0;
                        return y * k - 0.0;
                    }

                    void main() {
                        float a = 0.1 + 0.2;
                        int big = 2147483647;
                        int n = big + count * 1 + 0;
                        int z = count * 0 - (count - count);
                        vec3 v = vec3(a, a * 3.0, 1.0 / 3.0);
                        float s = 0.0;
                        for (int i = 0; i < 4; i++) {
                            s = s + shade(v.x * scale, float(i)) + v.y;
                            if (i == count) {
                                s = s - 1.0;
                            } else {
                                s = s + uv.x * uv.y;
                            }
                        }
                        vec4 c = color * vec4(v, 1.0);
                        fragColor = vec4(c.x * s, c.y + float(n) + float(z), -(-c.z), c.w + uv.x * uv.y);
                    }
                    """),
            new Shader("matrices", ShaderStage.FRAGMENT, """
                    uniform mat4 mvp;
                    uniform mat3 normalMatrix;
                    uniform vec3 lightDir;
                    in vec3 normal;
                    in vec4 position;
                    out vec4 fragColor;

                    void main() {
                        vec4 p = mvp * position;
                        vec4 q = mvp * position;
                        vec3 n = normalMatrix * normal;
                        vec3 m = normalMatrix * normal;
                        float d = dot(n, lightDir) + dot(m, lightDir);
                        vec2 sw = p.xy;
                        vec4 t = vec4(sw.y, sw.x, q.z, q.w);
                        if (d > 0.0) {
                            t = t * d + vec4(lightDir, 0.0) * 1.0;
                        } else {
                            t = t - vec4(lightDir.zyx, 1.0);
                        }
                        fragColor = t + vec4(n, 1.0) * vec4(0.5, 0.5, 0.5, 1.0);
                    }
                    """),
            new Shader("integers", ShaderStage.FRAGMENT, """
                    uniform int mode;
                    uniform float threshold;
                    in vec2 uv;
                    out vec4 fragColor;

                    int twice(int x) {
                        int r = x * 1 + 0;
                        for (int k = 0; k < 3; k++) {
                            r = r * 2 - 1;
                        }
                        return r - 0;
                    }

                    bool pick(float x) {
                        return !(!(x > threshold)) && true;
                    }

                    void main() {
                        int a = twice(mode);
                        int b = twice(3) / 1;
                        int c = 7 / 2 + 7 % 3 - (0 - 2147483647 - 1) / 1;
                        ivec2 iv = ivec2(a, b) + ivec2(0, 0);
                        float f = float(iv.x + iv.y + c);
                        bool p = pick(uv.x);
                        if (p || false) {
                            f = f + 1.0;
                        }
                        if (mode == 5) {
                            discard;
                        }
                        fragColor = vec4(f * 0.001, uv.y * 1.0, float(mode) / 1.0, 1.0);
                    }
                    """),
            new Shader("vertex", ShaderStage.VERTEX, """
                    uniform mat4 mvp;
                    uniform float t;
                    in vec3 pos;
                    in vec2 tc;
                    out vec2 vtc;

                    void main() {
                        vec4 p = vec4(pos, 1.0);
                        vec4 w = mvp * p;
                        vtc = vec2(tc.x + 0.0, tc.y) * 1.0 + vec2(t, t) * 0.0;
                        gl_Position = w + vec4(0.0, 0.0, 0.0, 0.0) * t;
                    }
                    """),
            new Shader("swizzles", ShaderStage.FRAGMENT, """
                    uniform vec4 tint;
                    uniform int steps;
                    in vec4 color;
                    out vec4 fragColor;

                    vec4 spin(vec4 v) {
                        return v.wzyx.wzyx;
                    }

                    void main() {
                        vec4 acc = vec4(0.0);
                        for (int i = 0; i < steps; i++) {
                            vec4 s = spin(color.yxzw.yxzw) * tint;
                            acc = acc + s * 1.0 + vec4(s.xy, tint.zw).xyzw;
                            if (acc.x > 3.0) {
                                acc = acc * 0.5;
                            }
                        }
                        vec3 k = vec3(acc.x, acc.y, acc.z);
                        fragColor = vec4(k.zyx.zyx, acc.w + float(steps * 0));
                    }
                    """));

    @Test
    void combineCseAndThePipelineKeepEveryOutputBit() {
        List<String> failures = new ArrayList<>();
        for (Shader s : SHADERS) {
            ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.source(), dev.csir.CompileOptions.DEFAULT.withOptimize(false));
            assertThat(r.ok()).as(s.name() + "\n" + r.log()).isTrue();
            Module original = r.module();
            assertThat(Verifier.verify(original)).isEmpty();

            Module combined = Copier.copy(original);
            assertThat(new Combine().run(combined)).as(s.name() + ": combine changes something").isTrue();
            assertThat(Verifier.verify(combined)).as(s.name() + " after combine").isEmpty();

            Module cse = Copier.copy(original);
            new Cse().run(cse);
            assertThat(Verifier.verify(cse)).as(s.name() + " after cse").isEmpty();

            PassManager pm = new PassManager(List.of(), List.of(new Mem2Reg(), new Combine(), new Cse(), new Dce()), true);
            PassManager.Result pr = pm.run(original);
            assertThat(pr).as(s.name() + ": " + pr).isInstanceOf(PassManager.Optimized.class);
            PassManager.Optimized opt = (PassManager.Optimized) pr;
            assertThat(opt.ran()).as(s.name()).contains("combine");
            Module pipeline = opt.module();
            assertThat(size(pipeline)).as(s.name() + " shrinks").isLessThan(size(original));

            Random random = new Random(s.name().hashCode());
            for (int seed = 0; seed < SEEDS; seed++) {
                Invocation inv = invocation(original, random);
                Result want = Evaluator.run(original, inv);
                assertThat(want.status()).as(s.name() + " " + want)
                        .isIn(Result.Status.RETURNED, Result.Status.KILLED);
                for (var e : List.of(java.util.Map.entry("combine", combined), java.util.Map.entry("cse", cse),
                        java.util.Map.entry("pipeline", pipeline))) {
                    Result got = Evaluator.run(e.getValue(), inv);
                    if (got.status() != want.status() || !got.globals().equals(want.globals())) {
                        failures.add(s.name() + " seed " + seed + " " + e.getKey() + ":\n  want " + want + "\n  got  "
                                + got + "\n" + Printer.print(e.getValue()));
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void thePipelineFoldsTheConstantsShaderDownToItsInputs() {
        Shader s = SHADERS.getFirst();
        Module m = ShaderCompiler.compileModule(s.stage(), s.name(), s.source(), dev.csir.CompileOptions.DEFAULT.withOptimize(false)).module();
        PassManager pm = new PassManager(List.of(), List.of(new Mem2Reg(), new Combine(), new Cse(), new Dce()), true);
        Module opt = ((PassManager.Optimized) pm.run(m)).module();
        String text = Printer.print(opt);
        // 0.1 + 0.2 and a * 3.0 were folded in float precision; x * 1.0 and y - 0.0 in shade are gone;
        // count * 1 + 0 and count * 0 - (count - count) leave no integer operation with 0 or 1
        assertThat(text).doesNotContain("0.1:float").contains(Float.toString(0.1f + 0.2f) + ":float")
                .contains(Float.toString((0.1f + 0.2f) * 3f) + ":float").doesNotContain(", 0:int : int")
                .doesNotContain("1.0:float : float\n  ret").doesNotContain("0.0:float : float\n  ret");
        assertThat(text).contains("""
                func @shade(%arg0: float, %arg1: float) -> float { ; x, k
                bb0: ; (entry)
                  %0 = mul %arg0, %arg1 : float
                  ret %0
                }
                """);
    }

    private static int size(Module m) {
        int n = 0;
        for (Function f : m.functions()) {
            for (Block b : f.blocks()) {
                n += b.instructions().size();
            }
        }
        return n;
    }

    /** Random values for every input and every member of the default uniform block. */
    private static Invocation invocation(Module m, Random random) {
        Invocation inv = new Invocation();
        for (GlobalVariable g : m.globals()) {
            if (g.space() == AddressSpace.INPUT && g.valueType().isNumericOrBool()) {
                inv.input(g, value(g.valueType(), random));
            } else if (g.name().equals(ModuleBuilder.DEFAULT_BLOCK) && g.valueType() instanceof StructType st) {
                for (StructType.Member member : st.members()) {
                    if (member.type().isNumericOrBool()) {
                        inv.uniformMember(g.name(), member.name(), value(member.type(), random));
                    }
                }
            }
        }
        return inv;
    }

    private static Val.Num value(Type t, Random random) {
        long[] bits = new long[t.componentCount()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = switch (t.scalarKind()) {
                case BOOL -> random.nextBoolean() ? 1 : 0;
                case INT, UINT -> (random.nextInt(13) - 6) & 0xFFFF_FFFFL;
                case DOUBLE -> Double.doubleToRawLongBits(random.nextDouble() * 4 - 2);
                case FLOAT -> {
                    // mostly ordinary values, sometimes a signed zero
                    float f = switch (random.nextInt(8)) {
                        case 0 -> 0.0f;
                        case 1 -> -0.0f;
                        default -> random.nextFloat() * 4 - 2;
                    };
                    yield Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
                }
            };
        }
        return Val.Num.of(t, bits);
    }
}
