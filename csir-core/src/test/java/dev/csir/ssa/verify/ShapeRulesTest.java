package dev.csir.ssa.verify;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.ParentLinks;
import dev.csir.types.AddressSpace;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShapeRulesTest {
    static final Constant.Scalar ONE = Constant.ofInt(1);

    @Test
    void functionHasBlocks() {
        Fixture x = new Fixture(VoidType.VOID);
        x.f.removeBlock(x.f.entry());
        x.assertProblems(new Problem("f", -1, -1, "@f has no blocks"));
    }

    @Test
    void parametersHoldValues() {
        Fixture x = new Fixture(VoidType.VOID, VoidType.VOID);
        x.b.ret();
        x.assertProblems(new Problem("f", -1, -1, "parameter 0 of @f has type void, which holds no value"));
    }

    @Test
    void blockIsNotEmpty() {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.ret();
        x.block("dead");
        x.assertOnly(1, -1, "the block is empty; it must end in a terminator");
    }

    @Test
    void blockEndsInATerminator() {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.binary(Opcode.ADD, ONE, ONE);
        x.assertOnly(0, 0, "the block ends in add, not a terminator");
    }

    @Test
    void terminatorComesLast() {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.ret();
        x.b.unreachable();
        x.assertOnly(0, 0, "ret ends the block early; a terminator comes last");
    }

    @Test
    void blockParentIsTheFunction() {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.ret();
        Function other = new Function("g", VoidType.VOID, List.of());
        ParentLinks.setParent(x.f.entry(), other);
        x.assertOnly(0, -1, "the block's parent is @g, not @f");
    }

    @Test
    void instructionParentIsTheBlock() {
        Fixture x = new Fixture(VoidType.VOID);
        Block next = x.block("next");
        Instruction br = x.b.br(next);
        x.b.at(next).ret();
        ParentLinks.setParent(br, next);
        x.assertOnly(0, 0, "br does not name this block as its parent");
    }

    @Test
    void phisComeFirst() {
        Fixture x = new Fixture(ScalarType.INT);
        Block next = x.block("next");
        x.b.br(next);
        x.b.at(next).binary(Opcode.ADD, ONE, ONE);
        x.b.emit(Opcode.PHI, ScalarType.INT, List.of(ONE), List.of(x.f.entry()));
        x.b.ret(ONE);
        x.assertOnly(1, 1, "phi after a non-phi; phis come first in a block");
    }

    @Test
    void noPhiInTheEntryBlock() {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.phi(ScalarType.INT);
        x.b.ret();
        x.assertOnly(0, 0, "phi in the entry block, which has no predecessors");
    }

    @Test
    void allocasOnlyInTheEntryBlock() {
        Fixture x = new Fixture(VoidType.VOID);
        Block next = x.block("next");
        x.b.br(next);
        x.b.at(next).emit(Opcode.ALLOCA, new PointerType(AddressSpace.FUNCTION, ScalarType.INT));
        x.b.ret();
        x.assertOnly(1, 0, "alloca outside the entry block");
    }

    @Test
    void nothingBranchesToTheEntryBlock() {
        Fixture x = new Fixture(VoidType.VOID);
        Block next = x.block("next");
        x.b.br(next);
        x.b.at(next).br(x.f.entry());
        x.assertOnly(1, 0, "br branches to the entry block, which must have no predecessors");
    }

    @Test
    void builderOutputHasTheRightShape() {
        // the builder keeps allocas at the top of the entry even when asked from another block
        Fixture x = new Fixture(VoidType.VOID);
        Block next = x.block("next");
        x.b.br(next);
        Builder b = x.b.at(next);
        b.store(b.alloca(ScalarType.INT, "i"), ONE);
        b.ret();
        x.assertClean();
    }
}
