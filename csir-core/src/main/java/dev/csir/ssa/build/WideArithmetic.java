package dev.csir.ssa.build;

import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;

/**
 * uaddCarry, usubBorrow, umulExtended and imulExtended as 32-bit operations, so that every back
 * end has them from what it already has (SPIR-V's core integer ops, CSIR's integer lanes, the
 * evaluator): the carry is {@code sum < x}, the borrow {@code x < y}, and the high word of a
 * product comes from the 16-bit halves' four partial products, each exact in 32 bits. The signed
 * high word is the unsigned one less {@code y} where {@code x < 0} and less {@code x} where
 * {@code y < 0} (two's complement: x as unsigned is {@code x + 2^32} there).
 */
final class WideArithmetic {
    private final Builder b;

    WideArithmetic(Builder b) {
        this.b = b;
    }

    /** {x + y, 1 where it carried out of 32 bits, else 0}. */
    Value[] addCarry(Value x, Value y) {
        Value sum = b.binary(Opcode.ADD, x, y);
        return new Value[] {sum, oneWhere(b.compare(Opcode.LT, sum, x), x.type())};
    }

    /** {x - y, 1 where it borrowed (y > x), else 0}. */
    Value[] subBorrow(Value x, Value y) {
        Value difference = b.binary(Opcode.SUB, x, y);
        return new Value[] {difference, oneWhere(b.compare(Opcode.LT, x, y), x.type())};
    }

    /** {the high 32 bits of x * y, the low 32 bits}, unsigned. */
    Value[] multiplyUnsigned(Value x, Value y) {
        Type t = x.type();
        Value sixteen = uints(t, 16);
        Value low16 = uints(t, 0xFFFF);
        Value xl = b.binary(Opcode.BIT_AND, x, low16);
        Value xh = b.binary(Opcode.SHR, x, sixteen);
        Value yl = b.binary(Opcode.BIT_AND, y, low16);
        Value yh = b.binary(Opcode.SHR, y, sixteen);
        Value ll = b.binary(Opcode.MUL, xl, yl);
        Value lh = b.binary(Opcode.MUL, xl, yh);
        Value hl = b.binary(Opcode.MUL, xh, yl);
        Value hh = b.binary(Opcode.MUL, xh, yh);
        // bits 16..47: what carries out of the low word's upper half, below 3 * 2^16
        Value middle = b.binary(Opcode.ADD, b.binary(Opcode.SHR, ll, sixteen),
                b.binary(Opcode.ADD, b.binary(Opcode.BIT_AND, lh, low16), b.binary(Opcode.BIT_AND, hl, low16)));
        Value high = b.binary(Opcode.ADD, hh, b.binary(Opcode.ADD, b.binary(Opcode.SHR, lh, sixteen),
                b.binary(Opcode.ADD, b.binary(Opcode.SHR, hl, sixteen), b.binary(Opcode.SHR, middle, sixteen))));
        return new Value[] {high, b.binary(Opcode.MUL, x, y)};
    }

    /** {the high 32 bits of x * y, the low 32 bits}, signed. */
    Value[] multiplySigned(Value x, Value y) {
        Type t = x.type();
        Type u = t instanceof VectorType v ? new VectorType(ScalarType.UINT, v.size()) : ScalarType.UINT;
        Value ux = b.bitcast(u, x);
        Value uy = b.bitcast(u, y);
        Value[] product = multiplyUnsigned(ux, uy);
        Value zero = Constant.splat(t, Constant.ofInt(0));
        Value zeros = uints(u, 0);
        Value lessY = b.select(b.compare(Opcode.LT, x, zero), uy, zeros);
        Value lessX = b.select(b.compare(Opcode.LT, y, zero), ux, zeros);
        Value high = b.binary(Opcode.SUB, b.binary(Opcode.SUB, product[0], lessY), lessX);
        return new Value[] {b.bitcast(t, high), b.bitcast(t, product[1])};
    }

    /** 1 where {@code cond} holds, else 0, as the uints of {@code t}. */
    private Value oneWhere(Value cond, Type t) {
        return b.select(cond, uints(t, 1), uints(t, 0));
    }

    /** {@code k} in every component of a uint type {@code t}. */
    private static Value uints(Type t, int k) {
        if (t.scalarKind() != ScalarKind.UINT) {
            throw new IllegalArgumentException("uints of " + t);
        }
        return Constant.splat(t, Constant.ofUint(k));
    }
}
