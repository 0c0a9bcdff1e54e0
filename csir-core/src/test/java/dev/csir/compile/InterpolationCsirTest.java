package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiProgramResult;
import dev.csir.csi.CsiResult;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Interpolation;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Linker;
import dev.csir.link.VaryingInfo;
import dev.csir.testing.LinkedText;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Flat and noperspective varyings on CSIR: the qualifier rides on the interface symbol, through
 * CSI version 2 (two bits of the kind byte; version 1 refuses it), the linker (the fragment
 * input's qualifier governs) and TGSI's input declarations (CONSTANT, LINEAR, PERSPECTIVE). The
 * rasterizers' part is in csir-gfx's {@code InterpolationRasterTest}.
 */
class InterpolationCsirTest {
    private static final String VERTEX = """
            #version 330 core
            in vec4 pos;
            flat out int id;
            noperspective out vec2 screen;
            out vec3 smoothed;
            flat out mat2 spin;
            void main() {
                id = gl_VertexID;
                screen = pos.xy;
                smoothed = pos.xyz;
                spin = mat2(pos.x, pos.y, pos.z, pos.w);
                gl_Position = pos;
            }
            """;
    private static final String FRAGMENT = """
            #version 330 core
            flat in int id;
            noperspective in vec2 screen;
            in vec3 smoothed;
            flat in mat2 spin;
            out vec4 c;
            void main() { c = vec4(float(id), screen + spin[1], smoothed.z); }
            """;

    private static ShaderIr compile(Stage stage, String source) {
        CompileResult r = ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "i.vert" : "i.frag", source);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    private static Map<String, Interpolation> varyings(ShaderIr ir, InterfaceVar.Kind kind) {
        return ir.iface().vars().stream().filter(v -> v.kind() == kind)
                .collect(Collectors.toMap(InterfaceVar::name, InterfaceVar::interpolation));
    }

    @Test
    void eachStageKeepsItsQualifiers() {
        Map<String, Interpolation> expected = Map.of("id", Interpolation.FLAT, "screen", Interpolation.NOPERSPECTIVE,
                "smoothed", Interpolation.SMOOTH, "spin", Interpolation.FLAT);
        assertThat(varyings(compile(Stage.VERTEX, VERTEX), InterfaceVar.Kind.OUTPUT)).isEqualTo(expected);
        assertThat(varyings(compile(Stage.FRAGMENT, FRAGMENT), InterfaceVar.Kind.INPUT)).isEqualTo(expected);
    }

    @Test
    void tgsiDeclaresEachSlotsInterpolation() {
        ShaderIr f = compile(Stage.FRAGMENT, FRAGMENT);
        // id@0, screen@1, smoothed@2, spin@3 and its second column @4
        assertThat(f.iface().interpolation(InterfaceVar.Kind.INPUT, 4)).isEqualTo(Interpolation.FLAT);
        String tgsi = ShaderCompiler.compile(Stage.FRAGMENT, "i.frag", FRAGMENT).tgsi();
        assertThat(tgsi).contains("DCL IN[0], GENERIC[0], CONSTANT", "DCL IN[1], GENERIC[1], LINEAR",
                "DCL IN[2], GENERIC[2], PERSPECTIVE", "DCL IN[3], GENERIC[3], CONSTANT", "DCL IN[4], GENERIC[4], CONSTANT");
    }

    @Test
    void theFragmentsQualifierGovernsTheLink() {
        // the vertex shader says smooth: GLSL 4.30 on lets the stages differ, the fragment's rules
        String plainVertex = VERTEX.replace("flat out", "out").replace("noperspective out", "out").replace(
                "out int id", "flat out int id");
        Linker.Result r = Linker.link(compile(Stage.VERTEX, plainVertex), compile(Stage.FRAGMENT, FRAGMENT), 1);
        assertThat(r).isInstanceOf(Linker.Linked.class);
        LinkedProgram p = ((Linker.Linked) r).program();
        assertThat(p.iface().varyings().stream().collect(Collectors.toMap(VaryingInfo::name, VaryingInfo::interpolation)))
                .containsEntry("screen", Interpolation.NOPERSPECTIVE).containsEntry("spin", Interpolation.FLAT)
                .containsEntry("smoothed", Interpolation.SMOOTH);
        assertThat(LinkedText.of(p).fragmentText()).contains("LINEAR", "CONSTANT");
    }

    @Test
    void csiVersion2RoundTripsAndVersion1Refuses() {
        ShaderIr f = compile(Stage.FRAGMENT, FRAGMENT);
        byte[] blob = Csi.save(f);
        CsiResult loaded = Csi.load(blob);
        assertThat(loaded).isInstanceOf(CsiResult.Loaded.class);
        ShaderIr back = ((CsiResult.Loaded) loaded).shader();
        assertThat(back.iface().vars()).isEqualTo(f.iface().vars());
        assertThat(Csi.save(back)).isEqualTo(blob);
        assertThat(Csi.version1Problem(f)).isEqualTo("flat interpolation needs CSI version 2: varying 'id'");

        CsiProgramResult program = Csi.loadProgram(Csi.saveProgram(compile(Stage.VERTEX, VERTEX), f));
        assertThat(program).isInstanceOf(CsiProgramResult.Loaded.class);
    }

    @Test
    void csiVersion2RefusesBadInterpolationBits() {
        ShaderIr f = compile(Stage.FRAGMENT, FRAGMENT);
        ShaderIr v = compile(Stage.VERTEX, "#version 330\nuniform vec4 u;\nin vec4 p;\nvoid main() { gl_Position = p + u; }\n");
        assertThat(reject(f, "id", 3 << 2)).contains("symbol").contains("'id': interpolation 3");
        // a uniform and a vertex input are no varyings
        assertThat(reject(v, "u", 1 << 2)).contains("'u': flat interpolation on a symbol that is not a varying");
        assertThat(reject(v, "p", 2 << 2)).contains("'p': noperspective interpolation on a symbol that is not a varying");
    }

    /** Sets {@code bits} in the kind byte of symbol {@code name} (fixing the checksum) and loads it. */
    private static String reject(ShaderIr ir, String name, int bits) {
        byte[] blob = Csi.save(ir);
        byte[] ascii = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int at = -1;
        // a symbol: kind, type, slot (2), line (2), column (2), name length, name
        for (int i = 0; i + 9 + ascii.length <= blob.length - 4; i++) {
            if ((blob[i + 8] & 0xFF) == ascii.length
                    && java.util.Arrays.equals(blob, i + 9, i + 9 + ascii.length, ascii, 0, ascii.length)
                    && (blob[i] & 0x73) < 3) {
                at = i;
            }
        }
        assertThat(at).as("symbol " + name).isPositive();
        blob[at] = (byte) ((blob[at] & ~0x0C) | bits);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(blob, 0, blob.length - 4);
        java.nio.ByteBuffer.wrap(blob).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(blob.length - 4, (int) crc.getValue());
        CsiResult r = Csi.load(blob);
        assertThat(r).isInstanceOf(CsiResult.Rejected.class);
        return ((CsiResult.Rejected) r).reason();
    }
}
