package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InterpreterProgramsTest {

    private static final int BROADCAST_X = 0;

    /**
     * The light.frag shape: N = normalize(vN); L = normalize(lightPosition - vP);
     * diffuse = max(dot(N, L), 0); color = vec4(ambient + diffuse * lightColor, 1).
     */
    static ShaderIr lighting() {
        Prog p = Prog.fragment();
        p.fresh(Opcode.LOAD_FCOORD, 4, -1, -1, 0);
        int vN = p.fresh(Opcode.LOAD_VAR, 3, -1, -1, 0);
        int vP = p.fresh(Opcode.LOAD_VAR, 3, -1, -1, 1);
        int lightPos = p.temp();
        p.op(Opcode.LOAD_UNI, 3, lightPos, -1, -1, 0, 1);
        int lightColor = p.temp();
        p.op(Opcode.LOAD_UNI, 3, lightColor, -1, -1, 1, 1);
        int ambient = p.temp();
        p.op(Opcode.LOAD_UNI, 3, ambient, -1, -1, 2, 1);
        int color = p.temp();
        p.op(Opcode.MOV, 4, color, p.vec(0f, 0f, 0f, 0f), -1);
        int n = normalize(p, vN);
        int l = normalize(p, p.fresh(Opcode.SUB, 3, lightPos, vP, 0));
        int dot = p.fresh(Opcode.DOT, 1, n, l, 3);
        int diffuse = p.fresh(Opcode.MOV, 1, p.fresh(Opcode.MAX, 1, dot, p.vec(0f), 0), -1, 0);
        int scaled = p.fresh(Opcode.MUL, 3, p.fresh(Opcode.SWZ, 3, diffuse, -1, BROADCAST_X), lightColor, 0);
        int result = p.fresh(Opcode.MOV, 3, p.fresh(Opcode.ADD, 3, ambient, scaled, 0), -1, 0);
        int one = p.vec(1f);
        int v4 = p.temp();
        p.op(Opcode.MOV, 4, v4, p.vec(0f, 0f, 0f, 0f), -1);
        p.op(Opcode.SETLANE, 1, v4, result, -1, 0, 0);
        p.op(Opcode.SETLANE, 1, v4, result, -1, 1, 1);
        p.op(Opcode.SETLANE, 1, v4, result, -1, 2, 2);
        p.op(Opcode.SETLANE, 1, v4, one, -1, 3, 0);
        p.op(Opcode.MOV, 4, color, v4, -1);
        p.store(Opcode.STORE_COLOR, color, 0);
        return p.ir();
    }

    private static int normalize(Prog p, int v) {
        int d = p.fresh(Opcode.DOT, 1, v, v, 3);
        int r = p.fresh(Opcode.RSQ, 1, d, -1, 0);
        int s = p.fresh(Opcode.SWZ, 3, r, -1, BROADCAST_X);
        int m = p.fresh(Opcode.MUL, 3, v, s, 0);
        return p.fresh(Opcode.MOV, 3, m, -1, 0);
    }

    private static Frame light(float[] normal, float[] lightPos) {
        Interpreter in = Interpreter.of(lighting(), null);
        Frame f = in.newFrame();
        f.varying(0, normal[0], normal[1], normal[2], 0f).varying(1, 0f, 0f, 0f, 0f)
                .uniform(0, lightPos[0], lightPos[1], lightPos[2], 0f)
                .uniform(1, 1f, 0f, 0f, 0f).uniform(2, 0.1f, 0.1f, 0.1f, 0f);
        assertThat(in.run(f)).isEqualTo(Status.OK);
        return f;
    }

    @Test
    void lightingFromAboveGivesExactlyAmbientPlusLight() {
        // normalize((0,0,2)) = (0,0,1) exactly with an accurate rsq (the original: z = 1.0122,
        // colour 1.112262), so the red channel is 0.1 + 1.0.
        Frame f = light(new float[] {0f, 0f, 2f}, new float[] {0f, 0f, 5f});
        assertThat(f.color()).containsExactly(0.1f + 1f, 0.1f, 0.1f, 1f);
        assertThat(f.color()[0]).isCloseTo(1.1f, within(1e-6f));
    }

    @Test
    void simplifyingFusesAssignmentsAndDropsDeadResults() {
        ShaderIr ir = lighting();
        assertThat(ir.liveCount()).isEqualTo(36);
        assertThat(Interpreter.literal(ir, null).instructionCount()).isEqualTo(37); // with END
        // Six "op; mov" pairs fuse; the unused gl_FragCoord load goes.
        assertThat(Interpreter.of(ir, null).instructionCount()).isEqualTo(30);
    }

    @Test
    void lightingFromBelowGivesAmbientOnly() {
        Frame f = light(new float[] {0f, 0f, 2f}, new float[] {0f, 0f, -5f});
        assertThat(f.color()).containsExactly(0.1f, 0.1f, 0.1f, 1f);
    }

    @Test
    void lightingAtAnAngleFollowsLambert() {
        Frame f = light(new float[] {1f, 0f, 1f}, new float[] {0f, 3f, 3f});
        // N and L are both 45 degrees off z in different planes: N.L = 1/2.
        assertThat(f.color()[0]).isCloseTo(0.6f, within(1e-6f));
        assertThat(f.color()[1]).isEqualTo(0.1f);
        assertThat(f.color()[3]).isEqualTo(1f);
    }

    // ---- matrices against a double-precision reference ----

    private static float[] randomMatrix(Random r, int n) {
        float[] m = new float[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = r.nextFloat() * 4f - 2f;
        }
        return m;
    }

    /** Column-major product of n x n matrices. */
    private static double[] mulRef(float[] a, float[] b, int n) {
        double[] r = new double[n * n];
        for (int col = 0; col < n; col++) {
            for (int row = 0; row < n; row++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += (double) a[k * n + row] * b[col * n + k];
                }
                r[col * n + row] = s;
            }
        }
        return r;
    }

    private static double[] mulRef(double[] a, float[] v, int n) {
        double[] r = new double[n];
        for (int row = 0; row < n; row++) {
            for (int k = 0; k < n; k++) {
                r[row] += a[k * n + row] * v[k];
            }
        }
        return r;
    }

    private static float[] toFloat(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }

    @Test
    void mvpTransformMatchesTheReference() {
        Random r = new Random(1234);
        for (int trial = 0; trial < 20; trial++) {
            for (int n : new int[] {3, 4}) {
                float[] proj = randomMatrix(r, n);
                float[] view = randomMatrix(r, n);
                float[] model = randomMatrix(r, n);
                float[] pos = new float[n];
                for (int i = 0; i < n; i++) {
                    pos[i] = r.nextFloat() * 10f - 5f;
                }
                Prog p = Prog.vertex();
                int pm = p.temps(n);
                p.op(Opcode.LOAD_UNI, 4, pm, -1, -1, 0, n);
                int vm = p.temps(n);
                p.op(Opcode.LOAD_UNI, 4, vm, -1, -1, 4, n);
                int mm = p.temps(n);
                p.op(Opcode.LOAD_UNI, 4, mm, -1, -1, 8, n);
                int at = p.fresh(Opcode.LOAD_ATTR, 4, -1, -1, 2);
                int pv = p.temps(n);
                p.op(Opcode.MULMM, 4, pv, pm, vm, n, 0);
                int pvm = p.temps(n);
                p.op(Opcode.MULMM, 4, pvm, pv, mm, n, 0);
                int out = p.fresh(Opcode.MULMV, 4, pvm, at, n);
                p.store(Opcode.STORE_POS, out, 0);
                Interpreter in = p.interpreter(null);
                Frame f = in.newFrame();
                f.uniformMatrix(0, n, proj).uniformMatrix(4, n, view).uniformMatrix(8, n, model);
                if (n == 3) {
                    // Lane w of a mat3 column is junk the product must not use or produce.
                    for (int s = 0; s < 12; s++) {
                        f.uniforms()[s * 4 + 3] = 99f;
                    }
                }
                f.attribute(2, pos[0], pos[1], pos[2], n == 4 ? pos[3] : 77f);
                in.run(f);

                double[] pvRef = mulRef(proj, view, n);
                double[] pvmRef = mulRef(toFloat(pvRef), model, n);
                for (int col = 0; col < n; col++) {
                    float[] got = Prog.reg(f, pv + col);
                    for (int row = 0; row < n; row++) {
                        assertThat(got[row]).isCloseTo((float) pvRef[col * n + row], within(1e-5f));
                    }
                    if (n == 3) {
                        assertThat(got[3]).isZero();
                    }
                }
                double[] ref = mulRef(pvmRef, pos, n);
                for (int row = 0; row < n; row++) {
                    assertThat(f.position()[row]).as("trial %d n %d row %d", trial, n, row)
                            .isCloseTo((float) ref[row], within(2e-4f * (1 + (float) Math.abs(ref[row]))));
                }
                if (n == 3) {
                    assertThat(f.position()[3]).isZero();
                }
            }
        }
    }

    @Test
    void matrixProductIntoItsOwnOperandIsStillTheProduct() {
        float[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
        float[] b = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 1, 1, 1};
        Prog p = Prog.vertex();
        int ma = p.temps(4);
        p.op(Opcode.LOAD_UNI, 4, ma, -1, -1, 0, 4);
        int mb = p.temps(4);
        p.op(Opcode.LOAD_UNI, 4, mb, -1, -1, 4, 4);
        p.op(Opcode.MULMM, 4, ma, ma, mb, 4, 0);
        Interpreter in = p.interpreter(null);
        Frame f = in.newFrame();
        f.uniformMatrix(0, 4, a).uniformMatrix(4, 4, b);
        in.run(f);
        double[] ref = mulRef(a, b, 4);
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                assertThat(Prog.reg(f, ma + col)[row]).isEqualTo((float) ref[col * 4 + row]);
            }
        }
    }

    // ---- varying remap ----

    private static ShaderIr readsVarying(int slot) {
        Prog p = Prog.fragment();
        int v = p.fresh(Opcode.LOAD_VAR, 4, -1, -1, slot);
        p.store(Opcode.STORE_COLOR, v, 0);
        return p.ir();
    }

    private static float[] colorWithVaryings(ShaderIr ir, int[] remap) {
        Interpreter in = Interpreter.of(ir, remap);
        Frame f = in.newFrame();
        for (int s = 0; s < f.varyingsIn().length / 4; s++) {
            f.varying(s, s, s + 0.5f, 0f, 1f);
        }
        in.run(f);
        return f.color();
    }

    @Test
    void remapRedirectsVaryingLoads() {
        ShaderIr ir = readsVarying(1);
        assertThat(colorWithVaryings(ir, null)).containsExactly(1f, 1.5f, 0f, 1f);
        assertThat(colorWithVaryings(ir, new int[] {-1, 5})).containsExactly(5f, 5.5f, 0f, 1f);
        assertThat(colorWithVaryings(ir, new int[] {4, -1})).containsExactly(1f, 1.5f, 0f, 1f);
        assertThat(colorWithVaryings(ir, new int[] {4})).containsExactly(1f, 1.5f, 0f, 1f);
        // A linked slot past the profile's grows the frame instead of failing: past the default's
        // 32 varyings, and past ChrisOS's 8.
        Interpreter wide = Interpreter.of(ir, new int[] {0, 33});
        assertThat(wide.varyingInSlots()).isEqualTo(34);
        assertThat(wide.newFrame().varyingsIn()).hasSize(34 * 4);
        assertThat(colorWithVaryings(ir, new int[] {0, 33})).containsExactly(33f, 33.5f, 0f, 1f);
        Interpreter chrisos = Interpreter.of(ir, new int[] {0, 9}, dev.csir.ir.Limits.CHRISOS);
        assertThat(chrisos.newFrame().varyingsIn()).hasSize(40);
    }

    @Test
    void remapArrayIsCopied() {
        int[] remap = {3, 3};
        Interpreter in = Interpreter.of(readsVarying(1), remap);
        remap[1] = 0;
        Frame f = in.newFrame();
        f.varying(3, 7f, 7f, 7f, 7f);
        in.run(f);
        assertThat(f.color()).containsOnly(7f);
    }

    // ---- IR the verifier would reject still runs without throwing ----

    @Test
    void malformedOperandsReadZerosAndNeverThrow() {
        List<Insn> code = List.of(
                new Insn(Opcode.CONST.code(), 7, 4, 0, -1, -1, -1, 0, 0),
                new Insn(Opcode.CONST.code(), 7, 4, 1, -1, -1, -1, 2, 0), // past the pool
                new Insn(Opcode.ADD.code(), 7, 4, 2, 0, -7, -1, 0, 0), // negative operand
                new Insn(Opcode.MOV.code(), 7, 9, 3, 0, -1, -1, 0, 0), // ncomp beyond 4
                new Insn(Opcode.LOAD_UNI.code(), 7, 4, 5, -1, -1, -1, 1030, 1), // past 1024 slots
                new Insn(Opcode.MULMV.code(), 7, 4, 4, 3, 0, -1, 4, 0), // columns past ntmp
                new Insn(Opcode.LOAD_ATTR.code(), 7, 4, 6, -1, -1, -1, -3, 0),
                new Insn(Opcode.SAMPLE.code(), 7, 4, 6, 0, -1, -1, 33, 0), // unbound slot past 32
                new Insn(99, 0, 0, 0, 0, 0, 0, 0, 0), // unknown opcode: ignored
                new Insn(Opcode.ADD.code(), 7, 4, -1, 0, 0, -1, 0, 0), // no destination
                new Insn(Opcode.STORE_VAR.code(), 7, 4, -1, 2, -1, -1, 1, 0),
                new Insn(Opcode.STORE_VAR.code(), 7, 4, -1, 2, -1, -1, -2, 0), // ignored
                new Insn(Opcode.STORE_COLOR.code(), 7, 4, -1, -1, -1, -1, 0, 0));
        ShaderIr ir = new ShaderIr("bad", Stage.FRAGMENT, code, new float[] {1f, 2f, 3f}, 5,
                ShaderInterface.EMPTY);
        Interpreter in = Interpreter.literal(ir, new int[] {-5});
        Frame f = in.newFrame();
        assertThat(f.uniforms()).hasSize(1031 * 4);
        assertThat(f.textures()).hasSize(34);
        f.uniform(1030, 4f, 3f, 2f, 1f);
        assertThat(in.run(f)).isEqualTo(Status.OK);
        assertThat(Prog.reg(f, 0)).containsExactly(1f, 2f, 3f, 0f);
        assertThat(Prog.reg(f, 1)).containsExactly(3f, 0f, 0f, 0f);
        assertThat(Prog.reg(f, 2)).containsExactly(1f, 2f, 3f, 0f);
        assertThat(Prog.reg(f, 3)).containsExactly(1f, 2f, 3f, 0f);
        // columns 3 (1,2,3,0), 4 (its own zero destination), 5 (the uniform) and 6 (past ntmp,
        // zero) times (1,2,3,0)
        assertThat(Prog.reg(f, 4)).containsExactly(1f + 12f, 2f + 9f, 3f + 6f, 3f);
        assertThat(Prog.reg(f, 5)).containsExactly(4f, 3f, 2f, 1f);
        assertThat(Prog.reg(f, 6)).containsOnly(0f);
        assertThat(f.color()).containsOnly(0f);
        assertThat(java.util.Arrays.copyOfRange(f.varyingsOut(), 4, 8)).containsExactly(1f, 2f, 3f, 0f);
        assertThat(f.varyingsOut()[0] + f.varyingsOut()[3] + f.varyingsOut()[8]).isZero();
        assertThat(Type.of(7)).isEqualTo(Type.VEC4);
    }

    @Test
    void framesBelongToTheirInterpreter() {
        Interpreter a = Interpreter.of(readsVarying(0), null);
        Interpreter b = Interpreter.of(readsVarying(0), null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.run(b.newFrame()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
