package dev.csir.compile;

import static dev.csir.ir.Stage.FRAGMENT;
import static dev.csir.ir.Stage.VERTEX;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Messages;
import dev.csir.ir.Stage;
import dev.csir.testing.Shaders;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The semantic, built-in and statement messages of chrisos-original.md §2.10, each from a source
 * written here, with its exact text and position (lexer and parser messages are covered in
 * dev.csir.lang); then the rendered format, the error cap, recovery and the driver's messages.
 */
class SemanticDiagnosticsTest {
    record Case(Stage stage, String source, String first) {
    }

    static Case c(Stage stage, String source, String first) {
        return new Case(stage, source, first);
    }

    static final List<Case> CASES = List.of(
                    c(VERTEX, "void main() { float a; float a; gl_Position = vec4(1.0); }", "1:30: duplicate symbol"),
                    c(VERTEX, "float s; sampler2D t; void main() { gl_Position = vec4(1.0); }", "1:20: sampler2D must be a uniform"),
                    c(VERTEX, "void main() { vec2 v = vec2(1.0); gl_Position = vec4(v + vec3(1.0), 1.0); }", "1:56: type mismatch"),
                    c(VERTEX, "uniform mat4 m;\nvoid main() { gl_Position = m * vec3(1.0); }", "2:31: cannot multiply matrix by this vector"),
                    c(VERTEX, "uniform mat4 m; uniform mat3 n;\nvoid main() { gl_Position = vec4((m * n)[0]); }", "2:37: matrix size mismatch"),
                    c(VERTEX, "uniform mat4 m; uniform mat3 n;\nvoid main() { mat4 x = m * n; gl_Position = vec4(1.0); }", "2:26: matrix size mismatch"),
                    c(VERTEX, "void main() { vec2 v = vec2(1.0); if (v < vec2(2.0)) { } gl_Position = vec4(1.0); }", "1:41: vector comparisons are not supported"),
                    c(VERTEX, "float f(float a) { return a; }\nvoid main() { gl_Position = vec4(f(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0)); }", "2:34: wrong argument count"),
                    c(VERTEX, "void main() { gl_Position = vec4(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0); }", "1:29: constructor component count does not match the type"),
                    c(VERTEX, "void main() { mat3 m = mat3(vec2(1.0), vec2(1.0), vec2(1.0)); gl_Position = vec4(1.0); }", "1:24: constructor component count does not match the type"),
                    c(VERTEX, "vec2 g() { return vec2(1.0); } void main() { mat3 m = mat3(g(), 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0); gl_Position = vec4(1.0); }", "1:55: unsupported matrix constructor"),
                    c(VERTEX, "uniform mat3 m; void main() { gl_Position = vec4(m, 1.0); }", "1:45: bad constructor argument"),
                    c(VERTEX, "void main() { gl_Position = vec4(1.0, 2.0); }", "1:29: constructor component count does not match the type"),
                    c(VERTEX, "void main() { gl_Position = vec4(q); }", "1:34: unknown identifier"),
                    c(FRAGMENT, "out vec4 c; void main() { c = gl_Position; }", "1:31: gl_Position is not available in this stage"),
                    c(VERTEX, "void main() { gl_Position = gl_FragCoord; }", "1:29: gl_FragCoord is not available in this stage"),
                    c(VERTEX, "float f(float a) { return a; } void main() { gl_Position = vec4(f); }", "1:65: function used as a value"),
                    c(VERTEX, "void main() { vec4 v = vec4(1.0); gl_Position = vec4(v[1.0]); }", "1:55: type mismatch"),
                    c(VERTEX, "void main() { vec4 v = vec4(1.0); gl_Position = vec4(v[4]); }", "1:55: index out of range"),
                    c(VERTEX, "uniform float u; void main() { gl_Position = vec4(u % 2.0); }", "1:53: type mismatch"),
                    c(VERTEX, "void main() { bool b = true; b++; gl_Position = vec4(1.0); }", "1:31: type mismatch"),
                    c(VERTEX, "void main() { float x = 1.0 ? 2.0 : 3.0; gl_Position = vec4(x); }", "1:25: a condition must be a bool"),
                    c(VERTEX, "void main() { gl_Position = texture(1.0, vec2(0.0)); }", "1:29: texture() expects a sampler2D and a vec2"),
                    c(VERTEX, "void main() { gl_Position = vec4(dot(1.0, vec2(2.0))); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(cross(vec2(1.0), vec2(1.0)), 1.0); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(length(true)); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(normalize(ivec2(1))); }", "1:34: wrong arguments"),
                    c(VERTEX, "uniform mat4 m; void main() { gl_Position = vec4(abs(m)); }", "1:50: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(min(1.0)); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(clamp(1.0, 2.0)); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(mix(1.0, 2.0)); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(reflect(1.0, vec2(1.0))); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(frobnicate(1.0)); }", "1:34: unknown function"),
                    c(VERTEX, "void f() { } void main() { gl_Position = vec4(f()); }", "1:47: void function used as a value"),
                    c(VERTEX, "float f(float a) { return f(a); } void main() { gl_Position = vec4(f(1.0)); }", "1:7: recursion is not supported: 'f' calls 'f'"),
                    c(VERTEX, "float f(vec2 a) { return a.x; } void main() { gl_Position = vec4(f(1.0)); }", "1:66: argument type mismatch"),
                    c(VERTEX, "float f(float a) { float b = a; } void main() { gl_Position = vec4(f(1.0)); }", "1:7: function is missing a return value"),
                    c(VERTEX, "void main() { vec4 v = vec4(1.0); v.xx = vec2(2.0); gl_Position = v; }",
                            "1:36: a swizzle assigned to may not repeat a component"),
                    c(VERTEX, "void main() { vec4 v = vec4(1.0); (v + v).x = 2.0; gl_Position = v; }",
                            "1:42: assignment target must be a name"),
                    c(VERTEX, "const float k = 1.0; void main() { k = 2.0; gl_Position = vec4(1.0); }", "1:38: cannot assign to const"),
                    c(VERTEX, "uniform float u; void main() { u = 2.0; gl_Position = vec4(1.0); }", "1:34: invalid assignment"),
                    c(VERTEX, "void main() { vec2 v = vec3(1.0); gl_Position = vec4(1.0); }", "1:20: type mismatch in assignment"),
                    c(VERTEX, "void main() { vec2 v; v = vec3(1.0); gl_Position = vec4(1.0); }", "1:25: type mismatch in assignment"),
                    c(VERTEX, "void main() { void x; gl_Position = vec4(1.0); }", "1:20: void variable"),
                    c(VERTEX, "uniform float u = 1.0; void main() { gl_Position = vec4(1.0); }", "1:15: uniforms cannot have an initializer"),
                    c(VERTEX, "in float a = 1.0; void main() { gl_Position = vec4(1.0); }", "1:10: shader inputs and outputs cannot have an initializer"),
                    c(VERTEX, "void main() { uniform float x; gl_Position = vec4(1.0); }", "1:29: qualifiers are only valid at global scope"),
                    c(VERTEX, "void main() { discard; gl_Position = vec4(1.0); }", "1:15: discard is only valid in a fragment shader"),
                    c(VERTEX, "void main() { if (vec2(1.0)) { } gl_Position = vec4(1.0); }", "1:15: a condition must be a bool"),
                    c(VERTEX, "void main() { gl_Position = vec4(packDouble2x32(1.0)); }", "1:34: unsupported built-in function 'packDouble2x32'"),
                    c(VERTEX, "float f() { return vec2(1.0); } void main() { gl_Position = vec4(f()); }", "1:13: type mismatch in return"),
                    c(VERTEX, "void main() { vec4 a = vec4(1.0); float s = 2.0; gl_Position = a + s * vec2(1.0); }", "1:66: type mismatch"),
                    c(VERTEX, "uniform sampler2D s; void main() { gl_Position = vec4(s); }", "1:50: bad constructor argument"),
                    c(VERTEX, "uniform sampler2D s; void main() { gl_Position = s; }", "1:48: type mismatch in assignment"),
                    c(VERTEX, "uniform sampler2D s; void main() { s = 1.0; gl_Position = vec4(1.0); }", "1:38: invalid assignment"),
                    c(FRAGMENT, "in vec4 v; out vec4 c; void main() { v = vec4(1.0); c = v; }", "1:40: invalid assignment"),
                    c(FRAGMENT, "out vec4 c; void main() { gl_FragCoord = vec4(1.0); c = vec4(1.0); }", "1:40: invalid assignment"),
                    c(VERTEX, "void main() { gl_Position = vec4(-vec2(1.0) * mat4(1.0)); }", "1:45: cannot multiply matrix by this vector"),
                    c(VERTEX, "uniform mat4 m; void main() { gl_Position = vec4(pow(m, 1.0)); }", "1:50: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(pow(1.0)); }", "1:34: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(vec2(1.0) < 2.0); }", "1:44: vector comparisons are not supported"),
                    c(VERTEX, "void main() { gl_Position = mix(vec4(1.0), vec4(2.0), vec2(0.5)); }", "1:29: wrong arguments"),
                    c(VERTEX, "void main() { gl_Position = vec4(normalize(vec2(1.0)) * vec3(1.0), 1.0); }", "1:55: type mismatch"),
                    c(VERTEX, "void main() { gl_Position = vec4(smoothstep(vec2(1.0), vec3(1.0), vec4(1.0))); }", "1:34: wrong arguments"),
                    c(FRAGMENT, "out vec4 c; void main() { gl_FragCoord = vec4(1.0); c = vec4(1.0); }", "1:40: invalid assignment"),
                    c(VERTEX, "uniform sampler2D s; void main() { gl_Position = texture(s, 1.0); }", "1:50: texture() expects a sampler2D and a vec2"));

