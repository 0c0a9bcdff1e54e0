package dev.csir.fuzz;

import static dev.csir.fuzz.Contracts.require;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiProgramResult;
import dev.csir.csi.CsiResult;
import dev.csir.diag.Messages;
import dev.csir.ir.Opcode;
import dev.csir.link.Linker;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * CSI loading, versions 1 and 2, shader and program blobs. The first byte picks how the rest is
 * prepared: as is, with a v2 length word and CRC made to match (so the checks behind the CRC are
 * reached), with a v1 checksum made to match, or as a program whose parts are sealed too.
 * Anything loaded must verify and save back to the same bytes; anything refused must say why
 * with one of the loader's messages.
 */
class CsiFuzzTest {
    private static final List<String> REASONS = List.of(Messages.CSI_NO_DATA, Messages.CSI_TOO_SHORT,
            Messages.CSI_BAD_MAGIC, Messages.CSI_BAD_VERSION, Messages.CSI_BAD_STAGE, Messages.CSI_COUNTS,
            Messages.CSI_LENGTH, Messages.CSI_CHECKSUM, Messages.CSI_VERIFY, Messages.CSI_TRUNCATED,
            Messages.CSI_BAD_KIND, Messages.CSI_IS_PROGRAM, Messages.CSI_NOT_PROGRAM, Messages.CSI_PROGRAM_V1,
            Messages.CSI_PROGRAM_PART, Messages.CSI_PROGRAM_STAGES, Messages.CSI_RESERVED, Messages.CSI_LAYOUT,
            Messages.CSI_BAD_MARK, Messages.CSI_BAD_NAME, Messages.CSI_BAD_SYMBOL, Messages.CSI_DUPLICATE_SYMBOL);

    @FuzzTest(maxDuration = "45s")
    @DictionaryEntries({"CSIR", "\u0002\u0000\u0000\u0000", "\u0001\u0000\u0000\u0000"})
    void load(byte[] data) {
        if (data.length == 0) {
            return;
        }
        byte[] blob = Arrays.copyOfRange(data, 1, data.length);
        switch (data[0] & 3) {
            case 1 -> sealV2(blob, 0, blob.length);
            case 2 -> sealV1(blob);
            case 3 -> sealProgram(blob);
            default -> {
            }
        }
        shader(blob);
        program(blob);
    }

    static void shader(byte[] blob) {
        switch (Csi.load(blob)) {
            case CsiResult.Loaded l -> {
                Contracts.shader(l.shader());
                if (l.version() == Csi.VERSION_2) {
                    require(l.notes().isEmpty(), "v2 notes " + l.notes());
                    require(Arrays.equals(Csi.save(l.shader()), blob), "v2 blob does not save back the same");
                } else {
                    require(l.notes().contains(Messages.CSI_V1_INTERFACE), "v1 without its note");
                    CsiResult again = Csi.load(Csi.saveV1(l.shader()));
                    require(again instanceof CsiResult.Loaded a && a.shader().code().equals(l.shader().code()),
                            "v1 resave: " + again);
                }
            }
            case CsiResult.Rejected r -> documented(r.reason());
        }
    }

    static void program(byte[] blob) {
        switch (Csi.loadProgram(blob)) {
            case CsiProgramResult.Loaded l -> {
                Contracts.shader(l.vertex());
                Contracts.shader(l.fragment());
                require(Arrays.equals(Csi.saveProgram(l.vertex(), l.fragment()), blob), "program does not save back");
                require(Linker.link(l.vertex(), l.fragment(), 2) != null, "null link result");
            }
            case CsiProgramResult.Rejected r -> documented(r.reason());
        }
    }

    /** The reasons version 1 gives for csir's own opcodes and record types, one per opcode and type. */
    private static final List<String> V2_ONLY = java.util.stream.Stream.concat(
            Arrays.stream(Opcode.values()).filter(Opcode::isVersion2Only)
                    .map(op -> Messages.csiNeedsVersion2(op.code(), op.mnemonic()) + ": instruction "),
            Arrays.stream(dev.csir.ir.Type.values()).filter(dev.csir.ir.Type::isVersion2Only)
                    .map(t -> Messages.csiTypeNeedsVersion2(t.code(), t.glslName()) + ": instruction ")).toList();

    private static void documented(String reason) {
        require(reason != null && (REASONS.stream().anyMatch(reason::startsWith)
                || V2_ONLY.stream().anyMatch(reason::startsWith)), "undocumented reason: " + reason);
    }

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Makes the v2 length word and CRC trailer of {@code blob[from, from+len)} right. */
    static void sealV2(byte[] blob, int from, int len) {
        if (len < 16) {
            return;
        }
        le(blob).putInt(from + 8, len);
        CRC32C crc = new CRC32C();
        crc.update(blob, from, len - 4);
        le(blob).putInt(from + len - 4, (int) crc.getValue());
    }

    /** Makes the v1 record checksum right when the header's record count fits the blob. */
    static void sealV1(byte[] blob) {
        if (blob.length < 32) {
            return;
        }
        long nir = Integer.toUnsignedLong(le(blob).getInt(12));
        if (32 + 16 * nir > blob.length) {
            return;
        }
        int sum = 0;
        for (int i = 32; i < 32 + 16 * nir; i++) {
            sum += blob[i] & 0xFF;
        }
        le(blob).putInt(24, sum);
    }

    /** Seals both parts a program header points at, then the whole. */
    static void sealProgram(byte[] blob) {
        if (blob.length < 28) {
            return;
        }
        long v = Integer.toUnsignedLong(le(blob).getInt(16));
        long f = Integer.toUnsignedLong(le(blob).getInt(20));
        if (24 + v <= blob.length - 4) {
            sealV2(blob, 24, (int) v);
        }
        if (24 + v + f <= blob.length - 4) {
            sealV2(blob, 24 + (int) v, (int) f);
        }
        sealV2(blob, 0, blob.length);
    }
}
