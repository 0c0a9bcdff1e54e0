package dev.csir.csi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.InterfaceVar.Kind;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import dev.csir.testing.LinkedText;
import dev.csir.link.Linker;
import dev.csir.tgsi.TgsiEmitter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** CSI version 2: round trips with the full interface, every corruption and truncation rejected. */
class CsiV2Test {

    /** Attribute location 3, three uniforms (one shared with the fragment shader), two varyings. */
    static final String VERT = """
            layout(location = 3) in vec4 position;
            in vec2 texcoord;
            uniform mat4 mvp;
            uniform vec4 tint;
            uniform float scale;
            out vec2 uv;
            out vec3 shade;
            void main() {
                uv = texcoord * scale;
                shade = tint.xyz;
                gl_Position = mvp * position;
            }
            """;

    /** Varyings in another order than the vertex shader writes them, sampler slot 1 in use. */
    static final String FRAG = """
            in vec3 shade;
            in vec2 uv;
            uniform sampler2D base;
            uniform sampler2D detail;
            uniform vec4 tint;
            out vec4 color;
            void main() {
                vec4 d = texture(detail, uv);
                if (d.x > 0.5) {
                    color = texture(base, uv) * vec4(shade, 1.0);
                } else {
                    color = d * tint;
                }
            }
            """;

    static ShaderIr compile(Stage stage, String name, String src) {
        CompileResult r = ShaderCompiler.compile(stage, name, src);
        assertThat(r.ok()).as(r.log()).isTrue();
        return r.ir();
    }

    static ShaderIr vert() {
        return compile(Stage.VERTEX, "lit.vert", VERT);
    }

    static ShaderIr frag() {
        return compile(Stage.FRAGMENT, "lit.frag", FRAG);
    }

    static CsiResult.Loaded loaded(byte[] blob) {
        CsiResult r = Csi.load(blob);
        assertThat(r).as(r.toString()).isInstanceOf(CsiResult.Loaded.class);
        return (CsiResult.Loaded) r;
    }

    /** Why a blob is rejected under the documented pools (the ChrisOS profile). */
    static String reason(byte[] blob) {
        CsiResult r = Csi.load(blob, dev.csir.ir.Limits.CHRISOS);
        assertThat(r).isInstanceOf(CsiResult.Rejected.class);
        return ((CsiResult.Rejected) r).reason();
    }

    static String programReason(byte[] blob) {
        CsiProgramResult r = Csi.loadProgram(blob);
        assertThat(r).isInstanceOf(CsiProgramResult.Rejected.class);
        return ((CsiProgramResult.Rejected) r).reason();
    }

    static ByteBuffer le(byte[] blob) {
        return ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A copy with a change applied and the CRC rewritten, so the change reaches the later checks. */
    static byte[] edited(byte[] blob, java.util.function.Consumer<ByteBuffer> change) {
        byte[] copy = blob.clone();
        change.accept(le(copy));
        return CsiV2.seal(copy);
    }

    static LinkedProgram link(ShaderIr vs, ShaderIr fs) {
        Linker.Result r = Linker.link(vs, fs, 2);
        assertThat(r).as(r.toString()).isInstanceOf(Linker.Linked.class);
        return ((Linker.Linked) r).program();
    }

    @Test
    void theTestShadersUseTheInterfaceTheIssueAsksFor() {
        ShaderInterface v = vert().iface();
        assertThat(v.inputs()).extracting(InterfaceVar::name, InterfaceVar::slot)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("position", 3),
                        org.assertj.core.groups.Tuple.tuple("texcoord", 0));
        assertThat(v.uniforms()).hasSize(3);
        assertThat(v.outputs()).hasSize(2);
        ShaderInterface f = frag().iface();
        assertThat(f.samplers()).extracting(InterfaceVar::slot).containsExactly(0, 1);
        assertThat(f.inputs()).hasSize(2);
    }

    @Test
    void shadersRoundTripWhole() {
        for (ShaderIr ir : List.of(vert(), frag())) {
            byte[] blob = Csi.save(ir);
            CsiResult.Loaded l = loaded(blob);
            assertThat(l.version()).isEqualTo(2);
            assertThat(l.notes()).isEmpty();
            assertThat(l.shader()).isEqualTo(ir);
            assertThat(l.shader().name()).isEqualTo(ir.name());
            assertThat(l.shader().iface()).isEqualTo(ir.iface());
            assertThat(l.shader().iface().vars()).allMatch(InterfaceVar::hasPosition);
            assertThat(Csi.save(l.shader())).isEqualTo(blob);
            assertThat(TgsiEmitter.emit(l.shader())).isEqualTo(TgsiEmitter.emit(ir));
        }
    }

