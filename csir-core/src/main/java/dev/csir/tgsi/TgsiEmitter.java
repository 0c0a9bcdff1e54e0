package dev.csir.tgsi;

import dev.csir.diag.Messages;
import dev.csir.ir.Insn;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;

/**
 * Turns verified CSIR into the TGSI text virglrenderer parses: the header, the declarations
 * from the interface high-water marks, one {@code IMM} per surviving CONST, then numbered
 * instructions and {@code END}.
 *
 * <p>Differences from the original C emitter, all deliberate: {@code IF} reads its condition as
 * {@code TEMP[a].xxxx} (virglrenderer rejects {@code .x}); a vertex shader that samples declares
 * its samplers (the original declared them only in fragment shaders); immediates are written by
 * {@link TgsiFloats}, which never clamps or flushes a value; and the budget is checked on the
 * final length, so text is either complete and within {@link Limits#tgsiBudget()} bytes or absent
 * (the failure then names the whole length and the record whose text crossed the budget);
 * and gl_FragCoord moves off IN[7] when a varying is declared there (the original declared IN[7]
 * twice; virglrenderer accepts that but then reads the fragment coordinate for both, so the
 * varying is lost). Loops (CSI version 2) become {@code BGNLOOP}/{@code ENDLOOP}/{@code BRK}, with
 * CONTINUE lowered to a flag as {@link TgsiFlow} describes: the flags are TEMPs declared after the
 * shader's own (so {@code DCL TEMP} covers them) and their constants one IMM after the shader's;
 * both count against the budget like any other line.
 * Integer lanes (CSI version 2) map onto TGSI's integer opcodes on the same untyped registers
 * ({@link TgsiInstructions}); a CONST of an integer-lane type is an {@code IMM[n] UINT32} of its
 * patterns, and LOAD_SYSVAL reads {@code SV[k]}, declared {@code VERTEXID} or {@code INSTANCEID}
 * in the order the shader first loads them.
 * Register numbers and the instruction mapping are otherwise those of the original.
 */
public final class TgsiEmitter {
    private TgsiEmitter() {
    }

    /** Standalone emission (no varying remap) with the default limits. */
    public static TgsiResult emit(ShaderIr ir) {
        return emit(ir, null, Limits.DEFAULT);
    }

    /** Emission with a linker's varying remap (fragment-local slot to linked slot; -1 keeps it). */
    public static TgsiResult emit(ShaderIr ir, int[] remapOrNull) {
        return emit(ir, remapOrNull, Limits.DEFAULT);
    }

