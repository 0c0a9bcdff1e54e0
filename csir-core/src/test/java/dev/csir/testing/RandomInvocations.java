package dev.csir.testing;

import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.types.AddressSpace;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.Random;

/**
 * Seeded random inputs for a module's entry point (every stage input, built-in or not, and every
 * member of every uniform block), so that two versions of one module can be run on the same
 * invocation and their outputs compared bit for bit.
 */
public final class RandomInvocations {
    private RandomInvocations() {
    }

    public static Invocation of(Module m, Random random) {
        Invocation inv = new Invocation();
        for (GlobalVariable g : m.globals()) {
            if (g.space() == AddressSpace.INPUT) {
                inv.input(g.name(), value(g.valueType(), random));
            } else if (g.space() == AddressSpace.UNIFORM && g.valueType() instanceof StructType s) {
                for (StructType.Member member : s.members()) {
                    if (member.type().isNumericOrBool()) {
                        inv.uniformMember(g.name(), member.name(), value(member.type(), random));
                    }
                }
            }
        }
        return inv;
    }

    /** A value of a scalar, vector or matrix type: floats in [-2, 2), ints in [-5, 5], bools either way. */
    public static Val.Num value(Type t, Random random) {
        long[] bits = new long[t.componentCount()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = switch (t.scalarKind()) {
                case BOOL -> random.nextBoolean() ? 1 : 0;
                case INT, UINT -> (random.nextInt(11) - 5) & 0xFFFF_FFFFL;
                case DOUBLE -> Double.doubleToRawLongBits(random.nextDouble() * 4 - 2);
                case FLOAT -> Float.floatToRawIntBits(random.nextFloat() * 4 - 2) & 0xFFFF_FFFFL;
            };
        }
        return Val.Num.of(t, bits);
    }

    /** The status and, when the invocation returned, the outputs of a run: what two equivalent modules share. */
    public static String outcome(Result r) {
        return r.status() == Result.Status.RETURNED ? "RETURNED " + r.outputs() : r.status().toString();
    }
}
