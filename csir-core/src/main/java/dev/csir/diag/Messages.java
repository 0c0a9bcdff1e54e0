package dev.csir.diag;

/**
 * Every message text csir reports, in one place. Texts that the original compiler also has are
 * spelled exactly as it spells them, so logs compare whole.
 */
public final class Messages {
    private Messages() {
    }

    // Compile driver
    public static final String UNSUPPORTED_STAGE = "geometry, tessellation, and compute shaders are not supported";
    public static final String EMPTY_SHADER = "empty shader";
    /** The head of {@link #sourceTooLarge}. */
    public static final String SOURCE_TOO_LARGE = "shader source exceeds the size limit";

    // CSIR pools (raised while building IR) and the TGSI budget: the heads of the messages of
    // temporaryLimit, instructionLimit, immediateLimit and tgsiBudget below
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
    public static final String LOOKUP_RESULT_TYPE = "lookup result type is not its sampler's (vec4, or i32vec4/u32vec4 at an integer sampler)";
    /** A STORE_COLOR to an output number past the profile's colour outputs. */
    public static final String INVALID_COLOR_OUTPUT = "invalid colour output";
    public static final String INVALID_ATTRIBUTE = "invalid attribute";
    public static final String INVALID_VARYING = "invalid varying";
    public static final String INVALID_UNIFORM_LOAD = "invalid uniform load";
    public static final String INVALID_MATRIX_MULTIPLY = "invalid matrix multiply";
    public static final String INVALID_INDEXED_ACCESS = "invalid indexed access";
    public static final String INVALID_CONSTANT = "invalid constant";
    public static final String INVALID_DESTINATION = "invalid destination";
    public static final String INVALID_OPERAND = "invalid operand";
    public static final String UNBALANCED_CONTROL_FLOW = "unbalanced control flow";

    // Verifier (additions): checks the original lacks, so any verified shader runs and emits
    public static final String NO_SHADER = "no shader";
    public static final String INVALID_TYPE = "invalid type";
    public static final String INVALID_COMPONENT_COUNT = "invalid component count";
    public static final String INVALID_COMPARISON = "invalid comparison";
    public static final String INVALID_DOT_WIDTH = "invalid dot product width";
    public static final String INVALID_LANE = "invalid lane";
    public static final String INVALID_SWIZZLE = "invalid swizzle";
    public static final String ATTRIBUTE_LOAD_STAGE = "attribute load in a non-vertex shader";
    public static final String VARYING_LOAD_STAGE = "varying load in a non-fragment shader";
    public static final String VARYING_STORE_STAGE = "varying store in a non-vertex shader";
    public static final String FRAGCOORD_LOAD_STAGE = "fragment coordinate load in a non-fragment shader";
    public static final String INTERFACE_MARK_RANGE = "interface high-water mark beyond the slot limits";
    // Verifier: integer lanes (CSI version 2)
    public static final String INTEGER_RESULT_TYPE = "integer opcode without an integer-lane type";
    public static final String CONVERSION_RESULT_TYPE = "conversion to float without a float type";
    public static final String COMPARISON_RESULT_TYPE = "comparison without the bool type";
    public static final String SYSVAL_LOAD_STAGE = "system value load in the wrong stage";
    public static final String SYSVAL_TYPE = "front facing load without the bool type";
    /** DDX, DDY and their fine forms read neighbouring fragments, which only a fragment shader has. */
    public static final String DERIVATIVE_STAGE = "derivative in a non-fragment shader";
    public static final String INVALID_SYSVAL = "invalid system value";
    // Verifier: structured loops (CSI version 2), nested together with IF/ELSE/ENDIF
    public static final String LOOP_TOO_DEEP = "LOOP nested deeper than the limit";
    public static final String ENDLOOP_WITHOUT_LOOP = "ENDLOOP without LOOP";
    public static final String ENDLOOP_IN_IF = "ENDLOOP before the IF inside its loop is closed";
    public static final String ELSE_ACROSS_LOOP = "ELSE crosses a LOOP boundary";
    public static final String ENDIF_ACROSS_LOOP = "ENDIF crosses a LOOP boundary";
    public static final String BREAK_OUTSIDE_LOOP = "BREAK outside a loop";
    public static final String CONTINUE_OUTSIDE_LOOP = "CONTINUE outside a loop";
    public static final String UNCLOSED_LOOP = "unclosed LOOP";

    // TGSI emitter (TGSI_BUDGET is the head of tgsiBudget)
    public static final String TGSI_BUDGET = "TGSI exceeds the VirGL command budget";
    /** An instruction the verifier lets through but TGSI has no text for (bad comparison or width). */
    public static final String TGSI_UNSUPPORTED = "instruction has no TGSI form";

    // CSI loader (section owned by dev.csir.csi); a detail follows ": " where one helps
    public static final String CSI_NO_DATA = "no CSI data";
    public static final String CSI_TOO_SHORT = "CSI blob is shorter than its 32-byte header";
    public static final String CSI_BAD_MAGIC = "not a CSI blob (bad magic)";
    public static final String CSI_BAD_VERSION = "unsupported CSI version";
    public static final String CSI_BAD_STAGE = "invalid shader stage";
    public static final String CSI_COUNTS = "CSI counts exceed the limits";
    public static final String CSI_LENGTH = "CSI blob length does not match its header";
    public static final String CSI_CHECKSUM = "CSI checksum mismatch";
    public static final String CSI_VERIFY = "CSI shader fails verification";
    public static final String CSI_V1_INTERFACE =
            "CSI v1 stores no symbols: the interface high-water marks were reconstructed from the"
            + " instructions, names and types were lost, so this shader cannot be linked by name";
    public static final String CSI_PAD_DROPPED = "nonzero record padding bytes were dropped";
    public static final String CSI_RESERVED_IGNORED = "nonzero reserved header word was ignored";
    // CSI version 2 (strict: nothing is ignored or dropped, everything is checked)
    public static final String CSI_TRUNCATED = "CSI blob is shorter than the smallest blob of its version";
    public static final String CSI_BAD_KIND = "unknown CSI blob kind";
    public static final String CSI_IS_PROGRAM = "CSI blob holds a program (a vertex and a fragment shader); load it as a program";
    public static final String CSI_NOT_PROGRAM = "CSI blob holds a single shader, not a program";
    public static final String CSI_PROGRAM_V1 = "CSI version 1 has no program form";
    public static final String CSI_PROGRAM_PART = "CSI program part rejected";
    public static final String CSI_PROGRAM_STAGES = "CSI program must hold a vertex shader then a fragment shader";
    public static final String CSI_RESERVED = "nonzero reserved field in a CSI blob";
    public static final String CSI_LAYOUT = "CSI sections do not fill the blob exactly";
    public static final String CSI_BAD_MARK = "CSI interface high-water mark out of range";
    public static final String CSI_BAD_NAME = "invalid name in a CSI blob";
    public static final String CSI_BAD_SYMBOL = "invalid interface symbol in a CSI blob";
    public static final String CSI_DUPLICATE_SYMBOL = "duplicate interface symbol name in a CSI blob";
    /** The tail of {@link #csiNeedsVersion2}: an opcode version 1 cannot store, saving or loading. */
    public static final String CSI_NEEDS_V2 = "needs CSI version 2";

