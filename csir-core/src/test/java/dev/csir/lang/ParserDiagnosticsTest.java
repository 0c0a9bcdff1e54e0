package dev.csir.lang;

import static dev.csir.lang.LangTesting.errors;
import static dev.csir.lang.LangTesting.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every parser message at the token the original points at, recovery, and the error cap. */
class ParserDiagnosticsTest {

    private static String main(String body) {
        return "void main() { " + body + " }";
    }

    @Test
    void expectedAnExpression() {
        assertThat(errors("vec2 y = ;")).containsExactly("1:10: expected an expression");
        assertThat(errors(main("y = 1.0 * ;"))).containsExactly("1:25: expected an expression");
        // compound assignment is GLSL: `y += ;` misses its operand after `+=`
        assertThat(errors(main("y += ;"))).containsExactly("1:20: expected an expression");
        assertThat(errors(main("y = f(1.0, );"))).containsExactly("1:26: expected an expression");
        assertThat(errors(main("y = void(1.0);"))).containsExactly("1:19: expected an expression");
    }

    @Test
    void expectedParentheses() {
        assertThat(errors(main("y = f(1.0;"))).containsExactly("1:24: expected ')'");
        assertThat(errors(main("y = (1.0;"))).containsExactly("1:23: expected ')'");
        assertThat(errors(main("y = vec2(1.0 2.0);"))).containsExactly("1:28: expected ')'");
        assertThat(errors(main("if (y > 1.0 { }"))).containsExactly("1:27: expected ')'");
        assertThat(errors("float f(float a { return a; }")).containsExactly("1:17: expected ')'");
        // An assignment is a loop step as GLSL has it; one without its closing parenthesis is not.
        assertThat(errors(main("for (int k = 0; k < 2; k = k + 1) { }"))).isEmpty();
        assertThat(errors(main("for (int k = 0; k < 2; k += 1 { }"))).containsExactly("1:45: expected ')'");
    }

    @Test
    void expectedParenAfterType() {
        assertThat(errors(main("y = vec3 + 1.0;"))).containsExactly("1:24: expected '(' after type");
    }

    @Test
    void expectedBracket() {
        assertThat(errors(main("y = v[1;"))).containsExactly("1:22: expected ']'");
    }

    @Test
    void swizzles() {
        assertThat(errors(main("y = v.;"))).containsExactly("1:21: expected a swizzle");
        assertThat(errors(main("y = v.in;"))).containsExactly("1:21: expected a swizzle");
        // letters that are no swizzle may name a struct's member: the checker says which (CheckerTest)
        assertThat(errors(main("y = v.rgx;"))).isEmpty();
        assertThat(errors(main("y = v.xyzwx;"))).isEmpty();
        assertThat(errors(main("y = v.s;"))).isEmpty();
    }

    @Test
    void braces() {
        assertThat(errors("void main() { float a;")).containsExactly("1:23: expected '}'");
        // `void main() ;` is a prototype, as in GLSL
        assertThat(errors("void main() ;")).isEmpty();
        assertThat(errors("void main()\n")).containsExactly("2:1: expected a function body");
    }

    @Test
    void layouts() {
        assertThat(errors("layout location = 1) in vec4 p;")).containsExactly("1:8: expected '(' after layout");
        // which ids a declaration may carry is the checker's rule; the parser knows the ids of GLSL
        assertThat(errors("layout(set = 1) in vec4 p;")).isEmpty();
        assertThat(errors("layout(3) in vec4 p;")).containsExactly("1:8: expected a layout identifier");
        assertThat(errors("layout(location 1) in vec4 p;")).containsExactly(
                "1:8: unrecognized layout identifier, or one that requires a value (e.g. binding = 4): 'location'");
        assertThat(errors("layout(foo = 1) in vec4 p;")).containsExactly(
                "1:8: there is no such layout identifier taking an assigned value: 'foo'");
        assertThat(errors("layout(std140 = 1) in vec4 p;")).containsExactly(
                "1:8: there is no such layout identifier taking an assigned value: 'std140'");
        assertThat(errors("layout(location = 1, component = 2) layout(location = 3) in vec2 p;")).isEmpty();
        assertThat(errors("layout(std140, binding = 2) uniform U { layout(offset = 16) vec4 a, b; mat4 m; } u;"))
                .isEmpty();
        assertThat(errors("layout(shared) uniform U { vec4 a; };")).isEmpty();
        assertThat(errors("uniform U { vec4 a; } u")).containsExactly("1:24: expected ';'");
        assertThat(errors("uniform U { vec4 a }")).containsExactly("1:20: expected ';'");
        assertThat(errors("layout(location = 1.0) in vec4 p;")).containsExactly("1:19: expected an integer location");
        assertThat(errors("layout(location = k) in vec4 p;")).containsExactly("1:19: expected an integer location");
        assertThat(errors("layout(location = 1 in vec4 p;")).containsExactly("1:21: expected ')' after layout");
    }

