package dev.csir.ir;

/**
 * The CSIR opcodes, numbered as the CSI record stores them: the original's 33 (NOP 0 ... DISCARD
 * 32), then csir's additions, which only CSI version 2 stores (see {@link #isVersion2Only()}):
 * the structured loops, more texture forms, and the integer opcodes.
 *
 * <p><b>Integer lanes</b> (IADD 43 ... LOAD_SYSVAL 76). A lane is 32 bits. The original's opcodes
 * read and write them as floats; the integer opcodes read and write the same 32 bits as a
 * two's-complement integer, as TGSI's untyped registers hold them ({@code UADD} and {@code ADD}
 * on one {@code TEMP}). A lane an integer opcode wrote holds that pattern until it is
 * overwritten; MOV, SWZ, SETLANE, CONST and the stores copy it unchanged, a float opcode reads
 * it as the float of those bits. What a lane means is fixed by the instruction that wrote it,
 * and the {@code ty} field says it for a reader: {@link Type#INT32}/{@link Type#UINT32} and their
 * vectors are integer lanes, the original's INT/IVEC are float-valued integers (CSI version 1,
 * the ChrisOS profile). Conversions are explicit ({@link #I2F}, {@link #U2F}, {@link #F2I},
 * {@link #F2U}); comparisons ({@link #ICMP}, {@link #UCMP}) give CSIR's bool, 1.0 or 0.0 in lane x,
 * as {@link #CMP} does. The lane-wise integer opcodes (every {@link IntegerForm} but COMPARE)
 * work on {@code ncomp} lanes, 0 meaning 4, as ADD does. Semantics (the interpreter's and the
 * transform-IR evaluator's): arithmetic wraps; division and remainder round toward zero, by zero
 * give 0 (GLSL leaves it undefined), {@code INT_MIN / -1} is {@code INT_MIN} and
 * {@code INT_MIN % -1} is 0; shifts take the count modulo 32; float to int truncates and
 * saturates (NaN 0), float to uint saturates at 0 and 2^32-1.
 *
 * <p><b>Sampler kinds.</b> SAMPLE, SAMPLE_BIAS, SAMPLE_LOD and TEXSIZE at a slot whose kind
 * ({@link ShaderInterface#samplerKind}) is {@link Type#SAMPLERCUBE}, {@link Type#SAMPLER3D} or
 * {@link Type#SAMPLER2DARRAY} read {@code a.xyz} (a cube's direction, a 3D texture's s, t, r, an
 * array's s, t and layer, rounded and clamped) instead of {@code a.xy}, a bias or level still in
 * {@code a.w}; TEXSIZE gives a 3D level's depth or an array's layers in {@code dst.z}. SAMPLE_GRAD,
 * FETCH and FETCH_OFFSET are 2D only, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET and GATHER 2D or 2D array
 * ({@code a.z} the layer; the verifier checks it). The 2D names ({@code sample2d}) stay as the
 * original's.
 *
 * <p><b>Shadow kinds</b> ({@link Type#SAMPLER2DSHADOW}, {@link Type#SAMPLERCUBESHADOW},
 * {@link Type#SAMPLER2DARRAYSHADOW}): SAMPLE reads the depth reference from the coordinate
 * register too, in {@code a.z} for 2D and {@code a.w} for the cube and the array (whose coordinate
 * fills xyz), as TGSI's SHADOW2D, SHADOWCUBE and SHADOW2D_ARRAY do; SAMPLE_LOD only on
 * sampler2DShadow (reference z, level w). The result, in every lane, is the comparison
 * {@code reference <= texel} (GL's {@code GL_LEQUAL}, the default compare function once
 * {@code GL_TEXTURE_COMPARE_MODE} is {@code GL_COMPARE_REF_TO_TEXTURE}), 1.0 or 0.0, the texel's
 * depth being its red channel and the reference clamped to [0, 1] as GL clamps it for a
 * fixed-point depth texture. CSIR's textures sample their nearest texel, so the comparison is of
 * that one texel (a linear filter would average the four comparisons). SAMPLE_BIAS, SAMPLE_GRAD
 * and FETCH take no shadow slot.
 *
 * <p><b>Integer kinds</b> ({@link Type#ISAMPLER2D} ... {@link Type#USAMPLER2DARRAY}): SAMPLE,
 * SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD and FETCH (the last two on 2D) give integer lanes, the
 * record's {@code ty} {@link Type#I32VEC4} or {@link Type#U32VEC4}: the nearest texel's channel
 * values unfiltered and unnormalized (for the executors' 8-bit textures 0 to 255).
 *
 * <p><b>Cube-map arrays</b> ({@link Type#SAMPLERCUBEARRAY}, its shadow and integer kinds): SAMPLE
 * reads {@code a.xyzw}, the direction and the layer (rounded and clamped as an array's), its face
 * chosen as a cube's; SAMPLE2 takes a bias, a level or (the shadow kind, whose SAMPLE is invalid)
 * the reference in {@code b.x}; TEXSIZE gives a face's width and height and the layer count
 * (cubes, not faces) in {@code dst.z}. SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, FETCH, the offset
 * forms and GATHER take no cube-map array slot.
 *
 * <p><b>Multisample kinds</b> ({@link Type#SAMPLER2DMS}, {@link Type#SAMPLER2DMSARRAY} and their
 * integer kinds): FETCH, its {@code a.w} the sample index where the other kinds have the level
 * (an array's layer in {@code a.z}; TGSI TXF on 2D_MSAA and 2D_ARRAY_MSAA), and TEXSIZE; no other
 * lookup. The executors' textures have one sample: every index reads it.
 */
