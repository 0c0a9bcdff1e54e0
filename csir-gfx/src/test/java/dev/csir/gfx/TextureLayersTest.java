package dev.csir.gfx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.ir.Type;
import org.junit.jupiter.api.Test;

/** The layered textures built from one image for the render command's cube, 3D and array samplers. */
class TextureLayersTest {
    private static Texture image(int w, int h) {
        byte[] px = new byte[w * h * 4];
        for (int i = 0; i < w * h; i++) {
            px[i * 4] = (byte) (10 * i);
            px[i * 4 + 1] = (byte) 200;
            px[i * 4 + 2] = (byte) 255;
            px[i * 4 + 3] = (byte) (255 - i);
        }
        return new Texture(w, h, px);
    }

    @Test
    void everyLayerIsTheImageTintedItsOwnWay() {
        Texture img = image(3, 2);
        Texture cube = Texture.layered(img, Type.SAMPLERCUBE);
        assertThat(cube.kind()).isEqualTo(Type.SAMPLERCUBE);
        assertThat(new int[] {cube.width(), cube.height(), cube.layers()}).containsExactly(2, 2, 6);
        int[][] tints = {{255, 90, 90}, {90, 255, 255}, {90, 255, 90}, {255, 90, 255}, {90, 90, 255}, {255, 255, 90}};
        byte[] b = cube.rgba();
        byte[] src = img.rgba();
        for (int l = 0; l < 6; l++) {
            for (int y = 0; y < 2; y++) {
                for (int x = 0; x < 2; x++) {
                    int o = ((l * 2 + y) * 2 + x) * 4;
                    int from = (y * 3 + x) * 4;
                    for (int c = 0; c < 3; c++) {
                        assertThat(b[o + c] & 0xff).isEqualTo((src[from + c] & 0xff) * tints[l][c] / 255);
                    }
                    assertThat(b[o + 3]).isEqualTo(src[from + 3]);
                }
            }
        }
        Texture vol = Texture.layered(img, Type.SAMPLER3D);
        assertThat(new int[] {vol.width(), vol.height(), vol.layers()}).containsExactly(3, 2, 4);
        assertThat(Texture.layered(img, Type.SAMPLER2D)).isSameAs(img);
    }

    @Test
    void aCubeMapArrayIsTwoCubesTheSecondAtHalfBrightnessAndAMultisampleOneTheImage() {
        Texture img = image(3, 2);
        Texture cube = Texture.layered(img, Type.SAMPLERCUBE);
        Texture cubes = Texture.layered(img, Type.ISAMPLERCUBEARRAY);
        assertThat(new int[] {cubes.width(), cubes.height(), cubes.layers()}).containsExactly(2, 2, 12);
        int face = 2 * 2 * 4;
        for (int i = 0; i < 6 * face; i++) {
            assertThat(cubes.rgba()[i]).isEqualTo(cube.rgba()[i]);
            int alpha = i % 4 == 3 ? 1 : 0;
            int src = (i % face / 4 / 2 * 3 + i % face / 4 % 2) * 4 + i % 4;
            int tint = alpha == 1 ? 255 : new int[][] {{255, 90, 90}, {90, 255, 255}, {90, 255, 90}, {255, 90, 255},
                {90, 90, 255}, {255, 255, 90}}[i / face][i % 4] / 2;
            int want = alpha == 1 ? img.rgba()[src] & 0xff : (img.rgba()[src] & 0xff) * tint / 255;
            assertThat(cubes.rgba()[6 * face + i] & 0xff).as("byte %d of the second cube", i).isEqualTo(want);
        }
        Texture ms = Texture.layered(img, Type.SAMPLER2DMS);
        assertThat(ms.kind()).isEqualTo(Type.SAMPLER2DMS);
        assertThat(ms.rgba()).isEqualTo(img.rgba());
        assertThatThrownBy(() -> new Texture(2, 2, 7, Type.SAMPLERCUBEARRAY, new byte[2 * 2 * 7 * 4]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Texture(2, 2, 2, Type.SAMPLER2DMS, new byte[2 * 2 * 2 * 4]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTextureHoldsWhatItsKindNeeds() {
        assertThatThrownBy(() -> new Texture(2, 2, 5, Type.SAMPLERCUBE, new byte[2 * 2 * 5 * 4]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Texture(2, 2, 2, Type.SAMPLER2D, new byte[2 * 2 * 2 * 4]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Texture(2, 2, 2, Type.FLOAT, new byte[2 * 2 * 2 * 4]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
