package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.Copier;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.build.ModuleBuilder;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Inlining keeps meaning: shaders with functions, compiled from source, evaluate to the same
 * outputs before and after the pass on seeded random inputs, no call is left, and the result
 * verifies. Each shader runs in the lowering's alloca form and after mem2reg (phis in the
 * callees and in the merge blocks the flag tests).
 */
class InlineEquivalenceTest {
    /** The modules as lowered: the default compile already inlines. */
    private static final dev.csir.CompileOptions UNOPTIMIZED = dev.csir.CompileOptions.DEFAULT.withOptimize(false);

    static final int SEEDS = 24;

    /** Early returns in selections and loops; a call in a for condition, one in an if condition. */
    static final String RETURNS = """
            in vec3 p;
            uniform float k;
            out vec4 c;
            float sq(float x) { return x * x; }
            float clampish(float x) {
              if (x > 1.0) { return 1.0; } else if (x < -1.0) { return -1.0; }
              return x;
            }
            float findit(int n) {
              float s = 0.0;
              for (int i = 0; i < n; i++) {
                s = s + k;
                if (s > 3.0) { return s; }
              }
              return -s;
            }
            int bound(int n) { if (n > 4) { return 4; } return n; }
            void main() {
              float acc = 0.0;
              for (int i = 0; i < bound(int(p.z * 3.0) + 3); i++) { acc = acc + clampish(p.x * float(i)); }
              if (sq(p.y) > 0.5) { acc = acc + 1.0; }
              c = vec4(sq(p.x), clampish(p.y * 2.0), findit(int(p.z * 4.0) + 3), acc);
            }
            """;

    /** A return in the inner of two loops, the callee called in a loop (the flag is cleared each time). */
    static final String NESTED_LOOPS = """
            in vec2 uv;
            uniform int limit;
            out vec4 c;
            int search(int target) {
              for (int i = 0; i < 5; i++) {
                for (int j = 0; j < 5; j++) {
                  if (i * j == target) { return i + 10 * j; }
                }
              }
              return -1;
            }
            void main() {
              int acc = 0;
              for (int t = 0; t < 8; t++) { acc = acc + search(t + limit); }
              c = vec4(float(acc), uv, 1.0);
            }
            """;

    /** Nested calls, a mutated parameter, a void function that discards. */
    static final String CHAIN = """
            in vec4 color;
            uniform float cut;
            out vec4 c;
            float lum(vec3 v) { return dot(v, vec3(0.3, 0.6, 0.1)); }
            vec3 tone(vec3 v, float e) {
              e = e * 2.0 + 0.5;
              if (lum(v) > e) { return v / lum(v) * e; }
              return v;
            }
            vec3 grade(vec3 v) { return tone(tone(v, cut), cut * 0.5); }
            void check(float x) { if (x < cut) { discard; } }
            void main() {
              check(color.a);
              c = vec4(grade(color.rgb), lum(color.rgb));
            }
            """;

    /** Vertex stage: matrices and vectors through functions, returns at several depths. */
    static final String VERTEX = """
            in vec3 pos;
            in vec3 normal;
            uniform mat4 mvp;
            uniform float t;
            out vec3 shade;
            vec3 bend(vec3 v, float a) {
              for (int i = 0; i < 3; i++) {
                if (v.y > a) { return vec3(v.x, a, v.z); }
                v = v * 1.5;
              }
              return v;
            }
            float facing(vec3 n) {
              float d = dot(n, vec3(0.0, 0.0, 1.0));
              if (d < 0.0) { return 0.0; }
              return d;
            }
            vec4 place(vec3 v) { return mvp * vec4(bend(v, t), 1.0); }
            void main() {
              gl_Position = place(pos);
              shade = vec3(facing(normal), facing(-normal), t);
            }
            """;

    /** Loops inside selections inside loops, returns at every level, a bool result. */
    static final String DEEP = """
            in vec4 q;
            uniform int n;
            out vec4 c;
            bool inside(vec2 z) {
              vec2 w = z;
              for (int i = 0; i < 6; i++) {
                if (w.x > 0.0) {
                  for (int j = 0; j < 3; j++) {
                    w = vec2(w.x * w.x - w.y * w.y, 2.0 * w.x * w.y) + z;
                    if (dot(w, w) > 4.0) { return false; }
                  }
                } else {
                  w = w + z;
                  if (w.y > 2.0) { return true; }
                }
              }
              return dot(w, w) < 1.0;
            }
            int count(vec2 base) {
              int hits = 0;
              for (int i = 0; i < n; i++) {
                if (inside(base + vec2(float(i) * 0.1, 0.0))) { hits = hits + 1; }
              }
              return hits;
            }
            void main() {
              int h = count(q.xy);
              if (h > 2) { c = vec4(1.0, 0.0, 0.0, 1.0); return; }
              c = vec4(float(h), q.zw, 0.0);
            }
            """;

    record Shader(String name, ShaderStage stage, String source) {
    }

    static final List<Shader> SHADERS = List.of(new Shader("returns", ShaderStage.FRAGMENT, RETURNS),
            new Shader("nested-loops", ShaderStage.FRAGMENT, NESTED_LOOPS),
            new Shader("chain", ShaderStage.FRAGMENT, CHAIN), new Shader("vertex", ShaderStage.VERTEX, VERTEX),
            new Shader("deep", ShaderStage.FRAGMENT, DEEP));

    static Module compile(String name, ShaderStage stage, String source) {
        ModuleResult r = ShaderCompiler.compileModule(stage, name, source, UNOPTIMIZED);
        assertThat(r.ok()).as(name + "\n" + r.log()).isTrue();
        assertThat(Verifier.verify(r.module())).isEmpty();
        return r.module();
    }

