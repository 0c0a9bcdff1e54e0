package dev.csir.exec;

/**
 * Internal opcodes of the precompiled code. Each instruction is {@link #STRIDE} ints:
 * {@code op, d, a, b, x, n, -, -} where d/a/b are float offsets into the temporary file, n a
 * lane or float count and x an op-specific operand (mask, slot offset, constant offset, jump
 * target, column count, status ordinal).
 */
final class Ops {
    private Ops() {
    }

    static final int STRIDE = 8;
    static final int OP = 0, D = 1, A = 2, B = 3, X = 4, N = 5;

    static final int END = 0;
    static final int ERROR = 1;
    static final int CONST = 2;
    static final int MOV4 = 3;
    static final int MOV1 = 4;
    static final int MOVN = 5;
    static final int SWZ = 6;
    static final int ADD4 = 7;
    static final int ADDN = 8;
    static final int SUB4 = 9;
    static final int SUBN = 10;
    static final int MUL4 = 11;
    static final int MULN = 12;
    static final int MAX4 = 13;
    static final int MAXN = 14;
    static final int MIN4 = 15;
    static final int MINN = 16;
    static final int ABSN = 17;
    static final int DOT3 = 18;
    static final int DOT4 = 19;
    static final int DOTN = 20;
    static final int RSQ = 21;
    static final int RCP = 22;
    static final int SIN = 23;
    static final int COS = 24;
    static final int POW = 25;
    static final int TRUNC = 26;
    static final int CMP_LT = 27;
    static final int CMP_GT = 28;
    static final int CMP_LE = 29;
    static final int CMP_GE = 30;
    static final int CMP_EQ = 31;
    static final int CMP_NE = 32;
    static final int ZERO1 = 33;
    static final int MULMV = 34;
    static final int MULMM = 35;
    static final int SAMPLE = 36;
    static final int LOAD_ATTR = 37;
    static final int LOAD_VAR = 38;
    static final int LOAD_UNI = 39;
    static final int LOAD_FCOORD = 40;
    static final int ZERON = 41;
    static final int STORE_POS = 42;
    static final int STORE_VAR = 43;
    static final int STORE_COLOR = 44;
    static final int IF = 45;
    static final int JUMP = 46;
    static final int DISCARD = 47;
    static final int SWZ1 = 48;
}
