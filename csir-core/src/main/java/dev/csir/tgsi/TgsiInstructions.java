package dev.csir.tgsi;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;

/** Writes the TGSI instruction lines of one CSIR instruction (§5.3 of the original's reference). */
final class TgsiInstructions {
    /** TGSI input register that carries gl_FragCoord by this backend's convention. */
    static final int FRAGCOORD_INPUT = 7;

    private final TgsiWriter w;
    private final int[] remap;
    private final int fragCoordInput;
    private final TgsiFlow flow;
    /** The IMM line of each CONST's pool span ({@link TgsiEmitter#span}). */
    private final java.util.Map<Long, Integer> imms;
    /** The SV register of each system value, by LOAD_SYSVAL's aux. */
    private final int[] systemValues;

    /** The OUT register of gl_FragDepth: the one after the colour outputs. */
    private final int depthOutput;

    /** The TGSI texture target of each sampler slot ({@link #target}). */
    private final ShaderInterface iface;
    private final TgsiArrays arrays;

    private final TgsiTexelOffsets offsets;

    TgsiInstructions(TgsiWriter w, int[] remap, int fragCoordInput, TgsiFlow flow, java.util.Map<Long, Integer> imms,
            int[] systemValues, ShaderInterface iface, int depthOutput, TgsiArrays arrays, TgsiTexelOffsets offsets) {
        this.offsets = offsets;
        this.iface = iface;
        this.depthOutput = depthOutput;
        this.arrays = arrays;
        this.w = w;
        this.remap = remap;
        this.fragCoordInput = fragCoordInput;
        this.flow = flow;
        this.imms = imms;
        this.systemValues = systemValues;
    }

    /**
     * The TGSI texture target of a sampler kind, as an instruction's and SVIEW's declaration name it:
     * TEX/TXB/TXL/TXQ read a cube's direction and a 3D coordinate from xyz, a 2D array's layer from
     * z (rounded and clamped by the sampler), and take a bias or level from w, as CSIR packs them.
     * The shadow targets read the depth reference where CSIR puts it: SHADOW2D from z,
     * SHADOWCUBE and SHADOW2D_ARRAY from w. The cube-map arrays (CUBEARRAY, SHADOWCUBEARRAY, as
     * virglrenderer's parser spells them) read direction and layer from xyzw; their bias, level
     * and reference come from a second source, TXB2's, TXL2's and TEX2's src1.x (CSIR's SAMPLE2).
     * The multisample kinds are 2D_MSAA and 2D_ARRAY_MSAA, whose TXF reads the sample index from w, where CSIR's FETCH
     * has it. An integer kind has its shape's target (its SVIEW declares SINT or UINT, {@link #returnType}).
     */
    static String target(dev.csir.ir.Type kind) {
        return switch (kind) {
            case SAMPLER2DSHADOW -> "SHADOW2D";
            case SAMPLERCUBESHADOW -> "SHADOWCUBE";
            case SAMPLER2DARRAYSHADOW -> "SHADOW2D_ARRAY";
            case SAMPLERCUBEARRAYSHADOW -> "SHADOWCUBEARRAY";
            default -> switch (kind.samplerGeometry()) {
                case SAMPLERCUBE -> "CUBE";
                case SAMPLERCUBEARRAY -> "CUBEARRAY";
                case SAMPLER2DMS -> "2D_MSAA";
                case SAMPLER2DMSARRAY -> "2D_ARRAY_MSAA";
                case SAMPLER3D -> "3D";
                case SAMPLER2DARRAY -> "2D_ARRAY";
                default -> "2D";
            };
        };
    }

    /**
     * What a sampler view of this kind returns, as {@code DCL SVIEW} declares it: SINT or UINT for
     * the integer kinds, whose TEX, TXF results are then integer bits in the register, as CSIR's
     * integer lanes hold them; FLOAT for the float and shadow kinds.
     */
    static String returnType(dev.csir.ir.Type kind) {
        return kind.isUnsignedSampler() ? "UINT" : kind.isIntegerSampler() ? "SINT" : "FLOAT";
    }

    private String target(int slot) {
        return ", " + target(iface.samplerKind(slot));
    }

    /**
     * The input register for gl_FragCoord: IN[7] as in the original, unless a (remapped) varying
     * is declared there; then the register after the highest varying. (Declared twice, IN[7] is
     * accepted by virglrenderer but reads the fragment coordinate, hiding the varying.)
     */
    static int fragCoordInput(ShaderInterface iface, int[] remap) {
        int highest = -1;
        boolean clash = false;
        for (int i = 0; i <= iface.varHi(); i++) {
            int s = remapped(remap, i);
            clash |= s == FRAGCOORD_INPUT;
            highest = Math.max(highest, s);
        }
        return clash ? highest + 1 : FRAGCOORD_INPUT;
    }

