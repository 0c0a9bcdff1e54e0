package dev.csir.tgsi;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.TexelOffset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The immediates of the offset lookups and the gathers: TGSI takes a texel offset as a register
 * after the texture target ({@code TEX ..., 2D, IMM[k].xyz}) and TG4 its component as a source,
 * so each distinct offset gets an {@code IMM[k] INT32 {x, y, 0, 0}} line and each gather
 * component one {@code IMM[k] INT32 {c, c, c, c}}, after the other immediates.
 */
final class TgsiTexelOffsets {
    /** Offset lines by (x, y) packed as aux2 with component 0, then component lines by -1 - component. */
    private final Map<Integer, Integer> lines = new LinkedHashMap<>();
    private final TgsiWriter w;

    private TgsiTexelOffsets(TgsiWriter w) {
        this.w = w;
    }

    static TgsiTexelOffsets plan(ShaderIr ir, TgsiWriter w) {
        TgsiTexelOffsets t = new TgsiTexelOffsets(w);
        for (int i = 0; i < ir.size(); i++) {
            Insn in = ir.insn(i);
            Opcode op = in.opcode();
            if (op == Opcode.SAMPLE_OFFSET || op == Opcode.SAMPLE_LOD_OFFSET || op == Opcode.FETCH_OFFSET
                    || op == Opcode.GATHER) {
                t.lines.putIfAbsent(offsetKey(in.aux2()), -1);
                if (op == Opcode.GATHER) {
                    t.lines.putIfAbsent(-1 - TexelOffset.component(in.aux2()), -1);
                }
            }
        }
        return t;
    }

    private static int offsetKey(int aux2) {
        return aux2 & 0xFFF;
    }

    /** Writes the lines numbered from {@code first}. */
    void immediates(int first) {
        int k = first;
        for (Map.Entry<Integer, Integer> e : lines.entrySet()) {
            e.setValue(k);
            int key = e.getKey();
            w.reg("IMM", k++).text(" INT32 {");
            if (key < 0) {
                int c = -1 - key;
                w.num(c).text(", ").num(c).text(", ").num(c).text(", ").num(c);
            } else {
                w.num(TexelOffset.x(key)).text(", ").num(TexelOffset.y(key)).text(", 0, 0");
            }
            w.text("}").end();
        }
    }

    /** {@code , IMM[k].xyz}: the offset operand of a record's lookup. */
    String offset(Insn in) {
        return ", IMM[" + lines.get(offsetKey(in.aux2())) + "].xyz";
    }

    /** {@code IMM[k].xxxx}: a gather's component as a source. */
    String component(Insn in) {
        return "IMM[" + lines.get(-1 - TexelOffset.component(in.aux2())) + "].xxxx";
    }
}