    @Test
    void aUniformWithASourceLocationStillRoundTrips() {
        // GLSL lets a uniform carry layout(location); CSIR assigns uniform slots itself, so the
        // flag stays off and the blob loads (the front-end fuzzer found this one)
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "u.frag", """
                #version 430 core
                layout(location = 3) uniform sampler2D detail;
                out vec4 color;
                void main() { color = texture(detail, vec2(0.5)); }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(r.ir().iface().samplers()).extracting(InterfaceVar::explicitSlot).containsExactly(false);
        assertThat(loaded(Csi.save(r.ir())).shader()).isEqualTo(r.ir());
    }

    @Test
    void whetherTheSourceChoseASlotRoundTrips() {
        ShaderIr vs = vert();
        assertThat(vs.iface().inputs()).extracting(InterfaceVar::name, InterfaceVar::explicitSlot)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("position", true),
                        org.assertj.core.groups.Tuple.tuple("texcoord", false));
        byte[] blob = Csi.save(vs);
        assertThat(loaded(blob).shader().iface().inputs()).extracting(InterfaceVar::explicitSlot)
                .containsExactly(true, false);
        LinkedProgram p = link(loaded(blob).shader(), frag());
        assertThat(p.iface().attribute("position").orElseThrow().explicitLocation()).isTrue();
        assertThat(p.iface().attribute("texcoord").orElseThrow().explicitLocation()).isFalse();
        // a uniform has no source location: the flag on one is rejected
        int first = 36 + 16 * vs.size() + 4 * vs.immediateCount() + vs.name().length();
        int uniform = first;
        for (InterfaceVar v : vs.iface().vars()) {
            if (v.kind() == InterfaceVar.Kind.UNIFORM) {
                break;
            }
            uniform += 9 + v.name().length();
        }
        int at = uniform;
        assertThat(blob[at]).isEqualTo((byte) InterfaceVar.Kind.UNIFORM.ordinal());
        assertThat(reason(edited(blob, b -> b.put(at, (byte) 0x80)))).contains("source-given location");
    }

    @Test
    void reloadedShadersLinkToTheSameProgram() {
        ShaderIr vs = vert();
        ShaderIr fs = frag();
        LinkedProgram before = link(vs, fs);
        LinkedProgram after = link(loaded(Csi.save(vs)).shader(), loaded(Csi.save(fs)).shader());
        assertThat(LinkedText.of(after)).isEqualTo(LinkedText.of(before));
        assertThat(after.remap()).containsExactly(before.remap());
        assertThat(after.iface()).isEqualTo(before.iface());
        assertThat(after.iface().attribute("position").orElseThrow().location()).isEqualTo(3);
        assertThat(after.iface().sampler("detail").orElseThrow().slot()).isEqualTo(1);
        assertThat(after.iface().uniform("tint")).isPresent();
        // the fragment reads its varyings in another order, so the remap is not the identity
        assertThat(before.remap()[0]).isNotEqualTo(0);
    }

    @Test
    void aProgramRoundTripsAsOneBlob() {
        ShaderIr vs = vert();
        ShaderIr fs = frag();
        byte[] blob = Csi.saveProgram(vs, fs);
        CsiProgramResult r = Csi.loadProgram(blob);
        assertThat(r).isInstanceOf(CsiProgramResult.Loaded.class);
        CsiProgramResult.Loaded l = (CsiProgramResult.Loaded) r;
        assertThat(l.vertex()).isEqualTo(vs);
        assertThat(l.fragment()).isEqualTo(fs);
        LinkedProgram before = link(vs, fs);
        LinkedProgram after = link(l.vertex(), l.fragment());
        assertThat(LinkedText.of(after)).isEqualTo(LinkedText.of(before));
        assertThat(Csi.saveProgram(l.vertex(), l.fragment())).isEqualTo(blob);
        // each part is a shader blob of its own
        int v = le(blob).getInt(16);
        assertThat(Arrays.copyOfRange(blob, 24, 24 + v)).isEqualTo(Csi.save(vs));
        assertThat(Arrays.copyOfRange(blob, 24 + v, blob.length - 4)).isEqualTo(Csi.save(fs));
    }

    @Test
    void layoutIsTheDocumentedOne() {
        ShaderIr fs = frag();
        byte[] blob = Csi.save(fs);
        ByteBuffer b = le(blob);
        int nameLen = "lit.frag".length();
        int symbols = 0;
        for (InterfaceVar v : fs.iface().vars()) {
            symbols += 9 + v.name().length();
        }
        assertThat(blob).hasSize(36 + 16 * fs.size() + 4 * fs.immediateCount() + nameLen + symbols + 4);
        assertThat(new int[] {b.getInt(0), b.getInt(4), b.getInt(8)})
                .containsExactly(Csi.MAGIC, 2, blob.length);
        assertThat(new int[] {b.getShort(12), b.getShort(14), b.getShort(16), b.getShort(18), b.getShort(20),
                b.getShort(22), b.getShort(24), b.getShort(26), b.getShort(28), b.getShort(30), b.getShort(32),
                b.getShort(34)}).containsExactly(0, 1, fs.size(), fs.immediateCount(), fs.temps(),
                fs.iface().vars().size(), -1, 1, 0, 1, nameLen, 0);
        int rec = 36;
        assertThat(blob[rec]).isEqualTo((byte) fs.insn(0).op());
        assertThat(b.getShort(rec + 4)).isEqualTo((short) fs.insn(0).dst());
        int nameAt = 36 + 16 * fs.size() + 4 * fs.immediateCount();
        assertThat(new String(blob, nameAt, nameLen, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("lit.frag");
        // first symbol: the input 'shade', vec3 at varying slot 0, line 1 column 9
        int s = nameAt + nameLen;
        InterfaceVar first = fs.iface().vars().getFirst();
        assertThat(first.name()).isEqualTo("shade");
        assertThat(new int[] {blob[s], blob[s + 1], b.getShort(s + 2), b.getShort(s + 4), b.getShort(s + 6), blob[s + 8]})
                .containsExactly(1, Type.VEC3.code(), first.slot(), 1, 9, 5);
        CRC32C crc = new CRC32C();
        crc.update(blob, 0, blob.length - 4);
        assertThat(b.getInt(blob.length - 4)).isEqualTo((int) crc.getValue());
    }

    @Test
    void everySingleByteChangeIsRejected() {
        for (byte[] blob : List.of(Csi.save(vert()), Csi.save(frag()), Csi.saveProgram(vert(), frag()))) {
            int changes = 0;
            for (int at = 0; at < blob.length; at++) {
                for (int value : new int[] {blob[at] ^ 0x01, blob[at] ^ 0x80, ~blob[at], 0, blob[at] + 1}) {
                    if ((byte) value == blob[at]) {
                        continue;
                    }
                    byte[] bad = blob.clone();
                    bad[at] = (byte) value;
                    CsiResult r = Csi.load(bad);
                    CsiProgramResult p = Csi.loadProgram(bad);
                    assertThat(r).as("offset %d value %d", at, value).isInstanceOf(CsiResult.Rejected.class);
                    assertThat(p).as("offset %d value %d", at, value).isInstanceOf(CsiProgramResult.Rejected.class);
                    assertThat(((CsiResult.Rejected) r).reason()).isNotBlank();
                    assertThat(((CsiProgramResult.Rejected) p).reason()).isNotBlank();
                    changes++;
                }
            }
            assertThat(changes).isGreaterThan(4 * blob.length);
        }
    }

    @Test
    void aChangedImmediateIsDetected() {
        ShaderIr fs = frag();
        assertThat(fs.immediateCount()).isPositive();
        byte[] blob = Csi.save(fs);
        int immAt = 36 + 16 * fs.size();
        blob[immAt + 3] ^= 0x40;
        assertThat(reason(blob)).startsWith(Messages.CSI_CHECKSUM + ": stored 0x");
    }

    @Test
    void everyTruncationIsRejected() {
        for (byte[] blob : List.of(Csi.save(vert()), Csi.saveProgram(vert(), frag()))) {
            for (int len = 0; len < blob.length; len++) {
                byte[] cut = Arrays.copyOf(blob, len);
                String why = reason(cut);
                assertThat(why).startsWith(len < 32 ? Messages.CSI_TOO_SHORT : Messages.CSI_LENGTH);
                assertThat(programReason(cut)).startsWith(len < 32 ? Messages.CSI_TOO_SHORT : Messages.CSI_LENGTH);
            }
            assertThat(reason(Arrays.copyOf(blob, blob.length + 1))).startsWith(Messages.CSI_LENGTH);
        }
    }

    @Test
    void aTruncatedBlobWhoseLengthWordAgreesIsStillRejected() {
        byte[] blob = Csi.save(frag());
        for (int len = 32; len < blob.length; len++) {
            byte[] cut = Arrays.copyOf(blob, len);
            le(cut).putInt(8, len);
            if (len >= 40) {
                CsiV2.seal(cut);
            }
            assertThat(reason(cut)).as("length %d", len).isNotBlank();
        }
        byte[] tiny = Arrays.copyOf(blob, 36);
        le(tiny).putInt(8, 36);
        assertThat(reason(tiny)).isEqualTo(Messages.CSI_TRUNCATED + ": 36 bytes, at least 40");
    }

    @Test
    void eachHeaderCheckHasItsReason() {
        byte[] blob = Csi.save(vert());
        assertThat(reason(edited(blob, b -> b.putShort(12, (short) 7)))).isEqualTo(Messages.CSI_BAD_KIND + ": 7");
        assertThat(reason(edited(blob, b -> b.putShort(12, (short) 1)))).isEqualTo(Messages.CSI_IS_PROGRAM);
        assertThat(reason(edited(blob, b -> b.putShort(14, (short) 2)))).isEqualTo(Messages.CSI_BAD_STAGE + ": 2");
        assertThat(reason(edited(blob, b -> b.putShort(16, (short) 385))))
                .isEqualTo(Messages.CSI_COUNTS + ": 385 instructions, at most 384");
        assertThat(reason(edited(blob, b -> b.putShort(18, (short) 161))))
                .isEqualTo(Messages.CSI_COUNTS + ": 161 immediates, at most 160");
        assertThat(reason(edited(blob, b -> b.putShort(20, (short) 97))))
                .isEqualTo(Messages.CSI_COUNTS + ": 97 temporaries, at most 96");
        assertThat(reason(edited(blob, b -> b.putShort(22, (short) 53))))
                .isEqualTo(Messages.CSI_COUNTS + ": 53 interface symbols, at most 52");
        assertThat(reason(edited(blob, b -> b.putShort(24, (short) 8))))
                .isEqualTo(Messages.CSI_BAD_MARK + ": attribute 8, -1 to 7");
        assertThat(reason(edited(blob, b -> b.putShort(26, (short) -2))))
                .isEqualTo(Messages.CSI_BAD_MARK + ": varying -2, -1 to 7");
        assertThat(reason(edited(blob, b -> b.putShort(28, (short) 32))))
                .isEqualTo(Messages.CSI_BAD_MARK + ": uniform 32, -1 to 31");
        assertThat(reason(edited(blob, b -> b.putShort(30, (short) 4))))
                .isEqualTo(Messages.CSI_BAD_MARK + ": sampler 4, -1 to 3");
        assertThat(reason(edited(blob, b -> b.putShort(32, (short) 256))))
                .isEqualTo(Messages.CSI_BAD_NAME + ": shader name of 256 bytes, at most 255");
        assertThat(reason(edited(blob, b -> b.putShort(34, (short) 1)))).isEqualTo(Messages.CSI_RESERVED + ": header offset 34");
        assertThat(reason(edited(blob, b -> b.put(36 + 3, (byte) 1))))
                .isEqualTo(Messages.CSI_RESERVED + ": padding byte of record 0");
        assertThat(reason(edited(blob, b -> b.putShort(16, (short) 300)))).startsWith(Messages.CSI_LAYOUT + ": the counts need");
    }

    @Test
    void namesAndSymbolsAreChecked() {
        ShaderIr vs = vert();
        byte[] blob = Csi.save(vs);
        int nameAt = 36 + 16 * vs.size() + 4 * vs.immediateCount();
        int sym = nameAt + vs.name().length();
        assertThat(reason(edited(blob, b -> b.put(nameAt, (byte) 0xC3))))
                .isEqualTo(Messages.CSI_BAD_NAME + ": shader name is not valid UTF-8");
        assertThat(reason(edited(blob, b -> b.put(nameAt, (byte) '\n'))))
                .isEqualTo(Messages.CSI_BAD_NAME + ": shader name has control characters");
        assertThat(reason(edited(blob, b -> b.put(sym, (byte) 0x13))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 0 'position': kind 19");
        // kind 3, clip distances, is only gl_ClipDistance and gl_ClipDistance4
        assertThat(reason(edited(blob, b -> b.put(sym, (byte) 3)))).isEqualTo(Messages.CSI_BAD_SYMBOL
                + ": symbol 0 'position': clip distances are gl_ClipDistance or gl_ClipDistance4 of float to vec4");
        assertThat(reason(edited(blob, b -> b.put(sym + 1, (byte) 99))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 0 'position': type 99");
        assertThat(reason(edited(blob, b -> b.put(sym + 1, (byte) 1))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 0 'position': type 1");
        assertThat(reason(edited(blob, b -> b.put(sym + 1, (byte) Type.SAMPLER2D.code()))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 0 'position': a sampler that is not a uniform");
        assertThat(reason(edited(blob, b -> b.putShort(sym + 2, (short) 4))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 0 'position': attribute slot 4 outside 0..3");
        assertThat(reason(edited(blob, b -> b.putShort(sym + 2, (short) -1))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 0 'position': attribute slot -1 outside 0..3");
        assertThat(reason(edited(blob, b -> b.put(sym + 8, (byte) 0))))
                .isEqualTo(Messages.CSI_BAD_NAME + ": symbol 0 name of 0 bytes, 1 to 64");
        assertThat(reason(edited(blob, b -> b.put(sym + 9, (byte) '1'))))
                .isEqualTo(Messages.CSI_BAD_NAME + ": symbol 0 name is not an identifier");
        assertThat(reason(edited(blob, b -> b.put(sym + 9, (byte) 0xFF))))
                .isEqualTo(Messages.CSI_BAD_NAME + ": symbol 0 name is not valid UTF-8");
        // the second symbol ('texcoord', also 8 letters) renamed to the first one's name
        int second = sym + 9 + "position".length();
        byte[] dup = edited(blob, b -> b.put(second + 9, "position".getBytes(), 0, 8));
        assertThat(reason(dup)).isEqualTo(Messages.CSI_DUPLICATE_SYMBOL + ": position");
        // a symbol whose name would run past the end
        int last = blob.length - 4 - 9 - "shade".length();
        assertThat(reason(edited(blob, b -> b.put(last + 8, (byte) 20))))
                .isEqualTo(Messages.CSI_LAYOUT + ": symbol 6 runs past the end");
    }

    @Test
    void leftoverBytesAndTheVerifierAreChecked() {
        ShaderIr fs = frag();
        byte[] blob = Csi.save(fs);
        byte[] longer = Arrays.copyOf(blob, blob.length + 3);
        le(longer).putInt(8, longer.length);
        assertThat(reason(CsiV2.seal(longer))).isEqualTo(Messages.CSI_LAYOUT + ": 3 bytes left over before the checksum");
        // a sampler mark lowered below the slot an instruction samples
        byte[] noDetail = edited(blob, b -> b.putShort(30, (short) 0));
        assertThat(reason(noDetail)).isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 3 'detail': sampler slot 1 outside 0..0");
        // an opcode no one knows
        assertThat(reason(edited(blob, b -> b.put(36, (byte) (dev.csir.ir.Opcode.MAX_CODE + 1)))))
                .isEqualTo(Messages.CSI_VERIFY + ": instruction 0: invalid IR opcode");
    }

    @Test
    void aFragmentShaderHasFloatColourOutputsOnePerSlot() {
        ShaderIr fs = frag();
        List<InterfaceVar> vars = new ArrayList<>(fs.iface().vars());
        vars.add(new InterfaceVar(Kind.OUTPUT, "glow", Type.VEC4, 0));
        ShaderIr two = fs.withInterface(ShaderInterface.of(Stage.FRAGMENT, vars));
        assertThat(reason(Csi.save(two))).isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 6 'glow': a second fragment output at colour output 0");
        vars.removeLast();
        vars.replaceAll(v -> v.kind() == Kind.OUTPUT ? new InterfaceVar(Kind.OUTPUT, v.name(), Type.VEC4, 8) : v);
        assertThat(reason(Csi.save(fs.withInterface(ShaderInterface.of(Stage.FRAGMENT, vars)))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 5 'color': fragment output must be a float or float vector at a colour output 0..7");
        vars.replaceAll(v -> v.kind() == Kind.OUTPUT ? new InterfaceVar(Kind.OUTPUT, v.name(), Type.IVEC4, 0) : v);
        assertThat(reason(Csi.save(fs.withInterface(ShaderInterface.of(Stage.FRAGMENT, vars)))))
                .isEqualTo(Messages.CSI_BAD_SYMBOL + ": symbol 5 'color': fragment output must be a float or float vector at a colour output 0..7");
        // a vec3 colour, as the compiler writes one (alpha 1), saves and loads back
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "c.frag", "out vec3 c;\nvoid main() { c = vec3(0.5); }");
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(Csi.load(Csi.save(r.ir()))).isInstanceOf(CsiResult.Loaded.class);
        assertThat(((CsiResult.Loaded) Csi.load(Csi.save(r.ir()))).shader()).isEqualTo(r.ir());
    }

    @Test
    void programChecks() {
        ShaderIr vs = vert();
        ShaderIr fs = frag();
        byte[] program = Csi.saveProgram(vs, fs);
        assertThat(reason(program)).isEqualTo(Messages.CSI_IS_PROGRAM);
        assertThat(programReason(Csi.save(vs))).isEqualTo(Messages.CSI_NOT_PROGRAM);
        assertThat(programReason(Csi.saveV1(vs))).isEqualTo(Messages.CSI_PROGRAM_V1);
        assertThat(programReason(edited(program, b -> b.putShort(14, (short) 3))))
                .isEqualTo(Messages.CSI_LAYOUT + ": 3 program parts, expected 2");
        assertThat(programReason(edited(program, b -> b.putShort(12, (short) 9)))).isEqualTo(Messages.CSI_BAD_KIND + ": 9");
        assertThat(programReason(edited(program, b -> b.putInt(16, b.getInt(16) + 1))))
                .startsWith(Messages.CSI_LAYOUT + ": parts of ");
        // a part corrupted under a valid outer checksum names the part
        assertThat(programReason(edited(program, b -> b.put(24 + 40, (byte) (b.get(24 + 40) ^ 1)))))
                .startsWith(Messages.CSI_PROGRAM_PART + ": vertex part: " + Messages.CSI_CHECKSUM);
        // parts in the wrong order
        byte[] v = Csi.save(vs);
        byte[] f = Csi.save(fs);
        byte[] swapped = new byte[program.length];
        ByteBuffer b = le(swapped);
        b.put(program, 0, 16).putInt(f.length).putInt(v.length).put(f).put(v);
        assertThat(programReason(CsiV2.seal(swapped)))
                .isEqualTo(Messages.CSI_PROGRAM_STAGES + ": got fragment then vertex");
        assertThatThrownBy(() -> Csi.saveProgram(fs, vs)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void saveRefusesWhatTheFormatCannotHold() {
        ShaderIr fs = frag();
        assertThatThrownBy(() -> Csi.save(fs.withName("x".repeat(256)))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Csi.save(fs.withName("a\nb"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Csi.save(fs.withName("\uD800"))).isInstanceOf(IllegalArgumentException.class);
        ShaderIr longName = fs.withInterface(ShaderInterface.of(Stage.FRAGMENT,
                List.of(new InterfaceVar(Kind.OUTPUT, "c".repeat(65), Type.VEC4, 0))));
        assertThatThrownBy(() -> Csi.save(longName)).isInstanceOf(IllegalArgumentException.class);
        // at the bounds it still round-trips: a 255-byte non-ASCII name and a 64-byte symbol
        String name = "é".repeat(127) + "x";
        assertThat(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)).hasSize(255);
        ShaderIr edge = fs.withName(name).withInterface(ShaderInterface.of(Stage.FRAGMENT, fs.iface().vars().stream()
                .map(v -> v.kind() == Kind.OUTPUT ? new InterfaceVar(Kind.OUTPUT, "c".repeat(64), Type.VEC4, 0) : v)
                .toList()));
        assertThat(loaded(Csi.save(edge)).shader()).isEqualTo(edge);
    }
}
