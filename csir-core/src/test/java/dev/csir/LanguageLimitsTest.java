package dev.csir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.lang.Lexer;
import dev.csir.lang.Parser;
import dev.csir.lower.Lowering;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Every limit of the shader language, from source text through {@link ShaderCompiler}: a shader
 * at the limit compiles, one just past it fails with the documented message. (The same limits
 * are also tested at their own stage: LexerTest, ParserDiagnosticsTest, LoweringTest.) The CSIR
 * pools, IF nesting and the TGSI budget reached from source are here too (the instruction pool
 * only to 383 and 385, as source statements take two records); {@link IrLimitsTest} has every
 * one of them at the exact edge through the IR API.
 */
class LanguageLimitsTest {

    /** The limits here are the documented pools: the ChrisOS profile. */
    static final CompileOptions CHRISOS = CompileOptions.DEFAULT.withLimits(Limits.CHRISOS);

    static CompileResult vert(String src) {
        return ShaderCompiler.compile(Stage.VERTEX, "t.vert", src, CHRISOS);
    }

    /**
     * Without the optimizer: the pools fill while lowering, and the TGSI then shows every record,
     * so the counts below do not depend on what the optimizer manages to fold.
     */
    static CompileResult vertUnoptimized(String src) {
        return ShaderCompiler.compile(Stage.VERTEX, "t.vert", src, CHRISOS.withOptimize(false));
    }

    static CompileResult frag(String src) {
        return ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", src, CHRISOS);
    }

    static void compiles(CompileResult r) {
        assertThat(r.ok()).as(r.log()).isTrue();
    }

