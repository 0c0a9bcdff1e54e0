package dev.csir.ir;

import dev.csir.diag.Messages;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Appends CSIR instructions, allocates temporaries and immediates against a {@link Limits}.
 * A pool overflow records the documented message (the first one wins) and makes every later
 * allocation fail with -1, so a caller can keep going and report once.
 */
public final class IrBuilder {
    private final Limits limits;
    private final List<Insn> code = new ArrayList<>();
    private float[] imms = new float[16];
    private int nimm;
    private int temps;
    private String failure;

    public IrBuilder(Limits limits) {
        this.limits = limits;
    }

    public IrBuilder() {
        this(Limits.DEFAULT);
    }

    public Limits limits() {
        return limits;
    }

    /** Allocates {@code n} consecutive temporaries; returns the first, or -1 past the limit. */
    public int temp(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("temporary span " + n);
        }
        if (temps + n > limits.maxTemporaries()) {
            fail(Messages.TEMPORARY_LIMIT);
            return -1;
        }
        int base = temps;
        temps += n;
        return base;
    }

    public int temp() {
        return temp(1);
    }

    /** Appends immediates; returns the index of the first, or -1 past the limit. */
    public int immediates(float... values) {
        if (nimm + values.length > limits.maxImmediates()) {
            fail(Messages.IMMEDIATE_LIMIT);
            return -1;
        }
        if (nimm + values.length > imms.length) {
            imms = Arrays.copyOf(imms, Math.max(imms.length * 2, nimm + values.length));
        }
        System.arraycopy(values, 0, imms, nimm, values.length);
        int base = nimm;
        nimm += values.length;
        return base;
    }

    /** Appends an instruction; returns its index, or -1 past the limit. */
    public int emit(Insn insn) {
        if (code.size() >= limits.maxInstructions()) {
            fail(Messages.INSTRUCTION_LIMIT);
            return -1;
        }
        code.add(insn);
        return code.size() - 1;
    }

    public int emit(Opcode op, Type ty, int ncomp, int dst, int a, int b, int aux, int aux2) {
        return emit(Insn.of(op, ty, ncomp, dst, a, b, aux, aux2));
    }

    /**
     * Emits a CONST of 1..4 values into a new temporary; returns the temporary or -1.
     * Unlike the original, the unused operand fields are -1 (no phantom use of temporary 0).
     */
    public int constant(float... values) {
        if (values.length < 1 || values.length > 4) {
            throw new IllegalArgumentException("constant of " + values.length + " values");
        }
        int t = temp();
        int k = immediates(values);
        if (t < 0 || k < 0) {
            return -1;
        }
        emit(Opcode.CONST, Type.floatVector(values.length), values.length, t, -1, -1, k, 0);
        return t;
    }

    /** Replaces the instruction at {@code index} (for back-patching). */
    public void set(int index, Insn insn) {
        code.set(index, insn);
    }

    public Insn get(int index) {
        return code.get(index);
    }

    public int size() {
        return code.size();
    }

    public int temps() {
        return temps;
    }

    public int immediateCount() {
        return nimm;
    }

    public boolean failed() {
        return failure != null;
    }

    /** The first pool overflow message, or {@code null}. */
    public String failure() {
        return failure;
    }

    /** Records an overflow (or another fatal build error) unless one is already recorded. */
    public void fail(String message) {
        if (failure == null) {
            failure = message;
        }
    }

    /** The shader built so far. */
    public ShaderIr build(String name, Stage stage, ShaderInterface iface) {
        return new ShaderIr(name, stage, code, Arrays.copyOf(imms, nimm), temps, iface);
    }
}
