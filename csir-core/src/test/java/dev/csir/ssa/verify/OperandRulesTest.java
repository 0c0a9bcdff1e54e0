package dev.csir.ssa.verify;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.ScalarType;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperandRulesTest {
    static final Constant.Scalar ONE = Constant.ofInt(1);

    /** {@code f(int, vec3) -> void}: append to x.b, then ret. */
    private static Fixture fixture() {
        return new Fixture(VoidType.VOID, ScalarType.INT, VectorType.VEC3);
    }

    private static Value vec3(Fixture x) {
        return x.f.params().get(1);
    }

    @Test
    void operandCountIsInTheOpcodesRange() {
        Fixture x = fixture();
        x.b.emit(Opcode.ADD, ScalarType.INT, ONE);
        x.b.emit(Opcode.ACCESS_CHAIN, x.b.alloca(ScalarType.INT, "i").type(), x.b.alloca(ScalarType.INT, "j"));
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 2, "add takes 2 operands, has 1"),
                new Problem("f", 0, 3, "access takes at least 2 operands, has 1"));
    }

    @Test
    void operandIsPresent() {
        Fixture x = fixture();
        x.b.emit(Opcode.ADD, ScalarType.INT, Arrays.asList(ONE, null), List.of());
        x.b.ret();
        x.assertOnly(0, 0, "operand 1 of add is missing (null)");
    }

    @Test
    void instructionOperandIsOfThisFunction() {
        Fixture x = fixture();
        Function g = x.module.addFunction(new Function("g", ScalarType.INT, List.of()));
        Builder gb = new Builder(g).at(g.addBlock("entry"));
        Instruction theirs = gb.binary(Opcode.ADD, ONE, ONE);
        gb.ret(theirs);
        Instruction detached = x.b.binary(Opcode.SUB, ONE, ONE);
        detached.detach();
        x.b.unary(Opcode.NEG, theirs);
        x.b.unary(Opcode.NEG, detached);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "operand 0 of neg is an instruction outside @f"),
                new Problem("f", 0, 1, "operand 0 of neg is an instruction outside @f"));
    }

    @Test
    void argumentIsAParameterOfThisFunction() {
        Fixture x = fixture();
        Function g = new Function("g", VoidType.VOID, List.of(ScalarType.INT));
        x.b.unary(Opcode.NEG, g.params().get(0));
        x.b.ret();
        x.assertOnly(0, 0, "operand 0 of neg is a parameter of another function");
    }

    @Test
    void globalIsOfTheModule() {
        Fixture x = fixture();
        GlobalVariable stray = new GlobalVariable("stray", AddressSpace.PRIVATE, ScalarType.INT);
        x.b.load(stray);
        x.b.ret();
        x.assertOnly(0, 0, "operand 0 of load is @stray, which is not a global of the module");
    }

    @Test
    void specConstantIsOneOfTheModules() {
        Fixture x = fixture();
        SpecConstant stray = new SpecConstant(3, "N", ONE);
        x.b.binary(Opcode.ADD, stray, ONE);
        x.b.ret();
        x.assertOnly(0, 0, "operand 0 of add is spec constant 3, which is not one of the module's");
    }

    @Test
    void operandYieldsAValue() {
        Fixture x = fixture();
        Instruction store = x.b.store(x.b.alloca(ScalarType.INT, "i"), ONE);
        x.b.emit(Opcode.NEG, ScalarType.INT, store);
        x.b.ret();
        x.assertOnly(0, 2, "operand 0 of neg is a store, which yields no value");
    }

    @Test
    void constantOperandIsWellFormed() {
        Fixture x = fixture();
        Constant bad = new Constant.Composite(VectorType.VEC2, List.of(Constant.ofFloat(1), ONE));
        x.b.binary(Opcode.ADD, bad, bad);
        x.b.ret();
        x.assertProblems(
                new Problem("f", 0, 0, "operand 0 of add is a malformed constant: element 1 of the vec2 is int, expected float"),
                new Problem("f", 0, 0, "operand 1 of add is a malformed constant: element 1 of the vec2 is int, expected float"));
    }

    @Test
    void terminatorsHaveTheirTargetCount() {
        Fixture x = fixture();
        Block a = x.block("a");
        x.b.emit(Opcode.BR, VoidType.VOID, List.of(), List.of(a, a));
        x.b.at(a).switchOn(x.f.params().get(0), a, new int[] {1, 2}, List.of(a));
        x.assertProblems(new Problem("f", 0, 0, "br takes 1 target, has 2"),
                new Problem("f", 1, 0, "switch takes 3 targets, has 2"));
    }

    @Test
    void targetsAreBlocksOfThisFunction() {
        Fixture x = fixture();
        Block foreign = new Function("g", VoidType.VOID, List.of()).addBlock("x");
        Block a = x.block("a");
        x.b.condBr(Constant.ofBool(true), a, foreign);
        x.b.at(a).emit(Opcode.BR, VoidType.VOID, List.of(), Arrays.asList((Block) null));
        x.assertProblems(new Problem("f", 0, 0, "target 1 of condbr is not a block of @f"),
                new Problem("f", 1, 0, "target 0 of br is missing (null)"));
    }

    @Test
    void nonTerminatorsHaveNoTargets() {
        Fixture x = fixture();
        x.b.emit(Opcode.ADD, ScalarType.INT, List.of(ONE, ONE), List.of(x.f.entry()));
        x.b.ret();
        x.assertOnly(0, 0, "add takes no targets, has 1");
    }

    @Test
    void callHasACalleeOfTheModule() {
        Fixture x = fixture();
        Function stray = new Function("stray", VoidType.VOID, List.of());
        x.b.emit(Opcode.CALL, VoidType.VOID);
        x.b.call(stray, List.of());
        x.b.binary(Opcode.ADD, ONE, ONE).setCallee(x.f);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "call has no callee"),
                new Problem("f", 0, 1, "call of @stray, which is not a function of the module"),
                new Problem("f", 0, 2, "add has a callee; only call has one"));
    }

    @Test
    void extractAndInsertPathsStayInTheType() {
        Fixture x = fixture();
        x.b.emit(Opcode.EXTRACT, ScalarType.FLOAT, List.of(vec3(x)), List.of(), 3);
        x.b.emit(Opcode.INSERT, VectorType.VEC3, List.of(Constant.ofFloat(1), vec3(x)), List.of(), 0, 0);
        x.b.emit(Opcode.EXTRACT, ScalarType.FLOAT, List.of(vec3(x)), List.of());
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "extract path [3] does not select an element of vec3"),
                new Problem("f", 0, 1, "insert path [0, 0] does not select an element of vec3"),
                new Problem("f", 0, 2, "extract takes at least 1 immediate, has 0"));
    }

    @Test
    void shuffleLanesAreInRange() {
        Fixture x = fixture();
        x.b.shuffle(vec3(x), vec3(x), 0, 6);
        x.b.emit(Opcode.SHUFFLE, VectorType.VEC4, List.of(vec3(x), vec3(x)), List.of(), 0, 1, 2, 3, 4);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "shuffle lane 6 is out of range for vec3 and vec3"),
                new Problem("f", 0, 1, "shuffle takes 1 to 4 lanes, has 5"));
    }

    @Test
    void intrinsicIsKnownAndHasItsArity() {
        Fixture x = fixture();
        x.b.emit(Opcode.CALL_INTRINSIC, ScalarType.FLOAT, List.of(Constant.ofFloat(1)), List.of(), 9999);
        x.b.intrinsic(Intrinsic.POW, ScalarType.FLOAT, List.of(Constant.ofFloat(1)));
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "intrinsic number 9999 names no intrinsic"),
                new Problem("f", 0, 1, "intrinsic pow takes 2 operands, has 1"));
    }

    @Test
    void atomicBarrierAndSwitchImmediates() {
        Fixture x = fixture();
        GlobalVariable w = x.module.addGlobal(new GlobalVariable("w", AddressSpace.WORKGROUP, ScalarType.INT));
        x.b.emit(Opcode.ATOMIC_RMW, ScalarType.INT, List.of(w, ONE), List.of(), -1);
        x.b.emit(Opcode.BARRIER, VoidType.VOID, List.of(), List.of(), 4);
        Block a = x.block("a");
        x.b.switchOn(x.f.params().get(0), a, new int[] {5, 5}, List.of(a, a));
        x.b.at(a).ret();
        x.assertProblems(new Problem("f", 0, 0, "atomic operation number -1 names no operation"),
                new Problem("f", 0, 1, "barrier flags 0x4 include unknown bits"),
                new Problem("f", 0, 2, "switch case 5 appears more than once"));
    }

    @Test
    void otherOpcodesTakeNoImmediates() {
        Fixture x = fixture();
        x.b.emit(Opcode.ADD, ScalarType.INT, List.of(ONE, ONE), List.of(), 7);
        x.b.ret();
        x.assertOnly(0, 0, "add takes no immediates, has 1");
    }
}
