package dev.csir.ssa.verify;

import java.util.Locale;

/**
 * Every message the verifier gives, in one table, as {@link String#format} templates: tests
 * compare whole messages, so a change of wording shows up in one place and in the tests. Types
 * are spelled by {@code Type.name()}, instructions by their mnemonic, functions and globals as
 * the dump does ({@code @name}), blocks by layout index ({@code bb2}).
 */
public final class VerifierMessages {
    private VerifierMessages() {
    }

    // ---- module ------------------------------------------------------------------------------
    public static final String NO_MODULE = "there is no module (null)";
    public static final String NULL_GLOBAL = "global #%d is null";
    public static final String DUPLICATE_GLOBAL = "global @%s is declared more than once";
    public static final String NULL_FUNCTION = "function #%d is null";
    public static final String UNNAMED_FUNCTION = "function #%d has no name";
    public static final String DUPLICATE_FUNCTION = "function @%s is defined more than once";
    public static final String NULL_ENTRY_POINT = "entry point #%d is null";
    public static final String ENTRY_NO_STAGE = "entry point #%d has no stage";
    public static final String ENTRY_NO_FUNCTION = "entry point #%d names no function";
    public static final String ENTRY_FOREIGN_FUNCTION = "entry point @%s is not a function of the module";
    public static final String ENTRY_RETURNS = "entry point @%s returns %s; an entry point returns void";
    public static final String ENTRY_PARAMS = "entry point @%s takes %s; an entry point takes none";
    public static final String ENTRY_DUPLICATE = "entry point @%s is declared more than once for the %s stage";
    public static final String ENTRY_FOREIGN_INTERFACE = "entry point @%s lists @%s, which is not a global of the module";
    public static final String ENTRY_INTERFACE_SPACE =
            "entry point @%s lists @%s (%s); interface variables are input or output";
    public static final String ENTRY_INTERFACE_TWICE = "entry point @%s lists @%s more than once";
    public static final String COMPUTE_LOCAL_SIZE =
            "compute entry point @%s has local size %s; it needs 3 sizes of at least 1";
    public static final String STAGE_LOCAL_SIZE = "%s entry point @%s has local size %s; only compute entry points have one";
    public static final String STAGE_VARIABLE_UNBOUND = "stage variable @%s has neither a location nor a built-in";
    public static final String STAGE_VARIABLE_BOTH = "stage variable @%s has both location %d and built-in %s";
    public static final String NOT_STAGE_LOCATION =
            "@%s (%s) has a location or built-in; only input and output globals have one";
    public static final String RESOURCE_UNBOUND = "resource @%s has no set and binding";
    public static final String NOT_RESOURCE_BINDING =
            "@%s (%s) has a set and binding; only uniform, uniform_constant and storage globals have one";
    public static final String OPAQUE_SPACE = "@%s holds %s in %s; samplers and images are uniform_constant globals";
    public static final String UNIFORM_CONSTANT_DATA =
            "@%s holds %s in uniform_constant, which holds only samplers and images";
    public static final String INITIALIZER_SPACE =
            "@%s (%s) has an initializer; only private and workgroup globals have one";
    public static final String INITIALIZER_TYPE = "the initializer of @%s is %s; the global holds %s";
    public static final String MALFORMED_INITIALIZER = "the initializer of @%s is malformed: %s";
    public static final String NULL_SPEC_CONSTANT = "spec constant #%d is null";
    public static final String SPEC_NO_DEFAULT = "spec constant %d (%s) has no default";
    public static final String SPEC_NEGATIVE_ID = "spec constant %s has id %d; ids are at least 0";
    public static final String SPEC_DUPLICATE_ID = "spec constant id %d is used more than once";

    // ---- constants (the detail of MALFORMED_INITIALIZER and MALFORMED_CONSTANT) ---------------
    public static final String UNDEF_WITHOUT_VALUES = "undef of %s, which has no values";
    public static final String CONSTANT_ELEMENT = "element %d of the %s is %s, expected %s";

    // ---- functions and block shape -------------------------------------------------------------
    public static final String NO_BLOCKS = "@%s has no blocks";
    public static final String NO_RETURN_TYPE = "@%s has no return type";
    public static final String PARAM_TYPE = "parameter %d of @%s has type %s, which holds no value";
    public static final String EMPTY_BLOCK = "the block is empty; it must end in a terminator";
    public static final String NO_TERMINATOR = "the block ends in %s, not a terminator";
    public static final String EARLY_TERMINATOR = "%s ends the block early; a terminator comes last";
    public static final String BLOCK_PARENT = "the block's parent is %s, not @%s";
    public static final String INSTRUCTION_PARENT = "%s does not name this block as its parent";
    public static final String PHI_AFTER_NON_PHI = "phi after a non-phi; phis come first in a block";
    public static final String PHI_IN_ENTRY = "phi in the entry block, which has no predecessors";
    public static final String ALLOCA_OUTSIDE_ENTRY = "alloca outside the entry block";
    public static final String BRANCH_TO_ENTRY = "%s branches to the entry block, which must have no predecessors";