    /**
     * What the documented CSIR subset refused and GLSL accepts (more than 4 parameters, run-time
     * loops and indexes, early returns, reads before writes...): each compiles now; the message
     * beside it is what the subset said.
     */
    static final List<Case> SUBSET_ONLY = List.of(
                    c(VERTEX, "float f(float a, float b, float c, float d, float e) { return a; }\nvoid main() { gl_Position = vec4(1.0); }", "1:7: too many parameters"),
                    c(VERTEX, "uniform mat4 m;\nvoid main() { gl_Position = vec4(m[1]); }", "1:1: cannot swizzle a matrix"),
                    c(VERTEX, "uniform float u; void main() { mat4 m = mat4(u); gl_Position = vec4(1.0); }", "1:41: matrix diagonal constructor needs a constant"),
                    c(VERTEX, "float g; void main() { gl_Position = vec4(g); }", "1:43: value used before assignment"),
                    c(VERTEX, "uniform int i; void main() { vec4 v = vec4(1.0); gl_Position = vec4(v[i]); }", "1:70: only constant indexes are supported"),
                    c(VERTEX, "uniform mat4 m; void main() { gl_Position = (m * 2.0)[0] ; }", "1:1: cannot swizzle a matrix"),
                    c(VERTEX, "void main() { gl_Position = vec4(1.0 / 0.0); }", "1:38: division by zero"),
                    c(VERTEX, "float f0(float a) { return a; }\nfloat f1(float a) { return f0(a); }\nfloat f2(float a) { return f1(a); }\nfloat f3(float a) { return f2(a); }\nfloat f4(float a) { return f3(a); }\nfloat f5(float a) { return f4(a); }\nfloat f6(float a) { return f5(a); }\nfloat f7(float a) { return f6(a); }\nfloat f8(float a) { return f7(a); }\nvoid main() { gl_Position = vec4(f8(1.0)); }", "3:28: call depth limit"),
                    c(VERTEX, "uniform int n; void main() { for (int i = n; i < 2; i++) { } gl_Position = vec4(1.0); }", "1:30: loop initializer is not a constant"),
                    c(VERTEX, "uniform int n; void main() { for (int i = 0; i < n; i++) { } gl_Position = vec4(1.0); }", "1:30: unsupported loop condition"),
                    c(VERTEX, "void main() { for (int i = 0; i < 2; i++) { i = 1; } gl_Position = vec4(1.0); }", "1:15: cannot assign the loop variable"),
                    c(VERTEX, "void main() { int j = 0; for (int i = 0; i < 2; j++) { } gl_Position = vec4(1.0); }", "1:26: unsupported loop step"),
                    c(VERTEX, "void main() { for (int i = 0; i < 9; i++) { } gl_Position = vec4(1.0); }", "1:15: loop bound exceeds the unroll limit"),
                    c(VERTEX, "float f(float a) { return a; a = 1.0; } void main() { gl_Position = vec4(f(1.0)); }", "1:20: return must be the last statement of the function"),
                    c(VERTEX, "void main() { for (float i = 0.0; i < 2.0; i++) { } gl_Position = vec4(1.0); }", "1:15: unsupported loop"),
                    c(VERTEX, "void main() { gl_Position = vec4(1.0); int k = 7 % 0; }", "1:50: operator % is only supported on constant integers"));

