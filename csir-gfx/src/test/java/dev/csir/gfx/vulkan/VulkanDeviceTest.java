package dev.csir.gfx.vulkan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.DrawState;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Texture;
import dev.csir.gfx.scene.Meshes;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.testing.VulkanFixture;
import dev.csir.link.LinkedProgram;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Vulkan device's own contract: clears, caches, refusals with clear messages, no leaks. */
class VulkanDeviceTest {
    private VulkanDevice vk;

    @BeforeEach
    void open() throws GfxException {
        vk = VulkanFixture.open();
    }

    @AfterEach
    void close() {
        VulkanFixture.closeAndAssertValid(vk);
    }

    @Test
    void clearsAndReadsBack() throws GfxException {
        vk.target(5, 3);
        vk.clear(1, 0.5f, 0, 1, 1);
        Frame f = vk.readback();
        assertThat(f.width()).isEqualTo(5);
        assertThat(f.height()).isEqualTo(3);
        assertThat(f.pixel(4, 2)).isEqualTo(0xFF8000FF);
        System.out.println("Vulkan device: " + vk.deviceName());
    }

    @Test
    void drawsATriangleTheRightWayUp() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        vk.target(32, 32);
        vk.clear(0, 0, 0, 1, 1);
        vk.draw(p, p.newUniforms(), Meshes.triangle(), DrawState.FLAT);
        Frame f = vk.readback();
        assertThat(f.channels(16, 16)[3]).isEqualTo(255);
        // the apex is at the top (NDC y = +1 is row 0): the top corners stay clear, the bottom ones drawn or not alike
        assertThat(f.pixel(1, 1)).isEqualTo(0x000000FF);
        assertThat(f.pixel(16, 4)).isNotEqualTo(0x000000FF);
    }

    @Test
    void aRepeatedDrawMakesNoNewPipeline() throws GfxException {
        LinkedProgram p = TestPrograms.colouredTriangle();
        vk.target(16, 16);
        vk.draw(p, p.newUniforms(), Meshes.triangle(), DrawState.FLAT);
        assertThat(vk.pipelineCount()).isEqualTo(1);
        vk.draw(p, p.newUniforms(), Meshes.triangle(), DrawState.FLAT);
        vk.target(8, 8); // a new size keeps the pipelines (viewport and scissor are dynamic)
        vk.draw(p, p.newUniforms(), Meshes.triangle(), DrawState.FLAT);
        assertThat(vk.pipelineCount()).isEqualTo(1);
        vk.draw(p, p.newUniforms(), Meshes.triangle(), DrawState.DEPTH);
        assertThat(vk.pipelineCount()).isEqualTo(2);
    }

    @Test
    void refusesAProgramWithoutTransformIr() throws GfxException {
        LinkedProgram full = TestPrograms.colouredTriangle();
        LinkedProgram csirOnly = new LinkedProgram(full.vertex(), full.fragment(), full.remap(), full.iface(),
                full.generation(), full.limits());
        vk.target(8, 8);
        assertThatThrownBy(() -> vk.draw(csirOnly, csirOnly.newUniforms(), Meshes.triangle(), DrawState.FLAT))
                .isInstanceOf(GfxException.class).hasMessageContaining("linked from CSIR alone");
    }

    @Test
    void namesAMissingTexture() throws GfxException {
        LinkedProgram p = TestPrograms.texturedQuad();
        vk.target(8, 8);
        assertThatThrownBy(() -> vk.draw(p, p.newUniforms(), Meshes.quad(), DrawState.FLAT, List.of()))
                .isInstanceOf(GfxException.class).hasMessage("no texture for sampler 'tex' (slot 0)");
        Texture white = new Texture(1, 1, new byte[] {-1, -1, -1, -1});
        vk.draw(p, p.newUniforms(), Meshes.quad(), DrawState.FLAT, List.of(white));
        assertThat(vk.readback().pixel(4, 4)).isEqualTo(0xFFFFFFFF);
    }

    @Test
    void needsATarget() {
        assertThatThrownBy(() -> vk.readback()).isInstanceOf(GfxException.class)
                .hasMessageContaining("no render target");
        assertThatThrownBy(() -> vk.target(0, 4)).isInstanceOf(GfxException.class)
                .hasMessage("render target size 0x4");
    }
}
