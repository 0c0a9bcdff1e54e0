package dev.csir.lang;

import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;

/** The kinds of token the lexer produces. */
public enum TokenKind {
    /** End of input; also what a {@code #version} without digits leaves, which ends parsing there. */
    EOF("end of file"),
    IDENT("identifier"), INT("integer"), FLOAT("float"),
    LPAREN("("), RPAREN(")"), LBRACE("{"), RBRACE("}"), LBRACK("["), RBRACK("]"),
    SEMI(";"), COMMA(","), DOT("."), QUESTION("?"), COLON(":"),
    PLUS("+"), MINUS("-"), STAR("*"), SLASH("/"), PERCENT("%"), ASSIGN("="),
    EQ("=="), NE("!="), LT("<"), GT(">"), LE("<="), GE(">="), AND("&&"), OR("||"), NOT("!"),
    XOR("^^"), SHL("<<"), SHR(">>"), AMP("&"), BAR("|"), CARET("^"), TILDE("~"),
    SHL_ASSIGN("<<="), SHR_ASSIGN(">>="), AMP_ASSIGN("&="), BAR_ASSIGN("|="), CARET_ASSIGN("^="),
    INC("++"), DEC("--"),
    PLUS_ASSIGN("+="), MINUS_ASSIGN("-="), STAR_ASSIGN("*="), SLASH_ASSIGN("/="), PERCENT_ASSIGN("%="),
    IN("in"), OUT("out"), INOUT("inout"), ATTRIBUTE("attribute"), VARYING("varying"), UNIFORM("uniform"), CONST("const"), LAYOUT("layout"), SMOOTH("smooth"),
    STRUCT("struct"), PRECISION("precision"), HIGHP("highp"), MEDIUMP("mediump"), LOWP("lowp"),
    VOID("void"), BOOL("bool"), INT_KW("int"), FLOAT_KW("float"),
    VEC2("vec2"), VEC3("vec3"), VEC4("vec4"), IVEC2("ivec2"), IVEC3("ivec3"), IVEC4("ivec4"),
    BVEC2("bvec2"), BVEC3("bvec3"), BVEC4("bvec4"),
    MAT3("mat3"), MAT4("mat4"), SAMPLER2D("sampler2D"),
    IF("if"), ELSE("else"), FOR("for"), WHILE("while"), DO("do"), RETURN("return"), DISCARD("discard"), BREAK("break"), CONTINUE("continue"),
    SWITCH("switch"), CASE("case"), DEFAULT("default"), TRUE("true"), FALSE("false"),
    /** A rejected character, qualifier word, numeric literal or directive (already reported). */
    BAD("bad token"),
    /** The preprocessor's raw tokens, which never reach the parser: {@code #}, {@code ##} and a line's end. */
    HASH("#"), HASHHASH("##"), NEWLINE("end of line");

    private final String spelling;

    TokenKind(String spelling) {
        this.spelling = spelling;
    }

    /** The source spelling of a keyword or punctuator, or a description of the class. */
    public String spelling() {
        return spelling;
    }

    /** The type a type keyword names, or null when this is not a type keyword. */
    public Type type() {
        return switch (this) {
            case VOID -> VoidType.VOID;
            case BOOL -> ScalarType.BOOL;
            case INT_KW -> ScalarType.INT;
            case FLOAT_KW -> ScalarType.FLOAT;
            case VEC2 -> VectorType.VEC2;
            case VEC3 -> VectorType.VEC3;
            case VEC4 -> VectorType.VEC4;
            case IVEC2 -> VectorType.IVEC2;
            case IVEC3 -> VectorType.IVEC3;
            case IVEC4 -> VectorType.IVEC4;
            case BVEC2 -> VectorType.BVEC2;
            case BVEC3 -> VectorType.BVEC3;
            case BVEC4 -> VectorType.BVEC4;
            case MAT3 -> MatrixType.MAT3;
            case MAT4 -> MatrixType.MAT4;
            case SAMPLER2D -> SamplerType.SAMPLER2D;
            default -> null;
        };
    }

    public boolean isType() {
        return ordinal() >= VOID.ordinal() && ordinal() <= SAMPLER2D.ordinal();
    }
}
