package dev.csir.csi;

import dev.csir.diag.Messages;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.verify.Verifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Saves and loads CSI, the binary form of a CSIR shader, in version 1 exactly as the original
 * writes it: a 32-byte header of eight little-endian u32 (magic, version, stage, nir, nimm, ntmp,
 * checksum, reserved), {@code nir} 16-byte records, then {@code nimm} floats.
 *
 * <p>Version 1 has two documented gaps, kept so its blobs stay byte-compatible. The checksum
 * covers the records only, so a changed immediate goes unnoticed. No symbols are stored; where
 * the original left the interface high-water marks at zero (so an attribute location or sampler
 * slot above 0 failed to reload), this loader rebuilds them from the instructions and says in
 * {@link CsiResult.Loaded#notes()} that names and types were lost.
 */
public final class Csi {
    /** "CSIR" read as a little-endian u32. */
    public static final int MAGIC = 0x52495343;
    public static final int VERSION_1 = 1;
    public static final int HEADER_BYTES = 32;
    public static final int RECORD_BYTES = 16;
    /** The name a loaded shader gets, as in the original. */
    public static final String LOADED_NAME = "csi";

    private Csi() {
    }

    /** The version 1 blob of {@code ir}, NOP records included. Writes whatever it is given. */
    public static byte[] saveV1(ShaderIr ir) {
        Objects.requireNonNull(ir, "ir");
        int nir = ir.size();
        int nimm = ir.immediateCount();
        ByteBuffer out = ByteBuffer.allocate(HEADER_BYTES + RECORD_BYTES * nir + 4 * nimm)
                .order(ByteOrder.LITTLE_ENDIAN);
        out.position(HEADER_BYTES);
        for (int i = 0; i < nir; i++) {
            Insn in = ir.insn(i);
            out.put((byte) in.op()).put((byte) in.ty()).put((byte) in.ncomp()).put((byte) 0);
            out.putShort((short) in.dst()).putShort((short) in.a()).putShort((short) in.b())
                    .putShort((short) in.c()).putShort((short) in.aux()).putShort((short) in.aux2());
        }
        for (int k = 0; k < nimm; k++) {
            out.putInt(Float.floatToRawIntBits(ir.immediate(k)));
        }
        byte[] blob = out.array();
        out.putInt(0, MAGIC).putInt(4, VERSION_1).putInt(8, ir.stage().code()).putInt(12, nir)
                .putInt(16, nimm).putInt(20, ir.temps())
                .putInt(24, checksum(blob, HEADER_BYTES, RECORD_BYTES * nir)).putInt(28, 0);
        return blob;
    }

    /** Loads a blob against the default limits. Never throws. */
    public static CsiResult load(byte[] blob) {
        return load(blob, Limits.DEFAULT);
    }

    /**
     * Loads a blob: checks, in order, the size of the header, the magic, the version, the stage,
     * the counts against {@code limits}, the exact length, the checksum and then the
     * {@link Verifier}; the first failure is the reason. Never throws, whatever the bytes.
     */
    public static CsiResult load(byte[] blob, Limits limits) {
        Limits lim = limits == null ? Limits.DEFAULT : limits;
        if (blob == null) {
            return reject(Messages.CSI_NO_DATA);
        }
        if (blob.length < HEADER_BYTES) {
            return reject(Messages.CSI_TOO_SHORT, blob.length + " bytes");
        }
        ByteBuffer in = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        if (in.getInt(0) != MAGIC) {
            return reject(Messages.CSI_BAD_MAGIC, hex(in.getInt(0)));
        }
        long version = u32(in, 4);
        if (version != VERSION_1) {
            return reject(Messages.CSI_BAD_VERSION, Long.toString(version));
        }
        long stageCode = u32(in, 8);
        Stage stage = stageCode <= 1 ? Stage.of((int) stageCode) : null;
        if (stage == null) {
            return reject(Messages.CSI_BAD_STAGE, Long.toString(stageCode));
        }
        long nir = u32(in, 12);
        long nimm = u32(in, 16);
        long ntmp = u32(in, 20);
        if (nir > lim.maxInstructions()) {
            return reject(Messages.CSI_COUNTS, nir + " instructions, at most " + lim.maxInstructions());
        }
        if (nimm > lim.maxImmediates()) {
            return reject(Messages.CSI_COUNTS, nimm + " immediates, at most " + lim.maxImmediates());
        }
        if (ntmp > lim.maxTemporaries()) {
            return reject(Messages.CSI_COUNTS, ntmp + " temporaries, at most " + lim.maxTemporaries());
        }
        long size = HEADER_BYTES + RECORD_BYTES * nir + 4 * nimm;
        if (blob.length != size) {
            return reject(Messages.CSI_LENGTH, "expected " + size + " bytes, got " + blob.length);
        }
        int records = RECORD_BYTES * (int) nir;
        int stored = in.getInt(24);
        int computed = checksum(blob, HEADER_BYTES, records);
        if (stored != computed) {
            return reject(Messages.CSI_CHECKSUM, "header " + hex(stored) + ", records " + hex(computed));
        }
        return decode(in, stage, (int) nir, (int) nimm, (int) ntmp, lim);
    }

    private static CsiResult decode(ByteBuffer in, Stage stage, int nir, int nimm, int ntmp,
            Limits limits) {
        List<String> notes = new ArrayList<>();
        notes.add(Messages.CSI_V1_INTERFACE);
        if (in.getInt(28) != 0) {
            notes.add(Messages.CSI_RESERVED_IGNORED);
        }
        List<Insn> code = new ArrayList<>(nir);
        boolean padDropped = false;
        for (int i = 0; i < nir; i++) {
            int at = HEADER_BYTES + RECORD_BYTES * i;
            padDropped |= in.get(at + 3) != 0;
            code.add(new Insn(u8(in, at), u8(in, at + 1), u8(in, at + 2), in.getShort(at + 4),
                    in.getShort(at + 6), in.getShort(at + 8), in.getShort(at + 10),
                    in.getShort(at + 12), in.getShort(at + 14)));
        }
        if (padDropped) {
            notes.add(Messages.CSI_PAD_DROPPED);
        }
        float[] imms = new float[nimm];
        int immAt = HEADER_BYTES + RECORD_BYTES * nir;
        for (int k = 0; k < nimm; k++) {
            imms[k] = Float.intBitsToFloat(in.getInt(immAt + 4 * k));
        }
        ShaderIr shader = new ShaderIr(LOADED_NAME, stage, code, imms, ntmp, reconstruct(code));
        List<Verifier.Problem> problems = Verifier.verify(shader, limits);
        if (!problems.isEmpty()) {
            return reject(Messages.CSI_VERIFY, problems.getFirst().toString());
        }
        return new CsiResult.Loaded(shader, VERSION_1, notes);
    }

    /**
     * The high-water marks the instructions imply (no symbols): the highest LOAD_ATTR location,
     * LOAD_VAR/STORE_VAR slot, last LOAD_UNI slot and SAMPLE slot. Out-of-range slots are left
     * for the verifier to reject.
     */
    static ShaderInterface reconstruct(List<Insn> code) {
        int attr = -1, vary = -1, uni = -1, samp = -1;
        for (Insn in : code) {
            Opcode op = in.opcode();
            if (op == null) {
                continue;
            }
            switch (op) {
                case LOAD_ATTR -> attr = Math.max(attr, in.aux());
                case LOAD_VAR, STORE_VAR -> vary = Math.max(vary, in.aux());
                case LOAD_UNI -> uni = Math.max(uni, in.aux() + in.aux2() - 1);
                case SAMPLE -> samp = Math.max(samp, in.aux());
                default -> {
                }
            }
        }
        return new ShaderInterface(attr, vary, uni, samp, List.of());
    }

    /** The unsigned byte sum of {@code len} bytes from {@code from}, as a u32 (wrapping). */
    static int checksum(byte[] blob, int from, int len) {
        int sum = 0;
        for (int i = from; i < from + len; i++) {
            sum += blob[i] & 0xFF;
        }
        return sum;
    }

    private static long u32(ByteBuffer in, int at) {
        return Integer.toUnsignedLong(in.getInt(at));
    }

    private static int u8(ByteBuffer in, int at) {
        return in.get(at) & 0xFF;
    }

    private static String hex(int v) {
        return "0x" + Integer.toHexString(v);
    }

    private static CsiResult reject(String reason) {
        return new CsiResult.Rejected(reason);
    }

    private static CsiResult reject(String reason, String detail) {
        return new CsiResult.Rejected(reason + ": " + detail);
    }
}
