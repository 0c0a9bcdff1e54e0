package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Opcode;
import org.junit.jupiter.api.Test;

class InterpreterControlFlowTest {

    /** color.x accumulates a bit per executed marker so a test sees exactly which ran. */
    private static final class Marks {
        final Prog p = Prog.fragment();
        final int acc = p.temp();

        void mark(int bit) {
            int k = p.vec(bit);
            p.op(Opcode.ADD, 1, acc, acc, k);
        }

        int cond(float v) {
            return p.vec(v);
        }

        int run() {
            return (int) runFrame().color()[0];
        }

        Frame runFrame() {
            p.store(Opcode.STORE_COLOR, acc, 0);
            return p.run();
        }
    }

    @Test
    void ifRunsItsBodyOnlyWhenLaneZeroIsNonZero() {
        for (float v : new float[] {1f, -2f, Float.NaN, 0f, -0f}) {
            Marks m = new Marks();
            int c = m.cond(v);
            m.mark(1);
            m.p.control(Opcode.IF, c);
            m.mark(2);
            m.p.control(Opcode.ENDIF, -1);
            m.mark(4);
            assertThat(m.run()).as("cond %s", v).isEqualTo(v != 0f || Float.isNaN(v) ? 7 : 5);
        }
    }

    @Test
    void ifReadsOnlyLaneZero() {
        Marks m = new Marks();
        int c = m.p.vec(0f, 1f, 1f, 1f);
        m.p.control(Opcode.IF, c);
        m.mark(1);
        m.p.control(Opcode.ENDIF, -1);
        assertThat(m.run()).isZero();
    }

    @Test
    void elseRunsExactlyOneBranch() {
        for (float v : new float[] {1f, 0f}) {
            Marks m = new Marks();
            int c = m.cond(v);
            m.p.control(Opcode.IF, c);
            m.mark(1);
            m.p.control(Opcode.ELSE, -1);
            m.mark(2);
            m.p.control(Opcode.ENDIF, -1);
            m.mark(4);
            assertThat(m.run()).isEqualTo(v != 0f ? 5 : 6);
        }
    }

    @Test
    void nestedBranchesInsideASkippedParentStaySkipped() {
        // if (outer) { if (inner) {1} else {2} 4 } else { if (inner) {8} else {16} 32 } 64
        int[][] cases = {{1, 1, 1 | 4 | 64}, {1, 0, 2 | 4 | 64}, {0, 1, 8 | 32 | 64}, {0, 0, 16 | 32 | 64}};
        for (int[] k : cases) {
            Marks m = new Marks();
            int outer = m.cond(k[0]);
            int inner = m.cond(k[1]);
            m.p.control(Opcode.IF, outer);
            m.p.control(Opcode.IF, inner);
            m.mark(1);
            m.p.control(Opcode.ELSE, -1);
            m.mark(2);
            m.p.control(Opcode.ENDIF, -1);
            m.mark(4);
            m.p.control(Opcode.ELSE, -1);
            m.p.control(Opcode.IF, inner);
            m.mark(8);
            m.p.control(Opcode.ELSE, -1);
            m.mark(16);
            m.p.control(Opcode.ENDIF, -1);
            m.mark(32);
            m.p.control(Opcode.ENDIF, -1);
            m.mark(64);
            assertThat(m.run()).as("outer %d inner %d", k[0], k[1]).isEqualTo(k[2]);
        }
    }

    @Test
    void conditionWrittenInsideABranchIsReadWhenReached() {
        // The IF reads its temporary at run time, after earlier branches changed it.
        Marks m = new Marks();
        int c = m.p.temp();
        int one = m.cond(1f);
        int zero = m.cond(0f);
        m.p.control(Opcode.IF, one);
        m.p.op(Opcode.MOV, 1, c, one, -1);
        m.p.control(Opcode.ENDIF, -1);
        m.p.control(Opcode.IF, c);
        m.mark(1);
        m.p.control(Opcode.ENDIF, -1);
        m.p.control(Opcode.IF, zero);
        m.mark(2);
        m.p.control(Opcode.ENDIF, -1);
        assertThat(m.run()).isEqualTo(1);
    }

