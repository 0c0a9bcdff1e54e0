package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.testing.ContractWorkloads;
import dev.csir.gfx.testing.DevicePair;
import dev.csir.gfx.testing.ShadowIntegerScene;
import dev.csir.gfx.testing.TestPrograms;
import dev.csir.gfx.DrawState;
import dev.csir.gfx.Texture;
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * virglrenderer takes the shadow targets and the integer sampler views (SHADOW2D, SHADOW2D_ARRAY,
 * SHADOWCUBE; 2D SINT and UINT) and draws the shadow and integer samplers' scene as the Java
 * reference and the software device do: depth textures as Z32_UNORM with a GL_LEQUAL comparing
 * sampler, a usampler's texels as RGBA8 UINT, an isampler's as RGBA16 SINT.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VirglShadowIntegerTest {

    @Test
    void virglDrawsTheSceneAsTheReferenceAndTheSoftwareDeviceWithinOne255th() throws GfxException {
        String tgsi = TestPrograms.tgsi(ShadowIntegerScene.program()).fragmentText();
        assertThat(tgsi).contains("DCL SVIEW[0], SHADOW2D, FLOAT", "DCL SVIEW[1], SHADOW2D_ARRAY, FLOAT",
                "DCL SVIEW[2], SHADOWCUBE, FLOAT", "DCL SVIEW[3], 2D, UINT", "DCL SVIEW[4], 2D, SINT");
        try (DevicePair devices = DevicePair.open("VirglShadowIntegerTest")) {
            Frame virgl = ContractWorkloads.render(devices.virgl(), ShadowIntegerScene.workload().scene());
            Frame soft = ContractWorkloads.render(devices.soft(), ShadowIntegerScene.workload().scene());
            int checked = ShadowIntegerScene.check(virgl);
            assertThat(checked).isGreaterThan(ContractWorkloads.W * ContractWorkloads.H * 9 / 10);
            int worst = 0;
            for (int y = 0; y < virgl.height(); y++) {
                for (int x = 0; x < virgl.width(); x++) {
                    if (!ShadowIntegerScene.ambiguous(x, y)) {
                        for (int s = 0; s < 32; s += 8) {
                            worst = Math.max(worst, Math.abs((virgl.pixel(x, y) >>> s & 0xff) - (soft.pixel(x, y) >>> s & 0xff)));
                        }
                    }
                }
            }
            System.out.println("shadow and integer samplers: " + checked + " pixels checked, worst VirGL-software difference "
                    + worst + "/255");
            assertThat(worst).isLessThanOrEqualTo(1);
        }
    }

    /** A texture of {@code layers} 4x4 layers whose bytes differ per texel and layer, past 127 too. */
    private static Texture bytes(Type kind, int layers) {
        byte[] px = new byte[4 * 4 * layers * 4];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) (i * 37 + 11);
        }
        return new Texture(4, 4, layers, kind, px);
    }

    @Test
    void theIntegerCubeVolumeAndArrayViewsAndAShadowTextureLodAgreeWithSoftware() throws GfxException {
        LinkedProgram p = TestPrograms.link("tex.vert", TestPrograms.TEXTURED_QUAD_VERTEX, "ints.frag", """
                #version 330
                uniform isampler3D volume;
                uniform usamplerCube sky;
                uniform isampler2DArray layers;
                uniform sampler2DShadow depth;
                in vec2 vUV;
                out vec4 c;
                void main() {
                    ivec4 v = texture(volume, vec3(vUV, vUV.x * 0.7 + 0.1));
                    uvec4 s = texture(sky, vec3(vUV * 2.0 - 1.0, 0.6));
                    ivec4 l = textureLod(layers, vec3(vUV, vUV.y * 3.0), 0.0);
                    float d = textureLod(depth, vec3(vUV, vUV.x), 0.0);
                    c = vec4(float(v.x) / 255.0, float(s.y) / 255.0, float(l.z) / 255.0, (d * 128.0 + float(v.w / 2)) / 255.0);
                }
                """);
        String tgsi = TestPrograms.tgsi(p).fragmentText();
        assertThat(tgsi).contains("DCL SVIEW[0], 3D, SINT", "DCL SVIEW[1], CUBE, UINT", "DCL SVIEW[2], 2D_ARRAY, SINT")
                .containsPattern("TXL TEMP\\[\\d+\\], TEMP\\[\\d+\\], SAMP\\[3\\], SHADOW2D\n");
        List<Texture> textures = List.of(bytes(Type.ISAMPLER3D, 3), bytes(Type.USAMPLERCUBE, 6), bytes(Type.ISAMPLER2DARRAY, 3),
                bytes(Type.SAMPLER2DSHADOW, 1));
        ContractWorkloads.Scene scene = d -> d.draw(p, p.newUniforms(), ContractWorkloads.flatQuad(), DrawState.FLAT, textures);
        try (DevicePair devices = DevicePair.open("VirglIntegerViewsTest")) {
            Frame virgl = ContractWorkloads.render(devices.virgl(), scene);
            Frame soft = ContractWorkloads.render(devices.soft(), scene);
            ContractWorkloads.Agreement a = ContractWorkloads.compare(virgl, soft);
            System.out.println(a.report("integer cube, 3D and array views, shadow textureLod"));
            assertThat(a.coverageDiffers()).isZero();
            // exact but for the cube's diagonals, where two axes tie and GL lets the face be either
            assertThat(a.exact()).as(a.report("integer views")).isGreaterThan(ContractWorkloads.W * ContractWorkloads.H * 99 / 100);
        }
    }
}