    @Test
    void everyCaseReportsItsFirstErrorAtItsToken() {
        List<String> wrong = new ArrayList<>();
        for (Case k : CASES) {
            CompileResult r = ShaderCompiler.compile(k.stage(), "t", k.source());
            String got = r.ok() ? "(compiles)" : r.diagnostics().getFirst().line() + ":" + r.diagnostics().getFirst().column()
                    + ": " + r.diagnostics().getFirst().message();
            if (!got.equals(k.first())) {
                wrong.add(k.source() + "\n  want " + k.first() + "\n  got  " + got);
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void whatOnlyTheSubsetRefusedCompiles() {
        List<String> refused = new ArrayList<>();
        for (Case k : SUBSET_ONLY) {
            CompileResult r = ShaderCompiler.compile(k.stage(), "t", k.source());
            if (!r.ok()) {
                refused.add(k.source() + "\n" + r.log());
            }
        }
        assertThat(refused).isEmpty();
    }

    /** Every reachable message of the semantic tables has a case above. */
    @Test
    void everyReachableSemanticMessageIsCovered() {
        Set<String> covered = new HashSet<>();
        for (Case k : CASES) {
            covered.add(k.first().substring(k.first().indexOf(": ") + 2));
        }
        assertThat(covered).contains(Messages.DUPLICATE_SYMBOL, Messages.SAMPLER_NOT_UNIFORM, Messages.TYPE_MISMATCH,
                Messages.MATRIX_VECTOR_MISMATCH, Messages.MATRIX_SIZE_MISMATCH, Messages.VECTOR_COMPARISON,
                Messages.UNSUPPORTED_MATRIX_CONSTRUCTOR, Messages.BAD_CONSTRUCTOR_ARGUMENT,
                Messages.CONSTRUCTOR_COUNT, Messages.UNKNOWN_IDENTIFIER, Messages.POSITION_STAGE,
                Messages.FRAGCOORD_STAGE, Messages.FUNCTION_AS_VALUE, Messages.INDEX_OUT_OF_RANGE,
                Messages.TEXTURE_ARGUMENTS, Messages.WRONG_ARGUMENTS,
                Messages.WRONG_ARGUMENT_COUNT, Messages.UNKNOWN_FUNCTION, Messages.VOID_FUNCTION_VALUE,
                Messages.recursion(java.util.List.of("f", "f")), Messages.ARGUMENT_TYPE_MISMATCH,
                Messages.MISSING_RETURN_VALUE, Messages.ASSIGNMENT_TARGET, Messages.SWIZZLE_TARGET_REPEATS, Messages.ASSIGN_CONST,
                Messages.INVALID_ASSIGNMENT, Messages.ASSIGNMENT_TYPE_MISMATCH, Messages.VOID_VARIABLE,
                Messages.UNIFORM_INITIALIZER, Messages.INTERFACE_INITIALIZER, Messages.LOCAL_QUALIFIER,
                Messages.DISCARD_STAGE_SOURCE, Messages.CONDITION_NOT_BOOL, Messages.RETURN_TYPE_MISMATCH,
                Messages.unsupportedBuiltin("packDouble2x32"));
    }

    @Test
    void renderedWithNameLineColumnSourceLineAndCaret() {
        CompileResult r = ShaderCompiler.compile(VERTEX, "bad.vert", """
                #version 330 core
                void main() {
                \tgl_Position = vec4(q, 1.0);
                }
                """);
        assertThat(r.ok()).isFalse();
        // a tab counts as one column and is kept under the caret so it lines up
        assertThat(r.log()).startsWith("bad.vert:3:21: error: unknown identifier\n"
                + "\tgl_Position = vec4(q, 1.0);\n"
                + "\t" + " ".repeat(19) + "^\n");
        assertThat(r.diagnostics().getFirst().header()).isEqualTo("bad.vert:3:21: error: unknown identifier");
    }

    @Test
    void oneTypoDoesNotHideTheRest() {
        CompileResult r = ShaderCompiler.compile(VERTEX, "t", """
                void main() {
                    float a = q;
                    vec2 b = vec3(1.0);
                    float c = 1.0 / 0.0;
                    gl_Position = vec4(r);
                }
                """);
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                // a bad value is reported once, not again by the assignment it fails; 1.0 / 0.0 is
                // GLSL (an infinity)
                .containsExactly("2:15: unknown identifier", "3:10: type mismatch in assignment", "5:24: unknown identifier");
    }

    @Test
    void atMostEightErrorsAreKeptAndAllAreCounted() {
        StringBuilder src = new StringBuilder("void main() {\n");
        for (int i = 0; i < 12; i++) {
            src.append("    float a").append(i).append(" = q").append(i).append(";\n");
        }
        src.append("    gl_Position = vec4(1.0);\n}\n");
        CompileResult r = ShaderCompiler.compile(VERTEX, "t", src.toString());
        assertThat(r.diagnostics()).hasSize(8);
        assertThat(r.errorCount()).isGreaterThanOrEqualTo(8);
        assertThat(r.diagnostics()).extracting(d -> d.line()).containsExactly(2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void driverMessages() {
        CompileResult empty = ShaderCompiler.compile(VERTEX, "e.vert", "");
        assertThat(empty.log()).isEqualTo("e.vert:1:1: error: empty shader\n\n^\n");
        CompileResult big = ShaderCompiler.compile(VERTEX, "big.vert", "void main() { }\n" + "//".repeat(2040), CHRISOS);
        assertThat(big.diagnostics()).extracting(d -> d.header())
                .containsExactly("big.vert:1:1: error: shader source exceeds the size limit: 4096 bytes, the limit is 4095 bytes");
        assertThat(ShaderCompiler.compile(VERTEX, "ok.vert", "void main() { gl_Position = vec4(1.0); }\n"
                + " ".repeat(4095 - 41), CHRISOS).ok()).isTrue();
        CompileResult geom = ShaderCompiler.rejectStage("g.geom");
        assertThat(geom.ok()).isFalse();
        assertThat(geom.log()).isEqualTo(
                "g.geom:1:1: error: geometry, tessellation, and compute shaders are not supported\n\n^\n");
        assertThat(ShaderCompiler.compile(null, "x", "void main() { }").diagnostics().getFirst().message())
                .isEqualTo(Messages.UNSUPPORTED_STAGE);
        assertThat(ShaderCompiler.compile(VERTEX, null, "").diagnostics().getFirst().header())
                .isEqualTo("s:1:1: error: empty shader");
        assertThat(ShaderCompiler.compile(VERTEX, "", "").diagnostics().getFirst().header())
                .isEqualTo("shader:1:1: error: empty shader");
    }

    @Test
    void theLogIsInSourceOrderWithFollowOnErrorsAfterTheirCause() {
        // a lexer error on line 3 and a syntax error on line 1: line 1 first
        CompileResult r = ShaderCompiler.compile(VERTEX, "o.vert", "void main() {\n  float x = ;\n  gl_Position = vec4(1.0) $;\n}\n");
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .startsWith("2:13: expected an expression", "3:27: invalid token");
        // a bad swizzle is shown and sorted where it is (the original showed it at 1:1)
        r = ShaderCompiler.compile(VERTEX, "o.vert", "void main() {\n  float a = q;\n  gl_Position = vec4(vec2(1.0).z);\n}\n");
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .containsExactly("2:13: unknown identifier", "3:31: invalid swizzle");
    }

    @Test
    void aByteOrderMarkIsSkippedAndColumnsStartAfterIt() {
        String src = "void main() { gl_Position = vec4(1.0); }\n";
        assertThat(ShaderCompiler.compile(VERTEX, "b.vert", "\uFEFF" + src).ok()).isTrue();
        // the caret is under the character it names: the mark is neither counted nor shown
        CompileResult r = ShaderCompiler.compile(VERTEX, "b.vert", "\uFEFFvoid main() { gl_Position = x; }\n");
        assertThat(r.log()).startsWith("b.vert:1:29: error: unknown identifier\n"
                + "void main() { gl_Position = x; }\n" + " ".repeat(28) + "^\n");
    }

    static String lines(String format, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(format.formatted(i)).append('\n');
        }
        return sb.toString();
    }

    /**
     * A pool overflow is located where lowering crossed the limit, says what the shader needs, and
     * is the last error (the original reported it at 1:1, then the errors its bad values caused).
     */
    private static final dev.csir.CompileOptions CHRISOS =
            dev.csir.CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS);

    /** A sum of n values that are all computed before the first is added: n live at once. */
    static String liveAtOnce(int n) {
        StringBuilder sb = new StringBuilder("uniform float u;\nvoid main() {\n");
        for (int i = 0; i < n; i++) {
            sb.append("float v").append(i).append("=sin(u+").append(i).append(".5);\n");
        }
        sb.append("  float s = 0.0;\n");
        for (int i = 0; i < n; i++) {
            sb.append("s=s+v").append(i).append(";\n");
        }
        return sb.append("  gl_Position = vec4(s);\n}\n").toString();
    }

    @Test
    void poolLimitsAreLocatedAndFinal() {
        // 100 values live at once (and the uniform) cross 96 temporaries at v95
        CompileResult r = ShaderCompiler.compile(VERTEX, "t", liveAtOnce(100), CHRISOS);
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .containsExactly("98:7: shader exceeds the temporary limit: needs 101 temporaries, the limit is 96");
        // 90 fit the pools (their TGSI does not fit the 3600-byte budget: CSIR only)
        assertThat(ShaderCompiler.compile(VERTEX, "t", liveAtOnce(90), CHRISOS.withTarget(dev.csir.Target.CSIR)).ok())
                .isTrue();
        String insns = "uniform float u;\nvoid main() {\n  float s = u;\n" + lines("s=sin(s);", 400)
                + "  gl_Position = vec4(s);\n}\n";
        r = ShaderCompiler.compile(VERTEX, "t", insns, CHRISOS);
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .containsExactly("387:2: shader exceeds the instruction limit: needs 403 instructions, the limit is 384");
        String consts = "uniform float u;\nvoid main() {\n  float s = u;\n" + lines("  s = s * %d.5;", 170)
                + "  gl_Position = vec4(s);\n}\n";
        r = ShaderCompiler.compile(VERTEX, "t", consts, CHRISOS);
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .containsExactly("164:5: too many constants: needs 170 constant values, the limit is 160");
        // under the default profile the same shaders compile
        assertThat(ShaderCompiler.compile(VERTEX, "t", liveAtOnce(100)).ok()).isTrue();
        assertThat(ShaderCompiler.compile(VERTEX, "t", insns).ok()).isTrue();
        assertThat(ShaderCompiler.compile(VERTEX, "t", consts).ok()).isTrue();
    }

}
