package dev.csir.ir;

/**
 * The textual IR dump: {@code shader NAME}, {@code stage ...}, the interface symbols, then
 * {@code block 0:} and one line per non-NOP instruction. A debugging surface, kept exact.
 */
public final class IrDump {
    private IrDump() {
    }

    public static String dump(ShaderIr ir) {
        StringBuilder sb = new StringBuilder(64 + ir.size() * 24);
        sb.append("shader ").append(ir.name()).append('\n');
        sb.append("stage ").append(ir.stage().word()).append('\n');
        for (InterfaceVar v : ir.iface().vars()) {
            switch (v.kind()) {
                case UNIFORM -> sb.append("uniform ").append(v.type().glslName()).append(' ')
                        .append(v.name()).append(" slot ").append(v.slot());
                case INPUT -> sb.append("input ").append(v.type().glslName()).append(' ').append(v.name());
                case OUTPUT -> sb.append("output ").append(v.type().glslName()).append(' ').append(v.name());
                case CLIP_DISTANCE -> sb.append("clip_distance ").append(v.type().glslName()).append(' ')
                        .append(v.name()).append(" slot ").append(v.slot());
            }
            sb.append('\n');
        }
        sb.append("block 0:\n");
        for (int i = 0; i < ir.size(); i++) {
            Insn in = ir.insn(i);
            if (in.op() == Opcode.NOP.code()) {
                continue;
            }
            appendInsn(sb, in);
            sb.append('\n');
        }
        return sb.toString();
    }

    /** One instruction in dump form, with its two leading spaces. */
    public static void appendInsn(StringBuilder sb, Insn in) {
        Opcode op = in.opcode();
        sb.append("  ");
        if (in.dst() >= 0) {
            sb.append('%').append(in.dst()).append(" = ");
        }
        sb.append(op == null ? "nop" : op.mnemonic());
        if (in.a() >= 0) {
            sb.append(" %").append(in.a());
        }
        if (in.b() >= 0) {
            sb.append(" %").append(in.b());
        }
        if (in.aux() != 0 || op == Opcode.LOAD_ATTR || op == Opcode.LOAD_UNI || op == Opcode.SAMPLE || op == Opcode.SAMPLE_BIAS
                || op == Opcode.SAMPLE_LOD || op == Opcode.SAMPLE_GRAD || op == Opcode.SAMPLE2 || op == Opcode.FETCH || op == Opcode.TEXSIZE) {
            sb.append(" aux ").append(in.aux());
        }
        if (op == Opcode.SAMPLE2) {
            sb.append(switch (in.aux2()) {
                case Opcode.SAMPLE2_REFERENCE -> " reference";
                case Opcode.SAMPLE2_BIAS -> " bias";
                case Opcode.SAMPLE2_LOD -> " lod";
                default -> " aux2 " + in.aux2();
            });
        }
        if (op == Opcode.SAMPLE_OFFSET || op == Opcode.SAMPLE_LOD_OFFSET || op == Opcode.FETCH_OFFSET || op == Opcode.GATHER) {
            sb.append(" aux ").append(in.aux()).append(" offset ").append(TexelOffset.x(in.aux2())).append(',')
                    .append(TexelOffset.y(in.aux2()));
            if (op == Opcode.GATHER) {
                sb.append(" component ").append(TexelOffset.component(in.aux2()));
            }
        }
    }
}
