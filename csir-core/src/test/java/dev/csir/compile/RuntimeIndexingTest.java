package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.diag.Messages;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.verify.Verifier;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.types.ShaderStage;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Run-time indexing on CSIR: local arrays read and written, uniform arrays read, matrix columns
 * and vector lanes at an index known only at run time, lowered to the indexed records; the
 * interpreter computes what the evaluator does for indexes in range.
 */
public class RuntimeIndexingTest {
    public static final List<String> FRAGMENTS = List.of("""
            #version 330 core
            struct Light { vec3 color; float power; };
            uniform Light lights[4];
            uniform int count;
            in vec2 uv;
            out vec4 c;
            void main() {
                vec3 sum = vec3(0.0);
                for (int i = 0; i < 4; i++) {
                    if (i < (count & 3) + 1) sum += lights[i].color * lights[i].power;
                }
                c = vec4(sum, uv.x);
            }
            """, """
            #version 330 core
            in vec2 uv;
            uniform int k;
            out vec4 c;
            void main() {
                float arr[6];
                for (int i = 0; i < 6; i++) arr[i] = uv.x * float(i) + uv.y;
                int j = (k & 3) + 1;
                arr[j] = arr[j - 1] * 2.0;
                c = vec4(arr[j], arr[(j + 2) % 6], arr[5 - j], 1.0);
            }
            """, """
            #version 330 core
            in vec4 v;
            uniform mat4 m;
            uniform int i;
            uniform int j;
            out vec4 c;
            void main() {
                mat4 local = m;
                int a = i & 3, b = j & 3;
                local[a][b] = v.x;
                vec4 w = v;
                w[b] = local[b][a] + w[a];
                c = vec4(local[a][b], m[b][a], w[b], w[a]) + local[b];
            }
            """, """
            #version 330 core
            uniform vec4 pal[8];
            uniform mat3 xs[3];
            uniform int n;
            in vec3 p;
            out vec4 c;
            void main() {
                vec4 acc = vec4(0.0);
                for (int i = 0; i < (n & 7); i++) acc += pal[i];
                int q = n & 3;
                vec3 t = xs[q % 3] * p + xs[(q + 1) % 3][q % 3];
                c = acc + vec4(t, pal[7 - (n & 7)].w);
            }
            """, """
            #version 330 core
            struct Item { vec2 at; mat2 turn; int tag[3]; };
            uniform int n;
            in vec2 uv;
            out vec4 c;
            void main() {
                Item items[3];
                for (int i = 0; i < 3; i++) {
                    items[i].at = uv * float(i);
                    items[i].turn = mat2(float(i), 1.0, uv.x, uv.y);
                    for (int k = 0; k < 3; k++) items[i].tag[k] = i * 3 + k;
                }
                int s = n & 1;
                items[s + 1].turn[s][1 - s] = 7.0;
                vec2 r = items[s].turn * items[2 - s].at + items[s + 1].turn[s];
                c = vec4(r, float(items[s + 1].tag[2 - s]), float(items[s].tag[s]));
            }
            """);

    public static final List<String> VERTICES = List.of("""
            #version 330 core
            in vec4 pos;
            uniform mat4 bones[4];
            in vec4 weights;
            out vec4 col;
            void main() {
                vec4 p = vec4(0.0);
                for (int i = 0; i < 4; i++) p += bones[i] * pos * weights[i];
                gl_Position = p;
                int id = gl_VertexID & 3;
                col = bones[id][id];
            }
            """);

    /**
     * A seeded program over a local array and a uniform array: filled in a loop, written and read
     * at run-time indexes (always in range, where the evaluator and CSIR agree), a matrix and a
     * vector indexed too.
     */
    public static String randomProgram(Random r) {
        int n = 2 + r.nextInt(6);
        int m = 2 + r.nextInt(5);
        String[] types = {"float", "vec2", "vec4", "int"};
        String t = types[r.nextInt(types.length)];
        StringBuilder b = new StringBuilder("#version 330 core\nin vec2 uv;\nuniform int k;\nuniform int q;\n");
        b.append("uniform vec4 pal[").append(m).append("];\nuniform mat3 rot;\nout vec4 c;\nvoid main() {\n");
        b.append("    ").append(t).append(" arr[").append(n).append("];\n");
        b.append("    for (int i = 0; i < ").append(n).append("; i++) arr[i] = ").append(of(t, "uv.x * float(i) + uv.y")).append(";\n");
        b.append("    int a = k & 7, z = q & 7;\n    vec4 acc = vec4(0.0);\n    vec3 v = vec3(uv, 1.0);\n    mat3 mm = rot;\n");
        int statements = 2 + r.nextInt(6);
        for (int s = 0; s < statements; s++) {
            String i = index(r, n);
            String j = index(r, n);
            switch (r.nextInt(7)) {
                case 0 -> b.append("    arr[").append(i).append("] = arr[").append(j).append("] + ").append(of(t, "uv.y")).append(";\n");
                case 1 -> b.append("    acc += vec4(").append(asFloat(t, "arr[" + i + "]")).append(");\n");
                case 2 -> b.append("    acc += pal[").append(index(r, m)).append("];\n");
                case 3 -> b.append("    for (int w = 0; w < (z % ").append(n).append(") + 1; w++) { arr[w] = arr[(w + a) % ")
                        .append(n).append("] * ").append(of(t, "0.5")).append("; acc.x += pal[w % ").append(m).append("].y; }\n");
                case 4 -> b.append("    v[").append(index(r, 3)).append("] = acc.w + v[").append(index(r, 3)).append("];\n");
                case 5 -> b.append("    mm[").append(index(r, 3)).append("][").append(index(r, 3)).append("] = v.x; acc.xyz += mm[")
                        .append(index(r, 3)).append("] + rot[").append(index(r, 3)).append("];\n");
                default -> b.append("    acc.y += pal[").append(index(r, m)).append("][").append(index(r, 4)).append("];\n");
            }
        }
        b.append("    c = acc + vec4(v, ").append(asFloat(t, "arr[" + index(r, n) + "]")).append(");\n}\n");
        return b.toString();
    }

