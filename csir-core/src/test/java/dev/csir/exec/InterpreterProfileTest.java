package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.testing.SlotShaders;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interpreter's frames hold the slots of the profile it was made with, and a linked pair at
 * every maximum of each profile runs: the last attribute, varying, uniform and sampler slots all
 * carry their values through both stages.
 */
class InterpreterProfileTest {

    @Test
    void framesHoldTheProfilesSlots() {
        LinkedProgram small = new SlotShaders(1, 1, 1, 0).link(Limits.DEFAULT, false);
        for (Limits lim : List.of(Limits.DEFAULT, Limits.CHRISOS)) {
            Interpreter vs = Interpreter.of(small.vertex(), null, lim);
            Interpreter fs = Interpreter.of(small.fragment(), null, lim);
            assertThat(List.of(vs.attributeSlots(), vs.uniformSlots(), vs.varyingOutSlots(), fs.varyingInSlots(),
                    fs.samplerSlots())).containsExactly(lim.attributeSlots(), lim.uniformSlots(), lim.varyingSlots(),
                    lim.varyingSlots(), lim.samplerSlots());
            Frame v = vs.newFrame();
            Frame f = fs.newFrame();
            assertThat(v.attributes()).hasSize(4 * lim.attributeSlots());
            assertThat(v.uniforms()).hasSize(4 * lim.uniformSlots());
            assertThat(v.varyingsOut()).hasSize(4 * lim.varyingSlots());
            assertThat(f.varyingsIn()).hasSize(4 * lim.varyingSlots());
            assertThat(f.textures()).hasSize(lim.samplerSlots());
        }
        // the program's own profile by default: the default one
        assertThat(small.interpreter(Stage.VERTEX).attributeSlots()).isEqualTo(16);
        assertThat(small.interpreter(Stage.FRAGMENT).samplerSlots()).isEqualTo(32);
    }

    @Test
    void everyMaximumOfBothProfilesRunsThroughBothStages() {
        for (Limits lim : List.of(Limits.DEFAULT, Limits.CHRISOS)) {
            for (boolean reversed : new boolean[] {false, true}) {
                runs(SlotShaders.of(lim), lim, reversed);
            }
        }
    }

    private static void runs(SlotShaders s, Limits lim, boolean reversed) {
        LinkedProgram p = s.link(lim, reversed);
        String what = (lim == Limits.DEFAULT ? "default" : "chrisos") + (reversed ? ", fragment varyings reversed" : "");
        Interpreter vs = p.interpreter(Stage.VERTEX);
        Interpreter fs = p.interpreter(Stage.FRAGMENT);
        Frame v = vs.newFrame();
        Frame f = fs.newFrame();
        int top = s.uniforms() - 1;
        for (Frame frame : List.of(v, f)) {
            // the pads hold a value that would show in every sum, were one read in place of top
            for (int i = 0; i < top; i++) {
                frame.uniform(i, 1000f, 1000f, 1000f, 1000f);
            }
            frame.uniform(top, 1f, 2f, 3f, 4f);
        }
        for (int j = 0; j < s.attributes(); j++) {
            v.attribute(j, j, 10 * j, 0f, 1f);
        }
        assertThat(vs.run(v)).isEqualTo(Status.OK);
        assertThat(v.position()).containsExactly(0f, 0f, 0f, 1f);
        float[] expected = {1f, 2f, 3f, 4f};
        for (int k = 0; k < s.varyings(); k++) {
            int j = k % s.attributes();
            float[] out = java.util.Arrays.copyOfRange(v.varyingsOut(), 4 * k, 4 * k + 4);
            assertThat(out).as(what + ", varying " + k).containsExactly(j + k + 1f, 10 * j + k + 2f, k + 3f, 1 + k + 4f);
            for (int c = 0; c < 4; c++) {
                expected[c] += out[c];
            }
        }
        // the linked varyings go to the fragment frame at the vertex slots; the remap reads them
        System.arraycopy(v.varyingsOut(), 0, f.varyingsIn(), 0, 4 * s.varyings());
        for (int j = 0; j < s.samplers(); j++) {
            // odd slots white, even ones red: exact sums, and a slot read twice or not at all shows
            f.texture(j, new Texture2D(1, 1, new int[] {j % 2 == 1 ? 0xFFFFFFFF : 0xFFFF0000}));
            expected[0] += 1f;
            expected[1] += j % 2;
            expected[2] += j % 2;
            expected[3] += 1f;
        }
        f.fragCoord(7.5f, 2.5f, 0.5f, 1f);
        expected[0] += 7.5f;
        assertThat(fs.run(f)).isEqualTo(Status.OK);
        assertThat(f.color()).as(what).containsExactly(expected);
    }
}