    /**
     * The input register for gl_FrontFacing's FACE: the lowest one that neither a (remapped)
     * varying nor gl_FragCoord ({@code fragCoordInput}, -1 when not read) takes.
     */
    static int faceInput(ShaderInterface iface, int[] remap, int fragCoordInput) {
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        taken.add(fragCoordInput);
        for (int i = 0; i <= iface.varHi(); i++) {
            taken.add(remapped(remap, i));
        }
        int k = 0;
        while (taken.contains(k)) {
            k++;
        }
        return k;
    }

    /** The varying slot a fragment-local slot is read from after linking. */
    static int remapped(int[] remap, int slot) {
        return remap != null && slot >= 0 && slot < remap.length && remap[slot] >= 0 ? remap[slot] : slot;
    }

    /** Lanes written by MOV, SWZ and the binary ops: ncomp, where 0 means 4. */
    private static int lanes(Insn in) {
        int n = in.ncomp();
        return n == 0 || n > 4 ? 4 : n;
    }

    /** Lanes expanded by the per-lane ops: ncomp, where 0 means 1. */
    private static int scalarLanes(Insn in) {
        int n = in.ncomp();
        return n == 0 ? 1 : Math.min(n, 4);
    }

    /**
     * Writes the lines for {@code in}; returns false when the instruction has no TGSI form
     * (a comparison code or matrix width the verifier does not check, a BREAK or CONTINUE
     * outside every loop).
     */
    boolean emit(Insn in) {
        Opcode op = in.opcode();
        if (op == null) {
            return false;
        }
        flow.before(in);
        switch (op) {
            case NOP -> { }
            case CONST -> {
                w.begin("MOV").sp().temp(in.dst()).comma().reg("IMM", imms.get(TgsiEmitter.span(in))).end();
            }
            case MOV -> {
                int n = lanes(in);
                w.begin("MOV").sp().tempMasked(in.dst(), n).comma()
                        .tempSwizzled(in.a(), TgsiWriter.IDENTITY, n).end();
            }
            case SWZ -> {
                int n = lanes(in);
                w.begin("MOV").sp().tempMasked(in.dst(), n).comma().tempSwizzled(in.a(), in.aux(), n).end();
            }
            case SETLANE -> w.begin("MOV").sp().tempLane(in.dst(), in.aux() & 3).comma()
                    .tempReplicated(in.a(), in.aux2() & 3).end();
            case ADD -> binary("ADD", in);
            case SUB -> binary("SUB", in);
            case MUL -> binary("MUL", in);
            case MIN -> binary("MIN", in);
            case MAX -> binary("MAX", in);
            case DDX, DDY, DDX_FINE, DDY_FINE -> w.begin(in.opcode().name()).sp().tempMasked(in.dst(), lanes(in)).comma()
                    .temp(in.a()).end();
            case ABS -> w.begin("ABS").sp().temp(in.dst()).comma().temp(in.a()).end();
            case DOT -> w.begin(in.aux() == 4 ? "DP4" : "DP3").sp().tempLane(in.dst(), 0).comma()
                    .temp(in.a()).comma().temp(in.b()).end();
            case RSQ -> perLane("RSQ", in);
            case RCP -> perLane("RCP", in);
            case SIN -> perLane("SIN", in);
            case COS -> perLane("COS", in);
            case LG2 -> perLane("LG2", in);
            case TRUNC -> perLane("TRUNC", in);
            case POW -> w.begin("POW").sp().tempLane(in.dst(), 0).comma().tempReplicated(in.a(), 0).comma()
                    .tempReplicated(in.b(), 0).end();
            case CMP -> {
                return compare(in);
            }
            case MULMV -> {
                if (in.aux() < 1 || in.aux() > 4) {
                    return false;
                }
                matrixColumn(in.dst(), in.a(), in.b(), in.aux());
            }
            case MULMM -> {
                if (in.aux() < 1 || in.aux() > 4) {
                    return false;
                }
                for (int col = 0; col < in.aux(); col++) {
                    matrixColumn(in.dst() + col, in.a(), in.b() + col, in.aux());
                }
            }
            case SAMPLE -> w.begin("TEX").sp().temp(in.dst()).comma().temp(in.a()).comma()
                    .reg("SAMP", in.aux()).text(target(in.aux())).end();
            case SAMPLE_BIAS -> w.begin("TXB").sp().temp(in.dst()).comma().temp(in.a()).comma()
                    .reg("SAMP", in.aux()).text(target(in.aux())).end();
            case SAMPLE_LOD -> w.begin("TXL").sp().temp(in.dst()).comma().temp(in.a()).comma()
                    .reg("SAMP", in.aux()).text(target(in.aux())).end();
            case SAMPLE2 -> {
                String opcode = switch (in.aux2()) {
                    case Opcode.SAMPLE2_REFERENCE -> "TEX2";
                    case Opcode.SAMPLE2_BIAS -> "TXB2";
                    case Opcode.SAMPLE2_LOD -> "TXL2";
                    default -> null;
                };
                if (opcode == null) {
                    return false;
                }
                w.begin(opcode).sp().temp(in.dst()).comma().temp(in.a()).comma().temp(in.b()).text(".xxxx").comma()
                        .reg("SAMP", in.aux()).text(target(in.aux())).end();
            }
            case SAMPLE_GRAD -> w.begin("TXD").sp().temp(in.dst()).comma().temp(in.a()).comma().temp(in.b())
                    .text(".xyxx").comma().temp(in.b()).text(".zwxx").comma().reg("SAMP", in.aux()).text(", 2D").end();
            case FETCH -> {
                // TXF takes integers; CSIR's integer values are floats
                w.begin("F2I").sp().temp(in.dst()).comma().temp(in.a()).end();
                w.begin("TXF").sp().temp(in.dst()).comma().temp(in.dst()).comma().reg("SAMP", in.aux()).text(target(in.aux())).end();
            }
            case SAMPLE_OFFSET -> w.begin("TEX").sp().temp(in.dst()).comma().temp(in.a()).comma()
                    .reg("SAMP", in.aux()).text(target(in.aux())).text(offsets.offset(in)).end();
            case SAMPLE_LOD_OFFSET -> w.begin("TXL").sp().temp(in.dst()).comma().temp(in.a()).comma()
                    .reg("SAMP", in.aux()).text(target(in.aux())).text(offsets.offset(in)).end();
            case FETCH_OFFSET -> {
                w.begin("F2I").sp().temp(in.dst()).comma().temp(in.a()).end();
                w.begin("TXF").sp().temp(in.dst()).comma().temp(in.dst()).comma().reg("SAMP", in.aux()).text(", 2D")
                        .text(offsets.offset(in)).end();
            }
            case GATHER -> w.begin("TG4").sp().temp(in.dst()).comma().temp(in.a()).comma().text(offsets.component(in))
                    .comma().reg("SAMP", in.aux()).text(target(in.aux())).text(offsets.offset(in)).end();
            case TEXSIZE -> {
                // TXQ takes an integer level and yields integers; CSIR's integer values are floats
                w.begin("F2I").sp().temp(in.dst()).text(".x").comma().temp(in.a()).text(".xxxx").end();
                w.begin("TXQ").sp().temp(in.dst()).comma().temp(in.dst()).text(".xxxx").comma()
                        .reg("SAMP", in.aux()).text(target(in.aux())).end();
                w.begin("I2F").sp().temp(in.dst()).comma().temp(in.dst()).end();
            }
            case LOAD_ATTR -> w.begin("MOV").sp().temp(in.dst()).comma().reg("IN", in.aux()).end();
            case LOAD_VAR -> w.begin("MOV").sp().temp(in.dst()).comma().reg("IN", remapped(remap, in.aux())).end();
            case LOAD_UNI -> {
                for (int k = 0; k < in.aux2(); k++) {
                    w.begin("MOV").sp().temp(in.dst() + k).comma().constant(in.aux() + k).end();
                }
            }
            case LOAD_FCOORD -> w.begin("MOV").sp().temp(in.dst()).comma().reg("IN", fragCoordInput).end();
            case STORE_POS -> w.begin("MOV").sp().reg("OUT", 0).comma().temp(in.a()).end();
            case STORE_COLOR -> w.begin("MOV").sp().reg("OUT", in.aux()).comma().temp(in.a()).end();
            case STORE_DEPTH -> w.begin("MOV").sp().reg("OUT", depthOutput).text(".z").comma().temp(in.a()).text(".xxxx").end();
            case STORE_VAR -> {
                // a clip-distance slot is written as far as it has distances
                dev.csir.ir.InterfaceVar clip = iface.clipDistanceAt(in.aux());
                w.begin("MOV").sp().reg("OUT", in.aux() + 1)
                        .text(clip == null ? "" : "." + "xyzw".substring(0, clip.type().components())).comma()
                        .temp(in.a()).end();
            }
            case IF, ELSE, ENDIF, LOOP, ENDLOOP, BREAK, CONTINUE -> {
                return flow.emit(op, in);
            }
            case DISCARD -> w.begin("KILL").end();
            case LOAD_INDEXED, STORE_INDEXED, LOAD_UNI_INDEXED -> arrays.emit(op, in, lanes(in));
            case LOAD_SYSVAL -> {
                if (in.aux() < 0 || in.aux() >= systemValues.length) {
                    return false;
                }
                if (in.aux() == Opcode.SYSVAL_FRONT_FACING) {
                    // FACE > 0 as the bool 1 or 0: -FACE < FACE, from a copy, since virglrenderer
                    // drops a modifier on the FACE register itself
                    w.begin("MOV").sp().temp(in.dst()).comma().reg("IN", systemValues[in.aux()]).text(".xxxx").end();
                    w.begin("SLT").sp().temp(in.dst()).comma().text("-").temp(in.dst()).comma().temp(in.dst()).end();
                } else {
                    w.begin("MOV").sp().temp(in.dst()).comma().reg("SV", systemValues[in.aux()]).text(".xxxx").end();
                }
            }
            case ICMP, UCMP -> {
                return integerCompare(in, op == Opcode.UCMP);
            }
            case IBFE, UBFE -> w.begin(op == Opcode.IBFE ? "IBFE" : "UBFE").sp().tempMasked(in.dst(), lanes(in)).comma()
                    .temp(in.a()).comma().tempReplicated(in.b(), 0).comma().tempReplicated(in.b(), 1).end();
            default -> {
                String name = integerOpcode(op);
                if (op.integerForm() == Opcode.IntegerForm.BINARY) {
                    binary(name, in);
                } else {
                    w.begin(name).sp().tempMasked(in.dst(), lanes(in)).comma().temp(in.a()).end();
                }
            }
        }
        return true;
    }

