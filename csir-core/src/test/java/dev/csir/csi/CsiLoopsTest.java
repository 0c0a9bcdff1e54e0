package dev.csir.csi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csir.diag.Messages;
import dev.csir.ir.Insn;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Type;
import dev.csir.testing.LoopShaders;
import dev.csir.verify.Verifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The loop opcodes in CSI: version 2 stores and loads them, version 1 refuses them both ways. */
class CsiLoopsTest {

    private static ShaderIr loopShader() {
        return LoopShaders.all().get(1).ir(); // loops, BREAK and CONTINUE, nested
    }

    @Test
    void version2StoresAndLoadsLoops() {
        for (LoopShaders.Case c : LoopShaders.all()) {
            ShaderIr ir = c.ir();
            assertThat(Verifier.verify(ir)).isEmpty();
            CsiResult r = Csi.load(Csi.save(ir));
            assertThat(r).as(c.name()).isInstanceOf(CsiResult.Loaded.class);
            CsiResult.Loaded l = (CsiResult.Loaded) r;
            assertThat(l.version()).isEqualTo(2);
            assertThat(l.shader()).isEqualTo(ir);
            assertThat(Csi.save(l.shader())).isEqualTo(Csi.save(ir));
        }
    }

    @Test
    void version2RecordsHoldTheLoopOpcodeNumbers() {
        IrBuilder b = new IrBuilder();
        for (Opcode op : List.of(Opcode.LOOP, Opcode.BREAK, Opcode.CONTINUE, Opcode.ENDLOOP)) {
            b.emit(op, Type.NONE, 0, -1, -1, -1, 0, 0);
        }
        ShaderIr ir = b.build("l.frag", dev.csir.ir.Stage.FRAGMENT, dev.csir.ir.ShaderInterface.EMPTY);
        byte[] blob = Csi.save(ir);
        int[] ops = new int[4];
        for (int i = 0; i < 4; i++) {
            ops[i] = blob[Csi.V2_HEADER_BYTES + Csi.RECORD_BYTES * i];
        }
        assertThat(ops).containsExactly(33, 35, 36, 34);
        // a record keeps -1 in every operand field
        assertThat(Arrays.copyOfRange(blob, Csi.V2_HEADER_BYTES, Csi.V2_HEADER_BYTES + 16))
                .containsExactly(33, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0);
    }

    @Test
    void version2RejectsMalformedLoopsThroughTheVerifier() {
        IrBuilder b = new IrBuilder();
        b.emit(Opcode.LOOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        ShaderIr open = b.build("open.frag", dev.csir.ir.Stage.FRAGMENT, dev.csir.ir.ShaderInterface.EMPTY);
        CsiResult r = Csi.load(Csi.save(open));
        assertThat(r).isEqualTo(new CsiResult.Rejected(Messages.CSI_VERIFY + ": " + Messages.UNCLOSED_LOOP));
    }

    @Test
    void version1RefusesToSaveLoops() {
        ShaderIr ir = loopShader();
        int first = 0;
        while (ir.insn(first).op() != Opcode.LOOP.code()) {
            first++;
        }
        String reason = "opcode 33 (loop) needs CSI version 2: instruction " + first;
        assertThat(Csi.version1Problem(ir)).isEqualTo(reason);
        assertThatThrownBy(() -> Csi.saveV1(ir)).isInstanceOf(IllegalArgumentException.class).hasMessage(reason);
        assertThat(Csi.version1Problem(CsiTest.vertexShader())).isNull();
        // a BREAK alone (unverified) is refused by its own opcode
        IrBuilder b = new IrBuilder();
        b.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.BREAK, Type.NONE, 0, -1, -1, -1, 0, 0);
        assertThat(Csi.version1Problem(b.build("b", dev.csir.ir.Stage.FRAGMENT, dev.csir.ir.ShaderInterface.EMPTY)))
                .isEqualTo("opcode 35 (break) needs CSI version 2: instruction 1")
                .startsWith("opcode 35 (break) " + Messages.CSI_NEEDS_V2);
    }

    /** A version 1 blob with the records at {@code at} patched to {@code ops} and the checksum fixed. */
    private static byte[] v1With(int at, Opcode... ops) {
        IrBuilder b = new IrBuilder();
        int pos = b.temp();
        b.emit(Opcode.LOAD_ATTR, Type.VEC4, 4, pos, -1, -1, 0, 0);
        for (int i = 0; i < 4; i++) {
            b.emit(new Insn(Opcode.NOP.code(), 0, 0, -1, -1, -1, -1, 0, 0));
        }
        b.emit(Opcode.STORE_POS, Type.VEC4, 4, -1, pos, -1, 0, 0);
        ShaderIr ir = b.build("v", dev.csir.ir.Stage.VERTEX, new dev.csir.ir.ShaderInterface(0, -1, -1, -1, List.of()));
        byte[] blob = Csi.saveV1(ir);
        for (int k = 0; k < ops.length; k++) {
            blob[Csi.HEADER_BYTES + Csi.RECORD_BYTES * (at + k)] = (byte) ops[k].code();
        }
        return CsiTest.resealed(blob);
    }

    @Test
    void version1RefusesToLoadLoopsEvenWhenTheyWouldVerify() {
        // LOOP BREAK CONTINUE ENDLOOP is sound CSIR, but not in a version 1 blob
        byte[] blob = v1With(1, Opcode.LOOP, Opcode.BREAK, Opcode.CONTINUE, Opcode.ENDLOOP);
        assertThat(CsiTest.reason(blob)).isEqualTo("opcode 33 (loop) needs CSI version 2: instruction 1");
        for (Opcode op : List.of(Opcode.ENDLOOP, Opcode.BREAK, Opcode.CONTINUE)) {
            assertThat(CsiTest.reason(v1With(2, op)))
                    .isEqualTo("opcode " + op.code() + " (" + op.mnemonic() + ") needs CSI version 2: instruction 2");
        }
        // the same blob without the patch loads, and beyond CONTINUE is an invalid opcode as before
        assertThat(Csi.load(v1With(1))).isInstanceOf(CsiResult.Loaded.class);
        byte[] beyond = v1With(1);
        beyond[Csi.HEADER_BYTES + Csi.RECORD_BYTES] = (byte) (Opcode.MAX_CODE + 1);
        assertThat(CsiTest.reason(CsiTest.resealed(beyond)))
                .isEqualTo(Messages.CSI_VERIFY + ": instruction 1: " + Messages.INVALID_OPCODE);
    }
}