    @Test
    void thirtyTwoLevelsRunAndTheThirtyThirdStopsEvenWhenSkipped() {
        Marks ok = new Marks();
        int one = ok.cond(1f);
        for (int i = 0; i < 32; i++) {
            ok.p.control(Opcode.IF, one);
        }
        ok.mark(1);
        for (int i = 0; i < 32; i++) {
            ok.p.control(Opcode.ENDIF, -1);
        }
        Frame f = ok.runFrame();
        assertThat(f.status()).isEqualTo(Status.OK);
        assertThat(f.color()[0]).isEqualTo(1f);

        for (float outer : new float[] {1f, 0f}) {
            Marks deep = new Marks();
            int c = deep.cond(outer);
            int t = deep.cond(1f);
            deep.mark(1);
            deep.p.control(Opcode.IF, c);
            for (int i = 0; i < 32; i++) {
                deep.p.control(Opcode.IF, t);
            }
            for (int i = 0; i < 33; i++) {
                deep.p.control(Opcode.ENDIF, -1);
            }
            deep.mark(2);
            Prog p = deep.p;
            p.store(Opcode.STORE_COLOR, deep.acc, 0);
            Frame g = p.run();
            assertThat(g.status()).as("outer %s", outer).isEqualTo(Status.IF_TOO_DEEP);
            assertThat(g.status().message()).isEqualTo("if nesting exceeds the interpreter depth");
            assertThat(g.color()).containsOnly(0f); // stopped before any store
        }
    }

    @Test
    void strayElseAndEndifStopWithAStatus() {
        Marks e = new Marks();
        e.mark(1);
        e.p.control(Opcode.ELSE, -1);
        e.mark(2);
        Frame f = e.runFrame();
        assertThat(f.status()).isEqualTo(Status.ELSE_WITHOUT_IF);
        assertThat(f.color()[0]).isZero();

        Marks n = new Marks();
        int one = n.cond(1f);
        n.p.control(Opcode.IF, one);
        n.p.control(Opcode.ENDIF, -1);
        n.p.control(Opcode.ENDIF, -1);
        assertThat(n.runFrame().status()).isEqualTo(Status.ENDIF_WITHOUT_IF);
    }

    @Test
    void anUnclosedFalseIfSkipsToTheEnd() {
        Marks m = new Marks();
        int zero = m.cond(0f);
        m.p.store(Opcode.STORE_COLOR, m.cond(3f), 0);
        m.p.control(Opcode.IF, zero);
        m.p.store(Opcode.STORE_COLOR, m.cond(5f), 0);
        Frame f = m.p.run();
        assertThat(f.status()).isEqualTo(Status.OK);
        assertThat(f.color()[0]).isEqualTo(3f);
    }

    @Test
    void aSecondElseTogglesAgainAsTheOriginalDoes() {
        for (float v : new float[] {1f, 0f}) {
            Marks m = new Marks();
            int c = m.cond(v);
            m.p.control(Opcode.IF, c);
            m.mark(1);
            m.p.control(Opcode.ELSE, -1);
            m.mark(2);
            m.p.control(Opcode.ELSE, -1);
            m.mark(4);
            m.p.control(Opcode.ENDIF, -1);
            assertThat(m.run()).isEqualTo(v != 0f ? 5 : 2);
        }
    }

    @Test
    void discardStopsAtOnceAndIsClearedOnTheNextRun() {
        Prog p = Prog.fragment();
        int c = p.temp();
        p.op(Opcode.LOAD_VAR, 1, c, -1, -1, 0, 0);
        p.store(Opcode.STORE_COLOR, p.vec(1f, 2f, 3f, 4f), 0);
        p.control(Opcode.IF, c);
        p.control(Opcode.DISCARD, -1);
        p.control(Opcode.ENDIF, -1);
        p.store(Opcode.STORE_COLOR, p.vec(5f, 6f, 7f, 8f), 0);
        Interpreter in = p.interpreter(null);
        Frame f = in.newFrame();
        f.varying(0, 1f, 0f, 0f, 0f);
        assertThat(in.run(f)).isEqualTo(Status.OK);
        assertThat(f.discarded()).isTrue();
        assertThat(f.color()).containsExactly(1f, 2f, 3f, 4f);
        f.varying(0, 0f, 0f, 0f, 0f);
        in.run(f);
        assertThat(f.discarded()).isFalse();
        assertThat(f.color()).containsExactly(5f, 6f, 7f, 8f);
    }
}
