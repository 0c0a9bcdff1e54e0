package dev.csir.ssa.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.BarrierFlags;
import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.Dim;
import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Modules the lowering and the passes produce: each verifies clean. */
class WellFormedModulesTest {
    static final Constant.Scalar ZERO = Constant.ofInt(0);
    static final Constant.Scalar ONE = Constant.ofInt(1);

    @Test
    void ifElseWithAPhi() {
        Fixture x = new Fixture(ScalarType.INT, ScalarType.BOOL, ScalarType.INT);
        Block then = x.block("then");
        Block otherwise = x.block("else");
        Block merge = x.block("merge");
        x.f.entry().markSelection(merge, ControlHint.NONE);
        x.b.condBr(x.f.params().get(0), then, otherwise);
        Instruction a = x.b.at(then).binary(Opcode.ADD, x.f.params().get(1), ONE);
        x.b.br(merge);
        Instruction c = x.b.at(otherwise).binary(Opcode.SUB, x.f.params().get(1), ONE);
        x.b.br(merge);
        Instruction phi = x.b.at(merge).phi(ScalarType.INT);
        Builder.incoming(phi, a, then);
        Builder.incoming(phi, c, otherwise);
        x.b.ret(phi);
        x.assertClean();
    }

    /** {@code for (i = 0; i < n; i++) {}} in SSA form; returns i. */
    static Fixture countingLoop() {
        Fixture x = new Fixture(ScalarType.INT, ScalarType.INT);
        Block header = x.block("for.header");
        Block body = x.block("for.body");
        Block cont = x.block("for.continue");
        Block merge = x.block("for.merge");
        x.b.br(header);
        header.markLoop(merge, cont, ControlHint.DONT_UNROLL);
        Instruction i = x.b.at(header).phi(ScalarType.INT);
        Instruction test = x.b.compare(Opcode.LT, i, x.f.params().get(0));
        x.b.condBr(test, body, merge);
        x.b.at(body).br(cont);
        Instruction next = x.b.at(cont).binary(Opcode.ADD, i, ONE);
        x.b.br(header);
        Builder.incoming(i, ZERO, x.f.entry());
        Builder.incoming(i, next, cont);
        x.b.at(merge).ret(i);
        return x;
    }

    @Test
    void loopWithHeaderContinueMergeAndAPhi() {
        countingLoop().assertClean();
    }

    @Test
    void switchWithFallThroughAndAllocas() {
        Fixture x = new Fixture(ScalarType.INT, ScalarType.INT);
        Instruction r = x.b.alloca(ScalarType.INT, "r");
        Block one = x.block("case1");
        Block two = x.block("case2");
        Block other = x.block("default");
        Block merge = x.block("merge");
        x.f.entry().markSelection(merge, ControlHint.DONT_FLATTEN);
        x.b.switchOn(x.f.params().get(0), other, new int[] {1, 2}, List.of(one, two));
        x.b.at(one).store(r, Constant.ofInt(10));
        x.b.br(two); // falls through
        x.b.at(two).store(r, Constant.ofInt(20));
        x.b.br(merge);
        x.b.at(other).store(r, ZERO);
        x.b.br(merge);
        x.b.at(merge).ret(x.b.load(r));
        x.assertClean();
    }

    @Test
    void nestedLoopsWithBreakAndContinue() {
        Fixture x = new Fixture(VoidType.VOID, ScalarType.BOOL);
        var c = x.f.params().get(0);
        Block outer = x.block("outer.header");
        Block outerBody = x.block("outer.body");
        Block inner = x.block("inner.header");
        Block innerBody = x.block("inner.body");
        Block innerCont = x.block("inner.continue");
        Block innerMerge = x.block("inner.merge");
        Block outerCont = x.block("outer.continue");
        Block outerMerge = x.block("outer.merge");
        x.b.br(outer);
        outer.markLoop(outerMerge, outerCont, ControlHint.NONE);
        x.b.at(outer).condBr(c, outerBody, outerMerge);
        x.b.at(outerBody).br(inner);
        inner.markLoop(innerMerge, innerCont, ControlHint.UNROLL);
        x.b.at(inner).br(innerBody);
        // break out of the inner loop, or continue it
        x.b.at(innerBody).condBr(c, innerMerge, innerCont);
        x.b.at(innerCont).condBr(c, inner, innerMerge); // a do-while test in the continue block
        // the inner merge continues the outer loop
        x.b.at(innerMerge).br(outerCont);
        x.b.at(outerCont).br(outer);
        x.b.at(outerMerge).ret();
        x.assertClean();
    }

