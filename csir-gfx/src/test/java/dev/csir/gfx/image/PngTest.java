package dev.csir.gfx.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.gfx.Frame;
import dev.csir.gfx.Texture;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PngTest {

    @Test
    void frameRoundTripsThroughPngAsATextureWithTheTopRowAtT1() throws Exception {
        byte[] rgba = new byte[3 * 2 * 4];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = (byte) (i * 10 + 5);
        }
        Frame f = new Frame(3, 2, rgba);
        byte[] png = Png.encode(f);
        assertThat(Arrays.copyOf(png, 4)).containsExactly(0x89, 'P', 'N', 'G');
        Texture t = Png.decodeTexture(png);
        assertThat(t.width()).isEqualTo(3);
        assertThat(t.height()).isEqualTo(2);
        // Frame row 0 (top of the image) is texture row 1 (t = 1).
        for (int x = 0; x < 3; x++) {
            assertThat(t.texel(x, 1)).isEqualTo(f.pixel(x, 0));
            assertThat(t.texel(x, 0)).isEqualTo(f.pixel(x, 1));
        }
    }

    @Test
    void nonPngBytesAreRejected() {
        assertThatThrownBy(() -> Png.decodeTexture("GIF89a....".getBytes())).hasMessage("not a PNG file");
        assertThatThrownBy(() -> Png.decodeTexture(new byte[0])).hasMessage("not a PNG file");
        byte[] truncated = Arrays.copyOf(Png.encode(new Frame(4, 4, new byte[64])), 30);
        assertThatThrownBy(() -> Png.decodeTexture(truncated)).isInstanceOf(Png.PngException.class)
                .hasMessageStartingWith("cannot decode the PNG image");
    }
}
