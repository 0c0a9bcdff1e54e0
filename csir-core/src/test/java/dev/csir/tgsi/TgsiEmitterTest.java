package dev.csir.tgsi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.InterfaceVar.Kind;
import dev.csir.ir.Insn;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact texts of the reference examples, the budget boundary and the failure paths. */
class TgsiEmitterTest {

    static String ok(TgsiResult r) {
        assertThat(r).isInstanceOf(TgsiResult.Ok.class);
        String text = ((TgsiResult.Ok) r).text();
        TgsiTextCheck.assertWellFormed(text);
        return text;
    }

    static ShaderIr triangleVertex() {
        IrBuilder b = new IrBuilder();
        int pos = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, pos, b.constant(0, 0, 0, 0), -1, 0, 0);
        int inPos = b.temp();
        b.emit(Opcode.LOAD_ATTR, Type.VEC4, 4, inPos, -1, -1, 0, 0);
        int inColor = b.temp();
        b.emit(Opcode.LOAD_ATTR, Type.VEC4, 4, inColor, -1, -1, 1, 0);
        int out = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, out, b.constant(0, 0, 0, 0), -1, 0, 0);
        b.emit(Opcode.MOV, Type.VEC4, 4, out, inColor, -1, 0, 0);
        b.emit(Opcode.STORE_VAR, Type.VEC4, 4, -1, out, -1, 0, 0);
        b.emit(Opcode.MOV, Type.VEC4, 4, pos, inPos, -1, 0, 0);
        b.emit(Opcode.STORE_POS, Type.VEC4, 4, -1, pos, -1, 0, 0);
        return b.build("tri.vert", Stage.VERTEX, ShaderInterface.of(Stage.VERTEX, List.of(
                new InterfaceVar(Kind.INPUT, "aPos", Type.VEC4, 0),
                new InterfaceVar(Kind.INPUT, "aColor", Type.VEC4, 1),
                new InterfaceVar(Kind.OUTPUT, "vColor", Type.VEC4, 0))));
    }

    static ShaderIr triangleFragment() {
        IrBuilder b = new IrBuilder();
        b.emit(Opcode.LOAD_FCOORD, Type.VEC4, 4, b.temp(), -1, -1, 0, 0);
        int vColor = b.temp();
        b.emit(Opcode.LOAD_VAR, Type.VEC4, 4, vColor, -1, -1, 0, 0);
        int color = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, color, b.constant(0, 0, 0, 0), -1, 0, 0);
        b.emit(Opcode.MOV, Type.VEC4, 4, color, vColor, -1, 0, 0);
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, color, -1, 0, 0);
        return b.build("tri.frag", Stage.FRAGMENT, ShaderInterface.of(Stage.FRAGMENT, List.of(
                new InterfaceVar(Kind.INPUT, "vColor", Type.VEC4, 0),
                new InterfaceVar(Kind.OUTPUT, "fragColor", Type.VEC4, 0))));
    }

    /** A varying below 0.5 is discarded; otherwise the colour is vec4(1, 0, 0, 1) built lane by lane. */
    static ShaderIr discardFragment() {
        IrBuilder b = new IrBuilder();
        b.emit(Opcode.LOAD_FCOORD, Type.VEC4, 4, b.temp(), -1, -1, 0, 0);
        int v = b.temp();
        b.emit(Opcode.LOAD_VAR, Type.FLOAT, 1, v, -1, -1, 0, 0);
        int color = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, color, b.constant(0, 0, 0, 0), -1, 0, 0);
        int half = b.constant(0.5f);
        int cond = b.temp();
        b.emit(Opcode.CMP, Type.BOOL, 1, cond, v, half, 1, 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, cond, -1, 0, 0);
        b.emit(Opcode.DISCARD, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        int r = b.constant(1f);
        int g = b.constant(0f);
        int bl = b.constant(0f);
        int a = b.constant(1f);
        int vec = b.temp();
        b.emit(Opcode.MOV, Type.VEC4, 4, vec, b.constant(0, 0, 0, 0), -1, 0, 0);
        int lane = 0;
        for (int src : new int[] {r, g, bl, a}) {
            b.emit(Opcode.SETLANE, Type.VEC4, 4, vec, src, -1, lane++, 0);
        }
        b.emit(Opcode.MOV, Type.VEC4, 4, color, vec, -1, 0, 0);
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, color, -1, 0, 0);
        return b.build("d.frag", Stage.FRAGMENT, ShaderInterface.of(Stage.FRAGMENT, List.of(
                new InterfaceVar(Kind.INPUT, "vShade", Type.FLOAT, 0),
                new InterfaceVar(Kind.OUTPUT, "fragColor", Type.VEC4, 0))));
    }

    @Test
    void linkedTriangleMatchesTheReferenceText() {
        assertThat(ok(TgsiEmitter.emit(triangleVertex()))).isEqualTo("""
                VERT
                DCL IN[0]
                DCL IN[1]
                DCL OUT[0], POSITION
                DCL OUT[1], GENERIC[0]
                DCL TEMP[0..5]
                IMM[0] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                IMM[1] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                  0: MOV TEMP[1], IMM[0]
                  1: MOV TEMP[0], TEMP[1]
                  2: MOV TEMP[2], IN[0]
                  3: MOV TEMP[3], IN[1]
                  4: MOV TEMP[5], IMM[1]
                  5: MOV TEMP[4], TEMP[5]
                  6: MOV TEMP[4], TEMP[3]
                  7: MOV OUT[1], TEMP[4]
                  8: MOV TEMP[0], TEMP[2]
                  9: MOV OUT[0], TEMP[0]
                  10: END
                """);
        String fs = """
                FRAG
                DCL IN[0], GENERIC[0], PERSPECTIVE
                DCL IN[7], POSITION
                DCL OUT[0], COLOR
                DCL TEMP[0..3]
                IMM[0] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                  0: MOV TEMP[0], IN[7]
                  1: MOV TEMP[1], IN[0]
                  2: MOV TEMP[3], IMM[0]
                  3: MOV TEMP[2], TEMP[3]
                  4: MOV TEMP[2], TEMP[1]
                  5: MOV OUT[0], TEMP[2]
                  6: END
                """;
        assertThat(ok(TgsiEmitter.emit(triangleFragment(), new int[] {0}))).isEqualTo(fs);
        assertThat(ok(TgsiEmitter.emit(triangleVertex()))).hasSize(454);
    }

    @Test
    void discardFragmentMatchesTheReferenceTextExceptTheIfSwizzle() {
        assertThat(ok(TgsiEmitter.emit(discardFragment(), new int[] {0}))).isEqualTo("""
                FRAG
                DCL IN[0], GENERIC[0], PERSPECTIVE
                DCL IN[7], POSITION
                DCL OUT[0], COLOR
                DCL TEMP[0..11]
                IMM[0] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                IMM[1] FLT32 {0.500000, 0.000000, 0.000000, 0.000000}
                IMM[2] FLT32 {1.000000, 0.000000, 0.000000, 0.000000}
                IMM[3] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                IMM[4] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                IMM[5] FLT32 {1.000000, 0.000000, 0.000000, 0.000000}
                IMM[6] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}
                  0: MOV TEMP[0], IN[7]
                  1: MOV TEMP[1], IN[0]
                  2: MOV TEMP[3], IMM[0]
                  3: MOV TEMP[2], TEMP[3]
                  4: MOV TEMP[4], IMM[1]
                  5: SLT TEMP[5].x, TEMP[1].xxxx, TEMP[4].xxxx
                  6: IF TEMP[5].xxxx
                  7: KILL
                  8: ENDIF
                  9: MOV TEMP[6], IMM[2]
                  10: MOV TEMP[7], IMM[3]
                  11: MOV TEMP[8], IMM[4]
                  12: MOV TEMP[9], IMM[5]
                  13: MOV TEMP[11], IMM[6]
                  14: MOV TEMP[10], TEMP[11]
                  15: MOV TEMP[10].x, TEMP[6].xxxx
                  16: MOV TEMP[10].y, TEMP[7].xxxx
                  17: MOV TEMP[10].z, TEMP[8].xxxx
                  18: MOV TEMP[10].w, TEMP[9].xxxx
                  19: MOV TEMP[2], TEMP[10]
                  20: MOV OUT[0], TEMP[2]
                  21: END
                """);
    }

    @Test
    void defaultOverloadsAgree() {
        ShaderIr fs = triangleFragment();
        assertThat(TgsiEmitter.emit(fs)).isEqualTo(TgsiEmitter.emit(fs, null))
                .isEqualTo(TgsiEmitter.emit(fs, null, Limits.DEFAULT))
                .isEqualTo(TgsiEmitter.emit(fs, new int[] {-1}));
    }

    // The budget's exact edge (3600 bytes accepted, 3601 refused) is in dev.csir.IrLimitsTest.

    @Test
    void aBudgetCrossedByTheEndLineOrTheHeaderFails() {
        String text = ok(TgsiEmitter.emit(triangleVertex()));
        int endLine = "  10: END\n".length();
        // the failure states the whole length and the record whose text crossed (none for END
        // or the declarations)
        int n = text.length();
        assertThat(TgsiEmitter.emit(triangleVertex(), null, budget(n - 1)))
                .isEqualTo(new TgsiResult.Failed(Messages.tgsiBudget(n, n - 1), -1));
        assertThat(TgsiEmitter.emit(triangleVertex(), null, budget(n - endLine)))
                .isEqualTo(new TgsiResult.Failed(Messages.tgsiBudget(n, n - endLine), -1));
        assertThat(TgsiEmitter.emit(triangleVertex(), null, budget(n - endLine - 1)))
                .isEqualTo(new TgsiResult.Failed(Messages.tgsiBudget(n, n - endLine - 1), triangleVertex().size() - 1));
        assertThat(TgsiEmitter.emit(triangleVertex(), null, budget(64)))
                .isEqualTo(new TgsiResult.Failed(Messages.tgsiBudget(n, 64), -1));
        assertThat(ok(TgsiEmitter.emit(triangleVertex(), null, budget(text.length())))).isEqualTo(text);
    }

    @Test
    void instructionsWithoutATgsiFormFailInsteadOfEmittingWrongText() {
        // the record to blame is withOne's first
        TgsiResult unsupported = new TgsiResult.Failed(Messages.TGSI_UNSUPPORTED, 0);
        assertThat(TgsiEmitter.emit(withOne(Insn.of(Opcode.CMP, Type.BOOL, 1, 0, 1, 1, 7, 0))))
                .isEqualTo(unsupported);
        assertThat(TgsiEmitter.emit(withOne(Insn.of(Opcode.CMP, Type.BOOL, 1, 0, 1, 1, 0, 0))))
                .isEqualTo(unsupported);
        assertThat(TgsiEmitter.emit(withOne(Insn.of(Opcode.MULMV, Type.VEC4, 4, 0, 1, 1, 5, 0))))
                .isEqualTo(unsupported);
        assertThat(TgsiEmitter.emit(withOne(Insn.of(Opcode.MULMV, Type.VEC4, 4, 0, 1, 1, 0, 0))))
                .isEqualTo(unsupported);
        assertThat(TgsiEmitter.emit(withOne(new Insn(Opcode.MAX_CODE + 1, 0, 0, -1, -1, -1, -1, 0, 0))))
                .isEqualTo(unsupported);
    }

    @Test
    void oddButVerifiableFieldsDoNotThrow() {
        // ncomp beyond 4, a short remap, CONST with ncomp 0, LOAD_VAR beyond the remap.
        IrBuilder b = new IrBuilder();
        int t = b.temp(8);
        b.emit(Opcode.LOAD_VAR, Type.VEC4, 4, t, -1, -1, 3, 0);
        b.emit(Opcode.MOV, Type.VEC4, 9, t + 1, t, -1, 0, 0);
        b.emit(Opcode.SIN, Type.VEC4, 200, t + 2, t, -1, 0, 0);
        b.emit(Opcode.SWZ, Type.VEC4, 6, t + 3, t, -1, -1, 0);
        b.emit(Opcode.SETLANE, Type.VEC4, 4, t + 3, t, -1, -5, 130);
        b.immediates(1f);
        b.emit(new Insn(Opcode.CONST.code(), Type.FLOAT.code(), 0, t + 4, -1, -1, -1, 0, 0));
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, t + 3, -1, 0, 0);
        ShaderIr ir = b.build("odd", Stage.FRAGMENT, ShaderInterface.of(Stage.FRAGMENT, List.of(
                new InterfaceVar(Kind.INPUT, "a", Type.VEC4, 3),
                new InterfaceVar(Kind.OUTPUT, "c", Type.VEC4, 0))));
        String text = ok(TgsiEmitter.emit(ir, new int[] {0}));
        assertThat(text).contains("DCL IN[3], GENERIC[3], PERSPECTIVE\n")
                .contains("  0: MOV TEMP[0], IN[3]\n")
                .contains("  1: MOV TEMP[1], TEMP[0]\n")
                .contains("  2: SIN TEMP[2].x, TEMP[0].xxxx\n")
                .contains("  5: SIN TEMP[2].w, TEMP[0].wwww\n")
                .contains("  6: MOV TEMP[3], TEMP[0].wwww\n")
                .contains("  7: MOV TEMP[3].w, TEMP[0].zzzz\n")
                .contains("IMM[0] FLT32 {0.000000, 0.000000, 0.000000, 0.000000}\n")
                .contains("  8: MOV TEMP[4], IMM[0]\n");
    }

    // ---------------------------------------------------------------- loops

    /** A fragment shader of these control markers (IF reads temporary 0), storing temporary 0. */
    private static ShaderIr markers(int temps, Opcode... ops) {
        IrBuilder b = new IrBuilder();
        b.temp(temps);
        for (Opcode op : ops) {
            b.emit(op, Type.NONE, 0, -1, op == Opcode.IF ? 0 : -1, -1, 0, 0);
        }
        b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, 0, -1, 0, 0);
        return b.build("m.frag", Stage.FRAGMENT, ShaderInterface.EMPTY);
    }

    /** The instruction lines without their numbers, one string. */
    private static String code(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.lines().toList()) {
            if (line.matches(" *\\d+: .*")) {
                sb.append(line.replaceFirst(" *\\d+: ", "")).append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void loopsBreaksAndContinuesInTgsi() {
        // a loop without CONTINUE needs no flag: nothing beyond the shader's own temporaries
        String plain = ok(TgsiEmitter.emit(markers(1, Opcode.LOOP, Opcode.IF, Opcode.BREAK, Opcode.ENDIF,
                Opcode.ENDLOOP)));
        assertThat(plain).contains("DCL TEMP[0]\n").doesNotContain("IMM");
        assertThat(code(plain)).isEqualTo("BGNLOOP\nIF TEMP[0].xxxx\nBRK\nENDIF\nENDLOOP\nMOV OUT[0], TEMP[0]\nEND\n");

        // CONTINUE: flag TEMP[2] after the two temporaries, IMM[0] = {1, 0, 0, 0}; the BRK after the
        // IF holding the CONTINUE is wrapped; nothing follows the CONTINUE in its arm, so no
        // wrapper there
        String cont = ok(TgsiEmitter.emit(markers(2, Opcode.LOOP, Opcode.IF, Opcode.CONTINUE, Opcode.ENDIF,
                Opcode.BREAK, Opcode.ENDLOOP)));
        assertThat(cont).contains("DCL TEMP[0..2]\n")
                .contains("IMM[0] FLT32 {1.000000, 0.000000, 0.000000, 0.000000}\n");
        assertThat(code(cont)).isEqualTo("""
                BGNLOOP
                MOV TEMP[2].x, IMM[0].xxxx
                IF TEMP[0].xxxx
                MOV TEMP[2].x, IMM[0].yyyy
                ENDIF
                IF TEMP[2].xxxx
                BRK
                ENDIF
                ENDLOOP
                MOV OUT[0], TEMP[0]
                END
                """);
    }

    @Test
    void aContinueWrapsTheRestOfItsListAndEveryEnclosingListUpToItsLoop() {
        // LOOP { IF { IF { CONTINUE; BRK } BRK } BRK } : three wrappers, one per list
        String text = ok(TgsiEmitter.emit(markers(1, Opcode.LOOP, Opcode.IF, Opcode.IF, Opcode.CONTINUE,
                Opcode.BREAK, Opcode.ENDIF, Opcode.BREAK, Opcode.ENDIF, Opcode.BREAK, Opcode.ENDLOOP)));
        assertThat(code(text)).isEqualTo("""
                BGNLOOP
                MOV TEMP[1].x, IMM[0].xxxx
                IF TEMP[0].xxxx
                IF TEMP[0].xxxx
                MOV TEMP[1].x, IMM[0].yyyy
                IF TEMP[1].xxxx
                BRK
                ENDIF
                ENDIF
                IF TEMP[1].xxxx
                BRK
                ENDIF
                ENDIF
                IF TEMP[1].xxxx
                BRK
                ENDIF
                ENDLOOP
                MOV OUT[0], TEMP[0]
                END
                """);
    }

    @Test
    void flagsArePerLevelOfLoopsThatContinueAndAnInnerContinueStaysInside() {
        // LOOP(a) { LOOP(b) { CONTINUE } BRK } LOOP(c) { LOOP(d) { CONTINUE } CONTINUE }: a has no
        // CONTINUE of its own; b and c take the first flag, d the second
        String text = ok(TgsiEmitter.emit(markers(1, Opcode.LOOP, Opcode.LOOP, Opcode.CONTINUE, Opcode.ENDLOOP,
                Opcode.BREAK, Opcode.ENDLOOP, Opcode.LOOP, Opcode.LOOP, Opcode.CONTINUE, Opcode.ENDLOOP,
                Opcode.CONTINUE, Opcode.ENDLOOP)));
        assertThat(text).contains("DCL TEMP[0..2]\n");
        assertThat(code(text)).isEqualTo("""
                BGNLOOP
                BGNLOOP
                MOV TEMP[1].x, IMM[0].xxxx
                MOV TEMP[1].x, IMM[0].yyyy
                ENDLOOP
                BRK
                ENDLOOP
                BGNLOOP
                MOV TEMP[1].x, IMM[0].xxxx
                BGNLOOP
                MOV TEMP[2].x, IMM[0].xxxx
                MOV TEMP[2].x, IMM[0].yyyy
                ENDLOOP
                MOV TEMP[1].x, IMM[0].yyyy
                ENDLOOP
                MOV OUT[0], TEMP[0]
                END
                """);
    }

    @Test
    void theFlagLinesCountAgainstTheBudget() {
        ShaderIr ir = markers(1, Opcode.LOOP, Opcode.IF, Opcode.CONTINUE, Opcode.ENDIF, Opcode.BREAK, Opcode.ENDLOOP);
        String text = ok(TgsiEmitter.emit(ir));
        assertThat(ok(TgsiEmitter.emit(ir, null, budget(text.length())))).isEqualTo(text);
        TgsiResult over = TgsiEmitter.emit(ir, null, budget(text.length() - 1));
        assertThat(over).isInstanceOf(TgsiResult.Failed.class);
        assertThat(((TgsiResult.Failed) over).message()).isEqualTo(Messages.tgsiBudget(text.length(), text.length() - 1));
        // the flag's IMM line alone can cross the budget: the CONTINUE that needs it is blamed
        int immEnd = text.indexOf("}\n") + 2;
        TgsiResult atImm = TgsiEmitter.emit(ir, null, budget(immEnd - 1));
        assertThat(atImm).isEqualTo(new TgsiResult.Failed(Messages.tgsiBudget(text.length(), immEnd - 1), 2));
    }

    @Test
    void unverifiedLoopMarkersNeverThrow() {
        TgsiResult outside = new TgsiResult.Failed(Messages.TGSI_UNSUPPORTED, 0);
        assertThat(TgsiEmitter.emit(markers(1, Opcode.BREAK))).isEqualTo(outside);
        assertThat(TgsiEmitter.emit(markers(1, Opcode.CONTINUE))).isEqualTo(outside);
        // stray closers are written as they are (the verifier refuses such IR before emission)
        assertThat(TgsiEmitter.emit(markers(1, Opcode.ENDLOOP, Opcode.ENDIF, Opcode.ELSE)))
                .isInstanceOf(TgsiResult.Ok.class);
        assertThat(TgsiEmitter.emit(markers(1, Opcode.LOOP, Opcode.IF, Opcode.CONTINUE, Opcode.ENDLOOP)))
                .isInstanceOf(TgsiResult.Ok.class);
    }

    private static ShaderIr withOne(Insn insn) {
        IrBuilder b = new IrBuilder();
        b.temp(2);
        b.emit(insn);
        return b.build("one", Stage.VERTEX, ShaderInterface.EMPTY);
    }

    static Limits budget(int bytes) {
        Limits d = Limits.DEFAULT;
        return new Limits(d.maxInstructions(), d.maxImmediates(), d.maxTemporaries(), d.maxIfDepth(),
                d.attributeSlots(), d.varyingSlots(), d.uniformSlots(), d.samplerSlots(), bytes, d.maxSourceBytes());
    }
}
