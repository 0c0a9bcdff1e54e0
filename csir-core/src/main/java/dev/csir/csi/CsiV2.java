package dev.csir.csi;

import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Interpolation;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.verify.Verifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * The CSI version 2 codec behind {@link Csi}: every field is written one by one, little-endian,
 * and a CRC-32C trailer covers every byte before it. The reader is strict: a reserved field that
 * is not zero, a byte left over, a name out of bounds or a symbol that does not fit the interface
 * rejects the blob, so a blob that loads saves back to the same bytes.
 */
final class CsiV2 {
    static final int VERSION = 2;
    static final int SHADER_HEADER = 36;
    static final int PROGRAM_HEADER = 24;
    static final int CRC_BYTES = 4;
    static final int SYMBOL_FIXED = 9;
    /** Bit 7 of a symbol's kind byte: the source gave its slot with layout(location = N). */
    static final int EXPLICIT_SLOT = 0x80;
    /** Bits 2-3 of a symbol's kind byte: a varying's {@link Interpolation}, by ordinal. */
    static final int INTERPOLATION_SHIFT = 2;
    static final int INTERPOLATION_BITS = 0x0C;
    static final int KIND_SHADER = 0;
    static final int KIND_PROGRAM = 1;

    private CsiV2() {
    }

    // ---------------------------------------------------------------- writing

    static byte[] writeShader(ShaderIr ir) {
        byte[] name = utf8(ir.name());
        if (name.length > Csi.MAX_SHADER_NAME_BYTES || !printable(ir.name())) {
            throw new IllegalArgumentException("shader name not storable in CSI v2: " + ir.name());
        }
        ShaderInterface iface = ir.iface();
        List<InterfaceVar> vars = iface.vars();
        if (vars.size() > Csi.MAX_SYMBOLS) {
            throw new IllegalArgumentException(vars.size() + " interface symbols, at most " + Csi.MAX_SYMBOLS);
        }
        u16(ir.size(), "instruction count");
        u16(ir.immediateCount(), "immediate count");
        u16(ir.temps(), "temporary count");
        for (int hi : new int[] {iface.attrHi(), iface.varHi(), iface.uniHi(), iface.sampHi()}) {
            i16(hi, "high-water mark");
        }
        int size = SHADER_HEADER + Csi.RECORD_BYTES * ir.size() + 4 * ir.immediateCount() + name.length + CRC_BYTES;
        byte[][] symbolNames = new byte[vars.size()][];
        for (int i = 0; i < vars.size(); i++) {
            InterfaceVar v = vars.get(i);
            if (!identifier(v.name()) || v.name().length() > Csi.MAX_SYMBOL_NAME_BYTES) {
                throw new IllegalArgumentException("symbol name not storable in CSI v2: " + v.name());
            }
            i16(v.slot(), "symbol slot");
            u16(v.line(), "symbol line");
            u16(v.column(), "symbol column");
            symbolNames[i] = v.name().getBytes(StandardCharsets.US_ASCII);
            size += SYMBOL_FIXED + symbolNames[i].length;
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(Csi.MAGIC).putInt(VERSION).putInt(size)
                .putShort((short) KIND_SHADER).putShort((short) ir.stage().code())
                .putShort((short) ir.size()).putShort((short) ir.immediateCount())
                .putShort((short) ir.temps()).putShort((short) vars.size())
                .putShort((short) iface.attrHi()).putShort((short) iface.varHi())
                .putShort((short) iface.uniHi()).putShort((short) iface.sampHi())
                .putShort((short) name.length).putShort((short) 0);
        for (Insn in : ir.code()) {
            out.put((byte) in.op()).put((byte) in.ty()).put((byte) in.ncomp()).put((byte) 0)
                    .putShort((short) in.dst()).putShort((short) in.a()).putShort((short) in.b())
                    .putShort((short) in.c()).putShort((short) in.aux()).putShort((short) in.aux2());
        }
        for (int k = 0; k < ir.immediateCount(); k++) {
            out.putInt(Float.floatToRawIntBits(ir.immediate(k)));
        }
        out.put(name);
        for (int i = 0; i < vars.size(); i++) {
            InterfaceVar v = vars.get(i);
            out.put((byte) (v.kind().ordinal() | v.interpolation().ordinal() << INTERPOLATION_SHIFT
                    | (v.explicitSlot() ? EXPLICIT_SLOT : 0)))
                    .put((byte) v.type().code()).putShort((short) v.slot())
                    .putShort((short) v.line()).putShort((short) v.column())
                    .put((byte) symbolNames[i].length).put(symbolNames[i]);
        }
        return seal(out.array());
    }

    static byte[] writeProgram(ShaderIr vertex, ShaderIr fragment) {
        if (vertex.stage() != Stage.VERTEX || fragment.stage() != Stage.FRAGMENT) {
            throw new IllegalArgumentException("a CSI program is a vertex shader and a fragment shader");
        }
        byte[] v = writeShader(vertex);
        byte[] f = writeShader(fragment);
        int size = PROGRAM_HEADER + v.length + f.length + CRC_BYTES;
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(Csi.MAGIC).putInt(VERSION).putInt(size)
                .putShort((short) KIND_PROGRAM).putShort((short) 2)
                .putInt(v.length).putInt(f.length).put(v).put(f);
        return seal(out.array());
    }

    /** Writes the CRC-32C of everything before the last four bytes into them. */
    static byte[] seal(byte[] blob) {
        ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).putInt(blob.length - CRC_BYTES,
                crc(blob, blob.length - CRC_BYTES));
        return blob;
    }

