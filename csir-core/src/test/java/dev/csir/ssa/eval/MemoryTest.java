package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofFloat;
import static dev.csir.ssa.Constant.ofInt;
import static dev.csir.ssa.Constant.ofUint;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryTest {
    static final StructType S = new StructType("S", List.of(new StructType.Member("n", ScalarType.INT),
            new StructType.Member("a", new ArrayType(VectorType.VEC2, 3))));

    /** s.n = 7; s.a[i].y = 2.5; s.a[1] = (8, 9); out: s.a[i], s.a[i].y, s.n, s (i an input). */
    private static Result structWithArray(int index) {
        Fixture f = new Fixture();
        Builder b = f.b;
        GlobalVariable i = f.input("i", ScalarType.INT);
        Instruction s = b.alloca(S, "s");
        Instruction idx = b.load(i);
        b.store(b.access(s, ofInt(0)), ofInt(7));
        b.store(b.access(s, ofInt(1), idx, ofInt(1)), ofFloat(2.5f));
        b.store(b.access(s, ofInt(1), ofInt(1)), CompositeTest.vec(8, 9));
        f.out("elem", b.load(b.access(s, ofInt(1), idx)));
        f.out("y", b.load(b.access(b.access(s, ofInt(1), idx), ofInt(1))));
        f.out("n", b.load(b.access(s, ofInt(0))));
        f.out("s", b.load(s));
        return f.run(new Invocation().input(i, Val.ofInt(index)));
    }

    @Test
    void allocasAndAccessChainsIntoAStructHoldingAnArray() {
        Result r = structWithArray(2);
        assertThat(r.status()).isEqualTo(Result.Status.RETURNED);
        assertThat(r.num("elem").floats()).containsExactly(0, 2.5f);
        assertThat(r.num("y").floatAt(0)).isEqualTo(2.5f);
        assertThat(r.num("n").intAt(0)).isEqualTo(7);
        Val.Agg s = (Val.Agg) r.global("s");
        assertThat(s.element(1)).isEqualTo(Val.Agg.of(new ArrayType(VectorType.VEC2, 3), Val.ofFloat(0, 0),
                Val.ofFloat(8, 9), Val.ofFloat(0, 2.5f)));
        assertThat(r.undefined()).isEmpty();
        // index 1: the later whole-element store overwrites the component store
        assertThat(structWithArray(1).num("elem").floats()).containsExactly(8, 9);
    }

    @Test
    void anOutOfRangeIndexReadsZeroAndDropsTheStore() {
        for (int index : new int[] {3, -1}) {
            Result r = structWithArray(index);
            assertThat(r.status()).isEqualTo(Result.Status.RETURNED);
            assertThat(r.num("elem").floats()).containsExactly(0, 0);
            assertThat(r.num("n").intAt(0)).isEqualTo(7);
            assertThat(((Val.Agg) ((Val.Agg) r.global("s")).element(1)).element(2)).isEqualTo(Val.ofFloat(0, 0));
            assertThat(r.undefined()).containsExactly("store out of range in s (dropped)",
                    "load out of range in s (reads zero)");
        }
    }

    @Test
    void globalsStartFromInitializersInvocationValuesOrZero() {
        Fixture f = new Fixture();
        Builder b = f.b;
        GlobalVariable counter = f.global("counter", AddressSpace.PRIVATE, ScalarType.INT).setInitializer(ofInt(40));
        GlobalVariable zero = f.global("zeroed", AddressSpace.PRIVATE, VectorType.IVEC2);
        GlobalVariable gain = f.global("gain", AddressSpace.UNIFORM, ScalarType.FLOAT);
        StructType block = new StructType("Params", List.of(new StructType.Member("color", VectorType.VEC4),
                new StructType.Member("scale", ScalarType.FLOAT)));
        GlobalVariable ubo = f.global("params", AddressSpace.UNIFORM, block).setBinding(0, 0);
        GlobalVariable in = f.input("uv", VectorType.VEC2);
        b.store(counter, b.binary(Opcode.ADD, b.load(counter), ofInt(2)));
        f.out("counter_out", b.load(counter));
        f.out("zero_out", b.load(zero));
        f.out("scaled", b.binary(Opcode.MUL, b.load(gain), b.load(b.access(ubo, ofInt(1)))));
        f.out("color", b.load(b.access(ubo, ofInt(0))));
        f.out("uv_out", b.load(in));
        Result r = f.run(new Invocation().uniform("gain", Val.ofFloat(3))
                .uniformMember("params", "scale", Val.ofFloat(0.5f)).input("uv", Val.ofFloat(0.25f, 0.75f)));
        assertThat(r.status()).isEqualTo(Result.Status.RETURNED);
        assertThat(r.num("counter_out").intAt(0)).isEqualTo(42);
        assertThat(r.num("counter").intAt(0)).isEqualTo(42);
        assertThat(r.num("zero_out").ints()).containsExactly(0, 0);
        assertThat(r.num("scaled").floatAt(0)).isEqualTo(1.5f);
        assertThat(r.num("color").floats()).containsExactly(0, 0, 0, 0);
        assertThat(r.num("uv_out").floats()).containsExactly(0.25f, 0.75f);
        assertThat(r.outputs().keySet()).containsExactly("color", "counter_out", "scaled", "uv_out", "zero_out");
        assertThat(r.globals()).containsKeys("counter", "gain", "params", "uv").containsAllEntriesOf(r.outputs());
    }

    @Test
    void storesToInputsTrapAndAWrongInvocationSaysWhy() {
        Fixture f = new Fixture();
        GlobalVariable in = f.input("x", ScalarType.INT);
        f.b.store(in, ofInt(1));
        Result r = f.run();
        assertThat(r.status()).isEqualTo(Result.Status.TRAP);
        assertThat(r.message()).isEqualTo("store to read-only input x");

        Fixture g = new Fixture();
        g.input("x", ScalarType.INT);
        assertThat(g.run(new Invocation().input("y", Val.ofInt(1))).message()).isEqualTo("invocation: no global @y");
        assertThat(g.run(new Invocation().input("x", Val.ofFloat(1))).message())
                .isEqualTo("invocation: @x given float, wants int");
        g.global("p", AddressSpace.PRIVATE, ScalarType.INT);
        assertThat(g.run(new Invocation().input("p", Val.ofInt(1))).status()).isEqualTo(Result.Status.TRAP);
    }

    @Test
    void storageBuffersWithRuntimeArraysAndAtomics() {
        StructType data = new StructType("Data", List.of(new StructType.Member("count", ScalarType.UINT),
                new StructType.Member("values", new ArrayType(ScalarType.UINT, ArrayType.RUNTIME))));
        Fixture f = new Fixture();
        Builder b = f.b;
        GlobalVariable buf = f.global("buf", AddressSpace.STORAGE_BUFFER, data).setBinding(0, 1);
        GlobalVariable shared = f.global("shared", AddressSpace.WORKGROUP, ScalarType.INT);
        Instruction old = b.emit(Opcode.ATOMIC_RMW, ScalarType.UINT, List.of(b.access(buf, ofInt(0)), ofUint(5)),
                List.of(), AtomicOp.ADD.ordinal());
        f.out("old", old);
        Instruction v1 = b.access(buf, ofInt(1), ofInt(1));
        b.store(v1, b.binary(Opcode.MUL, b.load(v1), ofUint(10)));
        f.out("past_end", b.load(b.access(buf, ofInt(1), ofInt(5))));
        f.out("min_old", b.emit(Opcode.ATOMIC_RMW, ScalarType.INT, List.of(shared, ofInt(-3)), List.of(),
                AtomicOp.MIN.ordinal()));
        f.out("cas_miss", b.emit(Opcode.ATOMIC_COMPARE_EXCHANGE, ScalarType.INT, shared, ofInt(0), ofInt(9)));
        f.out("cas_hit", b.emit(Opcode.ATOMIC_COMPARE_EXCHANGE, ScalarType.INT, shared, ofInt(-3), ofInt(9)));
        b.emit(Opcode.BARRIER, null, List.of(), List.of(), 1);
        f.out("shared_out", b.load(shared));
        Val contents = Val.Agg.of(data, Val.ofUint(2),
                Val.Agg.of(new ArrayType(ScalarType.UINT, ArrayType.RUNTIME), Val.ofUint(1), Val.ofUint(2),
                        Val.ofUint(3)));
        Result r = f.run(new Invocation().buffer("buf", contents));
        assertThat(r.status()).isEqualTo(Result.Status.RETURNED);
        assertThat(r.num("old").intAt(0)).isEqualTo(2);
        assertThat(r.num("past_end").intAt(0)).isZero();
        assertThat(r.num("min_old").intAt(0)).isZero();
        assertThat(r.num("cas_miss").intAt(0)).isEqualTo(-3);
        assertThat(r.num("cas_hit").intAt(0)).isEqualTo(-3);
        assertThat(r.num("shared_out").intAt(0)).isEqualTo(9);
        Val.Agg after = (Val.Agg) r.global("buf");
        assertThat(after.element(0)).isEqualTo(Val.ofUint(7));
        assertThat(((Val.Agg) after.element(1)).elements()).containsExactly(Val.ofUint(1), Val.ofUint(20),
                Val.ofUint(3));
        assertThat(r.undefined()).containsExactly("load out of range in buf (reads zero)");
    }

    @Test
    void specConstantsReadTheirDefaultOrTheOverride() {
        Fixture f = new Fixture();
        SpecConstant n = new SpecConstant(3, "N", Constant.ofInt(4));
        f.module.specConstants().add(n);
        f.out("r", f.b.binary(Opcode.MUL, n, ofInt(10)));
        assertThat(f.run().num("r").intAt(0)).isEqualTo(40);
        assertThat(f.run(new Invocation().spec(3, Constant.ofInt(5))).num("r").intAt(0)).isEqualTo(50);
        assertThat(f.run(new Invocation().spec(4, Constant.ofInt(5))).num("r").intAt(0)).isEqualTo(40);
        assertThat(f.run(new Invocation().spec(3, Constant.ofFloat(5))).message())
                .isEqualTo("invocation: spec 3 given float, wants int");
    }

    @Test
    void pointersPassToCallsAndEachCallGetsFreshLocals() {
        Fixture f = new Fixture();
        Builder inc = f.function("inc", ScalarType.INT,
                List.of(new dev.csir.types.PointerType(AddressSpace.FUNCTION, ScalarType.INT)));
        Instruction local = inc.alloca(ScalarType.INT, "tmp");
        inc.store(local, inc.binary(Opcode.ADD, inc.load(local), ofInt(1)));
        var arg = inc.function().params().get(0);
        inc.store(arg, inc.binary(Opcode.ADD, inc.load(arg), inc.load(local)));
        inc.ret(inc.load(local));
        Instruction x = f.b.alloca(ScalarType.INT, "x");
        f.b.call(inc.function(), List.of(x));
        f.out("tmp", f.b.call(inc.function(), List.of(x)));
        f.out("x", f.b.load(x));
        Result r = f.run();
        assertThat(r.num("tmp").intAt(0)).isEqualTo(1);
        assertThat(r.num("x").intAt(0)).isEqualTo(2);
    }
}
