package dev.csir.exec;

import dev.csir.ir.Opcode;

/**
 * The integer opcodes on one lane, for the interpreter and the compiled batches alike (both call
 * these methods, so they agree bit for bit). A lane is a float slot of the temporary file that
 * holds the 32-bit pattern: {@link Float#floatToRawIntBits} reads it and
 * {@link Float#intBitsToFloat} writes it, which keeps every pattern, NaN payloads included, on
 * the JVMs csir runs on (x86-64 and AArch64 move floats as bits). The semantics are those of
 * {@link Opcode}'s class comment, which the transform-IR evaluator shares.
 */
final class IntLanes {
    private IntLanes() {
    }

    /** Kinds of the binary opcodes, the interpreter's X word of {@link Ops#IBIN}. */
    static final int ADD = 0, MUL = 1, DIV = 2, UDIV = 3, MOD = 4, UMOD = 5, SHL = 6, SHR = 7, USHR = 8,
            AND = 9, OR = 10, XOR = 11, MIN = 12, MAX = 13, UMIN = 14, UMAX = 15;
    /** Kinds of the unary opcodes ({@link Ops#IUN}). */
    static final int NEG = 0, NOT = 1, ABS = 2, SSG = 3, BREV = 4, POPC = 5, LSB = 6, IMSB = 7, UMSB = 8,
            I2F = 9, U2F = 10, F2I = 11, F2U = 12,
            /** An 8-bit texel channel read as a float (k / 255) to the integer k: an integer sampler's lanes. */
            UNORM8 = 13;

    /** The method each binary kind runs, by kind (what the batch compiler calls). */
    static final String[] BINARY = {"iadd", "imul", "idiv", "udiv", "imod", "umod", "shl", "ishr", "ushr",
        "and", "or", "xor", "imin", "imax", "umin", "umax"};
    /** The method each unary kind runs, by kind. */
    static final String[] UNARY = {"ineg", "not", "iabs", "issg", "brev", "popc", "lsb", "imsb", "umsb",
        "i2f", "u2f", "f2i", "f2u", "unorm8"};

    /** The binary kind of an opcode, or -1. */
    static int binaryKind(Opcode op) {
        return switch (op) {
            case IADD -> ADD;
            case IMUL -> MUL;
            case IDIV -> DIV;
            case UDIV -> UDIV;
            case IMOD -> MOD;
            case UMOD -> UMOD;
            case SHL -> SHL;
            case ISHR -> SHR;
            case USHR -> USHR;
            case AND -> AND;
            case OR -> OR;
            case XOR -> XOR;
            case IMIN -> MIN;
            case IMAX -> MAX;
            case UMIN -> UMIN;
            case UMAX -> UMAX;
            default -> -1;
        };
    }

    /** The unary kind of an opcode, or -1. */
    static int unaryKind(Opcode op) {
        return switch (op) {
            case INEG -> NEG;
            case NOT -> NOT;
            case IABS -> ABS;
            case ISSG -> SSG;
            case BREV -> BREV;
            case POPC -> POPC;
            case LSB -> LSB;
            case IMSB -> IMSB;
            case UMSB -> UMSB;
            case I2F -> I2F;
            case U2F -> U2F;
            case F2I -> F2I;
            case F2U -> F2U;
            default -> -1;
        };
    }

    static float binary(int kind, float a, float b) {
        return switch (kind) {
            case ADD -> iadd(a, b);
            case MUL -> imul(a, b);
            case DIV -> idiv(a, b);
            case UDIV -> udiv(a, b);
            case MOD -> imod(a, b);
            case UMOD -> umod(a, b);
            case SHL -> shl(a, b);
            case SHR -> ishr(a, b);
            case USHR -> ushr(a, b);
            case AND -> and(a, b);
            case OR -> or(a, b);
            case XOR -> xor(a, b);
            case MIN -> imin(a, b);
            case MAX -> imax(a, b);
            case UMIN -> umin(a, b);
            default -> umax(a, b);
        };
    }

    static float unary(int kind, float a) {
        return switch (kind) {
            case NEG -> ineg(a);
            case NOT -> not(a);
            case ABS -> iabs(a);
            case SSG -> issg(a);
            case BREV -> brev(a);
            case POPC -> popc(a);
            case LSB -> lsb(a);
            case IMSB -> imsb(a);
            case UMSB -> umsb(a);
            case I2F -> i2f(a);
            case U2F -> u2f(a);
            case F2I -> f2i(a);
            case UNORM8 -> unorm8(a);
            default -> f2u(a);
        };
    }

    private static int i(float x) {
        return Float.floatToRawIntBits(x);
    }

    private static float f(int x) {
        return Float.intBitsToFloat(x);
    }

    static float iadd(float a, float b) {
        return f(i(a) + i(b));
    }

    static float imul(float a, float b) {
        return f(i(a) * i(b));
    }

    /** Division by zero gives 0; INT_MIN / -1 is INT_MIN (Java's own wrap). */
    static float idiv(float a, float b) {
        int y = i(b);
        return y == 0 ? 0f : f(i(a) / y);
    }

