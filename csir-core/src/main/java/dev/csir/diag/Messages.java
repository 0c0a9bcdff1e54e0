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

    // Semantic analysis and lowering (section owned by dev.csir.sema and dev.csir.lower)

    // Linker (section owned by dev.csir.link)

    // Interpreter (section owned by dev.csir.exec): run-time failures of unverified control flow
    public static final String EXEC_IF_TOO_DEEP = "if nesting exceeds the interpreter depth";
    public static final String EXEC_ELSE_WITHOUT_IF = "else without an open if";
    public static final String EXEC_ENDIF_WITHOUT_IF = "endif without an open if";
}
