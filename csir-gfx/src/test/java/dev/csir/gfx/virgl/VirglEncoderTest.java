package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.GfxException;
import dev.csir.gfx.virgl.VirglEncoder.VertexElement;
import org.junit.jupiter.api.Test;

/** Every encoder method against dwords computed by hand from virglrenderer's decoder layouts. */
class VirglEncoderTest {

    private static int[] words(VirglEncoder e) {
        return e.toArray();
    }

    @Test
    void headerPacksCommandObjectAndLength() {
        assertThat(VirglProtocol.header(1, 4, 119)).isEqualTo(0x00770401);
        assertThat(VirglProtocol.header(31, 0, 2)).isEqualTo(0x0002001F);
    }

    @Test
    void shaderObjectOfTheDocumentedExample() throws GfxException {
        // chrisos-original §6.4: 454 characters -> slen 455, 114 text dwords, 120 dwords in all
        String text = "VERT\nDCL" + "A".repeat(446);
        assertThat(text).hasSize(454);
        int[] w = words(new VirglEncoder().createShader(0x1000, 0, text));
        assertThat(w).hasSize(120);
        assertThat(w[0]).isEqualTo(0x00770401);
        assertThat(w[1]).isEqualTo(0x1000);
        assertThat(w[2]).isEqualTo(0);
        assertThat(w[3]).isEqualTo(0x1C7);
        assertThat(w[4]).isEqualTo(0x1C7);
        assertThat(w[5]).isEqualTo(0);
        assertThat(w[6]).isEqualTo(0x54524556); // "VERT"
        assertThat(w[7]).isEqualTo(0x4C43440A); // "\nDCL"
        assertThat(w[8]).isEqualTo(0x41414141);
        // bytes 452, 453 are text, 454 the NUL, 455 padding
        assertThat(w[119]).isEqualTo(0x00004141);
    }

    @Test
    void shortShaderGetsTheMinimumTokenHintAndANulDword() throws GfxException {
        int[] w = words(new VirglEncoder().createShader(7, 1, "FRAG"));
        // 5 bytes with the NUL -> 2 dwords, the second all NUL and padding
        assertThat(w).containsExactly(0x00070401, 7, 1, 5, 128, 0, 0x47415246, 0);
    }

    @Test
    void shaderTextLimitIs3600Characters() throws GfxException {
        int[] w = words(new VirglEncoder().createShader(1, 0, "X".repeat(3600)));
        assertThat(w[3]).isEqualTo(3601);
        assertThat(w[4]).as("token hint covers the whole text").isEqualTo(3601);
        assertThat(w).hasSize(1 + 5 + 901);
        assertThat(w[0] >>> 16).isEqualTo(5 + 901);
        assertThatThrownBy(() -> new VirglEncoder().createShader(1, 0, "X".repeat(3601)))
                .isInstanceOf(GfxException.class).hasMessageContaining("3601 characters")
                .hasMessageContaining("3600");
    }

    @Test
    void shaderStageMustBeVertexOrFragmentAndHandleNonZero() {
        assertThatThrownBy(() -> new VirglEncoder().createShader(1, 2, "GEOM\nEND\n"))
                .isInstanceOf(GfxException.class).hasMessageContaining("shader type 2");
        assertThatThrownBy(() -> new VirglEncoder().createShader(0, 0, "VERT\nEND\n"))
                .isInstanceOf(GfxException.class).hasMessageContaining("handle 0");
        assertThatThrownBy(() -> new VirglEncoder().createShader(1, 0, "VERT\u00e9"))
                .isInstanceOf(GfxException.class).hasMessageContaining("non-ASCII");
    }

    @Test
    void bindShader() {
        assertThat(words(new VirglEncoder().bindShader(5, 1))).containsExactly(0x0002001F, 5, 1);
    }

    @Test
    void subContext() {
        assertThat(words(new VirglEncoder().createSubContext(1).setSubContext(1)))
                .containsExactly(0x0001001D, 1, 0x0001001C, 1);
    }

    @Test
    void surface() {
        assertThat(words(new VirglEncoder().createSurface(10, 1, 67))).containsExactly(0x00050801, 10, 1, 67, 0, 0);
    }

