package dev.csir.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Cmp;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeadResultsTest {

    private static ShaderIr vertex(IrBuilder b) {
        return b.build("t.vert", Stage.VERTEX, ShaderInterface.EMPTY);
    }

    @Test
    void unusedPureResultBecomesNop() {
        IrBuilder b = new IrBuilder();
        int live = b.constant(1, 2, 3, 4);
        int dead = b.constant(5);
        b.emit(Opcode.STORE_POS, Type.NONE, 4, -1, live, -1, 0, 0);
        ShaderIr before = vertex(b);
        ShaderIr after = DeadResults.run(before);
        assertThat(DeadResults.removed(before, after)).containsExactly(1);
        assertThat(after.insn(1).dst()).isEqualTo(dead);
        assertThat(after.liveCount()).isEqualTo(2);
    }

    @Test
    void removalCascadesThroughChains() {
        IrBuilder b = new IrBuilder();
        int c = b.constant(1);
        int m1 = b.temp();
        b.emit(Opcode.MOV, Type.FLOAT, 1, m1, c, -1, 0, 0);
        int m2 = b.temp();
        b.emit(Opcode.MOV, Type.FLOAT, 1, m2, m1, -1, 0, 0);
        int m3 = b.temp();
        b.emit(Opcode.ADD, Type.FLOAT, 1, m3, m2, m2, 0, 0);
        int pos = b.constant(0, 0, 0, 1);
        b.emit(Opcode.STORE_POS, Type.NONE, 4, -1, pos, -1, 0, 0);
        ShaderIr before = vertex(b);
        assertThat(DeadResults.removed(before, DeadResults.run(before))).containsExactly(0, 1, 2, 3);
    }

    @Test
    void matrixColumnsReadByMultiplyStayAlive() {
        IrBuilder b = new IrBuilder();
        int m = b.temp(4);
        for (int col = 0; col < 4; col++) {
            int k = b.constant(col, col, col, col);
            b.emit(Opcode.MOV, Type.VEC4, 4, m + col, k, -1, 0, 0);
        }
        int v = b.constant(1, 1, 1, 1);
        int r = b.temp();
        b.emit(Opcode.MULMV, Type.VEC4, 4, r, m, v, 4, 0);
        b.emit(Opcode.STORE_POS, Type.NONE, 4, -1, r, -1, 0, 0);
        ShaderIr before = vertex(b);
        assertThat(DeadResults.removed(before, DeadResults.run(before))).isEmpty();
    }

    @Test
    void mulmmReadsEveryColumnOfBothOperands() {
        IrBuilder b = new IrBuilder();
        int x = b.temp(3);
        int y = b.temp(3);
        for (int col = 0; col < 3; col++) {
            int k = b.constant(col);
            b.emit(Opcode.MOV, Type.VEC3, 3, x + col, k, -1, 0, 0);
            b.emit(Opcode.MOV, Type.VEC3, 3, y + col, k, -1, 0, 0);
        }
        int r = b.temp(3);
        b.emit(Opcode.MULMM, Type.MAT3, 3, r, x, y, 3, 0);
        ShaderIr before = vertex(b);
        // MULMM is never removed, so everything feeding it stays.
        assertThat(DeadResults.removed(before, DeadResults.run(before))).isEmpty();
    }

    @Test
    void setlaneKeepsEarlierWritesOfItsDestination() {
        IrBuilder b = new IrBuilder();
        int zero = b.constant(0, 0, 0, 0);
        int v = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, v, zero, -1, 0, 0);
        int one = b.constant(1);
        b.emit(Opcode.SETLANE, Type.VEC4, 1, v, one, -1, 3, 0);
        ShaderIr before = vertex(b);
        // Nothing reads v except the SETLANE itself; the MOV before it must stay, as must SETLANE.
        assertThat(DeadResults.removed(before, DeadResults.run(before))).isEmpty();
    }

    @Test
    void controlFlowAndSideEffectsAreKept() {
        IrBuilder b = new IrBuilder();
        int a = b.constant(1);
        int c = b.temp();
        b.emit(Opcode.CMP, Type.BOOL, 1, c, a, a, Cmp.EQ.code(), 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
        b.emit(Opcode.DISCARD, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        int u = b.temp();
        b.emit(Opcode.LOAD_UNI, Type.VEC4, 4, u, -1, -1, 0, 1);
        ShaderIr ir = b.build("t.frag", Stage.FRAGMENT, ShaderInterface.of(Stage.FRAGMENT,
                List.of(new InterfaceVar(InterfaceVar.Kind.UNIFORM, "u", Type.VEC4, 0))));
        assertThat(DeadResults.removed(ir, DeadResults.run(ir))).isEmpty();
    }

    @Test
    void unchangedShaderIsReturnedAsIs() {
        IrBuilder b = new IrBuilder();
        int pos = b.constant(0, 0, 0, 1);
        b.emit(Opcode.STORE_POS, Type.NONE, 4, -1, pos, -1, 0, 0);
        ShaderIr ir = vertex(b);
        assertThat(DeadResults.run(ir)).isSameAs(ir);
    }
}