    // Lexer and parser (section owned by dev.csir.lang)
    public static final String EXPECTED_VERSION_NUMBER = "expected a version number";
    /** The head of {@link #unsupportedVersion}. */
    public static final String UNSUPPORTED_VERSION = "unsupported #version";
    /** The head of {@link #unknownDirective}. */
    public static final String UNKNOWN_DIRECTIVE = "unknown preprocessor directive";

    // Preprocessor (section owned by dev.csir.lang.Preprocessor; GLSL 4.60 / ES 3.20 section 3.3)
    public static final String VERSION_NOT_FIRST = "#version must come before anything else in the shader";
    public static final String VERSION_NEEDS_ES = "#version 300, 310 and 320 need the es profile";
    public static final String VERSION_ES_ONLY = "only #version 300, 310 and 320 take the es profile";
    public static final String VERSION_NO_PROFILE = "a #version before 150 takes no profile";
    /** The head of {@link #unknownProfile}. */
    public static final String UNKNOWN_PROFILE = "unknown #version profile";
    /** The head of {@link #extraTokens}. */
    public static final String EXTRA_TOKENS = "unexpected tokens after the directive";
    /** The head of {@link #expectedMacroName}. */
    public static final String EXPECTED_MACRO_NAME = "expected a macro name";
    /** The head of {@link #macroRedefined}. */
    public static final String MACRO_REDEFINED = "macro redefined with a different body";
    /** The head of {@link #reservedGlName}. */
    public static final String RESERVED_GL_NAME = "macro names beginning with GL_ are reserved";
    /** The head of {@link #reservedUnderscores}, a warning (the spec reserves them but allows them). */
    public static final String RESERVED_UNDERSCORES = "macro names containing two consecutive underscores are reserved";
    /** The head of {@link #predefinedMacro}. */
    public static final String PREDEFINED_MACRO = "cannot redefine or undefine a predefined macro";
    public static final String DEFINED_AS_MACRO = "cannot define or undefine the operator defined";
    /** The head of {@link #duplicateMacroParameter}. */
    public static final String DUPLICATE_MACRO_PARAMETER = "duplicate macro parameter";
    public static final String BAD_MACRO_PARAMETERS = "expected a parameter name or ')' in the macro parameter list";
    public static final String PASTE_AT_EDGE = "'##' cannot be at either end of a macro body";
    public static final String PASTE_ES = "token pasting (##) is not supported in the es profile";
    /** The head of {@link #pasteInvalid}. */
    public static final String PASTE_INVALID = "token pasting does not form a valid token";
    /** The head of {@link #macroArgumentCount}. */
    public static final String MACRO_ARGUMENT_COUNT = "wrong number of macro arguments";
    /** The head of {@link #unterminatedMacroCall}. */
    public static final String UNTERMINATED_MACRO_CALL = "unterminated argument list of macro";
    public static final String DIRECTIVE_IN_MACRO_ARGUMENTS = "preprocessor directive inside macro arguments";
    /** The head of {@link #expansionTooLarge} and {@link #expansionTooDeep}. */
    public static final String MACRO_EXPANSION_LIMIT = "macro expansion exceeds the limit";
    /** The head of {@link #expansionNote}: the note at a macro's definition. */
    public static final String EXPANSION_NOTE = "in expansion of macro";
    /** The head of {@link #invalidIfExpression}. */
    public static final String INVALID_IF_EXPRESSION = "invalid #if expression";
    /** The head of {@link #undefinedInIfEs}. */
    public static final String UNDEFINED_IN_IF_ES = "undefined macro in a #if expression (es profile)";
    public static final String IF_DIVISION_BY_ZERO = "division by zero in a #if expression";
    public static final String ELSE_WITHOUT_IF = "#else without #if";
    public static final String ELIF_WITHOUT_IF = "#elif without #if";
    public static final String ENDIF_WITHOUT_IF = "#endif without #if";
    public static final String ELIF_AFTER_ELSE = "#elif after #else";
    public static final String ELSE_AFTER_ELSE = "#else after #else";
    /** The head of {@link #unterminatedConditional}. */
    public static final String UNTERMINATED_CONDITIONAL = "unterminated conditional directive";
    public static final String EXPECTED_LINE_NUMBER = "expected a line number and an optional source string number after #line";
    /** The head of {@link #errorDirective}. */
    public static final String ERROR_DIRECTIVE = "#error";
    public static final String EXPECTED_EXTENSION_NAME = "expected an extension name after #extension";
    public static final String EXPECTED_EXTENSION_COLON = "expected ':' after the extension name";
    /** The head of {@link #unknownExtensionBehavior}. */
    public static final String UNKNOWN_EXTENSION_BEHAVIOR = "unknown extension behavior (require, enable, warn or disable)";
    public static final String EXTENSION_ALL_BEHAVIOR = "the extension all takes only warn or disable";
    /** The head of {@link #extensionNotSupported}: an error for require, a warning for enable and warn. */
    public static final String EXTENSION_NOT_SUPPORTED = "extension not supported";
    public static final String INCLUDE_NOT_ENABLED = "#include needs #extension GL_GOOGLE_include_directive";
    public static final String EXPECTED_INCLUDE_NAME = "expected a file name in quotes or angle brackets after #include";
    /** The head of {@link #includeNotFound}. */
    public static final String INCLUDE_NOT_FOUND = "cannot find the included file";
    /** The head of {@link #includeUnreadable}. */
    public static final String INCLUDE_UNREADABLE = "cannot read the included file";
    /** The head of {@link #includeTooDeep} and {@link #includeTooLarge}. */
    public static final String INCLUDE_LIMIT = "#include exceeds the limit";
    public static final String LINE_CONTINUATION_VERSION = "line continuation needs #version 420 or 300 es";
    /** The head of {@link #invalidDefineOption}: a -D given to the compiler (no source position). */
    public static final String INVALID_DEFINE_OPTION = "invalid predefined macro";
    public static final String UNTERMINATED_COMMENT = "unterminated block comment";
    public static final String NAME_LIMIT = "identifier exceeds the name limit";
    public static final String UNSUPPORTED_QUALIFIER = "unsupported qualifier";
    public static final String INVALID_NUMBER = "invalid numeric literal";
    public static final String NUMERIC_LITERAL_TOO_BIG = "numeric literal too big (an int literal holds 32 bits)";
    public static final String HEX_LITERAL_TOO_BIG = "hexadecimal literal too big (an int literal holds 32 bits)";
    public static final String OCTAL_LITERAL_TOO_BIG = "octal literal too big (an int literal holds 32 bits)";
    public static final String OCTAL_DIGIT_TOO_LARGE = "octal literal digit too large";
    public static final String BAD_HEX_DIGIT = "bad digit in hexadecimal literal";
    public static final String UINT_LITERAL = "unsigned literals need GLSL 1.30 or ES 3.00";
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
    public static final String EXPECTED_LAYOUT_ID = "expected a layout identifier";
    public static final String EXPECTED_INTEGER_LOCATION = "expected an integer location";
    public static final String EXPECTED_LAYOUT_INTEGER = "expected an integer value in layout";
    /** The head of {@link #layoutNeedsNoValue} (glslang: "no such layout identifier ... taking an assigned value"). */
    public static final String LAYOUT_TAKES_NO_VALUE = "there is no such layout identifier taking an assigned value";
    /** The head of {@link #layoutUnknown} (glslang: "unrecognized layout identifier, or qualifier requires assignment"). */
    public static final String LAYOUT_UNKNOWN = "unrecognized layout identifier, or one that requires a value";
    public static final String EXPECTED_RPAREN_AFTER_LAYOUT = "expected ')' after layout";
    public static final String EXPECTED_SEMICOLON = "expected ';'";
    public static final String EXPECTED_PARAMETER_TYPE = "expected a parameter type";
    public static final String EXPECTED_PARAMETER_NAME = "expected a parameter name";
    public static final String EXPECTED_TYPE = "expected a type";
    public static final String EXPECTED_NAME = "expected a name";
    public static final String EXPECTED_FUNCTION_BODY = "expected a function body";
    public static final String EXPECTED_LPAREN_AFTER_IF = "expected '(' after if";
    public static final String EXPECTED_LPAREN_AFTER_FOR = "expected '(' after for";
    public static final String EXPECTED_LPAREN_AFTER_WHILE = "expected '(' after while";
    public static final String EXPECTED_LPAREN_AFTER_SWITCH = "expected '(' after switch";
    public static final String EXPECTED_PRECISION = "expected highp, mediump or lowp after precision";
    public static final String EXPECTED_WHILE = "expected while after the body of do";
    public static final String EXPECTED_COLON = "expected ':'";
    public static final String CONDITION_NOT_BOOL = "a condition must be a bool";
    public static final String EXPECTED_LOOP_VARIABLE = "expected a loop variable";