    static float udiv(float a, float b) {
        int y = i(b);
        return y == 0 ? 0f : f(Integer.divideUnsigned(i(a), y));
    }

    /** The sign of the dividend; by zero 0; INT_MIN % -1 is 0. */
    static float imod(float a, float b) {
        int y = i(b);
        return y == 0 ? 0f : f(i(a) % y);
    }

    static float umod(float a, float b) {
        int y = i(b);
        return y == 0 ? 0f : f(Integer.remainderUnsigned(i(a), y));
    }

    static float shl(float a, float b) {
        return f(i(a) << i(b));
    }

    static float ishr(float a, float b) {
        return f(i(a) >> i(b));
    }

    static float ushr(float a, float b) {
        return f(i(a) >>> i(b));
    }

    static float and(float a, float b) {
        return f(i(a) & i(b));
    }

    static float or(float a, float b) {
        return f(i(a) | i(b));
    }

    static float xor(float a, float b) {
        return f(i(a) ^ i(b));
    }

    static float imin(float a, float b) {
        return f(Math.min(i(a), i(b)));
    }

    static float imax(float a, float b) {
        return f(Math.max(i(a), i(b)));
    }

    static float umin(float a, float b) {
        return Integer.compareUnsigned(i(a), i(b)) <= 0 ? a : b;
    }

    static float umax(float a, float b) {
        return Integer.compareUnsigned(i(a), i(b)) >= 0 ? a : b;
    }

    static float ineg(float a) {
        return f(-i(a));
    }

    static float not(float a) {
        return f(~i(a));
    }

    /** |INT_MIN| wraps to INT_MIN. */
    static float iabs(float a) {
        return f(Math.abs(i(a)));
    }

    static float issg(float a) {
        return f(Integer.signum(i(a)));
    }

    static float brev(float a) {
        return f(Integer.reverse(i(a)));
    }

    static float popc(float a) {
        return f(Integer.bitCount(i(a)));
    }

    /** The lowest set bit, -1 for 0. */
    static float lsb(float a) {
        int x = i(a);
        return f(x == 0 ? -1 : Integer.numberOfTrailingZeros(x));
    }

    /** The highest bit that differs from the sign bit, -1 for 0 and -1. */
    static float imsb(float a) {
        int x = i(a);
        return f(31 - Integer.numberOfLeadingZeros(x < 0 ? ~x : x));
    }

    /** The highest set bit, -1 for 0. */
    static float umsb(float a) {
        return f(31 - Integer.numberOfLeadingZeros(i(a)));
    }

    static float i2f(float a) {
        return (float) i(a);
    }

    /** {@code k / 255f} back to k (exact for every k in 0..255), as an integer lane. */
    static float unorm8(float a) {
        return f(Math.round(a * 255f));
    }

    static float u2f(float a) {
        return (float) (i(a) & 0xFFFF_FFFFL);
    }

    /** Truncation toward zero, saturating, NaN 0 (Java's conversion). */
    static float f2i(float a) {
        return f((int) a);
    }

    /** Truncation toward zero, saturating at 0 and 2^32-1, NaN 0. */
    static float f2u(float a) {
        if (!(a > -1f)) {
            return 0f; // NaN and every value that truncates below 0
        }
        return a >= 4294967296f ? f(-1) : f((int) (long) a);
    }

    /** A comparison of lane x by a {@link dev.csir.ir.Cmp} code (1 LT ... 6 NE): 1.0 or 0.0. */
    static float icmp(int code, float a, float b) {
        return holds(code, Integer.compare(i(a), i(b))) ? 1f : 0f;
    }

    static float ucmp(int code, float a, float b) {
        return holds(code, Integer.compareUnsigned(i(a), i(b))) ? 1f : 0f;
    }

    private static boolean holds(int code, int order) {
        return switch (code) {
            case 1 -> order < 0;
            case 2 -> order > 0;
            case 3 -> order <= 0;
            case 4 -> order >= 0;
            case 5 -> order == 0;
            case 6 -> order != 0;
            default -> false;
        };
    }

    /** bitfieldExtract of lane {@code a}: 0 outside 0 <= offset, 0 <= bits, offset + bits <= 32. */
    static float ibfe(float a, int offset, int bits) {
        if (!fieldInRange(offset, bits) || bits == 0) {
            return 0f;
        }
        return f(i(a) << (32 - offset - bits) >> (32 - bits));
    }

    static float ubfe(float a, int offset, int bits) {
        if (!fieldInRange(offset, bits) || bits == 0) {
            return 0f;
        }
        return f(i(a) << (32 - offset - bits) >>> (32 - bits));
    }

    /** The field's offset or bit count as the integer a lane holds. */
    static int field(float lane) {
        return i(lane);
    }

    private static boolean fieldInRange(int offset, int bits) {
        return offset >= 0 && bits >= 0 && offset <= 32 - bits;
    }
}
