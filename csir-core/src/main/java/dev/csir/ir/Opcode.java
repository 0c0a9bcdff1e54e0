package dev.csir.ir;

/**
 * The CSIR opcodes, numbered as the CSI record stores them: the original's 33 (NOP 0 ... DISCARD
 * 32), then the structured loops, which only CSI version 2 stores (see {@link #isVersion2Only()}).
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
    FETCH("fetch2d");

    private static final Opcode[] BY_CODE = values();

    private final String mnemonic;

    Opcode(String mnemonic) {
        this.mnemonic = mnemonic;
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

    /** Highest valid opcode number (TEXSIZE). */
    public static final int MAX_CODE = 42;
}