    // Semantic analysis and lowering (section owned by dev.csir.sema and dev.csir.lower)
    public static final String DUPLICATE_SYMBOL = "duplicate symbol";
    public static final String SAMPLER_NOT_UNIFORM = "sampler2D must be a uniform";
    public static final String TOO_MANY_PARAMETERS = "too many parameters";
    public static final String ATTRIBUTE_LOCATION_CONFLICT = "attribute location conflict";
    public static final String LOCATION_CONFLICT = "location conflict";
    public static final String TOO_MANY_ATTRIBUTES = "too many attributes";
    public static final String TOO_MANY_VARYINGS = "too many varyings";
    public static final String TOO_MANY_SAMPLERS = "too many samplers";
    public static final String TOO_MANY_UNIFORMS = "too many uniforms";
    public static final String FRAGMENT_OUTPUT_VEC4 = "fragment output must be vec4";
    public static final String ONE_FRAGMENT_OUTPUT = "only one fragment output is supported";
    public static final String MISSING_MAIN = "missing main";
    public static final String MAIN_SIGNATURE = "main must be void main()";
    public static final String NO_POSITION_WRITE = "vertex shader does not write gl_Position";
    public static final String NO_FRAGMENT_OUTPUT = "fragment shader has no output";
    public static final String CANNOT_SWIZZLE_MATRIX = "cannot swizzle a matrix";
    // INVALID_SWIZZLE ("invalid swizzle") is shared with the verifier section above
    public static final String CANNOT_BROADCAST = "cannot broadcast this value";
    public static final String TYPE_MISMATCH = "type mismatch";
    public static final String MATRIX_VECTOR_MISMATCH = "cannot multiply matrix by this vector";
    public static final String MATRIX_SIZE_MISMATCH = "matrix size mismatch";
    public static final String VECTOR_COMPARISON = "vector comparisons are not supported";
    public static final String TOO_MANY_ARGUMENTS = "too many arguments";
    public static final String MATRIX_DIAGONAL_CONSTANT = "matrix diagonal constructor needs a constant";
    public static final String UNSUPPORTED_MATRIX_CONSTRUCTOR = "unsupported matrix constructor";
    public static final String BAD_CONSTRUCTOR_ARGUMENT = "bad constructor argument";
    public static final String CONSTRUCTOR_COUNT = "constructor component count does not match the type";
    public static final String UNKNOWN_IDENTIFIER = "unknown identifier";
    public static final String POSITION_STAGE = "gl_Position is not available in this stage";
    public static final String FRAGCOORD_STAGE = "gl_FragCoord is not available in this stage";
    public static final String FUNCTION_AS_VALUE = "function used as a value";
    public static final String USED_BEFORE_ASSIGNMENT = "value used before assignment";
    public static final String CONSTANT_INDEX_ONLY = "only constant indexes are supported";
    public static final String INDEX_OUT_OF_RANGE = "index out of range";
    public static final String MATRIX_BY_SCALAR = "cannot multiply a matrix by a scalar";
    public static final String DIVISION_BY_ZERO = "division by zero";
    public static final String MOD_CONSTANT_ONLY = "operator % is only supported on constant integers";
    public static final String UNSUPPORTED_OPERATOR = "unsupported operator";
    public static final String UNSUPPORTED_EXPRESSION = "unsupported expression";
    /** The original's text; in a fragment shader a third argument, a float bias, is allowed too. */
    public static final String TEXTURE_ARGUMENTS = "texture() expects a sampler2D and a vec2";
    public static final String TEXEL_OFFSET_CONSTANT = "a texel offset must be a constant expression";
    public static final String TEXEL_OFFSET_RANGE = "texel offset out of range [-8, 7] (gl_MinProgramTexelOffset,"
            + " gl_MaxProgramTexelOffset)";
    public static final String GATHER_OFFSET_CONSTANT =
            "a non-constant textureGatherOffset offset needs #version 320 es or GL_EXT_gpu_shader5";
    public static final String GATHER_COMPONENT = "textureGather's component must be a constant 0, 1, 2 or 3";
    public static final String DOT_ARGUMENTS = "dot() expects two vectors of the same size";
    public static final String CROSS_ARGUMENTS = "cross() expects two vec3 values";
    public static final String EXPECTED_VECTOR = "expected a vector";
    public static final String WRONG_ARGUMENTS = "wrong arguments";
    public static final String WRONG_ARGUMENT_COUNT = "wrong argument count";
    public static final String CLAMP_ARGUMENTS = "clamp() expects 3 arguments";
    public static final String MIX_ARGUMENTS = "mix() expects 3 arguments";
    public static final String POW_ARGUMENTS = "pow() expects two scalars";
    public static final String REFLECT_ARGUMENTS = "reflect() expects two vectors";
    public static final String UNKNOWN_FUNCTION = "unknown function";
    public static final String VOID_FUNCTION_VALUE = "void function used as a value";
    public static final String VOID_RETURNS_VALUE = "a void function cannot return a value";
    public static final String RECURSION = "recursion is not supported";
    public static final String CALL_DEPTH = "call depth limit";
    public static final String ARGUMENT_TYPE_MISMATCH = "argument type mismatch";
    public static final String BREAK_STATEMENT_OUTSIDE_LOOP = "break is only valid inside a loop";
    public static final String CONTINUE_STATEMENT_OUTSIDE_LOOP = "continue is only valid inside a loop";
    /** GLSL 6.2: switch came with GLSL 1.30 and ES 3.00 (glslang reads the word as reserved before). */
    public static final String CONST_INITIALIZER = "a constant's initializer must be a constant expression";
    public static final String SWITCH_VERSION = "switch needs #version 130 or 300 es or later";
    public static final String SWITCH_SELECTOR = "a switch selector must be an int or uint scalar";
    public static final String CASE_NOT_CONSTANT = "a case label must be a constant integer expression";
    public static final String DUPLICATE_CASE = "duplicate case label";
    public static final String DUPLICATE_DEFAULT = "duplicate default label";
    public static final String LABEL_OUTSIDE_SWITCH = "case and default labels are only valid in a switch";
    public static final String STATEMENT_BEFORE_LABEL = "a switch's body must begin with a case or default label";
    public static final String LAST_LABEL_EMPTY = "the last label of a switch must be followed by a statement";
    public static final String MISSING_RETURN_VALUE = "function is missing a return value";
    public static final String ASSIGNMENT_TARGET = "assignment target must be a name";
    /** GLSL 4.60 section 5.8: an l-value swizzle names each component once. */
    public static final String SWIZZLE_TARGET_REPEATS = "a swizzle assigned to may not repeat a component";
    public static final String ASSIGN_CONST = "cannot assign to const";
    public static final String INVALID_ASSIGNMENT = "invalid assignment";
    public static final String ASSIGNMENT_TYPE_MISMATCH = "type mismatch in assignment";
    public static final String VOID_VARIABLE = "void variable";
    public static final String UNIFORM_INITIALIZER = "uniforms cannot have an initializer";
    public static final String UNIFORM_INITIALIZER_CONSTANT = "uniform initializers must be constant";
    public static final String INTERFACE_INITIALIZER = "shader inputs and outputs cannot have an initializer";
    public static final String UNSUPPORTED_LOOP = "unsupported loop";
    public static final String LOOP_INIT_NOT_CONSTANT = "loop initializer is not a constant";
    public static final String UNSUPPORTED_LOOP_CONDITION = "unsupported loop condition";
    public static final String LOOP_VARIABLE_ASSIGNED = "cannot assign the loop variable";
    public static final String UNSUPPORTED_LOOP_STEP = "unsupported loop step";
    public static final String UNROLL_LIMIT = "loop bound exceeds the unroll limit";
    public static final String LOCAL_QUALIFIER = "qualifiers are only valid at global scope";
    public static final String RETURN_NOT_LAST = "return must be the last statement of the function";
    public static final String DISCARD_STAGE_SOURCE = "discard is only valid in a fragment shader";
    // Layout qualifiers and interface blocks (GLSL 4.60 section 4.4, worded after glslang)
    public static final String BINDING_NEEDS_UNIFORM = "binding requires the uniform storage qualifier";
    public static final String BINDING_NEEDS_OPAQUE = "binding requires a block or a sampler";
    public static final String LOCATION_ON_UNIFORM_BLOCK = "location cannot apply to a uniform block";
    public static final String OFFSET_ON_VARIABLE = "offset and align apply only to members of a uniform block";
    public static final String OFFSET_NEEDS_PACKING = "offset and align can only be used with std140 or std430 packing";
    public static final String OFFSET_NOT_ALIGNED = "offset must be a multiple of the member's alignment";
    public static final String OFFSET_IN_PREVIOUS = "offset cannot lie in previous members";
    public static final String ALIGN_POWER_OF_TWO = "align must be a power of 2";
    public static final String STD430_NEEDS_BUFFER = "std430 requires the buffer storage qualifier";
    public static final String SET_VULKAN = "a descriptor set other than 0 is only allowed when compiling GLSL for Vulkan";
    public static final String PUSH_CONSTANT_VULKAN = "push_constant is only allowed when compiling GLSL for Vulkan";
    public static final String CONSTANT_ID_VULKAN = "constant_id is only allowed when compiling GLSL for Vulkan (SPIR-V)";
    public static final String CONSTANT_ID_SCALAR = "constant_id can only be applied to a const-qualified scalar";
    public static final String CONSTANT_ID_REUSED = "specialization-constant id already used";
    public static final String CONSTANT_ID_INITIALIZER = "a specialization constant needs a literal initializer";
    public static final String BINDING_WITH_PUSH_CONSTANT = "binding cannot be used with push_constant";
    public static final String ONE_PUSH_CONSTANT = "only one push_constant block is allowed per stage";
    public static final String BLOCK_NEEDS_BINDING = "uniform blocks require layout(binding = N) when compiling GLSL for Vulkan";
    public static final String LOCATION_VERSION = "location is not supported for this version or the enabled extensions"
            + " (GLSL 3.30 or ES 3.00 for vertex inputs and fragment outputs, 4.10 or ES 3.10 for the others,"
            + " or GL_ARB_explicit_attrib_location and GL_ARB_separate_shader_objects)";
    public static final String UNIFORM_LOCATION_VERSION = "a uniform's location is not supported for this version or the"
            + " enabled extensions (GLSL 4.30 or ES 3.10, or GL_ARB_explicit_uniform_location from GLSL 3.30)";
    public static final String INPUT_ATTACHMENT_VULKAN =
            "input_attachment_index is only allowed when compiling GLSL for Vulkan (SPIR-V)";
    public static final String INPUT_ATTACHMENT_NOT_SUBPASS = "input_attachment_index can only be used with a subpass input";
    public static final String SUBPASS_NEEDS_INDEX = "a subpass input requires layout(input_attachment_index = N)";
    public static final String INPUT_ATTACHMENT_TOO_LARGE = "input_attachment_index is too large (at most 254)";
    public static final String SUBPASS_STAGE = "subpass inputs are only available in fragment shaders";
    public static final String SAMPLER_NEEDS_BINDING = "samplers require layout(binding = N) when compiling GLSL for Vulkan";
    public static final String LOOSE_UNIFORM_VULKAN = "non-opaque uniforms outside a block are not allowed when compiling GLSL for Vulkan";
    public static final String LOCATION_NEEDS_VULKAN = "SPIR-V for Vulkan requires a location for a user input or output";
    public static final String COMPONENT_NEEDS_LOCATION = "component requires location";
    public static final String COMPONENT_OVERFLOW = "the type overflows the 4 components of its location";
    public static final String INPUT_BLOCK_STAGE = "input blocks are not supported in the vertex stage";
    public static final String OUTPUT_BLOCK_STAGE = "output blocks are not supported in the fragment stage";
    public static final String DEFAULT_LAYOUT_ID = "only packing can be declared as a default: include a type or a full declaration";
    public static final String PER_VERTEX_MEMBER = "gl_PerVertex may only redeclare gl_Position (vec4), gl_PointSize (float) and gl_ClipDistance (float[])";
    /** gl_ClipDistance redeclared as anything but the stage's {@code out} (vertex) or {@code in} (fragment). */
    public static final String CLIP_DISTANCE_QUALIFICATION = "cannot change the qualification of gl_ClipDistance";
    public static final String PER_VERTEX_VERSION = "redeclaring gl_PerVertex needs GLSL 4.10 or GLSL ES 3.20";
    public static final String RESERVED_GL_IDENTIFIER = "identifiers beginning with gl_ are reserved";
    public static final String CLIP_DISTANCE_ELEMENT = "gl_ClipDistance is an array of float";
    public static final String CLIP_DISTANCE_RESIZED = "gl_ClipDistance already has a size";
    public static final String CLIP_DISTANCE_SIZE = "the size of gl_ClipDistance must be at most gl_MaxClipDistances (8)";
    public static final String CLIP_DISTANCE_INDEX = "gl_ClipDistance index out of range (gl_MaxClipDistances is 8)";
    public static final String CLIP_DISTANCE_VARIABLE_INDEX =
            "gl_ClipDistance must be redeclared with a size before it is indexed with a variable";
    public static final String CLIP_DISTANCE_UNSIZED = "gl_ClipDistance must be redeclared with a size before it is used whole";
    public static final String UNKNOWN_MEMBER = "no such member of the block";
    /** An array of blocks of a kind csir takes only one of: stage blocks and push constants. */
    public static final String BLOCK_ARRAY_KIND = "only uniform blocks can be declared as arrays here";
    public static final String BLOCK_ARRAY_OF_ARRAYS = "arrays of arrays of blocks are not supported yet";
    public static final String BLOCK_ARRAY_UNSIZED = "an array of blocks needs its size declared here";
    /** {@code ubo.member} where {@code ubo} is an array of blocks. */
    public static final String BLOCK_ARRAY_NOT_INDEXED = "an array of blocks must be indexed before a member is named";
    /** {@code ubo} or {@code ubo[k]} used as a value. */
    public static final String BLOCK_NOT_A_VALUE = "a block is not a value; name one of its members";
    public static final String EARLY_FRAGMENT_TESTS_VERSION =
            "early_fragment_tests needs GLSL 4.20 or GLSL ES 3.10";
    public static final String BLOCK_INDEX_VERSION = "indexing an array of uniform blocks at a run-time index needs GLSL ES 3.20";
    /** A struct has no member of the name a {@code .} names. */
    public static final String NO_SUCH_FIELD = "no such field in the structure";
    public static final String ARRAY_SIZE_CONSTANT = "array size must be a constant integer expression";
    public static final String ARRAY_SIZE_POSITIVE = "array size must be a positive integer";
    /** An array declared {@code []} with nothing to take its size from. */
    public static final String ARRAY_SIZE_MISSING = "an unsized array needs an initializer to take its size from";
    public static final String SAMPLER_ARRAY = "arrays of samplers are not supported yet in GLSL for Vulkan";
    /** A struct holding a sampler declared anywhere but as a uniform (GLSL 4.60 4.1.7). */
    public static final String SAMPLER_STRUCT_NOT_UNIFORM = "a struct or array that holds a sampler must be a uniform";
    /** A struct or array of samplers named as a whole, where csir takes its samplers one by one. */
    public static final String SAMPLERS_BY_ELEMENT = "the samplers of this uniform can only be used one by one, through constant indexes and members";
    /** A sampler of an array chosen by an index that is not a constant expression. */
    public static final String SAMPLER_INDEX_CONSTANT = "a sampler chosen by a run-time index must be the first argument of a texture function, by an index without side effects";
    public static final String SAMPLER_CONSTRUCTOR_TEXTURE = "the first argument of a sampler constructor must be a texture of the sampler's dimensionality and sampled type";
    public static final String SAMPLER_CONSTRUCTOR_STATE = "the second argument of a sampler constructor must be a sampler or samplerShadow";
    public static final String SAMPLER_CONSTRUCTOR_PARAMETER = "a sampler constructor of a texture or sampler parameter is not supported yet; pair the uniforms themselves";
    public static final String SAMPLER_CONSTRUCTOR_USE = "a sampler constructor must be the first argument of a texture function";
    public static final String SAMPLER_INDEX_VERSION = "indexing a sampler array at a run-time index needs GLSL 4.00 or ES 3.20 (or ES 3.10 with GL_EXT_gpu_shader5)";
    /** A function parameter of a struct type holding samplers. */
    public static final String SAMPLER_STRUCT_PARAMETER = "a parameter of a struct type that holds samplers is not supported yet; pass its members";
    public static final String ARRAYS_OF_ARRAYS = "arrays of arrays need GLSL 4.30 or GLSL ES 3.10";
    public static final String ARRAY_CONSTRUCTOR_VERSION = "array constructors need GLSL 1.20 or GLSL ES 3.00";
    public static final String CONST_OUT_PARAMETER = "an out or inout parameter cannot be const";
    public static final String OUT_ARGUMENT = "an out or inout argument must be an l-value";
    public static final String AMBIGUOUS_CALL = "ambiguous call: more than one overload matches";
    public static final String NO_MATCHING_OVERLOAD = "no overload of the function matches the arguments";
    public static final String PROTOTYPE_MISMATCH = "the function's return type differs from its earlier declaration";
    public static final String FUNCTION_NOT_DEFINED = "the function is called but never defined";
    public static final String ATTRIBUTE_STAGE = "attribute is only for vertex shader inputs";
    public static final String FRAG_DATA_INDEX = "only gl_FragData[0] is supported: every target has one colour output";

