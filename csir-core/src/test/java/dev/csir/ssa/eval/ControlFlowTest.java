package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofBool;
import static dev.csir.ssa.Constant.ofInt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.ScalarType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ControlFlowTest {

    @Test
    void aLoopWithPhisSumsOneToTen() {
        Fixture f = new Fixture();
        Builder b = f.b;
        Block entry = b.block();
        Block header = b.newBlock("header");
        Block check = b.newBlock("check");
        Block body = b.newBlock("body");
        Block cont = b.newBlock("continue");
        Block merge = b.newBlock("merge");
        b.br(header);
        header.markLoop(merge, cont, ControlHint.NONE);
        b.at(header);
        Instruction i = b.phi(ScalarType.INT);
        Instruction sum = b.phi(ScalarType.INT);
        b.br(check);
        b.at(check);
        check.markSelection(merge, ControlHint.NONE);
        b.condBr(b.compare(Opcode.LE, i, ofInt(10)), body, merge);
        b.at(body);
        Instruction next = b.binary(Opcode.ADD, sum, i);
        b.br(cont);
        b.at(cont);
        Instruction inc = b.binary(Opcode.ADD, i, ofInt(1));
        b.br(header);
        Builder.incoming(i, ofInt(1), entry);
        Builder.incoming(i, inc, cont);
        Builder.incoming(sum, ofInt(0), entry);
        Builder.incoming(sum, next, cont);
        b.at(merge);
        f.out("sum", sum);
        f.out("i", i);
        Result r = f.run();
        assertThat(r.status()).isEqualTo(Result.Status.RETURNED);
        assertThat(r.num("sum").intAt(0)).isEqualTo(55);
        assertThat(r.num("i").intAt(0)).isEqualTo(11);
    }

    @Test
    void phisOfABlockReadTheirIncomingValuesSimultaneously() {
        // (a, b) = (b, a) three times around a loop: a swap, not a copy
        Fixture f = new Fixture();
        Builder b = f.b;
        Block entry = b.block();
        Block loop = b.newBlock("loop");
        Block exit = b.newBlock("exit");
        b.br(loop);
        b.at(loop);
        Instruction a = b.phi(ScalarType.INT);
        Instruction c = b.phi(ScalarType.INT);
        Instruction n = b.phi(ScalarType.INT);
        Instruction n1 = b.binary(Opcode.ADD, n, ofInt(1));
        b.condBr(b.compare(Opcode.LT, n1, ofInt(3)), loop, exit);
        Builder.incoming(a, ofInt(1), entry);
        Builder.incoming(a, c, loop);
        Builder.incoming(c, ofInt(2), entry);
        Builder.incoming(c, a, loop);
        Builder.incoming(n, ofInt(0), entry);
        Builder.incoming(n, n1, loop);
        b.at(exit);
        f.out("a", a);
        f.out("b", c);
        Result r = f.run();
        // three entries of loop: (1,2) (2,1) (1,2)
        assertThat(r.num("a").intAt(0)).isEqualTo(1);
        assertThat(r.num("b").intAt(0)).isEqualTo(2);
    }

    private static Result ifElse(int x) {
        Fixture f = new Fixture();
        Builder b = f.b;
        GlobalVariable in = f.input("x", ScalarType.INT);
        Block then = b.newBlock("then");
        Block otherwise = b.newBlock("else");
        Block merge = b.newBlock("merge");
        b.block().markSelection(merge, ControlHint.NONE);
        b.condBr(b.compare(Opcode.GT, b.load(in), ofInt(0)), then, otherwise);
        b.at(then).br(merge);
        b.at(otherwise).br(merge);
        b.at(merge);
        Instruction phi = b.phi(ScalarType.INT);
        Builder.incoming(phi, ofInt(1), then);
        Builder.incoming(phi, ofInt(-1), otherwise);
        f.out("r", phi);
        return f.run(new Invocation().input("x", Val.ofInt(x)));
    }

    @Test
    void ifElseJoinsThroughAPhi() {
        assertThat(ifElse(5).num("r").intAt(0)).isEqualTo(1);
        assertThat(ifElse(-5).num("r").intAt(0)).isEqualTo(-1);
        assertThat(ifElse(0).num("r").intAt(0)).isEqualTo(-1);
    }

    private static int switchOn(int x) {
        Fixture f = new Fixture();
        Builder b = f.b;
        GlobalVariable in = f.input("x", ScalarType.INT);
        Block one = b.newBlock("one");
        Block two = b.newBlock("two");
        Block dflt = b.newBlock("default");
        Block merge = b.newBlock("merge");
        b.block().markSelection(merge, ControlHint.NONE);
        b.switchOn(b.load(in), dflt, new int[] {1, -2}, List.of(one, two));
        b.at(one).br(merge);
        b.at(two).br(merge);
        b.at(dflt).br(merge);
        b.at(merge);
        Instruction phi = b.phi(ScalarType.INT);
        Builder.incoming(phi, ofInt(10), one);
        Builder.incoming(phi, ofInt(20), two);
        Builder.incoming(phi, ofInt(0), dflt);
        f.out("r", phi);
        return f.run(new Invocation().input("x", Val.ofInt(x))).num("r").intAt(0);
    }

    @Test
    void switchPicksTheCaseOrTheDefault() {
        assertThat(switchOn(1)).isEqualTo(10);
        assertThat(switchOn(-2)).isEqualTo(20);
        assertThat(switchOn(2)).isEqualTo(0);
    }

    /** {@code int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }} (or without the base case). */
    private static Fixture factorial(int n, boolean baseCase) {
        Fixture f = new Fixture();
        Builder g = f.function("fact", ScalarType.INT, List.of(ScalarType.INT));
        Value arg = g.function().params().get(0);
        Block base = g.newBlock("base");
        Block rec = g.newBlock("rec");
        g.condBr(baseCase ? g.compare(Opcode.LE, arg, ofInt(1)) : ofBool(false), base, rec);
        g.at(base).ret(ofInt(1));
        g.at(rec);
        g.ret(g.binary(Opcode.MUL, arg, g.call(g.function(), List.of(g.binary(Opcode.SUB, arg, ofInt(1))))));
        f.out("r", f.b.call(g.function(), List.of(ofInt(n))));
        return f;
    }

    @Test
    void callsPassArgumentsAndReturnValuesAndRecursionIsBounded() {
        assertThat(factorial(5, true).run().num("r").intAt(0)).isEqualTo(120);
        assertThat(factorial(13, true).run().num("r").intAt(0)).isEqualTo(1932053504); // 13! wraps
        Result deep = factorial(5, false).run();
        assertThat(deep.status()).isEqualTo(Result.Status.LIMIT);
        assertThat(deep.message()).contains("call depth limit of 64");
        Result shallow = factorial(5, true).run(new Invocation().callDepth(3));
        assertThat(shallow.status()).isEqualTo(Result.Status.LIMIT);
    }

    @Test
    void evaluatorCallRunsAnyFunctionWithArguments() {
        Fixture f = factorial(1, true);
        Result r = Evaluator.call(f.module, f.module.function("fact").orElseThrow(), List.of(Val.ofInt(6)),
                new Invocation());
        assertThat(r.returnValue()).isEqualTo(Val.ofInt(720));
        Result wrong = Evaluator.call(f.module, f.module.function("fact").orElseThrow(), List.of(Val.ofFloat(6)),
                new Invocation());
        assertThat(wrong.status()).isEqualTo(Result.Status.TRAP);
    }

    @Test
    void killEndsTheInvocationKeepingTheOutputsWritten() {
        Fixture f = new Fixture();
        Builder b = f.b;
        GlobalVariable out = f.out("r", ofInt(1));
        Block dead = b.newBlock("discard");
        Block live = b.newBlock("live");
        b.condBr(b.compare(Opcode.GT, b.load(f.input("x", ScalarType.INT)), ofInt(0)), dead, live);
        b.at(dead).kill();
        b.at(live).store(out, ofInt(2));
        b.ret();
        Result killed = f.run(new Invocation().input("x", Val.ofInt(1)));
        assertThat(killed.status()).isEqualTo(Result.Status.KILLED);
        assertThat(killed.num("r").intAt(0)).isEqualTo(1);
        Result kept = f.run(new Invocation().input("x", Val.ofInt(0)));
        assertThat(kept.status()).isEqualTo(Result.Status.RETURNED);
        assertThat(kept.num("r").intAt(0)).isEqualTo(2);
    }

    @Test
    @Timeout(10)
    void theIterationGuardStopsAnInfiniteLoop() {
        Fixture f = new Fixture();
        Block loop = f.b.newBlock("loop");
        f.b.br(loop);
        f.b.at(loop).br(loop);
        Result r = f.run();
        assertThat(r.status()).isEqualTo(Result.Status.LIMIT);
        assertThat(r.message()).isEqualTo("instruction budget of 1000000 exhausted");
        assertThat(r.executed()).isEqualTo(Invocation.DEFAULT_BUDGET + 1);
        assertThat(f.run(new Invocation().budget(10)).executed()).isEqualTo(11);
    }

    @Test
    void unreachableAndVerifierErrorsTrapWithAMessage() {
        Fixture f = new Fixture();
        f.b.unreachable();
        Result r = f.run();
        assertThat(r.status()).isEqualTo(Result.Status.TRAP);
        assertThat(r.message()).startsWith("unreachable executed");

        // a use that its definition does not dominate, reached along the path without it
        Fixture g = new Fixture();
        Builder b = g.b;
        Block then = b.newBlock("then");
        Block merge = b.newBlock("merge");
        b.condBr(ofBool(false), then, merge);
        b.at(then);
        Instruction v = b.binary(Opcode.ADD, ofInt(1), ofInt(2)).setName("v");
        b.br(merge);
        b.at(merge);
        g.out("r", v);
        Result undefined = g.run();
        assertThat(undefined.status()).isEqualTo(Result.Status.TRAP);
        assertThat(undefined.message()).isEqualTo("operand %v is not defined here");

        Fixture h = new Fixture();
        Block join = h.b.newBlock("join");
        h.b.br(join);
        h.b.at(join);
        Instruction phi = h.b.phi(ScalarType.INT);
        Builder.incoming(phi, ofInt(1), join);
        h.out("r", phi);
        assertThat(h.run().message()).startsWith("phi in bb1 has no value for bb0");

        Fixture noTerminator = new Fixture();
        noTerminator.b.store(noTerminator.global("o", dev.csir.types.AddressSpace.OUTPUT, ScalarType.INT), ofInt(1));
        noTerminator.module.entryPoints().add(new dev.csir.ssa.EntryPoint(dev.csir.types.ShaderStage.FRAGMENT,
                noTerminator.main, List.of(), List.of()));
        Result open = Evaluator.run(noTerminator.module, new Invocation());
        assertThat(open.status()).isEqualTo(Result.Status.TRAP);
        assertThat(open.message()).contains("ends without a terminator");
    }
}
