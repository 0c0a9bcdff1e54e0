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

    /** Text whose character i is one of 26 letters chosen by i, so a shifted chunk shows. */
    private static String letters(int n) {
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = (char) ('A' + i % 26);
        }
        return new String(c);
    }

    /** Four text bytes as one little-endian dword. */
    private static int dword(String text, int from) {
        int v = 0;
        for (int b = 0; b < 4; b++) {
            int i = from + b;
            v |= (i < text.length() ? text.charAt(i) : 0) << (8 * b);
        }
        return v;
    }

    /** The text dwords of the packet whose header is at {@code at}, checked against the text from {@code byteOffset}. */
    private static void assertChunk(int[] w, int at, String text, int byteOffset, int dwords) {
        for (int k = 0; k < dwords; k++) {
            int expected = dword(text, byteOffset + 4 * k);
            if (w[at + 6 + k] != expected) {
                throw new AssertionError("text dword " + k + " of the packet at " + at + " (byte " + (byteOffset + 4 * k)
                        + "): " + Integer.toHexString(w[at + 6 + k]) + " instead of " + Integer.toHexString(expected));
            }
        }
    }

    @Test
    void oneShaderPacketCarries65530TextDwords() {
        assertThat(VirglProtocol.SHADER_TEXT_DWORDS_PER_PACKET).isEqualTo(65530);
        assertThat(VirglProtocol.SHADER_OFFSET_CONT).isEqualTo(0x80000000);
    }

    @Test
    void textFillingExactlyOnePacketIsNotSplit() throws GfxException {
        // 262119 characters + NUL = 262120 bytes = 65530 dwords: the NUL is the last byte
        String text = letters(262119);
        int[] w = words(new VirglEncoder().createShader(3, 1, text));
        assertThat(w).hasSize(1 + 5 + 65530);
        assertThat(w[0]).isEqualTo(0xFFFF0401);
        assertThat(w[1]).isEqualTo(3);
        assertThat(w[2]).isEqualTo(1);
        assertThat(w[3]).as("total length, no continuation bit").isEqualTo(262120);
        assertThat(w[4]).isEqualTo(262120);
        assertThat(w[5]).isEqualTo(0);
        assertChunk(w, 0, text, 0, 65530);
        // bytes 262116..262118 are the text's last three characters, 262119 the NUL
        assertThat(w[65535] & 0xff000000).isEqualTo(0);
        assertThat(w[65535] & 0x00ffffff).isEqualTo(dword(text, 262116) & 0x00ffffff).isNotZero();

        // three characters fewer: the NUL starts the last dword, the rest is padding
        int[] v = words(new VirglEncoder().createShader(3, 1, letters(262116)));
        assertThat(v).hasSize(65536);
        assertThat(v[3]).isEqualTo(262117);
        assertThat(v[65535]).isEqualTo(0);
    }

    @Test
    void oneByteMoreSendsTheNulInAContinuationPacket() throws GfxException {
        String text = letters(262120);
        int[] w = words(new VirglEncoder().createShader(9, 0, text));
        assertThat(w).hasSize(65536 + 1 + 5 + 1);
        // the first packet: total length 262121, the first 65530 dwords, all text
        assertThat(w[0]).isEqualTo(0xFFFF0401);
        assertThat(w).startsWith(0xFFFF0401, 9, 0, 262121, 262121, 0);
        assertChunk(w, 0, text, 0, 65530);
        assertThat(w[65535]).as("a full dword of text, \"KLMN\"").isEqualTo(0x4E4D4C4B);
        // the continuation: same handle, type and token hint, CONT | byte offset 262120, and one
        // dword holding the NUL (byte 262120) and three bytes of padding
        assertThat(java.util.Arrays.copyOfRange(w, 65536, w.length))
                .containsExactly(0x00060401, 9, 0, 0x80000000 | 262120, 262121, 0, 0);
    }

    @Test
    void longTextGoesInFullChunksWithTheirByteOffsets() throws GfxException {
        int chunk = 65530 * 4;
        String text = letters(2 * chunk + 9);
        int[] w = words(new VirglEncoder().createShader(4, 1, text));
        int total = 2 * chunk + 10; // with the NUL
        int lastDwords = 3; // 10 bytes -> 3 dwords: 9 characters, the NUL, two bytes of padding
        assertThat(w).hasSize(2 * 65536 + 6 + lastDwords);
        int[] at = {0, 65536, 2 * 65536};
        int[] offlen = {total, 0x80000000 | chunk, 0x80000000 | 2 * chunk};
        int[] len = {65535, 65535, 5 + lastDwords};
        for (int p = 0; p < 3; p++) {
            assertThat(java.util.Arrays.copyOfRange(w, at[p], at[p] + 6)).as("header of packet %d", p)
                    .containsExactly(len[p] << 16 | 0x0401, 4, 1, offlen[p], total, 0);
            assertChunk(w, at[p], text, p * chunk, len[p] - 5);
        }
        assertThat(w[w.length - 1]).as("the 9th character, then NUL and padding")
                .isEqualTo(dword(text, 2 * chunk + 8)).isEqualTo(text.charAt(2 * chunk + 8));
    }

    @Test
    void textBeyondWhatTheLengthFieldDescribesIsRefusedBeforeEncoding() {
        assertThat(VirglProtocol.MAX_SHADER_TEXT).isEqualTo(Integer.MAX_VALUE - 1);
        // a CharSequence of 2^31 - 1 characters that allocates nothing: the check comes first
        CharSequence huge = new CharSequence() {
            @Override
            public int length() {
                return Integer.MAX_VALUE;
            }

            @Override
            public char charAt(int index) {
                return 'X';
            }

            @Override
            public CharSequence subSequence(int start, int end) {
                throw new UnsupportedOperationException();
            }
        };
        VirglEncoder e = new VirglEncoder().bindShader(1, 0);
        assertThatThrownBy(() -> e.createShader(1, 1, huge)).isInstanceOf(GfxException.class)
                .hasMessageContaining("2147483647 characters").hasMessageContaining("2147483646")
                .hasMessageContaining("31-bit");
        assertThat(e.size()).as("nothing appended").isEqualTo(3);
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