    /** attribute or varying where the version no longer has it. */
    public static final String ONE_INTERPOLATION =
            "can only have one interpolation qualifier (flat, smooth, noperspective)";
    public static final String ONE_AUXILIARY = "can only have one auxiliary qualifier (centroid, patch, and sample)";
    public static final String INTERPOLATION_ORDER =
            "interpolation qualifiers must appear before storage and precision qualifiers";
    public static final String INTERPOLATION_FRAGMENT_OUTPUT =
            "can't use interpolation qualifier on a fragment output";
    public static final String VERTEX_INPUT_QUALIFIED = "vertex input cannot be further qualified";
    public static final String INTERPOLATION_BLOCK = "cannot use interpolation qualifiers on an interface block";
    public static final String INTERPOLATION_PARAMETER =
            "cannot use auxiliary or interpolation qualifiers on a function parameter";
    public static final String SAMPLE_UNSUPPORTED =
            "'sample' : per-sample interpolation is not supported (no target renders multisampled)";

    /** A word the version reserves for later use, as glslang says it. */
    public static String reservedWord(String word) {
        return "'" + word + "' : Reserved word.";
    }

    /** An integer-typed varying the stage requires to be {@code flat} ({@code in} or {@code out}). */
    public static String mustBeFlat(String direction) {
        return "must be qualified as flat " + direction + ": integer varyings are not interpolated";
    }

