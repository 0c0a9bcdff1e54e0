package dev.csir.exec;

import static dev.csir.exec.Ops.STRIDE;

import dev.csir.ir.Cmp;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.Arrays;

/**
 * Turns a {@link ShaderIr} into the interpreter's flat code. It never throws on a shader, verified
 * or not: negative operands read a block of zeros, negative destinations drop the instruction,
 * out-of-range slots grow the frame arrays, IF/ELSE/ENDIF and BREAK become forward jumps, and
 * ENDLOOP and CONTINUE counted back-edges to the top of their loop's body.
 *
 * <p>Why jumps are exact: the original's skip stack has the same depth at a given instruction
 * whatever the conditions, so its failures (too deep, ELSE or ENDIF with nothing open) sit at
 * fixed positions. The first such position becomes an ERROR instruction, nothing after it is
 * emitted, and every jump that would pass it lands on it, as the original's skipped walk would.
 * Loops keep this true: IFs and LOOPs nest in one stack, and the failures of loops (too deep,
 * ENDLOOP with no LOOP innermost, BREAK or CONTINUE outside every loop, the end reached inside a
 * loop) sit at fixed positions too. Only back-edges jump backwards, and never past a failure.
 */
final class Assembler {
    private final ShaderIr ir;
    private final int[] remap;
    private final Limits limits;

    /** Pass 1 only measures the temporary file; pass 2 emits. */
    private boolean measuring;
    private int regs;
    private int zeroBlock;

    private int[] code;
    private int count;
    private float[] consts;
    private int nconst;

    /**
     * The open constructs, innermost last: whether each is a LOOP, for an IF the jump still to
     * patch (its IF, or its ELSE's jump), for a LOOP the instruction its body starts at and the
     * last of its BREAK jumps (each links to the one before through its target word; -1 ends).
     */
    private boolean[] loop;
    private int[] pending;
    private int[] breaks;
    private int depth;

    private int attrSlots;
    private int uniSlots;
    private int varInSlots;
    private int samplerSlots;
    /** Varying output slots the shader can store (0..n-1): the part of the file a run zeroes. */
    private int storedVarSlots;
    /** Colour outputs the shader stores (0..n-1), at least the one every fragment shader has. */
    private int colorOutputs = 1;
    private boolean writesDepth;

    Assembler(ShaderIr ir, int[] remap, Limits limits) {
        this.ir = ir;
        this.remap = remap == null ? new int[0] : remap.clone();
        this.limits = limits;
    }

    Interpreter assemble() {
        measuring = true;
        regs = Math.max(ir.temps(), 0);
        emitAll();
        zeroBlock = regs * 4;
        measuring = false;
        attrSlots = limits.attributeSlots();
        uniSlots = limits.uniformSlots();
        varInSlots = limits.varyingSlots();
        samplerSlots = limits.samplerSlots();
        emitAll();
        // File: registers (zeroed per run), 16 floats that stay zero, 16 floats of MULMM scratch.
        int fileFloats = zeroBlock + 32;
        return new Interpreter(ir.name(), ir.stage(), Arrays.copyOf(code, count * STRIDE),
                Arrays.copyOf(consts, nconst), count, zeroBlock, fileFloats, attrSlots * 4,
                uniSlots * 4, varInSlots * 4, limits.varyingSlots() * 4, storedVarSlots * 4, samplerSlots,
                colorOutputs * 4, writesDepth ? limits.colorOutputs() : -1);
    }

    private void emitAll() {
        code = new int[64 * STRIDE];
        count = 0;
        consts = new float[16];
        nconst = 0;
        int maxDepth = limits.maxIfDepth();
        loop = new boolean[maxDepth];
        pending = new int[maxDepth];
        breaks = new int[maxDepth];
        depth = 0;
        for (int i = 0; i < ir.size(); i++) {
            Insn in = ir.insn(i);
            Opcode op = Opcode.of(in.op());
            if (op == null || op == Opcode.NOP) {
                continue; // the verifier rejects unknown opcodes; here they do nothing
            }
            Status failure = switch (op) {
                case IF, ELSE, ENDIF -> branch(op, in);
                case LOOP, ENDLOOP, BREAK, CONTINUE -> loop(op);
                default -> {
                    emitPlain(op, in);
                    yield null;
                }
            };
            if (failure != null) {
                fail(failure);
                return;
            }
        }
        if (innermostLoop() >= 0) {
            fail(Status.LOOP_NOT_CLOSED);
            return;
        }
        int end = emit(Ops.END, 0, 0, 0, 0, 0);
        for (int k = 0; k < depth; k++) {
            patch(pending[k], end); // an IF never closed skips to the end
        }
    }