    /** Emission with a varying remap and explicit limits (the budget is {@code limits.tgsiBudget()}). */
    public static TgsiResult emit(ShaderIr ir, int[] remapOrNull, Limits limits) {
        int budget = limits.tgsiBudget();
        int consts = 0;
        boolean fragCoord = false;
        // the SV register of each vertex system value (by LOAD_SYSVAL's aux), -1 when none loads
        // it; front facing's is the FACE input's
        int[] systemValues = new int[Opcode.SYSVALS];
        java.util.Arrays.fill(systemValues, -1);
        int nsv = 0;
        // colour outputs, dense up to the last one stored (at least one), then gl_FragDepth's
        int colors = 1;
        boolean writesDepth = false;
        for (int i = 0; i < ir.size(); i++) {
            Insn in = ir.insn(i);
            int op = in.op();
            if (op == Opcode.CONST.code()) {
                consts++;
            } else if (op == Opcode.LOAD_FCOORD.code()) {
                fragCoord = true;
            } else if (op == Opcode.STORE_COLOR.code()) {
                colors = Math.max(colors, in.aux() + 1);
            } else if (op == Opcode.STORE_DEPTH.code()) {
                writesDepth = true;
            } else if (op == Opcode.LOAD_SYSVAL.code() && in.aux() >= 0 && in.aux() < systemValues.length
                    && systemValues[in.aux()] < 0) {
                systemValues[in.aux()] = Opcode.vertexSysval(in.aux()) ? nsv++ : 0;
            }
        }
        int depthOutput = writesDepth ? colors : -1;
        ShaderInterface iface = ir.iface();
        int fragCoordInput = TgsiInstructions.fragCoordInput(iface, remapOrNull);
        if (systemValues[Opcode.SYSVAL_FRONT_FACING] >= 0) {
            systemValues[Opcode.SYSVAL_FRONT_FACING] = TgsiInstructions.faceInput(iface, remapOrNull,
                    fragCoord ? fragCoordInput : -1);
        }
        int declarations = 8 + Math.max(0, iface.attrHi() + 1) + Math.max(0, iface.varHi() + 1)
                + 2 * Math.max(0, iface.sampHi() + 1);
        // Typical line sizes, so the buffer rarely grows; text past the budget is never kept.
        long estimate = 32L * declarations + 64L * consts + 40L * ir.size();
        TgsiWriter w = new TgsiWriter((int) Math.min(estimate, budget + 256L));

        TgsiFlow flow = TgsiFlow.plan(ir, ir.temps(), w);
        TgsiArrays arrays = TgsiArrays.plan(ir, w);
        header(w, ir, remapOrNull, fragCoord ? fragCoordInput : -1, ir.temps() + flow.extraTemps() + arrays.extraTemps(),
                systemValues, colors, depthOutput, arrays);
        // The text goes on past the budget (at most a few records' lines each of a verified
        // shader's 384), so the failure can say how long it is in all.
        boolean declarationsOver = w.length() > budget;
        java.util.Map<Long, Integer> imms = new java.util.HashMap<>();
        int crossed = immediates(w, ir, budget, imms);
        if (flow.needsImmediate()) {
            flow.immediateAt(imms.size());
            immediate(w, imms.size(), new float[] {1f, 0f, 0f, 0f});
            if (crossed < 0 && w.length() > budget) {
                crossed = flow.firstContinue(); // the CONTINUE lowering is what needs the line
            }
        }
        int clamps = arrays.immediates(imms.size() + (flow.needsImmediate() ? 1 : 0));
        TgsiTexelOffsets offsets = TgsiTexelOffsets.plan(ir, w);
        offsets.immediates(imms.size() + (flow.needsImmediate() ? 1 : 0) + clamps);
        if (declarationsOver) {
            crossed = -1;
        }
        boolean over = w.length() > budget;
        TgsiInstructions body = new TgsiInstructions(w, remapOrNull, fragCoordInput, flow, imms, systemValues, iface,
                depthOutput, arrays, offsets);
        for (int i = 0; i < ir.size(); i++) {
            if (!body.emit(ir.insn(i))) {
                return new TgsiResult.Failed(Messages.TGSI_UNSUPPORTED, i);
            }
            if (!over && w.length() > budget) {
                over = true;
                crossed = i;
            }
        }
        w.begin("END").end();
        if (w.length() > budget) {
            return new TgsiResult.Failed(Messages.tgsiBudget(w.length(), budget), crossed);
        }
        return new TgsiResult.Ok(w.sb.toString());
    }

    /** A clip-distance symbol's CLIPDIST index: 0 for distances 0-3, 1 for 4-7. */
    private static int clipIndex(InterfaceVar clip) {
        return InterfaceVar.CLIP_DISTANCE_NAMES.indexOf(clip.name());
    }

    /**
     * {@code fragCoordInput} is the register of gl_FragCoord, or -1 when nothing loads it;
     * {@code colors} the colour outputs to declare, {@code depthOutput} gl_FragDepth's or -1.
     */
    private static void header(TgsiWriter w, ShaderIr ir, int[] remap, int fragCoordInput, int temps,
            int[] systemValues, int colors, int depthOutput, TgsiArrays arrays) {
        ShaderInterface iface = ir.iface();
        w.text(header(ir.stage())).end();
        if (ir.stage() == Stage.VERTEX) {
            // Dense over 0..attrHi: explicit locations can leave declared but unused inputs.
            for (int i = 0; i <= iface.attrHi(); i++) {
                w.text("DCL ").reg("IN", i).end();
            }
            w.text("DCL OUT[0], POSITION").end();
            for (int i = 0; i <= iface.varHi(); i++) {
                InterfaceVar clip = iface.clipDistanceAt(i);
                w.text("DCL ").reg("OUT", i + 1).text(", ")
                        .reg(clip == null ? "GENERIC" : "CLIPDIST", clip == null ? i : clipIndex(clip)).end();
            }
            if (iface.clipDistanceCount() > 0) {
                w.text("PROPERTY NUM_CLIPDIST_ENABLED ").num(iface.clipDistanceCount()).end();
            }
            for (int k = 0; k < systemValues.length; k++) {
                for (int sv = 0; sv < systemValues.length; sv++) {
                    if (systemValues[sv] == k && Opcode.vertexSysval(sv)) {
                        w.text("DCL ").reg("SV", k).text(sv == Opcode.SYSVAL_VERTEX_ID ? ", VERTEXID" : ", INSTANCEID")
                                .end();
                    }
                }
            }
        } else {
            for (int i = 0; i <= iface.varHi(); i++) {
                int s = TgsiInstructions.remapped(remap, i);
                InterfaceVar clip = iface.clipDistanceAt(i);
                w.text("DCL ").reg("IN", s).text(", ")
                        .reg(clip == null ? "GENERIC" : "CLIPDIST", clip == null ? s : clipIndex(clip))
                        .text(switch (iface.interpolation(InterfaceVar.Kind.INPUT, i)) {
                            case SMOOTH -> ", PERSPECTIVE";
                            case FLAT -> ", CONSTANT";
                            case NOPERSPECTIVE -> ", LINEAR";
                        }).end();
            }
            if (fragCoordInput >= 0) {
                w.text("DCL ").reg("IN", fragCoordInput).text(", POSITION").end();
            }
            if (systemValues[Opcode.SYSVAL_FRONT_FACING] >= 0) {
                // x is +1 for a front-facing triangle, -1 for a back-facing one
                w.text("DCL ").reg("IN", systemValues[Opcode.SYSVAL_FRONT_FACING]).text(", FACE, CONSTANT").end();
            }
            w.text("DCL OUT[0], COLOR").end();
            // the other colour outputs, dense up to the last one stored, OUT[k] being COLOR[k]
            for (int k = 1; k < colors; k++) {
                w.text("DCL ").reg("OUT", k).text(", ").reg("COLOR", k).end();
            }
            if (depthOutput >= 0) {
                // gl_FragDepth, from z
                w.text("DCL ").reg("OUT", depthOutput).text(", POSITION").end();
            }
            if (ir.earlyFragmentTests()) {
                w.text("PROPERTY FS_EARLY_DEPTH_STENCIL 1").end();
            }
        }
        for (int i = 0; i <= iface.sampHi(); i++) {
            w.text("DCL ").reg("SAMP", i).end();
            w.text("DCL ").reg("SVIEW", i).text(", ").text(TgsiInstructions.target(iface.samplerKind(i))).text(", ")
                    .text(TgsiInstructions.returnType(iface.samplerKind(i))).end();
        }
        if (iface.uniHi() >= 0) {
            w.text("DCL CONST[0][0..").num(iface.uniHi()).text("]").end();
        }
        if (arrays.any()) {
            arrays.declare(temps);
        } else if (temps == 1) {
            w.text("DCL TEMP[0]").end();
        } else if (temps > 1) {
            w.text("DCL TEMP[0..").num(temps - 1).text("]").end();
        }
    }