    /** A qualifier at function scope. */
    public static String nestedInterpolation(String word) {
        return "'" + word + "' : not allowed in nested scope";
    }

    public static String legacyQualifier(String word) {
        return "'" + word + "' is not in this version: GLSL ES 1.00, GLSL up to 4.10 and the compatibility profile have it";
    }

    public static final String EMPTY_STRUCT = "a structure needs at least one member";
    /** An index or {@code .length()} on something that is no array, vector or matrix. */
    public static final String NOT_INDEXABLE = "only arrays, vectors and matrices can be indexed";
    public static final String CONSTRUCTOR_ARGUMENTS = "wrong arguments for the constructor";
    /** The head of {@link #layoutNotHere}. */
    public static final String LAYOUT_NOT_HERE = "layout qualifier does not apply to this declaration";
    /** The head of {@link #layoutNotSupported}. */
    public static final String LAYOUT_NOT_SUPPORTED = "layout qualifier not supported";
    /** The head of {@link #packingInVulkan}. */
    public static final String PACKING_IN_VULKAN = "packing not allowed when compiling GLSL for Vulkan";

    // csir additions (the original has no such checks or built-ins)
    public static final String RETURN_TYPE_MISMATCH = "type mismatch in return";
    /** The head of {@link #unsupportedBuiltin}. */
    public static final String UNSUPPORTED_BUILTIN = "unsupported built-in function";

