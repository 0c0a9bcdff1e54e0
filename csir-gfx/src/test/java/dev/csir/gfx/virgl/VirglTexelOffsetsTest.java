package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.ContractWorkloads.Agreement;
import dev.csir.gfx.testing.ContractWorkloads.Scene;
import dev.csir.gfx.testing.ContractWorkloads.Workload;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.link.LinkedProgram;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The offset lookups and the gathers through the real virglrenderer: it accepts CSIR's TGSI
 * (TEX, TXF with an IMM offset, TG4 with its component and offset) and draws
 * {@link ContractWorkloads#offsetsAndGather} as the software device does, every pixel within
 * 1/255 (the contract workloads as a whole allow 2/255).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglTexelOffsetsTest {
    @Test
    void virglDrawsTheOffsetsAndGathersAsSoftwareDoes() throws GfxException {
        Workload w = ContractWorkloads.offsetsAndGather();
        try (DevicePair devices = DevicePair.open("VirglTexelOffsetsTest")) {
            Frame virgl = ContractWorkloads.render(devices.virgl(), w.scene());
            Frame soft = ContractWorkloads.render(devices.soft(), w.scene());
            Agreement a = ContractWorkloads.compare(virgl, soft);
            assertThat(a.drawn()).as(a.report(w.name())).isEqualTo(ContractWorkloads.W * ContractWorkloads.H);
            assertThat(a.worst()).as(a.report(w.name())).isLessThanOrEqualTo(1);
            assertThat(a.coverageDiffers()).isZero();
            w.check().accept(virgl);
        }
    }

    /** The offset lookup and the gather at a 2D array slot (TGSI's 2D_ARRAY target) in layer 2 of three. */
    @Test
    void virglDrawsThemOnATwoDArrayAsSoftwareDoes() throws GfxException {
        LinkedProgram p = TestPrograms.link("a.vert", """
                layout(location = 0) in vec4 position;
                void main() {
                    gl_Position = position;
                }
                """, "a.frag", """
                #version 450
                uniform sampler2DArray tex;
                out vec4 fragColor;
                void main() {
                    vec3 p = vec3(gl_FragCoord.xy / 96.0, 2.2);
                    fragColor = vec4(textureOffset(tex, p, ivec2(1, -2)).rg, textureGatherOffset(tex, p, ivec2(-1, 1), 2).xw);
                }
                """);
        byte[] px = new byte[4 * 4 * 3 * 4];
        for (int i = 0; i < 48; i++) {
            px[4 * i] = (byte) (20 + 13 * i);
            px[4 * i + 1] = (byte) (250 - 5 * i);
            px[4 * i + 2] = (byte) (7 * i);
            px[4 * i + 3] = (byte) 255;
        }
        Texture layers = new Texture(4, 4, 3, dev.csir.ir.Type.SAMPLER2DARRAY, px);
        Mesh m = dev.csir.gfx.testing.ContractWorkloads.screenQuad();
        try (DevicePair devices = DevicePair.open("VirglTexelOffsetsTest arrays")) {
            Scene scene = d -> d.draw(p, p.newUniforms(), m, DrawState.FLAT, List.of(layers));
            Frame virgl = ContractWorkloads.render(devices.virgl(), scene);
            Frame soft = ContractWorkloads.render(devices.soft(), scene);
            Agreement a = ContractWorkloads.compare(virgl, soft);
            assertThat(a.drawn()).as(a.report("2D array")).isEqualTo(ContractWorkloads.W * ContractWorkloads.H);
            assertThat(a.worst()).as(a.report("2D array")).isLessThanOrEqualTo(1);
            // layer 2's texels: red 20 + 13 * (32 + texel) >= 436 wraps, so check a value is from layer 2's range
            assertThat(soft.channels(0, 0)[1]).isBetween(250 - 5 * 47, 250 - 5 * 32);
        }
    }
}
