package dev.csir.lang;

/** The kinds of token the lexer produces. */
public enum TokenKind {
    /** End of input; also what a {@code #version} without digits leaves, which ends parsing there. */
    EOF("end of file"),
    IDENT("identifier"), INT("integer"), FLOAT("float"),
    LPAREN("("), RPAREN(")"), LBRACE("{"), RBRACE("}"), LBRACK("["), RBRACK("]"),
    SEMI(";"), COMMA(","), DOT("."),
    PLUS("+"), MINUS("-"), STAR("*"), SLASH("/"), PERCENT("%"), ASSIGN("="),
    EQ("=="), NE("!="), LT("<"), GT(">"), LE("<="), GE(">="), AND("&&"), OR("||"), NOT("!"),
    INC("++"), DEC("--"),
    IN("in"), OUT("out"), UNIFORM("uniform"), CONST("const"), LAYOUT("layout"), SMOOTH("smooth"),
    VOID("void"), BOOL("bool"), INT_KW("int"), FLOAT_KW("float"),
    VEC2("vec2"), VEC3("vec3"), VEC4("vec4"), IVEC2("ivec2"), IVEC3("ivec3"), IVEC4("ivec4"),
    MAT3("mat3"), MAT4("mat4"), SAMPLER2D("sampler2D"),
    IF("if"), ELSE("else"), FOR("for"), RETURN("return"), DISCARD("discard"), TRUE("true"), FALSE("false"),
    /** A rejected character, qualifier word, numeric literal or directive (already reported). */
    BAD("bad token");

    private final String spelling;

    TokenKind(String spelling) {
        this.spelling = spelling;
    }

    /** The source spelling of a keyword or punctuator, or a description of the class. */
    public String spelling() {
        return spelling;
    }

    /** The type a type keyword names, or null when this is not a type keyword. */
    public dev.csir.ir.Type type() {
        return switch (this) {
            case VOID -> dev.csir.ir.Type.VOID;
            case BOOL -> dev.csir.ir.Type.BOOL;
            case INT_KW -> dev.csir.ir.Type.INT;
            case FLOAT_KW -> dev.csir.ir.Type.FLOAT;
            case VEC2 -> dev.csir.ir.Type.VEC2;
            case VEC3 -> dev.csir.ir.Type.VEC3;
            case VEC4 -> dev.csir.ir.Type.VEC4;
            case IVEC2 -> dev.csir.ir.Type.IVEC2;
            case IVEC3 -> dev.csir.ir.Type.IVEC3;
            case IVEC4 -> dev.csir.ir.Type.IVEC4;
            case MAT3 -> dev.csir.ir.Type.MAT3;
            case MAT4 -> dev.csir.ir.Type.MAT4;
            case SAMPLER2D -> dev.csir.ir.Type.SAMPLER2D;
            default -> null;
        };
    }

    public boolean isType() {
        return ordinal() >= VOID.ordinal() && ordinal() <= SAMPLER2D.ordinal();
    }
}