    // Transform IR optimizer (section owned by dev.csir.ssa.opt, reported by the facade)
    /** The code of the warning a failed optimizer pass leaves. */
    public static final String OPTIMIZER_FAILED_CODE = "csir-opt-failed";
    public static final String OPTIMIZER_FAILED = "the optimizer failed; the shader is compiled unoptimized";

    public static String optimizerFailed(String pass, String why) {
        return OPTIMIZER_FAILED + " (pass " + pass + ": " + why + ")";
    }

    // Linker (section owned by dev.csir.link)
    public static final String MISSING_SHADER = "program is missing a compiled shader";
    public static final String FRAGMENT_NO_OUTPUT = "fragment shader has no output";
    public static final String VARYING_TYPE_MISMATCH = "type mismatch for varying";
    public static final String INVALID_VARYING_SLOT = "invalid varying slot";
    public static final String MISSING_VARYING = "missing varying";
    public static final String UNIFORM_TYPE_MISMATCH = "uniform type mismatch";
    public static final String KEPT_PREVIOUS_PROGRAM = "kept previous program";
    public static final String ATTACH_FAILED_SHADER = "cannot attach a shader that failed to compile";
    public static final String NO_SUCH_UNIFORM = "no uniform named";

    // Interpreter (section owned by dev.csir.exec): run-time failures of unverified control flow
    public static final String EXEC_IF_TOO_DEEP = "if nesting exceeds the interpreter depth";
    public static final String EXEC_ELSE_WITHOUT_IF = "else without an open if";
    public static final String EXEC_ENDIF_WITHOUT_IF = "endif without an open if";
    public static final String EXEC_LOOP_TOO_DEEP = "loop nesting exceeds the interpreter depth";
    public static final String EXEC_ENDLOOP_WITHOUT_LOOP = "endloop without a matching loop";
    public static final String EXEC_LOOP_NOT_CLOSED = "loop without endloop";
    public static final String EXEC_BREAK_OUTSIDE_LOOP = "break with no open loop";
    public static final String EXEC_CONTINUE_OUTSIDE_LOOP = "continue with no open loop";
    // Interpreter: the guard that keeps a verified but endless loop from hanging a caller
    public static final String EXEC_ITERATION_LIMIT = "loop iteration limit exceeded";

