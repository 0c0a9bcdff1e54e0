package dev.csir.exec;

import static dev.csir.exec.Prog.reg;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.csir.ir.Cmp;
import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.Type;
import org.junit.jupiter.api.Test;

class InterpreterOpsTest {

    private static final int XYZW = 0 | 1 << 2 | 2 << 4 | 3 << 6;
    private static final int WZYX = 3 | 2 << 2 | 1 << 4;

    @Test
    void constZeroesTheLanesPastItsCount() {
        Prog p = Prog.fragment();
        int two = p.vec(1f, 2f);
        int k = p.b.immediates(5f, 6f);
        int none = p.temp();
        p.b.emit(Insn.of(Opcode.CONST, Type.VEC2, 0, none, -1, -1, k, 0));
        Frame f = p.run();
        assertThat(reg(f, two)).containsExactly(1f, 2f, 0f, 0f);
        assertThat(reg(f, none)).containsExactly(0f, 0f, 0f, 0f);
    }

    @Test
    void movCopiesOnlyItsLanes() {
        Prog p = Prog.fragment();
        int src = p.vec(1f, 2f, 3f, 4f);
        int two = p.vec(9f, 9f, 9f, 9f);
        int one = p.vec(9f, 9f, 9f, 9f);
        int three = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.MOV, 2, two, src, -1);
        p.op(Opcode.MOV, 1, one, src, -1);
        p.op(Opcode.MOV, 3, three, src, -1);
        int all = p.fresh(Opcode.MOV, 0, src, -1, 0);
        Frame f = p.run();
        assertThat(reg(f, two)).containsExactly(1f, 2f, 9f, 9f);
        assertThat(reg(f, one)).containsExactly(1f, 9f, 9f, 9f);
        assertThat(reg(f, three)).containsExactly(1f, 2f, 3f, 9f);
        assertThat(reg(f, all)).containsExactly(1f, 2f, 3f, 4f);
    }

    @Test
    void swizzleSelectsZeroesTheRestAndSurvivesAliasing() {
        Prog p = Prog.fragment();
        int src = p.vec(1f, 2f, 3f, 4f);
        int rev = p.fresh(Opcode.SWZ, 4, src, -1, WZYX);
        int two = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.SWZ, 2, two, src, -1, 1 | 0 << 2, 0); // .yx
        int dflt = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.SWZ, 0, dflt, src, -1, 2, 0); // ncomp 0 means one lane: .z
        int three = p.fresh(Opcode.SWZ, 3, src, -1, 0); // broadcast .xxx
        int self = p.vec(1f, 2f, 3f, 4f);
        p.op(Opcode.SWZ, 4, self, self, -1, WZYX, 0);
        Frame f = p.run();
        assertThat(reg(f, rev)).containsExactly(4f, 3f, 2f, 1f);
        assertThat(reg(f, two)).containsExactly(2f, 1f, 0f, 0f);
        assertThat(reg(f, dflt)).containsExactly(3f, 0f, 0f, 0f);
        assertThat(reg(f, three)).containsExactly(1f, 1f, 1f, 0f);
        assertThat(reg(f, self)).containsExactly(4f, 3f, 2f, 1f);
    }

    @Test
    void setLaneWritesOneLaneFromOneLane() {
        Prog p = Prog.fragment();
        int src = p.vec(1f, 2f, 3f, 4f);
        int dst = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.SETLANE, 1, dst, src, -1, 2, 1); // dst.z = src.y
        p.op(Opcode.SETLANE, 1, dst, src, -1, 4, 7); // aux & 3 = 0, aux2 & 3 = 3: dst.x = src.w
        Frame f = p.run();
        assertThat(reg(f, dst)).containsExactly(4f, 9f, 2f, 9f);
    }

    @Test
    void componentwiseArithmeticHonoursTheLaneCount() {
        Prog p = Prog.fragment();
        int a = p.vec(1f, -2f, 3f, -4f);
        int b = p.vec(0.5f, 5f, -6f, 7f);
        int add = p.fresh(Opcode.ADD, 0, a, b, 0);
        int sub = p.fresh(Opcode.SUB, 4, a, b, 0);
        int mul = p.fresh(Opcode.MUL, 4, a, b, 0);
        int max = p.fresh(Opcode.MAX, 4, a, b, 0);
        int min = p.fresh(Opcode.MIN, 4, a, b, 0);
        int abs = p.fresh(Opcode.ABS, 0, a, -1, 0);
        int add2 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.ADD, 2, add2, a, b);
        int mul3 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.MUL, 3, mul3, a, b);
        int max1 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.MAX, 1, max1, a, b);
        int abs3 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.ABS, 3, abs3, a, -1);
        Frame f = p.run();
        assertThat(reg(f, add)).containsExactly(1.5f, 3f, -3f, 3f);
        assertThat(reg(f, sub)).containsExactly(0.5f, -7f, 9f, -11f);
        assertThat(reg(f, mul)).containsExactly(0.5f, -10f, -18f, -28f);
        assertThat(reg(f, max)).containsExactly(1f, 5f, 3f, 7f);
        assertThat(reg(f, min)).containsExactly(0.5f, -2f, -6f, -4f);
        assertThat(reg(f, abs)).containsExactly(1f, 2f, 3f, 4f);
        assertThat(reg(f, add2)).containsExactly(1.5f, 3f, 9f, 9f);
        assertThat(reg(f, mul3)).containsExactly(0.5f, -10f, -18f, 9f);
        assertThat(reg(f, max1)).containsExactly(1f, 9f, 9f, 9f);
        assertThat(reg(f, abs3)).containsExactly(1f, 2f, 3f, 9f);
    }

    @Test
    void minAndMaxFollowTheComparisonForm() {
        // MAX is a > b ? a : b, so a NaN in a gives b, a NaN in b gives b.
        Prog p = Prog.fragment();
        int a = p.vec(Float.NaN, 1f);
        int b = p.vec(2f, Float.NaN);
        int max = p.fresh(Opcode.MAX, 2, a, b, 0);
        int min = p.fresh(Opcode.MIN, 2, a, b, 0);
        Frame f = p.run();
        assertThat(reg(f, max)[0]).isEqualTo(2f);
        assertThat(reg(f, max)[1]).isNaN();
        assertThat(reg(f, min)[0]).isEqualTo(2f);
        assertThat(reg(f, min)[1]).isNaN();
    }

    @Test
    void dotSumsAuxLanesIntoLaneZeroOnly() {
        Prog p = Prog.fragment();
        int a = p.vec(1f, 2f, 3f, 4f);
        int b = p.vec(5f, 6f, 7f, 8f);
        int d3 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.DOT, 1, d3, a, b, 3, 0);
        int d4 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.DOT, 1, d4, a, b, 4, 0);
        int d0 = p.fresh(Opcode.DOT, 1, a, b, 0);
        int d2 = p.fresh(Opcode.DOT, 1, a, b, 2);
        int self = p.vec(1f, 2f, 3f, 4f);
        p.op(Opcode.DOT, 1, self, self, self, 4, 0);
        Frame f = p.run();
        assertThat(reg(f, d3)).containsExactly(38f, 9f, 9f, 9f);
        assertThat(reg(f, d4)).containsExactly(70f, 9f, 9f, 9f);
        assertThat(reg(f, d0)[0]).isEqualTo(38f);
        assertThat(reg(f, d2)[0]).isEqualTo(17f);
        assertThat(reg(f, self)).containsExactly(30f, 2f, 3f, 4f);
    }

    @Test
    void rsqIsPerLaneAndZeroForNonPositive() {
        Prog p = Prog.fragment();
        int x = p.vec(4f, 0f, -1f, 0.25f);
        int all = p.fresh(Opcode.RSQ, 4, x, -1, 0);
        int one = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.RSQ, 0, one, x, -1);
        int two = p.fresh(Opcode.RSQ, 1, p.vec(2f), -1, 0);
        Frame f = p.run();
        assertThat(reg(f, all)).containsExactly(0.5f, 0f, 0f, 2f);
        assertThat(reg(f, one)).containsExactly(0.5f, 9f, 9f, 9f);
        assertThat(reg(f, two)[0]).isEqualTo((float) (1 / Math.sqrt(2)));
    }

    @Test
    void rcpOfZeroIsZero() {
        Prog p = Prog.fragment();
        int x = p.vec(2f, 0f, -4f, 0.5f);
        int all = p.fresh(Opcode.RCP, 4, x, -1, 0);
        int one = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.RCP, 0, one, x, -1);
        int negZero = p.fresh(Opcode.RCP, 1, p.vec(-0f), -1, 0);
        Frame f = p.run();
        assertThat(reg(f, all)).containsExactly(0.5f, 0f, -0.25f, 2f);
        assertThat(reg(f, one)).containsExactly(0.5f, 9f, 9f, 9f);
        assertThat(reg(f, negZero)[0]).isEqualTo(0f);
    }

    @Test
    void sinAndCosAreAccuratePerLane() {
        Prog p = Prog.fragment();
        int x = p.vec(1f, 0f, (float) Math.PI, -2f);
        int sin = p.fresh(Opcode.SIN, 4, x, -1, 0);
        int cos1 = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.COS, 0, cos1, x, -1);
        int cos = p.fresh(Opcode.COS, 4, x, -1, 0);
        Frame f = p.run();
        assertThat(reg(f, sin)).containsExactly((float) Math.sin(1f), 0f, (float) Math.sin((float) Math.PI),
                (float) Math.sin(-2f));
        assertThat(reg(f, sin)[0]).isCloseTo(0.841471f, within(1e-6f));
        assertThat(reg(f, cos1)).containsExactly((float) Math.cos(1f), 9f, 9f, 9f);
        assertThat(reg(f, cos1)[0]).isCloseTo(0.540302f, within(1e-6f)); // the original gave 0.540304
        assertThat(reg(f, cos)[2]).isEqualTo(-1f);
    }

    @Test
    void powIsAccurateWithDocumentedEdges() {
        // within 2 ULP of the exact values (the original gave 1.39708 for the first)
        assertThat(ShaderMath.pow(2f, 0.5f)).isCloseTo((float) Math.sqrt(2), within(2 * Math.ulp(1.4f)));
        assertThat(ShaderMath.pow(3f, 2f)).isCloseTo(9f, within(2 * Math.ulp(9f)));
        // powers of two are exact: log2 of a power of two is its whole exponent
        assertThat(ShaderMath.pow(2f, -1f)).isEqualTo(0.5f);
        assertThat(ShaderMath.pow(0f, 0f)).isEqualTo(1f);
        assertThat(ShaderMath.pow(0f, 3f)).isEqualTo(0f);
        assertThat(ShaderMath.pow(0f, -1f)).isEqualTo(0f);
        assertThat(ShaderMath.pow(-2f, 3f)).isEqualTo(-8f);
        assertThat(ShaderMath.pow(-2f, 2f)).isEqualTo(4f);
        assertThat(ShaderMath.pow(-2f, -1f)).isEqualTo(-0.5f);
        assertThat(ShaderMath.pow(-2f, 0.5f)).isEqualTo(0f);
        assertThat(ShaderMath.pow(Float.NaN, 1f)).isNaN();

        Prog p = Prog.fragment();
        int a = p.vec(2f, 7f, 7f, 7f);
        int b = p.vec(10f, 7f, 7f, 7f);
        int dst = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.POW, 4, dst, a, b); // scalar whatever ncomp says
        Frame f = p.run();
        assertThat(reg(f, dst)).containsExactly(1024f, 9f, 9f, 9f);
    }

    @Test
    void truncGoesTowardZeroPerLane() {
        Prog p = Prog.fragment();
        int x = p.vec(1.7f, -1.7f, -0.5f, 1e10f);
        int all = p.fresh(Opcode.TRUNC, 4, x, -1, 0);
        int one = p.vec(9f, 9f, 9f, 9f);
        p.op(Opcode.TRUNC, 0, one, x, -1);
        Frame f = p.run();
        assertThat(reg(f, all)).containsExactly(1f, -1f, 0f, 1e10f);
        assertThat(reg(f, one)).containsExactly(1f, 9f, 9f, 9f);
        assertThat(Interpreter.trunc(Float.NaN)).isNaN();
        assertThat(Interpreter.trunc(-3e9f)).isEqualTo(-3e9f);
        assertThat(Interpreter.trunc(8388607.5f)).isEqualTo(8388607f);
    }

    @Test
    void compareWritesOneOrZeroIntoLaneZero() {
        float[][] pairs = {{1f, 2f}, {2f, 1f}, {2f, 2f}};
        boolean[][] expect = {
            // LT, GT, LE, GE, EQ, NE
            {true, false, true, false, false, true},
            {false, true, false, true, false, true},
            {false, false, true, true, true, false},
        };
        for (int i = 0; i < pairs.length; i++) {
            Prog p = Prog.fragment();
            int a = p.vec(pairs[i][0], 5f);
            int b = p.vec(pairs[i][1], 6f);
            int[] out = new int[6];
            for (Cmp cmp : Cmp.values()) {
                out[cmp.code() - 1] = p.vec(9f, 9f, 9f, 9f);
                p.op(Opcode.CMP, 1, out[cmp.code() - 1], a, b, cmp.code(), 0);
            }
            int bad = p.vec(9f, 9f, 9f, 9f);
            p.op(Opcode.CMP, 1, bad, a, b, 0, 0);
            Frame f = p.run();
            for (int k = 0; k < 6; k++) {
                assertThat(reg(f, out[k])).as("pair %d cmp %d", i, k + 1)
                        .containsExactly(expect[i][k] ? 1f : 0f, 9f, 9f, 9f);
            }
            assertThat(reg(f, bad)).containsExactly(0f, 9f, 9f, 9f);
        }
    }

    @Test
    void interfaceLoadsCopyWholeVec4s() {
        Prog p = Prog.vertex();
        int attr = p.fresh(Opcode.LOAD_ATTR, 4, -1, -1, 3);
        int uni = p.temps(4);
        p.op(Opcode.LOAD_UNI, 4, uni, -1, -1, 30, 2);
        int uni1 = p.temp();
        p.op(Opcode.LOAD_UNI, 3, uni1, -1, -1, 5, 0); // aux2 0 means one slot
        int fc = p.fresh(Opcode.LOAD_FCOORD, 4, -1, -1, 0);
        int v = p.fresh(Opcode.LOAD_VAR, 2, -1, -1, 7); // copies 4 floats whatever ncomp says
        Interpreter in = p.interpreter(null);
        Frame f = in.newFrame();
        f.attribute(3, 1f, 2f, 3f, 4f).uniform(30, 5f, 6f, 7f, 8f).uniform(31, 9f, 10f, 11f, 12f)
                .uniform(5, 13f, 14f, 15f, 16f).fragCoord(0.5f, 1.5f, 0.25f, 2f)
                .varying(7, 17f, 18f, 19f, 20f);
        assertThat(in.run(f)).isEqualTo(Status.OK);
        assertThat(reg(f, attr)).containsExactly(1f, 2f, 3f, 4f);
        assertThat(reg(f, uni)).containsExactly(5f, 6f, 7f, 8f);
        assertThat(reg(f, uni + 1)).containsExactly(9f, 10f, 11f, 12f);
        assertThat(reg(f, uni + 2)).containsExactly(0f, 0f, 0f, 0f);
        assertThat(reg(f, uni1)).containsExactly(13f, 14f, 15f, 16f);
        assertThat(reg(f, fc)).containsExactly(0.5f, 1.5f, 0.25f, 2f);
        assertThat(reg(f, v)).containsExactly(17f, 18f, 19f, 20f);
    }

    @Test
    void storesCopyFourLanesAndOutputsStartFresh() {
        Prog p = Prog.vertex();
        int v = p.vec(1f, 2f, 3f, 4f);
        int w = p.vec(5f, 6f, 7f, 8f);
        // the default profile's last varying slot, then the first outside its 32
        p.store(Opcode.STORE_VAR, w, 31);
        p.store(Opcode.STORE_VAR, w, 32); // outside the varying file: nothing
        p.store(Opcode.STORE_COLOR, v, 0);
        Interpreter in = p.interpreter(null);
        Frame f = in.newFrame();
        java.util.Arrays.fill(f.position(), 42f);
        java.util.Arrays.fill(f.varyingsOut(), 42f);
        in.run(f);
        assertThat(f.position()).containsExactly(0f, 0f, 0f, 1f);
        assertThat(f.varyingsOut()).hasSize(32 * 4);
        assertThat(java.util.Arrays.copyOfRange(f.varyingsOut(), 124, 128)).containsExactly(5f, 6f, 7f, 8f);
        assertThat(java.util.Arrays.copyOfRange(f.varyingsOut(), 0, 124)).containsOnly(0f);
        assertThat(f.color()).containsExactly(1f, 2f, 3f, 4f);

        Prog q = Prog.vertex();
        q.store(Opcode.STORE_POS, q.vec(1f, 2f, 3f, 4f), 0);
        assertThat(q.run().position()).containsExactly(1f, 2f, 3f, 4f);
    }

    @Test
    void temporariesStartAtZeroOnEveryRun() {
        Prog p = Prog.fragment();
        int acc = p.temp();
        int one = p.vec(1f, 1f, 1f, 1f);
        p.op(Opcode.ADD, 4, acc, acc, one); // reads acc before any write
        p.store(Opcode.STORE_COLOR, acc, 0);
        Interpreter in = p.interpreter(null);
        Frame f = in.newFrame();
        in.run(f);
        in.run(f);
        assertThat(f.color()).containsExactly(1f, 1f, 1f, 1f);
    }
}