    /** The compile failed and its first error is {@code message}. */
    static void failsWith(CompileResult r, String message) {
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics()).as(r.log()).isNotEmpty();
        assertThat(r.diagnostics().getFirst().message()).as(r.log()).isEqualTo(message);
    }

    static String lines(int n, java.util.function.IntFunction<String> line) {
        return IntStream.range(0, n).mapToObj(line).collect(Collectors.joining("\n", "", "\n"));
    }

    private static final String POSITION = "void main() { gl_Position = vec4(0.0); }\n";

    // ---------------------------------------------------------------- size and names

    /** A vertex shader of exactly {@code bytes} UTF-8 bytes, padded by a comment of 2-byte letters. */
    static String sourceOfBytes(int bytes) {
        String head = POSITION + "// ";
        int pad = bytes - head.getBytes(StandardCharsets.UTF_8).length;
        String s = head + "é".repeat(pad / 2) + "x".repeat(pad % 2);
        assertThat(s.getBytes(StandardCharsets.UTF_8)).hasSize(bytes);
        return s;
    }

    @Test
    void sourceSizeIsBelow4096Bytes() {
        assertThat(ShaderCompiler.MAX_SOURCE_BYTES).isEqualTo(4096);
        compiles(vert(sourceOfBytes(4095)));
        failsWith(vert(sourceOfBytes(4096)), "shader source exceeds the size limit: 4096 bytes, the limit is 4095 bytes");
        // bytes count, not characters: 2100 two-byte letters are fewer than 4096 characters
        assertThat(sourceOfBytes(4200).length()).isLessThan(4096);
        failsWith(vert(sourceOfBytes(4200)), Messages.sourceTooLarge(4200, 4095));
    }

    @Test
    void namesHaveAtMost39Characters() {
        assertThat(Lexer.NAME_LIMIT).isEqualTo(40);
        String ok = "n".repeat(39);
        compiles(vert("uniform float " + ok + ";\nvoid main() { gl_Position = vec4(" + ok + "); }"));
        CompileResult r = vert("uniform float " + "n".repeat(40) + ";\n" + POSITION);
        failsWith(r, Messages.NAME_LIMIT);
        assertThat(r.diagnostics().getFirst().column()).isEqualTo(15);
    }

    @Test
    void atMost8ErrorsAreReportedAndCompilingStopsThere() {
        assertThat(DiagnosticLog.MAX_REPORTED).isEqualTo(8);
        // each line is one statement with one syntax error
        String eight = "void main() {\n" + lines(8, i -> "  float x" + i + " = 1.0 +;") + "}\n";
        CompileResult r8 = vert(eight);
        assertThat(r8.diagnostics()).extracting(Diagnostic::message).containsOnly(Messages.EXPECTED_EXPRESSION).hasSize(8);
        assertThat(r8.errorCount()).isEqualTo(8);
        String twelve = "void main() {\n" + lines(12, i -> "  float x" + i + " = 1.0 +;") + "}\n";
        CompileResult r12 = vert(twelve);
        assertThat(r12.diagnostics()).extracting(Diagnostic::line).containsExactly(2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(r12.errorCount()).isEqualTo(8);
        // seven errors leave room for one more: the missing position write of the next phase
        String seven = "void main() {\n" + lines(7, i -> "  float x" + i + " = 1.0 +;") + "}\n";
        CompileResult r7 = vert(seven);
        assertThat(r7.diagnostics()).extracting(Diagnostic::message).hasSize(8).endsWith(Messages.NO_POSITION_WRITE);
    }

    // ---------------------------------------------------------------- interface slots

    @Test
    void atMost8Attributes() {
        String eight = lines(8, i -> "in float a" + i + ";") + POSITION;
        compiles(vert(eight));
        assertThat(vert(eight).ir().iface().attrHi()).isEqualTo(7);
        failsWith(vert("in float a8;\n" + eight), Messages.TOO_MANY_ATTRIBUTES);
        // an explicit location must be one of the 8 as well
        compiles(vert("layout(location = 7) in vec4 p;\n" + POSITION));
        failsWith(vert("layout(location = 8) in vec4 p;\n" + POSITION), Messages.ATTRIBUTE_LOCATION_CONFLICT);
    }

    @Test
    void atMost8VaryingsEachWay() {
        String outs = lines(8, i -> "out float v" + i + ";");
        String writes = IntStream.range(0, 8).mapToObj(i -> "v" + i + " = 1.0; ").collect(Collectors.joining());
        compiles(vert(outs + "void main() { " + writes + "gl_Position = vec4(0.0); }"));
        failsWith(vert("out float v8;\n" + outs + POSITION), Messages.TOO_MANY_VARYINGS);
        String ins = lines(8, i -> "in float v" + i + ";") + "out vec4 c;\n";
        compiles(frag(ins + "void main() { c = vec4(v0 + v7); }"));
        failsWith(frag("in float v8;\n" + ins + "void main() { c = vec4(1.0); }"), Messages.TOO_MANY_VARYINGS);
    }

    @Test
    void atMost32UniformVec4Slots() {
        String mats = lines(8, i -> "uniform mat4 m" + i + ";");
        CompileResult full = vert(mats + "void main() { gl_Position = m7 * vec4(1.0); }");
        compiles(full);
        assertThat(full.ir().iface().uniHi()).isEqualTo(31);
        failsWith(vert(mats + "uniform float one;\n" + POSITION), Messages.TOO_MANY_UNIFORMS);
        String floats = lines(32, i -> "uniform float f" + i + ";");
        compiles(vert(floats + "void main() { gl_Position = vec4(f31); }"));
        failsWith(vert(floats + "uniform float f32;\n" + POSITION), Messages.TOO_MANY_UNIFORMS);
    }

    @Test
    void atMost4Samplers() {
        String four = lines(4, i -> "uniform sampler2D s" + i + ";") + "out vec4 c;\n";
        CompileResult r = frag(four + "void main() { c = texture(s3, vec2(0.5)); }");
        compiles(r);
        assertThat(r.ir().iface().sampHi()).isEqualTo(3);
        failsWith(frag("uniform sampler2D s4;\n" + four + "void main() { c = vec4(1.0); }"), Messages.TOO_MANY_SAMPLERS);
    }

    // ---------------------------------------------------------------- functions and loops

    @Test
    void loopsUnrollAtMost8Times() {
        compiles(vert("void main() { float s = 0.0; for (int i = 0; i < 8; i++) { s = s + 1.0; } gl_Position = vec4(s); }"));
        failsWith(vert("void main() { float s = 0.0; for (int i = 0; i < 9; i++) { s = s + 1.0; } gl_Position = vec4(s); }"),
                Messages.UNROLL_LIMIT);
    }

    /** f1 calls f2 ... calls fN; main calls f1, so N + 1 frames are live at the deepest point. */
    static String callChain(int n) {
        StringBuilder sb = new StringBuilder();
        sb.append("float f").append(n).append("(float x) { return x + 1.0; }\n");
        for (int i = n - 1; i >= 1; i--) {
            sb.append("float f").append(i).append("(float x) { return f").append(i + 1).append("(x); }\n");
        }
        return sb.append("void main() { gl_Position = vec4(f1(0.0)); }\n").toString();
    }

    @Test
    void callsNestAtMost8FramesDeepCountingMain() {
        compiles(vert(callChain(7)));
        CompileResult r = vert(callChain(8));
        failsWith(r, Messages.CALL_DEPTH);
        // reported at the call that would open the ninth frame: f7's call of f8, on line 2
        assertThat(r.diagnostics().getFirst().line()).isEqualTo(2);
    }

    @Test
    void functionsTakeAtMost4Parameters() {
        assertThat(Lowering.MAX_PARAMETERS).isEqualTo(4);
        compiles(vert("float f(float a, float b, float c, float d) { return a + b + c + d; }\n"
                + "void main() { gl_Position = vec4(f(1.0, 2.0, 3.0, 4.0)); }"));
        failsWith(vert("float f(float a, float b, float c, float d, float e) { return a; }\n" + POSITION),
                Messages.TOO_MANY_PARAMETERS);
    }

    @Test
    void callsTakeAtMost8ArgumentsAndConstructors16() {
        String g = "float g(float a) { return a; }\n";
        String eight = String.join(", ", java.util.Collections.nCopies(8, "1.0"));
        String nine = String.join(", ", java.util.Collections.nCopies(9, "1.0"));
        // 8 arguments pass the argument cap and fail only against g's one parameter
        failsWith(vert(g + "void main() { gl_Position = vec4(g(" + eight + ")); }"), Messages.WRONG_ARGUMENT_COUNT);
        failsWith(vert(g + "void main() { gl_Position = vec4(g(" + nine + ")); }"), Messages.TOO_MANY_ARGUMENTS);
        // no constructor takes 16 scalars, so 16 pass the cap and fail on the component count
        String sixteen = String.join(", ", java.util.Collections.nCopies(16, "1.0"));
        failsWith(vert("void main() { gl_Position = vec4(" + sixteen + "); }"), Messages.CONSTRUCTOR_COUNT);
        failsWith(vert("void main() { gl_Position = vec4(" + sixteen + ", 1.0); }"), Messages.TOO_MANY_ARGUMENTS);
    }

    // ---------------------------------------------------------------- parser nesting

    @Test
    void expressionsNestAtMost15Parentheses() {
        assertThat(Parser.NEST_LIMIT).isEqualTo(32);
        String fifteen = "(".repeat(15) + "1.0" + ")".repeat(15);
        compiles(vert("void main() { float x = " + fifteen + "; gl_Position = vec4(x); }"));
        String sixteen = "(".repeat(16) + "1.0" + ")".repeat(16);
        failsWith(vert("void main() { float x = " + sixteen + "; gl_Position = vec4(x); }"), Messages.NESTING_LIMIT);
    }

    @Test
    void statementsNestAtMost512Deep() {
        int n = Parser.STATEMENT_NEST_LIMIT;
        // main's body is the first level
        String ok = "void main() " + "{".repeat(n) + " gl_Position = vec4(0.0); " + "}".repeat(n);
        compiles(vert(ok));
        String deep = "void main() " + "{".repeat(n + 1) + " gl_Position = vec4(0.0); " + "}".repeat(n + 1);
        failsWith(vert(deep), Messages.NESTING_LIMIT);
    }

    @Test
    void oneExpressionHoldsAtMost1024Operators() {
        int n = Parser.EXPRESSION_OPERATOR_LIMIT;
        String ok = "void main() { float a = 1.0; float x = a" + "+a".repeat(n) + "; gl_Position = vec4(x); }";
        CompileResult r = vert(ok);
        // within the parser's limit; the 1024 additions then overflow the CSIR pool instead
        assertThat(r.diagnostics()).extracting(Diagnostic::message).doesNotContain(Messages.NESTING_LIMIT);
        String over = "void main() { float a = 1.0; float x = a" + "+a".repeat(n + 1) + "; gl_Position = vec4(x); }";
        failsWith(vert(over), Messages.NESTING_LIMIT);
    }

    // ---------------------------------------------------------------- CSIR pools and TGSI from source

    /** The pools held the shader: it was built and verified, and only its TGSI text is too long. */
    static void poolsAccepted(CompileResult r) {
        assertThat(r.ir()).as(r.log()).isNotNull();
        assertThat(r.diagnostics()).extracting(Diagnostic::message).singleElement().asString()
                .startsWith(Messages.TGSI_BUDGET + ": ");
    }

    /**
     * A pool overflow is the compile's one error here, at {@code line:column} (where lowering
     * crossed the limit) with {@code message}: no follow-on errors of the values it spoilt.
     */
    static void overflowsAt(CompileResult r, int line, int column, String message) {
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics()).as(r.log())
                .extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .containsExactly(line + ":" + column + ": " + message);
        assertThat(r.errorCount()).isEqualTo(1);
    }

    @Test
    void instructionPoolFromSource() {
        // 3 + 2 records per store: 8 x 22 in the loop and 6 after give 383 records, 7 after 385
        String at = "in vec4 p;\nvoid main() { for (int i = 0; i < 8; i++) {\n" + "gl_Position = p;\n".repeat(22) + "}\n";
        CompileResult ok = vertUnoptimized(at + "gl_Position = p;\n".repeat(6) + "}");
        poolsAccepted(ok);
        assertThat(ok.ir().size()).isEqualTo(383);
        // the 7th store after the loop, on line 32, crosses; lowering counts on to the end
        overflowsAt(vertUnoptimized(at + "gl_Position = p;\n".repeat(7) + "}"), 32, 13,
                "shader exceeds the instruction limit: needs 385 instructions, the limit is 384");
        overflowsAt(vert(at + "gl_Position = p;\n".repeat(7) + "}"), 32, 13,
                "shader exceeds the instruction limit: needs 385 instructions, the limit is 384");
        // what lies past the limit is counted too: 20 more stores need 40 more records
        overflowsAt(vert(at + "gl_Position = p;\n".repeat(27) + "}"), 32, 13,
                "shader exceeds the instruction limit: needs 425 instructions, the limit is 384");
    }

    @Test
    void temporaryPoolFromSource() {
        CompileResult ok = vertUnoptimized("uniform float a;\nvoid main() { float x = a" + "+a".repeat(91) + "; gl_Position = vec4(x); }");
        poolsAccepted(ok);
        assertThat(ok.ir().temps()).isEqualTo(96);
        String over = "uniform float a;\nvoid main() { float x = a" + "+a".repeat(92) + "; gl_Position = vec4(x); }";
        // the 92 additions fill the pool; vec4(x), at column 226, takes the 97th temporary
        overflowsAt(vertUnoptimized(over), 2, 226,
                "shader exceeds the temporary limit: needs 97 temporaries, the limit is 96");
        overflowsAt(vert(over), 2, 226, "shader exceeds the temporary limit: needs 97 temporaries, the limit is 96");
        // every addition past the limit takes one more; the 93rd, at column 210, crosses it
        overflowsAt(vert("uniform float a;\nvoid main() { float x = a" + "+a".repeat(166) + "; gl_Position = vec4(x); }"),
                2, 210, "shader exceeds the temporary limit: needs 171 temporaries, the limit is 96");
    }

    @Test
    void immediatePoolFromSource() {
        // 4 immediates for the zero position, 5 per broadcast line, 1 per scalar: 4 + 155 + 1 = 160
        String lines = "void main() {\n" + lines(31, i -> "  gl_Position = vec4(" + i + ".5);");
        CompileResult ok = vertUnoptimized(lines + "  float z0 = 0.25;\n}\n");
        poolsAccepted(ok);
        assertThat(ok.ir().immediateCount()).isEqualTo(160);
        overflowsAt(vertUnoptimized(lines + "  float z0 = 0.25;\n  float z1 = 0.25;\n}\n"), 34, 14,
                "too many constants: needs 161 constant values, the limit is 160");
    }

    @Test
    void anOverflowHasNoFollowOnErrors() {
        // the bad values past the overflow once made every later use "type mismatch in
        // assignment", and the unwritten position "vertex shader does not write gl_Position"
        String src = "uniform float u;\nvoid main() {\n  float s = u;\n"
                + lines(170, i -> "  s = s * " + i + ".5;") + "  gl_Position = vec4(s);\n}\n";
        CompileResult r = vert(src);
        assertThat(r.diagnostics()).as(r.log()).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith(Messages.TEMPORARY_LIMIT + ": needs "));
        // errors before the overflow are kept; none after it, however unrelated
        r = vert("void main() {\n  float a = b;\n" + lines(40, i -> "  gl_Position = vec4(" + i + ".5);")
                + "  float c = d;\n}\n");
        assertThat(r.diagnostics()).as(r.log()).extracting(Diagnostic::message)
                .containsExactly(Messages.UNKNOWN_IDENTIFIER, Messages.ASSIGNMENT_TYPE_MISMATCH,
                        Messages.immediateLimit(4 + 40 * 5, true, 160));
    }

    @Test
    void ifNestingOf32CompilesAnd33IsRefused() {
        String head = "uniform float u;\nvoid main() { bool b = u > 0.0; float x = 0.0; ";
        CompileResult ok = vert(head + "if (b) { ".repeat(32) + "x = 1.0; " + "}".repeat(32) + " gl_Position = vec4(x); }");
        compiles(ok);
        failsWith(vert(head + "if (b) { ".repeat(33) + "x = 1.0; " + "}".repeat(33) + " gl_Position = vec4(x); }"),
                Messages.INVALID_IF);
    }

    @Test
    void textOverTheTgsiBudgetIsRefused() {
        // each level compares anew, so 31 levels of IR fit every pool but not 3600 bytes of TGSI
        String head = "uniform float u;\nvoid main() { float x = 0.0; ";
        compiles(vertUnoptimized(head + "if (u > 0.0) { ".repeat(16) + "x = 1.0; " + "}".repeat(16) + " gl_Position = vec4(x); }"));
        CompileResult r = vertUnoptimized(head + "if (u > 0.0) { ".repeat(31) + "x = 1.0; " + "}".repeat(31) + " gl_Position = vec4(x); }");
        // located where the records that took the text past the budget were lowered from: the
        // condition of the 16th if (the 16 levels above compile)
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + ": " + d.message())
                .containsExactly("2:261: TGSI exceeds the VirGL command budget: needs 5735 bytes, the limit is 3600");
        assertThat(r.ir()).isNotNull();
        assertThat(r.tgsi()).isNull();
        // optimized, the passes drop and renumber records: the positions travel with them (more
        // temporaries than the default, so 150 additions reach the budget past the optimizer)
        Limits roomy = new Limits(384, 160, 200, 32, 8, 8, 32, 4, 3600);
        CompileResult opt = ShaderCompiler.compile(Stage.VERTEX, "t.vert", "uniform float a;\n\nvoid main() {\n  float x = a"
                + "+a".repeat(150) + ";\n  gl_Position = vec4(x);\n}\n", CompileOptions.DEFAULT.withLimits(roomy));
        assertThat(opt.diagnostics()).as(opt.log()).singleElement().satisfies(d -> {
            assertThat(d.located()).isTrue();
            assertThat(d.line()).isEqualTo(4);
            assertThat(d.message()).startsWith(Messages.TGSI_BUDGET + ": needs ");
        });
    }
}
