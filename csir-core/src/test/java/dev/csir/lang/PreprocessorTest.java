package dev.csir.lang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each directive and expansion rule of {@link Preprocessor}: the tokens it gives and its exact diagnostics. */
class PreprocessorTest {

    private static Tokens run(String src, Preprocessor.Options options, DiagnosticLog log) {
        return Preprocessor.run(src, log, options);
    }

    /** The texts of the tokens {@code src} preprocesses to (EOF left out), which must have no error or warning. */
    private static String expand(String src) {
        DiagnosticLog log = new DiagnosticLog("t.frag", src);
        Tokens t = run(src, Preprocessor.Options.NONE, log);
        assertThat(diagnostics(log)).as(src).isEmpty();
        return texts(t);
    }

    private static String texts(Tokens t) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < t.count() - 1; i++) {
            out.add(t.text(i));
        }
        return String.join(" ", out);
    }

    /** "line:col: severity: message" for every diagnostic. */
    private static List<String> diagnostics(DiagnosticLog log) {
        List<String> out = new ArrayList<>();
        for (Diagnostic d : log.diagnostics()) {
            out.add((d.file().equals("t.frag") ? "" : d.file() + ":") + d.line() + ":" + d.column() + ": "
                    + d.severity().word() + ": " + d.message());
        }
        return out;
    }

    private static List<String> diags(String src) {
        DiagnosticLog log = new DiagnosticLog("t.frag", src);
        run(src, Preprocessor.Options.NONE, log);
        return diagnostics(log);
    }

    /** Each token as text@line:col (where it is shown). */
    private static String positions(String src) {
        Tokens t = run(src, Preprocessor.Options.NONE, new DiagnosticLog("t.frag", src));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < t.count(); i++) {
            out.add((t.kind(i) == TokenKind.EOF ? "EOF" : t.text(i)) + "@" + t.line(i) + ":" + t.column(i));
        }
        return String.join(" ", out);
    }

    @Test
    void objectLikeMacros() {
        assertThat(expand("#define N 3\nint x = N;")).isEqualTo("int x = 3 ;");
        assertThat(expand("#define EMPTY\nEMPTY int EMPTY x;")).isEqualTo("int x ;");
        // rescanned: a macro's body may use macros defined later
        assertThat(expand("#define A B + 1\n#define B 2\nA")).isEqualTo("2 + 1");
        // keywords and rejected qualifiers are names to the preprocessor
        assertThat(expand("#define lowp\n#define float2 vec2\nlowp float2 v;")).isEqualTo("vec2 v ;");
        // the expansion is shown at the use, the text comes from the definition
        assertThat(positions("#define N 3\n  N;")).isEqualTo("3@2:3 ;@2:4 EOF@2:5");
        Tokens t = run("#define F 1.5e1\nF", Preprocessor.Options.NONE, new DiagnosticLog("t", ""));
        assertThat(t.kind(0)).isEqualTo(TokenKind.FLOAT);
        assertThat(t.floatValue(0)).isEqualTo(15f);
        assertThat(t.spanOffset(0)).isEqualTo(16);
        assertThat(t.spanLength(0)).isEqualTo(1);
    }

    @Test
    void functionLikeMacros() {
        assertThat(expand("#define F(a, b) (a + b)\nF(1, 2) F (3,4)")).isEqualTo("( 1 + 2 ) ( 3 + 4 )");
        // without '(' the name stays; a '(' on a later line still calls
        assertThat(expand("#define F(x) x\nint F; F\n(7)")).isEqualTo("int F ; 7");
        // "F (x)" in a definition is object-like: the '(' must touch the name
        assertThat(expand("#define G (x)\nG")).isEqualTo("( x )");
        // commas inside parentheses belong to the argument; empty arguments are allowed
        assertThat(expand("#define F(x) [x]\nF((1, 2))")).isEqualTo("[ ( 1 , 2 ) ]");
        assertThat(expand("#define F(x, y) x y\nF(, 2) F(1, ) F(,)")).isEqualTo("2 1");
        assertThat(expand("#define Z() 0\nZ()")).isEqualTo("0");
        // arguments are expanded before substitution and the result rescanned
        assertThat(expand("#define ONE 1\n#define F(x) x + x\nF(ONE)")).isEqualTo("1 + 1");
        assertThat(expand("#define F(x) G(x)\n#define G(y) y * 2\nF(3)")).isEqualTo("3 * 2");
        assertThat(expand("#define F(x) x\nF(F(F(1)))")).isEqualTo("1");
    }

    @Test
    void aMacroIsNotExpandedInsideItself() {
        assertThat(expand("#define A A + 1\nA")).isEqualTo("A + 1");
        assertThat(expand("#define A B\n#define B A\nA B")).isEqualTo("A B");
        assertThat(expand("#define F(x) F(x) x\nF(F(1))")).isEqualTo("F ( F ( 1 ) 1 ) F ( 1 ) 1");
        // a name met inside its own expansion stays unexpanded for good
        assertThat(expand("#define F(x) x\n#define A F(A)\nA")).isEqualTo("A");
    }

    @Test
    void tokenPasting() {
        assertThat(expand("#define CAT(a, b) a ## b\nCAT(x, 1) CAT(vec, 4) CAT(, y) CAT(z, )"))
                .isEqualTo("x1 vec4 y z");
        // pasted operands are not expanded first; the result is rescanned
        assertThat(expand("#define N 2\n#define CAT(a, b) a##b\n#define x2 done\nCAT(x, N) CAT(x, 2)"))
                .isEqualTo("xN done");
        assertThat(expand("#define P(a) a ## 1 ## a\nP(7)")).isEqualTo("717");
        Tokens t = run("#define F(a) a##.5\nF(1)", Preprocessor.Options.NONE, new DiagnosticLog("t", ""));
        assertThat(t.kind(0)).isEqualTo(TokenKind.FLOAT);
        assertThat(t.floatValue(0)).isEqualTo(1.5f);
        assertThat(diags("#define F(a) a ## 1\nF(+)")).containsExactly(
                "2:1: error: token pasting does not form a valid token: '+1'",
                "1:9: note: in expansion of macro 'F', defined here");
        assertThat(diags("#define F(a) ## a\n#define G(a) a ##")).containsExactly(
                "1:14: error: " + Messages.PASTE_AT_EDGE, "2:16: error: " + Messages.PASTE_AT_EDGE);
        // ES has no ## (glslang: "not supported with this profile: es")
        assertThat(diags("#version 300 es\n#define F(a) a ## 1\nF(x)")).containsExactly(
                "3:1: error: " + Messages.PASTE_ES, "2:9: note: in expansion of macro 'F', defined here");
    }

    @Test
    void argumentCountAndUnterminatedCalls() {
        assertThat(diags("#define F(a, b) a\nint x = F(1);")).containsExactly(
                "2:9: error: wrong number of macro arguments: 'F' takes 2, given 1",
                "1:9: note: in expansion of macro 'F', defined here");
        assertThat(diags("#define F(a) a\n  F(1, 2)")).containsExactly(
                "2:3: error: wrong number of macro arguments: 'F' takes 1, given 2",
                "1:9: note: in expansion of macro 'F', defined here");
        // as glslang: F() gives no argument
        assertThat(diags("#define F(a) a\nF()")).containsExactly(
                "2:1: error: wrong number of macro arguments: 'F' takes 1, given 0",
                "1:9: note: in expansion of macro 'F', defined here");
        assertThat(diags("#define F(a) a\nF(1")).containsExactly(
                "2:1: error: unterminated argument list of macro 'F'",
                "1:9: note: in expansion of macro 'F', defined here");
        assertThat(diags("#define F(a) a\nF(1\n#define X\n)")).containsExactly(
                "2:1: error: " + Messages.DIRECTIVE_IN_MACRO_ARGUMENTS,
                "1:9: note: in expansion of macro 'F', defined here");
    }

    @Test
    void definitionErrors() {
        assertThat(diags("#define\n#define 1\n#undef")).containsExactly(
                "1:1: error: expected a macro name after #define", "2:9: error: expected a macro name after #define",
                "3:1: error: expected a macro name after #undef");
        assertThat(diags("#define F(a, a) a\n#define G(a b) a\n#define H(a,")).containsExactly(
                "1:14: error: duplicate macro parameter 'a'", "2:13: error: " + Messages.BAD_MACRO_PARAMETERS,
                "3:9: error: " + Messages.BAD_MACRO_PARAMETERS);
        assertThat(diags("#undef X Y")).containsExactly("1:10: error: unexpected tokens after the directive #undef");
        assertThat(diags("#define defined 1")).containsExactly("1:9: error: " + Messages.DEFINED_AS_MACRO);
    }

    @Test
    void redefinition() {
        // the same tokens again are fine, white space apart; anything else is an error (glslang too)
        assertThat(diags("#define A 1 + 2\n#define A 1  +  2\n#define F(x) x\n#define F(x) x")).isEmpty();
        assertThat(diags("#define A 1\n#define A 2\n#define F(x) x\n#define F(y) y\n#define G\n#define G()"))
                .containsExactly("2:9: error: macro redefined with a different body: 'A'",
                        "4:9: error: macro redefined with a different body: 'F'",
                        "6:9: error: macro redefined with a different body: 'G'");
        assertThat(expand("#define A 1\n#undef A\n#define A 2\n#undef NONE\nA")).isEqualTo("2");
    }

    @Test
    void reservedAndPredefinedNames() {
        assertThat(diags("#define GL_FOO 1\n#undef GL_ES")).containsExactly(
                "1:9: error: macro names beginning with GL_ are reserved: 'GL_FOO'",
                "2:8: error: macro names beginning with GL_ are reserved: 'GL_ES'");
        assertThat(diags("#define __LINE__ 3\n#undef __FILE__\n#define __VERSION__ 1")).containsExactly(
                "1:9: error: cannot redefine or undefine a predefined macro: '__LINE__'",
                "2:8: error: cannot redefine or undefine a predefined macro: '__FILE__'",
                "3:9: error: cannot redefine or undefine a predefined macro: '__VERSION__'");
        // two underscores are reserved but allowed (GLSL 4.60 section 3.3), a warning as glslang gives
        assertThat(diags("#define A__B 1\n#undef __C")).containsExactly(
                "1:9: warning: macro names containing two consecutive underscores are reserved: 'A__B'",
                "2:8: warning: macro names containing two consecutive underscores are reserved: '__C'");
    }

    @Test
    void predefinedMacros() {
        assertThat(expand("__LINE__\n__LINE__ __FILE__ __VERSION__")).isEqualTo("1 2 0 110");
        assertThat(expand("#version 450\n__VERSION__ GL_core_profile")).isEqualTo("450 1");
        // GL_core_profile is defined also with the compatibility profile (GLSL 4.60 section 3.3, glslang)
        assertThat(expand("#version 330 compatibility\nGL_compatibility_profile GL_core_profile"))
                .isEqualTo("1 1");
        assertThat(expand("#version 140\nGL_core_profile")).isEqualTo("GL_core_profile");
        assertThat(expand("#version 300 es\nGL_ES __VERSION__")).isEqualTo("1 300");
        assertThat(expand("#version 100\nGL_ES")).isEqualTo("1");
        assertThat(expand("#version 330\nGL_ES GL_GOOGLE_include_directive GL_ARB_separate_shader_objects"))
                .isEqualTo("GL_ES 1 1");
        // __LINE__ in an expansion is the line of the use; after a call over lines, the line it ends on
        assertThat(expand("#define L __LINE__\n\nL\n#define F(x) x __LINE__\nF(\n1\n) __LINE__")).isEqualTo("3 1 5 7");
    }

    @Test
    void lineDirective() {
        assertThat(expand("#line 10\n__LINE__\n#line 20 3\n__LINE__ __FILE__")).isEqualTo("10 20 3");
        assertThat(expand("#define N 40\n#line N\n__LINE__\n#line 0x10\n__LINE__")).isEqualTo("40 16");
        assertThat(diags("#line\n#line x y z\n#line 1 2 3")).containsExactly(
                "1:1: error: " + Messages.EXPECTED_LINE_NUMBER,
                "2:7: error: " + Messages.EXPECTED_LINE_NUMBER,
                "3:11: error: " + Messages.EXPECTED_LINE_NUMBER);
        // diagnostics stay at the physical line, where the source line and caret are
        assertThat(diags("#line 100\n#error here")).containsExactly("2:1: error: #error: here");
    }

    @Test
    void conditionals() {
        assertThat(expand("#if 1\na\n#else\nb\n#endif")).isEqualTo("a");
        assertThat(expand("#if 0\na\n#elif 2 > 1\nb\n#elif 1\nc\n#else\nd\n#endif")).isEqualTo("b");
        assertThat(expand("#define X\n#ifdef X\na\n#endif\n#ifndef X\nb\n#else\nc\n#endif")).isEqualTo("a c");
        assertThat(expand("#if 0\n#if garbage (\n#bogus\n#else\nx\n#endif\n#elif 1\ny\n#endif")).isEqualTo("y");
        // a skipped group's bad tokens are nothing; so is an #elif after a taken group
        assertThat(expand("#if 0\n@ $ 1e\n#endif\n#if 1\nz\n#elif\n#endif")).isEqualTo("z");
        assertThat(expand("#if defined(X) || defined Y || !defined(__LINE__)\nno\n#else\nyes\n#endif"))
                .isEqualTo("yes");
    }

    @Test
    void conditionalErrors() {
        assertThat(diags("#else\n#elif 1\n#endif")).containsExactly("1:1: error: #else without #if",
                "2:1: error: #elif without #if", "3:1: error: #endif without #if");
        assertThat(diags("#if 1\n#else\n#else\n#elif 1\n#endif")).containsExactly(
                "3:1: error: #else after #else", "4:1: error: #elif after #else");
        assertThat(diags("x\n  #ifdef A\n#if 1\n#endif")).containsExactly(
                "2:3: error: unterminated conditional directive: #ifdef without #endif");
        assertThat(diags("#ifdef\n#endif\n#ifndef 3\n#endif\n#ifdef A B\n#endif\n#if 1\n#else x\n#endif y")).containsExactly(
                "1:1: error: expected a macro name after #ifdef", "3:9: error: expected a macro name after #ifndef",
                "5:10: error: unexpected tokens after the directive #ifdef",
                "8:7: error: unexpected tokens after the directive #else",
                "9:8: error: unexpected tokens after the directive #endif");
    }

    @Test
    void ifExpressions() {
        assertThat(expand("#if (1 << 2) == 4 && ~0 == -1 && !0 && 5 % 3 == 2 && (6 ^ 3) == 5 && (6 & 3) == 2"
                + " && (4 | 1) == 5 && 7 / 2 == 3 && 16 >> 2 == 4 && 2 >= 2 && 1 <= 1 && 3 != 4 && -1 < 0\nok\n#endif"))
                .isEqualTo("ok");
        assertThat(expand("#if 0x10 == 16 && 010 == 8 && 3u == 3 && 0XfF == 255\nok\n#endif")).isEqualTo("ok");
        assertThat(expand("#if 1 + 2 * 3 == 7 && (1 + 2) * 3 == 9 && 1 || 0 && 0\nok\n#endif")).isEqualTo("ok");
        // 32-bit arithmetic, as glslang's int
        assertThat(expand("#if 2147483647 + 1 < 0 && -2147483648 < 0\nok\n#endif")).isEqualTo("ok");
        // an undefined name is 0 (glslang: outside the es profile)
        assertThat(expand("#if UNDEFINED\nno\n#else\nyes\n#endif")).isEqualTo("yes");
        // the side && or || skips is not evaluated (but a division by zero there is an error, as glslang)
        assertThat(expand("#version 300 es\n#if defined(X) && X || 1 || Y\nok\n#endif")).isEqualTo("ok");
        assertThat(diags("#if 0 && 1 / 0\n#endif")).containsExactly("1:14: error: " + Messages.IF_DIVISION_BY_ZERO);
        assertThat(expand("#define F(x) (x * 2)\n#if F(3) == 6\nok\n#endif")).isEqualTo("ok");
    }

    @Test
    void ifExpressionErrors() {
        assertThat(diags("#if 1 / 0\n#endif\n#if 5 % (2 - 2)\n#endif")).containsExactly(
                "1:9: error: " + Messages.IF_DIVISION_BY_ZERO, "3:9: error: " + Messages.IF_DIVISION_BY_ZERO);
        assertThat(diags("#if\n#endif\n#if 1.0\n#endif\n#if 1 ? 2 : 3\n#endif\n#if (1\n#endif\n#if 1 2\n#endif"))
                .containsExactly("1:1: error: invalid #if expression: expected a value",
                        "3:5: error: invalid #if expression: a #if expression takes only integers",
                        "5:7: error: invalid #if expression: unexpected '?'",
                        "7:1: error: invalid #if expression: expected ')'",
                        "9:7: error: invalid #if expression: unexpected '2'");
        assertThat(diags("#if defined\n#endif\n#if defined(A\n#endif")).containsExactly(
                "1:5: error: invalid #if expression: expected a macro name after defined",
                "3:13: error: invalid #if expression: expected a macro name after defined");
        // glslang: "undefined macro in expression not allowed in es profile"
        assertThat(diags("#version 300 es\n#if FOO || defined(BAR)\n#endif")).containsExactly(
                "2:5: error: undefined macro in a #if expression (es profile): 'FOO'");
        assertThat(diags("#if " + "(".repeat(300) + "1" + ")".repeat(300) + "\n#endif")).containsExactly(
                "1:261: error: invalid #if expression: nested too deeply");
    }

    @Test
    void errorPragmaAndNullDirectives() {
        assertThat(diags("  #error  this is bad /* c */ x  \nint")).containsExactly(
                "1:3: error: #error: this is bad /* c */ x");
        assertThat(diags("#error")).containsExactly("1:1: error: #error: ");
        assertThat(expand("#pragma optimize(off)\n#pragma debug(on)\n#pragma STDGL invariant(all)\n#\n  #  \nx"))
                .isEqualTo("x");
        assertThat(diags("#foo bar\n# 12\n#if 0\n#foo\n#endif")).containsExactly(
                "1:1: error: unknown preprocessor directive 'foo'", "2:1: error: unknown preprocessor directive '12'");
    }

    @Test
    void extensions() {
        assertThat(diags("#extension GL_ARB_separate_shader_objects : require\n#extension all : warn\n"
                + "#extension all : disable\n#extension GL_KHR_vulkan_glsl : enable")).isEmpty();
        assertThat(diags("#extension GL_FOO : enable\n#extension GL_BAR : warn\n#extension GL_BAZ : require"))
                .containsExactly("3:12: error: extension not supported: 'GL_BAZ'",
                        "1:12: warning: extension not supported: 'GL_FOO'",
                        "2:12: warning: extension not supported: 'GL_BAR'");
        assertThat(diags("#extension all : enable\n#extension all : require")).containsExactly(
                "1:18: error: " + Messages.EXTENSION_ALL_BEHAVIOR, "2:18: error: " + Messages.EXTENSION_ALL_BEHAVIOR);
        assertThat(diags("#extension\n#extension GL_A\n#extension GL_A : maybe\n#extension GL_A :\n"
                + "#extension GL_ARB_gpu_shader5 : enable x")).containsExactly(
                "1:1: error: " + Messages.EXPECTED_EXTENSION_NAME,
                "2:12: error: " + Messages.EXPECTED_EXTENSION_COLON,
                "3:19: error: unknown extension behavior (require, enable, warn or disable): 'maybe'",
                "4:17: error: unknown extension behavior (require, enable, warn or disable): ''",
                "5:40: error: unexpected tokens after the directive #extension");
    }

    @Test
    void lineContinuation() {
        assertThat(expand("#version 420\n#define X 1 + \\\n 2\nX")).isEqualTo("1 + 2");
        assertThat(expand("#version 300 es\n#define X \\\r\n 2\nX")).isEqualTo("2");
        // GLSL before 4.20 (and ES 1.00) has none: glslang "not supported for this version"
        assertThat(diags("#version 330\n#define X 1 + \\\n 2\nX")).containsExactly(
                "2:15: error: " + Messages.LINE_CONTINUATION_VERSION);
    }

    @Test
    void lexicalErrorsAreReportedOnlyForCompiledTokens() {
        assertThat(diags("#define D @ 1\nfloat x = D;")).containsExactly("2:11: error: invalid token",
                "1:9: note: in expansion of macro 'D', defined here");
        assertThat(diags("#define UNUSED @\n#if 0\n$\n#endif\nx $")).containsExactly("5:3: error: invalid token");
        assertThat(diags("#define A 1\n/* open")).containsExactly("2:1: error: unterminated block comment");
    }

    @Test
    void expansionIsBounded() {
        // each macro doubles the one before: 2^30 tokens, stopped at the limit with a located error
        StringBuilder sb = new StringBuilder("#define M0 x\n");
        for (int i = 1; i <= 30; i++) {
            sb.append("#define M").append(i).append(" M").append(i - 1).append(" M").append(i - 1).append('\n');
        }
        sb.append("M30");
        assertThat(diags(sb.toString())).containsExactly(
                "32:1: error: macro expansion exceeds the limit: more than " + Preprocessor.MAX_EXPANSION_TOKENS
                        + " tokens",
                "31:9: note: in expansion of macro 'M30', defined here");
        String deep = "#define F(x) x\n" + "F(".repeat(100) + "1" + ")".repeat(100);
        assertThat(diags(deep)).startsWith(
                "2:129: error: macro expansion exceeds the limit: macro arguments nested deeper than "
                        + Preprocessor.MAX_EXPANSION_DEPTH);
    }

    @Test
    void notesNameTheMacroOfAnErrorInItsExpansion() {
        // the parser's error inside an expansion is shown at the use, with the definition noted
        DiagnosticLog log = new DiagnosticLog("t.frag", "");
        String src = "#define BAD (1 + )\nfloat x = BAD;";
        log = new DiagnosticLog("t.frag", src);
        Parser.parse(src, log);
        assertThat(diagnostics(log)).containsExactly("2:11: error: expected an expression",
                "1:9: note: in expansion of macro 'BAD', defined here");
        assertThat(log.diagnostics().get(1).render()).isEqualTo(
                "t.frag:1:9: note: in expansion of macro 'BAD', defined here\n#define BAD (1 + )\n        ^\n");
        assertThat(log.count()).isEqualTo(1);
    }

    @Test
    void definesFromOptions() {
        Preprocessor.Options o = new Preprocessor.Options(List.of(new Preprocessor.Define("N", "4"),
                new Preprocessor.Define("F", "1"), new Preprocessor.Define("E", "")), List.of(), null);
        DiagnosticLog log = new DiagnosticLog("t.frag", "N E F");
        assertThat(texts(run("N E F", o, log))).isEqualTo("4 1");
        assertThat(log.hasErrors()).isFalse();
        // the source may redefine them only as they are
        log = new DiagnosticLog("t.frag", "#define N 5");
        run("#define N 5", o, log);
        assertThat(diagnostics(log)).containsExactly("1:9: error: macro redefined with a different body: 'N'");
        for (String bad : List.of("GL_X", "1A", "", "__LINE__", "defined", "A-B")) {
            log = new DiagnosticLog("t.frag", "x");
            run("x", new Preprocessor.Options(List.of(new Preprocessor.Define(bad, "1")), List.of(), null), log);
            assertThat(diagnostics(log)).containsExactly("1:1: error: invalid predefined macro: '" + bad + "'");
        }
    }

    @Test
    void includes(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("inc/sub"));
        Files.writeString(dir.resolve("inc/light.glsl"), "#include \"sub/deep.glsl\"\nfloat light = DEEP;\n");
        Files.writeString(dir.resolve("inc/sub/deep.glsl"), "#define DEEP 2.0\n");
        Files.writeString(dir.resolve("local.glsl"), "int local;");
        Files.writeString(dir.resolve("bad.glsl"), "int a;\n#error in the header\n");
        Files.writeString(dir.resolve("open.glsl"), "#if 1\n");
        Files.writeString(dir.resolve("self.glsl"), "#include \"self.glsl\"\n");
        Preprocessor.Options o = new Preprocessor.Options(List.of(), List.of(dir.resolve("inc")), dir);
        String ext = "#extension GL_GOOGLE_include_directive : enable\n";
        String src = ext + "#include \"light.glsl\"\n#include <light.glsl>\n#include \"local.glsl\"\nx";
        DiagnosticLog log = new DiagnosticLog("t.frag", src);
        Tokens t = run(src, o, log);
        assertThat(diagnostics(log)).isEmpty();
        assertThat(texts(t)).isEqualTo("float light = 2.0 ; float light = 2.0 ; int local ; x");
        // an included file's tokens are shown at its #include
        assertThat(t.line(0)).isEqualTo(2);
        assertThat(t.column(0)).isEqualTo(1);
        // errors in an included file name it, and sort at the #include
        src = ext + "int before = ;\n#include \"bad.glsl\"\n#include \"open.glsl\"\n#include <local.glsl>\n"
                + "#include \"missing.glsl\"\n#include \"self.glsl\"\n#include x\n#include \"local.glsl\" x";
        log = new DiagnosticLog("t.frag", src);
        run(src, o, log);
        assertThat(diagnostics(log)).containsExactly(
                "bad.glsl:2:1: error: #error: in the header",
                "open.glsl:1:1: error: unterminated conditional directive: #if without #endif",
                "5:1: error: cannot find the included file: 'local.glsl'",
                "6:1: error: cannot find the included file: 'missing.glsl'",
                "self.glsl:1:1: error: #include exceeds the limit: nested deeper than 32",
                "8:10: error: " + Messages.EXPECTED_INCLUDE_NAME,
                "9:23: error: unexpected tokens after the directive #include");
        // without the extension, #include is an error (glslang: "required extension not requested")
        assertThat(diags("#include \"local.glsl\"")).containsExactly("1:1: error: " + Messages.INCLUDE_NOT_ENABLED);
        assertThat(diags("#extension GL_GOOGLE_include_directive : enable\n"
                + "#extension GL_GOOGLE_include_directive : disable\n#include \"local.glsl\"")).containsExactly(
                "3:1: error: " + Messages.INCLUDE_NOT_ENABLED);
    }

    @Test
    void aPlainSourceIsLexedOnceAndTheSameThroughThePreprocessor() {
        String plain = "#version 330 core\nuniform vec4 c; // x\nvoid main() { float y = 1.5e2 * 2; }";
        DiagnosticLog a = new DiagnosticLog("t", plain);
        Tokens once = Lexer.plain(plain.getBytes(java.nio.charset.StandardCharsets.UTF_8), a);
        assertThat(once).isNotNull();
        // a directive later on takes the preprocessor, which gives the same tokens in the same places
        String withDirective = plain + "\n#pragma x";
        Tokens twice = Lexer.lex(withDirective, new DiagnosticLog("t", withDirective));
        assertThat(Lexer.plain(withDirective.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                new DiagnosticLog("t", ""))).isNull();
        assertThat(twice.count()).isEqualTo(once.count());
        for (int i = 0; i < once.count() - 1; i++) {
            assertThat(twice.kind(i)).isEqualTo(once.kind(i));
            assertThat(twice.text(i)).isEqualTo(once.text(i));
            assertThat(twice.line(i) + ":" + twice.column(i)).isEqualTo(once.line(i) + ":" + once.column(i));
            assertThat(twice.spanOffset(i)).isEqualTo(once.spanOffset(i));
            assertThat(twice.floatValue(i)).isEqualTo(once.floatValue(i));
        }
        // predefined macro names and line continuations take it too
        for (String s : List.of("int x = __LINE__;", "GL_ES", "a \\\nb")) {
            assertThat(Lexer.plain(s.getBytes(java.nio.charset.StandardCharsets.UTF_8), new DiagnosticLog("t", "")))
                    .as(s).isNull();
        }
    }
}