    static int crc(byte[] blob, int len) {
        CRC32C c = new CRC32C();
        c.update(blob, 0, len);
        return (int) c.getValue();
    }

    // ---------------------------------------------------------------- reading

    /** Thrown inside the reader only, to leave at the first failed check; never escapes. */
    private static final class Reject extends Exception {
        private static final long serialVersionUID = 1L;

        Reject(String reason, String detail) {
            super(detail == null ? reason : reason + ": " + detail, null, false, false);
        }
    }

    /**
     * Reads a version 2 shader blob whose first 32 bytes, magic and version were checked by the
     * caller.
     */
    static CsiResult readShader(byte[] blob, Limits lim) {
        try {
            return new CsiResult.Loaded(shader(blob, lim), VERSION, List.of());
        } catch (Reject r) {
            return new CsiResult.Rejected(r.getMessage());
        }
    }

    /** Reads a version 2 program blob (magic and version checked by the caller). */
    static CsiProgramResult readProgram(byte[] blob, Limits lim) {
        try {
            ByteBuffer in = envelope(blob, PROGRAM_HEADER);
            int kind = u16(in, 12);
            if (kind != KIND_PROGRAM) {
                throw kind == KIND_SHADER ? new Reject(Messages.CSI_NOT_PROGRAM, null) : badKind(kind);
            }
            int parts = u16(in, 14);
            if (parts != 2) {
                throw new Reject(Messages.CSI_LAYOUT, parts + " program parts, expected 2");
            }
            long v = u32(in, 16);
            long f = u32(in, 20);
            long expected = PROGRAM_HEADER + v + f + CRC_BYTES;
            if (expected != blob.length) {
                throw new Reject(Messages.CSI_LAYOUT, "parts of " + v + " and " + f + " bytes need a "
                        + expected + "-byte blob, got " + blob.length);
            }
            ShaderIr vertex = part(blob, PROGRAM_HEADER, (int) v, lim, "vertex");
            ShaderIr fragment = part(blob, PROGRAM_HEADER + (int) v, (int) f, lim, "fragment");
            if (vertex.stage() != Stage.VERTEX || fragment.stage() != Stage.FRAGMENT) {
                throw new Reject(Messages.CSI_PROGRAM_STAGES, "got " + vertex.stage().word() + " then "
                        + fragment.stage().word());
            }
            return new CsiProgramResult.Loaded(vertex, fragment);
        } catch (Reject r) {
            return new CsiProgramResult.Rejected(r.getMessage());
        }
    }

    private static ShaderIr part(byte[] blob, int from, int len, Limits lim, String which) throws Reject {
        byte[] b = Arrays.copyOfRange(blob, from, from + len);
        CsiResult r = Csi.load(b, lim);
        return switch (r) {
            case CsiResult.Loaded l when l.version() == VERSION -> l.shader();
            case CsiResult.Loaded l -> throw new Reject(Messages.CSI_PROGRAM_PART, which + " part: version "
                    + l.version() + " inside a version 2 program");
            case CsiResult.Rejected j -> throw new Reject(Messages.CSI_PROGRAM_PART, which + " part: " + j.reason());
        };
    }