    @Test
    void semicolons() {
        assertThat(errors("float a")).containsExactly("1:8: expected ';'");
        assertThat(errors("float a = 1.0 float b;")).containsExactly("1:15: expected ';'");
        assertThat(errors(main("discard y;"))).containsExactly("1:23: expected ';'");
        assertThat(errors(main("return 1.0 2.0;"))).containsExactly("1:26: expected ';'");
        assertThat(errors("void main() { y = 1.0 }")).containsExactly("1:23: expected ';'");
        // A for-initializer may assign a variable declared before the loop, as GLSL says.
        assertThat(errors(main("for (k = 0; k < 2; k++) ;"))).isEmpty();
        assertThat(errors(main("for (k = 0 k < 2; k++) ;"))).startsWith("1:26: expected ';'");
        assertThat(errors(main("for (;k < 2 k++) ;"))).containsExactly("1:27: expected ';'");
        assertThat(errors(main("do { } while (true) k = 1;"))).containsExactly("1:35: expected ';'");
    }

    @Test
    void parameters() {
        assertThat(errors("float f( {")).containsExactly("1:10: expected a parameter type");
        assertThat(errors("float f(in float a) { return a; }")).isEmpty();
        assertThat(errors("void main(void) { }")).isEmpty();
        assertThat(errors("float f(out float a) { a = 1.0; return a; }")).isEmpty();
        assertThat(errors("float f(out in float a) { return a; }")).containsExactly("1:13: expected a parameter type");
        assertThat(errors("float f(float a, vec2) { return a; }")).containsExactly("1:22: expected a parameter name");
    }

    @Test
    void declarations() {
        assertThat(errors("x = 1.0;")).containsExactly("1:1: expected a type");
        assertThat(errors("(((")).containsExactly("1:1: expected a type");
        assertThat(errors("uniform const float a; const const float b;"))
                .containsExactly("1:30: expected a type");
        assertThat(errors("float ;")).containsExactly("1:7: expected a name");
        // A statement that starts with a type is a declaration, so a bare constructor fails.
        assertThat(errors(main("vec4(1.0);"))).containsExactly("1:19: expected a name");
    }

    @Test
    void ifAndFor() {
        assertThat(errors(main("if y > 1.0 { }"))).containsExactly("1:18: expected '(' after if");
        // Recovery skips to the first `;`; the rest of the header then fails as statements.
        assertThat(errors(main("for k = 0; ; ) ;")))
                .containsExactly("1:19: expected '(' after for", "1:28: expected an expression");
        assertThat(errors(main("for (int ; ; ) ;")))
                .containsExactly("1:24: expected a loop variable", "1:28: expected an expression");
        assertThat(errors(main("for (int k 0; ; ) ;")))
                .containsExactly("1:26: expected ';'", "1:31: expected an expression");
    }

    @Test
    void unsupportedQualifierIsReportedByLexerAndParser() {
        assertThat(errors("invariant out vec4 v; void main() { }"))
                .containsExactly("1:1: unsupported qualifier", "1:1: unsupported qualifier");
        assertThat(errors("out precise vec4 v;")).containsExactly("1:5: unsupported qualifier", "1:5: unsupported qualifier");
        // Only at a declaration's start: inside an expression it is just not an expression.
        assertThat(errors(main("y = precise;")))
                .containsExactly("1:19: unsupported qualifier", "1:19: expected an expression");
        // precision qualifiers are GLSL's (and change nothing here)
        assertThat(errors("out highp vec4 v; precision mediump float;")).isEmpty();
        assertThat(errors("precision float;")).containsExactly("1:11: expected highp, mediump or lowp after precision");
        // The rejected declaration is skipped up to its `;`, and parsing goes on.
        Ast.Unit u = Parser.parse("precise out vec4 v; float w;", new DiagnosticLog("t", ""));
        assertThat(u.globals()).extracting(Ast.Decl::name).containsExactly("w");
    }

