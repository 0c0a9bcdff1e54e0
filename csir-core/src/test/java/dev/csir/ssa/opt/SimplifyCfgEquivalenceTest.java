package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
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
 * Source shaders compiled to modules, optimized by SROA, mem2reg, CFG simplification and DCE to
 * a fixed point with the verifier after every pass, and evaluated before and after on seeded
 * random inputs and uniforms: the outputs and how the invocation ended must be identical (none of
 * these passes touches arithmetic, so the bits agree exactly).
 */
class SimplifyCfgEquivalenceTest {
    /** The modules as lowered: the default compile already runs these passes. */
    private static final dev.csir.CompileOptions AS_LOWERED = dev.csir.CompileOptions.DEFAULT.withOptimize(false);

    static final int SEEDS = 12;

    static final PassManager PIPELINE = new PassManager(List.of(),
            List.of(new Sroa(), new Mem2Reg(), new SimplifyCfg(), new Dce()), true);

    /** Constant conditions, loops the optimizer must keep or drop, early returns, discard, short circuits. */
    static final String[][] SHADERS = {
        {"constant-ifs.frag", """
            #version 330 core
            in vec3 p;
            uniform float k;
            out vec4 c;
            float f(float x) { if (x > 0.0) { return x; } return -x; }
            void main() {
              float s = 0.0;
              for (int i = 0; i < 3; i++) {
                if (true) { s = s + f(k - p.x); } else { s = s - 1.0; }
                if (false) { s = s * 100.0; }
              }
              if (false) { c = vec4(1.0); } else { c = vec4(p, s); }
            }
            """},
        {"dead-loops.frag", """
            #version 330 core
            in vec2 uv;
            uniform int n;
            out vec4 c;
            float g(float x) {
              for (int i = 0; i < 4; i++) { return x * 2.0; }
              return x;
            }
            void main() {
              float a = uv.x;
              if (false) {
                for (int i = 0; i < n; i++) { a = a + 1.0; }
              }
              for (int j = 0; false; j++) { a = a * 3.0; }
              for (int j = 0; j < n; j++) { if (true) { a = a + g(uv.y); } }
              c = vec4(a, g(a), 0.0, 1.0);
            }
            """},
        {"returns.frag", """
            #version 330 core
            in float t;
            uniform float limit;
            out vec4 c;
            float sgn(float x) { if (x > 0.0) { return 1.0; } else { return -1.0; } }
            float clampish(float x) {
              if (true) {
                if (x > limit) { return limit; }
              }
              return x;
            }
            void main() {
              float v = sgn(t) * clampish(t * 4.0);
              if (t > 1.5) { discard; }
              if (false) { discard; }
              c = vec4(v);
            }
            """},
        {"logic.frag", """
            #version 330 core
            in vec4 q;
            uniform int mode;
            uniform bool flip;
            out vec4 c;
            void main() {
              bool a = q.x > 0.0 && q.y > 0.0;
              bool b = true || q.z > 0.0;
              bool d = false && q.w > 0.0;
              ivec2 m = ivec2(mode, mode + 1);
              vec4 r = q;
              if (a) { r = r * 2.0; }
              if (b && !d) { r = r + vec4(1.0); }
              if (flip) { r = -r; } else { if (m.y > 2) { r = r.wzyx; } }
              c = r;
            }
            """},
        {"nested.vert", """
            #version 330 core
            in vec3 pos;
            uniform mat4 mvp;
            uniform mat3 rot;
            uniform int steps;
            out vec3 v;
            void main() {
              vec3 acc = vec3(0.0);
              for (int i = 0; i < 3; i++) {
                for (int j = 0; j < steps; j++) {
                  if (true) { acc = acc + rot * pos; }
                  if (false) { acc = vec3(9.0); }
                }
                if (i > 0) { acc = acc * 0.5; }
              }
              v = acc;
              gl_Position = mvp * vec4(pos, 1.0);
            }
            """},
    };

