package dev.csir.tgsi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.InterfaceVar;
import dev.csir.ir.InterfaceVar.Kind;
import dev.csir.ir.Insn;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.IrDump;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.testing.Snapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden TGSI for hand-built CSIR, one file per case under {@code snapshots/tgsi/}. Each file
 * starts with {@code #} lines saying what the case shows, the CSIR dump and the remap, then the
 * exact TGSI text, so a change of output is a readable diff.
 */
class TgsiSnapshotTest {

    private record Emission(String label, ShaderIr ir, int[] remap) {
    }

    private static void check(String file, String description, Emission... emissions) {
        StringBuilder sb = new StringBuilder();
        for (String line : description.strip().split("\n")) {
            sb.append("# ").append(line.strip()).append('\n');
        }
        for (Emission e : emissions) {
            String text = TgsiEmitterTest.ok(TgsiEmitter.emit(e.ir(), e.remap()));
            sb.append("#\n# == ").append(e.label()).append(" ==\n# CSIR:\n");
            for (String line : IrDump.dump(e.ir()).split("\n")) {
                sb.append("#   ").append(line).append('\n');
            }
            if (e.remap() != null) {
                sb.append("# varying remap: ").append(Arrays.toString(e.remap())).append('\n');
            }
            sb.append("# TGSI, ").append(text.length()).append(" bytes:\n").append(text);
        }
        Snapshot.assertMatches("tgsi/" + file + ".tgsi.txt", sb.toString());
    }

    private static Emission of(String label, ShaderIr ir) {
        return new Emission(label, ir, null);
    }

    /** Small helpers so the cases read like the IR they build. */
    private static final class B {
        final IrBuilder b = new IrBuilder();
        final List<InterfaceVar> vars = new ArrayList<>();

        int t() {
            return b.temp();
        }

        int t(int n) {
            return b.temp(n);
        }

        B op(Opcode op, Type ty, int n, int dst, int a, int bb, int aux, int aux2) {
            b.emit(op, ty, n, dst, a, bb, aux, aux2);
            return this;
        }

        int op1(Opcode op, Type ty, int n, int a, int bb, int aux) {
            int d = t();
            b.emit(op, ty, n, d, a, bb, aux, 0);
            return d;
        }

        int c(float... v) {
            return b.constant(v);
        }

        B v(Kind kind, String name, Type type, int slot) {
            vars.add(new InterfaceVar(kind, name, type, slot));
            return this;
        }

        void store(Opcode op, int a, int slot) {
            b.emit(op, Type.VEC4, 4, -1, a, -1, slot, 0);
        }

        ShaderIr build(String name, Stage stage) {
            return b.build(name, stage, ShaderInterface.of(stage, vars));
        }
    }

    @Test
    void varyingRemap() {
        B vs = new B().v(Kind.INPUT, "aPos", Type.VEC4, 0).v(Kind.OUTPUT, "vUv", Type.VEC2, 0)
                .v(Kind.OUTPUT, "vColor", Type.VEC4, 1).v(Kind.OUTPUT, "vFog", Type.FLOAT, 2);
        int pos = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int uv = vs.t();
        vs.op(Opcode.SWZ, Type.VEC2, 2, uv, pos, -1, 0b0100, 0);
        vs.store(Opcode.STORE_VAR, uv, 0);
        vs.store(Opcode.STORE_VAR, vs.c(1, 0.5f, 0.25f, 1), 1);
        vs.store(Opcode.STORE_VAR, vs.c(0.75f), 2);
        vs.store(Opcode.STORE_POS, pos, 0);

        // The fragment shader declares the same varyings in another order: local slot 0 is vColor
        // (vertex slot 1), 1 is vFog (2), 2 is vUv (0).
        B fs = new B().v(Kind.INPUT, "vColor", Type.VEC4, 0).v(Kind.INPUT, "vFog", Type.FLOAT, 1)
                .v(Kind.INPUT, "vUv", Type.VEC2, 2).v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        int color = fs.op1(Opcode.LOAD_VAR, Type.VEC4, 4, -1, -1, 0);
        int fog = fs.op1(Opcode.LOAD_VAR, Type.FLOAT, 1, -1, -1, 1);
        int fuv = fs.op1(Opcode.LOAD_VAR, Type.VEC2, 2, -1, -1, 2);
        int fog4 = fs.op1(Opcode.SWZ, Type.VEC4, 4, fog, -1, 0);
        int shaded = fs.op1(Opcode.MUL, Type.VEC4, 4, color, fog4, 0);
        fs.op(Opcode.SETLANE, Type.VEC4, 4, shaded, fuv, -1, 2, 1);
        fs.store(Opcode.STORE_COLOR, shaded, 0);
        ShaderIr frag = fs.build("remap.frag", Stage.FRAGMENT);
        check("varying_remap", """
                Varyings written by the vertex shader in slots 0 (vUv), 1 (vColor), 2 (vFog) and read
                by a fragment shader that declares them as vColor, vFog, vUv. Standalone, the fragment
                reads its local slots; linked with remap [1, 2, 0], both the DCL IN lines (in local
                order: IN[1], IN[2], IN[0]) and the loads use the vertex slots.
                """, of("vertex", vs.build("remap.vert", Stage.VERTEX)), of("fragment, standalone", frag),
                new Emission("fragment, linked", frag, new int[] {1, 2, 0}));
    }

    @Test
    void matrixMultiplies() {
        B vs = new B().v(Kind.UNIFORM, "uMvp", Type.MAT4, 0).v(Kind.UNIFORM, "uNormal", Type.MAT3, 4)
                .v(Kind.UNIFORM, "uModel", Type.MAT4, 7).v(Kind.INPUT, "aPos", Type.VEC4, 0)
                .v(Kind.INPUT, "aNormal", Type.VEC3, 1).v(Kind.OUTPUT, "vNormal", Type.VEC3, 0)
                .v(Kind.OUTPUT, "vTwice", Type.VEC3, 1);
        int mvp = vs.t(4);
        vs.op(Opcode.LOAD_UNI, Type.MAT4, 4, mvp, -1, -1, 0, 4);
        int nrm = vs.t(3);
        vs.op(Opcode.LOAD_UNI, Type.MAT3, 4, nrm, -1, -1, 4, 3);
        int model = vs.t(4);
        vs.op(Opcode.LOAD_UNI, Type.MAT4, 4, model, -1, -1, 7, 4);
        int pos = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int n = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 1);
        int mm4 = vs.t(4);
        vs.op(Opcode.MULMM, Type.MAT4, 4, mm4, mvp, model, 4, 0);
        int clip = vs.op1(Opcode.MULMV, Type.VEC4, 4, mm4, pos, 4);
        int mv3 = vs.op1(Opcode.MULMV, Type.VEC3, 3, nrm, n, 3);
        int mm3 = vs.t(3);
        vs.op(Opcode.MULMM, Type.MAT3, 3, mm3, nrm, nrm, 3, 0);
        int twice = vs.op1(Opcode.MULMV, Type.VEC3, 3, mm3, n, 3);
        vs.store(Opcode.STORE_VAR, mv3, 0);
        vs.store(Opcode.STORE_VAR, twice, 1);
        vs.store(Opcode.STORE_POS, clip, 0);
        check("matrix_multiplies", """
                mat4 and mat3 uniforms (one MOV per column from CONST[0]), a mat4 * mat4 (16 MUL/MAD
                lines), mat4 * vec4 (4 lines), mat3 * vec3 (3 lines) and mat3 * mat3 (9 lines). The
                vector lane is replicated (.xxxx .. .wwww) and multiplies consecutive column temporaries.
                """, of("vertex", vs.build("matrices.vert", Stage.VERTEX)));
    }

    @Test
    void everyComparison() {
        B fs = new B().v(Kind.INPUT, "a", Type.FLOAT, 0).v(Kind.INPUT, "b", Type.FLOAT, 1)
                .v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        int a = fs.op1(Opcode.LOAD_VAR, Type.FLOAT, 1, -1, -1, 0);
        int b = fs.op1(Opcode.LOAD_VAR, Type.FLOAT, 1, -1, -1, 1);
        int out = fs.t();
        fs.op(Opcode.MOV, Type.VEC4, 4, out, fs.c(0, 0, 0, 0), -1, 0, 0);
        int sum = fs.c(0);
        for (int code = 1; code <= 6; code++) {
            int r = fs.op1(Opcode.CMP, Type.BOOL, 1, a, b, code);
            int next = fs.op1(Opcode.ADD, Type.FLOAT, 1, sum, r, 0);
            sum = next;
        }
        fs.op(Opcode.SETLANE, Type.VEC4, 4, out, sum, -1, 0, 0);
        fs.store(Opcode.STORE_COLOR, out, 0);
        check("comparisons", """
                The six comparisons of a and b, in code order LT GT LE GE EQ NE: LT is SLT a,b; GT is
                SLT b,a; LE is SGE b,a; GE is SGE a,b; EQ is SEQ; NE is SNE. Results land in lane x and
                are summed with scalar ADDs (mask .x). No gl_FragCoord load, so no DCL IN[7].
                """, of("fragment", fs.build("cmp.frag", Stage.FRAGMENT)));
    }

    @Test
    void perLaneOperations() {
        B fs = new B().v(Kind.INPUT, "v", Type.VEC4, 0).v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        int v = fs.op1(Opcode.LOAD_VAR, Type.VEC4, 4, -1, -1, 0);
        int s4 = fs.op1(Opcode.SIN, Type.VEC4, 4, v, -1, 0);
        int c3 = fs.op1(Opcode.COS, Type.VEC3, 3, s4, -1, 0);
        int r2 = fs.op1(Opcode.RCP, Type.VEC2, 2, c3, -1, 0);
        int q4 = fs.op1(Opcode.RSQ, Type.VEC4, 4, v, -1, 0);
        int t3 = fs.op1(Opcode.TRUNC, Type.VEC3, 3, q4, -1, 0);
        int s1 = fs.op1(Opcode.SIN, Type.FLOAT, 1, r2, -1, 0);
        int r0 = fs.op1(Opcode.RCP, Type.FLOAT, 0, s1, -1, 0);
        int p = fs.op1(Opcode.POW, Type.FLOAT, 1, r0, t3, 0);
        int out = fs.op1(Opcode.MUL, Type.VEC4, 4, v, p, 0);
        fs.store(Opcode.STORE_COLOR, out, 0);
        check("per_lane_operations", """
                SIN vec4, COS vec3, RCP vec2, RSQ vec4, TRUNC vec3, SIN float and RCP with ncomp 0 (one
                lane): one TGSI line per lane, each writing lane k from source lane k replicated. POW is
                scalar on lane x.
                """, of("fragment", fs.build("lanes.frag", Stage.FRAGMENT)));
    }

    @Test
    void arithmeticAndMasks() {
        B vs = new B().v(Kind.INPUT, "aPos", Type.VEC4, 0).v(Kind.UNIFORM, "uScale", Type.FLOAT, 0);
        int pos = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int scale = vs.t();
        vs.op(Opcode.LOAD_UNI, Type.FLOAT, 1, scale, -1, -1, 0, 1);
        int add = vs.op1(Opcode.ADD, Type.VEC4, 4, pos, pos, 0);
        int sub = vs.op1(Opcode.SUB, Type.VEC3, 3, add, pos, 0);
        int mul = vs.op1(Opcode.MUL, Type.VEC2, 2, sub, scale, 0);
        int min = vs.op1(Opcode.MIN, Type.FLOAT, 1, mul, scale, 0);
        int max = vs.op1(Opcode.MAX, Type.VEC4, 4, add, min, 0);
        int abs = vs.op1(Opcode.ABS, Type.VEC3, 3, max, -1, 0);
        int dp3 = vs.op1(Opcode.DOT, Type.FLOAT, 1, abs, abs, 3);
        int dp4 = vs.op1(Opcode.DOT, Type.FLOAT, 1, max, pos, 4);
        int out = vs.op1(Opcode.ADD, Type.FLOAT, 1, dp3, dp4, 0);
        int res = vs.t();
        vs.op(Opcode.MOV, Type.VEC4, 4, res, pos, -1, 0, 0);
        vs.op(Opcode.SETLANE, Type.VEC4, 4, res, out, -1, 3, 0);
        vs.store(Opcode.STORE_POS, res, 0);
        check("arithmetic", """
                Binary ops take a write mask from ncomp (.x .xy .xyz, none for 4) and plain sources;
                ABS never has a mask; DOT is DP3 unless aux is 4. A single uniform slot declares
                CONST[0][0..0]; a vertex shader without varyings declares only OUT[0].
                """, of("vertex", vs.build("arith.vert", Stage.VERTEX)));
    }

    @Test
    void fragCoord() {
        B fs = new B().v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        int fc = fs.op1(Opcode.LOAD_FCOORD, Type.VEC4, 4, -1, -1, 0);
        int xy = fs.t();
        fs.op(Opcode.SWZ, Type.VEC2, 2, xy, fc, -1, 0b0100, 0);
        int inv = fs.op1(Opcode.RCP, Type.VEC2, 2, fs.c(640, 480), -1, 0);
        int uv = fs.op1(Opcode.MUL, Type.VEC2, 2, xy, inv, 0);
        int out = fs.t();
        fs.op(Opcode.MOV, Type.VEC4, 4, out, fs.c(0, 0, 0, 1), -1, 0, 0);
        fs.op(Opcode.MOV, Type.VEC2, 2, out, uv, -1, 0, 0);
        fs.store(Opcode.STORE_COLOR, out, 0);
        check("fragcoord", """
                gl_FragCoord: DCL IN[7], POSITION (after the varyings, none here) and MOV TEMP[d], IN[7].
                The colour is gl_FragCoord.xy / vec2(640, 480).
                """, of("fragment", fs.build("coord.frag", Stage.FRAGMENT)));
    }

    @Test
    void fragCoordWithEightVaryings() {
        B fs = new B().v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        for (int i = 0; i < 8; i++) {
            fs.v(Kind.INPUT, "v" + i, Type.FLOAT, i);
        }
        int fc = fs.op1(Opcode.LOAD_FCOORD, Type.VEC4, 4, -1, -1, 0);
        int acc = fc;
        for (int i = 0; i < 8; i++) {
            int v = fs.op1(Opcode.LOAD_VAR, Type.FLOAT, 1, -1, -1, i);
            acc = fs.op1(Opcode.ADD, Type.VEC4, 4, acc, fs.op1(Opcode.SWZ, Type.VEC4, 4, v, -1, 0), 0);
        }
        fs.store(Opcode.STORE_COLOR, acc, 0);
        check("fragcoord_eight_varyings", """
                Eight varyings occupy IN[0..7], so gl_FragCoord moves to IN[8] (the register after the
                highest varying). The original declared IN[7] twice; virglrenderer then reads the
                fragment coordinate from IN[7] and varying 7 is lost.
                """, of("fragment", fs.build("many.frag", Stage.FRAGMENT)));
    }

    @Test
    void samplersAboveSlotZero() {
        B fs = new B().v(Kind.UNIFORM, "uBase", Type.SAMPLER2D, 0).v(Kind.UNIFORM, "uTint", Type.VEC4, 0)
                .v(Kind.UNIFORM, "uDetail", Type.SAMPLER2D, 1).v(Kind.UNIFORM, "uMask", Type.SAMPLER2D, 2)
                .v(Kind.INPUT, "vUv", Type.VEC2, 0).v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        int tint = fs.t();
        fs.op(Opcode.LOAD_UNI, Type.VEC4, 4, tint, -1, -1, 0, 1);
        int uv = fs.op1(Opcode.LOAD_VAR, Type.VEC2, 2, -1, -1, 0);
        int mask = fs.op1(Opcode.SAMPLE, Type.VEC4, 4, uv, -1, 2);
        int base = fs.op1(Opcode.SAMPLE, Type.VEC4, 4, uv, -1, 0);
        int mixed = fs.op1(Opcode.MUL, Type.VEC4, 4, base, mask, 0);
        int out = fs.op1(Opcode.MUL, Type.VEC4, 4, mixed, tint, 0);
        fs.store(Opcode.STORE_COLOR, out, 0);
        check("samplers", """
                Three samplers (slots 0..2) declare SAMP/SVIEW 0..2 even though slot 1 is unused; TEX
                names SAMP[2] and SAMP[0]. Samplers and vec4 uniforms are numbered separately: uTint
                is CONST[0][0].
                """, of("fragment", fs.build("tex.frag", Stage.FRAGMENT)));
    }

    @Test
    void vertexShaderThatSamples() {
        B vs = new B().v(Kind.UNIFORM, "uHeight", Type.SAMPLER2D, 0).v(Kind.INPUT, "aPos", Type.VEC4, 0);
        int pos = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int h = vs.op1(Opcode.SAMPLE, Type.VEC4, 4, pos, -1, 0);
        vs.op(Opcode.SETLANE, Type.VEC4, 4, pos, h, -1, 1, 0);
        vs.store(Opcode.STORE_POS, pos, 0);
        check("vertex_sampler", """
                A vertex shader that samples declares its sampler and view (the original left them
                undeclared, which the parser's sanity check rejects).
                """, of("vertex", vs.build("height.vert", Stage.VERTEX)));
    }

    @Test
    void attributeLocationGaps() {
        B vs = new B().v(Kind.INPUT, "aColor", Type.VEC4, 4).v(Kind.INPUT, "aPos", Type.VEC4, 1);
        int color = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 4);
        int pos = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 1);
        int sum = vs.op1(Opcode.ADD, Type.VEC4, 4, pos, color, 0);
        vs.store(Opcode.STORE_POS, sum, 0);
        check("attribute_gaps", """
                Explicit attribute locations 4 and 1: inputs are declared densely, IN[0] to IN[4],
                including the unused 0, 2 and 3.
                """, of("vertex", vs.build("gaps.vert", Stage.VERTEX)));
    }

    @Test
    void swizzlesAndLanes() {
        B vs = new B().v(Kind.INPUT, "aPos", Type.VEC4, 0);
        int p = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int bx = vs.op1(Opcode.SWZ, Type.VEC3, 3, p, -1, 0);
        int zw = vs.op1(Opcode.SWZ, Type.VEC2, 2, p, -1, 2 | 3 << 2);
        int y = vs.op1(Opcode.SWZ, Type.FLOAT, 1, p, -1, 1);
        int id = vs.op1(Opcode.SWZ, Type.VEC4, 4, p, -1, 0xE4);
        int rev = vs.op1(Opcode.SWZ, Type.VEC4, 4, p, -1, 3 | 2 << 2 | 1 << 4);
        int m3 = vs.op1(Opcode.MOV, Type.VEC3, 3, bx, -1, 0);
        int m2 = vs.op1(Opcode.MOV, Type.VEC2, 2, zw, -1, 0);
        int m1 = vs.op1(Opcode.MOV, Type.FLOAT, 1, y, -1, 0);
        int out = vs.op1(Opcode.ADD, Type.VEC4, 4, id, rev, 0);
        vs.op(Opcode.SETLANE, Type.VEC4, 4, out, m3, -1, 3, 2);
        vs.op(Opcode.SETLANE, Type.VEC4, 4, out, m2, -1, 1, 1);
        vs.op(Opcode.SETLANE, Type.VEC4, 4, out, m1, -1, 0, 0);
        vs.store(Opcode.STORE_POS, out, 0);
        check("swizzles", """
                SWZ sources: .xxx broadcast -> .xxxx, .zw -> .zwxx, .y -> .yxxx, the vec4 identity has
                no suffix, .wzyx is written out. MOV of vec3/vec2/float uses the identity padded with x.
                SETLANE writes one lane (aux) from one replicated lane (aux2).
                """, of("vertex", vs.build("swz.vert", Stage.VERTEX)));
    }

    @Test
    void nopHolesKeepTheCounterDense() {
        B vs = new B().v(Kind.INPUT, "aPos", Type.VEC4, 0);
        int p = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int deadConst = vs.c(9, 9, 9, 9);
        int liveConst = vs.c(2);
        int dead = vs.op1(Opcode.MUL, Type.VEC4, 4, p, deadConst, 0);
        int scaled = vs.op1(Opcode.MUL, Type.VEC4, 4, p, liveConst, 0);
        vs.store(Opcode.STORE_POS, scaled, 0);
        IrBuilder b = vs.b;
        // What the optimizer leaves: dead results turned into NOPs in place.
        for (int i = 0; i < b.size(); i++) {
            Insn in = b.get(i);
            if ((in.op() == Opcode.CONST.code() && in.dst() == deadConst)
                    || (in.op() == Opcode.MUL.code() && in.dst() == dead)) {
                b.set(i, in.asNop());
            }
        }
        ShaderIr ir = vs.build("nops.vert", Stage.VERTEX);
        assertThat(ir.liveCount()).isEqualTo(ir.size() - 2);
        check("nop_holes", """
                NOP entries (a dead CONST and a dead MUL) print nothing: the pc stays dense, the dead
                CONST gets no IMM, so the live one is IMM[0]; TEMP still declares every temporary.
                """, of("vertex", ir));
    }

    @Test
    void nestedIfElse() {
        B fs = new B().v(Kind.INPUT, "vShade", Type.FLOAT, 0).v(Kind.OUTPUT, "fragColor", Type.VEC4, 0);
        int s = fs.op1(Opcode.LOAD_VAR, Type.FLOAT, 1, -1, -1, 0);
        int out = fs.t();
        fs.op(Opcode.MOV, Type.VEC4, 4, out, fs.c(0, 0, 0, 1), -1, 0, 0);
        int big = fs.op1(Opcode.CMP, Type.BOOL, 1, s, fs.c(0.5f), 2);
        fs.op(Opcode.IF, Type.NONE, 0, -1, big, -1, 0, 0);
        int huge = fs.op1(Opcode.CMP, Type.BOOL, 1, s, fs.c(0.9f), 4);
        fs.op(Opcode.IF, Type.NONE, 0, -1, huge, -1, 0, 0);
        fs.op(Opcode.SETLANE, Type.VEC4, 4, out, fs.c(1), -1, 0, 0);
        fs.op(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
        fs.op(Opcode.SETLANE, Type.VEC4, 4, out, fs.c(0.5f), -1, 1, 0);
        fs.op(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        fs.op(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
        fs.op(Opcode.SETLANE, Type.VEC4, 4, out, s, -1, 2, 0);
        fs.op(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        fs.store(Opcode.STORE_COLOR, out, 0);
        check("if_else", """
                Nested IF/ELSE/ENDIF. The condition is read as TEMP[a].xxxx: virglrenderer's parser
                needs four swizzle letters (the original wrote .x).
                """, of("fragment", fs.build("if.frag", Stage.FRAGMENT)));
    }

    @Test
    void discard() {
        check("discard", """
                discard inside an IF becomes KILL. Same IR as the reference's d.frag example, linked
                with the identity remap.
                """, new Emission("fragment", TgsiEmitterTest.discardFragment(), new int[] {0}));
    }

    @Test
    void immediates() {
        B vs = new B().v(Kind.INPUT, "aPos", Type.VEC4, 0);
        int p = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        int[] cs = {
            vs.c(0, -0f, 0.5f, 123.456f),
            vs.c(1e-7f, 3e38f, -1e-7f, 0.1f),
            vs.c(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY),
            vs.c(1e7f, 9_999_999f),
            vs.c(-2.5f),
        };
        int acc = p;
        for (int c : cs) {
            acc = vs.op1(Opcode.ADD, Type.VEC4, 4, acc, c, 0);
        }
        vs.store(Opcode.STORE_POS, acc, 0);
        check("immediates", """
                IMM text: six decimals when they read back exactly (0.500000, 123.456001, 0.100000);
                the sign of -0 kept; 1e-7 and 3e38 in exponent form instead of the original's
                0.000000 and 1000000.000000; NaN and the infinities as raw bits (0x7fc00000,
                0x7f800000, 0xff800000), which virglrenderer reads as bit patterns. Lanes past ncomp
                are zero.
                """, of("vertex", vs.build("imm.vert", Stage.VERTEX)));
    }

    @Test
    void oneTemporary() {
        B vs = new B().v(Kind.INPUT, "aPos", Type.VEC4, 0);
        int p = vs.op1(Opcode.LOAD_ATTR, Type.VEC4, 4, -1, -1, 0);
        vs.store(Opcode.STORE_POS, p, 0);
        check("one_temporary", "A single temporary is declared as TEMP[0], not a range.",
                of("vertex", vs.build("pass.vert", Stage.VERTEX)));
    }

    @Test
    void loops() {
        for (dev.csir.testing.LoopShaders.Case c : dev.csir.testing.LoopShaders.all()) {
            check(c.name(), c.description(), of("fragment", c.ir()));
        }
    }

    @Test
    void exactlyAtTheBudget() {
        ShaderIr ir = BudgetShaders.ofLength(3600);
        assertThat(TgsiEmitterTest.ok(TgsiEmitter.emit(ir))).hasSize(3600);
        check("budget_exact", """
                A text of exactly 3600 bytes, the budget, is accepted. (The same shader with one more
                byte fails with "TGSI exceeds the VirGL command budget"; see TgsiEmitterTest.)
                """, of("vertex", ir));
    }
}
