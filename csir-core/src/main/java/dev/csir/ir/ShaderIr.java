package dev.csir.ir;

import java.util.Arrays;
import java.util.List;

/**
 * A complete CSIR shader: stage, the linear instruction list (NOP holes included), the float
 * immediate pool, the temporary count and the interface. Immutable.
 */
public final class ShaderIr {
    private final String name;
    private final Stage stage;
    private final Insn[] code;
    private final float[] immediates;
    private final int temps;
    private final ShaderInterface iface;

    public ShaderIr(String name, Stage stage, List<Insn> code, float[] immediates, int temps,
            ShaderInterface iface) {
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

    /** The same shader with other instructions (used by passes). */
    public ShaderIr withCode(List<Insn> newCode) {
        return new ShaderIr(name, stage, newCode, immediates, temps, iface);
    }

    /** The same shader under another name. */
    public ShaderIr withName(String newName) {
        return new ShaderIr(newName, stage, List.of(code), immediates, temps, iface);
    }

    /** The same shader with another interface. */
    public ShaderIr withInterface(ShaderInterface newIface) {
        return new ShaderIr(name, stage, List.of(code), immediates, temps, newIface);
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
