package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Arrays and structs as values on CSIR: constant array initializers read at a run-time index (a
 * blur's weights, a palette), whole arrays and structs copied, constructed, returned, chosen by
 * {@code ?:} and compared; the interpreter computes what the evaluator does.
 */
public class AggregateValuesTest {
    public static final List<String> FRAGMENTS = List.of("""
            #version 330 core
            const float weight[5] = float[](0.227027, 0.1945946, 0.1216216, 0.054054, 0.016216);
            uniform int n;
            in vec2 uv;
            out vec4 c;
            void main() {
                float sum = uv.x * weight[0];
                for (int i = 1; i < min(n & 7, 5); ++i) sum += (uv.y + float(i)) * weight[i];
                const vec3 pal[3] = vec3[3](vec3(1.0, 0.0, 0.5), vec3(0.0, 1.0, 0.25), vec3(0.5, 0.5, 1.0));
                c = vec4(pal[(n & 7) % 3] * sum, weight[((n & 7) + 2) % 5]);
            }
            """, """
            #version 330 core
            struct Light { vec3 colour; float power; int tag[2]; };
            uniform int k;
            in vec2 uv;
            out vec4 c;
            Light make(float p, int t) { return Light(vec3(uv, p), p * 2.0, int[2](t, t + 1)); }
            void main() {
                Light a = make(uv.x, k);
                Light b = a;
                b.power = 0.5;
                b.tag[k & 1] = 9;
                Light chosen = uv.y > 0.5 ? a : b;
                Light all[3] = Light[3](a, b, make(0.25, 3));
                Light picked = all[(k & 7) % 3];
                bool same = a == chosen;
                c = vec4(chosen.colour * picked.power, float(picked.tag[(k + 1) & 1] + b.tag[k & 1]) + (same ? 1.0 : 0.0));
            }
            """, """
            #version 330 core
            uniform int k;
            in vec2 uv;
            out vec4 c;
            float[4] ramp(float x) { return float[4](x, x * 2.0, x * 3.0, x * 4.0); }
            void fill(float x, out float r[4]) { r = float[4](x, -x, x, -x); }
            void main() {
                float a[4] = ramp(uv.x);
                float e[4];
                fill(uv.y, e);
                float b[4];
                b = a;
                b[k & 3] = uv.y;
                mat2 ms[2] = mat2[2](mat2(1.0, 2.0, 3.0, 4.0), mat2(uv.x));
                vec2 v = ms[k & 1] * uv + ms[(k + 1) & 1][k & 1];
                c = vec4(a[(k + 1) & 3], b[k & 3], v) + vec4(e[k & 3], e[1], a.length() == b.length() ? 0.0 : 1.0, 0.0);
            }
            """, """
            #version 430 core
            struct S { bool on; mat3 m; float w[2]; };
            uniform S us;
            uniform int k;
            in vec2 uv;
            out vec4 c;
            void main() {
                float aa[2][3] = float[2][3](float[3](1.0, 2.0, 3.0), float[3](uv.x, uv.y, 0.5));
                float bb[2][3] = aa;
                bb[k & 1][(k & 7) % 3] = 9.0;
                S s = us;
                S t = S(true, mat3(uv.x), float[2](0.25, 0.75));
                bool same = s == t && aa == bb;
                S pick = k > 1 ? s : t;
                c = vec4(bb[1][(k & 7) % 3], pick.w[k & 1], pick.m[(k & 7) % 3][1], same ? 1.0 : 0.0)
                        + vec4(pick.on ? 0.5 : 0.0);
            }
            """);

    /**
     * A seeded program that builds constant and computed arrays and structs, copies and changes
     * them, and reads them back at constant and run-time indexes.
     */
    public static String randomProgram(Random r) {
        int n = 2 + r.nextInt(5);
        StringBuilder b = new StringBuilder("#version 330 core\nstruct S { float f; vec3 v; int i; };\n");
        b.append("uniform int k;\nin vec2 uv;\nout vec4 c;\n");
        // a call in a ?: arm makes the front end branch and merge the struct with a phi
        b.append("S mk(float x) { return S(x, vec3(x, -x, 0.5), int(x * 8.0)); }\n");
        b.append("const float table[").append(n).append("] = float[](");
        for (int i = 0; i < n; i++) {
            b.append(i > 0 ? ", " : "").append(String.format(java.util.Locale.ROOT, "%.3f", r.nextFloat() * 4 - 2));
        }
        b.append(");\nvoid main() {\n    int a = k & 7;\n    vec4 acc = vec4(0.0);\n");
        b.append("    S s = S(uv.x, vec3(uv, 1.0), a);\n    S ss[2] = S[2](s, S(0.5, vec3(table[0]), 2));\n");
        b.append("    float loc[").append(n).append("] = table;\n");
        int statements = 2 + r.nextInt(6);
        for (int q = 0; q < statements; q++) {
            String i = "(a + " + r.nextInt(n) + ") % " + n;
            switch (r.nextInt(10)) {
                case 8 -> b.append("    s = uv.y > 0.5 ? mk(uv.x) : s;\n");
                case 9 -> b.append("    for (int w = 0; w < (a % ").append(n).append(") + 1; w++) { s = w > 1 ? mk(float(w)) : ss[w & 1];"
                        + " ss[(w + 1) & 1].f += s.f; }\n");
                case 0 -> b.append("    acc.x += table[").append(i).append("];\n");
                case 1 -> b.append("    loc[").append(i).append("] = loc[").append(i).append("] * uv.y + table[").append(i).append("];\n");
                case 2 -> b.append("    ss[a & 1] = s;\n");
                case 3 -> b.append("    s.v[a % 3] += loc[").append(i).append("];\n");
                case 4 -> b.append("    s = uv.x > ").append(String.format(java.util.Locale.ROOT, "%.2f", r.nextFloat()))
                        .append(" ? ss[(a + 1) & 1] : s;\n");
                case 5 -> b.append("    for (int w = 0; w < (a % ").append(n).append(") + 1; w++) acc.y += table[w] * loc[w];\n");
                case 6 -> b.append("    acc.z += ss[a & 1] == s ? 1.0 : float(ss[(a + 1) & 1].i);\n");
                default -> b.append("    { float t[").append(n).append("] = loc; t[").append(i).append("] = acc.x; acc.w += t[")
                        .append(i).append("] + t[0]; }\n");
            }
        }
        b.append("    c = acc + vec4(s.v, s.f + loc[").append("(a + 1) % ").append(n).append("] + float(ss[1].i));\n}\n");
        return b.toString();
    }

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, FRAGMENTS, 60, new Random(91))).isEmpty();
    }

    @Test
    void randomAggregateProgramsAgree() {
        Random r = new Random(2027);
        List<String> programs = new ArrayList<>();
        for (int p = 0; p < 300; p++) {
            programs.add(randomProgram(r));
        }
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, programs, 8, new Random(92))).isEmpty();
    }

    @Test
    void aConstantTableGoesStraightToItsRegisters() {
        // the initializer's CONSTs write the array's own registers: no copy of the whole table
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "blur.frag", FRAGMENTS.getFirst());
        assertThat(r.ok()).as(r.log()).isTrue();
        long moves = r.ir().code().stream().filter(i -> i.opcode() == dev.csir.ir.Opcode.MOV).count();
        assertThat(moves).as(r.tgsi()).isLessThan(16);
    }

    @Test
    void theChrisOsProfileTakesConstantIndexesOfAggregateValues() {
        // without the indexed records (version 1), an aggregate read only at constant indexes still lowers
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", """
                #version 330 core
                struct P { vec2 a; float b; };
                in vec2 uv;
                out vec4 c;
                void main() {
                    P p = P(uv, 0.5);
                    P q = uv.x > 0.5 ? p : P(vec2(1.0), 0.25);
                    c = vec4(q.a, q.b, p.b);
                }
                """, CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(r.ok()).as(r.log()).isTrue();
        CompileResult dynamic = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", FRAGMENTS.getFirst(),
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(dynamic.ok()).isFalse();
        assertThat(dynamic.log()).contains("run-time index");
    }
}
