package dev.csir.ir;

import dev.csir.diag.Messages;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Appends CSIR instructions, allocates temporaries and immediates against a {@link Limits}, and
 * records the source position each instruction was lowered from.
 *
 * <p>A pool overflow records which pool overflowed first and where ({@link #at}), then the builder
 * keeps allocating past the limits, so lowering can finish and the message can say how much the
 * shader needs in all. Only at {@link #CAP} of any pool does it stop: every later allocation
 * fails with -1 and the totals are lower bounds. A builder that failed builds no shader.
 */
public final class IrBuilder {
    /** Counting past a limit stops at this many records, temporaries or immediates. */
    public static final int CAP = Short.MAX_VALUE;

    private enum Pool { TEMPORARIES, IMMEDIATES, INSTRUCTIONS }

    private final Limits limits;
    private final List<Insn> code = new ArrayList<>();
    private int[] lines = new int[64];
    private int[] columns = new int[64];
    private float[] imms = new float[16];
    private int nimm;
    private int temps;
    private int line;
    private int column;
    private Pool overflow;
    private int overflowLine;
    private int overflowColumn;
    private boolean capped;

    public IrBuilder(Limits limits) {
        this.limits = limits;
    }

    public IrBuilder() {
        this(Limits.DEFAULT);
    }

    /** Sets the source position of what is lowered next (0 for none). */
    public void at(int line, int column) {
        this.line = line;
        this.column = column;
    }

    /** The current source line, 0 for none. */
    public int line() {
        return line;
    }

    /** The current source column, 0 for none. */
    public int column() {
        return column;
    }

    public Limits limits() {
        return limits;
    }

    /** Allocates {@code n} consecutive temporaries; returns the first, or -1 once counting stopped. */
    public int temp(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("temporary span " + n);
        }
        if (!admit(Pool.TEMPORARIES, temps + n, limits.maxTemporaries())) {
            return -1;
        }
        int base = temps;
        temps += n;
        return base;
    }

    /** Whether a pool may grow to {@code total}: notes the first overflow, stops counting at the cap. */
    private boolean admit(Pool pool, int total, int limit) {
        if (capped || total > CAP) {
            capped = true;
            noteOverflow(pool);
            return false;
        }
        if (total > limit) {
            noteOverflow(pool);
        }
        return true;
    }

    private void noteOverflow(Pool pool) {
        if (overflow == null) {
            overflow = pool;
            overflowLine = line;
            overflowColumn = column;
        }
    }

    public int temp() {
        return temp(1);
    }

    /** Appends immediates; returns the index of the first, or -1 once counting stopped. */
    public int immediates(float... values) {
        if (!admit(Pool.IMMEDIATES, nimm + values.length, limits.maxImmediates())) {
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

    /** Appends an instruction at the current source position; returns its index, or -1 once counting stopped. */
    public int emit(Insn insn) {
        int index = code.size();
        if (!admit(Pool.INSTRUCTIONS, index + 1, limits.maxInstructions())) {
            return -1;
        }
        if (index == lines.length) {
            lines = Arrays.copyOf(lines, index * 2);
            columns = Arrays.copyOf(columns, index * 2);
        }
        lines[index] = line;
        columns[index] = column;
        code.add(insn);
        return index;
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

    /** True once a pool overflowed. */
    public boolean failed() {
        return overflow != null;
    }

    /** True once counting stopped at {@link #CAP}: lowering should stop, the totals are lower bounds. */
    public boolean capped() {
        return capped;
    }

    /**
     * The message of the first pool overflow, or {@code null}: the pool's total so far against its
     * limit. {@code exact} says the total is all the shader needs (lowering ran to the end).
     */
    public String failure(boolean exact) {
        if (overflow == null) {
            return null;
        }
        boolean all = exact && !capped;
        // a pool counted to the cap needs at least one more than it holds
        int more = capped ? 1 : 0;
        return switch (overflow) {
            case TEMPORARIES -> Messages.temporaryLimit(temps + more, all, limits.maxTemporaries());
            case IMMEDIATES -> Messages.immediateLimit(nimm + more, all, limits.maxImmediates());
            case INSTRUCTIONS -> Messages.instructionLimit(code.size() + more, all, limits.maxInstructions());
        };
    }

    /** Source line of what crossed the first overflowed limit, 0 for none. */
    public int failureLine() {
        return overflowLine;
    }

    /** Source column of what crossed the first overflowed limit, 0 for none. */
    public int failureColumn() {
        return overflowColumn;
    }

    /**
     * The shader built so far, each instruction with its source position (past a limit too,
     * which the verifier then refuses).
     */
    public ShaderIr build(String name, Stage stage, ShaderInterface iface) {
        int n = code.size();
        return new ShaderIr(name, stage, code, Arrays.copyOf(imms, nimm), temps, iface,
                Arrays.copyOf(lines, n), Arrays.copyOf(columns, n));
    }
}
