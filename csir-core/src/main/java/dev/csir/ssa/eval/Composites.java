package dev.csir.ssa.eval;

import dev.csir.ssa.Instruction;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.List;

/**
 * The composite opcodes. Constant index paths ({@code extract}, {@code insert}, {@code shuffle}
 * lanes) out of range are verifier errors and trap; a run-time index out of range makes
 * {@code extractdyn} yield 0 and {@code insertdyn} yield the vector unchanged.
 */
final class Composites {
    private Composites() {
    }

    static Val apply(Instruction insn, List<Val> ops, Notes notes) {
        Type type = insn.type();
        return switch (insn.op()) {
            case CONSTRUCT -> construct(type, ops);
            case EXTRACT -> {
                Val v = ops.get(0);
                for (int i : insn.immediates()) {
                    v = v == null ? null : Val.element(v, i);
                }
                if (v == null) {
                    throw Stop.trap("extract path out of range in " + ops.get(0).type());
                }
                yield v;
            }
            case INSERT -> {
                Val v = replace(ops.get(1), insn.immediates(), ops.get(0));
                if (v == null) {
                    throw Stop.trap("insert of " + ops.get(0).type() + " at a path out of range in "
                            + ops.get(1).type());
                }
                yield v;
            }
            case SHUFFLE -> shuffle(type, Interpreter.num(ops.get(0)), Interpreter.num(ops.get(1)), insn.immediates());
            case EXTRACT_DYNAMIC -> {
                Val.Num v = vector(ops.get(0));
                long i = Memory.index(ops.get(1));
                if (i < 0 || i >= v.size()) {
                    notes.undefined("extractdyn index " + i + " out of range (yields 0)");
                    yield Val.zero(type);
                }
                yield Val.element(v, (int) i);
            }
            case INSERT_DYNAMIC -> {
                Val.Num v = vector(ops.get(0));
                long i = Memory.index(ops.get(2));
                if (i < 0 || i >= v.size()) {
                    notes.undefined("insertdyn index " + i + " out of range (vector unchanged)");
                    yield v;
                }
                Val r = Val.with(v, (int) i, ops.get(1));
                if (r == null) {
                    throw Stop.trap("insertdyn of " + ops.get(1).type() + " into " + v.type());
                }
                yield r;
            }
            default -> throw Stop.trap(insn.op().mnemonic() + " is not a composite opcode");
        };
    }

    /**
     * A vector from scalars and vectors of its component type (their components in order), a
     * matrix from its columns, an array or struct from its elements.
     */
    private static Val construct(Type type, List<Val> ops) {
        if (type instanceof VectorType || type instanceof MatrixType) {
            Type part = type instanceof MatrixType m ? m.columnType() : ((VectorType) type).component();
            long[] bits = new long[type.componentCount()];
            int at = 0;
            for (Val v : ops) {
                boolean fits = v.type().equals(part)
                        || type instanceof VectorType t && v.type() instanceof VectorType u
                                && u.component().equals(t.component());
                if (!fits || at + v.type().componentCount() > bits.length) {
                    throw Stop.trap("construct " + type + " from " + v.type());
                }
                long[] raw = ((Val.Num) v).raw();
                System.arraycopy(raw, 0, bits, at, raw.length);
                at += raw.length;
            }
            if (at != bits.length) {
                throw Stop.trap("construct " + type + " from " + at + " components");
            }
            return new Val.Num(type, bits);
        }
        if (!(type instanceof ArrayType a && !a.isRuntimeSized() || type instanceof StructType)) {
            throw Stop.trap("construct of " + type);
        }
        try {
            return Val.Agg.of(type, ops.toArray(Val[]::new));
        } catch (IllegalArgumentException e) {
            throw Stop.trap("construct " + type + " from " + ops.stream().map(Val::type).toList());
        }
    }

    /** Lanes of a then b (a lane of -1 reads 0, as SPIR-V's undefined lane); one lane yields a scalar. */
    private static Val shuffle(Type type, Val.Num a, Val.Num b, int[] lanes) {
        if (!(a.type() instanceof VectorType va) || !(b.type() instanceof VectorType vb)
                || !va.component().equals(vb.component()) || type.componentCount() != lanes.length) {
            throw Stop.trap("shuffle of " + a.type() + " and " + b.type() + " to " + type);
        }
        long[] out = new long[lanes.length];
        for (int i = 0; i < lanes.length; i++) {
            int l = lanes[i];
            if (l < -1 || l >= a.size() + b.size()) {
                throw Stop.trap("shuffle lane " + l + " out of range");
            }
            out[i] = l == -1 ? 0 : l < a.size() ? a.bits(l) : b.bits(l - a.size());
        }
        return Val.Num.of(type, out);
    }

    private static Val.Num vector(Val v) {
        if (v instanceof Val.Num n && n.type() instanceof VectorType) {
            return n;
        }
        throw Stop.trap("operand of type " + v.type() + " where a vector belongs");
    }

    /** {@code v} with the element at {@code path} replaced by {@code value}; null when the path is out of range. */
    static Val replace(Val v, int[] path, Val value) {
        return replace(v, path, 0, value);
    }

    private static Val replace(Val v, int[] path, int at, Val value) {
        if (at == path.length) {
            return v.type().equals(value.type()) ? value : null;
        }
        Val inner = Val.element(v, path[at]);
        Val updated = inner == null ? null : replace(inner, path, at + 1, value);
        return updated == null ? null : Val.with(v, path[at], updated);
    }
}
