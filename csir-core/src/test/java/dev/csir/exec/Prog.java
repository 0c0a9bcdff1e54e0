package dev.csir.exec;

import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.Arrays;

/** Test fixture: hand-builds CSIR with {@link IrBuilder} and runs it. */
final class Prog {
    final IrBuilder b = new IrBuilder();
    private final Stage stage;

    private Prog(Stage stage) {
        this.stage = stage;
    }

    static Prog fragment() {
        return new Prog(Stage.FRAGMENT);
    }

    static Prog vertex() {
        return new Prog(Stage.VERTEX);
    }

    int temp() {
        return b.temp();
    }

    int temps(int n) {
        return b.temp(n);
    }

    /** A CONST of these values into a new temporary. */
    int vec(float... v) {
        return b.constant(v);
    }

    /** Emits an instruction (c = -1) and returns its destination. */
    int op(Opcode op, int ncomp, int dst, int a, int bb, int aux, int aux2) {
        b.emit(op, Type.VEC4, ncomp, dst, a, bb, aux, aux2);
        return dst;
    }

    int op(Opcode op, int ncomp, int dst, int a, int bb) {
        return op(op, ncomp, dst, a, bb, 0, 0);
    }

    /** An instruction with a fresh destination temporary. */
    int fresh(Opcode op, int ncomp, int a, int bb, int aux) {
        return op(op, ncomp, temp(), a, bb, aux, 0);
    }

    void store(Opcode op, int a, int aux) {
        b.emit(op, Type.VEC4, 4, -1, a, -1, aux, 0);
    }

    void control(Opcode op, int a) {
        b.emit(op, Type.NONE, 0, -1, a, -1, 0, 0);
    }

    ShaderIr ir() {
        return b.build("test." + stage.extension(), stage, ShaderInterface.EMPTY);
    }

    Interpreter interpreter(int[] remap) {
        return Interpreter.literal(ir(), remap);
    }

    /** Runs once with fresh inputs. */
    Frame run() {
        Interpreter in = interpreter(null);
        Frame f = in.newFrame();
        in.run(f);
        return f;
    }

    static float[] reg(Frame f, int t) {
        return Arrays.copyOfRange(f.temps, t * 4, t * 4 + 4);
    }
}
