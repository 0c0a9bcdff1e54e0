package dev.csir.csi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.diag.Messages;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.testing.SlotShaders;
import org.junit.jupiter.api.Test;

/**
 * CSI at each profile's maxima: version 2 stores a default-profile program (16 attributes, 32
 * varyings, 1024 uniform slots, 32 samplers, 1000-odd symbols) and loads it back byte for byte
 * under the default limits, while the ChrisOS limits refuse it at the first mark past theirs;
 * version 1 stays at the ChrisOS counts, refusing to save a slot past them.
 */
class CsiProfileTest {
    private static final LinkedProgram DEFAULT_MAXIMA = SlotShaders.of(Limits.DEFAULT).link(Limits.DEFAULT, false);
    private static final LinkedProgram CHRISOS_MAXIMA = SlotShaders.of(Limits.CHRISOS).link(Limits.CHRISOS, false);

    private static ShaderIr loaded(byte[] blob, Limits limits) {
        CsiResult r = Csi.load(blob, limits);
        assertThat(r).as(r.toString()).isInstanceOf(CsiResult.Loaded.class);
        return ((CsiResult.Loaded) r).shader();
    }

    private static String rejected(byte[] blob, Limits limits) {
        CsiResult r = Csi.load(blob, limits);
        assertThat(r).isInstanceOf(CsiResult.Rejected.class);
        return ((CsiResult.Rejected) r).reason();
    }

    @Test
    void symbolBoundsFollowTheProfile() {
        assertThat(Csi.maxSymbols(Limits.DEFAULT)).isEqualTo(16 + 32 + 1024 + 32).isEqualTo(Csi.MAX_SYMBOLS);
        assertThat(Csi.maxSymbols(Limits.CHRISOS)).isEqualTo(8 + 8 + 32 + 4);
        // the maxima shaders declare that many, less the symbols a stage cannot have
        assertThat(DEFAULT_MAXIMA.vertex().iface().vars()).hasSize(16 + 32 + 1024);
        assertThat(DEFAULT_MAXIMA.fragment().iface().vars()).hasSize(32 + 1024 + 32 + 1);
    }

    @Test
    void version2KeepsTheDefaultMaximaAndChrisosRefusesThem() {
        for (ShaderIr ir : new ShaderIr[] {DEFAULT_MAXIMA.vertex(), DEFAULT_MAXIMA.fragment()}) {
            byte[] blob = Csi.save(ir);
            ShaderIr back = loaded(blob, Limits.DEFAULT);
            assertThat(back.iface()).isEqualTo(ir.iface());
            assertThat(back.code()).isEqualTo(ir.code());
            assertThat(Csi.save(back)).isEqualTo(blob);
        }
        assertThat(rejected(Csi.save(DEFAULT_MAXIMA.vertex()), Limits.CHRISOS))
                .isEqualTo(Messages.CSI_COUNTS + ": 1072 interface symbols, at most 52");
        for (ShaderIr ir : new ShaderIr[] {CHRISOS_MAXIMA.vertex(), CHRISOS_MAXIMA.fragment()}) {
            assertThat(loaded(Csi.save(ir), Limits.CHRISOS).iface()).isEqualTo(ir.iface());
        }
    }

    @Test
    void version2MarksPastChrisosAreRefusedByName() {
        // few symbols, so the marks are what the ChrisOS limits meet first
        LinkedProgram past = new SlotShaders(9, 9, 1, 0).link(Limits.DEFAULT, false);
        assertThat(rejected(Csi.save(past.vertex()), Limits.CHRISOS))
                .isEqualTo(Messages.CSI_BAD_MARK + ": attribute 8, -1 to 7");
        assertThat(rejected(Csi.save(past.fragment()), Limits.CHRISOS))
                .isEqualTo(Messages.CSI_BAD_MARK + ": varying 8, -1 to 7");
        assertThat(loaded(Csi.save(past.vertex()), Limits.DEFAULT).iface().attrHi()).isEqualTo(8);
    }

    @Test
    void aProgramBlobAtTheDefaultMaxima() {
        byte[] blob = Csi.saveProgram(DEFAULT_MAXIMA.vertex(), DEFAULT_MAXIMA.fragment());
        CsiProgramResult r = Csi.loadProgram(blob, Limits.DEFAULT);
        assertThat(r).isInstanceOf(CsiProgramResult.Loaded.class);
        CsiProgramResult.Loaded l = (CsiProgramResult.Loaded) r;
        assertThat(Csi.saveProgram(l.vertex(), l.fragment())).isEqualTo(blob);
        assertThat(Csi.loadProgram(blob, Limits.CHRISOS)).isInstanceOf(CsiProgramResult.Rejected.class);
    }

    @Test
    void version1StaysAtTheChrisosCounts() {
        // a ChrisOS-maxima shader saves as version 1 and loads back to the same bytes
        for (ShaderIr ir : new ShaderIr[] {CHRISOS_MAXIMA.vertex(), CHRISOS_MAXIMA.fragment()}) {
            assertThat(Csi.version1Problem(ir)).isNull();
            byte[] v1 = Csi.saveV1(ir);
            ShaderIr back = loaded(v1, Limits.DEFAULT);
            assertThat(Csi.saveV1(back)).isEqualTo(v1);
            assertThat(back.iface().attrHi()).isEqualTo(ir.iface().attrHi());
            assertThat(back.iface().sampHi()).isEqualTo(ir.iface().sampHi());
        }
        // one slot past them is not version 1 any more, whichever kind
        assertThat(Csi.version1Problem(new SlotShaders(9, 1, 1, 0).compile(Stage.VERTEX, Limits.DEFAULT, false)))
                .isEqualTo("attribute slot 8 " + Messages.CSI_NEEDS_V2 + " (version 1 holds 8)");
        assertThat(Csi.version1Problem(new SlotShaders(1, 9, 1, 0).compile(Stage.FRAGMENT, Limits.DEFAULT, false)))
                .isEqualTo("varying slot 8 " + Messages.CSI_NEEDS_V2 + " (version 1 holds 8)");
        assertThat(Csi.version1Problem(new SlotShaders(1, 1, 33, 0).compile(Stage.VERTEX, Limits.DEFAULT, false)))
                .isEqualTo("uniform slot 32 " + Messages.CSI_NEEDS_V2 + " (version 1 holds 32)");
        assertThat(Csi.version1Problem(new SlotShaders(1, 1, 1, 5).compile(Stage.FRAGMENT, Limits.DEFAULT, false)))
                .isEqualTo("sampler slot 4 " + Messages.CSI_NEEDS_V2 + " (version 1 holds 4)");
        assertThatThrownBy(() -> Csi.saveV1(DEFAULT_MAXIMA.vertex())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("attribute slot 15 " + Messages.CSI_NEEDS_V2 + " (version 1 holds 8)");
    }
}
