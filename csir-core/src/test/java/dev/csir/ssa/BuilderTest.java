package dev.csir.ssa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.types.AddressSpace;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import java.util.List;
import org.junit.jupiter.api.Test;

class BuilderTest {
    @Test
    void helpersTypeTheirResultsFromTheOperands() {
        Function f = new Function("f", ScalarType.FLOAT, List.of(VectorType.VEC3, MatrixType.MAT4));
        Builder b = new Builder(f).at(f.addBlock("entry"));
        Argument v = f.params().get(0);
        Argument m = f.params().get(1);
        assertThat(b.binary(Opcode.ADD, v, v).type()).isEqualTo(VectorType.VEC3);
        assertThat(b.compare(Opcode.LT, v, v).type()).isEqualTo(VectorType.BVEC3);
        assertThat(b.extract(v, 1).type()).isEqualTo(ScalarType.FLOAT);
        assertThat(b.shuffle(v, v, 0, 4).type()).isEqualTo(VectorType.VEC2);
        assertThat(b.shuffle(v, v, 2).type()).isEqualTo(ScalarType.FLOAT);
        assertThat(b.extract(m, 2).type()).isEqualTo(VectorType.VEC4);
        Instruction col = b.extract(m, 0);
        assertThat(b.binary(Opcode.MAT_MUL, m, col).type()).isEqualTo(VectorType.VEC4);
        assertThat(b.binary(Opcode.MAT_MUL, matrixOf(b, MatrixType.of(2, 3)), matrixOf(b, MatrixType.of(4, 2))).type())
                .isEqualTo(MatrixType.of(4, 3));
    }

    private static Instruction matrixOf(Builder b, MatrixType t) {
        return b.emit(Opcode.CONSTRUCT, t, Constant.splat(t.columnType(), Constant.ofFloat(1)));
    }

    @Test
    void allocasGoToTheTopOfTheEntryAndChainsTypeTheirPointers() {
        Function f = new Function("f", ScalarType.FLOAT, List.of());
        Block entry = f.addBlock("entry");
        Builder b = new Builder(f).at(entry);
        StructType s = new StructType("S", List.of(new StructType.Member("a", ScalarType.INT),
                new StructType.Member("b", VectorType.VEC4)));
        b.ret(Constant.ofFloat(0));
        Block other = f.addBlock("other");
        b.at(other);
        Instruction local = b.alloca(s, "s");
        Instruction second = b.alloca(ScalarType.INT, "i");
        assertThat(entry.instructions()).startsWith(local, second);
        assertThat(entry.terminator()).isNotNull();
        Instruction p = b.access(local, Constant.ofInt(1), Constant.ofInt(2));
        assertThat(p.type()).isEqualTo(new PointerType(AddressSpace.FUNCTION, ScalarType.FLOAT));
        assertThat(b.load(p).type()).isEqualTo(ScalarType.FLOAT);
        assertThat(b.store(p, Constant.ofFloat(1)).hasResult()).isFalse();
    }

    @Test
    void removeIfTakesTheSelectedInstructionsOutInOrderAndFreesThem() {
        Function f = new Function("f", ScalarType.FLOAT, List.of(ScalarType.FLOAT));
        Block entry = f.addBlock("entry");
        Builder b = new Builder(f).at(entry);
        Argument x = f.params().get(0);
        Instruction a = b.binary(Opcode.ADD, x, x);
        Instruction m = b.binary(Opcode.MUL, x, x);
        Instruction s = b.binary(Opcode.SUB, x, x);
        Instruction r = b.ret(a);
        assertThat(entry.removeIf(i -> i == m || i == s)).isTrue();
        assertThat(entry.instructions()).containsExactly(a, r);
        assertThat(m.parent()).isNull();
        assertThat(s.parent()).isNull();
        assertThat(entry.removeIf(i -> false)).isFalse();
        entry.append(m);
        assertThat(entry.instructions()).containsExactly(a, r, m);
    }

    @Test
    void phisStayAtTheTopAndConstantsKeepExactBits() {
        Function f = new Function("f", ScalarType.INT, List.of());
        Block entry = f.addBlock("entry");
        Block join = f.addBlock("join");
        Builder b = new Builder(f).at(entry);
        b.br(join);
        b.at(join);
        Instruction add = b.binary(Opcode.ADD, Constant.ofInt(1), Constant.ofInt(2));
        Instruction phi = b.phi(ScalarType.INT);
        Builder.incoming(phi, Constant.ofInt(-1), entry);
        assertThat(join.phis()).containsExactly(phi);
        assertThat(join.instructions()).containsExactly(phi, add);
        assertThat(((Constant.Scalar) phi.operand(0)).bits()).isEqualTo(0xFFFF_FFFFL);
        assertThat(Constant.ofFloat(-0f)).isNotEqualTo(Constant.ofFloat(0f));
        assertThat(Values.same(Constant.ofInt(3), Constant.ofInt(3))).isTrue();
        assertThat(entry.successors()).containsExactly(join);
    }

    @Test
    void movingAnInstructionWithinItsBlockKeepsTheOthersInOrder() {
        Function f = new Function("f", ScalarType.INT, List.of());
        Block entry = f.addBlock("entry");
        Builder b = new Builder(f).at(entry);
        Instruction x = b.binary(Opcode.ADD, Constant.ofInt(1), Constant.ofInt(2));
        Instruction y = b.binary(Opcode.MUL, x, x);
        Instruction ret = b.ret(y);
        // the last instruction put before the terminator, which it already is: no change
        entry.insertBeforeTerminator(ret);
        assertThat(entry.instructions()).containsExactly(x, y, ret);
        entry.insert(3, x);
        assertThat(entry.instructions()).containsExactly(y, ret, x);
        entry.insert(0, x);
        assertThat(entry.instructions()).containsExactly(x, y, ret);
    }
}
