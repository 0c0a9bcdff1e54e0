package dev.csir.tgsi;

import dev.csir.ir.InterfaceVar;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.List;

/** Builds vertex shaders whose TGSI text has an exact length, for the budget boundary. */
public final class BudgetShaders {
    private BudgetShaders() {
    }

    /**
     * A shader of k copies {@code MOV TEMP[d], TEMP[0]}, where {@code longs} of them write TEMP[10]
     * instead of TEMP[1]: each of those adds exactly one byte and leaves everything else alone.
     */
    static ShaderIr movs(int k, int longs) {
        IrBuilder b = new IrBuilder();
        b.temp(11);
        b.emit(Opcode.LOAD_ATTR, Type.VEC4, 4, 0, -1, -1, 0, 0);
        for (int i = 0; i < k; i++) {
            b.emit(Opcode.MOV, Type.VEC4, 4, i < longs ? 10 : 1, 0, -1, 0, 0);
        }
        b.emit(Opcode.STORE_POS, Type.VEC4, 4, -1, 0, -1, 0, 0);
        return b.build("budget", Stage.VERTEX, ShaderInterface.of(Stage.VERTEX,
                List.of(new InterfaceVar(InterfaceVar.Kind.INPUT, "aPos", Type.VEC4, 0))));
    }

    /** A shader whose text is exactly {@code length} bytes (measured with an unbounded budget). */
    public static ShaderIr ofLength(int length) {
        int k = 0;
        while (measure(movs(k + 1, 0)) <= length) {
            k++;
        }
        int deficit = length - measure(movs(k, 0));
        if (deficit > k) {
            throw new IllegalStateException("cannot reach " + length + " bytes");
        }
        ShaderIr ir = movs(k, deficit);
        if (measure(ir) != length) {
            throw new IllegalStateException("length " + measure(ir) + " instead of " + length);
        }
        return ir;
    }

    private static int measure(ShaderIr ir) {
        TgsiResult r = TgsiEmitter.emit(ir, null, TgsiEmitterTest.budget(1 << 20));
        return ((TgsiResult.Ok) r).text().length();
    }
}
