package dev.csir.verify;

import dev.csir.diag.Messages;
import dev.csir.ir.Cmp;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.TexelOffset;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that a CSIR shader is structurally sound, so that the interpreter can run it and the
 * TGSI emitter can emit it without failing; it reports every problem rather than the first.
 *
 * <p>The checks of the original {@code sh_verify} run in its order: the whole-shader sizes
 * ({@code IR size is invalid}), then per non-NOP instruction the opcode, IF/ELSE/ENDIF, the
 * stage restrictions, SAMPLE, LOAD_ATTR, LOAD_VAR/STORE_VAR, LOAD_UNI, MULMM, CONST, the
 * destination and the operands, and finally the closing depth. A bad stage is not checked here
 * because {@link Stage} cannot hold one (the CSI loader reports it). Problems at index -1 concern
 * the whole shader.
 *
 * <p>Additions, because the contract is that anything accepted runs and emits:
 * <ul>
 * <li>the immediate pool must fit {@link Limits#maxImmediates()} ({@code IR size is invalid});</li>
 * <li>the interface high-water marks must lie below the slot limits, since TGSI declares every
 *     slot up to them ({@code interface high-water mark beyond the slot limits});</li>
 * <li>IF nests at most {@link Limits#maxIfDepth()} deep; control-flow state stays sensible after
 *     an error (an IF is always pushed, a stray ELSE or ENDIF is ignored);</li>
 * <li>LOOP/ENDLOOP (CSI version 2) nest in the same stack as IF/ELSE/ENDIF: an IF opened in a
 *     loop closes before its ENDLOOP ({@code ENDLOOP before the IF inside its loop is closed}),
 *     ELSE and ENDIF never close an IF outside the innermost loop ({@code ELSE crosses a LOOP
 *     boundary}), every ENDLOOP has its LOOP and every LOOP its ENDLOOP ({@code ENDLOOP without
 *     LOOP}, {@code unclosed LOOP}), BREAK and CONTINUE lie inside a loop, the IF and LOOP
 *     nesting together is at most {@link Limits#maxIfDepth()} deep ({@code LOOP nested deeper
 *     than the limit}, or {@code invalid if}), and the loop opcodes carry no operands;</li>
 * <li>LOAD_ATTR only in vertex shaders, LOAD_VAR and LOAD_FCOORD only in fragment shaders,
 *     STORE_VAR only in vertex shaders (the language never produces anything else);</li>
 * <li>slots are bounded by the limits as well as the interface: SAMPLE {@code aux <= sampHi <
 *     samplerSlots}, LOAD_ATTR {@code aux <= attrHi < attributeSlots}, varyings
 *     {@code < varyingSlots}, LOAD_UNI {@code aux + aux2 <= uniformSlots}, STORE_COLOR's output
 *     {@code aux < colorOutputs} ({@code invalid colour output});</li>
 * <li>multi-temporary spans are checked in full: LOAD_UNI {@code dst..dst+aux2-1}; MULMM
 *     {@code dst}, {@code a} and {@code b} over {@code aux} columns; MULMV {@code a..a+aux-1}
 *     with {@code aux} 3 or 4 ({@code invalid matrix multiply});</li>
 * <li>the indexed records (CSI version 2) keep their whole array in bounds, whatever the index:
 *     LOAD_INDEXED {@code a..a+aux-1} and STORE_INDEXED {@code dst..dst+aux-1} are temporaries,
 *     LOAD_UNI_INDEXED {@code aux + aux2 <= uniformSlots}, each with a length of at least 1, and
 *     the index {@code b} a temporary ({@code invalid indexed access});</li>
 * <li>{@code ty} must name a {@link Type} ({@code invalid type}); {@code ncomp} is 0..4, and
 *     1..4 on CONST ({@code invalid component count});</li>
 * <li>CMP carries a {@link Cmp} code ({@code invalid comparison}); DOT a width 1..4
 *     ({@code invalid dot product width}); SETLANE lanes 0..3 ({@code invalid lane}); SWZ a
 *     mask 0..255 ({@code invalid swizzle});</li>
 * <li>the integer opcodes (CSI version 2) carry the type of what they write: integer lanes
 *     ({@link Type#isIntegerLanes()}; {@code integer opcode without an integer-lane type}), a
 *     float type for I2F and U2F ({@code conversion to float without a float type}), BOOL for
 *     ICMP and UCMP ({@code comparison without the bool type}), whose aux is a {@link Cmp} code;
 *     LOAD_SYSVAL with aux a system value ({@code invalid system value}) of its stage: the vertex
 *     numbers in vertex shaders, front facing (a bool) in fragment shaders;</li>
 * <li>the derivatives (CSI version 2) only in fragment shaders ({@code derivative in a
 *     non-fragment shader});</li>
 * <li>each opcode's operands must be present: every value-producing op needs a destination,
 *     and the ops that read {@code a} or {@code b} need them ({@code invalid destination},
 *     {@code invalid operand}; IF's {@code a} reports {@code invalid if}).</li>
 * </ul>
 */
public final class Verifier {
    private Verifier() {
    }

    /** One problem: the instruction index, or -1 for the whole shader, and the message. */
    public record Problem(int index, String message) {
        @Override
        public String toString() {
            return index < 0 ? message : "instruction " + index + ": " + message;
        }
    }

    /** Every problem of {@code ir} against the default limits; empty when it is valid. */
    public static List<Problem> verify(ShaderIr ir) {
        return verify(ir, Limits.DEFAULT);
    }

    /** Every problem of {@code ir} against {@code limits}; empty when it is valid. Never throws. */
    public static List<Problem> verify(ShaderIr ir, Limits limits) {
        if (ir == null) {
            return List.of(new Problem(-1, Messages.NO_SHADER));
        }
        return new Scan(ir, limits == null ? Limits.DEFAULT : limits).run();
    }

    /** Whether {@code ir} has no problem against the default limits. */
    public static boolean isValid(ShaderIr ir) {
        return verify(ir).isEmpty();
    }

    /** One pass over one shader; holds the control-flow stack and the problems found. */
    private static final class Scan {
        private final ShaderIr ir;
        private final Limits limits;
        private final ShaderInterface iface;
        private final List<Problem> problems = new ArrayList<>();
        /**
         * Per open construct: whether it is a LOOP, and for an IF whether its ELSE was seen.
         * Sized so no nesting can overflow them.
         */
        private final boolean[] isLoop;
        private final boolean[] elseSeen;
        private int depth;
        /** How many of the open constructs are LOOPs. */
        private int loops;
        private int index;

        Scan(ShaderIr ir, Limits limits) {
            this.ir = ir;
            this.limits = limits;
            this.iface = ir.iface();
            this.isLoop = new boolean[ir.size() + 1];
            this.elseSeen = new boolean[ir.size() + 1];
        }

        List<Problem> run() {
            index = -1;
            if (ir.temps() > limits.maxTemporaries() || ir.size() > limits.maxInstructions()
                    || ir.immediateCount() > limits.maxImmediates()) {
                report(Messages.IR_SIZE_INVALID);
            }
            if (iface.attrHi() >= limits.attributeSlots() || iface.varHi() >= limits.varyingSlots()
                    || iface.uniHi() >= limits.uniformSlots() || iface.sampHi() >= limits.samplerSlots()) {
                report(Messages.INTERFACE_MARK_RANGE);
            }
            for (index = 0; index < ir.size(); index++) {
                instruction(ir.insn(index));
            }
            index = -1;
            if (loops != 0) {
                report(Messages.UNCLOSED_LOOP);
            }
            if (depth != loops) {
                report(Messages.UNBALANCED_CONTROL_FLOW);
            }
            return List.copyOf(problems);
        }

        private void instruction(Insn in) {
            Opcode op = in.opcode();
            if (op == null) {
                report(Messages.INVALID_OPCODE);
                return;
            }
            if (op == Opcode.NOP) {
                return;
            }
            controlFlow(op, in);
            stage(op, in);
            slotsAndSpans(op, in);
            shape(op, in);
            operands(op, in);
        }

        /**
         * IF/ELSE/ENDIF and LOOP/ENDLOOP nest in one stack, so neither construct can close across
         * the other, and {@link Limits#maxIfDepth()} bounds them together, as the interpreter's one
         * stack of open constructs does (and so each alone stays within Gallium's 32-deep
         * condition and loop stacks). After a problem the stack stays sensible: an IF or LOOP
         * is always pushed, a stray ELSE, ENDIF or ENDLOOP is ignored, and an ENDLOOP that finds
         * IFs still open inside its loop closes them with it.
         */
        private void controlFlow(Opcode op, Insn in) {
            switch (op) {
                case IF -> {
                    if (!temp(in.a()) || depth >= limits.maxIfDepth()) {
                        report(Messages.INVALID_IF);
                    }
                    push(false);
                }
                case ELSE -> {
                    if (innermostIsLoop()) {
                        report(depth > loops ? Messages.ELSE_ACROSS_LOOP : Messages.INVALID_ELSE);
                    } else if (depth == 0 || elseSeen[depth - 1]) {
                        report(Messages.INVALID_ELSE);
                    } else {
                        elseSeen[depth - 1] = true;
                    }
                }
                case ENDIF -> {
                    if (innermostIsLoop()) {
                        report(depth > loops ? Messages.ENDIF_ACROSS_LOOP : Messages.INVALID_ENDIF);
                    } else if (depth == 0) {
                        report(Messages.INVALID_ENDIF);
                    } else {
                        depth--;
                    }
                }
                case LOOP -> {
                    if (depth >= limits.maxIfDepth()) {
                        report(Messages.LOOP_TOO_DEEP);
                    }
                    push(true);
                    loops++;
                }
                case ENDLOOP -> {
                    if (loops == 0) {
                        report(Messages.ENDLOOP_WITHOUT_LOOP);
                    } else {
                        if (!innermostIsLoop()) {
                            report(Messages.ENDLOOP_IN_IF);
                        }
                        while (!isLoop[depth - 1]) {
                            depth--;
                        }
                        depth--;
                        loops--;
                    }
                }
                case BREAK -> check(loops > 0, Messages.BREAK_OUTSIDE_LOOP);
                case CONTINUE -> check(loops > 0, Messages.CONTINUE_OUTSIDE_LOOP);
                default -> {
                }
            }
        }

        private void push(boolean loop) {
            isLoop[depth] = loop;
            elseSeen[depth++] = false;
        }

        private boolean innermostIsLoop() {
            return depth > 0 && isLoop[depth - 1];
        }

        private void stage(Opcode op, Insn in) {
            boolean vertex = ir.stage() == Stage.VERTEX;
            switch (op) {
                case STORE_POS -> check(vertex, Messages.POSITION_STORE_STAGE);
                case STORE_COLOR, STORE_DEPTH -> check(!vertex, Messages.COLOR_STORE_STAGE);
                case DISCARD -> check(!vertex, Messages.DISCARD_STAGE);
                case LOAD_ATTR -> check(vertex, Messages.ATTRIBUTE_LOAD_STAGE);
                case LOAD_VAR -> check(!vertex, Messages.VARYING_LOAD_STAGE);
                case STORE_VAR -> check(vertex, Messages.VARYING_STORE_STAGE);
                case LOAD_FCOORD -> check(!vertex, Messages.FRAGCOORD_LOAD_STAGE);
                case LOAD_SYSVAL -> check(vertex == Opcode.vertexSysval(in.aux()), Messages.SYSVAL_LOAD_STAGE);
                case DDX, DDY, DDX_FINE, DDY_FINE -> check(!vertex, Messages.DERIVATIVE_STAGE);
                default -> {
                }
            }
        }

        /**
         * A lookup's result is the type its slot's kind gives: integer lanes at an integer
         * sampler's slot (I32VEC4 or U32VEC4, as the executors write them), VEC4 at any other.
         */
        private void lookupType(Opcode op, Insn in) {
            boolean lookup = switch (op) {
                case SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE2, FETCH, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET,
                        GATHER -> true;
                default -> false;
            };
            if (!lookup || !slot(in.aux(), iface.sampHi(), limits.samplerSlots())) {
                return;
            }
            Type kind = iface.samplerKind(in.aux());
            Type want = !kind.isIntegerSampler() ? Type.VEC4 : kind.isUnsignedSampler() ? Type.U32VEC4 : Type.I32VEC4;
            check(in.ty() == want.code(), Messages.LOOKUP_RESULT_TYPE);
        }

        /** Whether sampler slot {@code slot} (a valid one) is a cube-map array of any kind. */
        private boolean cubeArray(int slot) {
            return iface.samplerKind(slot).samplerGeometry() == dev.csir.ir.Type.SAMPLERCUBEARRAY;
        }

        /** Whether sampler slot {@code slot} (a valid one) is a multisample one of any kind. */
        private boolean multisample(int slot) {
            dev.csir.ir.Type g = iface.samplerKind(slot).samplerGeometry();
            return g == dev.csir.ir.Type.SAMPLER2DMS || g == dev.csir.ir.Type.SAMPLER2DMSARRAY;
        }

        private void slotsAndSpans(Opcode op, Insn in) {
            lookupType(op, in);
            switch (op) {
                case TEXSIZE -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots()), Messages.INVALID_SAMPLER);
                // a cube-map array shadow's reference has no lane in a: its lookup is SAMPLE2's
                case SAMPLE -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots())
                        && iface.samplerKind(in.aux()) != dev.csir.ir.Type.SAMPLERCUBEARRAYSHADOW && !multisample(in.aux()),
                        Messages.INVALID_SAMPLER);
                // a shadow slot's reference takes a lane: no bias beside it, a level only beside 2D's z;
                // a cube-map array's coordinate takes all four, so its bias and level are SAMPLE2's
                case SAMPLE_BIAS -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots())
                        && !iface.samplerKind(in.aux()).isShadowSampler() && !cubeArray(in.aux()) && !multisample(in.aux()),
                        Messages.INVALID_SAMPLER);
                case SAMPLE_LOD -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots())
                        && iface.samplerKind(in.aux()).samplerReferenceLane() != 3 && !cubeArray(in.aux())
                        && !multisample(in.aux()),
                        Messages.INVALID_SAMPLER);
                // the reference at the shadow kind, a bias or a level at the others
                case SAMPLE2 -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots()) && cubeArray(in.aux())
                        && (in.aux2() == Opcode.SAMPLE2_BIAS || in.aux2() == Opcode.SAMPLE2_LOD
                                || in.aux2() == Opcode.SAMPLE2_REFERENCE)
                        && (in.aux2() == Opcode.SAMPLE2_REFERENCE) == iface.samplerKind(in.aux()).isShadowSampler(),
                        Messages.INVALID_SAMPLER);
                // explicit derivatives and texel fetches are defined on 2D slots without a comparison only
                case SAMPLE_GRAD -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots())
                        && iface.samplerKind(in.aux()).samplerGeometry() == dev.csir.ir.Type.SAMPLER2D
                        && !iface.samplerKind(in.aux()).isShadowSampler(), Messages.INVALID_SAMPLER);
                // a multisample slot's fetch reads a sample
                case FETCH -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots())
                        && (iface.samplerKind(in.aux()).samplerGeometry() == dev.csir.ir.Type.SAMPLER2D || multisample(in.aux()))
                        && !iface.samplerKind(in.aux()).isShadowSampler(), Messages.INVALID_SAMPLER);
                // and so is the offset fetch; the other offset lookups and the gather take 2D arrays too
                case FETCH_OFFSET -> check(slot(in.aux(), iface.sampHi(), limits.samplerSlots())
                        && iface.samplerKind(in.aux()) == dev.csir.ir.Type.SAMPLER2D && TexelOffset.valid(in.aux2()),
                        Messages.INVALID_SAMPLER);
                case SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, GATHER -> check(slot(in.aux(), iface.sampHi(),
                        limits.samplerSlots()) && (iface.samplerKind(in.aux()) == dev.csir.ir.Type.SAMPLER2D
                        || iface.samplerKind(in.aux()) == dev.csir.ir.Type.SAMPLER2DARRAY)
                        && TexelOffset.valid(in.aux2()), Messages.INVALID_SAMPLER);
                case LOAD_ATTR -> check(slot(in.aux(), iface.attrHi(), limits.attributeSlots()),
                        Messages.INVALID_ATTRIBUTE);
                case LOAD_VAR, STORE_VAR -> check(in.aux() >= 0 && in.aux() < limits.varyingSlots(),
                        Messages.INVALID_VARYING);
                case STORE_COLOR -> check(in.aux() >= 0 && in.aux() < limits.colorOutputs(), Messages.INVALID_COLOR_OUTPUT);
                case LOAD_UNI -> check(in.aux() >= 0 && in.aux2() >= 1
                        && in.aux() + in.aux2() <= limits.uniformSlots() && span(in.dst(), in.aux2()),
                        Messages.INVALID_UNIFORM_LOAD);
                case LOAD_INDEXED -> check(span(in.a(), in.aux()), Messages.INVALID_INDEXED_ACCESS);
                case STORE_INDEXED -> check(span(in.dst(), in.aux()), Messages.INVALID_INDEXED_ACCESS);
                case LOAD_UNI_INDEXED -> check(in.aux() >= 0 && in.aux2() >= 1
                        && in.aux() + in.aux2() <= limits.uniformSlots(), Messages.INVALID_INDEXED_ACCESS);
                case MULMM -> check(matrixWidth(in.aux()) && span(in.dst(), in.aux())
                        && span(in.a(), in.aux()) && span(in.b(), in.aux()),
                        Messages.INVALID_MATRIX_MULTIPLY);
                case MULMV -> check(matrixWidth(in.aux()) && span(in.a(), in.aux()),
                        Messages.INVALID_MATRIX_MULTIPLY);
                case CONST -> check(temp(in.dst()) && in.aux() >= 0
                        && in.aux() + in.ncomp() <= ir.immediateCount(), Messages.INVALID_CONSTANT);
                default -> {
                }
            }
        }

        /** The per-opcode shape of the record: type, component count, codes and lanes. */
        private void shape(Opcode op, Insn in) {
            check(Type.of(in.ty()) != null, Messages.INVALID_TYPE);
            int minComponents = op == Opcode.CONST ? 1 : 0;
            check(in.ncomp() >= minComponents && in.ncomp() <= 4, Messages.INVALID_COMPONENT_COUNT);
            switch (op) {
                case CMP -> check(Cmp.of(in.aux()) != null, Messages.INVALID_COMPARISON);
                case DOT -> check(in.aux() >= 1 && in.aux() <= 4, Messages.INVALID_DOT_WIDTH);
                case SETLANE -> check(lane(in.aux()) && lane(in.aux2()), Messages.INVALID_LANE);
                case SWZ -> check(in.aux() >= 0 && in.aux() <= 0xFF, Messages.INVALID_SWIZZLE);
                case LOAD_SYSVAL -> {
                    check(in.aux() >= 0 && in.aux() < Opcode.SYSVALS, Messages.INVALID_SYSVAL);
                    if (in.aux() == Opcode.SYSVAL_FRONT_FACING) {
                        check(in.ty() == Type.BOOL.code(), Messages.SYSVAL_TYPE);
                    } else {
                        integerType(in);
                    }
                }
                default -> {
                    if (op.isInteger()) {
                        integerShape(op, in);
                    }
                }
            }
        }

        /** The result type an integer opcode must carry, and a comparison's code. */
        private void integerShape(Opcode op, Insn in) {
            Type ty = Type.of(in.ty());
            switch (op) {
                case I2F, U2F -> check(ty == null || ty == Type.FLOAT || ty == Type.VEC2 || ty == Type.VEC3
                        || ty == Type.VEC4, Messages.CONVERSION_RESULT_TYPE);
                case ICMP, UCMP -> {
                    check(Cmp.of(in.aux()) != null, Messages.INVALID_COMPARISON);
                    check(ty == null || ty == Type.BOOL, Messages.COMPARISON_RESULT_TYPE);
                }
                default -> integerType(in);
            }
        }

        /** An unknown type is already reported as {@code invalid type}. */
        private void integerType(Insn in) {
            Type ty = Type.of(in.ty());
            check(ty == null || ty.isIntegerLanes(), Messages.INTEGER_RESULT_TYPE);
        }

        /**
         * The destination and the {@code a}/{@code b} operands: a present one must be a valid
         * temporary, a required one must be present. Fields a specific check above already
         * covers are left to it, so one fault gives one problem.
         */
        private void operands(Opcode op, Insn in) {
            if (op == Opcode.LOOP || op == Opcode.ENDLOOP || op == Opcode.BREAK || op == Opcode.CONTINUE) {
                // csir's own opcodes carry no operands at all, so no stray field has a meaning
                check(in.dst() < 0, Messages.INVALID_DESTINATION);
                check(in.a() < 0 && in.b() < 0, Messages.INVALID_OPERAND);
                return;
            }
            boolean ownDst = op == Opcode.LOAD_UNI || op == Opcode.MULMM || op == Opcode.CONST
                    || op == Opcode.STORE_INDEXED;
            boolean ownA = op == Opcode.IF || op == Opcode.MULMM || op == Opcode.MULMV || op == Opcode.LOAD_INDEXED;
            boolean ownB = op == Opcode.MULMM;
            if (!ownDst) {
                check(field(in.dst(), writes(op)), Messages.INVALID_DESTINATION);
            }
            boolean a = ownA || field(in.a(), readsA(op));
            boolean b = ownB || field(in.b(), readsB(op));
            check(a && b, Messages.INVALID_OPERAND);
        }

        private static boolean writes(Opcode op) {
            return switch (op) {
                case STORE_POS, STORE_VAR, STORE_COLOR, STORE_DEPTH, IF, ELSE, ENDIF, DISCARD, NOP, LOOP, ENDLOOP,
                        BREAK, CONTINUE -> false;
                default -> true;
            };
        }

        private static boolean readsA(Opcode op) {
            if (op.isInteger()) {
                return true;
            }
            return switch (op) {
                case MOV, SWZ, SETLANE, ADD, SUB, MUL, MAX, MIN, ABS, DOT, RSQ, RCP, SIN, COS, LG2, POW,
                        TRUNC, CMP, MULMV, MULMM, SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE2, FETCH, TEXSIZE, SAMPLE_OFFSET, SAMPLE_LOD_OFFSET, FETCH_OFFSET, GATHER, STORE_POS,
                        STORE_VAR, STORE_COLOR, STORE_DEPTH, IF, STORE_INDEXED, DDX, DDY, DDX_FINE, DDY_FINE -> true;
                default -> false;
            };
        }

        private static boolean readsB(Opcode op) {
            if (op.isInteger()) {
                return op.readsB();
            }
            return switch (op) {
                case ADD, SUB, MUL, MAX, MIN, DOT, POW, CMP, MULMV, MULMM, SAMPLE_GRAD, SAMPLE2, LOAD_INDEXED, STORE_INDEXED,
                        LOAD_UNI_INDEXED -> true;
                default -> false;
            };
        }

        /** A field that must be a valid temporary when required or when set (>= 0). */
        private boolean field(int t, boolean required) {
            return required || t >= 0 ? temp(t) : true;
        }

        private boolean temp(int t) {
            return t >= 0 && t < ir.temps() && t < limits.maxTemporaries();
        }

        /** {@code n} consecutive valid temporaries from {@code base}. */
        private boolean span(int base, int n) {
            return n >= 1 && temp(base) && temp(base + n - 1);
        }

        private static boolean slot(int slot, int hi, int slots) {
            return slot >= 0 && slot <= hi && slot < slots;
        }

        private static boolean matrixWidth(int cols) {
            return cols == 3 || cols == 4;
        }

        private static boolean lane(int lane) {
            return lane >= 0 && lane <= 3;
        }

        private void check(boolean ok, String message) {
            if (!ok) {
                report(message);
            }
        }

        private void report(String message) {
            problems.add(new Problem(index, message));
        }
    }
}
