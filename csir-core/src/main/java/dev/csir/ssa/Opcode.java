package dev.csir.ssa;

/**
 * Every instruction's opcode with the facts the verifier, printer, parser, evaluator and passes
 * read: the dump mnemonic, the family, how many operands it takes, whether it yields a value, is
 * pure (no effect, so CSE may merge it and DCE drop it when unused) or ends a block.
 *
 * <p>Arithmetic and comparisons are component-wise and typed by their operands: signedness and
 * float-versus-integer come from the operand type, so there is one {@code add}, not fadd/iadd.
 * {@code mul} on matrices is component-wise; the matrix product is {@code matmul}.
 */
public enum Opcode {
    // unary, component-wise
    NEG("neg", Family.UNARY, 1, 1),
    BIT_NOT("bitnot", Family.UNARY, 1, 1),
    LOGICAL_NOT("lnot", Family.UNARY, 1, 1),
    // binary, component-wise (a scalar operand is not broadcast: the builder splats)
    ADD("add", Family.BINARY, 2, 2),
    SUB("sub", Family.BINARY, 2, 2),
    MUL("mul", Family.BINARY, 2, 2),
    DIV("div", Family.BINARY, 2, 2),
    /** Remainder with the sign of the dividend (GLSL {@code %} on integers, SPIR-V SRem/UMod/FRem). */
    REM("rem", Family.BINARY, 2, 2),
    BIT_AND("bitand", Family.BINARY, 2, 2),
    BIT_OR("bitor", Family.BINARY, 2, 2),
    BIT_XOR("bitxor", Family.BINARY, 2, 2),
    /** Shift left; the count is masked to the width, as folding does. */
    SHL("shl", Family.BINARY, 2, 2),
    /** Shift right: arithmetic on int, logical on uint. */
    SHR("shr", Family.BINARY, 2, 2),
    /** Both operands are evaluated: short-circuit {@code &&} is control flow with a phi. */
    LOGICAL_AND("land", Family.BINARY, 2, 2),
    LOGICAL_OR("lor", Family.BINARY, 2, 2),
    /** The linear-algebra product: matrix x matrix, matrix x vector, vector x matrix. */
    MAT_MUL("matmul", Family.BINARY, 2, 2),
    // comparisons, component-wise, yielding bool or bvecN
    EQ("eq", Family.COMPARE, 2, 2),
    NE("ne", Family.COMPARE, 2, 2),
    LT("lt", Family.COMPARE, 2, 2),
    LE("le", Family.COMPARE, 2, 2),
    GT("gt", Family.COMPARE, 2, 2),
    GE("ge", Family.COMPARE, 2, 2),
    /** {@code select cond, a, b}: a where cond holds; cond a bool or a bvec of a's size. */
    SELECT("select", Family.SELECT, 3, 3),
    /** A value conversion to the result type (int to float, float to uint, bool to int, ...). */
    CONVERT("convert", Family.CONVERT, 1, 1),
    /** The same bits seen as another type of the same width. */
    BITCAST("bitcast", Family.CONVERT, 1, 1),
    // composites
    /** Builds a vector, matrix (from columns), array or struct from its elements. */
    CONSTRUCT("construct", Family.COMPOSITE, 1, Integer.MAX_VALUE),
    /** Reads the element at the constant index path in the immediates. */
    EXTRACT("extract", Family.COMPOSITE, 1, 1),
    /** {@code insert value, composite}: the composite with the element at the immediates' path replaced. */
    INSERT("insert", Family.COMPOSITE, 2, 2),
    /** Picks lanes of two vectors (immediates: lane indices into a then b, concatenated). */
    SHUFFLE("shuffle", Family.COMPOSITE, 2, 2),
    /** A vector's component at a run-time index. */
    EXTRACT_DYNAMIC("extractdyn", Family.COMPOSITE, 2, 2),
    /** {@code insertdyn vector, value, index}. */
    INSERT_DYNAMIC("insertdyn", Family.COMPOSITE, 3, 3),
    // memory (logical pointers only)
    /** A local of the result's pointee type; only in the entry block. */
    ALLOCA("alloca", Family.MEMORY, 0, 0),
    LOAD("load", Family.MEMORY, 1, 1),
    /** {@code store pointer, value}. */
    STORE("store", Family.MEMORY, 2, 2),
    /** A pointer into the base's pointee: struct members by constant int, arrays, vectors, matrices by any int. */
    ACCESS_CHAIN("access", Family.MEMORY, 2, Integer.MAX_VALUE),
    // calls
    /** A call of a function of the module (the callee is a field of the instruction). */
    CALL("call", Family.CALL, 0, Integer.MAX_VALUE),
    /** A built-in function ({@link Intrinsic}, in immediate 0) applied to its GLSL operands in order. */
    CALL_INTRINSIC("intrinsic", Family.CALL, 0, Integer.MAX_VALUE),
    // textures: the first operand is a pointer to the sampler or image (a global or a chain into one).
    // The lookups may end in texel offsets: immediate 0, when present, counts them (1, or a
    // gather's 4), an int vector each, after the operands below.
    /** {@code sample sampler, coord [, bias]}: implicit level of detail (fragment stage). */
    SAMPLE("sample", Family.TEXTURE, 2, 4),
    /** {@code samplelod sampler, coord, lod}. */
    SAMPLE_LOD("samplelod", Family.TEXTURE, 3, 4),
    /** {@code samplegrad sampler, coord, ddx, ddy}. */
    SAMPLE_GRAD("samplegrad", Family.TEXTURE, 4, 5),
    /** {@code samplecmp sampler, coord, reference [, lod]}: a shadow lookup. */
    SAMPLE_COMPARE("samplecmp", Family.TEXTURE, 3, 5),
    /** {@code fetch sampler, intcoord, lod}: one texel, no filtering. */
    FETCH("fetch", Family.TEXTURE, 3, 4),
    /** {@code gather sampler, coord, component}: one component (a constant int) of the four texels bilinear filtering reads, at level 0. */
    GATHER("gather", Family.TEXTURE, 3, 7),
    /** {@code gathercmp sampler, coord, reference}: a shadow gather, the four comparisons. */
    GATHER_COMPARE("gathercmp", Family.TEXTURE, 3, 7),
    /** {@code querylevels sampler}: how many levels the texture has (an int). */
    QUERY_LEVELS("querylevels", Family.TEXTURE, 1, 1),
    /** {@code querylod sampler, coord}: the level of detail a lookup would use, as a vec2 (fragment stage). */
    QUERY_LOD("querylod", Family.TEXTURE, 2, 2),
    /** {@code texsize sampler [, lod]}: the size of a level in texels. */
    TEXTURE_SIZE("texsize", Family.TEXTURE, 1, 2),
    /**
     * {@code subpassload input [, sample]}: an input attachment's texel at the fragment's own
     * position (GLSL for Vulkan's {@code subpassLoad}); the sample index for a multisampled input.
     */
    SUBPASS_LOAD("subpassload", Family.TEXTURE, 1, 2),
    /** {@code imageload image, intcoord}. */
    IMAGE_LOAD("imageload", Family.TEXTURE, 2, 2),
    /** {@code imagestore image, intcoord, value}. */
    IMAGE_STORE("imagestore", Family.TEXTURE, 3, 3),
    // compute
    /** {@code atomic pointer, value} (immediate 0: the {@link AtomicOp}); yields the original value. */
    ATOMIC_RMW("atomic", Family.ATOMIC, 2, 2),
    /** {@code cmpxchg pointer, comparand, value}; yields the original value. */
    ATOMIC_COMPARE_EXCHANGE("cmpxchg", Family.ATOMIC, 3, 3),
    /** Waits for the workgroup; immediate 0 holds {@link BarrierFlags}. */
    BARRIER("barrier", Family.BARRIER, 0, 0),
    /** One incoming value per predecessor; the blocks are the instruction's targets, in operand order. */
    PHI("phi", Family.PHI, 0, Integer.MAX_VALUE),
    // terminators
    BR("br", Family.TERMINATOR, 0, 0),
    /** {@code condbr cond, then, else}. */
    COND_BR("condbr", Family.TERMINATOR, 1, 1),
    /** {@code switch selector, default, case values (immediates) -> case blocks}. */
    SWITCH("switch", Family.TERMINATOR, 1, 1),
    /** {@code ret [value]}. */
    RET("ret", Family.TERMINATOR, 0, 1),
    /** Ends the invocation without writing its outputs (GLSL {@code discard}). */
    KILL("kill", Family.TERMINATOR, 0, 0),
    UNREACHABLE("unreachable", Family.TERMINATOR, 0, 0);