    @Test
    void opaqueBlendWritesRgbaOnColourBufferZero() {
        assertThat(words(new VirglEncoder().createOpaqueBlend(11)))
                .containsExactly(0x000B0101, 11, 0, 0, 0x78000000, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void rasterizerWithAndWithoutCulling() {
        // depth_clip bit 1, half_pixel_center bit 29, front_ccw (bit 15) clear; cull back = 2 << 8
        assertThat(words(new VirglEncoder().createRasterizer(13, false)))
                .containsExactly(0x00090201, 13, 0x20000002, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0);
        assertThat(words(new VirglEncoder().createRasterizer(14, true)))
                .containsExactly(0x00090201, 14, 0x20000202, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0);
    }

    @Test
    void depthStencilAlpha() {
        // enabled bit 0, writemask bit 1, func LESS (1) << 2
        assertThat(words(new VirglEncoder().createDepthStencilAlpha(12, true)))
                .containsExactly(0x00050301, 12, 7, 0, 0, 0);
        assertThat(words(new VirglEncoder().createDepthStencilAlpha(12, false)))
                .containsExactly(0x00050301, 12, 0, 0, 0, 0);
    }

    @Test
    void vertexElements() {
        int[] w = words(new VirglEncoder().createVertexElements(15, new VertexElement(0, 0, 30),
                new VertexElement(12, 0, 29)));
        assertThat(w).containsExactly(0x00090501, 15, 0, 0, 0, 30, 12, 0, 0, 29);
    }

    @Test
    void nearestClampSamplerState() {
        // wrap s/t/r CLAMP_TO_EDGE (2) at bits 0, 3, 6; min/mag NEAREST (0); mip NONE (2) << 11
        assertThat(words(new VirglEncoder().createNearestClampSampler(16)))
                .containsExactly(0x00090701, 16, 0x1092, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void samplerViewWithIdentitySwizzle() {
        assertThat(words(new VirglEncoder().createSamplerView(17, 4, 67)))
                .containsExactly(0x00060601, 17, 4, 67, 0, 0, 0x688);
    }

    @Test
    void bindAndDestroyObjects() {
        assertThat(words(new VirglEncoder().bindObject(VirglProtocol.OBJ_DSA, 12)
                .destroyObject(VirglProtocol.OBJ_SHADER, 5)))
                .containsExactly(0x00010302, 12, 0x00010403, 5);
    }

    @Test
    void samplerBindings() {
        assertThat(words(new VirglEncoder().bindSamplerStates(1, 0, 7).setSamplerViews(1, 0, 8, 9)))
                .containsExactly(0x00030012, 1, 0, 7, 0x0004000A, 1, 0, 8, 9);
    }

    @Test
    void framebufferState() {
        assertThat(words(new VirglEncoder().setFramebufferState(21, 20))).containsExactly(0x00030005, 1, 21, 20);
        assertThat(words(new VirglEncoder().setFramebufferState(0, 30))).containsExactly(0x00030005, 1, 0, 30);
    }

    @Test
    void viewportScalesAndTranslatesByHalfTheSize() {
        assertThat(words(new VirglEncoder().setViewport(64, 32))).containsExactly(0x00070004, 0,
                0x42000000, 0x41800000, 0x3F000000, 0x42000000, 0x41800000, 0x3F000000);
    }

    @Test
    void vertexBuffer() {
        assertThat(words(new VirglEncoder().setVertexBuffer(24, 0, 3))).containsExactly(0x00030006, 24, 0, 3);
    }

    @Test
    void constantBufferCarriesTheVec4Words() {
        assertThat(words(new VirglEncoder().setConstantBuffer(1, 0, new float[] {1f, 0.5f, -2f, 0f})))
                .containsExactly(0x0006000C, 1, 0, 0x3F800000, 0x3F000000, 0xC0000000, 0);
        int[] big = words(new VirglEncoder().setConstantBuffer(0, 0, new float[128]));
        assertThat(big).hasSize(131);
        assertThat(big[0]).isEqualTo(0x0082000C);
    }

    @Test
    void inlineWriteOfABuffer() {
        assertThat(words(new VirglEncoder().writeBuffer(2, new float[] {1f, 2f})))
                .containsExactly(0x000D0009, 2, 0, 0, 0, 0, 0, 0, 0, 8, 1, 1, 0x3F800000, 0x40000000);
    }

    @Test
    void inlineWriteSplitsPastThePacketLimit() {
        int[] w = words(new VirglEncoder().writeBuffer(2, new float[70000]));
        int first = 65535 - 11;
        assertThat(w[0]).isEqualTo(0xFFFF0009);
        assertThat(w[6]).as("x of the first packet").isEqualTo(0);
        assertThat(w[9]).as("bytes of the first packet").isEqualTo(first * 4);
        int second = 1 + 65535;
        assertThat(w[second] >>> 16).isEqualTo(11 + 70000 - first);
        assertThat(w[second + 6]).as("x of the second packet").isEqualTo(first * 4);
        assertThat(w[second + 9]).isEqualTo((70000 - first) * 4);
        assertThat(w).hasSize(2 * 12 + 70000);
    }

    @Test
    void inlineWriteOfATexture() {
        byte[] px = {1, 2, 3, 4, 5, 6, 7, 8};
        assertThat(words(new VirglEncoder().writeTexture2D(4, 2, 1, px)))
                .containsExactly(0x000D0009, 4, 0, 0, 8, 0, 0, 0, 0, 2, 1, 1, 0x04030201, 0x08070605);
    }

    @Test
    void clearColourAndDepth() {
        // depth 1.0 as a double: low dword 0, high dword 0x3FF00000
        assertThat(words(new VirglEncoder().clear(VirglProtocol.CLEAR_COLOR0 | VirglProtocol.CLEAR_DEPTH, 0f, 0f, 1f,
                1f, 1.0, 0))).containsExactly(0x00080007, 5, 0, 0, 0x3F800000, 0x3F800000, 0, 0x3FF00000, 0);
    }

    @Test
    void drawArrays() {
        assertThat(words(new VirglEncoder().drawArrays(VirglProtocol.PRIM_TRIANGLES, 0, 3)))
                .containsExactly(0x000C0008, 0, 3, 4, 0, 1, 0, 0, 0, 0, 0, 2, 0);
    }

    @Test
    void packetsAppendAndResetEmpties() {
        VirglEncoder e = new VirglEncoder().bindShader(1, 0).bindShader(2, 1);
        assertThat(e.size()).isEqualTo(6);
        e.reset();
        assertThat(e.isEmpty()).isTrue();
        assertThat(e.toArray()).isEmpty();
    }

    @Test
    void floatFormats() {
        assertThat(VirglProtocol.floatFormat(1)).isEqualTo(28);
        assertThat(VirglProtocol.floatFormat(2)).isEqualTo(29);
        assertThat(VirglProtocol.floatFormat(3)).isEqualTo(30);
        assertThat(VirglProtocol.floatFormat(4)).isEqualTo(31);
    }
}