    /** IF, ELSE or ENDIF; returns the failure it meets at this position, or null. */
    private Status branch(Opcode op, Insn in) {
        // Inside a loop only the IFs opened in it are open: ELSE and ENDIF never leave a loop.
        boolean ifOpen = depth > 0 && !loop[depth - 1];
        switch (op) {
            case IF -> {
                if (depth >= loop.length) {
                    return Status.IF_TOO_DEEP;
                }
                loop[depth] = false;
                pending[depth++] = emit(Ops.IF, 0, rd(in.a(), 1), 0, 0, 0);
            }
            case ELSE -> {
                if (!ifOpen) {
                    return Status.ELSE_WITHOUT_IF;
                }
                // Reached while running the branch before it: skip the next branch. The
                // jump that skipped the branch before lands just after this one.
                int jump = emit(Ops.JUMP, 0, 0, 0, 0, 0);
                patch(pending[depth - 1], count);
                pending[depth - 1] = jump;
            }
            default -> {
                if (!ifOpen) {
                    return Status.ENDIF_WITHOUT_IF;
                }
                patch(pending[--depth], count);
            }
        }
        return null;
    }

    /**
     * LOOP, ENDLOOP, BREAK or CONTINUE; returns the failure it meets at this position, or null.
     * LOOP emits nothing and notes where its body starts; ENDLOOP and CONTINUE become a counted
     * back-edge to there; BREAK a jump to just after the ENDLOOP, chained until that is known.
     */
    private Status loop(Opcode op) {
        int l = innermostLoop();
        switch (op) {
            case LOOP -> {
                if (depth >= loop.length) {
                    return Status.LOOP_TOO_DEEP;
                }
                loop[depth] = true;
                pending[depth] = count;
                breaks[depth++] = -1;
            }
            case ENDLOOP -> {
                if (depth == 0 || !loop[depth - 1]) {
                    return Status.ENDLOOP_WITHOUT_LOOP;
                }
                depth--;
                patch(emit(Ops.BACK, 0, 0, 0, 0, 0), pending[depth]);
                land(breaks[depth], count);
            }
            case BREAK -> {
                if (l < 0) {
                    return Status.BREAK_OUTSIDE_LOOP;
                }
                int jump = emit(Ops.JUMP, 0, 0, 0, 0, 0);
                code[jump * STRIDE + Ops.X] = breaks[l]; // the chain's link until it lands
                breaks[l] = jump;
            }
            default -> {
                if (l < 0) {
                    return Status.CONTINUE_OUTSIDE_LOOP;
                }
                patch(emit(Ops.BACK, 0, 0, 0, 0, 0), pending[l]);
            }
        }
        return null;
    }

    /** The stack index of the innermost open LOOP, or -1. */
    private int innermostLoop() {
        for (int k = depth - 1; k >= 0; k--) {
            if (loop[k]) {
                return k;
            }
        }
        return -1;
    }

    /** Points every BREAK jump of the chain starting at {@code first} at instruction {@code target}. */
    private void land(int first, int target) {
        for (int jump = first; jump >= 0; ) {
            int next = code[jump * STRIDE + Ops.X];
            patch(jump, target);
            jump = next;
        }
    }

    /** Ends the code with an ERROR here; every open IF and pending BREAK that would pass it lands on it. */
    private void fail(Status status) {
        int at = emit(Ops.ERROR, 0, 0, 0, status.ordinal(), 0);
        for (int k = 0; k < depth; k++) {
            if (loop[k]) {
                land(breaks[k], at);
            } else {
                patch(pending[k], at);
            }
        }
    }

