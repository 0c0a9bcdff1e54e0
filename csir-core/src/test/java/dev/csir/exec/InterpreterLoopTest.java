package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Cmp;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.opt.Optimizer;
import dev.csir.verify.Verifier;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** LOOP, ENDLOOP, BREAK and CONTINUE in the interpreter, and the iteration guard. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InterpreterLoopTest {

    /** Hand-built fragment code with named helpers for counters and conditions. */
    private static final class Code {
        final Prog p = Prog.fragment();
        final int one = p.vec(1f);

        int zero() {
            int t = p.temp();
            p.op(Opcode.MOV, 1, t, p.vec(0f), -1);
            return t;
        }

        void add(int t, int k) {
            p.op(Opcode.ADD, 1, t, t, k);
        }

        void inc(int t) {
            add(t, one);
        }

        /** A fresh 1.0 / 0.0 for {@code a <op> b}. */
        int cmp(Cmp cmp, int a, int b) {
            return p.fresh(Opcode.CMP, 1, a, b, cmp.code());
        }

        void mark(Opcode op) {
            p.control(op, -1);
        }

        void iff(int cond) {
            p.control(Opcode.IF, cond);
        }

        /** {@code if (a <cmp> b) <op>;} with op BREAK or CONTINUE. */
        void when(Cmp cmp, int a, int b, Opcode op) {
            iff(cmp(cmp, a, b));
            mark(op);
            mark(Opcode.ENDIF);
        }

        /** Stores (x, y, 0, 1) as the colour. */
        void color(int x, int y) {
            int c = p.temp();
            p.op(Opcode.MOV, 4, c, p.vec(0f, 0f, 0f, 1f), -1);
            p.op(Opcode.SETLANE, 4, c, x, -1, 0, 0);
            p.op(Opcode.SETLANE, 4, c, y, -1, 1, 0);
            p.store(Opcode.STORE_COLOR, c, 0);
        }

        ShaderIr ir() {
            return p.ir();
        }

        /**
         * Runs the code literally, simplified and optimized-then-simplified; all three must agree
         * on every output. Returns the literal run's frame.
         */
        Frame run() {
            ShaderIr ir = ir();
            assertThat(Verifier.verify(ir)).as("the test code itself is verified").isEmpty();
            Frame literal = runOn(Interpreter.literal(ir, null));
            for (Interpreter other : new Interpreter[] {Interpreter.of(ir, null),
                    Interpreter.of(Optimizer.optimize(ir), null)}) {
                Frame f = runOn(other);
                assertThat(f.status()).isEqualTo(literal.status());
                assertThat(f.color()).containsExactly(literal.color());
                assertThat(f.discarded()).isEqualTo(literal.discarded());
            }
            return literal;
        }

        private static Frame runOn(Interpreter in) {
            Frame f = in.newFrame();
            in.run(f);
            return f;
        }
    }

    @Test
    void aLoopWithABreakRunsItsBodyUntilTheBreak() {
        for (int n : new int[] {0, 1, 7}) {
            Code k = new Code();
            int limit = k.p.vec(n);
            int i = k.zero();
            int body = k.zero();
            k.mark(Opcode.LOOP);
            k.when(Cmp.GE, i, limit, Opcode.BREAK);
            k.inc(body);
            k.inc(i);
            k.mark(Opcode.ENDLOOP);
            k.color(body, i);
            Frame f = k.run();
            assertThat(f.status()).isEqualTo(Status.OK);
            assertThat(f.color()).as("n %d", n).containsExactly(n, n, 0f, 1f);
        }
    }

    @Test
    void continueGoesBackToTheTopSkippingTheRestOfTheBody() {
        // for (i = 1; i <= 9; i++) { odd = 1 - odd; if (odd == 0) continue; sum += i; } → 1+3+5+7+9
        Code k = new Code();
        int nine = k.p.vec(9f);
        int i = k.zero();
        int odd = k.zero();
        int sum = k.zero();
        int skipped = k.zero();
        k.mark(Opcode.LOOP);
        k.inc(i);
        k.when(Cmp.GT, i, nine, Opcode.BREAK);
        k.p.op(Opcode.SUB, 1, odd, k.one, odd);
        k.iff(k.cmp(Cmp.EQ, odd, k.p.vec(0f)));
        k.inc(skipped);
        k.mark(Opcode.CONTINUE);
        k.inc(sum); // after the CONTINUE in the same arm: never runs
        k.mark(Opcode.ENDIF);
        k.add(sum, i);
        k.mark(Opcode.ENDLOOP);
        k.color(sum, skipped);
        Frame f = k.run();
        assertThat(f.status()).isEqualTo(Status.OK);
        assertThat(f.color()).containsExactly(25f, 4f, 0f, 1f);
    }

    @Test
    void nestedLoopsBreakAndContinueOnlyTheInnermost() {
        // outer 3 times; inner counts to 4 but continues at 2 and breaks at 4: 3 inner adds each
        Code k = new Code();
        int three = k.p.vec(3f);
        int two = k.p.vec(2f);
        int four = k.p.vec(4f);
        int o = k.zero();
        int adds = k.zero();
        int outerTail = k.zero();
        k.mark(Opcode.LOOP);
        k.when(Cmp.GE, o, three, Opcode.BREAK);
        k.inc(o);
        int j = k.p.temp();
        k.p.op(Opcode.MOV, 1, j, k.p.vec(0f), -1);
        k.mark(Opcode.LOOP);
        k.inc(j);
        k.when(Cmp.EQ, j, two, Opcode.CONTINUE);
        k.inc(adds);
        k.when(Cmp.GE, j, four, Opcode.BREAK);
        k.mark(Opcode.ENDLOOP);
        k.inc(outerTail); // the inner BREAK lands here, inside the outer loop
        k.mark(Opcode.ENDLOOP);
        k.color(adds, outerTail);
        Frame f = k.run();
        assertThat(f.status()).isEqualTo(Status.OK);
        assertThat(f.color()).containsExactly(9f, 3f, 0f, 1f);
    }

    @Test
    void aLoopInsideAnIfRunsOnlyWhenTheIfIsTaken() {
        for (float taken : new float[] {1f, 0f}) {
            Code k = new Code();
            int c = k.p.vec(taken);
            int five = k.p.vec(5f);
            int i = k.zero();
            int other = k.zero();
            k.iff(c);
            k.mark(Opcode.LOOP);
            k.when(Cmp.GE, i, five, Opcode.BREAK);
            k.inc(i);
            k.mark(Opcode.ENDLOOP);
            k.mark(Opcode.ELSE);
            k.inc(other);
            k.mark(Opcode.ENDIF);
            k.color(i, other);
            Frame f = k.run();
            assertThat(f.color()).as("taken %s", taken).containsExactly(taken != 0 ? 5f : 0f,
                    taken != 0 ? 0f : 1f, 0f, 1f);
        }
    }

    @Test
    void ifElseInsideALoopChoosesPerIteration() {
        // six iterations alternating arms: evens counted in x, odds in y
        Code k = new Code();
        int six = k.p.vec(6f);
        int i = k.zero();
        int flip = k.zero();
        int evens = k.zero();
        int odds = k.zero();
        k.mark(Opcode.LOOP);
        k.when(Cmp.GE, i, six, Opcode.BREAK);
        k.iff(k.cmp(Cmp.EQ, flip, k.p.vec(0f)));
        k.inc(evens);
        k.mark(Opcode.ELSE);
        k.inc(odds);
        k.mark(Opcode.ENDIF);
        k.p.op(Opcode.SUB, 1, flip, k.one, flip);
        k.inc(i);
        k.mark(Opcode.ENDLOOP);
        k.color(evens, odds);
        assertThat(k.run().color()).containsExactly(3f, 3f, 0f, 1f);
    }

    @Test
    void aLoopCarriedValueIsReadBeforeItIsWrittenInTheBody() {
        // fib: a, b = 0, 1; ten times { t = a + b; a = b; b = t } -> a = 55, b = 89. The reads of
        // a and b near the top see the previous iteration's writes at the bottom.
        Code k = new Code();
        int ten = k.p.vec(10f);
        int i = k.zero();
        int a = k.zero();
        int b = k.p.temp();
        k.p.op(Opcode.MOV, 1, b, k.one, -1);
        k.mark(Opcode.LOOP);
        k.when(Cmp.GE, i, ten, Opcode.BREAK);
        int t = k.p.fresh(Opcode.ADD, 1, a, b, 0);
        k.p.op(Opcode.MOV, 1, a, b, -1);
        k.p.op(Opcode.MOV, 1, b, t, -1);
        k.inc(i);
        k.mark(Opcode.ENDLOOP);
        k.color(a, b);
        assertThat(k.run().color()).containsExactly(55f, 89f, 0f, 1f);
    }

    @Test
    void discardInsideALoopEndsTheInvocation() {
        Code k = new Code();
        int i = k.zero();
        int three = k.p.vec(3f);
        k.mark(Opcode.LOOP);
        k.inc(i);
        k.color(i, i);
        k.iff(k.cmp(Cmp.GE, i, three));
        k.mark(Opcode.DISCARD);
        k.mark(Opcode.ENDIF);
        k.mark(Opcode.ENDLOOP);
        Frame f = k.run();
        assertThat(f.status()).isEqualTo(Status.OK);
        assertThat(f.discarded()).isTrue();
        assertThat(f.color()).containsExactly(3f, 3f, 0f, 1f);
    }

    /** A loop that counts {@code n} iterations, each ending at ENDLOOP, then breaks. */
    private static Code counted(int n) {
        Code k = new Code();
        int limit = k.p.vec(n);
        int i = k.zero();
        k.mark(Opcode.LOOP);
        k.when(Cmp.GE, i, limit, Opcode.BREAK);
        k.inc(i);
        k.mark(Opcode.ENDLOOP);
        k.color(i, i);
        return k;
    }

    @Test
    void theGuardAllowsExactlyMaxIterationsBackEdges() {
        assertThat(Interpreter.MAX_ITERATIONS).isEqualTo(1 << 16);
        Frame ok = counted(Interpreter.MAX_ITERATIONS).run();
        assertThat(ok.status()).isEqualTo(Status.OK);
        assertThat(ok.color()[0]).isEqualTo(Interpreter.MAX_ITERATIONS);
        Frame over = counted(Interpreter.MAX_ITERATIONS + 1).run();
        assertThat(over.status()).isEqualTo(Status.ITERATION_LIMIT);
        assertThat(over.status().message()).isEqualTo("loop iteration limit exceeded");
        assertThat(over.color()).containsOnly(0f); // stopped inside the loop, before the store
    }

    @Test
    void anEndlessLoopStopsAtTheGuardWithItsFrameIntact() {
        Code k = new Code();
        int n = k.zero();
        k.color(k.one, k.one);
        k.mark(Opcode.LOOP);
        k.inc(n);
        k.color(n, k.one);
        k.mark(Opcode.ENDLOOP);
        k.color(k.p.vec(7f), k.p.vec(7f)); // never reached
        ShaderIr ir = k.ir();
        assertThat(Verifier.verify(ir)).isEmpty();
        Interpreter in = Interpreter.literal(ir, null);
        Frame f = in.newFrame();
        f.uniform(2, 1f, 2f, 3f, 4f);
        assertThat(in.run(f)).isEqualTo(Status.ITERATION_LIMIT);
        assertThat(f.status()).isEqualTo(Status.ITERATION_LIMIT);
        // the body ran once on entry and once after each allowed back-edge
        assertThat(Prog.reg(f, n)[0]).isEqualTo(Interpreter.MAX_ITERATIONS + 1);
        assertThat(f.color()).containsExactly(Interpreter.MAX_ITERATIONS + 1, 1f, 0f, 1f);
        assertThat(f.discarded()).isFalse();
        // the inputs are untouched, the frame serves the next invocation as usual, and the
        // guard counts afresh
        assertThat(f.uniforms()).startsWith(0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 1f, 2f, 3f, 4f);
        assertThat(in.run(f)).isEqualTo(Status.ITERATION_LIMIT);
        assertThat(f.color()[0]).isEqualTo(Interpreter.MAX_ITERATIONS + 1);
        // the simplified and optimized forms stop at the same place
        for (ShaderIr form : new ShaderIr[] {ir, Optimizer.optimize(ir)}) {
            Interpreter other = Interpreter.of(form, null);
            Frame h = other.newFrame();
            assertThat(other.run(h)).isEqualTo(Status.ITERATION_LIMIT);
            assertThat(h.color()).containsExactly(f.color());
        }
    }

    @Test
    void continueBackEdgesCountTooAndAllLoopsShareTheGuard() {
        Code spin = new Code();
        spin.mark(Opcode.LOOP);
        spin.mark(Opcode.CONTINUE);
        spin.mark(Opcode.ENDLOOP);
        assertThat(spin.run().status()).isEqualTo(Status.ITERATION_LIMIT);

        // 300 outer iterations of 300 inner ones: about 90,000 back-edges, over the guard,
        // though each loop alone stays far below it; 200 x 200 (about 40,000) stays under
        for (int[] c : new int[][] {{300, 1}, {200, 0}}) {
            Code k = new Code();
            int n = k.p.vec(c[0]);
            int o = k.zero();
            k.mark(Opcode.LOOP);
            k.when(Cmp.GE, o, n, Opcode.BREAK);
            k.inc(o);
            int j = k.p.temp();
            k.p.op(Opcode.MOV, 1, j, k.p.vec(0f), -1);
            k.mark(Opcode.LOOP);
            k.when(Cmp.GE, j, n, Opcode.BREAK);
            k.inc(j);
            k.mark(Opcode.ENDLOOP);
            k.mark(Opcode.ENDLOOP);
            k.color(o, o);
            assertThat(k.run().status()).as("%d x %d", c[0], c[0])
                    .isEqualTo(c[1] == 1 ? Status.ITERATION_LIMIT : Status.OK);
        }
    }

    @Test
    void aLoopRunAllocatesNothing() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx)
                || !mx.isThreadAllocatedMemorySupported()) {
            Assumptions.abort("no per-thread allocation counter on this JVM");
            return;
        }
        mx.setThreadAllocatedMemoryEnabled(true);
        for (Code k : new Code[] {counted(50), endless()}) {
            Interpreter in = Interpreter.of(k.ir(), null);
            Frame f = in.newFrame();
            for (int i = 0; i < 200; i++) {
                in.run(f);
            }
            int runs = 2000;
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < runs; i++) {
                in.run(f);
            }
            long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            assertThat((double) allocated / runs).as("bytes per invocation (%d total)", allocated)
                    .isLessThan(1.0);
        }
    }

    private static Code endless() {
        Code k = new Code();
        k.mark(Opcode.LOOP);
        k.mark(Opcode.ENDLOOP);
        return k;
    }

    @Test
    void theSharedLoopShadersGiveTheirDocumentedColours() {
        for (dev.csir.testing.LoopShaders.Case c : dev.csir.testing.LoopShaders.all()) {
            assertThat(Verifier.verify(c.ir())).as(c.name()).isEmpty();
            for (Interpreter in : new Interpreter[] {Interpreter.literal(c.ir(), null), Interpreter.of(c.ir(), null),
                    Interpreter.of(Optimizer.optimize(c.ir()), null)}) {
                Frame f = in.newFrame();
                f.varying(0, 0.5f, 0.5f, 0.5f, 1f);
                assertThat(in.run(f)).isEqualTo(Status.OK);
                assertThat(f.color()).as(c.name()).containsExactly(c.expected());
            }
        }
    }

    // ---------------------------------------------------------------- unverified nesting

    /** Runs unverified code literally and simplified; both must end alike, without throwing. */
    private static Frame runUnverified(Prog p) {
        Frame literal = p.run();
        Interpreter simplified = Interpreter.of(p.ir(), null);
        Frame f = simplified.newFrame();
        simplified.run(f);
        assertThat(f.status()).isEqualTo(literal.status());
        assertThat(f.color()).containsExactly(literal.color());
        return literal;
    }

    private static Status statusOf(Opcode... markers) {
        Prog p = Prog.fragment();
        int one = p.vec(1f);
        for (Opcode op : markers) {
            p.control(op, op == Opcode.IF ? one : -1);
        }
        p.store(Opcode.STORE_COLOR, one, 0);
        return runUnverified(p).status();
    }

    @Test
    void malformedNestingEndsWithAStatusAtItsPosition() {
        assertThat(statusOf(Opcode.ENDLOOP)).isEqualTo(Status.ENDLOOP_WITHOUT_LOOP);
        assertThat(statusOf(Opcode.BREAK)).isEqualTo(Status.BREAK_OUTSIDE_LOOP);
        assertThat(statusOf(Opcode.IF, Opcode.CONTINUE, Opcode.ENDIF)).isEqualTo(Status.CONTINUE_OUTSIDE_LOOP);
        assertThat(statusOf(Opcode.LOOP, Opcode.IF, Opcode.ENDLOOP, Opcode.ENDIF))
                .isEqualTo(Status.ENDLOOP_WITHOUT_LOOP);
        assertThat(statusOf(Opcode.IF, Opcode.LOOP, Opcode.ELSE, Opcode.ENDLOOP, Opcode.ENDIF))
                .isEqualTo(Status.ELSE_WITHOUT_IF);
        assertThat(statusOf(Opcode.IF, Opcode.LOOP, Opcode.ENDIF, Opcode.ENDLOOP)).isEqualTo(Status.ENDIF_WITHOUT_IF);
        assertThat(statusOf(Opcode.LOOP, Opcode.BREAK)).isEqualTo(Status.LOOP_NOT_CLOSED);
        assertThat(statusOf(Opcode.LOOP, Opcode.BREAK, Opcode.ENDLOOP)).isEqualTo(Status.OK);
        assertThat(Status.LOOP_NOT_CLOSED.message()).isEqualTo("loop without endloop");
        assertThat(Status.ENDLOOP_WITHOUT_LOOP.message()).isEqualTo("endloop without a matching loop");
        assertThat(Status.BREAK_OUTSIDE_LOOP.message()).isEqualTo("break with no open loop");
    }

    @Test
    void anUnclosedLoopRunsItsBodyOnceThenStops() {
        Prog p = Prog.fragment();
        p.control(Opcode.LOOP, -1);
        p.store(Opcode.STORE_COLOR, p.vec(2f, 3f, 4f, 5f), 0);
        Frame f = runUnverified(p);
        assertThat(f.status()).isEqualTo(Status.LOOP_NOT_CLOSED);
        assertThat(f.color()).containsExactly(2f, 3f, 4f, 5f);
    }

    @Test
    void aBreakThatWouldPassAFailureStopsThere() {
        // LOOP; BREAK; IF; ENDLOOP: the ENDLOOP, with an IF still open inside its loop, is the
        // failure; the BREAK's jump, which would land after it, lands on it instead.
        Prog p = Prog.fragment();
        int one = p.vec(1f);
        p.control(Opcode.LOOP, -1);
        p.control(Opcode.BREAK, -1);
        p.control(Opcode.IF, one);
        p.control(Opcode.ENDLOOP, -1);
        p.store(Opcode.STORE_COLOR, one, 0);
        Frame f = runUnverified(p);
        assertThat(f.status()).isEqualTo(Status.ENDLOOP_WITHOUT_LOOP);
        assertThat(f.color()).containsOnly(0f);
    }

    @Test
    void loopsCountTowardsTheNestingDepthWithIfs() {
        int depth = Limits.DEFAULT.maxIfDepth();
        for (Opcode innermost : new Opcode[] {Opcode.LOOP, Opcode.IF}) {
            for (int n : new int[] {depth, depth + 1}) {
                Prog p = Prog.fragment();
                int one = p.vec(1f);
                for (int i = 0; i < n; i++) {
                    Opcode op = i == n - 1 ? innermost : i % 2 == 0 ? Opcode.LOOP : Opcode.IF;
                    p.control(op, op == Opcode.IF ? one : -1);
                }
                p.store(Opcode.STORE_COLOR, one, 0);
                for (int i = n - 1; i >= 0; i--) {
                    Opcode op = i == n - 1 ? innermost : i % 2 == 0 ? Opcode.LOOP : Opcode.IF;
                    if (op == Opcode.LOOP) {
                        p.control(Opcode.BREAK, -1); // each loop runs once
                    }
                    p.control(op == Opcode.LOOP ? Opcode.ENDLOOP : Opcode.ENDIF, -1);
                }
                Frame f = runUnverified(p);
                Status deep = innermost == Opcode.LOOP ? Status.LOOP_TOO_DEEP : Status.IF_TOO_DEEP;
                assertThat(f.status()).as("%d, innermost %s", n, innermost).isEqualTo(n == depth ? Status.OK : deep);
                assertThat(f.color()[0]).isEqualTo(n == depth ? 1f : 0f);
            }
        }
    }
}