public enum Opcode {
    NOP("nop"), CONST("const"), MOV("mov"), SWZ("swz"), SETLANE("lane"),
    ADD("add"), SUB("sub"), MUL("mul"), MAX("max"), MIN("min"), ABS("abs"), DOT("dot"),
    RSQ("rsq"), RCP("rcp"), SIN("sin"), COS("cos"), POW("pow"), TRUNC("trunc"), CMP("cmp"),
    MULMV("mul_mv"), MULMM("mul_mm"), SAMPLE("sample2d"),
    LOAD_ATTR("load_attr"), LOAD_VAR("load_var"), LOAD_UNI("load_uni"), LOAD_FCOORD("load_fragcoord"),
    STORE_POS("store_pos"), STORE_VAR("store_var"), STORE_COLOR("store_color"),
    IF("if"), ELSE("else"), ENDIF("endif"), DISCARD("discard"),
    // Additions after the original's last opcode, so every original number keeps its meaning.
    LOOP("loop"), ENDLOOP("endloop"), BREAK("break"), CONTINUE("continue"),
    /** log2 x per lane (TGSI LG2): the logarithms and what is built from them. */
    LG2("lg2"),
    /**
     * A 2D lookup with a level-of-detail bias (TGSI TXB): {@code a.xy} the coordinate, {@code a.w}
     * the bias, {@code aux} the sampler slot. A texture of one level reads as SAMPLE does.
     */
    SAMPLE_BIAS("sample2d_bias"),
    /**
     * The size of a level of a 2D texture (TGSI TXQ): {@code dst.xy} its width and height in
     * texels, as CSIR's integer values, at the level {@code a.x}; {@code aux} the sampler slot.
     */
    TEXSIZE("texsize"),
    /** A 2D lookup at an explicit level of detail (TGSI TXL): {@code a.xy} the coordinate, {@code a.w} the level. */
    SAMPLE_LOD("sample2d_lod"),
    /**
     * A 2D lookup with explicit derivatives (TGSI TXD): {@code a.xy} the coordinate, {@code b.xy}
     * and {@code b.zw} its derivatives in x and in y.
     */
    SAMPLE_GRAD("sample2d_grad"),
    /** One texel of a 2D texture, unfiltered (TGSI TXF): {@code a.xy} the texel, {@code a.w} the level, integer values. */
    FETCH("fetch2d"),
    // Integer lanes (see the class comment): dst = a OP b per lane
    IADD("iadd", IntegerForm.BINARY), IMUL("imul", IntegerForm.BINARY),
    IDIV("idiv", IntegerForm.BINARY), UDIV("udiv", IntegerForm.BINARY),
    IMOD("imod", IntegerForm.BINARY), UMOD("umod", IntegerForm.BINARY),
    /** Shifts by {@code b & 31}: left, arithmetic right, logical right. */
    SHL("shl", IntegerForm.BINARY), ISHR("ishr", IntegerForm.BINARY), USHR("ushr", IntegerForm.BINARY),
    AND("and", IntegerForm.BINARY), OR("or", IntegerForm.BINARY), XOR("xor", IntegerForm.BINARY),
    IMIN("imin", IntegerForm.BINARY), IMAX("imax", IntegerForm.BINARY),
    UMIN("umin", IntegerForm.BINARY), UMAX("umax", IntegerForm.BINARY),
    // dst = OP a per lane
    INEG("ineg", IntegerForm.UNARY), NOT("not", IntegerForm.UNARY), IABS("iabs", IntegerForm.UNARY),
    /** -1, 0 or 1. */
    ISSG("issg", IntegerForm.UNARY),
    /** bitfieldReverse, bitCount, findLSB, findMSB of an int (the highest bit unlike the sign) and of a uint. */
    BREV("brev", IntegerForm.UNARY), POPC("popc", IntegerForm.UNARY), LSB("lsb", IntegerForm.UNARY),
    IMSB("imsb", IntegerForm.UNARY), UMSB("umsb", IntegerForm.UNARY),
    /** Conversions: int or uint lanes to float lanes, float lanes to int or uint lanes. */
    I2F("i2f", IntegerForm.UNARY), U2F("u2f", IntegerForm.UNARY),
    F2I("f2i", IntegerForm.UNARY), F2U("f2u", IntegerForm.UNARY),
    /** Lane x of a against lane x of b by the {@link Cmp} code in aux, signed or unsigned: 1.0 or 0.0 in lane x. */
    ICMP("icmp", IntegerForm.COMPARE), UCMP("ucmp", IntegerForm.COMPARE),
    /**
     * bitfieldExtract per lane of {@code a}, sign-extended or not: {@code b.x} the offset and
     * {@code b.y} the bit count for every lane; 0 outside {@code 0 <= offset, 0 <= bits,
     * offset + bits <= 32}.
     */
    IBFE("ibfe", IntegerForm.FIELD), UBFE("ubfe", IntegerForm.FIELD),
    /**
     * A system value in all four lanes: in the vertex stage as integer lanes, aux
     * {@link #SYSVAL_VERTEX_ID} the vertex's number in its draw (gl_VertexID), aux
     * {@link #SYSVAL_INSTANCE_ID} its instance's (gl_InstanceID); in the fragment stage aux
     * {@link #SYSVAL_FRONT_FACING} whether the fragment's triangle faces front (gl_FrontFacing), a
     * bool (1 or 0).
     */
    LOAD_SYSVAL("load_sysval"),
    /**
     * gl_FragDepth: lane x of {@code a} is the fragment's window depth (fragment shaders only), the
     * value the depth test and the depth buffer take in place of the interpolated one.
     */
    STORE_DEPTH("store_depth"),
    /**
     * A register of a register array at a run-time index: {@code dst = a[clamp(b.x, 0, aux - 1)]}
     * on ncomp lanes (0 meaning 4), {@code a} the array's first register, {@code aux} its length in
     * registers, {@code b.x} the index as an integer lane. An index outside the array is clamped
     * (GLSL leaves it undefined; clamping keeps every executor in bounds and in agreement).
     */
    LOAD_INDEXED("load_indexed"),
    /**
     * A write into a register array at a run-time index: {@code dst[clamp(b.x, 0, aux - 1)] = a}
     * on ncomp lanes (0 meaning 4), the other lanes and registers kept; {@code dst} the array's
     * first register, {@code aux} its length.
     */
    STORE_INDEXED("store_indexed"),
    /**
     * A uniform slot of an array at a run-time index: {@code dst = uniform[aux + clamp(b.x, 0,
     * aux2 - 1)]}, all four lanes; {@code aux} the array's first slot, {@code aux2} its length in
     * slots, {@code b.x} the index as an integer lane.
     */
    LOAD_UNI_INDEXED("load_uni_indexed"),
    /**

     * Screen-space derivatives of {@code a} on ncomp lanes (0 meaning 4), fragment shaders only
     * (TGSI DDX, DDY, DDX_FINE, DDY_FINE). A fragment shaded in a 2x2 quad reads its quad-mates'
     * {@code a} (see {@link dev.csir.exec.Quads}): DDX and DDY are coarse, one value for the quad
     * (x: right minus left of the top row, y: bottom minus top of the left column); the fine ones
     * take the fragment's own row or column. One invocation alone has no neighbours: 0.
     */
    DDX("ddx"), DDY("ddy"), DDX_FINE("ddx_fine"), DDY_FINE("ddy_fine"),
    /**
     * The 2D (and, but for FETCH_OFFSET, 2D array) lookups with a texel offset, {@code aux2} the offset ({@link TexelOffset}) added to
     * the texel coordinates before the edge is clamped (TGSI TEX, TXL and TXF with an offset):
     * SAMPLE_OFFSET as SAMPLE ({@code a.xy}), SAMPLE_LOD_OFFSET as SAMPLE_LOD ({@code a.w} the
     * level), FETCH_OFFSET as FETCH.
     */
    SAMPLE_OFFSET("sample2d_offset"), SAMPLE_LOD_OFFSET("sample2d_lod_offset"), FETCH_OFFSET("fetch2d_offset"),
    /**
     * textureGather on a 2D or 2D array slot (TGSI TG4; an array's layer in {@code a.z}): the component {@link TexelOffset#component} of
     * {@code aux2} of the four texels bilinear filtering of {@code a.xy} reads at level 0, offset
     * by {@code aux2}'s offset, in GL's order: (i0, j1), (i1, j1), (i1, j0), (i0, j0) in x, y, z, w.
     */
    GATHER("gather2d"),
    /**
     * A lookup at a cube-map array slot with a scalar beside the coordinate, which fills
     * {@code a} (direction in xyz, layer in w) and so leaves no lane for it (TGSI TEX2, TXB2 and
     * TXL2): {@code b.x} the scalar, {@code aux} the slot, {@code aux2} what the scalar is:
     * {@link #SAMPLE2_REFERENCE} a samplerCubeArrayShadow's depth reference, compared as SAMPLE
     * compares at the other shadow kinds; {@link #SAMPLE2_BIAS} a level-of-detail bias;
     * {@link #SAMPLE2_LOD} an explicit level. The plain lookup at such a slot is SAMPLE.
     */
    SAMPLE2("sample2");

