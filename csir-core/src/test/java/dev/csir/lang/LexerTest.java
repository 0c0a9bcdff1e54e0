package dev.csir.lang;

import static dev.csir.lang.LangTesting.errors;
import static dev.csir.lang.LangTesting.kinds;
import static dev.csir.lang.LangTesting.lexErrors;
import static dev.csir.lang.TokenKind.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import java.util.List;
import org.junit.jupiter.api.Test;

class LexerTest {

    private static Tokens lex(String src) {
        return Lexer.lex(src, new DiagnosticLog("t", src));
    }

    private static String positions(String src) {
        Tokens t = lex(src);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < t.count(); i++) {
            sb.append(t.kind(i)).append('@').append(t.line(i)).append(':').append(t.column(i)).append(' ');
        }
        return sb.toString().trim();
    }

    @Test
    void positionsCountTabsAndCarriageReturnsAsOneColumn() {
        assertThat(positions("\tfloat\r x;\r\n  y"))
                .isEqualTo("FLOAT_KW@1:2 IDENT@1:9 SEMI@1:10 IDENT@2:3 EOF@2:4");
    }

    @Test
    void allKeywordsAndPunctuators() {
        assertThat(kinds("in out uniform const layout smooth void bool int float vec2 vec3 vec4 ivec2 ivec3 ivec4"
                + " mat3 mat4 sampler2D if else for return discard true false"))
                .containsExactly(IN, OUT, UNIFORM, CONST, LAYOUT, SMOOTH, VOID, BOOL, INT_KW, FLOAT_KW, VEC2, VEC3,
                        VEC4, IVEC2, IVEC3, IVEC4, MAT3, MAT4, SAMPLER2D, IF, ELSE, FOR, RETURN, DISCARD, TRUE, FALSE,
                        EOF);
        assertThat(kinds("( ) { } [ ] ; , . + - * / % = == != < > <= >= && || ! ++ --"))
                .containsExactly(LPAREN, RPAREN, LBRACE, RBRACE, LBRACK, RBRACK, SEMI, COMMA, DOT, PLUS, MINUS, STAR,
                        SLASH, PERCENT, ASSIGN, EQ, NE, LT, GT, LE, GE, AND, OR, NOT, INC, DEC, EOF);
        assertThat(kinds("a+++b")).containsExactly(IDENT, INC, PLUS, IDENT, EOF);
        assertThat(kinds("a==b!c")).containsExactly(IDENT, EQ, IDENT, NOT, IDENT, EOF);
    }

    @Test
    void wordsThatAreNotKeywordsAreIdentifiers() {
        assertThat(kinds("mat5 uints double sampler1D gl_Position _x1 Vec4 IN breaks whiles dO"))
                .containsOnly(IDENT, EOF).hasSize(12);
        assertThat(kinds("uint uvec2 uvec4 usampler2D uvec5")).containsExactly(UINT_KW, UVEC2, UVEC4, USAMPLER2D, IDENT, EOF);
        assertThat(kinds("mat2 mat2x3 mat4x4 mat2x5")).containsExactly(MAT2, MAT2X3, MAT4X4, IDENT, EOF);
        assertThat(kinds("while do")).containsExactly(WHILE, DO, EOF);
        assertThat(kinds("break continue")).containsExactly(BREAK, CONTINUE, EOF);
    }

    @Test
    void commentsAreSkipped() {
        assertThat(positions("a // b c\nd /* e\n f */ g")).isEqualTo("IDENT@1:1 IDENT@2:1 IDENT@3:7 EOF@3:8");
        assertThat(kinds("a/**/b/*/*/c")).containsExactly(IDENT, IDENT, IDENT, EOF);
        assertThat(lexErrors("a // b c\nd /* e\n f */ g")).isEmpty();
    }

    @Test
    void unterminatedBlockCommentStopsLexing() {
        Tokens t = lex("a\n  /* b\n c");
        assertThat(lexErrors("a\n  /* b\n c")).containsExactly("2:3: unterminated block comment");
        assertThat(t.count()).isEqualTo(3);
        assertThat(t.kind(1)).isEqualTo(BAD);
        assertThat(t.kind(2)).isEqualTo(EOF);
        assertThat(t.line(2)).isEqualTo(3);
    }

    @Test
    void versionDirectives() {
        // every GLSL and GLSL ES version glslang takes, with the profiles it allows
        for (String v : List.of("100", "110", "120", "130", "140", "150", "330", "400", "410", "420", "430", "440",
                "450", "460", "300 es", "310 es", "320 es", "150 core", "330 compatibility", "460 core")) {
            assertThat(lexErrors("#version " + v + "\nfloat x;")).as(v).isEmpty();
        }
        assertThat(lexErrors("  # version 330 core \r\nfloat x;")).isEmpty();
        assertThat(kinds("#version 330 core\nfloat x;")).containsExactly(FLOAT_KW, IDENT, SEMI, EOF);
        // (glslang reads a leading zero away)
        assertThat(lexErrors("\t#version 0450")).isEmpty();
        // the message names the version as written and the versions accepted
        assertThat(lexErrors("#version 109")).containsExactly(
                "1:1: unsupported #version 109: csir supports " + Messages.SUPPORTED_VERSIONS);
        // a number past the int range is refused, not wrapped into the range (2^32 + 110)
        assertThat(lexErrors("#version 4294967406")).containsExactly(
                "1:1: unsupported #version 4294967406: csir supports " + Messages.SUPPORTED_VERSIONS);
        // and a very long one is shown cut
        assertThat(lexErrors("#version " + "9".repeat(40))).containsExactly(
                "1:1: unsupported #version 999999999999...: csir supports " + Messages.SUPPORTED_VERSIONS);
        assertThat(lexErrors(" #version\nfloat x;")).containsExactly("1:2: expected a version number");
        assertThat(lexErrors("#version core")).containsExactly("1:1: expected a version number");
    }

    @Test
    void versionProfilesAndPlace() {
        assertThat(lexErrors("#version 310\n")).containsExactly("1:1: " + Messages.VERSION_NEEDS_ES);
        assertThat(lexErrors("#version 330 es\n")).containsExactly("1:1: " + Messages.VERSION_ES_ONLY);
        assertThat(lexErrors("#version 140 core\n")).containsExactly("1:1: " + Messages.VERSION_NO_PROFILE);
        assertThat(lexErrors("#version 100 es\n")).containsExactly("1:1: " + Messages.VERSION_ES_ONLY);
        assertThat(lexErrors("#version 330 cor\n")).containsExactly(
                "1:1: unknown #version profile 'cor' (use core, compatibility or es)");
        assertThat(lexErrors("#version 330 core extra\n")).containsExactly(
                "1:19: unexpected tokens after the directive #version");
        // #version comes first, once (GLSL 4.60 section 3.3; glslang: "must occur first in shader")
        assertThat(lexErrors("float x;\n#version 330")).containsExactly("2:1: " + Messages.VERSION_NOT_FIRST);
        assertThat(lexErrors("#version 330\n#version 330")).containsExactly("2:1: " + Messages.VERSION_NOT_FIRST);
        // comments before it are nothing
        assertThat(lexErrors("// a shader\n/* x */ #version 330\nfloat x;")).isEmpty();
    }

    @Test
    void theVersionIsRecorded() {
        assertThat(lex("float x;").version()).isEqualTo(GlslVersion.DEFAULT);
        assertThat(lex("#version 450 core\nfloat x;").version())
                .isEqualTo(new GlslVersion(450, GlslVersion.Profile.CORE, true));
        assertThat(lex("#version 300 es\n#define A 1\nfloat x;").version())
                .isEqualTo(new GlslVersion(300, GlslVersion.Profile.ES, true));
        assertThat(lex("#version 100\nfloat x;").version().es()).isTrue();
        assertThat(LangTesting.ok("#version 330 compatibility\nfloat x;").version())
                .isEqualTo(new GlslVersion(330, GlslVersion.Profile.COMPATIBILITY, true));
    }

    @Test
    void aLeadingByteOrderMarkIsSkipped() {
        // column 1 is the character after the mark, as an editor shows it
        assertThat(positions("\uFEFFfloat x;")).isEqualTo("FLOAT_KW@1:1 IDENT@1:7 SEMI@1:8 EOF@1:9");
        assertThat(lexErrors("\uFEFFfloat x;")).isEmpty();
        assertThat(lexErrors("\uFEFF#version 330\nfloat x;")).isEmpty();
        // only at the start: elsewhere it is three bytes no token begins with
        assertThat(lexErrors("float\uFEFF x;")).containsExactly(
                "1:6: invalid token", "1:7: invalid token", "1:8: invalid token");
        assertThat(lexErrors("\uFEFF")).containsExactly("1:1: empty shader");
    }

    @Test
    void otherDirectivesArePreprocessed() {
        // (the original rejected every directive but #version; see PreprocessorTest)
        assertThat(lexErrors("#define A (1 + @)\n#\n  #if 0\nfloat x;\n#endif")).isEmpty();
        assertThat(kinds("#ifdef X $\nfloat x;\n#endif\nint")).containsExactly(INT_KW, EOF);
        assertThat(lexErrors("#foo\nfloat x;")).containsExactly("1:1: unknown preprocessor directive 'foo'");
    }

    @Test
    void hashIsADirectiveOnlyAtLineStart() {
        assertThat(lexErrors("float x; #version 330")).containsExactly("1:10: invalid token");
        // A newline inside a block comment starts a line, and a comment before a '#' leaves it at the
        // line's start (glslang reads both as directives)
        assertThat(lexErrors("/* a\n */ #version 330\nfloat x;")).isEmpty();
        assertThat(lexErrors("/* a\n */ #define X\n/* */ #undef X\nfloat x; #undef X")).containsExactly(
                "4:10: invalid token");
    }

    @Test
    void identifierNameLimit() {
        String ok = "a".repeat(39);
        String tooLong = "b".repeat(40);
        assertThat(lexErrors(ok)).isEmpty();
        assertThat(lexErrors("float " + tooLong + ";")).containsExactly("1:7: identifier exceeds the name limit");
        Tokens t = lex(tooLong + " x");
        assertThat(t.kind(0)).isEqualTo(IDENT);
        assertThat(t.text(0)).isEqualTo(tooLong);
        assertThat(t.column(1)).isEqualTo(42);
    }

    @Test
    void rejectedQualifiers() {
        for (String w : List.of("invariant", "precise", "readonly", "writeonly", "coherent", "volatile", "restrict",
                "shared", "patch")) {
            assertThat(lexErrors("  " + w)).as(w).containsExactly("1:3: unsupported qualifier");
            assertThat(kinds(w)).as(w).containsExactly(BAD, EOF);
        }
        assertThat(lexErrors("flats samples")).isEmpty();
        // the interpolation words: the parser makes them names or reserved words by version
        assertThat(kinds("smooth flat noperspective centroid sample")).containsExactly(TokenKind.SMOOTH,
                TokenKind.FLAT, TokenKind.NOPERSPECTIVE, TokenKind.CENTROID, TokenKind.SAMPLE, EOF);
        assertThat(kinds("precision highp mediump lowp")).containsExactly(PRECISION, HIGHP, MEDIUMP, LOWP, EOF);
        // GLSL's parameter qualifiers and struct are words of the language
        assertThat(kinds("inout struct attribute varying")).containsExactly(INOUT, STRUCT, ATTRIBUTE, VARYING, EOF);
    }

    private static float floatOf(String literal) {
        Tokens t = lex(literal);
        assertThat(t.kind(0)).as(literal).isEqualTo(FLOAT);
        return t.floatValue(0);
    }

    @Test
    void floatLiteralsUseTheOriginalsFloatArithmetic() {
        assertThat(Float.floatToIntBits(floatOf("123.456"))).isEqualTo(0x42f6e979);
        assertThat(String.format("%.6f", (double) floatOf("123.456"))).isEqualTo("123.456001");
        // Digit-by-digit float accumulation is one ulp off the correctly rounded value here.
        assertThat(Float.floatToIntBits(floatOf("0.9"))).isEqualTo(0x3f666667);
        assertThat(Float.floatToIntBits(floatOf("0.35"))).isEqualTo(0x3eb33334);
        assertThat(Float.floatToIntBits(floatOf("1e38"))).isEqualTo(0x7e96769a);
        assertThat(floatOf(".5")).isEqualTo(0.5f);
        assertThat(floatOf("5.")).isEqualTo(5f);
        assertThat(floatOf("2E+2")).isEqualTo(200f);
        assertThat(floatOf("25e-1")).isEqualTo(2.5f);
        assertThat(floatOf("1e10")).isEqualTo(1e10f);
        // 10^45 overflows to infinity before the reciprocal is taken.
        assertThat(floatOf("1e-45")).isEqualTo(0f);
        assertThat(floatOf("1e39")).isEqualTo(Float.POSITIVE_INFINITY);
    }

    @Test
    void exponentReadingStopsAboveThirtyEight() {
        Tokens t = lex("1e400");
        assertThat(t.kind(0)).isEqualTo(FLOAT);
        assertThat(t.floatValue(0)).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(t.kind(1)).isEqualTo(INT);
        assertThat(t.text(1)).isEqualTo("0");
        assertThat(t.column(1)).isEqualTo(5);
    }

    @Test
    void integerLiterals() {
        Tokens t = lex("0 42 16777217 4294967295 0x1F 017 0XFFFFFFFF");
        assertThat(t.intValue(0)).isZero();
        assertThat(t.intValue(1)).isEqualTo(42);
        assertThat(t.floatValue(1)).isEqualTo(42f);
        // Accumulated in float as the original did (the checker reads the digits exactly):
        // 16777217 is not representable.
        assertThat(t.intValue(2)).isEqualTo(16777216);
        assertThat(t.exactInt(2)).isEqualTo(16777217);
        assertThat(t.exactInt(3)).isEqualTo(4294967295L);
        // hexadecimal and octal: the value exactly, the float that of the int's bit pattern
        assertThat(t.intValue(4)).isEqualTo(31);
        assertThat(t.exactInt(4)).isEqualTo(31);
        assertThat(t.intValue(5)).isEqualTo(15);
        assertThat(t.exactInt(5)).isEqualTo(15);
        assertThat(t.intValue(6)).isEqualTo(0xFFFFFFFFL);
        assertThat(t.floatValue(6)).isEqualTo(-1f);
    }

    @Test
    void integerLiteralsGlslangRejects() {
        assertThat(lexErrors("4294967296")).containsExactly("1:1: " + Messages.NUMERIC_LITERAL_TOO_BIG);
        assertThat(lexErrors("99999999999999999999")).containsExactly("1:1: " + Messages.NUMERIC_LITERAL_TOO_BIG);
        assertThat(lexErrors("x 0x100000000")).containsExactly("1:3: " + Messages.HEX_LITERAL_TOO_BIG);
        assertThat(lexErrors("040000000000")).containsExactly("1:1: " + Messages.OCTAL_LITERAL_TOO_BIG);
        assertThat(lexErrors("019")).containsExactly("1:1: " + Messages.OCTAL_DIGIT_TOO_LARGE);
        assertThat(lexErrors("0x;")).containsExactly("1:1: " + Messages.BAD_HEX_DIGIT);
        // a 0 before a fraction or an exponent starts a float
        assertThat(kinds("09.5 00.5 07e1 0")).containsExactly(FLOAT, FLOAT, FLOAT, INT, EOF);
    }

    @Test
    void floatSuffixHexAndTheUnsignedSuffix() {
        // GLSL's f or F after a float literal is part of it; after an integer it is not
        assertThat(kinds("1.0f 2.5F 1e3f .5f")).containsExactly(FLOAT, FLOAT, FLOAT, FLOAT, EOF);
        assertThat(floatOf("1.5f")).isEqualTo(1.5f);
        assertThat(kinds("1f")).containsExactly(INT, IDENT, EOF);
        assertThat(kinds("0x10")).containsExactly(INT, EOF);
        assertThat(kinds("0x1Fu 3u")).containsExactly(INT, IDENT, INT, IDENT, EOF);
        assertThat(kinds("v.5")).containsExactly(IDENT, FLOAT, EOF);
        assertThat(kinds("v.x")).containsExactly(IDENT, DOT, IDENT, EOF);
    }

    @Test
    void exponentWithoutDigitsIsInvalid() {
        assertThat(lexErrors("x = 1e;")).containsExactly("1:5: invalid numeric literal");
        assertThat(lexErrors("x = 2.5E-;")).containsExactly("1:5: invalid numeric literal");
        assertThat(kinds("1e+;")).containsExactly(BAD, SEMI, EOF);
    }

    @Test
    void everyOtherCharacterIsOneInvalidToken() {
        assertThat(lexErrors("a ~ b ^ c @ $")).containsExactly("1:11: invalid token", "1:13: invalid token");
        assertThat(kinds("a ? b : c")).containsExactly(IDENT, QUESTION, IDENT, COLON, IDENT, EOF);
        assertThat(lexErrors("\" ' \\ & | \f \u0000")).containsExactly(
                "1:1: invalid token", "1:3: invalid token", "1:5: invalid token", "1:11: invalid token",
                "1:13: invalid token");
        // GLSL's bit operators, shifts and their assignments, and ^^
        assertThat(kinds("a&b|c^d~e<<f>>g^^h")).containsExactly(IDENT, AMP, IDENT, BAR, IDENT, CARET, IDENT, TILDE,
                IDENT, SHL, IDENT, SHR, IDENT, XOR, IDENT, EOF);
        assertThat(kinds("&= |= ^= <<= >>= << = < <")).containsExactly(AMP_ASSIGN, BAR_ASSIGN, CARET_ASSIGN, SHL_ASSIGN,
                SHR_ASSIGN, SHL, ASSIGN, LT, LT, EOF);
    }

    @Test
    void nonAsciiCharactersAreOneInvalidTokenPerUtf8Byte() {
        assertThat(lexErrors("x é y")).containsExactly("1:3: invalid token", "1:4: invalid token");
        assertThat(lex("x é y").column(3)).isEqualTo(6);
        // In comments they only advance the column, by their byte count.
        assertThat(positions("/* ü */ z")).isEqualTo("IDENT@1:10 EOF@1:11");
    }

    @Test
    void lexingContinuesAfterErrors() {
        assertThat(kinds("@ float $ x ;")).containsExactly(BAD, FLOAT_KW, BAD, IDENT, SEMI, EOF);
    }

    @Test
    void emptySource() {
        assertThat(lexErrors("")).containsExactly("1:1: empty shader");
        assertThat(kinds("")).containsExactly(EOF);
        assertThat(errors("")).containsExactly("1:1: empty shader");
    }

    @Test
    void noTokenLimit() {
        String src = "float x = 0.0" + " + 1.0".repeat(2000) + ";";
        assertThat(lex(src).count()).isEqualTo(4 + 2 * 2000 + 2);
        assertThat(lexErrors(src)).isEmpty();
    }
}