    private void emitPlain(Opcode op, Insn in) {
        int nc = in.ncomp();
        switch (op) {
            case CONST -> {
                if (in.dst() >= 0) {
                    emit(Ops.CONST, wr(in.dst(), 1), 0, 0, constant(in.aux(), Math.min(nc, 4)), 0);
                }
            }
            case MOV -> unary(by(lanes(nc, 4), Ops.MOV1, Ops.MOV3, Ops.MOV4, Ops.MOVN), in, lanes(nc, 4));
            case SWZ -> {
                int n = lanes(nc, 1);
                if (in.dst() >= 0) {
                    int d = wr(in.dst(), 1);
                    int a = rd(in.a(), 1);
                    int[] src = new int[4];
                    for (int i = 0; i < 4; i++) {
                        src[i] = i < n ? a + ((in.aux() >> (2 * i)) & 3) : zeroBlock;
                    }
                    int at = emit(Ops.SWZ, d, src[0], src[1], src[2], n);
                    code[at * STRIDE + Ops.Y] = src[3];
                }
            }
            case SETLANE -> {
                if (in.dst() >= 0) {
                    emit(Ops.MOV1, wr(in.dst(), 1) + (in.aux() & 3), rd(in.a(), 1) + (in.aux2() & 3),
                            0, 0, 1);
                }
            }
            case ADD -> binary(by(lanes(nc, 4), Ops.ADD1, Ops.ADD3, Ops.ADD4, Ops.ADDN), in, lanes(nc, 4));
            case SUB -> binary(by(lanes(nc, 4), Ops.SUB1, Ops.SUB3, Ops.SUB4, Ops.SUBN), in, lanes(nc, 4));
            case MUL -> binary(by(lanes(nc, 4), Ops.MUL1, Ops.MUL3, Ops.MUL4, Ops.MULN), in, lanes(nc, 4));
            case MAX -> binary(lanes(nc, 4) == 1 ? Ops.MAX1 : Ops.MAXN, in, lanes(nc, 4));
            case MIN -> binary(lanes(nc, 4) == 1 ? Ops.MIN1 : Ops.MINN, in, lanes(nc, 4));
            case ABS -> unary(Ops.ABSN, in, lanes(nc, 4));
            case DOT -> {
                int n = in.aux() <= 0 ? 3 : Math.min(in.aux(), 4);
                binary(n == 3 ? Ops.DOT3 : n == 4 ? Ops.DOT4 : Ops.DOTN, in, n);
            }
            case RSQ -> unary(lanes(nc, 1) == 1 ? Ops.RSQ1 : Ops.RSQ, in, lanes(nc, 1));
            case RCP -> unary(lanes(nc, 1) == 1 ? Ops.RCP1 : Ops.RCP, in, lanes(nc, 1));
            case SIN -> unary(Ops.SIN, in, lanes(nc, 1));
            case COS -> unary(Ops.COS, in, lanes(nc, 1));
            case LG2 -> unary(Ops.LG2, in, lanes(nc, 1));
            case TRUNC -> unary(Ops.TRUNC, in, lanes(nc, 1));
            case POW -> binary(Ops.POW, in, 1);
            case CMP -> {
                Cmp cmp = Cmp.of(in.aux());
                if (cmp == null) {
                    if (in.dst() >= 0) {
                        emit(Ops.ZERO1, wr(in.dst(), 1), 0, 0, 0, 1); // no comparison is false
                    }
                } else {
                    int o = switch (cmp) {
                        case LT -> Ops.CMP_LT;
                        case GT -> Ops.CMP_GT;
                        case LE -> Ops.CMP_LE;
                        case GE -> Ops.CMP_GE;
                        case EQ -> Ops.CMP_EQ;
                        case NE -> Ops.CMP_NE;
                    };
                    binary(o, in, 1);
                }
            }
            case MULMV -> {
                int cols = Math.clamp(in.aux(), 0, 4);
                if (in.dst() >= 0) {
                    emit(Ops.MULMV, wr(in.dst(), 1), rd(in.a(), cols), rd(in.b(), 1), cols, 4);
                }
            }
            case MULMM -> {
                int cols = Math.clamp(in.aux(), 0, 4);
                if (in.dst() >= 0 && cols > 0) {
                    emit(Ops.MULMM, wr(in.dst(), cols), rd(in.a(), cols), rd(in.b(), cols), cols,
                            cols * 4);
                }
            }
            // the textures a CSIR device binds have one level, which a bias cannot change
            // the interpreter's textures have one level, where a bias, a level or derivatives change nothing
            // one level per texture, so a bias or an explicit level reads as the plain lookup
            case SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE2 -> lookup(in, switch (ir.iface().samplerKind(in.aux())) {
                case SAMPLER2DSHADOW -> Ops.SHADOW_2D;
                case SAMPLERCUBEARRAYSHADOW -> Ops.SHADOW_CUBE_ARRAY;
                case SAMPLERCUBESHADOW -> Ops.SHADOW_CUBE;
                case SAMPLER2DARRAYSHADOW -> Ops.SHADOW_ARRAY;
                default -> switch (ir.iface().samplerKind(in.aux()).samplerGeometry()) {
                    case SAMPLERCUBE -> Ops.SAMPLE_CUBE;
                    case SAMPLER3D -> Ops.SAMPLE_3D;
                    case SAMPLER2DARRAY -> Ops.SAMPLE_ARRAY;
                    case SAMPLERCUBEARRAY -> Ops.SAMPLE_CUBE_ARRAY;
                    default -> Ops.SAMPLE;
                };
            });
            case FETCH -> lookup(in, switch (ir.iface().samplerKind(in.aux()).samplerGeometry()) {
                case SAMPLER2DMS -> Ops.FETCH_SAMPLE;
                case SAMPLER2DMSARRAY -> Ops.FETCH_SAMPLE_ARRAY;
                default -> Ops.FETCH;
            });
            // one level here too: textureLodOffset reads as textureOffset
            case SAMPLE_OFFSET, SAMPLE_LOD_OFFSET -> offsetTexture(in, array(in) ? Ops.SAMPLE_ARRAY_OFFSET
                    : Ops.SAMPLE_OFFSET);
            case FETCH_OFFSET -> offsetTexture(in, Ops.FETCH_OFFSET);
            case GATHER -> offsetTexture(in, array(in) ? Ops.GATHER_ARRAY : Ops.GATHER);
            case TEXSIZE -> texture(in, switch (ir.iface().samplerKind(in.aux()).samplerGeometry()) {
                case SAMPLER3D -> Ops.TEXSIZE_3D;
                case SAMPLER2DARRAY, SAMPLER2DMSARRAY -> Ops.TEXSIZE_ARRAY;
                case SAMPLERCUBEARRAY -> Ops.TEXSIZE_CUBE_ARRAY;
                default -> Ops.TEXSIZE;
            });
            case LOAD_ATTR -> {
                attrSlots = Math.max(attrSlots, in.aux() + 1);
                load(Ops.LOAD_ATTR, in, in.aux(), 1);
            }
            case LOAD_VAR -> {
                int slot = in.aux();
                if (slot >= 0 && slot < remap.length && remap[slot] >= 0) {
                    slot = remap[slot];
                }
                varInSlots = Math.max(varInSlots, slot + 1);
                load(Ops.LOAD_VAR, in, slot, 1);
            }
            case LOAD_UNI -> {
                int span = in.aux2() <= 0 ? 1 : in.aux2();
                uniSlots = Math.max(uniSlots, in.aux() + span);
                load(Ops.LOAD_UNI1, in, in.aux(), span);
            }
            case LOAD_FCOORD -> {
                if (in.dst() >= 0) {
                    emit(Ops.LOAD_FCOORD, wr(in.dst(), 1), 0, 0, 0, 4);
                }
            }
            case STORE_POS -> emit(Ops.STORE_POS, 0, rd(in.a(), 1), 0, 0, 4);
            case STORE_COLOR -> {
                // as STORE_VAR: a store to an output the profile does not have does nothing
                if (in.aux() >= 0 && in.aux() < limits.colorOutputs()) {
                    colorOutputs = Math.max(colorOutputs, in.aux() + 1);
                    emit(Ops.STORE_COLOR, 0, rd(in.a(), 1), 0, in.aux() * 4, 4);
                }
            }
            case STORE_DEPTH -> {
                // the output after the profile's colours; its x is the depth
                colorOutputs = Math.max(colorOutputs, limits.colorOutputs() + 1);
                writesDepth = true;
                emit(Ops.STORE_COLOR, 0, rd(in.a(), 1), 0, limits.colorOutputs() * 4, 4);
            }
            case STORE_VAR -> {
                // As the original: a store to a slot outside the varying file does nothing.
                if (in.aux() >= 0 && in.aux() < limits.varyingSlots()) {
                    storedVarSlots = Math.max(storedVarSlots, in.aux() + 1);
                    emit(Ops.STORE_VAR, 0, rd(in.a(), 1), 0, in.aux() * 4, 4);
                }
            }
            case DISCARD -> emit(Ops.DISCARD, 0, 0, 0, 0, 0);
            case DDX, DDY, DDX_FINE, DDY_FINE -> {
                if (in.dst() >= 0) {
                    emit(Ops.DERIV, wr(in.dst(), 1), rd(in.a(), 1), 0, Quads.kind(op), lanes(nc, 4));
                }
            }
            case LOAD_SYSVAL -> {
                if (in.dst() >= 0) {
                    // an unknown system value reads the vertex number; the verifier rejects it
                    int at = in.aux() >= 0 && in.aux() < Opcode.SYSVALS ? 4 * in.aux() : 0;
                    emit(Ops.LOAD_SYSVAL, wr(in.dst(), 1), 0, 0, at, 4);
                }
            }
            case LOAD_INDEXED -> {
                if (in.dst() >= 0 && (in.a() < 0 || in.aux() < 1)) {
                    emit(Ops.ZERON, wr(in.dst(), 1), 0, 0, 0, 4); // no array: the verifier rejects it
                } else if (in.dst() >= 0) {
                    emit(Ops.LOAD_INDEXED, wr(in.dst(), 1), rd(in.a(), in.aux()), rd(in.b(), 1), in.aux(),
                            lanes(nc, 4));
                }
            }
            case STORE_INDEXED -> {
                if (in.dst() >= 0 && in.aux() >= 1) {
                    emit(Ops.STORE_INDEXED, wr(in.dst(), in.aux()), rd(in.a(), 1), rd(in.b(), 1), in.aux(),
                            lanes(nc, 4));
                }
            }
            case LOAD_UNI_INDEXED -> {
                if (in.dst() >= 0) {
                    if (in.aux() < 0 || in.aux2() < 1) {
                        emit(Ops.ZERON, wr(in.dst(), 1), 0, 0, 0, 4);
                    } else {
                        uniSlots = Math.max(uniSlots, in.aux() + in.aux2());
                        int at = emit(Ops.LOAD_UNI_INDEXED, wr(in.dst(), 1), 0, rd(in.b(), 1), in.aux() * 4, 4);
                        code[at * STRIDE + Ops.Y] = in.aux2();
                    }
                }
            }
            default -> integer(op, in);
        }
    }

