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
        // a texture of another kind than its sampler's is refused as on the other devices
        Texture cube = Texture.layered(white, dev.csir.ir.Type.SAMPLERCUBE);
        assertThatThrownBy(() -> vk.draw(p, p.newUniforms(), Meshes.quad(), DrawState.FLAT, List.of(cube)))
                .isInstanceOf(GfxException.class).hasMessage("sampler 'tex' (slot 0) is a sampler2D, its texture a samplerCube");
    }

    @Test
    void refusesAnInputAttachmentByName() throws GfxException {
        // the program's SPIR-V keeps the input attachment (CSIR reads it as a texture); this device
        // binds textures, not attachments
        LinkedProgram p = TestPrograms.linkVulkan("s.vert",
                "#version 450\nlayout(location = 0) in vec4 position;\nvoid main() { gl_Position = position; }\n", "s.frag",
                "#version 450\nlayout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput previous;\n"
                        + "layout(location = 0) out vec4 c;\nvoid main() { c = subpassLoad(previous); }\n");
        Texture white = new Texture(1, 1, new byte[] {-1, -1, -1, -1});
        vk.target(8, 8);
        assertThatThrownBy(() -> vk.draw(p, p.newUniforms(), Meshes.quad(), DrawState.FLAT, List.of(white)))
                .isInstanceOf(GfxException.class).hasMessageContaining("'previous' is a subpassInput");
    }

    @Test
    void bindsSeparateTexturesAndSamplersAsTheCombinedSamplerDraws() throws GfxException {
        String vertex = "#version 450\nlayout(location = 0) in vec4 position;\nvoid main() { gl_Position = position; }\n";
        LinkedProgram separate = TestPrograms.linkVulkan("s.vert", vertex, "s.frag", "#version 450\n"
                + "layout(set = 0, binding = 0) uniform texture2D tex;\nlayout(set = 0, binding = 1) uniform sampler smp;\n"
                + "layout(set = 0, binding = 2) uniform samplerShadow sh;\nlayout(location = 0) out vec4 c;\n"
                + "void main() { vec2 uv = gl_FragCoord.xy / 8.0; c = texture(sampler2D(tex, smp), uv).bgra; }\n");
        LinkedProgram combined = TestPrograms.linkVulkan("c.vert", vertex, "c.frag", "#version 450\n"
                + "layout(set = 0, binding = 0) uniform sampler2D tex;\nlayout(location = 0) out vec4 c;\n"
                + "void main() { vec2 uv = gl_FragCoord.xy / 8.0; c = texture(tex, uv).bgra; }\n");
        vk.target(8, 8);
        byte[] px = new byte[4 * 4 * 4];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) (i * 29 + 7);
        }
        List<Texture> textures = List.of(new Texture(4, 4, px));
        vk.clear(0, 0, 0, 0, 1);
        vk.draw(separate, separate.newUniforms(), Meshes.quad(), DrawState.FLAT, textures);
        dev.csir.gfx.Frame a = vk.readback();
        vk.clear(0, 0, 0, 0, 1);
        vk.draw(combined, combined.newUniforms(), Meshes.quad(), DrawState.FLAT, textures);
        dev.csir.gfx.Frame b = vk.readback();
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                assertThat(a.pixel(x, y)).as("(%d, %d)", x, y).isEqualTo(b.pixel(x, y));
            }
        }
        assertThat(a.pixel(5, 2)).isNotEqualTo(a.pixel(1, 6));
    }

    /**
     * Uniforms whose std140 layout differs from CSIR's vec4 slots (a mat3's columns 16 bytes apart,
     * a vec2 then a float packed into one vec4, an int) reach the shader with their values, in both
     * stages: the frame equals the software device's.
     */
    @Test
    void std140UniformsCarryTheCsirValues() throws GfxException {
        LinkedProgram p = TestPrograms.link("u.vert", """
                layout(location = 0) in vec4 position;
                uniform mat3 turn;
                uniform float shrink;
                out vec3 vTurned;
                void main() {
                    vTurned = turn * vec3(position.xy, 1.0);
                    gl_Position = vec4(position.xy * shrink, 0.0, 1.0);
                }
                """, "u.frag", """
                uniform mat3 turn;
                uniform vec2 offset;
                uniform float scale;
                uniform int steps;
                in vec3 vTurned;
                out vec4 fragColor;
                void main() {
                    vec3 c = turn * vec3(offset, scale);
                    fragColor = vec4(abs(c.xy) * 0.5 + abs(vTurned.xy) * 0.25, c.z * 0.2, float(steps) * 0.25);
                }
                """);
        dev.csir.link.UniformValues u = p.newUniforms();
        for (java.util.Optional<String> problem : List.of(u.set("turn", 0.2f, 0.4f, 0.1f, -0.3f, 0.5f, 0.2f, 0.6f, 0.1f,
                0.9f), u.set("shrink", 0.75f), u.set("offset", 0.5f, -0.25f), u.set("scale", 1.5f),
                u.set("steps", 3))) {
            assertThat(problem).isEmpty();
        }
        dev.csir.gfx.soft.SoftwareDevice soft = new dev.csir.gfx.soft.SoftwareDevice(1);
        try {
            Frame[] frames = new Frame[2];
            int i = 0;
            for (dev.csir.gfx.Device d : new dev.csir.gfx.Device[] {vk, soft}) {
                d.target(16, 16);
                d.clear(0, 0, 0, 0, 1);
                d.draw(p, u, Meshes.quad(), DrawState.FLAT);
                frames[i++] = d.readback();
            }
            assertThat(frames[0].channels(8, 8)[3]).isEqualTo(191);
            for (int y = 0; y < 16; y++) {
                for (int x = 0; x < 16; x++) {
                    int[] a = frames[0].channels(x, y);
                    int[] b = frames[1].channels(x, y);
                    for (int c = 0; c < 4; c++) {
                        assertThat(Math.abs(a[c] - b[c])).as("pixel (%d, %d) channel %d", x, y, c).isLessThanOrEqualTo(1);
                    }
                }
            }
        } finally {
            soft.close();
        }
    }

    @Test
    void needsATarget() {
        assertThatThrownBy(() -> vk.readback()).isInstanceOf(GfxException.class)
                .hasMessageContaining("no render target");
        assertThatThrownBy(() -> vk.target(0, 4)).isInstanceOf(GfxException.class)
                .hasMessage("render target size 0x4");
    }
}