    // Messages with details: the constant above is each one's head, so a caller can still tell
    // which message it is ({@code message.startsWith(HEAD)}).

    public static String layoutNotHere(String id) {
        return LAYOUT_NOT_HERE + ": '" + id + "'";
    }

    public static String layoutNotSupported(String id) {
        return LAYOUT_NOT_SUPPORTED + ": '" + id + "'";
    }

    public static String packingInVulkan(String id) {
        return PACKING_IN_VULKAN + ": '" + id + "' (SPIR-V has only explicit layouts)";
    }

    public static String layoutNeedsNoValue(String id) {
        return LAYOUT_TAKES_NO_VALUE + ": '" + id + "'";
    }

    public static String layoutUnknown(String id) {
        return LAYOUT_UNKNOWN + " (e.g. binding = 4): '" + id + "'";
    }

    /** {@code code} and {@code mnemonic} name an opcode that only CSI version 2 stores. */
    public static String csiNeedsVersion2(int code, String mnemonic) {
        return "opcode " + code + " (" + mnemonic + ") " + CSI_NEEDS_V2;
    }

    /** Arguments a texture built-in does not take for this sampler. */
    public static String textureArguments(String function, String sampler) {
        return "wrong arguments to " + function + "() for a " + sampler;
    }

    /** A GLSL ES declaration of a type with no default precision, with no precision of its own. */
    public static String precisionRequired(String type) {
        return "'" + type + "' has no default precision here: qualify it (highp, mediump, lowp) or declare one"
                + " (precision mediump " + type + ";)";
    }

    /** A type GLSL ES 1.00 reserves without having it. */
    /** A link error: the fragment stage reads more of gl_ClipDistance than the vertex stage writes. */
    public static String clipDistancesUnwritten(int read, int written) {
        return "the fragment shader reads " + read + " clip distances and the vertex shader writes " + written;
    }

    public static String reservedInEs100(String type) {
        return "'" + type + "' is a reserved word in GLSL ES 1.00";
    }

    /** A record type (a matrix other than mat3 and mat4) that version 1 cannot store. */
    public static String csiTypeNeedsVersion2(int code, String name) {
        return "type " + code + " (" + name + ") " + CSI_NEEDS_V2;
    }

    /** A {@code what} slot up to {@code hi} that version 1, held to {@code slots}, cannot store. */
    public static String csiSlotNeedsVersion2(String what, int hi, int slots) {
        return what + " slot " + hi + " " + CSI_NEEDS_V2 + " (version 1 holds " + slots + ")";
    }

    /** {@code bytes} is the source's UTF-8 length; {@code maxBytes} the most accepted. */
    public static String sourceTooLarge(int bytes, int maxBytes) {
        return SOURCE_TOO_LARGE + ": " + bytes + " bytes, the limit is " + maxBytes + " bytes";
    }

