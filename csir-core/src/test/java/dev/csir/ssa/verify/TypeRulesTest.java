package dev.csir.ssa.verify;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Type rules of the arithmetic, composite, memory, call and control families; one broken rule per case. */
class TypeRulesTest {
    static final Constant.Scalar ONE = Constant.ofInt(1);
    static final Constant.Scalar HALF = Constant.ofFloat(0.5f);
    static final Constant TRUE = Constant.ofBool(true);

    /** Emits {@code op type operands} into a void function and expects exactly {@code message} there. */
    private static void rejects(String message, Opcode op, Type type, Value... operands) {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.emit(op, type, operands);
        x.b.ret();
        x.assertOnly(0, 0, message);
    }

    private static Constant vec(VectorType t, Constant.Scalar s) {
        return Constant.splat(t, s);
    }

    @Test
    void unaryOperandKinds() {
        rejects("neg: operand 0 is bool, expected a numeric scalar, vector or matrix", Opcode.NEG, ScalarType.BOOL, TRUE);
        rejects("bitnot: operand 0 is float, expected an int or uint scalar or vector", Opcode.BIT_NOT, ScalarType.FLOAT,
                HALF);
        rejects("lnot: operand 0 is int, expected a bool or bvec", Opcode.LOGICAL_NOT, ScalarType.INT, ONE);
        rejects("neg yields float, expected int", Opcode.NEG, ScalarType.FLOAT, ONE);
    }

    @Test
    void binaryOperandsShareTheResultsType() {
        rejects("add: operand 1 is float, expected int", Opcode.ADD, ScalarType.INT, ONE, HALF);
        rejects("add yields float, expected int", Opcode.ADD, ScalarType.FLOAT, ONE, ONE);
        rejects("bitand: operand 0 is float, expected an int or uint scalar or vector", Opcode.BIT_AND,
                ScalarType.FLOAT, HALF, HALF);
        rejects("land: operand 0 is int, expected a bool or bvec", Opcode.LOGICAL_AND, ScalarType.INT, ONE, ONE);
        rejects("add: operand 0 is bool, expected a numeric scalar, vector or matrix", Opcode.ADD, ScalarType.BOOL,
                TRUE, TRUE);
    }

    @Test
    void shiftCountsMayDifferInSignednessNotInSize() {
        Fixture ok = new Fixture(VoidType.VOID);
        ok.b.binary(Opcode.SHL, ONE, Constant.ofUint(2));
        ok.b.ret();
        ok.assertClean();
        rejects("shl: operand 1 is int, expected an ivec2 or uvec2", Opcode.SHL, VectorType.IVEC2,
                vec(VectorType.IVEC2, ONE), ONE);
    }

