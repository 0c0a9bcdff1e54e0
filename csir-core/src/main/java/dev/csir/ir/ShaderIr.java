package dev.csir.ir;

import java.util.Arrays;
import java.util.List;

/**
 * A complete CSIR shader: stage, the linear instruction list (NOP holes included), the float
 * immediate pool, the temporary count and the interface. Immutable.
 *
 * <p>A side table holds the source position each instruction was lowered from, so errors found
 * after lowering (the TGSI budget) can be located; it is no part of the shader's value (not in
 * {@link #equals}, not in CSI blobs), and shaders from elsewhere have none (position 0).
 */
public final class ShaderIr {
    private final String name;
    private final Stage stage;
    private final Insn[] code;
    private final float[] immediates;
    private final int temps;
    private final ShaderInterface iface;
    /** Source line and column of each instruction (0 when unknown), or null for none at all. */
    private final int[] lines;
    private final int[] columns;
    /** The fragment shader asked for its depth and stencil tests before it runs (TGSI's FS_EARLY_DEPTH_STENCIL). */
    private boolean earlyFragmentTests;

    public ShaderIr(String name, Stage stage, List<Insn> code, float[] immediates, int temps,
            ShaderInterface iface) {
        this(name, stage, code, immediates, temps, iface, null, null);
    }

    /** A shader whose instruction i was lowered from {@code lines[i]:columns[i]} (arrays as long as code, or null). */
    public ShaderIr(String name, Stage stage, List<Insn> code, float[] immediates, int temps,
            ShaderInterface iface, int[] lines, int[] columns) {
        if (name == null || stage == null || code == null || immediates == null || iface == null) {
            throw new IllegalArgumentException("incomplete shader");
        }
        if (temps < 0) {
            throw new IllegalArgumentException("negative temporary count");
        }
        this.name = name;
        this.stage = stage;
        this.code = code.toArray(Insn[]::new);
        this.immediates = immediates.clone();
        this.temps = temps;
        this.iface = iface;
        if ((lines == null) != (columns == null)
                || (lines != null && (lines.length != code.size() || columns.length != code.size()))) {
            throw new IllegalArgumentException("source positions do not match the code");
        }
        this.lines = lines == null ? null : lines.clone();
        this.columns = columns == null ? null : columns.clone();
    }

    /** The source line instruction {@code index} was lowered from, 0 when unknown. */
    public int sourceLine(int index) {
        return lines == null ? 0 : lines[index];
    }

    /** The source column instruction {@code index} was lowered from, 0 when unknown. */
    public int sourceColumn(int index) {
        return columns == null ? 0 : columns[index];
    }

    public String name() {
        return name;
    }

    public Stage stage() {
        return stage;
    }

    /** The instructions, NOPs included. */
    public List<Insn> code() {
        return List.of(code);
    }

    public int size() {
        return code.length;
    }

    public Insn insn(int index) {
        return code[index];
    }

    /** A copy of the immediate pool. */
    public float[] immediates() {
        return immediates.clone();
    }

    public int immediateCount() {
        return immediates.length;
    }

    public float immediate(int index) {
        return immediates[index];
    }

    /** Temporaries ever allocated (the interpreter and TGSI declare this many). */
    public int temps() {
        return temps;
    }

    public ShaderInterface iface() {
        return iface;
    }

    /**
     * The same shader with other instructions (used by passes): record i keeps the source
     * position of record i when the count is unchanged (passes that rewrite in place).
     */
    public ShaderIr withCode(List<Insn> newCode) {
        boolean same = newCode.size() == code.length;
        return new ShaderIr(name, stage, newCode, immediates, temps, iface, same ? lines : null,
                same ? columns : null).withEarlyFragmentTests(earlyFragmentTests);
    }

    /** The same shader under another name. */
    public ShaderIr withName(String newName) {
        return new ShaderIr(newName, stage, List.of(code), immediates, temps, iface, lines, columns)
                .withEarlyFragmentTests(earlyFragmentTests);
    }

    /** The same shader with another interface. */
    public ShaderIr withInterface(ShaderInterface newIface) {
        return new ShaderIr(name, stage, List.of(code), immediates, temps, newIface, lines, columns)
                .withEarlyFragmentTests(earlyFragmentTests);
    }

    /** The same shader, asking (or not) for the depth and stencil tests before it runs. */
    public ShaderIr withEarlyFragmentTests(boolean early) {
        if (early == earlyFragmentTests) {
            return this;
        }
        ShaderIr s = new ShaderIr(name, stage, List.of(code), immediates, temps, iface, lines, columns);
        s.earlyFragmentTests = early;
        return s;
    }

    /**
     * Whether the fragment shader asked for the depth and stencil tests before it runs. Only the
     * TGSI text says so: CSIR's devices cannot tell (see {@code SoftwareDevice}'s note), and a CSI
     * blob does not keep it.
     */
    public boolean earlyFragmentTests() {
        return earlyFragmentTests;
    }

    /** Instructions that are not NOP. */
    public long liveCount() {
        return Arrays.stream(code).filter(i -> i.op() != Opcode.NOP.code()).count();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShaderIr s && name.equals(s.name) && stage == s.stage
                && Arrays.equals(code, s.code) && Arrays.equals(immediates, s.immediates)
                && temps == s.temps && iface.equals(s.iface);
    }

    @Override
    public int hashCode() {
        return (name.hashCode() * 31 + Arrays.hashCode(code)) * 31 + Arrays.hashCode(immediates);
    }

    @Override
    public String toString() {
        return "ShaderIr[" + name + ", " + stage.word() + ", " + code.length + " insns, "
                + immediates.length + " imms, " + temps + " temps]";
    }
}