    /** SAMPLE2's aux2: b.x is a shadow lookup's depth reference. */
    public static final int SAMPLE2_REFERENCE = 0;
    /** SAMPLE2's aux2: b.x is a level-of-detail bias. */
    public static final int SAMPLE2_BIAS = 1;
    /** SAMPLE2's aux2: b.x is the level. */
    public static final int SAMPLE2_LOD = 2;

    /** How an integer opcode uses its record's operands. */
    public enum IntegerForm {
        /** {@code dst = op a} on ncomp lanes. */
        UNARY,
        /** {@code dst = a op b} on ncomp lanes. */
        BINARY,
        /** Lane x of a and b compared by aux's {@link Cmp} code into lane x. */
        COMPARE,
        /** {@code dst = op(a, b.x, b.y)} on ncomp lanes. */
        FIELD
    }

    /** LOAD_SYSVAL's aux for gl_VertexID (gl_VertexIndex of a draw from vertex 0). */
    public static final int SYSVAL_VERTEX_ID = 0;
    /** LOAD_SYSVAL's aux for gl_InstanceID. */
    public static final int SYSVAL_INSTANCE_ID = 1;
    /** LOAD_SYSVAL's aux for gl_FrontFacing. */
    public static final int SYSVAL_FRONT_FACING = 2;
    /** How many system values LOAD_SYSVAL's aux names. */
    public static final int SYSVALS = 3;