    /**
     * {@code written} is the version number as the source spells it (a very long one is cut),
     * {@code min} to {@code max} the versions accepted.
     */
    public static String unsupportedVersion(String written) {
        String shown = written.length() > 12 ? written.substring(0, 12) + "..." : written;
        return UNSUPPORTED_VERSION + " " + shown + ": csir supports " + SUPPORTED_VERSIONS;
    }

    /** The versions {@code #version} accepts, as {@link #unsupportedVersion} lists them. */
    public static final String SUPPORTED_VERSIONS =
            "100, 110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460, 300 es, 310 es and 320 es";

    /** A detail taken from the source, cut to a readable length. */
    private static String cut(String written) {
        return written.length() > 40 ? written.substring(0, 40) + "..." : written;
    }

    public static String unknownDirective(String name) {
        return UNKNOWN_DIRECTIVE + " '" + cut(name) + "'";
    }

    public static String unknownProfile(String word) {
        return UNKNOWN_PROFILE + " '" + cut(word) + "' (use core, compatibility or es)";
    }

    /** {@code directive} is the directive's name, such as {@code #ifdef}. */
    public static String extraTokens(String directive) {
        return EXTRA_TOKENS + " " + directive;
    }

    public static String expectedMacroName(String directive) {
        return EXPECTED_MACRO_NAME + " after " + directive;
    }

    public static String macroRedefined(String name) {
        return MACRO_REDEFINED + ": '" + cut(name) + "'";
    }

    public static String reservedGlName(String name) {
        return RESERVED_GL_NAME + ": '" + cut(name) + "'";
    }

    public static String reservedUnderscores(String name) {
        return RESERVED_UNDERSCORES + ": '" + cut(name) + "'";
    }

    public static String predefinedMacro(String name) {
        return PREDEFINED_MACRO + ": '" + name + "'";
    }

    public static String duplicateMacroParameter(String name) {
        return DUPLICATE_MACRO_PARAMETER + " '" + cut(name) + "'";
    }

    public static String pasteInvalid(String text) {
        return PASTE_INVALID + ": '" + cut(text) + "'";
    }

    public static String macroArgumentCount(String name, int expected, int got) {
        return MACRO_ARGUMENT_COUNT + ": '" + cut(name) + "' takes " + expected + ", given " + got;
    }

    public static String unterminatedMacroCall(String name) {
        return UNTERMINATED_MACRO_CALL + " '" + cut(name) + "'";
    }

    public static String expansionTooLarge(int tokens) {
        return MACRO_EXPANSION_LIMIT + ": more than " + tokens + " tokens";
    }

    public static String expansionTooDeep(int depth) {
        return MACRO_EXPANSION_LIMIT + ": macro arguments nested deeper than " + depth;
    }

    public static String expansionNote(String name) {
        return EXPANSION_NOTE + " '" + cut(name) + "', defined here";
    }

    public static String invalidIfExpression(String why) {
        return INVALID_IF_EXPRESSION + ": " + why;
    }

    public static String undefinedInIfEs(String name) {
        return UNDEFINED_IN_IF_ES + ": '" + cut(name) + "'";
    }

    /** {@code directive} is {@code #if}, {@code #ifdef} or {@code #ifndef}. */
    public static String unterminatedConditional(String directive) {
        return UNTERMINATED_CONDITIONAL + ": " + directive + " without #endif";
    }

    /** {@code text} is the rest of the directive's line as written. */
    public static String errorDirective(String text) {
        return ERROR_DIRECTIVE + ": " + cut(text);
    }

    public static String unknownExtensionBehavior(String word) {
        return UNKNOWN_EXTENSION_BEHAVIOR + ": '" + cut(word) + "'";
    }

    public static String extensionNotSupported(String name) {
        return EXTENSION_NOT_SUPPORTED + ": '" + cut(name) + "'";
    }

    public static String includeNotFound(String name) {
        return INCLUDE_NOT_FOUND + ": '" + cut(name) + "'";
    }

    public static String includeUnreadable(String name, String why) {
        return INCLUDE_UNREADABLE + ": '" + cut(name) + "' (" + why + ")";
    }

    public static String includeTooDeep(int depth) {
        return INCLUDE_LIMIT + ": nested deeper than " + depth;
    }

    public static String includeTooLarge(String name, int maxBytes) {
        return INCLUDE_LIMIT + ": '" + cut(name) + "' is larger than " + maxBytes + " bytes";
    }

    public static String invalidDefineOption(String name) {
        return INVALID_DEFINE_OPTION + ": '" + cut(name) + "'";
    }

    /** {@code cycle} is the functions of a call cycle in call order, starting and ending at one. */
    public static String recursion(java.util.List<String> cycle) {
        StringBuilder sb = new StringBuilder(RECURSION).append(": '").append(cycle.getFirst()).append("' calls ");
        for (int i = 1; i < cycle.size(); i++) {
            sb.append(i > 1 ? ", which calls " : "").append("'").append(cycle.get(i)).append("'");
        }
        return sb.toString();
    }

    public static String unsupportedBuiltin(String name) {
        return UNSUPPORTED_BUILTIN + " '" + name + "'";
    }

    public static String temporaryLimit(int needed, boolean exact, int limit) {
        return overflow(TEMPORARY_LIMIT, needed, exact, "temporaries", limit);
    }

    public static String instructionLimit(int needed, boolean exact, int limit) {
        return overflow(INSTRUCTION_LIMIT, needed, exact, "instructions", limit);
    }

    public static String immediateLimit(int needed, boolean exact, int limit) {
        return overflow(IMMEDIATE_LIMIT, needed, exact, "constant values", limit);
    }

    /** {@code needed} is the length of the whole text, in bytes. */
    public static String tgsiBudget(long needed, int budget) {
        return overflow(TGSI_BUDGET, needed, true, "bytes", budget);
    }

    /**
     * One phrasing for every overflow: what the shader needs in all, or at least (when counting
     * stopped before the end), and the limit.
     */
    private static String overflow(String head, long needed, boolean exact, String unit, int limit) {
        return head + ": needs " + (exact ? "" : "at least ") + needed + " " + unit + ", the limit is " + limit;
    }
}