    /** Checks the length word against the blob and the CRC trailer; returns a reader over it. */
    private static ByteBuffer envelope(byte[] blob, int header) throws Reject {
        ByteBuffer in = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        long declared = u32(in, 8);
        if (declared != blob.length) {
            throw new Reject(Messages.CSI_LENGTH, "header says " + declared + " bytes, got " + blob.length);
        }
        if (blob.length < header + CRC_BYTES) {
            throw new Reject(Messages.CSI_TRUNCATED, blob.length + " bytes, at least " + (header + CRC_BYTES));
        }
        int stored = in.getInt(blob.length - CRC_BYTES);
        int computed = crc(blob, blob.length - CRC_BYTES);
        if (stored != computed) {
            throw new Reject(Messages.CSI_CHECKSUM, "stored " + hex(stored) + ", computed " + hex(computed));
        }
        return in;
    }

    private static ShaderIr shader(byte[] blob, Limits lim) throws Reject {
        ByteBuffer in = envelope(blob, SHADER_HEADER);
        int kind = u16(in, 12);
        if (kind != KIND_SHADER) {
            throw kind == KIND_PROGRAM ? new Reject(Messages.CSI_IS_PROGRAM, null) : badKind(kind);
        }
        int stageCode = u16(in, 14);
        Stage stage = Stage.of(stageCode);
        if (stage == null) {
            throw new Reject(Messages.CSI_BAD_STAGE, Integer.toString(stageCode));
        }
        int nir = u16(in, 16);
        int nimm = u16(in, 18);
        int ntmp = u16(in, 20);
        int nsym = u16(in, 22);
        count(nir, lim.maxInstructions(), "instructions");
        count(nimm, lim.maxImmediates(), "immediates");
        count(ntmp, lim.maxTemporaries(), "temporaries");
        count(nsym, Csi.maxSymbols(lim), "interface symbols");
        int attrHi = mark(in, 24, lim.attributeSlots(), "attribute");
        int varHi = mark(in, 26, lim.varyingSlots(), "varying");
        int uniHi = mark(in, 28, lim.uniformSlots(), "uniform");
        int sampHi = mark(in, 30, lim.samplerSlots(), "sampler");
        int nameLen = u16(in, 32);
        if (nameLen > Csi.MAX_SHADER_NAME_BYTES) {
            throw new Reject(Messages.CSI_BAD_NAME, "shader name of " + nameLen + " bytes, at most "
                    + Csi.MAX_SHADER_NAME_BYTES);
        }
        if (u16(in, 34) != 0) {
            throw new Reject(Messages.CSI_RESERVED, "header offset 34");
        }
        int end = blob.length - CRC_BYTES;
        int at = SHADER_HEADER;
        long fixed = (long) at + (long) Csi.RECORD_BYTES * nir + 4L * nimm + nameLen + (long) SYMBOL_FIXED * nsym;
        if (fixed > end) {
            throw new Reject(Messages.CSI_LAYOUT, "the counts need at least " + (fixed + CRC_BYTES)
                    + " bytes, the blob has " + blob.length);
        }
        List<Insn> code = new ArrayList<>(nir);
        for (int i = 0; i < nir; i++, at += Csi.RECORD_BYTES) {
            if (in.get(at + 3) != 0) {
                throw new Reject(Messages.CSI_RESERVED, "padding byte of record " + i);
            }
            code.add(new Insn(in.get(at) & 0xFF, in.get(at + 1) & 0xFF, in.get(at + 2) & 0xFF,
                    in.getShort(at + 4), in.getShort(at + 6), in.getShort(at + 8), in.getShort(at + 10),
                    in.getShort(at + 12), in.getShort(at + 14)));
        }
        float[] imms = new float[nimm];
        for (int k = 0; k < nimm; k++, at += 4) {
            imms[k] = Float.intBitsToFloat(in.getInt(at));
        }
        String name = decode(blob, at, nameLen, "shader name");
        if (!printable(name)) {
            throw new Reject(Messages.CSI_BAD_NAME, "shader name has control characters");
        }
        at += nameLen;
        List<InterfaceVar> vars = new ArrayList<>(nsym);
        Set<String> seen = new HashSet<>();
        java.util.Set<Integer> colorOutputs = new java.util.HashSet<>();
        for (int i = 0; i < nsym; i++) {
            if (at + SYMBOL_FIXED > end) {
                throw new Reject(Messages.CSI_LAYOUT, "symbol " + i + " runs past the end");
            }
            int kindByte = in.get(at) & 0xFF;
            int kindCode = kindByte & ~(EXPLICIT_SLOT | INTERPOLATION_BITS);
            int interpolationCode = (kindByte & INTERPOLATION_BITS) >> INTERPOLATION_SHIFT;
            int typeCode = in.get(at + 1) & 0xFF;
            int slot = in.getShort(at + 2);
            int line = u16(in, at + 4);
            int column = u16(in, at + 6);
            int len = in.get(at + 8) & 0xFF;
            at += SYMBOL_FIXED;
            if (len < 1 || len > Csi.MAX_SYMBOL_NAME_BYTES) {
                throw new Reject(Messages.CSI_BAD_NAME, "symbol " + i + " name of " + len + " bytes, 1 to "
                        + Csi.MAX_SYMBOL_NAME_BYTES);
            }
            if (at + len > end) {
                throw new Reject(Messages.CSI_LAYOUT, "symbol " + i + " runs past the end");
            }
            String sym = decode(blob, at, len, "symbol " + i + " name");
            at += len;
            if (!identifier(sym)) {
                throw new Reject(Messages.CSI_BAD_NAME, "symbol " + i + " name is not an identifier");
            }
            if (kindCode >= InterfaceVar.Kind.values().length) {
                throw symbol(i, sym, "kind " + kindCode);
            }
            InterfaceVar.Kind k = InterfaceVar.Kind.values()[kindCode];
            Type type = Type.of(typeCode);
            if (type == null || type == Type.NONE || type == Type.VOID) {
                throw symbol(i, sym, "type " + typeCode);
            }
            if ((kindByte & EXPLICIT_SLOT) != 0 && k == InterfaceVar.Kind.UNIFORM) {
                throw symbol(i, sym, "a uniform with a source-given location");
            }
            if (type.isSampler() && k != InterfaceVar.Kind.UNIFORM) {
                throw symbol(i, sym, "a sampler that is not a uniform");
            }
            if (interpolationCode >= Interpolation.values().length) {
                throw symbol(i, sym, "interpolation " + interpolationCode);
            }
            Interpolation interpolation = Interpolation.values()[interpolationCode];
            boolean varying = stage == Stage.VERTEX ? k == InterfaceVar.Kind.OUTPUT : k == InterfaceVar.Kind.INPUT;
            if (interpolation != Interpolation.SMOOTH && !varying) {
                throw symbol(i, sym, interpolation.word() + " interpolation on a symbol that is not a varying");
            }
            checkSlot(i, sym, k, type, slot, stage, attrHi, varHi, uniHi, sampHi);
            if (stage == Stage.FRAGMENT && k == InterfaceVar.Kind.OUTPUT && !colorOutputs.add(slot)) {
                throw symbol(i, sym, "a second fragment output at colour output " + slot);
            }
            if (!seen.add(sym)) {
                throw new Reject(Messages.CSI_DUPLICATE_SYMBOL, sym);
            }
            vars.add(new InterfaceVar(k, sym, type, slot, line, column, (kindByte & EXPLICIT_SLOT) != 0,
                    interpolation));
        }
        if (at != end) {
            throw new Reject(Messages.CSI_LAYOUT, (end - at) + " bytes left over before the checksum");
        }
        ShaderIr shader = new ShaderIr(name, stage, code, imms, ntmp,
                new ShaderInterface(attrHi, varHi, uniHi, sampHi, vars));
        List<Verifier.Problem> problems = Verifier.verify(shader, lim);
        if (!problems.isEmpty()) {
            throw new Reject(Messages.CSI_VERIFY, problems.getFirst().toString());
        }
        return shader;
    }

