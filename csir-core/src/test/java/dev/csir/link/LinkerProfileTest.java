package dev.csir.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Messages;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.SlotShaders;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Linking at each profile's maxima: the remap covers the profile's varying slots, the program
 * carries its profile, and the uniform storage holds exactly the slots each stage declares.
 */
class LinkerProfileTest {

    @Test
    void theRemapCoversTheProfilesVaryings() {
        for (Limits lim : List.of(Limits.DEFAULT, Limits.CHRISOS)) {
            int n = lim.varyingSlots();
            LinkedProgram straight = SlotShaders.of(lim).link(lim, false);
            LinkedProgram reversed = SlotShaders.of(lim).link(lim, true);
            int[] identity = new int[n];
            int[] backwards = new int[n];
            for (int i = 0; i < n; i++) {
                identity[i] = i;
                backwards[i] = n - 1 - i;
            }
            assertThat(straight.remap()).containsExactly(identity);
            assertThat(reversed.remap()).containsExactly(backwards);
            assertThat(reversed.iface().varyings()).hasSize(n).contains(new VaryingInfo("v" + (n - 1),
                    dev.csir.ir.Type.VEC4, n - 1, 0));
            assertThat(straight.limits()).isSameAs(lim);
            assertThat(straight.iface().attributes()).hasSize(lim.attributeSlots());
            assertThat(straight.iface().samplers()).hasSize(lim.samplerSlots());
            assertThat(straight.iface().vec4s(Stage.VERTEX)).isEqualTo(lim.uniformSlots());
            assertThat(straight.iface().vec4s(Stage.FRAGMENT)).isEqualTo(lim.uniformSlots());
        }
    }

    @Test
    void aVaryingPastTheLinkProfileIsRefused() {
        // compiled under the default profile, linked under ChrisOS: slot 8 has no place in its remap
        ShaderIr vs = new SlotShaders(1, 9, 1, 0).compile(Stage.VERTEX, Limits.DEFAULT, false);
        ShaderIr fs = new SlotShaders(1, 9, 1, 0).compile(Stage.FRAGMENT, Limits.DEFAULT, false);
        Linker.Result r = Linker.link(vs, fs, 2, Limits.CHRISOS);
        assertThat(r).isInstanceOf(Linker.Failed.class);
        assertThat(((Linker.Failed) r).errors()).extracting(LinkError::message)
                .containsExactly(Messages.INVALID_VARYING_SLOT);
        assertThat(Linker.link(vs, fs, 2, Limits.DEFAULT)).isInstanceOf(Linker.Linked.class);
    }

    @Test
    void uniformStorageIsWhatEachStageDeclares() {
        LinkedProgram p = SlotShaders.of(Limits.DEFAULT).link(Limits.DEFAULT, false);
        UniformValues u = p.newUniforms();
        assertThat(u.words(Stage.VERTEX)).hasSize(1024 * 4);
        assertThat(u.set("top", 1f, 2f, 3f, 4f)).isEmpty();
        assertThat(u.set("pad0", 9f)).isEmpty();
        for (Stage s : Stage.values()) {
            float[] up = u.upload(s);
            assertThat(up).hasSize(1024 * 4);
            assertThat(Arrays.copyOfRange(up, 4092, 4096)).containsExactly(1f, 2f, 3f, 4f);
            assertThat(Arrays.copyOfRange(up, 0, 4)).containsExactly(9f, 0f, 0f, 0f);
        }
        // a small program carries no more than its own slots
        LinkedProgram small = new SlotShaders(1, 1, 2, 0).link(Limits.DEFAULT, false);
        assertThat(small.newUniforms().words(Stage.FRAGMENT)).hasSize(2 * 4);
        UniformValues copy = u.copy();
        assertThat(copy.upload(Stage.FRAGMENT)).containsExactly(u.upload(Stage.FRAGMENT));
    }
}