    /** The integer-lane opcodes (see {@link IntLanes}). */
    private void integer(Opcode op, Insn in) {
        if (op.integerForm() == null) {
            throw new IllegalStateException("unhandled opcode " + op); // all are listed
        }
        if (in.dst() < 0) {
            return;
        }
        int n = lanes(in.ncomp(), 4);
        int d = wr(in.dst(), 1);
        int a = rd(in.a(), 1);
        int b = rd(in.b(), 1);
        switch (op.integerForm()) {
            case UNARY -> emit(Ops.IUN, d, a, 0, IntLanes.unaryKind(op), n);
            case BINARY -> emit(Ops.IBIN, d, a, b, IntLanes.binaryKind(op), n);
            case COMPARE -> emit(op == Opcode.ICMP ? Ops.ICMP : Ops.UCMP, d, a, b, in.aux(), 1);
            case FIELD -> emit(op == Opcode.IBFE ? Ops.IBFE : Ops.UBFE, d, a, b, 0, n);
        }
    }

    /**
     * A texel lookup {@code op} at sampler slot {@code aux}: at an integer kind's slot the float
     * lookup is followed by {@link IntLanes#UNORM8} in place, which gives the texel's 8-bit
     * channel values as the integer lanes an integer sampler reads (the lookups are nearest,
     * unfiltered already).
     */
    private void lookup(Insn in, int op) {
        texture(in, op);
        if (in.dst() >= 0 && in.aux() >= 0 && ir.iface().samplerKind(in.aux()).isIntegerSampler()) {
            int d = wr(in.dst(), 1);
            emit(Ops.IUN, d, d, 0, IntLanes.UNORM8, 4);
        }
    }

