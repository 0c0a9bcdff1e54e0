package dev.csir.sema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.ir.Stage;
import dev.csir.lang.Ast;
import dev.csir.lang.Parser;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckerTest {
    static Typed.Unit check(ShaderStage stage, String src) {
        DiagnosticLog log = new DiagnosticLog("t", src);
        Ast.Unit unit = Parser.parse(src, log);
        Typed.Unit u = Checker.check(unit, stage, log);
        assertThat(log.diagnostics()).as(src).isEmpty();
        return u;
    }

    static List<String> errors(ShaderStage stage, String src) {
        ModuleResult r = ShaderCompiler.compileModule(stage, "t", src);
        assertThat(r.ok()).as(src).isFalse();
        return r.diagnostics().stream().map(d -> d.line() + ":" + d.column() + ": " + d.message()).toList();
    }

    @Test
    void everyShaderTheCsirPathAcceptsChecks() {
        List<String> failures = new ArrayList<>();
        int n = 0;
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            CompileResult old = ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT,
                    s.name(), s.text());
            if (!old.ok()) {
                continue;
            }
            n++;
            ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text());
            if (!r.ok()) {
                failures.add(s.name() + ":\n" + r.log());
            }
        }
        assertThat(failures).isEmpty();
        // the examples and test sources always, the conformance shaders when ../shared is there
        assertThat(n).isGreaterThanOrEqualTo(ShaderCorpus.hasConformance() ? 40 : 10);
    }

    @Test
    void swizzleLettersAreCheckedAgainstTheBase() {
        String head = "out vec4 c; struct S { vec4 rgx; float s; }; void main() { vec4 v = vec4(1.0); S t; ";
        assertThat(errors(ShaderStage.FRAGMENT, head + "c = v.rgx; }")).containsExactly("1:91: mixed swizzle sets");
        assertThat(errors(ShaderStage.FRAGMENT, head + "c = v.xyzwx; }")).containsExactly("1:91: invalid swizzle");
        assertThat(errors(ShaderStage.FRAGMENT, head + "c = vec4(v.xq, 0.0, 0.0); }"))
                .containsExactly("1:96: mixed swizzle sets");
        assertThat(errors(ShaderStage.FRAGMENT, head + "c = t.rgb; }")).containsExactly("1:90: no such field in the structure");
        // a struct's member may be spelled like a swizzle; stpq is a swizzle of vectors
        check(ShaderStage.FRAGMENT, head + "c = t.rgx * t.s + v.stpq; }");
    }

    @Test
    void conversionsAndSplatsAreExplicit() {
        Typed.Unit u = check(ShaderStage.FRAGMENT, """
                out vec4 c;
                void main() { int i = 2; vec3 v = vec3(1.0) * 2.0 + float(i); c = vec4(v, i); }
                """);
        Typed.Block body = u.main().body();
        Typed.Declare v = (Typed.Declare) body.stmts().get(1);
        Typed.Binary add = (Typed.Binary) v.init();
        assertThat(add.type()).isEqualTo(VectorType.VEC3);
        Typed.Binary mul = (Typed.Binary) add.left();
        assertThat(mul.right()).isInstanceOf(Typed.Splat.class);
        assertThat(add.right()).isInstanceOf(Typed.Splat.class);
        Typed.Assign c = (Typed.Assign) ((Typed.ExprStmt) body.stmts().get(2)).expr();
        Typed.Construct vec4 = (Typed.Construct) c.value();
        assertThat(vec4.args().get(1)).isInstanceOf(Typed.Convert.class);
        assertThat(vec4.args().get(1).type()).isEqualTo(ScalarType.FLOAT);
    }

    @Test
    void matrixProductsAndIndexesAreTyped() {
        Typed.Unit u = check(ShaderStage.VERTEX, """
                uniform mat4 m; in vec4 p;
                void main() { vec4 col = m[2]; gl_Position = m * p + col * p[1]; }
                """);
        Typed.Declare col = (Typed.Declare) u.main().body().stmts().get(0);
        assertThat(col.init()).isInstanceOf(Typed.Index.class);
        assertThat(col.init().type()).isEqualTo(VectorType.VEC4);
        Typed.Assign a = (Typed.Assign) ((Typed.ExprStmt) u.main().body().stmts().get(1)).expr();
        Typed.Binary sum = (Typed.Binary) a.value();
        assertThat(((Typed.Binary) sum.left()).op()).isEqualTo(Typed.BinaryOp.MAT_MUL);
        assertThat(((Typed.Binary) sum.left()).left().type()).isEqualTo(MatrixType.MAT4);
    }

    @Test
    void languageErrorsAreLocated() {
        assertThat(errors(ShaderStage.VERTEX, "void main() { gl_Position = nope; }"))
                .containsExactly("1:29: unknown identifier");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c; void main() { c = vec3(1.0); }"))
                .containsExactly("1:29: type mismatch in assignment");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c; void main() { c = vec4(packDouble2x32(1.0)); }"))
                .containsExactly("1:36: unsupported built-in function 'packDouble2x32'");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c;\nfloat f(float x) { return f(x); }\nvoid main() { c = vec4(f(1.0)); }"))
                .containsExactly("2:7: recursion is not supported: 'f' calls 'f'");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c;\nfloat f(float x) { return g(x); }\n"
                + "float g(float x) { return f(x); }\nvoid main() { c = vec4(f(1.0)); }"))
                .containsExactly("2:7: recursion is not supported: 'f' calls 'g', which calls 'f'",
                        "3:7: recursion is not supported: 'g' calls 'f', which calls 'g'");
        assertThat(errors(ShaderStage.VERTEX, "void main() { discard; }"))
                .containsExactly("1:15: discard is only valid in a fragment shader");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c; void f() { } void main() { c = vec4(f()); }"))
                .containsExactly("1:49: void function used as a value");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c; float f(float x) { if (x > 0.0) { return 1.0; } }"
                + " void main() { c = vec4(f(1.0)); }")).containsExactly("1:19: function is missing a return value");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c; void main() { }\nvoid main() { }"))
                .containsExactly("2:6: duplicate symbol");
        assertThat(errors(ShaderStage.FRAGMENT, "out vec4 c; void f() { }")).containsExactly("1:1: missing main");
    }

    @Test
    void csirLimitsAreNotLanguageRules() {
        // more than 4 parameters, a loop of 100 trips, a return before the end, a non-constant diagonal
        check(ShaderStage.FRAGMENT, """
                uniform float k;
                out vec4 c;
                float f(float a, float b, float d, float e, float g) { if (a > b) { return a; } return d + e + g; }
                void main() {
                    float s = 0.0;
                    for (int i = 0; i < 100; i++) { s = s + f(s, 1.0, 2.0, 3.0, 4.0); }
                    mat3 m = mat3(k);
                    c = vec4(m * vec3(s), 1.0);
                }
                """);
        List<Diagnostic> none = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "big.frag",
                "out vec4 c; void main() { c = vec4(1.0); }" + " ".repeat(5000)).diagnostics();
        assertThat(none).isEmpty();
    }

    @Test
    void literalsHaveTheirExactValues() {
        Typed.Unit u = check(ShaderStage.FRAGMENT, "out vec4 c; void main() { int i = 2147483647; float f = 0.9;"
                + " c = vec4(f, i, 0.0, 1.0); }");
        Typed.Declare i = (Typed.Declare) u.main().body().stmts().get(0);
        Typed.Declare f = (Typed.Declare) u.main().body().stmts().get(1);
        assertThat(((Typed.Literal) i.init()).bits()).isEqualTo(2147483647L);
        assertThat(Float.intBitsToFloat((int) ((Typed.Literal) f.init()).bits())).isEqualTo(0.9f);
    }

    @Test
    void errorsCarryTheSpanOfTheTokenTheyPointAt() {
        String src = "out vec4 c; void main() { c = vec4(nowhere); }";
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "t.frag", src);
        Diagnostic d = r.diagnostics().getFirst();
        assertThat(src.substring(d.offset(), d.offset() + d.length())).isEqualTo("nowhere");
        assertThat(d.code()).isEqualTo("unknown-identifier");
        ModuleResult syntax = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "t.frag", "out vec4 c; void main( { }");
        Diagnostic s = syntax.diagnostics().getFirst();
        assertThat(s.offset()).isEqualTo(23);
        assertThat(s.length()).isEqualTo(1);
    }
}