    /** The TGSI opcode of a lane-wise integer opcode: each has its own, as virglrenderer translates them. */
    private static String integerOpcode(Opcode op) {
        return switch (op) {
            case IADD -> "UADD";
            case IMUL -> "UMUL";
            case IMOD -> "MOD";
            case IDIV, UDIV, UMOD, SHL, ISHR, USHR, AND, OR, XOR, IMIN, IMAX, UMIN, UMAX, INEG, NOT, IABS, ISSG,
                 BREV, POPC, LSB, IMSB, UMSB, I2F, U2F, F2I, F2U -> op.name();
            default -> throw new IllegalStateException("no TGSI opcode for " + op);
        };
    }

    /**
     * An integer comparison of lane x into CSIR's bool: TGSI's {@code ISLT}/{@code USLT} and
     * siblings give ~0 or 0, which INEG makes 1 or 0 and I2F 1.0 or 0.0.
     */
    private boolean integerCompare(Insn in, boolean unsigned) {
        if (!compare(in, unsigned ? "USLT" : "ISLT", unsigned ? "USGE" : "ISGE", "USEQ", "USNE")) {
            return false;
        }
        w.begin("INEG").sp().tempLane(in.dst(), 0).comma().tempReplicated(in.dst(), 0).end();
        w.begin("I2F").sp().tempLane(in.dst(), 0).comma().tempReplicated(in.dst(), 0).end();
        return true;
    }