    @Test
    void matmulFollowsTheProductType() {
        Fixture x = new Fixture(VoidType.VOID, MatrixType.MAT3, VectorType.VEC4);
        x.b.emit(Opcode.MAT_MUL, VectorType.VEC3, x.f.params().get(0), x.f.params().get(1));
        x.b.emit(Opcode.MAT_MUL, VectorType.VEC4, x.f.params().get(0), x.b.extract(x.f.params().get(0), 0));
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "matmul of mat3 and vec4: the shapes do not multiply"),
                new Problem("f", 0, 2, "matmul yields vec4, expected vec3"));
    }

    @Test
    void comparisonsYieldBoolsOfTheOperandsSize() {
        rejects("lt: operand 0 is bool, expected a numeric scalar or vector", Opcode.LT, ScalarType.BOOL, TRUE, TRUE);
        rejects("eq yields bool, expected bvec3", Opcode.EQ, ScalarType.BOOL, vec(VectorType.VEC3, HALF),
                vec(VectorType.VEC3, HALF));
        rejects("ne: operand 1 is uint, expected int", Opcode.NE, ScalarType.BOOL, ONE, Constant.ofUint(1));
    }

    @Test
    void selectConditionMatchesTheArms() {
        rejects("select: operand 0 is int, expected bool", Opcode.SELECT, ScalarType.INT, ONE, ONE, ONE);
        rejects("select: operand 0 is bvec2, expected bool or bvec3", Opcode.SELECT, VectorType.VEC3,
                vec(VectorType.BVEC2, Constant.ofBool(true)), vec(VectorType.VEC3, HALF), vec(VectorType.VEC3, HALF));
        rejects("select: operand 2 is float, expected int", Opcode.SELECT, ScalarType.INT, TRUE, ONE, HALF);
    }

    @Test
    void conversionsKeepTheComponentCountAndBitcastsTheWidth() {
        rejects("convert yields float, expected a vector of 3 components", Opcode.CONVERT, ScalarType.FLOAT,
                vec(VectorType.IVEC3, ONE));
        rejects("bitcast yields float, expected a numeric scalar or vector of 64 bits", Opcode.BITCAST,
                ScalarType.FLOAT, Constant.ofDouble(1));
        rejects("bitcast: operand 0 is bool, expected a numeric scalar or vector", Opcode.BITCAST, ScalarType.INT, TRUE);
    }

    @Test
    void constructMatchesTheComposite() {
        rejects("construct of vec4 from 3 components, expected 4", Opcode.CONSTRUCT, VectorType.VEC4, HALF,
                vec(VectorType.VEC2, HALF));
        rejects("construct: operand 1 is int, expected float or a vector of float", Opcode.CONSTRUCT, VectorType.VEC2,
                HALF, ONE);
        rejects("construct of mat2 takes 2 elements, has 1", Opcode.CONSTRUCT, MatrixType.MAT2,
                vec(VectorType.VEC2, HALF));
        StructType s = new StructType("S", List.of(new StructType.Member("a", ScalarType.INT),
                new StructType.Member("b", ScalarType.FLOAT)));
        rejects("construct: operand 1 is int, expected float", Opcode.CONSTRUCT, s, ONE, ONE);
        rejects("construct of float: only vectors, matrices, sized arrays and structs are constructed",
                Opcode.CONSTRUCT, ScalarType.FLOAT, HALF);
    }

    @Test
    void extractInsertShuffleAndDynamicAccessTypes() {
        Fixture x = new Fixture(VoidType.VOID, VectorType.VEC3);
        Value v = x.f.params().get(0);
        x.b.emit(Opcode.EXTRACT, ScalarType.INT, List.of(v), List.of(), 0);
        x.b.emit(Opcode.INSERT, VectorType.VEC3, List.of(ONE, v), List.of(), 1);
        x.b.shuffle(v, vec(VectorType.IVEC2, ONE), 0, 1);
        x.b.extractDynamic(v, HALF);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "extract yields int, expected float"),
                new Problem("f", 0, 1, "insert: operand 0 is int, expected float"),
                new Problem("f", 0, 2, "shuffle: operand 1 is ivec2, expected a vector of float"),
                new Problem("f", 0, 3, "extractdyn: operand 1 is float, expected an int or uint"));
    }

    @Test
    void loadsAndStoresMatchThePointee() {
        Fixture x = new Fixture(VoidType.VOID);
        Instruction p = x.b.alloca(ScalarType.FLOAT, "p");
        GlobalVariable in = x.module.addGlobal(new GlobalVariable("in", AddressSpace.INPUT, ScalarType.FLOAT)
                .setLocation(0));
        x.b.emit(Opcode.LOAD, ScalarType.INT, p);
        x.b.store(p, ONE);
        x.b.store(in, HALF);
        x.b.emit(Opcode.LOAD, ScalarType.INT, ONE);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 1, "load yields int, expected float"),
                new Problem("f", 0, 2, "store: operand 1 is int, expected float"),
                new Problem("f", 0, 3, "store through a pointer into input, which is read-only"),
                new Problem("f", 0, 4, "load: operand 0 is int, expected a pointer"));
    }

    @Test
    void samplersAreNotLoaded() {
        Fixture x = new Fixture(VoidType.VOID);
        GlobalVariable t = x.module.addGlobal(new GlobalVariable("t", AddressSpace.UNIFORM_CONSTANT,
                dev.csir.types.SamplerType.SAMPLER2D).setBinding(0, 0));
        x.b.load(t);
        x.b.ret();
        x.assertOnly(0, 0, "load of sampler2D; texture operations take the pointer, not a loaded handle");
    }

    @Test
    void accessChainsIndexTheirPointee() {
        StructType s = new StructType("S", List.of(new StructType.Member("a", new ArrayType(ScalarType.FLOAT, 4)),
                new StructType.Member("b", VectorType.VEC4)));
        Fixture x = new Fixture(VoidType.VOID, ScalarType.INT);
        Value i = x.f.params().get(0);
        Instruction p = x.b.alloca(s, "s");
        x.b.emit(Opcode.ACCESS_CHAIN, new PointerType(AddressSpace.FUNCTION, VectorType.VEC4), p, i);
        x.b.emit(Opcode.ACCESS_CHAIN, new PointerType(AddressSpace.FUNCTION, ScalarType.FLOAT), p, Constant.ofInt(0),
                Constant.ofInt(4));
        x.b.emit(Opcode.ACCESS_CHAIN, new PointerType(AddressSpace.FUNCTION, ScalarType.FLOAT), p, Constant.ofInt(0),
                i, i);
        x.b.emit(Opcode.ACCESS_CHAIN, new PointerType(AddressSpace.FUNCTION, VectorType.VEC4), p, HALF);
        x.b.emit(Opcode.ACCESS_CHAIN, new PointerType(AddressSpace.PRIVATE, VectorType.VEC4), p, ONE);
        x.b.access(p, ONE, i); // any integer into a vector
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 1, "access: operand 1 must be a constant integer selecting a member of S (0 to 1)"),
                new Problem("f", 0, 2, "access: operand 2 selects element 4 of float[4], which has 4"),
                new Problem("f", 0, 3, "access: operand 3 indexes into float, which has no elements"),
                new Problem("f", 0, 4, "access: operand 1 is float, expected an int or uint"),
                new Problem("f", 0, 5, "access yields ptr<private, vec4>, expected ptr<function, vec4>"));
    }

    @Test
    void callArgumentsAndResultMatchTheCallee() {
        Fixture x = new Fixture(VoidType.VOID);
        Function g = x.module.addFunction(new Function("g", ScalarType.FLOAT, List.of(ScalarType.INT)));
        new Builder(g).at(g.addBlock("entry")).ret(HALF);
        x.b.call(g, List.of(HALF));
        x.b.call(g, List.of());
        x.b.emit(Opcode.CALL, ScalarType.INT, ONE).setCallee(g);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "call: operand 0 is float, expected int"),
                new Problem("f", 0, 1, "call of @g takes 1 argument, has 0"),
                new Problem("f", 0, 2, "call yields int, expected float"));
    }

    @Test
    void retMatchesTheReturnType() {
        Fixture v = new Fixture(VoidType.VOID);
        v.b.ret(ONE);
        v.assertOnly(0, 0, "ret with a value in @f, which returns void");
        Fixture i = new Fixture(ScalarType.INT);
        i.b.ret();
        i.assertOnly(0, 0, "ret without a value in @f, which returns int");
        Fixture f = new Fixture(ScalarType.FLOAT);
        f.b.ret(ONE);
        f.assertOnly(0, 0, "ret: operand 0 is int, expected float");
    }

    @Test
    void branchConditionsAndSelectors() {
        Fixture x = new Fixture(VoidType.VOID);
        Block a = x.block("a");
        Block c = x.block("c");
        x.b.condBr(ONE, a, c);
        x.b.at(a).switchOn(HALF, c, new int[0], List.of());
        x.b.at(c).ret();
        x.assertProblems(new Problem("f", 0, 0, "condbr: operand 0 is int, expected bool"),
                new Problem("f", 1, 0, "switch: operand 0 is float, expected an int or uint"));
    }

    @Test
    void phiValuesHaveThePhisTypeOnePerIncomingBlock() {
        Fixture x = new Fixture(ScalarType.INT);
        Block next = x.block("next");
        x.b.br(next);
        Instruction phi = x.b.at(next).phi(ScalarType.INT);
        Builder.incoming(phi, HALF, x.f.entry());
        Instruction extra = x.b.phi(ScalarType.INT);
        Builder.incoming(extra, ONE, x.f.entry());
        extra.operands().add(ONE);
        x.b.ret(phi);
        x.assertProblems(new Problem("f", 1, 0, "phi: operand 0 is float, expected int"),
                new Problem("f", 1, 1, "phi has 2 values and 1 incoming blocks"));
    }

    @Test
    void resultsAreVoidExactlyWhenTheOpcodeYieldsNothing() {
        Fixture x = new Fixture(VoidType.VOID);
        Instruction p = x.b.alloca(ScalarType.INT, "p");
        x.b.emit(Opcode.STORE, ScalarType.INT, p, ONE);
        x.b.emit(Opcode.ADD, VoidType.VOID, ONE, ONE);
        x.b.emit(Opcode.ALLOCA, ScalarType.INT);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 1, "store yields int, expected void"),
                new Problem("f", 0, 2, "add yields void, expected a value"),
                new Problem("f", 0, 3, "alloca yields int, expected a pointer into function memory"));
    }
}
