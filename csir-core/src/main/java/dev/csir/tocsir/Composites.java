package dev.csir.tocsir;

import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.List;

/** Vectors and matrices built, taken apart and indexed: MOV and SETLANE, swizzles, IFs on a run-time index. */
final class Composites {
    private final Selector s;

    Composites(Selector s) {
        this.s = s;
    }

    void construct(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        Type t = i.type();
        if (t instanceof MatrixType m) {
            int d = s.result(i);
            for (int c = 0; c < m.columns(); c++) {
                s.emitPartial(Opcode.MOV, s.colType(t), m.rows(), d + c, s.operand(i.operand(c)), -1, 0, 0);
            }
            return;
        }
        List<Value> parts = i.operands();
        if (parts.size() == 1 && parts.getFirst().type() instanceof ScalarType) {
            s.bind(i, splatOf(parts.getFirst(), Selector.lanes(t)));
            return;
        }
        if (parts.stream().allMatch(p -> p == parts.getFirst()) && parts.getFirst().type() instanceof ScalarType) {
            s.bind(i, splatOf(parts.getFirst(), Selector.lanes(t)));
            return;
        }
        int d = s.result(i);
        int lane = 0;
        boolean first = true;
        for (Value p : parts) {
            int r = s.operand(p);
            int n = Selector.lanes(p.type());
            if (first) {
                s.emit(Opcode.MOV, s.type(t), n, d, r, -1, 0, 0);
                lane = n;
                first = false;
                continue;
            }
            for (int k = 0; k < n; k++) {
                s.emitPartial(Opcode.SETLANE, s.type(t), 1, d, r, -1, lane++, k);
            }
        }
    }

    private int splatOf(Value scalar, int n) {
        if (scalar instanceof Constant.Scalar k) {
            return s.constant(Constant.splat(VectorType.of(k.type(), n), k));
        }
        return s.splat(s.operand(scalar), n);
    }

    void extract(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        Type t = i.operand(0).type();
        int r = s.operand(i.operand(0));
        int[] path = i.immediates();
        if (t instanceof MatrixType) {
            int col = r + path[0];
            s.bind(i, path.length == 1 ? col : s.lane(col, path[1]));
        } else {
            s.bind(i, s.lane(r, path[0]));
        }
    }

    void insert(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        Type t = i.type();
        int v = s.operand(i.operand(0));
        int whole = s.operand(i.operand(1));
        int d = s.result(i);
        int[] path = i.immediates();
        for (int col = 0; col < Selector.width(t); col++) {
            s.emitColumnWrite(t, Opcode.MOV, s.colType(t), Selector.lanes(t), d, col, whole + col, -1, 0, 0);
        }
        if (t instanceof MatrixType && path.length == 1) {
            s.emitPartial(Opcode.MOV, s.colType(t), Selector.lanes(t), d + path[0], v, -1, 0, 0);
        } else {
            int target = t instanceof MatrixType ? d + path[0] : d;
            int lane = path[path.length - 1];
            s.emitPartial(Opcode.SETLANE, s.colType(t), 1, target, v, -1, lane, 0);
        }
    }

    void shuffle(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        int na = Selector.lanes(i.operand(0).type());
        int a = s.operand(i.operand(0));
        int b = s.operand(i.operand(1));
        int[] sel = i.immediates();
        dev.csir.ir.Type ty = s.type(i.type());
        boolean allA = true;
        for (int s : sel) {
            allA &= s < na;
        }
        int d = s.result(i);
        if (allA) {
            int mask = 0;
            for (int k = 0; k < sel.length; k++) {
                mask |= sel[k] << (2 * k);
            }
            s.emit(Opcode.SWZ, ty, sel.length, d, a, -1, mask, 0);
            return;
        }
        s.emit(Opcode.MOV, ty, sel.length, d, sel[0] < na ? s.lane(a, sel[0]) : s.lane(b, sel[0] - na), -1, 0, 0);
        for (int k = 1; k < sel.length; k++) {
            int src = sel[k] < na ? a : b;
            s.emitPartial(Opcode.SETLANE, ty, 1, d, src, -1, k, sel[k] < na ? sel[k] : sel[k] - na);
        }
    }

    /** A lane at a run-time index: lane 0, then each further lane under an IF on {@code index == k}. */
    void extractDynamic(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        int v = s.operand(i.operand(0));
        int index = s.operand(i.operand(1));
        int n = Selector.lanes(i.operand(0).type());
        int d = s.result(i);
        s.emit(Opcode.SWZ, s.type(i.type()), 1, d, v, -1, 0, 0);
        for (int k = 1; k < n; k++) {
            int hit = s.indexIs(index, k);
            s.control(Opcode.IF, hit);
            s.emitPartial(Opcode.SWZ, s.type(i.type()), 1, d, v, -1, k, 0);
            s.control(Opcode.ENDIF, -1);
        }
    }

    void insertDynamic(Instruction i) {
        if (!s.check(i)) {
            return;
        }
        int v = s.operand(i.operand(0));
        int x = s.operand(i.operand(1));
        int index = s.operand(i.operand(2));
        int n = Selector.lanes(i.type());
        int d = s.result(i);
        s.emit(Opcode.MOV, s.type(i.type()), n, d, v, -1, 0, 0);
        for (int k = 0; k < n; k++) {
            int hit = s.indexIs(index, k);
            s.control(Opcode.IF, hit);
            s.emitPartial(Opcode.SETLANE, s.type(i.type()), 1, d, x, -1, k, 0);
            s.control(Opcode.ENDIF, -1);
        }
    }
}