    /** What kind of work an opcode does. */
    public enum Family { UNARY, BINARY, COMPARE, SELECT, CONVERT, COMPOSITE, MEMORY, CALL, TEXTURE, ATOMIC, BARRIER, PHI,
        TERMINATOR }

    private final String mnemonic;
    private final Family family;
    private final int minOperands;
    private final int maxOperands;

    Opcode(String mnemonic, Family family, int minOperands, int maxOperands) {
        this.mnemonic = mnemonic;
        this.family = family;
        this.minOperands = minOperands;
        this.maxOperands = maxOperands;
    }

    public String mnemonic() {
        return mnemonic;
    }

    public Family family() {
        return family;
    }

    public int minOperands() {
        return minOperands;
    }

    public int maxOperands() {
        return maxOperands;
    }

    public boolean isTerminator() {
        return family == Family.TERMINATOR;
    }

    /** True when the instruction yields no value (its type is void). */
    public boolean yieldsNothing() {
        return isTerminator() || this == STORE || this == IMAGE_STORE || this == BARRIER;
    }

    /**
     * No effect beyond its result, and the same result for the same operands: CSE may merge it, DCE
     * may drop it when unused. Loads, calls, implicit-lod sampling (derivatives) and atomics are not;
     * {@code intrinsic} is pure when its {@link Intrinsic} is.
     */
    public boolean isPure() {
        return switch (family) {
            case UNARY, BINARY, COMPARE, SELECT, CONVERT, COMPOSITE -> true;
            case MEMORY -> this == ACCESS_CHAIN;
            case TEXTURE -> this == SAMPLE_LOD || this == SAMPLE_GRAD || this == FETCH || this == TEXTURE_SIZE
                    || this == GATHER || this == GATHER_COMPARE || this == QUERY_LEVELS || this == SUBPASS_LOAD;
            default -> false;
        };
    }

    /** The opcode printed as {@code mnemonic}, or null. */
    public static Opcode ofMnemonic(String mnemonic) {
        for (Opcode o : values()) {
            if (o.mnemonic.equals(mnemonic)) {
                return o;
            }
        }
        return null;
    }
}