    @Test
    void ownShadersEvaluateTheSameAfterOptimization() {
        List<String> failures = new ArrayList<>();
        int simplified = 0;
        for (String[] s : SHADERS) {
            ModuleResult r = ShaderCompiler.compileModule(ShaderCorpus.stageOf(s[0]), s[0], s[1], AS_LOWERED);
            assertThat(r.ok()).as(s[0] + "\n" + r.log()).isTrue();
            List<String> ran = compare(s[0], r.module(), failures);
            if (ran != null && ran.contains("simplifycfg")) {
                simplified++;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(simplified).isEqualTo(SHADERS.length);
    }

    /** Random structured shaders: nested ifs on constant and varying conditions, loops, returns, discard. */
    @Test
    void randomShadersEvaluateTheSameAfterOptimization() {
        List<String> failures = new ArrayList<>();
        int simplified = 0;
        for (int n = 0; n < RANDOM_SHADERS && failures.isEmpty(); n++) {
            String source = new RandomShader(new Random(1000 + n)).shader();
            ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "random" + n, source, AS_LOWERED);
            assertThat(r.ok()).as(source + "\n" + r.log()).isTrue();
            List<String> ran = compare("random" + n + "\n" + source, r.module(), failures);
            if (ran != null && ran.contains("simplifycfg")) {
                simplified++;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(simplified).isGreaterThan(RANDOM_SHADERS / 2);
    }

    static final int RANDOM_SHADERS = 150;

    /** A small generator of valid fragment shaders in the source language. */
    static final class RandomShader {
        private static final String[] CONDITIONS = {"true", "false", "a > b", "m > 2", "b < k", "true && a > 0.0",
            "false || b > 0.0", "!(a < 0.5)", "false && m > 0", "true || b > a"};
        private static final String[] ASSIGNMENTS = {"a = a + b * 0.5;", "b = b - k;", "m = m + 1;",
            "a = a * 0.75;", "b = max(a, b) + 0.25;", "m = m * 2 - 1;", "a = a + float(m);"};
        private final Random random;
        private int loops;

        RandomShader(Random random) {
            this.random = random;
        }

        String shader() {
            return "#version 330 core\nin vec2 uv;\nuniform int n;\nuniform float k;\nout vec4 c;\n"
                    + "float h(float x) {\n  float a = x; float b = x * 0.5; int m = 1;\n" + block(2, true)
                    + "  return a + b;\n}\n"
                    + "void main() {\n  float a = uv.x; float b = uv.y; int m = n;\n" + block(3, false)
                    + "  c = vec4(a, b, float(m), h(a - b));\n}\n";
        }

        private String block(int depth, boolean function) {
            StringBuilder out = new StringBuilder();
            int count = 1 + random.nextInt(3);
            for (int i = 0; i < count; i++) {
                out.append(stmt(depth, function));
            }
            return out.toString();
        }

        private String stmt(int depth, boolean function) {
            int pick = depth <= 0 ? random.nextInt(4) : random.nextInt(10);
            return switch (pick) {
                case 0, 1, 2 -> "  " + ASSIGNMENTS[random.nextInt(ASSIGNMENTS.length)] + "\n";
                case 3 -> random.nextInt(4) == 0
                        ? "  if (" + condition() + ") { " + (function ? "return a;" : "discard;") + " }\n"
                        : "  " + ASSIGNMENTS[random.nextInt(ASSIGNMENTS.length)] + "\n";
                case 4, 5, 6 -> "  if (" + condition() + ") {\n" + block(depth - 1, function) + "  }"
                        + (random.nextBoolean() ? " else {\n" + block(depth - 1, function) + "  }\n" : "\n");
                default -> {
                    String i = "i" + loops++;
                    String bound = switch (random.nextInt(4)) {
                        case 0 -> "0";
                        case 1 -> "1";
                        case 2 -> "3";
                        default -> function ? "2" : "n";
                    };
                    String cond = random.nextInt(6) == 0 ? "false" : i + " < " + bound;
                    yield "  for (int " + i + " = 0; " + cond + "; " + i + "++) {\n" + block(depth - 1, function) + "  }\n";
                }
            };
        }

        private String condition() {
            return CONDITIONS[random.nextInt(CONDITIONS.length)];
        }
    }

    @Test
    void corpusShadersEvaluateTheSameAfterOptimization() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text(), AS_LOWERED);
            if (!r.ok()) {
                continue;
            }
            if (compare(s.name(), r.module(), failures) != null) {
                compared++;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isGreaterThanOrEqualTo(8);
    }

    /** Optimizes and compares; the passes that changed something, or null when the module was not compared. */
    static List<String> compare(String name, Module m, List<String> failures) {
        assertThat(Verifier.verify(m)).as(name).isEmpty();
        PassManager.Result result = PIPELINE.run(m);
        if (!(result instanceof PassManager.Optimized o)) {
            failures.add(name + ": " + result + "\n" + Printer.print(m));
            return null;
        }
        if (o.rounds() >= PassManager.MAX_ROUNDS) {
            failures.add(name + ": no fixed point after " + o.rounds() + " rounds: " + o.ran());
        }
        boolean samplers = m.globals().stream().anyMatch(g -> g.space() == AddressSpace.UNIFORM_CONSTANT);
        if (samplers) {
            return o.ran(); // the passes ran and verified; textures are not modelled here
        }
        Random random = new Random(name.hashCode());
        for (int seed = 0; seed < SEEDS; seed++) {
            Invocation before = invocation(m, new Random(random.nextLong()));
            Result want = Evaluator.run(m, before);
            Result got = Evaluator.run(o.module(), before);
            if (want.status() != Result.Status.RETURNED && want.status() != Result.Status.KILLED) {
                failures.add(name + " seed " + seed + ": the unoptimized module did not run: " + want);
                break;
            }
            if (want.status() != got.status() || !want.globals().equals(got.globals())) {
                failures.add(name + " seed " + seed + ": before " + want + "\nafter " + got + "\n"
                        + Printer.print(o.module()));
                break;
            }
        }
        if (System.getProperty("csir.dumpOpt") != null) {
            System.out.println("== " + name + " " + o.ran() + "\n" + Printer.print(o.module()));
        }
        return o.ran();
    }

    /** Random inputs (every input global) and uniforms (every member of every uniform block). */
    static Invocation invocation(Module m, Random random) {
        Invocation inv = new Invocation();
        for (GlobalVariable g : m.globals()) {
            if (g.space() == AddressSpace.INPUT) {
                inv.input(g, random(g.valueType(), random));
            } else if (g.space() == AddressSpace.UNIFORM && g.valueType() instanceof StructType st) {
                for (StructType.Member member : st.members()) {
                    if (member.type().componentCount() > 0) {
                        inv.uniformMember(g.name(), member.name(), random(member.type(), random));
                    }
                }
            }
        }
        return inv;
    }

    static Val random(Type t, Random random) {
        int n = t.componentCount();
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = switch (t.scalarKind()) {
                case BOOL -> random.nextBoolean() ? 1 : 0;
                case INT, UINT -> (random.nextInt(9) - 3) & 0xFFFF_FFFFL;
                default -> Float.floatToRawIntBits(random.nextFloat() * 4 - 2) & 0xFFFF_FFFFL;
            };
        }
        return Val.Num.of(t, bits);
    }
}