    /** Whether system value {@code aux} is the vertex stage's (else the fragment stage's). */
    public static boolean vertexSysval(int aux) {
        return aux != SYSVAL_FRONT_FACING;
    }

    private static final Opcode[] BY_CODE = values();

    private final String mnemonic;
    private final IntegerForm integerForm;

    Opcode(String mnemonic) {
        this(mnemonic, null);
    }

    Opcode(String mnemonic, IntegerForm integerForm) {
        this.mnemonic = mnemonic;
        this.integerForm = integerForm;
    }

    /** How this integer opcode uses its operands, or null for the float and other opcodes. */
    public IntegerForm integerForm() {
        return integerForm;
    }

    /** Whether this is an integer-lane opcode that reads {@code a} (and writes dst). */
    public boolean isInteger() {
        return integerForm != null;
    }

    /** Whether this integer opcode reads operand {@code b}. */
    public boolean readsB() {
        return integerForm == IntegerForm.BINARY || integerForm == IntegerForm.COMPARE
                || integerForm == IntegerForm.FIELD;
    }

    /** The on-disk opcode number. */
    public int code() {
        return ordinal();
    }

    /** The name the IR dump prints. */
    public String mnemonic() {
        return mnemonic;
    }

    /** The opcode with this number, or {@code null} when the number names none. */
    public static Opcode of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Whether this opcode is one of csir's additions, which CSI version 1 cannot carry. */
    public boolean isVersion2Only() {
        return ordinal() > MAX_ORIGINAL_CODE;
    }

    /** Highest opcode number of the original (DISCARD): what CSI version 1 stores. */
    public static final int MAX_ORIGINAL_CODE = 32;

    /** Whether this opcode addresses registers or uniforms at a run-time index. */
    public boolean isIndexed() {
        return this == LOAD_INDEXED || this == STORE_INDEXED || this == LOAD_UNI_INDEXED;
    }

    /** Whether this is one of the derivatives, which read the other fragments of a quad. */
    public boolean isDerivative() {
        return this == DDX || this == DDY || this == DDX_FINE || this == DDY_FINE;
    }

    /** Highest valid opcode number (SAMPLE2). */
    public static final int MAX_CODE = 89;
}