    /** A symbol's slot must lie inside the high-water marks (which the limits already bound). */
    private static void checkSlot(int i, String sym, InterfaceVar.Kind k, Type type, int slot, Stage stage,
            int attrHi, int varHi, int uniHi, int sampHi) throws Reject {
        int hi;
        int last = slot + type.uniformSlots() - 1; // a matrix, a slot per column
        String what;
        switch (k) {
            case UNIFORM -> {
                if (type.isSampler()) {
                    hi = sampHi;
                    what = "sampler";
                } else {
                    hi = uniHi;
                    what = "uniform";
                }
            }
            case INPUT -> {
                hi = stage == Stage.VERTEX ? attrHi : varHi;
                what = stage == Stage.VERTEX ? "attribute" : "varying";
            }
            case CLIP_DISTANCE -> {
                if (!dev.csir.ir.InterfaceVar.CLIP_DISTANCE_NAMES.contains(sym) || type.components() < 1
                        || type.components() > 4 || type.isIntLike() || type.columns() > 0) {
                    throw symbol(i, sym, "clip distances are gl_ClipDistance or gl_ClipDistance4 of float to vec4");
                }
                hi = varHi;
                what = "clip-distance";
            }
            default -> {
                if (stage == Stage.FRAGMENT) {
                    // a colour: float components (a float, vec2 or vec3 is stored with alpha 1)
                    boolean colour = type == Type.FLOAT || type == Type.VEC2 || type == Type.VEC3 || type == Type.VEC4;
                    int outputs = Limits.DEFAULT.colorOutputs();
                    if (slot < 0 || slot >= outputs || !colour) {
                        throw symbol(i, sym, "fragment output must be a float or float vector at a colour output 0.."
                                + (outputs - 1));
                    }
                    return;
                }
                hi = varHi;
                what = "varying";
            }
        }
        if (slot < 0 || last > hi) {
            throw symbol(i, sym, what + " slot " + slot + " outside 0.." + hi);
        }
    }

