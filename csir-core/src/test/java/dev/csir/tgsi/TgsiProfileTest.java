package dev.csir.tgsi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderInterface;
import dev.csir.link.LinkedProgram;
import dev.csir.testing.SlotShaders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The declarations of a program at every maximum of each profile: IN, OUT/GENERIC, CONST, SAMP
 * and SVIEW ranges run to the profile's last slot, and gl_FragCoord moves off IN[7] past the
 * highest varying whenever one sits there (the default's 32 put it at IN[32]).
 */
class TgsiProfileTest {

    private static TgsiProgram emitted(LinkedProgram p) {
        return switch (TgsiProgram.emit(p.vertex(), p.fragment(), p.remap(), p.limits())) {
            case TgsiProgram.Emitted e -> e.program();
            case TgsiProgram.Failed f -> throw new AssertionError(f.message());
        };
    }

    @Test
    void defaultMaximaDeclareEverySlot() {
        TgsiProgram t = emitted(SlotShaders.of(Limits.DEFAULT).link(Limits.DEFAULT, false));
        String vs = t.vertexText();
        assertThat(vs).contains("DCL IN[15]\n").doesNotContain("DCL IN[16]")
                .contains("DCL OUT[0], POSITION\n", "DCL OUT[32], GENERIC[31]\n", "MOV OUT[32], TEMP[")
                .doesNotContain("OUT[33]").contains("DCL CONST[0][0..1023]\n", "CONST[0][1023]");
        String fs = t.fragmentText();
        assertThat(fs).contains("DCL IN[0], GENERIC[0], PERSPECTIVE\n", "DCL IN[31], GENERIC[31], PERSPECTIVE\n",
                "DCL IN[32], POSITION\n", "DCL SAMP[31]\n", "DCL SVIEW[31], 2D, FLOAT\n", "SAMP[31], 2D\n",
                "DCL CONST[0][0..1023]\n").doesNotContain("SAMP[32]", "GENERIC[32]", "DCL IN[7], POSITION");
        assertThat(fs).contains(", IN[32]\n");
    }

    @Test
    void chrisosMaximaDeclareEverySlotWithinTheBudget() {
        TgsiProgram t = emitted(SlotShaders.of(Limits.CHRISOS).link(Limits.CHRISOS, false));
        assertThat(t.vertexText()).contains("DCL IN[7]\n", "DCL OUT[8], GENERIC[7]\n", "DCL CONST[0][0..31]\n")
                .doesNotContain("DCL IN[8]", "OUT[9]");
        assertThat(t.fragmentText()).contains("DCL IN[7], GENERIC[7], PERSPECTIVE\n", "DCL IN[8], POSITION\n",
                "DCL SAMP[3]\n", "DCL SVIEW[3], 2D, FLOAT\n", "DCL CONST[0][0..31]\n").doesNotContain("SAMP[4]");
        assertThat(t.vertexText().length()).isLessThanOrEqualTo(Limits.CHRISOS.tgsiBudget());
        assertThat(t.fragmentText().length()).isLessThanOrEqualTo(Limits.CHRISOS.tgsiBudget());
    }

    @Test
    void aReversedLinkDeclaresTheVertexSlots() {
        LinkedProgram p = SlotShaders.of(Limits.DEFAULT).link(Limits.DEFAULT, true);
        String fs = emitted(p).fragmentText();
        // fragment-local slot 0 holds v31, read from the vertex stage's slot 31, and so on down
        assertThat(p.remap()[0]).isEqualTo(31);
        assertThat(fs).contains("DCL IN[31], GENERIC[31], PERSPECTIVE\n", "DCL IN[0], GENERIC[0], PERSPECTIVE\n",
                "DCL IN[32], POSITION\n");
    }

    /** A fragment shader interface of varyings at these fragment-local slots. */
    private static ShaderInterface inputs(int... slots) {
        List<InterfaceVar> vars = new ArrayList<>();
        for (int s : slots) {
            vars.add(new InterfaceVar(InterfaceVar.Kind.INPUT, "v" + s, dev.csir.ir.Type.VEC4, s, 1, 1, false));
        }
        return ShaderInterface.of(dev.csir.ir.Stage.FRAGMENT, vars);
    }

    private static int[] remap(int n, int... pairs) {
        int[] r = new int[n];
        Arrays.fill(r, -1);
        for (int i = 0; i < pairs.length; i += 2) {
            r[pairs[i]] = pairs[i + 1];
        }
        return r;
    }

    @Test
    void fragCoordStaysAtIn7UnlessAVaryingIsThere() {
        int[] all = new int[32];
        for (int i = 0; i < 32; i++) {
            all[i] = i;
        }
        assertThat(TgsiInstructions.fragCoordInput(inputs(all), null)).isEqualTo(32);
        assertThat(TgsiInstructions.fragCoordInput(inputs(0, 1, 2, 3, 4, 5, 6, 7), null)).isEqualTo(8);
        assertThat(TgsiInstructions.fragCoordInput(inputs(0, 1, 2, 3, 4, 5, 6), null)).isEqualTo(7);
        assertThat(TgsiInstructions.fragCoordInput(ShaderInterface.EMPTY, null)).isEqualTo(7);
        // the linked slots decide: one varying remapped onto slot 7, or off it, or far past it
        assertThat(TgsiInstructions.fragCoordInput(inputs(0), remap(32, 0, 7))).isEqualTo(8);
        assertThat(TgsiInstructions.fragCoordInput(inputs(7), remap(32, 7, 31))).isEqualTo(7);
        assertThat(TgsiInstructions.fragCoordInput(inputs(0, 1), remap(32, 0, 7, 1, 31))).isEqualTo(32);
    }
}