    @Test
    void callOfAFunctionFromAnEntryPoint() {
        Fixture x = new Fixture(ScalarType.FLOAT, ScalarType.FLOAT);
        x.b.ret(x.b.binary(Opcode.MUL, x.f.params().get(0), Constant.ofFloat(2)));
        GlobalVariable in = x.module.addGlobal(new GlobalVariable("v", AddressSpace.INPUT, ScalarType.FLOAT)
                .setLocation(0));
        GlobalVariable out = x.module.addGlobal(new GlobalVariable("color", AddressSpace.OUTPUT, VectorType.VEC4)
                .setLocation(0));
        Function main = x.module.addFunction(new Function("main", VoidType.VOID, List.of()));
        Builder m = new Builder(main).at(main.addBlock("entry"));
        Instruction r = m.call(x.f, List.of(m.load(in)));
        m.store(out, m.construct(VectorType.VEC4, List.of(r, r, Constant.splat(VectorType.VEC2, Constant.ofFloat(1)))));
        m.ret();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, main, List.of(in, out), List.of()));
        x.assertClean();
    }

    @Test
    void unreachableMergeBlockKeptForItsHeader() {
        Fixture x = new Fixture(VoidType.VOID, ScalarType.BOOL);
        Block then = x.block("then");
        Block otherwise = x.block("else");
        Block merge = x.block("merge");
        x.f.entry().markSelection(merge, ControlHint.NONE);
        x.b.condBr(x.f.params().get(0), then, otherwise);
        x.b.at(then).ret();
        x.b.at(otherwise).kill();
        x.b.at(merge).unreachable();
        x.assertClean();
    }

    @Test
    void unreachableContinueBlockIsAPredecessorThePhiNames() {
        // the body always breaks, so the continue block (reduced to a branch back) is unreachable
        Fixture x = new Fixture(ScalarType.INT);
        Block header = x.block("header");
        Block body = x.block("body");
        Block cont = x.block("continue");
        Block merge = x.block("merge");
        x.b.br(header);
        header.markLoop(merge, cont, ControlHint.NONE);
        Instruction phi = x.b.at(header).phi(ScalarType.INT);
        Builder.incoming(phi, ZERO, x.f.entry());
        Builder.incoming(phi, new Constant.Undef(ScalarType.INT), cont);
        x.b.br(body);
        x.b.at(body).br(merge);
        x.b.at(cont).br(header);
        x.b.at(merge).ret(phi);
        x.assertClean();
    }

    @Test
    void computeShaderWithResourcesTexturesAndAtomics() {
        assertThat(kitchenSink().problems()).isEmpty();
    }

    /** A compute entry touching resources, textures, atomics, composites, conversions and intrinsics. */
    static Fixture kitchenSink() {
        Fixture x = new Fixture(VoidType.VOID);
        StructType params = new StructType("Params", List.of(new StructType.Member("scale", VectorType.VEC4),
                new StructType.Member("m", MatrixType.MAT4)));
        StructType buffer = new StructType("Counts", List.of(new StructType.Member("n", ScalarType.UINT),
                new StructType.Member("data", new ArrayType(ScalarType.UINT, ArrayType.RUNTIME))));
        GlobalVariable ubo = x.module.addGlobal(new GlobalVariable("params", AddressSpace.UNIFORM, params)
                .setBinding(0, 0));
        GlobalVariable ssbo = x.module.addGlobal(new GlobalVariable("counts", AddressSpace.STORAGE_BUFFER, buffer)
                .setBinding(0, 1));
        GlobalVariable textures = x.module.addGlobal(new GlobalVariable("tex", AddressSpace.UNIFORM_CONSTANT,
                new ArrayType(SamplerType.SAMPLER2D, 2)).setBinding(0, 2));
        SamplerType shadow = new SamplerType(Dim.D2, true, true, ScalarKind.FLOAT);
        GlobalVariable depth = x.module.addGlobal(new GlobalVariable("depth", AddressSpace.UNIFORM_CONSTANT, shadow)
                .setBinding(0, 3));
        GlobalVariable shared = x.module.addGlobal(new GlobalVariable("tile", AddressSpace.WORKGROUP,
                new ArrayType(ScalarType.INT, 64)));
        GlobalVariable counter = x.module.addGlobal(new GlobalVariable("counter", AddressSpace.PRIVATE, ScalarType.INT)
                .setInitializer(ZERO));
        GlobalVariable id = x.module.addGlobal(new GlobalVariable("gid", AddressSpace.INPUT, new VectorType(
                ScalarType.UINT, 3)).setBuiltIn(BuiltIn.GLOBAL_INVOCATION_ID));
        SpecConstant k = new SpecConstant(7, "K", Constant.ofFloat(0.5f));
        x.module.specConstants().add(k);
        Builder b = x.b;
        Instruction local = b.alloca(VectorType.VEC4, "v");
        Instruction scale = b.load(b.access(ubo, ZERO));
        Instruction m = b.load(b.access(ubo, ONE));
        Instruction v = b.binary(Opcode.MAT_MUL, m, scale);
        Instruction uv = b.shuffle(v, v, 0, 5);
        Instruction texel = b.texture(Opcode.SAMPLE_LOD, VectorType.VEC4, b.access(textures, ONE), uv, k);
        Instruction ref = b.texture(Opcode.SAMPLE_COMPARE, ScalarType.FLOAT, depth,
                b.construct(VectorType.VEC3, List.of(uv, Constant.ofFloat(1))), Constant.ofFloat(0.5f));
        Instruction size = b.texture(Opcode.TEXTURE_SIZE, VectorType.IVEC3, depth, ZERO);
        Instruction lane = b.extract(size, 2);
        Instruction bits = b.bitcast(ScalarType.FLOAT, lane);
        Instruction sum = b.intrinsic(Intrinsic.MAX, ScalarType.FLOAT, List.of(ref, bits));
        Instruction big = b.compare(Opcode.GT, sum, Constant.ofFloat(1));
        Instruction pick = b.select(big, texel, scale);
        b.store(local, b.insert(sum, pick, 3));
        Instruction gid = b.load(id);
        Instruction index = b.extractDynamic(gid, ZERO);
        b.emit(Opcode.ATOMIC_RMW, ScalarType.UINT, List.of(b.access(ssbo, ONE, index), Constant.ofUint(1)), List.of(),
                AtomicOp.ADD.ordinal());
        b.emit(Opcode.BARRIER, VoidType.VOID, List.of(), List.of(), BarrierFlags.WORKGROUP_MEMORY);
        Instruction slot = b.access(shared, b.convert(ScalarType.INT, index));
        b.emit(Opcode.ATOMIC_COMPARE_EXCHANGE, ScalarType.INT, slot, ZERO, b.load(counter));
        b.ret();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.COMPUTE, x.f, List.of(id), List.of(8, 8, 1)));
        return x;
    }
}