    private static Reject symbol(int i, String name, String detail) {
        return new Reject(Messages.CSI_BAD_SYMBOL, "symbol " + i + " '" + name + "': " + detail);
    }

    private static Reject badKind(int kind) {
        return new Reject(Messages.CSI_BAD_KIND, Integer.toString(kind));
    }

    private static void count(int n, int max, String what) throws Reject {
        if (n > max) {
            throw new Reject(Messages.CSI_COUNTS, n + " " + what + ", at most " + max);
        }
    }

    private static int mark(ByteBuffer in, int at, int slots, String what) throws Reject {
        int v = in.getShort(at);
        if (v < -1 || v >= slots) {
            throw new Reject(Messages.CSI_BAD_MARK, what + " " + v + ", -1 to " + (slots - 1));
        }
        return v;
    }

    private static String decode(byte[] blob, int at, int len, String what) throws Reject {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(blob, at, len)).toString();
        } catch (CharacterCodingException e) {
            throw new Reject(Messages.CSI_BAD_NAME, what + " is not valid UTF-8");
        }
    }

    // ---------------------------------------------------------------- shared

    private static byte[] utf8(String s) {
        try {
            ByteBuffer b = StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(s));
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return out;
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("name is not encodable as UTF-8: " + s, e);
        }
    }

    /** Shader names are free text but for control characters, which would garble logs. */
    static boolean printable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
                return false;
            }
        }
        return true;
    }

    /** An ASCII identifier: a letter or underscore, then letters, digits or underscores. */
    static boolean identifier(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            if (!letter && (i == 0 || c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    private static void u16(int v, String what) {
        if (v < 0 || v > 0xFFFF) {
            throw new IllegalArgumentException(what + " " + v + " does not fit 16 bits unsigned");
        }
    }

    private static void i16(int v, String what) {
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw new IllegalArgumentException(what + " " + v + " does not fit 16 bits signed");
        }
    }

    private static int u16(ByteBuffer in, int at) {
        return in.getShort(at) & 0xFFFF;
    }

    private static long u32(ByteBuffer in, int at) {
        return Integer.toUnsignedLong(in.getInt(at));
    }

    private static String hex(int v) {
        return "0x" + Integer.toHexString(v);
    }
}