    /** A texture operation {@code op} at sampler slot {@code aux}; without a slot its result is zero. */
    private void texture(Insn in, int op) {
        if (in.dst() < 0) {
            return;
        }
        int slot = in.aux();
        if (slot < 0) {
            emit(Ops.ZERON, wr(in.dst(), 1), 0, 0, 0, 4);
        } else {
            samplerSlots = Math.max(samplerSlots, slot + 1);
            // only the cube-map array's shadow lookup reads b (its reference); SAMPLE2's bias or
            // level changes nothing at one level
            int b = op == Ops.SHADOW_CUBE_ARRAY ? rd(in.b(), 1) : 0;
            emit(op, wr(in.dst(), 1), rd(in.a(), 1), b, slot, 4);
        }
    }

    private boolean array(Insn in) {
        return ir.iface().samplerKind(in.aux()) == dev.csir.ir.Type.SAMPLER2DARRAY;
    }

    /** A lookup whose record's aux2 (the packed offset) goes to word y. */
    private void offsetTexture(Insn in, int op) {
        int before = count;
        texture(in, op);
        if (count > before && code[before * STRIDE] == op) {
            code[before * STRIDE + Ops.Y] = in.aux2();
        }
    }

    /**
     * A read of {@code span} vec4 slots from an input array; one slot is a 4-float copy, which
     * beats {@code System.arraycopy}, a matrix one arraycopy, which beats a dispatch per column.
     * A negative slot reads zeros.
     */
    private void load(int o, Insn in, int slot, int span) {
        if (in.dst() < 0) {
            return;
        }
        int d = wr(in.dst(), span);
        if (slot < 0) {
            emit(Ops.ZERON, d, 0, 0, 0, span * 4);
            return;
        }
        if (o == Ops.LOAD_UNI1 && span > 1) {
            emit(Ops.LOAD_UNI, d, 0, 0, slot * 4, span * 4);
            return;
        }
        for (int k = 0; k < span; k++) {
            emit(o, d + 4 * k, 0, 0, (slot + k) * 4, 4);
        }
    }

