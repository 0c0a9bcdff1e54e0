package dev.csir.diag;

/**
 * Every message text csir reports, in one place. Texts that the original compiler also has are
 * spelled exactly as it spells them, so logs compare whole.
 */
public final class Messages {
    private Messages() {
    }

    // CSIR pools (raised while building IR)
    public static final String INSTRUCTION_LIMIT = "shader exceeds the instruction limit";
    public static final String TEMPORARY_LIMIT = "shader exceeds the temporary limit";
    public static final String IMMEDIATE_LIMIT = "too many constants";

    // Verifier
    public static final String INVALID_STAGE = "invalid shader stage";
    public static final String IR_SIZE_INVALID = "IR size is invalid";
    public static final String INVALID_OPCODE = "invalid IR opcode";
    public static final String INVALID_IF = "invalid if";
    public static final String INVALID_ELSE = "invalid else";
    public static final String INVALID_ENDIF = "invalid endif";
    public static final String POSITION_STORE_STAGE = "position store in a non-vertex shader";
    public static final String COLOR_STORE_STAGE = "color store in a non-fragment shader";
    public static final String DISCARD_STAGE = "discard in a non-fragment shader";
    public static final String INVALID_SAMPLER = "invalid sampler";
    public static final String INVALID_ATTRIBUTE = "invalid attribute";
    public static final String INVALID_VARYING = "invalid varying";
    public static final String INVALID_UNIFORM_LOAD = "invalid uniform load";
    public static final String INVALID_MATRIX_MULTIPLY = "invalid matrix multiply";
    public static final String INVALID_CONSTANT = "invalid constant";
    public static final String INVALID_DESTINATION = "invalid destination";
    public static final String INVALID_OPERAND = "invalid operand";
    public static final String UNBALANCED_CONTROL_FLOW = "unbalanced control flow";

    // TGSI emitter
    public static final String TGSI_BUDGET = "TGSI exceeds the VirGL command budget";

    // CSI loader (section owned by dev.csir.csi)

    // Lexer and parser (section owned by dev.csir.lang)
    public static final String EMPTY_SHADER = "empty shader";
    public static final String EXPECTED_VERSION_NUMBER = "expected a version number";
    public static final String UNSUPPORTED_VERSION = "unsupported #version for the ChrisOS GLSL subset";
    public static final String UNSUPPORTED_DIRECTIVE = "unsupported preprocessor directive";
    public static final String UNTERMINATED_COMMENT = "unterminated block comment";
    public static final String NAME_LIMIT = "identifier exceeds the name limit";
    public static final String UNSUPPORTED_QUALIFIER = "unsupported qualifier";
    public static final String INVALID_NUMBER = "invalid numeric literal";
    public static final String INVALID_TOKEN = "invalid token";
    public static final String NESTING_LIMIT = "nesting limit exceeded";
    public static final String EXPECTED_SWIZZLE = "expected a swizzle";
    public static final String MIXED_SWIZZLE_SETS = "mixed swizzle sets";
    /** A bad swizzle letter or more than 4 letters (semantic analysis reports the same text). */
    public static final String INVALID_SWIZZLE_LETTERS = "invalid swizzle";
    public static final String EXPECTED_RBRACKET = "expected ']'";
    public static final String EXPECTED_RPAREN = "expected ')'";
    public static final String EXPECTED_LPAREN_AFTER_TYPE = "expected '(' after type";
    public static final String EXPECTED_EXPRESSION = "expected an expression";
    public static final String EXPECTED_LBRACE = "expected '{'";
    public static final String EXPECTED_RBRACE = "expected '}'";
    public static final String EXPECTED_LPAREN_AFTER_LAYOUT = "expected '(' after layout";
    public static final String ONLY_LAYOUT_LOCATION = "only layout(location = N) is supported";
    public static final String EXPECTED_EQUALS_IN_LAYOUT = "expected '=' in layout";
    public static final String EXPECTED_INTEGER_LOCATION = "expected an integer location";
    public static final String EXPECTED_RPAREN_AFTER_LAYOUT = "expected ')' after layout";
    public static final String EXPECTED_SEMICOLON = "expected ';'";
    public static final String EXPECTED_PARAMETER_TYPE = "expected a parameter type";
    public static final String EXPECTED_PARAMETER_NAME = "expected a parameter name";
    public static final String EXPECTED_TYPE = "expected a type";
    public static final String EXPECTED_NAME = "expected a name";
    public static final String EXPECTED_FUNCTION_BODY = "expected a function body";
    public static final String EXPECTED_LPAREN_AFTER_IF = "expected '(' after if";
    public static final String EXPECTED_LPAREN_AFTER_FOR = "expected '(' after for";
    public static final String EXPECTED_LOOP_VARIABLE = "expected a loop variable";

    // Semantic analysis and lowering (section owned by dev.csir.sema and dev.csir.lower)

    // Linker (section owned by dev.csir.link)
}