    /** An int index in [0, n) known only at run time. */
    private static String index(Random r, int n) {
        return switch (r.nextInt(3)) {
            case 0 -> "(a + " + r.nextInt(n) + ") % " + n;
            case 1 -> "(z * " + (1 + r.nextInt(3)) + " + a) % " + n;
            default -> "z % " + n;
        };
    }

    private static String of(String t, String scalar) {
        return t.equals("int") ? "int(" + scalar + " * 4.0)" : t.equals("float") ? scalar : t + "(" + scalar + ")";
    }

    private static String asFloat(String t, String value) {
        return switch (t) {
            case "int" -> "float(" + value + ")";
            case "vec2" -> value + ".y";
            case "vec4" -> value + ".z";
            default -> value;
        };
    }

    @Test
    void randomArrayProgramsAgree() {
        Random r = new Random(2026);
        List<String> programs = new java.util.ArrayList<>();
        for (int p = 0; p < 320; p++) {
            programs.add(randomProgram(r));
        }
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, programs, 8, new Random(83))).isEmpty();
    }

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, FRAGMENTS, 60, new Random(81))).isEmpty();
        assertThat(Differential.disagreements(ShaderStage.VERTEX, VERTICES, 60, new Random(82))).isEmpty();
    }

    private static CompileResult compiled(String src) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", src);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r;
    }

    @Test
    void eachKindOfAccessHasItsRecord() {
        List<Opcode> ops = FRAGMENTS.stream().skip(1).flatMap(src -> compiled(src).ir().code().stream())
                .map(Insn::opcode).filter(op -> op != null && op.isIndexed()).distinct().toList();
        assertThat(ops).containsExactlyInAnyOrder(Opcode.LOAD_INDEXED, Opcode.STORE_INDEXED, Opcode.LOAD_UNI_INDEXED);
    }

    @Test
    void tgsiDeclaresTheArraysAndAddressesThemThroughAdDR() {
        String local = compiled(FRAGMENTS.get(1)).tgsi();
        assertThat(local).containsPattern("DCL TEMP\\[\\d+\\.\\.\\d+\\], ARRAY\\(1\\)").contains("DCL ADDR[0]")
                .contains("UARL ADDR[0].x, TEMP[").containsPattern("MOV TEMP\\[ADDR\\[0\\]\\.x\\+\\d+\\]\\(1\\)")
                .contains("IMAX ", "IMIN ");
        String uniform = compiled(FRAGMENTS.get(3)).tgsi();
        assertThat(uniform).contains("CONST[0][ADDR[0].x+").doesNotContain("ARRAY(");
    }

    @Test
    void onlyCsiVersion2CarriesTheRecords() {
        ShaderIr ir = compiled(FRAGMENTS.get(1)).ir();
        // with every other version 2 record (the integer lanes) taken out, the first indexed one is named
        List<Insn> indexedOnly = ir.code().stream().map(in -> in.opcode() != null && in.opcode().isIndexed() ? in
                : new Insn(Opcode.NOP.code(), 0, 0, -1, -1, -1, -1, 0, 0)).toList();
        assertThat(Csi.version1Problem(ir.withCode(indexedOnly))).containsPattern("(load|store)_indexed");
        assertThat(Csi.load(Csi.save(ir))).isInstanceOfSatisfying(CsiResult.Loaded.class,
                l -> assertThat(l.shader().code()).isEqualTo(ir.code()));
    }

    @Test
    void theVerifierHoldsEachArrayWithinTheRegistersAndUniforms() {
        for (String src : List.of(FRAGMENTS.get(1), FRAGMENTS.get(3))) {
            ShaderIr ir = compiled(src).ir();
            assertThat(Verifier.verify(ir)).isEmpty();
            List<Insn> code = new java.util.ArrayList<>(ir.code());
            int at = -1;
            for (int k = 0; k < code.size() && at < 0; k++) {
                at = code.get(k).opcode() != null && code.get(k).opcode().isIndexed() ? k : -1;
            }
            Insn in = code.get(at);
            // one register or slot past the end of what the shader has
            code.set(at, in.opcode() == Opcode.LOAD_UNI_INDEXED
                    ? new Insn(in.op(), in.ty(), in.ncomp(), in.dst(), in.a(), in.b(), in.c(), in.aux(),
                            Limits.DEFAULT.uniformSlots() - in.aux() + 1)
                    : new Insn(in.op(), in.ty(), in.ncomp(), in.dst(), in.a(), in.b(), in.c(),
                            ir.temps() - (in.opcode() == Opcode.LOAD_INDEXED ? in.a() : in.dst()) + 1, in.aux2()));
            assertThat(Verifier.verify(ir.withCode(code))).extracting(Verifier.Problem::message)
                    .containsExactly(Messages.INVALID_INDEXED_ACCESS);
        }
    }

    @Test
    void theChrisOsProfileRefusesARunTimeIndexWhereItStands() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", FRAGMENTS.get(1),
                CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(r.ok()).isFalse();
        assertThat(r.log()).contains("s.frag:9:", "CSIR cannot express indexing memory at a run-time index in this profile")
                .doesNotContain("Exception");
    }
}