    private void unary(int o, Insn in, int n) {
        if (in.dst() >= 0) {
            emit(o, wr(in.dst(), 1), rd(in.a(), 1), 0, 0, n);
        }
    }

    private void binary(int o, Insn in, int n) {
        if (in.dst() >= 0) {
            emit(o, wr(in.dst(), 1), rd(in.a(), 1), rd(in.b(), 1), 0, n);
        }
    }

    /** The variant of an op for this lane count. */
    private static int by(int n, int one, int three, int four, int other) {
        return n == 1 ? one : n == 3 ? three : n == 4 ? four : other;
    }

    private static int lanes(int nc, int dflt) {
        return nc == 0 ? dflt : Math.min(nc, 4);
    }

    /** Offset of a source of {@code span} registers; a negative index reads the zero block. */
    private int rd(int t, int span) {
        if (t < 0) {
            return zeroBlock;
        }
        regs = Math.max(regs, t + span);
        return t * 4;
    }

    private int wr(int t, int span) {
        regs = Math.max(regs, t + span);
        return t * 4;
    }

    /** Pre-resolves a CONST into 4 lanes; immediates outside the pool read as 0. */
    private int constant(int first, int n) {
        if (nconst + 4 > consts.length) {
            consts = Arrays.copyOf(consts, consts.length * 2);
        }
        int at = nconst;
        for (int k = 0; k < n; k++) {
            int i = first + k;
            consts[at + k] = i >= 0 && i < ir.immediateCount() ? ir.immediate(i) : 0f;
        }
        nconst += 4;
        return at;
    }

    private int emit(int op, int d, int a, int b, int x, int n) {
        if ((count + 1) * STRIDE > code.length) {
            code = Arrays.copyOf(code, code.length * 2);
        }
        int at = count * STRIDE;
        code[at] = op;
        code[at + Ops.D] = d;
        code[at + Ops.A] = a;
        code[at + Ops.B] = b;
        code[at + Ops.X] = x;
        code[at + Ops.N] = n;
        return count++;
    }

    /** Sets the jump target of instruction {@code insn} to instruction {@code target}. */
    private void patch(int insn, int target) {
        code[insn * STRIDE + Ops.X] = target * STRIDE;
    }
}
