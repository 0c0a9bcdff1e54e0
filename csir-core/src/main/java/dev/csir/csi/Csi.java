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
 * Saves and loads CSI, the binary form of CSIR shaders. {@link #save} writes version 2,
 * {@link #load} reads versions 1 and 2, {@link #saveProgram}/{@link #loadProgram} keep a vertex
 * and a fragment shader together in one version 2 blob.
 *
 * <p>Version 2 (all integers little-endian, written field by field; offsets in bytes):
 * <pre>
 * shader blob                          program blob
 *  0 u32 magic 0x52495343 ("CSIR")      0 u32 magic
 *  4 u32 version 2                      4 u32 version 2
 *  8 u32 length of the whole blob       8 u32 length of the whole blob
 * 12 u16 kind 0 (shader)               12 u16 kind 1 (program)
 * 14 u16 stage (0 vertex, 1 fragment)  14 u16 part count, 2
 * 16 u16 nir   18 u16 nimm             16 u32 vertex part length V
 * 20 u16 ntmp  22 u16 nsym             20 u32 fragment part length F
 * 24 i16 attrHi  26 i16 varHi          24 V bytes: a version 2 shader blob (vertex)
 * 28 i16 uniHi   30 i16 sampHi         24+V F bytes: a version 2 shader blob (fragment)
 * 32 u16 name length N (0..255)        end-4 u32 CRC-32C of every byte before it
 * 34 u16 reserved, 0
 * 36 nir records of 16 bytes: op, ty, ncomp, pad (u8, pad 0); dst, a, b, c, aux, aux2 (i16)
 *    nimm immediates: u32 IEEE-754 bits
 *    N bytes: shader name, UTF-8, no control characters
 *    nsym symbols: u8 kind (0 uniform, 1 input, 2 output, 3 clip distances; bits 2-3 a varying's interpolation,
 *                  0 smooth, 1 flat, 2 noperspective; bit 7 set when the source gave the
 *                  slot with layout(location = N)), u8 type code, i16 slot,
 *                  u16 line, u16 column, u8 name length L (1..64), L bytes ASCII identifier
 * end-4 u32 CRC-32C (Castagnoli) of every byte before it
 * </pre>
 * Counts are bounded by the {@link Limits} given to the loader (symbols by {@link #maxSymbols}),
 * high-water marks lie in -1..slots-1, each symbol's slot (or uniform span) lies inside its mark,
 * names are unique, a fragment shader has at most one output (vec4, slot 0), and the shader
 * passes the {@link Verifier}. Anything else is rejected with the first failed check as reason.
 *
 * <p>Version 2 alone stores csir's own opcodes (LOOP 33, ENDLOOP 34, BREAK 35, CONTINUE 36, LG2 37, SAMPLE_BIAS 38,
 * TEXSIZE 39, SAMPLE_LOD 40, SAMPLE_GRAD 41, FETCH 42, and every later one up to SAMPLE2 89) and types
 * (the matrices other than mat3 and mat4);
 * version 1 refuses them both ways, {@code opcode 33 (loop) needs CSI version 2}.
 *
 * <p>Version 1 is kept exactly as the original writes it: a 32-byte header of eight
 * little-endian u32 (magic, version, stage, nir, nimm, ntmp, checksum, reserved), {@code nir}
 * 16-byte records, then {@code nimm} floats. It has two documented gaps, kept so its blobs stay
 * byte-compatible. The checksum covers the records only, so a changed immediate goes unnoticed.
 * No symbols are stored; where the original left the interface high-water marks at zero (so an
 * attribute location or sampler slot above 0 failed to reload), this loader rebuilds them from
 * the instructions and says in {@link CsiResult.Loaded#notes()} that names and types were lost.
 */
public final class Csi {
    /** "CSIR" read as a little-endian u32. */
    public static final int MAGIC = 0x52495343;
    public static final int VERSION_1 = 1;
    public static final int VERSION_2 = CsiV2.VERSION;
    /** The version 1 header, and the least any blob can be. */
    public static final int HEADER_BYTES = 32;
    /** The version 2 shader header (the CRC-32C trailer adds 4 bytes). */
    public static final int V2_HEADER_BYTES = CsiV2.SHADER_HEADER;
    /** Longest shader name version 2 stores, in UTF-8 bytes. */
    public static final int MAX_SHADER_NAME_BYTES = 255;
    /** Longest interface symbol name version 2 stores (the language allows 39). */
    public static final int MAX_SYMBOL_NAME_BYTES = 64;
    /** Most interface symbols version 2 stores: what a shader of the default profile can declare. */
    public static final int MAX_SYMBOLS = maxSymbols(Limits.DEFAULT);
    public static final int RECORD_BYTES = 16;
    /** The name a loaded shader gets, as in the original. */
    public static final String LOADED_NAME = "csi";

    private Csi() {
    }

    /**
     * The most interface symbols a shader of {@code limits} can declare, so a loader rejects more
     * before reading them: a vertex shader's attributes and varyings (a fragment shader's varyings
     * and its one output are fewer), a uniform per vec4 slot at most, and the samplers. The
     * default profile gives 16 + 32 + 1024 + 32 = 1104, the ChrisOS profile 8 + 8 + 32 + 4 = 52.
     */
    public static int maxSymbols(Limits limits) {
        return Math.max(limits.attributeSlots() + limits.varyingSlots(), limits.varyingSlots() + 1)
                + limits.uniformSlots() + limits.samplerSlots();
    }

    /**
     * The version 2 blob of {@code ir}, NOP records, name and interface included. Throws
     * {@link IllegalArgumentException} only for a shader the format cannot hold (a name or count
     * out of the bounds above); a compiled shader always fits.
     */
    public static byte[] save(ShaderIr ir) {
        return CsiV2.writeShader(Objects.requireNonNull(ir, "ir"));
    }

    /**
     * One version 2 blob holding a vertex and a fragment shader (each stored as its own shader
     * blob, so either can be cut out and loaded alone), for {@link #loadProgram}.
     */
    public static byte[] saveProgram(ShaderIr vertex, ShaderIr fragment) {
        return CsiV2.writeProgram(Objects.requireNonNull(vertex, "vertex"),
                Objects.requireNonNull(fragment, "fragment"));
    }

    /** Loads a program blob against the default limits. Never throws. */
    public static CsiProgramResult loadProgram(byte[] blob) {
        return loadProgram(blob, Limits.DEFAULT);
    }

    /**
     * Loads a program blob: the envelope checks of {@link #load}, then both parts as shaders
     * (a vertex then a fragment shader). The pair is not linked here; link it with
     * {@code dev.csir.link}. Never throws.
     */
    public static CsiProgramResult loadProgram(byte[] blob, Limits limits) {
        Limits lim = limits == null ? Limits.DEFAULT : limits;
        String bad = envelope(blob);
        if (bad != null) {
            return new CsiProgramResult.Rejected(bad);
        }
        long version = u32(ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN), 4);
        if (version == VERSION_1) {
            return new CsiProgramResult.Rejected(Messages.CSI_PROGRAM_V1);
        }
        return CsiV2.readProgram(blob, lim);
    }

    /** The first of null, too short, bad magic and unknown version that holds, or null. */
    private static String envelope(byte[] blob) {
        if (blob == null) {
            return Messages.CSI_NO_DATA;
        }
        if (blob.length < HEADER_BYTES) {
            return Messages.CSI_TOO_SHORT + ": " + blob.length + " bytes";
        }
        ByteBuffer in = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        if (in.getInt(0) != MAGIC) {
            return Messages.CSI_BAD_MAGIC + ": " + hex(in.getInt(0));
        }
        long version = u32(in, 4);
        if (version != VERSION_1 && version != VERSION_2) {
            return Messages.CSI_BAD_VERSION + ": " + version;
        }
        return null;
    }

    /**
     * The version 1 blob of {@code ir}, NOP records included. Writes whatever it is given, but for
     * csir's own opcodes (the loops) and slots past the ChrisOS profile's (a default-profile
     * shader's 9th attribute, say), which the original's readers do not know: such a shader throws
     * {@link IllegalArgumentException} with {@link #version1Problem}'s reason.
     */
    public static byte[] saveV1(ShaderIr ir) {
        Objects.requireNonNull(ir, "ir");
        String problem = version1Problem(ir);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
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

    /**
     * Why {@code ir} cannot be saved as version 1, or null when it can: an interface slot past the
     * ChrisOS profile's, as {@code attribute slot 15 needs CSI version 2 (version 1 holds 8)}, or
     * the first record whose opcode only version 2 stores, as {@code opcode 33 (loop) needs CSI
     * version 2: instruction N}. (Version 1 keeps the original's 33 opcodes and slot counts, so
     * its blobs stay readable by the original and by {@link #load}, which holds them to ChrisOS.)
     */
    public static String version1Problem(ShaderIr ir) {
        ShaderInterface iface = ir.iface();
        Limits v1 = Limits.CHRISOS;
        String slots = version1Slot("attribute", iface.attrHi(), v1.attributeSlots());
        slots = slots != null ? slots : version1Slot("varying", iface.varHi(), v1.varyingSlots());
        slots = slots != null ? slots : version1Slot("uniform", iface.uniHi(), v1.uniformSlots());
        slots = slots != null ? slots : version1Slot("sampler", iface.sampHi(), v1.samplerSlots());
        if (slots != null) {
            return slots;
        }
        for (dev.csir.ir.InterfaceVar v : iface.samplers()) {
            // version 1 keeps no symbols, so every sampler it loads is 2D
            if (v.type().isVersion2Only()) {
                return Messages.csiTypeNeedsVersion2(v.type().code(), v.type().glslName()) + ": sampler '" + v.name() + "'";
            }
        }
        if (!iface.clipDistances().isEmpty()) {
            // version 1 keeps no symbols, so its varyings are all ordinary ones
            return "clip distances need CSI version 2: '" + iface.clipDistances().getFirst().name() + "'";
        }
        for (dev.csir.ir.InterfaceVar v : iface.vars()) {
            // version 1 keeps no symbols, and its consumers interpolate every varying with perspective
            if (v.interpolation() != dev.csir.ir.Interpolation.SMOOTH) {
                return v.interpolation().word() + " interpolation needs CSI version 2: varying '" + v.name() + "'";
            }
        }
        for (int i = 0; i < ir.size(); i++) {
            String bad = version2Opcode(ir.insn(i), i);
            if (bad != null) {
                return bad;
            }
            if (ir.insn(i).op() == Opcode.STORE_COLOR.code() && ir.insn(i).aux() >= v1.colorOutputs()) {
                return Messages.csiSlotNeedsVersion2("colour output", ir.insn(i).aux(), v1.colorOutputs())
                        + ": instruction " + i;
            }
        }
        return null;
    }

    private static String version1Slot(String what, int hi, int slots) {
        return hi >= slots ? Messages.csiSlotNeedsVersion2(what, hi, slots) : null;
    }

    /** The reason a version 1 record cannot hold {@code in}'s opcode or type, or null. */
    private static String version2Opcode(Insn in, int index) {
        Opcode op = in.opcode();
        if (op != null && op.isVersion2Only()) {
            return Messages.csiNeedsVersion2(op.code(), op.mnemonic()) + ": instruction " + index;
        }
        dev.csir.ir.Type ty = dev.csir.ir.Type.of(in.ty());
        return ty != null && ty.isVersion2Only()
                ? Messages.csiTypeNeedsVersion2(ty.code(), ty.glslName()) + ": instruction " + index : null;
    }

    /** Loads a blob against the default limits. Never throws. */
    public static CsiResult load(byte[] blob) {
        return load(blob, Limits.DEFAULT);
    }

    /**
     * Loads a version 1 or 2 blob: checks, in order, the size of the least header, the magic and
     * the version. Version 1 then checks the stage, the counts against {@code limits}, the exact
     * length, the checksum, that every opcode is one of the original's, and the {@link Verifier};
     * version 2 the length word, the CRC-32C, the kind, the stage, the counts, the marks, the
     * layout, the names and symbols and the verifier.
     * The first failure is the reason. Never throws, whatever the bytes.
     */
    public static CsiResult load(byte[] blob, Limits limits) {
        Limits lim = limits == null ? Limits.DEFAULT : limits;
        String bad = envelope(blob);
        if (bad != null) {
            return reject(bad);
        }
        ByteBuffer in = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        if (u32(in, 4) == VERSION_2) {
            return CsiV2.readShader(blob, lim);
        }
        // version 1 is the documented format: its counts never exceed the ChrisOS pools
        lim = lim.within(Limits.CHRISOS);
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
            Insn insn = new Insn(u8(in, at), u8(in, at + 1), u8(in, at + 2), in.getShort(at + 4),
                    in.getShort(at + 6), in.getShort(at + 8), in.getShort(at + 10),
                    in.getShort(at + 12), in.getShort(at + 14));
            // Before the verifier, which accepts loops: in a version 1 blob they are not CSIR.
            String v2 = version2Opcode(insn, i);
            if (v2 != null) {
                return reject(v2);
            }
            code.add(insn);
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
                case SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, FETCH, TEXSIZE, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER, SAMPLE2 -> samp = Math.max(samp, in.aux());
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