    @Test
    void shadersWithFunctionsEvaluateTheSameAfterInlining() {
        for (Shader s : SHADERS) {
            Module m = compile(s.name(), s.stage(), s.source());
            assertThat(InlineTextTest.calls(m)).as(s.name() + " has calls").isPositive();
            assertEquivalent(s.name(), m, SEEDS);
        }
    }

    @Test
    void shadersWithFunctionsEvaluateTheSameAfterMem2RegThenInlining() {
        for (Shader s : SHADERS) {
            Module m = compile(s.name(), s.stage(), s.source());
            new Mem2Reg().run(m);
            assertThat(Verifier.verify(m)).as(s.name() + " after mem2reg").isEmpty();
            assertEquivalent(s.name() + " (mem2reg)", m, SEEDS);
        }
    }

    /** Through the pass manager with the verifier after the pass, as the optimizer will run it. */
    @Test
    void thePassManagerRunsItWithTheVerifier() {
        for (Shader s : SHADERS) {
            Module m = compile(s.name(), s.stage(), s.source());
            PassManager.Result r = new PassManager(List.of(new Inline()), List.of(), true).run(m);
            assertThat(r).as(s.name()).isInstanceOf(PassManager.Optimized.class);
            PassManager.Optimized o = (PassManager.Optimized) r;
            assertThat(o.ran()).containsExactly("inline");
            assertThat(InlineTextTest.calls(o.module())).isZero();
            assertThat(InlineTextTest.calls(m)).as("the input is untouched").isPositive();
        }
    }

    /** Every corpus shader the new path compiles: inlined, it verifies, has no call, and (without textures) agrees. */
    @Test
    void corpusShadersInlineAndAgree() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), UNOPTIMIZED);
            if (!r.ok()) {
                continue;
            }
            Module m = r.module();
            boolean textures = m.globals().stream().anyMatch(g -> g.space() == AddressSpace.UNIFORM_CONSTANT);
            if (textures) {
                Module after = Copier.copy(m);
                new Inline().run(after);
                if (!Verifier.verify(after).isEmpty() || InlineTextTest.calls(after) > 0) {
                    failures.add(s.name() + ": " + Verifier.verify(after));
                }
                continue;
            }
            try {
                assertEquivalent(s.name(), m, 4);
                compared++;
            } catch (AssertionError e) {
                failures.add(s.name() + ": " + e.getMessage());
            }
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isPositive();
    }

    /**
     * Caps from none to everything: some calls stay (and are copied into callers with the callee's
     * body), the functions they call stay, and the meaning does not change.
     */
    @Test
    void partialInliningUnderTheCapAgreesToo() {
        for (Shader s : SHADERS) {
            Module m = compile(s.name(), s.stage(), s.source());
            for (int cap : new int[] {0, 20, 40, 80, 120, 160, 240, 320, 480}) {
                Module after = assertEquivalent(s.name() + " cap " + cap, m, new Inline(cap), 6);
                if (cap == 0) {
                    assertThat(Printer.print(after)).isEqualTo(Printer.print(m));
                }
            }
        }
    }

    static void assertEquivalent(String name, Module m, int seeds) {
        Module after = assertEquivalent(name, m, new Inline(), seeds);
        assertThat(InlineTextTest.calls(after)).as(name + " keeps no call").isZero();
        assertThat(after.functions()).as(name + " keeps the entry function only")
                .containsExactly(after.entryPoints().getFirst().function());
    }

    /** Runs {@code pass} on a copy of {@code m}, checks it verifies and agrees with {@code m} on {@code seeds} inputs. */
    static Module assertEquivalent(String name, Module m, Inline pass, int seeds) {
        Module after = Copier.copy(m);
        pass.run(after);
        assertThat(Verifier.verify(after)).as(name + "\n" + Printer.print(after)).isEmpty();
        Random random = new Random(name.hashCode());
        for (int seed = 0; seed < seeds; seed++) {
            Invocation inv = inputs(m, random);
            Result want = Evaluator.run(m, inv);
            Result got = Evaluator.run(after, inv);
            assertThat(want.status()).as(name + " seed " + seed + ": " + want)
                    .isIn(Result.Status.RETURNED, Result.Status.KILLED);
            assertThat(got.status()).as(name + " seed " + seed).isEqualTo(want.status());
            assertThat(got.globals()).as(name + " seed " + seed).isEqualTo(want.globals());
            assertThat(got.undefined()).as(name + " seed " + seed).isEqualTo(want.undefined());
        }
        return after;
    }

    /** Random values for every stage input and every member of the default uniform block. */
    static Invocation inputs(Module m, Random random) {
        Invocation inv = new Invocation();
        for (GlobalVariable g : m.globals()) {
            if (g.space() == AddressSpace.INPUT) {
                inv.input(g.name(), value(g.valueType(), random));
            } else if (g.space() == AddressSpace.UNIFORM && g.name().equals(ModuleBuilder.DEFAULT_BLOCK)
                    && g.valueType() instanceof StructType st) {
                for (StructType.Member member : st.members()) {
                    if (member.type().componentCount() > 0 && member.type().scalarKind() != null) {
                        inv.uniformMember(ModuleBuilder.DEFAULT_BLOCK, member.name(), value(member.type(), random));
                    }
                }
            }
        }
        return inv;
    }

    static Val value(Type t, Random random) {
        int n = t.componentCount();
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = switch (t.scalarKind()) {
                case BOOL -> random.nextBoolean() ? 1 : 0;
                case INT, UINT -> (random.nextInt(11) - 5) & 0xFFFF_FFFFL;
                default -> Float.floatToRawIntBits(random.nextFloat() * 4 - 2) & 0xFFFF_FFFFL;
            };
        }
        return Val.Num.of(t, bits);
    }
}
