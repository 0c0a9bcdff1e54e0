package dev.csir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.lang.Lexer;
import dev.csir.lang.Parser;
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
    void sourceSizeIsBelow4096BytesUnderChrisosAnd16MiBByDefault() {
        assertThat(Limits.CHRISOS.maxSourceBytes()).isEqualTo(4095);
        compiles(vert(sourceOfBytes(4095)));
        failsWith(vert(sourceOfBytes(4096)), "shader source exceeds the size limit: 4096 bytes, the limit is 4095 bytes");
        // bytes count, not characters: 2100 two-byte letters are fewer than 4096 characters
        assertThat(sourceOfBytes(4200).length()).isLessThan(4096);
        failsWith(vert(sourceOfBytes(4200)), Messages.sourceTooLarge(4200, 4095));
        int big = Limits.DEFAULT.maxSourceBytes();
        assertThat(big).isEqualTo(16 * 1024 * 1024);
        assertThat(ShaderCompiler.compile(Stage.VERTEX, "t.vert", sourceOfBytes(big)).ok()).isTrue();
        failsWith(ShaderCompiler.compile(Stage.VERTEX, "t.vert", sourceOfBytes(big + 1)),
                "shader source exceeds the size limit: 16777217 bytes, the limit is 16777216 bytes");
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
        // seven errors stop the compile too: a source with syntax errors is not checked further
        String seven = "void main() {\n" + lines(7, i -> "  float x" + i + " = 1.0 +;") + "}\n";
        CompileResult r7 = vert(seven);
        assertThat(r7.diagnostics()).extracting(Diagnostic::message).containsOnly(Messages.EXPECTED_EXPRESSION).hasSize(7);
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
    void loopsRunAnyNumberOfTimes() {
        // the documented subset unrolled at most 8 trips; CSIR has loops now
        for (int trips : new int[] {8, 9, 100}) {
            CompileResult r = vert("void main() { float s = 0.0; for (int i = 0; i < " + trips
                    + "; i++) { s = s + 1.0; } gl_Position = vec4(s); }");
            compiles(r);
            assertThat(dev.csir.testing.Shaders.run(r).run().position()).containsOnly((float) trips);
        }
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
    void callsNestAsDeepAsTheSourceWrites() {
        // the documented subset allowed 8 frames; calls are inlined, so depth costs nothing
        CompileResult r = vert(callChain(30));
        compiles(r);
        assertThat(dev.csir.testing.Shaders.run(r).run().position()).containsOnly(1f);
    }

    @Test
    void functionsTakeMoreThan4ParametersAsGlslDoes() {
        CompileResult r = vert("float f(float a, float b, float c, float d, float e) { return a + b + c + d + e; }\n"
                + "void main() { gl_Position = vec4(f(1.0, 2.0, 3.0, 4.0, 5.0)); }");
        compiles(r);
        // inlined and folded: the call is gone, its value is one constant
        assertThat(r.ir().code()).noneMatch(i -> i.opcode() == dev.csir.ir.Opcode.ADD);
    }

    @Test
    void argumentCountsAreCheckedAgainstTheSignature() {
        String g = "float g(float a) { return a; }\n";
        String nine = String.join(", ", java.util.Collections.nCopies(9, "1.0"));
        failsWith(vert(g + "void main() { gl_Position = vec4(g(" + nine + ")); }"), Messages.WRONG_ARGUMENT_COUNT);
        // no constructor takes 16 or 17 scalars
        for (int n : new int[] {16, 17}) {
            String args = String.join(", ", java.util.Collections.nCopies(n, "1.0"));
            failsWith(vert("void main() { gl_Position = vec4(" + args + "); }"), Messages.CONSTRUCTOR_COUNT);
        }
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

    /** {@code n} sines of a uniform in a row: n SIN records and a fixed few around them. */
    static String sines(int n) {
        return "uniform float u;\nvoid main() {\n  float s = u;\n" + "s=sin(s);\n".repeat(n) + "  gl_Position = vec4(s);\n}\n";
    }

    /** {@code n} values, each the sine of the one before, all computed before the first is summed: n live at once. */
    static String liveAtOnce(int n) {
        StringBuilder sb = new StringBuilder("uniform float u;\nvoid main() {\nfloat v0=sin(u);\n");
        for (int i = 1; i < n; i++) {
            sb.append("float v").append(i).append("=sin(v").append(i - 1).append(");\n");
        }
        sb.append("float s=0.0;\n");
        for (int i = 0; i < n; i++) {
            sb.append("s=s+v").append(i).append(";\n");
        }
        return sb.append("gl_Position = vec4(s);\n}\n").toString();
    }

    /** {@code n} products with distinct constants: n immediates. */
    static String products(int n) {
        return "uniform float u;\nvoid main() {\n  float s = u;\n" + lines(n, i -> "s=s*" + i + ".5;")
                + "  gl_Position = vec4(s);\n}\n";
    }

    static CompileResult csirOnly(String src, Limits limits) {
        return ShaderCompiler.compile(Stage.VERTEX, "t.vert", src, CompileOptions.DEFAULT.withLimits(limits)
                .withTarget(dev.csir.Target.CSIR));
    }

    @Test
    void instructionPoolAtItsLimitAndOnePast() {
        // three records around the sines: the uniform load, the splat and the position store
        CompileResult at = csirOnly(sines(381), Limits.CHRISOS);
        assertThat(at.ok()).as(at.log()).isTrue();
        assertThat(at.ir().size()).isEqualTo(384);
        // the 385th record is the splat of vec4(s), after the sines
        overflowsAt(csirOnly(sines(382), Limits.CHRISOS), 386, 15,
                "shader exceeds the instruction limit: needs 385 instructions, the limit is 384");
        // with TGSI too, the records fit and only the text is too long for the ChrisOS budget
        poolsAccepted(vert(sines(381)));
        // the default profile: 32767 records, a source too long for ChrisOS
        int n = Limits.DEFAULT.maxInstructions() - 3;
        assertThat(csirOnly(sines(n), Limits.DEFAULT).ir().size()).isEqualTo(32767);
        // the 16-bit record index stops the count there: "at least"
        overflowsAt(csirOnly(sines(n + 1), Limits.DEFAULT), n + 5, 15,
                "shader exceeds the instruction limit: needs at least 32768 instructions, the limit is 32767");
    }

    @Test
    void temporaryPoolAtItsLimitAndOnePast() {
        // n values live at once and the sum: n + 1 temporaries
        CompileResult at = csirOnly(liveAtOnce(95), Limits.CHRISOS);
        assertThat(at.ok()).as(at.log()).isTrue();
        assertThat(at.ir().temps()).isEqualTo(96);
        // all 96 live, the 97th temporary is the first sum's
        overflowsAt(csirOnly(liveAtOnce(96), Limits.CHRISOS), 100, 2,
                "shader exceeds the temporary limit: needs 97 temporaries, the limit is 96");
        CompileResult big = csirOnly(liveAtOnce(4095), Limits.DEFAULT);
        assertThat(big.ok()).as(big.log()).isTrue();
        assertThat(big.ir().temps()).isEqualTo(4096);
        overflowsAt(csirOnly(liveAtOnce(4096), Limits.DEFAULT), 4100, 2,
                "shader exceeds the temporary limit: needs 4097 temporaries, the limit is 4096");
    }

    @Test
    void immediatePoolAtItsLimitAndOnePast() {
        // one immediate per product (the position's zero start is a dead store, dropped)
        CompileResult at = csirOnly(products(160), Limits.CHRISOS);
        assertThat(at.ok()).as(at.log()).isTrue();
        assertThat(at.ir().immediateCount()).isEqualTo(160);
        overflowsAt(csirOnly(products(161), Limits.CHRISOS), 164, 2,
                "too many constants: needs 161 constant values, the limit is 160");
        CompileResult big = csirOnly(products(1024), Limits.DEFAULT);
        assertThat(big.ok()).as(big.log()).isTrue();
        assertThat(big.ir().immediateCount()).isEqualTo(1024);
        overflowsAt(csirOnly(products(1025), Limits.DEFAULT), 1028, 2,
                "too many constants: needs 1025 constant values, the limit is 1024");
    }

    @Test
    void anOverflowHasNoFollowOnErrors() {
        // lowering runs only on a shader the checker found no error in, and stops at the first
        // pool that overflows: one error
        CompileResult r = vert(products(170));
        assertThat(r.diagnostics()).as(r.log()).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith(Messages.IMMEDIATE_LIMIT + ": needs "));
        // an error of the language stops the compile before any pool is counted
        r = vert("void main() {\n  float a = b;\n" + lines(40, i -> "  gl_Position = vec4(" + i + ".5);") + "}\n");
        assertThat(r.diagnostics()).as(r.log()).extracting(Diagnostic::message)
                .containsExactly(Messages.UNKNOWN_IDENTIFIER);
    }

    @Test
    void ifNestingOf32CompilesAnd33IsRefused() {
        String head = "uniform float u;\nvoid main() { bool b = u > 0.0; float x = 0.0; ";
        CompileResult ok = vert(head + "if (b) { ".repeat(32) + "x = 1.0; " + "}".repeat(32) + " gl_Position = vec4(x); }");
        compiles(ok);
        CompileResult over = vert(head + "if (b) { ".repeat(33) + "x = 1.0; " + "}".repeat(33) + " gl_Position = vec4(x); }");
        failsWith(over, Messages.NESTING_LIMIT);
        // located at the 33rd if
        int column = head.length() - "uniform float u;\n".length() + 32 * "if (b) { ".length() + 1;
        assertThat(over.diagnostics().getFirst().line() + ":" + over.diagnostics().getFirst().column())
                .isEqualTo("2:" + column);
    }

    @Test
    void textOverTheTgsiBudgetIsRefused() {
        // every record fits the ChrisOS pools; the TGSI text does not fit 3600 bytes
        CompileResult small = vert(sines(100));
        assertThat(small.ok()).as(small.log()).isTrue();
        assertThat(small.tgsi().length()).isLessThanOrEqualTo(3600);
        CompileResult r = vert(sines(200));
        // located at the record that took the text past the budget: one of the sines
        assertThat(r.diagnostics()).as(r.log()).singleElement().satisfies(d -> {
            assertThat(d.located()).isTrue();
            assertThat(d.line()).isBetween(4, 203);
            assertThat(d.message()).startsWith(Messages.TGSI_BUDGET + ": needs ");
        });
        assertThat(r.ir()).isNotNull();
        assertThat(r.tgsi()).isNull();
        // the default profile has no budget
        assertThat(ShaderCompiler.compile(Stage.VERTEX, "t.vert", sines(2000)).ok()).isTrue();
    }
}
