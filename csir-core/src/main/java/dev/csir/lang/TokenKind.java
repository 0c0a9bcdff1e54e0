package dev.csir.lang;

import dev.csir.types.Dim;
import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
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
    IN("in"), OUT("out"), INOUT("inout"), ATTRIBUTE("attribute"), VARYING("varying"), UNIFORM("uniform"), CONST("const"), LAYOUT("layout"), SMOOTH("smooth"), FLAT("flat"), NOPERSPECTIVE("noperspective"), CENTROID("centroid"), SAMPLE("sample"),
    STRUCT("struct"), PRECISION("precision"), HIGHP("highp"), MEDIUMP("mediump"), LOWP("lowp"),
    VOID("void"), BOOL("bool"), INT_KW("int"), FLOAT_KW("float"),
    VEC2("vec2"), VEC3("vec3"), VEC4("vec4"), IVEC2("ivec2"), IVEC3("ivec3"), IVEC4("ivec4"),
    BVEC2("bvec2"), BVEC3("bvec3"), BVEC4("bvec4"),
    MAT2("mat2"), MAT3("mat3"), MAT4("mat4"),
    MAT2X2("mat2x2"), MAT2X3("mat2x3"), MAT2X4("mat2x4"), MAT3X2("mat3x2"), MAT3X3("mat3x3"), MAT3X4("mat3x4"),
    MAT4X2("mat4x2"), MAT4X3("mat4x3"), MAT4X4("mat4x4"),
    SAMPLER2D("sampler2D"), SAMPLER3D("sampler3D"), SAMPLERCUBE("samplerCube"), SAMPLER2DSHADOW("sampler2DShadow"),
    UINT_KW("uint"), UVEC2("uvec2"), UVEC3("uvec3"), UVEC4("uvec4"),
    SAMPLERCUBESHADOW("samplerCubeShadow"), SAMPLER2DARRAY("sampler2DArray"), SAMPLER2DARRAYSHADOW("sampler2DArrayShadow"),
    ISAMPLER2D("isampler2D"), ISAMPLER3D("isampler3D"), ISAMPLERCUBE("isamplerCube"), ISAMPLER2DARRAY("isampler2DArray"),
    USAMPLER2D("usampler2D"), USAMPLER3D("usampler3D"), USAMPLERCUBE("usamplerCube"), USAMPLER2DARRAY("usampler2DArray"),
    /** The cube-map arrays: keywords from GLSL 4.00 and ES 3.20, or with a cube map array extension ({@link SamplerWords}). */
    SAMPLERCUBEARRAY("samplerCubeArray"), SAMPLERCUBEARRAYSHADOW("samplerCubeArrayShadow"),
    ISAMPLERCUBEARRAY("isamplerCubeArray"), USAMPLERCUBEARRAY("usamplerCubeArray"),
    /** The multisample samplers: keywords by the version rules of {@link SamplerWords}. */
    SAMPLER2DMS("sampler2DMS"), ISAMPLER2DMS("isampler2DMS"), USAMPLER2DMS("usampler2DMS"),
    SAMPLER2DMSARRAY("sampler2DMSArray"), ISAMPLER2DMSARRAY("isampler2DMSArray"), USAMPLER2DMSARRAY("usampler2DMSArray"),
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
            case UINT_KW -> ScalarType.UINT;
            case UVEC2 -> new VectorType(ScalarType.UINT, 2);
            case UVEC3 -> new VectorType(ScalarType.UINT, 3);
            case UVEC4 -> new VectorType(ScalarType.UINT, 4);
            case BVEC2 -> VectorType.BVEC2;
            case BVEC3 -> VectorType.BVEC3;
            case BVEC4 -> VectorType.BVEC4;
            case MAT2, MAT2X2 -> MatrixType.MAT2;
            case MAT3, MAT3X3 -> MatrixType.MAT3;
            case MAT4, MAT4X4 -> MatrixType.MAT4;
            case MAT2X3 -> MatrixType.of(2, 3);
            case MAT2X4 -> MatrixType.of(2, 4);
            case MAT3X2 -> MatrixType.of(3, 2);
            case MAT3X4 -> MatrixType.of(3, 4);
            case MAT4X2 -> MatrixType.of(4, 2);
            case MAT4X3 -> MatrixType.of(4, 3);
            case SAMPLER2D -> SamplerType.SAMPLER2D;
            case SAMPLER3D -> new SamplerType(Dim.D3, false, false, ScalarKind.FLOAT);
            case SAMPLERCUBE -> new SamplerType(Dim.CUBE, false, false, ScalarKind.FLOAT);
            case SAMPLER2DSHADOW -> new SamplerType(Dim.D2, false, true, ScalarKind.FLOAT);
            case SAMPLERCUBESHADOW -> new SamplerType(Dim.CUBE, false, true, ScalarKind.FLOAT);
            case SAMPLER2DARRAY -> new SamplerType(Dim.D2, true, false, ScalarKind.FLOAT);
            case SAMPLER2DARRAYSHADOW -> new SamplerType(Dim.D2, true, true, ScalarKind.FLOAT);
            case ISAMPLER2D -> new SamplerType(Dim.D2, false, false, ScalarKind.INT);
            case ISAMPLER3D -> new SamplerType(Dim.D3, false, false, ScalarKind.INT);
            case ISAMPLERCUBE -> new SamplerType(Dim.CUBE, false, false, ScalarKind.INT);
            case ISAMPLER2DARRAY -> new SamplerType(Dim.D2, true, false, ScalarKind.INT);
            case USAMPLER2D -> new SamplerType(Dim.D2, false, false, ScalarKind.UINT);
            case USAMPLER3D -> new SamplerType(Dim.D3, false, false, ScalarKind.UINT);
            case USAMPLERCUBE -> new SamplerType(Dim.CUBE, false, false, ScalarKind.UINT);
            case USAMPLER2DARRAY -> new SamplerType(Dim.D2, true, false, ScalarKind.UINT);
            case SAMPLERCUBEARRAY -> new SamplerType(Dim.CUBE, true, false, ScalarKind.FLOAT);
            case SAMPLERCUBEARRAYSHADOW -> new SamplerType(Dim.CUBE, true, true, ScalarKind.FLOAT);
            case ISAMPLERCUBEARRAY -> new SamplerType(Dim.CUBE, true, false, ScalarKind.INT);
            case USAMPLERCUBEARRAY -> new SamplerType(Dim.CUBE, true, false, ScalarKind.UINT);
            case SAMPLER2DMS -> new SamplerType(Dim.D2, false, false, ScalarKind.FLOAT, true);
            case ISAMPLER2DMS -> new SamplerType(Dim.D2, false, false, ScalarKind.INT, true);
            case USAMPLER2DMS -> new SamplerType(Dim.D2, false, false, ScalarKind.UINT, true);
            case SAMPLER2DMSARRAY -> new SamplerType(Dim.D2, true, false, ScalarKind.FLOAT, true);
            case ISAMPLER2DMSARRAY -> new SamplerType(Dim.D2, true, false, ScalarKind.INT, true);
            case USAMPLER2DMSARRAY -> new SamplerType(Dim.D2, true, false, ScalarKind.UINT, true);
            default -> null;
        };
    }

    /** The {@code matCxR} spellings, which GLSL 1.20 and ES 3.00 brought (before them, names). */
    public boolean isSizedMatrix() {
        return ordinal() >= MAT2X2.ordinal() && ordinal() <= MAT4X4.ordinal();
    }

    /** The type spellings GLSL 1.30 and ES 3.00 brought, uint and the newer samplers (before them, names). */
    public boolean isType130() {
        return ordinal() >= UINT_KW.ordinal() && ordinal() <= USAMPLER2DARRAY.ordinal();
    }

    /** The cube-map array sampler spellings, whose version rule is {@link SamplerWords}'. */
    public boolean isCubeArray() {
        return ordinal() >= SAMPLERCUBEARRAY.ordinal() && ordinal() <= USAMPLERCUBEARRAY.ordinal();
    }

    /** The multisample sampler spellings without (1) and with (2) their array; 0 for other tokens. */
    public int multisampleKind() {
        return ordinal() >= SAMPLER2DMS.ordinal() && ordinal() <= USAMPLER2DMS.ordinal() ? 1
                : ordinal() >= SAMPLER2DMSARRAY.ordinal() && ordinal() <= USAMPLER2DMSARRAY.ordinal() ? 2 : 0;
    }

    public boolean isType() {
        return ordinal() >= VOID.ordinal() && ordinal() <= USAMPLER2DMSARRAY.ordinal();
    }
}