    private void binary(String opcode, Insn in) {
        w.begin(opcode).sp().tempMasked(in.dst(), lanes(in)).comma().temp(in.a()).comma().temp(in.b()).end();
    }

    private void perLane(String opcode, Insn in) {
        int n = scalarLanes(in);
        for (int k = 0; k < n; k++) {
            w.begin(opcode).sp().tempLane(in.dst(), k).comma().tempReplicated(in.a(), k).end();
        }
    }

    /**
     * Comparisons write 1.0 or 0.0 to lane x. GT and LE use SLT and SGE with swapped operands
     * (codes as in {@link dev.csir.ir.Cmp}: LT 1, GT 2, LE 3, GE 4, EQ 5, NE 6).
     */
    private boolean compare(Insn in) {
        return compare(in, "SLT", "SGE", "SEQ", "SNE");
    }

    /** A comparison of lane x with these opcodes for LT, GE, EQ and NE; false for an unknown code. */
    private boolean compare(Insn in, String lt, String ge, String eq, String ne) {
        String opcode;
        boolean swap = in.aux() == 2 || in.aux() == 3;
        switch (in.aux()) {
            case 1, 2 -> opcode = lt;
            case 3, 4 -> opcode = ge;
            case 5 -> opcode = eq;
            case 6 -> opcode = ne;
            default -> {
                return false;
            }
        }
        int p = swap ? in.b() : in.a();
        int q = swap ? in.a() : in.b();
        w.begin(opcode).sp().tempLane(in.dst(), 0).comma().tempReplicated(p, 0).comma()
                .tempReplicated(q, 0).end();
        return true;
    }

    /** dst = sum over columns c of m[c] * v.c: one MUL, then a MAD per further column. */
    private void matrixColumn(int dst, int m, int v, int cols) {
        w.begin("MUL").sp().temp(dst).comma().tempReplicated(v, 0).comma().temp(m).end();
        for (int c = 1; c < cols; c++) {
            w.begin("MAD").sp().temp(dst).comma().tempReplicated(v, c).comma().temp(m + c).comma()
                    .temp(dst).end();
        }
    }
}
