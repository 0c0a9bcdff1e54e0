package dev.csir.gfx.testing;

import dev.csir.ir.InterfaceVar;
import dev.csir.ir.InterfaceVar.Kind;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.List;

/** Writes test shaders directly as CSIR: each method emits one instruction and returns its temporary. */
public final class IrAsm {
    private final Stage stage;
    private final IrBuilder b = new IrBuilder();
    private final List<InterfaceVar> vars = new ArrayList<>();

    public IrAsm(Stage stage) {
        this.stage = stage;
    }

    private int emit(Opcode op, Type ty, int ncomp, int a, int bb, int aux, int aux2) {
        int d = b.temp(Math.max(1, ty.isMatrix() ? ty.columns() : 1));
        b.emit(op, ty, ncomp, d, a, bb, aux, aux2);
        return d;
    }

    public int attribute(String name, Type ty, int location) {
        vars.add(new InterfaceVar(Kind.INPUT, name, ty, location));
        return emit(Opcode.LOAD_ATTR, ty, ty.components(), -1, -1, location, 0);
    }

    public int varyingIn(String name, Type ty, int slot) {
        vars.add(new InterfaceVar(Kind.INPUT, name, ty, slot));
        return emit(Opcode.LOAD_VAR, ty, ty.components(), -1, -1, slot, 0);
    }

    public void varyingOut(String name, Type ty, int slot, int src) {
        vars.add(new InterfaceVar(Kind.OUTPUT, name, ty, slot));
        b.emit(Opcode.STORE_VAR, ty, ty.components(), -1, src, -1, slot, 0);
    }

    public int uniform(String name, Type ty, int slot) {
        vars.add(new InterfaceVar(Kind.UNIFORM, name, ty, slot));
        int n = ty.uniformSlots();
        int d = b.temp(n);
        b.emit(Opcode.LOAD_UNI, ty, ty.components(), d, -1, -1, slot, n);
        return d;
    }

    public int sample(String sampler, int slot, int coord) {
        vars.add(new InterfaceVar(Kind.UNIFORM, sampler, Type.SAMPLER2D, slot));
        return emit(Opcode.SAMPLE, Type.VEC4, 4, coord, -1, slot, 0);
    }

    public int constant(float... v) {
        return b.constant(v);
    }

    /** A binary op (ADD, SUB, MUL, MIN, MAX) over {@code n} lanes. */
    public int op(Opcode op, int n, int x, int y) {
        return emit(op, Type.floatVector(n), n, x, y, 0, 0);
    }

    public int dot3(int x, int y) {
        return emit(Opcode.DOT, Type.FLOAT, 1, x, y, 3, 0);
    }

    public int rsq(int x) {
        return emit(Opcode.RSQ, Type.FLOAT, 1, x, -1, 0, 0);
    }

    /** Lane x broadcast to {@code n} lanes. */
    public int broadcast(int x, int n) {
        return emit(Opcode.SWZ, Type.floatVector(n), n, x, -1, 0, 0);
    }

    public int normalize3(int v) {
        return op(Opcode.MUL, 3, v, broadcast(rsq(dot3(v, v)), 3));
    }

    /** mat4 (four column temporaries) times vec4. */
    public int mulMatVec(int m, int v) {
        return emit(Opcode.MULMV, Type.VEC4, 4, m, v, 4, 0);
    }

    /** Writes the first {@code n} lanes of {@code src} into {@code dst} (dst keeps its other lanes). */
    public void moveInto(int dst, int src, int n) {
        b.emit(Opcode.MOV, Type.floatVector(n), n, dst, src, -1, 0xE4, 0);
    }

    public void position(int src) {
        b.emit(Opcode.STORE_POS, Type.VEC4, 4, -1, src, -1, 0, 0);
    }

    public void color(int src) {
        vars.add(new InterfaceVar(Kind.OUTPUT, "color", Type.VEC4, 0));
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, src, -1, 0, 0);
    }

    public ShaderIr build(String name) {
        if (b.failed()) {
            throw new IllegalStateException(b.failure());
        }
        return b.build(name, stage, ShaderInterface.of(stage, vars));
    }
}
