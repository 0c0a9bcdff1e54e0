package dev.csir.ssa.verify;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.types.ScalarType;
import org.junit.jupiter.api.Test;

class SsaRulesTest {
    static final Constant.Scalar ONE = Constant.ofInt(1);

    /** {@code f(bool) -> int}: entry condbr to a and b, both branch to merge; a and b each define a value. */
    private static final class Diamond {
        final Fixture x = new Fixture(ScalarType.INT, ScalarType.BOOL);
        final Block a = x.block("a");
        final Block b = x.block("b");
        final Block merge = x.block("merge");
        final Instruction inA;
        final Instruction inB;

        Diamond() {
            x.f.entry().markSelection(merge, ControlHint.NONE);
            x.b.condBr(x.f.params().get(0), a, b);
            inA = x.b.at(a).binary(Opcode.ADD, ONE, ONE);
            x.b.br(merge);
            inB = x.b.at(b).binary(Opcode.SUB, ONE, ONE);
            x.b.br(merge);
            x.b.at(merge);
        }
    }

    @Test
    void definitionPrecedesItsUseInTheBlock() {
        Fixture x = new Fixture(ScalarType.INT);
        Instruction first = x.b.binary(Opcode.ADD, ONE, ONE);
        Instruction second = x.b.binary(Opcode.ADD, first, ONE);
        first.operands().set(0, second);
        x.b.ret(second);
        x.assertOnly(0, 0, "operand 0 of add is defined after its use");
    }

    @Test
    void definitionDominatesItsUse() {
        Diamond d = new Diamond();
        d.x.b.ret(d.inA);
        d.x.assertOnly(3, 0, "operand 0 of ret is defined in bb1, which does not dominate its use");
    }

    @Test
    void phiValueIsDefinedWhereItsIncomingBlockEnds() {
        Diamond d = new Diamond();
        Instruction phi = d.x.b.phi(ScalarType.INT);
        Builder.incoming(phi, d.inB, d.a);
        Builder.incoming(phi, d.inB, d.b);
        d.x.b.ret(phi);
        d.x.assertOnly(3, 0, "phi: the value from bb1 is defined in bb2, which does not dominate it");
    }

    @Test
    void phiNamesEachPredecessorOnce() {
        Diamond d = new Diamond();
        Instruction phi = d.x.b.phi(ScalarType.INT);
        Builder.incoming(phi, d.inA, d.a);
        Builder.incoming(phi, d.inA, d.a);
        Builder.incoming(phi, ONE, d.x.f.entry());
        d.x.b.ret(phi);
        d.x.assertProblems(new Problem("f", 3, 0, "phi names predecessor bb1 more than once"),
                new Problem("f", 3, 0, "phi names bb0, which is not a predecessor"),
                new Problem("f", 3, 0, "phi names no value for predecessor bb2"));
    }

    @Test
    void reachableCodeUsesNothingFromUnreachableBlocks() {
        Fixture x = new Fixture(ScalarType.INT);
        Block dead = x.block("dead");
        Instruction v = x.b.at(dead).binary(Opcode.ADD, ONE, ONE);
        x.b.unreachable();
        x.b.at(x.f.entry()).ret(v);
        x.assertOnly(0, 0, "operand 0 of ret is defined in the unreachable bb1");
    }

    @Test
    void unreachableBlocksSkipDominanceButKeepTypeChecks() {
        Diamond d = new Diamond();
        d.x.b.ret(ONE);
        Block dead = d.x.block("dead");
        // uses a value of a block that does not dominate it, which only matters where control arrives
        d.x.b.at(dead).binary(Opcode.ADD, d.inA, d.inB);
        d.x.b.emit(Opcode.ADD, ScalarType.INT, ONE, Constant.ofFloat(1));
        d.x.b.ret(ONE);
        d.x.assertOnly(4, 1, "add: operand 1 is float, expected int");
    }
}