    @Test
    void nestingLimitCountsBinaryAndPrimaryLevels() {
        String fifteen = "float x = " + "(".repeat(15) + "1.0" + ")".repeat(15) + ";";
        assertThat(errors(fifteen)).isEmpty();
        String sixteen = "float x = " + "(".repeat(16) + "1.0" + ")".repeat(16) + ";";
        assertThat(errors(sixteen)).containsExactly("1:27: nesting limit exceeded");
        // Inside a constructor argument two levels are already used.
        String inCtor = main("y = vec4(" + "(".repeat(16) + "1.0" + ")".repeat(16) + ");");
        assertThat(errors(inCtor)).containsExactly("1:39: nesting limit exceeded");
        // Calls nest the same way as parentheses.
        assertThat(errors("float x = " + "f(".repeat(16) + "1.0" + ")".repeat(16) + ";"))
                .containsExactly("1:43: nesting limit exceeded");
    }

    @Test
    void deepStatementAndOperatorNestingIsRejectedWithoutOverflow() {
        int n = 100_000;
        assertThat(errors("void main() " + "{".repeat(n) + "}".repeat(n)))
                .containsExactly("1:" + (14 + Parser.STATEMENT_NEST_LIMIT) + ": nesting limit exceeded");
        assertThat(errors(main("if (a) ".repeat(n) + ";"))).first().asString().endsWith("nesting limit exceeded");
        assertThat(errors("float x = " + "-".repeat(n) + "1.0;")).first().asString()
                .endsWith("nesting limit exceeded");
        assertThat(errors("float x = " + "!".repeat(n) + "1.0;")).first().asString()
                .endsWith("nesting limit exceeded");
        assertThat(errors("float x = a" + "+a".repeat(n) + ";")).first().asString()
                .endsWith("nesting limit exceeded");
        assertThat(errors("float x = a" + ".x".repeat(n) + ";")).first().asString()
                .endsWith("nesting limit exceeded");
        assertThat(errors("float x = a" + "[0]".repeat(n) + ";")).first().asString()
                .endsWith("nesting limit exceeded");
        assertThat(errors("float x = " + "(".repeat(n))).containsExactly("1:27: nesting limit exceeded");
        // Well inside the limits, deep but legal sources still parse.
        ok("void main() " + "{".repeat(300) + "}".repeat(300));
        ok("float x = a" + "+a".repeat(1000) + ";");
    }

    @Test
    void oneTypoDoesNotHideTheRest() {
        String src = """
                uniform vec4 u;
                void main() {
                    float a = 1.0 +;
                    vec2 b = vec2(1.0, 2.0;
                    if (a > 1.0) { b = b.xq; }
                    gl_Position = u;
                }
                float g() { return 1.0 }
                """;
        assertThat(errors(src)).containsExactly(
                "3:20: expected an expression",
                "4:27: expected ')'",
                "8:24: expected ';'");
    }

    @Test
    void strayClosingBraceAtGlobalScopeRepeatsUntilTheCap() {
        // Recovery never consumes a `}` at depth 0, so the original reports it until the log is full.
        assertThat(errors("float a; }")).hasSize(8).containsOnly("1:10: expected a type");
    }

    @Test
    void recoverySkipsABracePairAndStopsAtAClosingBrace() {
        // The failed global's recovery consumes the whole `{ ... }` that follows it.
        DiagnosticLog log = new DiagnosticLog("t", "");
        Ast.Unit u = Parser.parse("float a = ; void main() { float b; } float c;", log);
        assertThat(LangTesting.render(log)).containsExactly("1:11: expected an expression");
        assertThat(u.globals()).extracting(Ast.Decl::name).containsExactly("main", "c");
        log = new DiagnosticLog("t", "");
        u = Parser.parse("@ void main() { float b; } float c;", log);
        assertThat(u.globals()).extracting(Ast.Decl::name).containsExactly("c");
        // Inside a block, recovery stops at the block's `}` and the block is kept.
        log = new DiagnosticLog("t", "");
        u = Parser.parse("void main() { float b = } float c;", log);
        assertThat(LangTesting.render(log)).containsExactly("1:25: expected an expression");
        assertThat(u.globals()).extracting(Ast.Decl::name).containsExactly("main", "c");
    }