    /**
     * One IMM per CONST of a distinct pool span (its first immediate and count) in IR order, so
     * CONSTs that share their values share their line (the original's shaders never do: each
     * CONST has its own span); lanes past ncomp are zero. {@code imms} gets each span's IMM
     * index. Returns the index of the CONST whose line took the text past {@code budget}, or -1.
     */
    static long span(Insn in) {
        return (long) in.aux() << 8 | in.ncomp();
    }

    private static int immediates(TgsiWriter w, ShaderIr ir, int budget, java.util.Map<Long, Integer> imms) {
        int crossed = -1;
        int k = 0;
        for (int i = 0; i < ir.size(); i++) {
            Insn in = ir.insn(i);
            if (in.op() != Opcode.CONST.code() || imms.putIfAbsent(span(in), k) != null) {
                continue;
            }
            float[] lanes = new float[4];
            int n = Math.min(in.ncomp(), 4);
            for (int lane = 0; lane < n; lane++) {
                int index = in.aux() + lane;
                lanes[lane] = index >= 0 && index < ir.immediateCount() ? ir.immediate(index) : 0f;
            }
            dev.csir.ir.Type ty = dev.csir.ir.Type.of(in.ty());
            if (ty != null && ty.isIntegerLanes()) {
                integerImmediate(w, k++, lanes);
            } else {
                immediate(w, k++, lanes);
            }
            if (crossed < 0 && w.length() > budget) {
                crossed = i;
            }
        }
        return crossed;
    }

    /** One {@code IMM[index] FLT32 {x, y, z, w}} line. */
    private static void immediate(TgsiWriter w, int index, float[] lanes) {
        w.reg("IMM", index).text(" FLT32 {");
        for (int lane = 0; lane < 4; lane++) {
            if (lane > 0) {
                w.text(", ");
            }
            TgsiFloats.append(w.sb, lanes[lane]);
        }
        w.text("}").end();
    }

    /** One {@code IMM[index] UINT32 {x, y, z, w}} line of integer lanes: their patterns, in decimal. */
    private static void integerImmediate(TgsiWriter w, int index, float[] lanes) {
        w.reg("IMM", index).text(" UINT32 {");
        for (int lane = 0; lane < 4; lane++) {
            if (lane > 0) {
                w.text(", ");
            }
            w.text(Integer.toUnsignedString(Float.floatToRawIntBits(lanes[lane])));
        }
        w.text("}").end();
    }

    /** The first line of a stage's TGSI text. */
    public static String header(Stage stage) {
        return stage == Stage.VERTEX ? "VERT" : "FRAG";
    }
}
