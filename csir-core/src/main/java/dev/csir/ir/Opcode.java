package dev.csir.ir;

/** The 33 CSIR opcodes, numbered as the CSI record stores them. */
public enum Opcode {
    NOP("nop"), CONST("const"), MOV("mov"), SWZ("swz"), SETLANE("lane"),
    ADD("add"), SUB("sub"), MUL("mul"), MAX("max"), MIN("min"), ABS("abs"), DOT("dot"),
    RSQ("rsq"), RCP("rcp"), SIN("sin"), COS("cos"), POW("pow"), TRUNC("trunc"), CMP("cmp"),
    MULMV("mul_mv"), MULMM("mul_mm"), SAMPLE("sample2d"),
    LOAD_ATTR("load_attr"), LOAD_VAR("load_var"), LOAD_UNI("load_uni"), LOAD_FCOORD("load_fragcoord"),
    STORE_POS("store_pos"), STORE_VAR("store_var"), STORE_COLOR("store_color"),
    IF("if"), ELSE("else"), ENDIF("endif"), DISCARD("discard");

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

    /** Highest valid opcode number (DISCARD). */
    public static final int MAX_CODE = 32;
}