    @Test
    void stopsAtEightErrors() {
        StringBuilder src = new StringBuilder("void main() {\n");
        for (int i = 0; i < 12; i++) {
            src.append("  x = ;\n");
        }
        src.append("}\nfloat late;\n");
        DiagnosticLog log = new DiagnosticLog("t", src.toString());
        Ast.Unit u = Parser.parse(src.toString(), log);
        assertThat(log.count()).isEqualTo(8);
        assertThat(LangTesting.render(log)).hasSize(8).first().isEqualTo("2:7: expected an expression");
        assertThat(u.globals()).isEmpty();
    }

    @Test
    void errorsAreInSourceOrderNotLexerFirst() {
        // the lexer runs over the whole source first, yet line 1's syntax error is listed first
        assertThat(errors("float x = ;\nfloat y;\nfloat z = 1.0 @;")).containsExactly(
                "1:11: expected an expression", "3:15: invalid token", "3:15: expected ';'");
        // at one position, report order: the lexer's error, then the parser's on that token
        assertThat(errors("@ float x;")).containsExactly("1:1: invalid token", "1:1: unsupported qualifier");
    }

    @Test
    void lexerErrorsFurtherOnDoNotStopTheParserEarly() {
        // nine lexer errors on line 3 once filled the log before parsing began
        DiagnosticLog log = new DiagnosticLog("t", "");
        Parser.parse("float x = ;\nfloat y = ;\nfloat z; @@@@@@@@@", log);
        assertThat(LangTesting.render(log)).containsExactly("1:11: expected an expression",
                "2:11: expected an expression", "3:10: invalid token", "3:10: unsupported qualifier",
                "3:11: invalid token", "3:12: invalid token", "3:13: invalid token", "3:14: invalid token");
        assertThat(log.count()).isGreaterThan(DiagnosticLog.MAX_REPORTED);
        // it stops once 8 errors are known before its token: here at float, after the first
        log = new DiagnosticLog("t", "");
        Ast.Unit u = Parser.parse("@@@@@@@@ float x = ;", log);
        assertThat(u.globals()).isEmpty();
        assertThat(log.count()).isEqualTo(9);
        assertThat(LangTesting.render(log)).hasSize(8).startsWith("1:1: invalid token", "1:1: unsupported qualifier")
                .last().isEqualTo("1:7: invalid token");
    }

    @Test
    void versionErrorsAndTheParser() {
        // An out-of-range version leaves an integer token where a declaration must start.
        assertThat(errors("#version 101\nfloat x;")).containsExactly(
                "1:1: unsupported #version 101: csir supports " + Messages.SUPPORTED_VERSIONS, "1:1: expected a type");
        // A missing number leaves an end-of-file token: nothing after it is parsed (also through the
        // preprocessor, which a later directive brings in).
        for (String rest : List.of("\nfloat b = ;", "\n#define B\nfloat b = ;")) {
            DiagnosticLog log = new DiagnosticLog("t", "");
            Ast.Unit u = Parser.parse("#version" + rest, log);
            assertThat(LangTesting.render(log)).containsExactly("1:1: expected a version number");
            assertThat(u.globals()).isEmpty();
        }
    }

    @Test
    void originalsErrorSituationsFromItsTestSuite() {
        // (the original lists the lexer's errors first: 1:1, 1:2, then the parser's 1:1)
        assertThat(errors("$$")).containsExactly(
                "1:1: invalid token", "1:1: unsupported qualifier", "1:2: invalid token");
        assertThat(errors("  /* no end")).containsExactly(
                "1:3: unterminated block comment", "1:3: unsupported qualifier");
        assertThat(errors("2E")).containsExactly("1:1: invalid numeric literal", "1:1: unsupported qualifier");
        assertThat(errors("B".repeat(60))).containsExactly(
                "1:1: identifier exceeds the name limit", "1:1: expected a type");
        // (the original's "#pragma optimize(on)" case rejected the pragma; GLSL accepts it)
        assertThat(errors("#pragma optimize(on)\nvoid main() { }")).isEmpty();
        // (the original had no ?: and reported its characters; GLSL has the operator)
        assertThat(errors("void main() { float t = 0.5 < 1.0 ? 2.0 : 3.0; gl_Position = vec4(t); }")).isEmpty();
        assertThat(errors("void main() { float t = 0.5 < 1.0 ? 2.0 3.0; gl_Position = vec4(t); }"))
                .containsExactly("1:41: expected ':'");
    }
}
