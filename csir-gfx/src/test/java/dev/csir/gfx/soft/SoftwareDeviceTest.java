package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.link.LinkedProgram;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The software device's contract: targets, readback orientation, textures by slot, reported misuse. */
class SoftwareDeviceTest {
    private static final VertexLayout POS4_UV2 = VertexLayout.of(6, new VertexAttribute(0, 4, 0),
            new VertexAttribute(1, 2, 4));

    private static Mesh fullQuad() {
        float[][] c = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        int[] order = {0, 1, 2, 0, 2, 3};
        float[] v = new float[36];
        for (int i = 0; i < 6; i++) {
            float[] k = c[order[i]];
            System.arraycopy(new float[] {k[0], k[1], 0, 1, (k[0] + 1) / 2, (k[1] + 1) / 2}, 0, v, i * 6, 6);
        }
        return new Mesh(v, POS4_UV2);
    }

    @Test
    void textureRowZeroIsAtTheBottomAndReadbackRowZeroAtTheTop() throws GfxException {
        LinkedProgram p = TestPrograms.texturedQuad();
        // 1 x 2 texels: row 0 red, row 1 blue
        Texture t = new Texture(1, 2, new byte[] {(byte) 255, 0, 0, (byte) 255, 0, 0, (byte) 255, (byte) 255});
        try (SoftwareDevice d = new SoftwareDevice(2)) {
            assertThat(d.name()).isEqualTo("software");
            d.target(4, 4);
            d.clear(0, 0, 0, 1, 1);
            d.draw(p, p.newUniforms(), fullQuad(), DrawState.FLAT, List.of(t));
            Frame f = d.readback();
            assertThat(f.pixel(0, 0)).isEqualTo(0x0000FFFF);
            assertThat(f.pixel(3, 3)).isEqualTo(0xFF0000FF);
            assertThat(d.fragmentsShaded()).isEqualTo(16);
        }
    }

    @Test
    void misuseIsReportedNotDrawn() throws GfxException {
        LinkedProgram p = TestPrograms.texturedQuad();
        try (SoftwareDevice d = new SoftwareDevice(1)) {
            assertThatThrownBy(d::readback).isInstanceOf(GfxException.class).hasMessageContaining("no render target");
            assertThatThrownBy(() -> d.target(0, 4)).hasMessage("render target size 0x4");
            assertThatThrownBy(() -> d.target(4, SoftwareDevice.MAX_SIZE + 1)).isInstanceOf(GfxException.class);
            d.target(4, 4);
            assertThatThrownBy(() -> d.draw(p, p.newUniforms(), fullQuad(), DrawState.FLAT))
                    .hasMessage("no texture for sampler 'tex' (slot 0)");
            Mesh positionsOnly = new Mesh(new float[12], VertexLayout.of(4, new VertexAttribute(0, 4, 0)));
            assertThatThrownBy(() -> d.draw(p, p.newUniforms(), positionsOnly, DrawState.FLAT,
                    List.of(new Texture(1, 1, new byte[4])))).hasMessage("the mesh layout has no attribute at location 1 for 'uv'");
            assertThat(d.fragmentsShaded()).isZero();
        }
    }
}