    // ---- operands, targets, callee, immediates -------------------------------------------------
    /** {@code <what> takes <count noun>, has <n>}: operands, targets, arguments, immediates, lanes. */
    public static final String COUNT = "%s takes %s, has %d";
    public static final String NULL_OPERAND = "operand %d of %s is missing (null)";
    public static final String FOREIGN_INSTRUCTION = "operand %d of %s is an instruction outside @%s";
    public static final String FOREIGN_ARGUMENT = "operand %d of %s is a parameter of another function";
    public static final String FOREIGN_GLOBAL = "operand %d of %s is @%s, which is not a global of the module";
    public static final String FOREIGN_SPEC = "operand %d of %s is spec constant %d, which is not one of the module's";
    public static final String VOID_OPERAND = "operand %d of %s is a %s, which yields no value";
    public static final String MALFORMED_CONSTANT = "operand %d of %s is a malformed constant: %s";
    public static final String NULL_TARGET = "target %d of %s is missing (null)";
    public static final String FOREIGN_TARGET = "target %d of %s is not a block of @%s";
    public static final String NO_CALLEE = "call has no callee";
    public static final String FOREIGN_CALLEE = "call of @%s, which is not a function of the module";
    public static final String STRAY_CALLEE = "%s has a callee; only call has one";
    public static final String BAD_PATH = "%s path %s does not select an element of %s";
    public static final String BAD_LANE = "shuffle lane %d is out of range for %s and %s";
    public static final String BAD_INTRINSIC = "intrinsic number %d names no intrinsic";
    public static final String BAD_ATOMIC_OP = "atomic operation number %d names no operation";
    public static final String BAD_BARRIER_FLAGS = "barrier flags 0x%x include unknown bits";
    public static final String DUPLICATE_CASE = "switch case %d appears more than once";

    // ---- types -------------------------------------------------------------------------------
    public static final String OPERAND_TYPE = "%s: operand %d is %s, expected %s";
    public static final String RESULT_TYPE = "%s yields %s, expected %s";
    public static final String NO_PRODUCT = "matmul of %s and %s: the shapes do not multiply";
    public static final String CONSTRUCT_COMPONENTS = "construct of %s from %d components, expected %d";
    public static final String NOT_CONSTRUCTIBLE =
            "construct of %s: only vectors, matrices, sized arrays and structs are constructed";
    public static final String READ_ONLY_STORE = "store through a pointer into %s, which is read-only";
    public static final String LOAD_OPAQUE = "load of %s; texture operations take the pointer, not a loaded handle";
    public static final String ACCESS_STRUCT_INDEX =
            "access: operand %d must be a constant integer selecting a member of %s (0 to %d)";
    public static final String ACCESS_NO_ELEMENTS = "access: operand %d indexes into %s, which has no elements";
    public static final String ACCESS_OUT_OF_RANGE = "access: operand %d selects element %d of %s, which has %d";
    public static final String RET_VALUE_IN_VOID = "ret with a value in @%s, which returns void";
    public static final String RET_NO_VALUE = "ret without a value in @%s, which returns %s";
    public static final String PHI_COUNTS = "phi has %d values and %d incoming blocks";
    public static final String ATOMIC_SPACE = "%s on a pointer into %s; atomics work on workgroup and storage memory";
    public static final String SHADOW_NEEDS_COMPARE = "%s on %s; shadow samplers take samplecmp";
    public static final String COMPARE_NEEDS_SHADOW = "samplecmp on %s, which is not a shadow sampler";
    public static final String TEXTURE_OFFSETS = "%s with %d texel offsets (one, or four on a gather)";
    public static final String GATHER_COMPONENT = "gather's component is not an int constant 0 to 3";

    // ---- structure markers ---------------------------------------------------------------------
    public static final String HEADER_NO_MERGE = "%s header has no merge block";
    public static final String HEADER_FOREIGN_MERGE = "the merge block of the %s header is not a block of @%s";
    public static final String HEADER_OWN_MERGE = "the %s header is its own merge block";
    public static final String HEADER_NO_HINT = "the %s header's hint is missing (null)";
    public static final String HINT_KIND = "hint %s does not apply to a %s header";
    public static final String SELECTION_TERMINATOR = "selection header ends in %s, expected condbr or switch";
    public static final String LOOP_TERMINATOR = "loop header ends in %s, expected br or condbr";
    public static final String LOOP_NO_CONTINUE = "loop header has no continue block";
    public static final String LOOP_FOREIGN_CONTINUE = "the continue block of the loop header is not a block of @%s";
    public static final String LOOP_CONTINUE_IS_MERGE = "the loop's continue block is its merge block";
    public static final String LOOP_NO_BACK_EDGE = "no back edge to the loop header comes from its continue block bb%d";
    public static final String MERGE_SHARED = "the merge block bb%d is also the merge block of bb%d";
    public static final String HEADER_NOT_DOMINATING = "the header does not dominate its %s block bb%d";

    // ---- SSA ---------------------------------------------------------------------------------
    public static final String USE_BEFORE_DEF = "operand %d of %s is defined after its use";
    public static final String USE_NOT_DOMINATED = "operand %d of %s is defined in bb%d, which does not dominate its use";
    public static final String USE_FROM_UNREACHABLE = "operand %d of %s is defined in the unreachable bb%d";
    public static final String PHI_NOT_DOMINATED = "phi: the value from bb%d is defined in bb%d, which does not dominate it";
    public static final String PHI_NOT_PREDECESSOR = "phi names bb%d, which is not a predecessor";
    public static final String PHI_PREDECESSOR_TWICE = "phi names predecessor bb%d more than once";
    public static final String PHI_MISSING_PREDECESSOR = "phi names no value for predecessor bb%d";

    // ---- the verifier itself -------------------------------------------------------------------
    /** Not a rule: the verifier met something it did not expect; it reports instead of throwing. */
    public static final String INTERNAL = "the verifier failed here: %s";

    /** The message of {@code template} with its arguments (locale-independent numbers). */
    public static String format(String template, Object... args) {
        return String.format(Locale.ROOT, template, args);
    }
}
