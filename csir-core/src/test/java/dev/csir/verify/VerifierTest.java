package dev.csir.verify;

import static dev.csir.ir.Opcode.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Messages;
import dev.csir.ir.Cmp;
import dev.csir.ir.Insn;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.verify.Verifier.Problem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class VerifierTest {
    /** attrHi 3, varHi 2, uniHi 7, sampHi 1. */
    static final ShaderInterface IFACE = new ShaderInterface(3, 2, 7, 1, List.of());
    static final int TEMPS = 16;
    static final float[] IMMS = {1, 2, 3, 4, 5, 6, 7, 8};

    static Insn op(Opcode op, int ncomp, int dst, int a, int b, int aux, int aux2) {
        return Insn.of(op, Type.VEC4, ncomp, dst, a, b, aux, aux2);
    }

    static Insn op(Opcode op, int dst, int a, int b) {
        return op(op, 4, dst, a, b, 0, 0);
    }

    static ShaderIr shader(Stage stage, Insn... code) {
        return new ShaderIr("t", stage, List.of(code), IMMS, TEMPS, IFACE);
    }

    static ShaderIr vs(Insn... code) {
        return shader(Stage.VERTEX, code);
    }

    static ShaderIr fs(Insn... code) {
        return shader(Stage.FRAGMENT, code);
    }

    static List<Problem> at(int index, String... messages) {
        return Arrays.stream(messages).map(m -> new Problem(index, m)).toList();
    }

    static void rejects(ShaderIr ir, int index, String message) {
        assertThat(Verifier.verify(ir)).containsExactly(new Problem(index, message));
        assertThat(Verifier.isValid(ir)).isFalse();
    }

    /** A fragment shader touching every opcode that a fragment shader may hold. */
    static ShaderIr fullFragment() {
        return fs(
                op(CONST, 4, 0, -1, -1, 0, 0),
                op(CONST, 1, 1, -1, -1, 4, 0),
                op(MOV, 4, 2, 0, -1, 0, 0),
                op(SWZ, 2, 3, 0, -1, 0b1110, 0),
                op(SETLANE, 0, 3, 1, -1, 3, 0),
                op(ADD, 2, 0, 1), op(SUB, 2, 0, 1), op(MUL, 2, 0, 1), op(MAX, 2, 0, 1), op(MIN, 2, 0, 1),
                op(ABS, 2, 0, -1),
                op(DOT, 1, 4, 0, 2, 3, 0),
                op(RSQ, 1, 4, 4, -1, 0, 0), op(RCP, 1, 4, 4, -1, 0, 0),
                op(SIN, 1, 4, 4, -1, 0, 0), op(COS, 1, 4, 4, -1, 0, 0),
                op(POW, 1, 4, 4, 1, 0, 0), op(TRUNC, 1, 4, 4, -1, 0, 0),
                op(CMP, 1, 5, 4, 1, Cmp.GE.code(), 0),
                op(LOAD_UNI, 0, 8, -1, -1, 0, 4),
                op(LOAD_UNI, 0, 12, -1, -1, 4, 4),
                op(MULMV, 4, 6, 8, 2, 4, 0),
                op(MULMM, 4, 8, 8, 12, 4, 0),
                op(LOAD_VAR, 4, 7, -1, -1, 2, 0),
                op(LOAD_FCOORD, 4, 6, -1, -1, 0, 0),
                op(SAMPLE, 4, 6, 7, -1, 1, 0),
                op(IF, -1, 5, -1),
                op(DISCARD, -1, -1, -1),
                op(ELSE, -1, -1, -1),
                op(STORE_COLOR, -1, 6, -1),
                op(ENDIF, -1, -1, -1));
    }

    @Test
    void acceptsAShaderWithEveryFragmentOpcode() {
        assertThat(Verifier.verify(fullFragment())).isEmpty();
        assertThat(Verifier.isValid(fullFragment())).isTrue();
    }

    @Test
    void acceptsAVertexShaderWithItsInterfaceAtTheHighWaterMarks() {
        ShaderIr ir = vs(
                op(LOAD_ATTR, 4, 0, -1, -1, 3, 0),
                op(LOAD_UNI, 0, 1, -1, -1, 0, 3),
                op(MULMV, 3, 4, 1, 0, 3, 0),
                op(SAMPLE, 4, 5, 4, -1, 1, 0),
                op(STORE_VAR, 4, -1, 5, -1, 2, 0),
                op(STORE_POS, -1, 4, -1));
        assertThat(Verifier.verify(ir)).isEmpty();
    }

    @Test
    void skipsNopsWhateverTheirFields() {
        Insn garbage = new Insn(NOP.code(), 200, 99, 5000, -7, 9999, 1, -3, 77);
        assertThat(Verifier.verify(vs(garbage, op(STORE_POS, -1, 0, -1)))).isEmpty();
    }

    @Test
    void nullShaderIsAProblemNotAnException() {
        assertThat(Verifier.verify(null)).containsExactly(new Problem(-1, Messages.NO_SHADER));
        assertThat(Verifier.verify(vs(), null)).isEmpty();
    }

    @Test
    void problemDescribesItsInstruction() {
        assertThat(new Problem(4, "invalid else")).hasToString("instruction 4: invalid else");
        assertThat(new Problem(-1, "unbalanced control flow")).hasToString("unbalanced control flow");
    }

    // The size limits (instructions, immediates, temporaries at and past the limit), the IF
    // nesting limit and the interface marks against the slot limits are in dev.csir.IrLimitsTest.

    @Nested
    class Opcodes {
        @Test
        void opcodeAboveContinue() {
            rejects(vs(new Insn(Opcode.MAX_CODE + 1, 0, 0, -1, -1, -1, -1, 0, 0)), 0, Messages.INVALID_OPCODE);
            rejects(vs(new Insn(255, 0, 0, -1, -1, -1, -1, 0, 0)), 0, Messages.INVALID_OPCODE);
        }

        @Test
        void invalidType() {
            rejects(vs(new Insn(MOV.code(), dev.csir.ir.Type.values().length, 4, 0, 1, -1, -1, 0, 0)), 0, Messages.INVALID_TYPE);
        }

        @Test
        void componentCountAboveFour() {
            rejects(vs(op(ADD, 5, 0, 1, 2, 0, 0)), 0, Messages.INVALID_COMPONENT_COUNT);
        }

        @Test
        void invalidComparison() {
            rejects(vs(op(CMP, 1, 0, 1, 2, 0, 0)), 0, Messages.INVALID_COMPARISON);
            rejects(vs(op(CMP, 1, 0, 1, 2, 7, 0)), 0, Messages.INVALID_COMPARISON);
        }

        @Test
        void invalidDotWidth() {
            rejects(vs(op(DOT, 1, 0, 1, 2, 0, 0)), 0, Messages.INVALID_DOT_WIDTH);
            rejects(vs(op(DOT, 1, 0, 1, 2, 5, 0)), 0, Messages.INVALID_DOT_WIDTH);
        }

        @Test
        void invalidLanes() {
            rejects(vs(op(SETLANE, 0, 0, 1, -1, 4, 0)), 0, Messages.INVALID_LANE);
            rejects(vs(op(SETLANE, 0, 0, 1, -1, 0, -1)), 0, Messages.INVALID_LANE);
        }

        @Test
        void invalidSwizzleMask() {
            rejects(vs(op(SWZ, 4, 0, 1, -1, 256, 0)), 0, Messages.INVALID_SWIZZLE);
            rejects(vs(op(SWZ, 4, 0, 1, -1, -1, 0)), 0, Messages.INVALID_SWIZZLE);
        }

        @Test
        void destinationOutOfRangeOrMissing() {
            rejects(vs(op(MOV, TEMPS, 0, -1)), 0, Messages.INVALID_DESTINATION);
            rejects(vs(op(ADD, -1, 0, 1)), 0, Messages.INVALID_DESTINATION);
            rejects(vs(op(LOAD_ATTR, 4, -1, -1, -1, 0, 0)), 0, Messages.INVALID_DESTINATION);
        }

        @Test
        void operandOutOfRangeOrMissing() {
            rejects(vs(op(ADD, 0, 1, TEMPS)), 0, Messages.INVALID_OPERAND);
            rejects(vs(op(ADD, 0, 1, -1)), 0, Messages.INVALID_OPERAND);
            rejects(vs(op(MOV, 0, -1, -1)), 0, Messages.INVALID_OPERAND);
            rejects(vs(op(STORE_POS, -1, -1, -1)), 0, Messages.INVALID_OPERAND);
            rejects(vs(op(STORE_VAR, 4, -1, -1, -1, 0, 0)), 0, Messages.INVALID_OPERAND);
            rejects(fs(op(SAMPLE, 4, 0, -1, -1, 0, 0)), 0, Messages.INVALID_OPERAND);
            // An unused operand that is set must still be a valid temporary (as the original).
            rejects(vs(op(ABS, 0, 1, 50)), 0, Messages.INVALID_OPERAND);
        }

        @Test
        void theCFieldIsNotChecked() {
            assertThat(Verifier.verify(vs(new Insn(MOV.code(), 7, 4, 0, 1, -1, 999, 0, 0)))).isEmpty();
        }
    }

    @Nested
    class ControlFlow {
        @Test
        void elseWithoutIf() {
            rejects(fs(op(ELSE, -1, -1, -1)), 0, Messages.INVALID_ELSE);
        }

        @Test
        void doubleElse() {
            rejects(fs(op(IF, -1, 0, -1), op(ELSE, -1, -1, -1), op(ELSE, -1, -1, -1), op(ENDIF, -1, -1, -1)),
                    2, Messages.INVALID_ELSE);
        }

        @Test
        void endifWithoutIf() {
            rejects(fs(op(IF, -1, 0, -1), op(ENDIF, -1, -1, -1), op(ENDIF, -1, -1, -1)), 2, Messages.INVALID_ENDIF);
        }

        @Test
        void openAtTheEnd() {
            rejects(fs(op(IF, -1, 0, -1), op(IF, -1, 0, -1), op(ENDIF, -1, -1, -1)), -1,
                    Messages.UNBALANCED_CONTROL_FLOW);
        }

        @Test
        void ifWithoutAValidCondition() {
            rejects(fs(op(IF, -1, -1, -1), op(ENDIF, -1, -1, -1)), 0, Messages.INVALID_IF);
            rejects(fs(op(IF, -1, TEMPS, -1), op(ENDIF, -1, -1, -1)), 0, Messages.INVALID_IF);
        }

        @Test
        void anElseWithEachOfTwoNestedIfsIsFine() {
            assertThat(Verifier.verify(fs(op(IF, -1, 0, -1), op(IF, -1, 0, -1), op(ELSE, -1, -1, -1),
                    op(ENDIF, -1, -1, -1), op(ELSE, -1, -1, -1), op(ENDIF, -1, -1, -1)))).isEmpty();
        }

        @Test
        void strayMarkersDoNotDerailTheRestOfTheScan() {
            // The ENDIF without IF is ignored, so the later IF/ELSE/ENDIF still balance.
            assertThat(Verifier.verify(fs(op(ENDIF, -1, -1, -1), op(ELSE, -1, -1, -1), op(IF, -1, 0, -1),
                    op(ELSE, -1, -1, -1), op(ENDIF, -1, -1, -1))))
                    .containsExactly(new Problem(0, Messages.INVALID_ENDIF), new Problem(1, Messages.INVALID_ELSE));
        }
    }

    static Insn mark(Opcode op) {
        return op(op, -1, -1, -1);
    }

    @Nested
    class Loops {
        @Test
        void acceptsLoopsNestedWithIfsBreaksAndContinues() {
            assertThat(Verifier.verify(fs(
                    mark(LOOP),
                    op(IF, -1, 0, -1), mark(BREAK), mark(ELSE), mark(CONTINUE), mark(ENDIF),
                    mark(LOOP), mark(BREAK), mark(ENDLOOP),
                    op(IF, -1, 1, -1), mark(LOOP), op(IF, -1, 2, -1), mark(CONTINUE), mark(ENDIF),
                    mark(BREAK), mark(ENDLOOP), mark(ENDIF),
                    mark(CONTINUE),
                    mark(ENDLOOP),
                    op(IF, -1, 0, -1), mark(LOOP), mark(BREAK), mark(ENDLOOP), mark(ENDIF)))).isEmpty();
        }

        @Test
        void endloopWithoutLoop() {
            rejects(fs(mark(ENDLOOP)), 0, Messages.ENDLOOP_WITHOUT_LOOP);
            rejects(fs(mark(LOOP), mark(ENDLOOP), mark(ENDLOOP)), 2, Messages.ENDLOOP_WITHOUT_LOOP);
            // an IF is no LOOP: the ENDLOOP is ignored, the ENDIF still closes the IF
            rejects(fs(op(IF, -1, 0, -1), mark(ENDLOOP), mark(ENDIF)), 1, Messages.ENDLOOP_WITHOUT_LOOP);
        }

        @Test
        void unclosedLoop() {
            rejects(fs(mark(LOOP), mark(LOOP), mark(BREAK), mark(ENDLOOP)), -1, Messages.UNCLOSED_LOOP);
            // an IF left open as well is reported as before
            assertThat(Verifier.verify(fs(mark(LOOP), mark(ENDLOOP), op(IF, -1, 0, -1), mark(LOOP))))
                    .containsExactly(new Problem(-1, Messages.UNCLOSED_LOOP),
                            new Problem(-1, Messages.UNBALANCED_CONTROL_FLOW));
        }

        @Test
        void anIfOpenedInALoopClosesBeforeItsEndloop() {
            // the ENDLOOP closes the IF with it, so the ENDIF after it is stray
            assertThat(Verifier.verify(fs(mark(LOOP), op(IF, -1, 0, -1), mark(ENDLOOP), mark(ENDIF))))
                    .containsExactly(new Problem(2, Messages.ENDLOOP_IN_IF), new Problem(3, Messages.INVALID_ENDIF));
            rejects(fs(mark(LOOP), op(IF, -1, 0, -1), op(IF, -1, 0, -1), mark(ENDIF), mark(ENDLOOP)), 4,
                    Messages.ENDLOOP_IN_IF);
        }

        @Test
        void elseAndEndifDoNotCrossALoopBoundary() {
            // the ELSE is ignored, so the IF outside still closes after the loop
            rejects(fs(op(IF, -1, 0, -1), mark(LOOP), mark(ELSE), mark(ENDLOOP), mark(ENDIF)), 2,
                    Messages.ELSE_ACROSS_LOOP);
            rejects(fs(op(IF, -1, 0, -1), mark(LOOP), mark(ENDIF), mark(ENDLOOP), mark(ENDIF)), 2,
                    Messages.ENDIF_ACROSS_LOOP);
            // with no IF open anywhere they are the plain stray markers
            rejects(fs(mark(LOOP), mark(ELSE), mark(ENDLOOP)), 1, Messages.INVALID_ELSE);
            rejects(fs(mark(LOOP), mark(ENDIF), mark(ENDLOOP)), 1, Messages.INVALID_ENDIF);
        }

        @Test
        void breakAndContinueOnlyInsideALoop() {
            rejects(fs(mark(BREAK)), 0, Messages.BREAK_OUTSIDE_LOOP);
            rejects(fs(mark(CONTINUE)), 0, Messages.CONTINUE_OUTSIDE_LOOP);
            rejects(fs(op(IF, -1, 0, -1), mark(BREAK), mark(ENDIF)), 1, Messages.BREAK_OUTSIDE_LOOP);
            rejects(fs(mark(LOOP), mark(ENDLOOP), mark(CONTINUE)), 2, Messages.CONTINUE_OUTSIDE_LOOP);
            // inside an IF inside a loop they are fine
            assertThat(Verifier.verify(fs(mark(LOOP), op(IF, -1, 0, -1), mark(CONTINUE), mark(ENDIF),
                    mark(BREAK), mark(ENDLOOP)))).isEmpty();
        }

        @Test
        void loopOpcodesCarryNoOperands() {
            rejects(fs(op(LOOP, 0, -1, -1), mark(ENDLOOP)), 0, Messages.INVALID_DESTINATION);
            rejects(fs(mark(LOOP), op(BREAK, -1, 0, -1), mark(ENDLOOP)), 1, Messages.INVALID_OPERAND);
            rejects(fs(mark(LOOP), op(CONTINUE, -1, -1, 3), mark(ENDLOOP)), 1, Messages.INVALID_OPERAND);
            rejects(fs(mark(LOOP), op(ENDLOOP, 2, -1, -1)), 1, Messages.INVALID_DESTINATION);
        }

        @Test
        void theNewOpcodesFollowTheOriginalNumbering() {
            // the documented contract: the original's 33 keep their numbers, additions come after
            assertThat(Opcode.DISCARD.code()).isEqualTo(32);
            assertThat(Opcode.MAX_ORIGINAL_CODE).isEqualTo(32);
            assertThat(List.of(LOOP.code(), ENDLOOP.code(), BREAK.code(), CONTINUE.code()))
                    .containsExactly(33, 34, 35, 36);
            assertThat(Opcode.MAX_CODE).isEqualTo(89).isEqualTo(Opcode.values().length - 1);
            assertThat(Opcode.of(89)).isEqualTo(Opcode.SAMPLE2);
            // the offset lookups and the gather after the derivatives
            assertThat(List.of(Opcode.of(85), Opcode.of(86), Opcode.of(87), Opcode.of(88))).containsExactly(
                    Opcode.SAMPLE_OFFSET, Opcode.SAMPLE_LOD_OFFSET, Opcode.FETCH_OFFSET, Opcode.GATHER);
            // after LOAD_SYSVAL, in the order they were added: the depth, the indexed records, the derivatives
            assertThat(List.of(Opcode.of(77), Opcode.of(78), Opcode.of(80), Opcode.of(81), Opcode.of(84))).containsExactly(
                    Opcode.STORE_DEPTH, Opcode.LOAD_INDEXED, Opcode.LOAD_UNI_INDEXED, Opcode.DDX, Opcode.DDY_FINE);
            assertThat(Opcode.of(33)).isEqualTo(LOOP);
            assertThat(Opcode.of(36)).isEqualTo(CONTINUE);
            assertThat(Opcode.of(37)).isEqualTo(Opcode.LG2);
            assertThat(Opcode.of(38)).isEqualTo(Opcode.SAMPLE_BIAS);
            assertThat(Opcode.of(39)).isEqualTo(Opcode.TEXSIZE);
            assertThat(Opcode.of(42)).isEqualTo(Opcode.FETCH);
            // the integer lanes follow FETCH, all of them version 2 only
            assertThat(Opcode.of(43)).isEqualTo(Opcode.IADD);
            assertThat(Opcode.of(72)).isEqualTo(Opcode.ICMP);
            assertThat(Opcode.of(76)).isEqualTo(Opcode.LOAD_SYSVAL);
            assertThat(Opcode.of(Opcode.MAX_CODE + 1)).isNull();
            // the indexed records come after, version 2 only (their numbers are left to the merge order)
            assertThat(List.of(Opcode.LOAD_INDEXED, Opcode.STORE_INDEXED, Opcode.LOAD_UNI_INDEXED))
                    .allMatch(o -> o.code() > Opcode.LOAD_SYSVAL.code() && o.isVersion2Only() && o.isIndexed());
            assertThat(Arrays.stream(Opcode.values()).filter(Opcode::isDerivative))
                    .allMatch(op -> op.isVersion2Only() && op.code() > Opcode.LOAD_SYSVAL.code()).hasSize(4);
            assertThat(Arrays.stream(Opcode.values()).filter(Opcode::isVersion2Only).limit(10))
                    .containsExactly(LOOP, ENDLOOP, BREAK, CONTINUE, Opcode.LG2, Opcode.SAMPLE_BIAS, Opcode.TEXSIZE,
                            Opcode.SAMPLE_LOD, Opcode.SAMPLE_GRAD, Opcode.FETCH);
            assertThat(Arrays.stream(Opcode.values()).filter(Opcode::isInteger))
                    .allMatch(Opcode::isVersion2Only).hasSize(33);
            assertThat(List.of(LOOP.mnemonic(), ENDLOOP.mnemonic(), BREAK.mnemonic(), CONTINUE.mnemonic()))
                    .containsExactly("loop", "endloop", "break", "continue");
        }
    }

    @Nested
    class Stages {
        @Test
        void positionStoreInAFragmentShader() {
            rejects(fs(op(STORE_POS, -1, 0, -1)), 0, Messages.POSITION_STORE_STAGE);
        }

        @Test
        void colorStoreInAVertexShader() {
            rejects(vs(op(STORE_COLOR, -1, 0, -1)), 0, Messages.COLOR_STORE_STAGE);
        }

        @Test
        void discardInAVertexShader() {
            rejects(vs(op(DISCARD, -1, -1, -1)), 0, Messages.DISCARD_STAGE);
        }

        @Test
        void interfaceTrafficOfTheOtherStage() {
            rejects(fs(op(LOAD_ATTR, 4, 0, -1, -1, 0, 0)), 0, Messages.ATTRIBUTE_LOAD_STAGE);
            rejects(vs(op(LOAD_VAR, 4, 0, -1, -1, 0, 0)), 0, Messages.VARYING_LOAD_STAGE);
            rejects(fs(op(STORE_VAR, 4, -1, 0, -1, 0, 0)), 0, Messages.VARYING_STORE_STAGE);
            rejects(vs(op(LOAD_FCOORD, 4, 0, -1, -1, 0, 0)), 0, Messages.FRAGCOORD_LOAD_STAGE);
        }
    }

    @Nested
    class Slots {
        @Test
        void samplerBelowZeroOrAboveTheHighWaterMark() {
            rejects(fs(op(SAMPLE, 4, 0, 1, -1, -1, 0)), 0, Messages.INVALID_SAMPLER);
            rejects(fs(op(SAMPLE, 4, 0, 1, -1, 2, 0)), 0, Messages.INVALID_SAMPLER);
        }

        /** Both profiles: the slot counts the verifier holds a shader to are the profile's. */
        static final List<Limits> PROFILES = List.of(Limits.CHRISOS, Limits.DEFAULT);

        @Test
        void samplerWithinTheMarkButBeyondTheSlots() {
            for (Limits lim : PROFILES) {
                int n = lim.samplerSlots();
                ShaderIr ir = fs(op(SAMPLE, 4, 0, 1, -1, n, 0))
                        .withInterface(new ShaderInterface(-1, -1, -1, n, List.of()));
                // the mark itself is out of range too (TGSI would declare sampler slots that do not exist)
                assertThat(Verifier.verify(ir, lim)).containsExactly(new Problem(-1, Messages.INTERFACE_MARK_RANGE),
                        new Problem(0, Messages.INVALID_SAMPLER));
                ShaderIr last = fs(op(SAMPLE, 4, 0, 1, -1, n - 1, 0))
                        .withInterface(new ShaderInterface(-1, -1, -1, n - 1, List.of()));
                assertThat(Verifier.verify(last, lim)).isEmpty();
            }
        }

        /** A fragment shader of one record at sampler slot 0, whose symbol is of {@code kind}; a lookup of its kind's result type. */
        private static ShaderIr atKind(Opcode op, Type kind) {
            Type result = op == TEXSIZE || !kind.isIntegerSampler() ? Type.VEC4
                    : kind.isUnsignedSampler() ? Type.U32VEC4 : Type.I32VEC4;
            return atKind(op, kind, result);
        }

        private static ShaderIr atKind(Opcode op, Type kind, Type result) {
            return fs(Insn.of(op, result, 4, 0, 1, 2, 0, 0)).withInterface(new ShaderInterface(-1, -1, -1, 0,
                    List.of(new dev.csir.ir.InterfaceVar(dev.csir.ir.InterfaceVar.Kind.UNIFORM, "s", kind, 0))));
        }

        @Test
        void aLookupResultIsItsSamplersType() {
            rejects(atKind(SAMPLE, Type.ISAMPLER2D, Type.VEC4), 0, Messages.LOOKUP_RESULT_TYPE);
            rejects(atKind(SAMPLE, Type.USAMPLER2D, Type.I32VEC4), 0, Messages.LOOKUP_RESULT_TYPE);
            rejects(atKind(FETCH, Type.SAMPLER2D, Type.U32VEC4), 0, Messages.LOOKUP_RESULT_TYPE);
            rejects(atKind(SAMPLE, Type.SAMPLER2DSHADOW, Type.I32VEC4), 0, Messages.LOOKUP_RESULT_TYPE);
            assertThat(Verifier.verify(atKind(SAMPLE_LOD, Type.USAMPLERCUBE, Type.U32VEC4))).isEmpty();
        }

        @Test
        void aShadowSlotTakesNoBiasNoDerivativesAndNoFetchAndOnly2dALevel() {
            for (Type shadow : List.of(Type.SAMPLER2DSHADOW, Type.SAMPLERCUBESHADOW, Type.SAMPLER2DARRAYSHADOW)) {
                assertThat(Verifier.verify(atKind(SAMPLE, shadow))).as(shadow.glslName()).isEmpty();
                assertThat(Verifier.verify(atKind(TEXSIZE, shadow))).as(shadow.glslName()).isEmpty();
                for (Opcode op : List.of(SAMPLE_BIAS, SAMPLE_GRAD, FETCH)) {
                    rejects(atKind(op, shadow), 0, Messages.INVALID_SAMPLER);
                }
            }
            // the cube's and the array's reference fills w, where a level would go
            assertThat(Verifier.verify(atKind(SAMPLE_LOD, Type.SAMPLER2DSHADOW))).isEmpty();
            rejects(atKind(SAMPLE_LOD, Type.SAMPLERCUBESHADOW), 0, Messages.INVALID_SAMPLER);
            rejects(atKind(SAMPLE_LOD, Type.SAMPLER2DARRAYSHADOW), 0, Messages.INVALID_SAMPLER);
        }

        /** A SAMPLE2 at slot 0 of {@code kind}, b.x being {@code what}. */
        private static ShaderIr sample2(Type kind, int what) {
            Type result = !kind.isIntegerSampler() ? Type.VEC4 : kind.isUnsignedSampler() ? Type.U32VEC4 : Type.I32VEC4;
            return fs(Insn.of(Opcode.SAMPLE2, result, 4, 0, 1, 2, 0, what)).withInterface(new ShaderInterface(-1, -1, -1, 0,
                    List.of(new dev.csir.ir.InterfaceVar(dev.csir.ir.InterfaceVar.Kind.UNIFORM, "s", kind, 0))));
        }

        @Test
        void aCubeMapArraysBiasLevelAndReferenceAreSample2sAndOnlyItsOwn() {
            for (Type kind : List.of(Type.SAMPLERCUBEARRAY, Type.ISAMPLERCUBEARRAY, Type.USAMPLERCUBEARRAY)) {
                for (Opcode op : List.of(SAMPLE, TEXSIZE)) {
                    assertThat(Verifier.verify(atKind(op, kind))).as("%s at a %s", op, kind.glslName()).isEmpty();
                }
                assertThat(Verifier.verify(sample2(kind, Opcode.SAMPLE2_BIAS))).isEmpty();
                assertThat(Verifier.verify(sample2(kind, Opcode.SAMPLE2_LOD))).isEmpty();
                rejects(sample2(kind, Opcode.SAMPLE2_REFERENCE), 0, Messages.INVALID_SAMPLER);
                rejects(sample2(kind, 3), 0, Messages.INVALID_SAMPLER);
                // the coordinate fills a: no lane for SAMPLE_BIAS's or SAMPLE_LOD's w
                for (Opcode op : List.of(SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, FETCH)) {
                    rejects(atKind(op, kind), 0, Messages.INVALID_SAMPLER);
                }
            }
            Type shadow = Type.SAMPLERCUBEARRAYSHADOW;
            assertThat(Verifier.verify(sample2(shadow, Opcode.SAMPLE2_REFERENCE))).isEmpty();
            assertThat(Verifier.verify(atKind(TEXSIZE, shadow))).isEmpty();
            rejects(atKind(SAMPLE, shadow), 0, Messages.INVALID_SAMPLER);
            rejects(sample2(shadow, Opcode.SAMPLE2_LOD), 0, Messages.INVALID_SAMPLER);
            // SAMPLE2 is the cube-map arrays' only
            rejects(sample2(Type.SAMPLERCUBE, Opcode.SAMPLE2_LOD), 0, Messages.INVALID_SAMPLER);
            rejects(sample2(Type.SAMPLERCUBESHADOW, Opcode.SAMPLE2_REFERENCE), 0, Messages.INVALID_SAMPLER);
        }

        @Test
        void aMultisampleSlotTakesFetchAndSizeOnly() {
            for (Type kind : List.of(Type.SAMPLER2DMS, Type.ISAMPLER2DMS, Type.USAMPLER2DMS, Type.SAMPLER2DMSARRAY,
                    Type.ISAMPLER2DMSARRAY, Type.USAMPLER2DMSARRAY)) {
                for (Opcode op : List.of(FETCH, TEXSIZE)) {
                    assertThat(Verifier.verify(atKind(op, kind))).as("%s at a %s", op, kind.glslName()).isEmpty();
                }
                for (Opcode op : List.of(SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, Opcode.FETCH_OFFSET, Opcode.GATHER)) {
                    rejects(atKind(op, kind), 0, Messages.INVALID_SAMPLER);
                }
                rejects(sample2(kind, Opcode.SAMPLE2_LOD), 0, Messages.INVALID_SAMPLER);
            }
        }

        @Test
        void integerSlotsTakeDerivativesAndFetchesOn2dOnly() {
            for (Type ints : List.of(Type.ISAMPLER2D, Type.USAMPLER2D)) {
                for (Opcode op : List.of(SAMPLE, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD, FETCH, TEXSIZE)) {
                    assertThat(Verifier.verify(atKind(op, ints))).as("%s at a %s", op, ints.glslName()).isEmpty();
                }
            }
            for (Type ints : List.of(Type.ISAMPLER3D, Type.USAMPLERCUBE, Type.ISAMPLER2DARRAY)) {
                assertThat(Verifier.verify(atKind(SAMPLE_LOD, ints))).isEmpty();
                rejects(atKind(SAMPLE_GRAD, ints), 0, Messages.INVALID_SAMPLER);
                rejects(atKind(FETCH, ints), 0, Messages.INVALID_SAMPLER);
            }
        }

        @Test
        void samplerWithNoSamplerDeclared() {
            rejects(fs(op(SAMPLE, 4, 0, 1, -1, 0, 0)).withInterface(ShaderInterface.EMPTY), 0,
                    Messages.INVALID_SAMPLER);
        }

        @Test
        void attributeBelowZeroOrAboveTheHighWaterMark() {
            rejects(vs(op(LOAD_ATTR, 4, 0, -1, -1, -1, 0)), 0, Messages.INVALID_ATTRIBUTE);
            rejects(vs(op(LOAD_ATTR, 4, 0, -1, -1, 4, 0)), 0, Messages.INVALID_ATTRIBUTE);
        }

        @Test
        void attributeWithinTheMarkButBeyondTheSlots() {
            for (Limits lim : PROFILES) {
                int n = lim.attributeSlots();
                ShaderIr ir = vs(op(LOAD_ATTR, 4, 0, -1, -1, n, 0))
                        .withInterface(new ShaderInterface(n, -1, -1, -1, List.of()));
                assertThat(Verifier.verify(ir, lim)).containsExactly(new Problem(-1, Messages.INTERFACE_MARK_RANGE),
                        new Problem(0, Messages.INVALID_ATTRIBUTE));
                ShaderIr last = vs(op(LOAD_ATTR, 4, 0, -1, -1, n - 1, 0))
                        .withInterface(new ShaderInterface(n - 1, -1, -1, -1, List.of()));
                assertThat(Verifier.verify(last, lim)).isEmpty();
            }
        }

        @Test
        void varyingOutsideTheSlots() {
            for (Limits lim : PROFILES) {
                int n = lim.varyingSlots();
                assertThat(Verifier.verify(fs(op(LOAD_VAR, 4, 0, -1, -1, -1, 0)), lim))
                        .containsExactly(new Problem(0, Messages.INVALID_VARYING));
                assertThat(Verifier.verify(fs(op(LOAD_VAR, 4, 0, -1, -1, n, 0)), lim))
                        .containsExactly(new Problem(0, Messages.INVALID_VARYING));
                assertThat(Verifier.verify(vs(op(STORE_VAR, 4, -1, 0, -1, n, 0)), lim))
                        .containsExactly(new Problem(0, Messages.INVALID_VARYING));
                assertThat(Verifier.verify(fs(op(LOAD_VAR, 4, 0, -1, -1, n - 1, 0)), lim)).isEmpty();
                assertThat(Verifier.verify(vs(op(STORE_VAR, 4, -1, 0, -1, n - 1, 0)), lim)).isEmpty();
            }
        }

        @Test
        void uniformLoadOfNoSlotsOrBelowZeroOrPastTheSlots() {
            rejects(vs(op(LOAD_UNI, 0, 0, -1, -1, 0, 0)), 0, Messages.INVALID_UNIFORM_LOAD);
            rejects(vs(op(LOAD_UNI, 0, 0, -1, -1, -1, 1)), 0, Messages.INVALID_UNIFORM_LOAD);
            for (Limits lim : PROFILES) {
                int n = lim.uniformSlots();
                assertThat(Verifier.verify(vs(op(LOAD_UNI, 0, 0, -1, -1, n - 3, 4)), lim))
                        .containsExactly(new Problem(0, Messages.INVALID_UNIFORM_LOAD));
                assertThat(Verifier.verify(vs(op(LOAD_UNI, 0, 0, -1, -1, n, 1)), lim))
                        .containsExactly(new Problem(0, Messages.INVALID_UNIFORM_LOAD));
                assertThat(Verifier.verify(vs(op(LOAD_UNI, 0, 0, -1, -1, n - 4, 4)), lim)).isEmpty();
                assertThat(Verifier.verify(vs(op(LOAD_UNI, 0, 0, -1, -1, n - 1, 1)), lim)).isEmpty();
            }
        }
    }

    @Nested
    class Spans {
        @Test
        void uniformLoadWhoseLastColumnIsNotATemporary() {
            rejects(vs(op(LOAD_UNI, 0, TEMPS - 3, -1, -1, 0, 4)), 0, Messages.INVALID_UNIFORM_LOAD);
            rejects(vs(op(LOAD_UNI, 0, -1, -1, -1, 0, 1)), 0, Messages.INVALID_UNIFORM_LOAD);
            assertThat(Verifier.verify(vs(op(LOAD_UNI, 0, TEMPS - 4, -1, -1, 0, 4)))).isEmpty();
        }

        @Test
        void matrixMultiplyOfAWidthOtherThanThreeOrFour() {
            rejects(vs(op(MULMM, 4, 0, 4, 8, 2, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
            rejects(vs(op(MULMM, 4, 0, 4, 8, 5, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
            rejects(vs(op(MULMV, 4, 0, 4, 8, 2, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
        }

        @Test
        void matrixMultiplyEachSpanInFull() {
            int last = TEMPS - 3; // a four-column span from here runs one past the file
            rejects(vs(op(MULMM, 4, last, 0, 4, 4, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
            rejects(vs(op(MULMM, 4, 0, last, 4, 4, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
            rejects(vs(op(MULMM, 4, 0, 4, last, 4, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
            rejects(vs(op(MULMV, 4, 0, last, 1, 4, 0)), 0, Messages.INVALID_MATRIX_MULTIPLY);
            assertThat(Verifier.verify(vs(op(MULMV, 4, 0, last, 1, 3, 0)))).isEmpty();
            assertThat(Verifier.verify(vs(op(MULMM, 4, last - 1, last - 1, last - 1, 4, 0)))).isEmpty();
        }

        @Test
        void matrixVectorMultiplyNeedsAVectorAndADestination() {
            rejects(vs(op(MULMV, 4, 0, 4, -1, 4, 0)), 0, Messages.INVALID_OPERAND);
            rejects(vs(op(MULMV, 4, -1, 4, 0, 4, 0)), 0, Messages.INVALID_DESTINATION);
        }
    }

    @Nested
    class Constants {
        @Test
        void immediateOverflow() {
            rejects(vs(op(CONST, 4, 0, -1, -1, IMMS.length - 3, 0)), 0, Messages.INVALID_CONSTANT);
            assertThat(Verifier.verify(vs(op(CONST, 4, 0, -1, -1, IMMS.length - 4, 0)))).isEmpty();
        }

        @Test
        void immediateIndexBelowZero() {
            rejects(vs(op(CONST, 1, 0, -1, -1, -1, 0)), 0, Messages.INVALID_CONSTANT);
        }

        @Test
        void destinationNotATemporary() {
            rejects(vs(op(CONST, 1, TEMPS, -1, -1, 0, 0)), 0, Messages.INVALID_CONSTANT);
        }

        @Test
        void zeroComponents() {
            rejects(vs(op(CONST, 0, 0, -1, -1, 0, 0)), 0, Messages.INVALID_COMPONENT_COUNT);
        }

        @Test
        void theOriginalsZeroOperandsAreAccepted() {
            assertThat(Verifier.verify(vs(new Insn(CONST.code(), 7, 4, 1, 0, 0, 0, 0, 0)))).isEmpty();
        }
    }

    @Test
    void reportsEveryProblemInOrder() {
        ShaderIr ir = vs(
                op(ELSE, -1, -1, -1),                       // 0: else without if
                new Insn(Opcode.MAX_CODE + 1, 0, 0, 0, 0, 0, 0, 0, 0), // 1: bad opcode
                op(MOV, 4, 0, 1, -1, 0, 0),                 // 2: fine
                op(DISCARD, -1, -1, -1),                    // 3: wrong stage
                op(ADD, 9, TEMPS, -1, 2, 0, 0),             // 4: ncomp, destination, operand
                op(SAMPLE, 4, 1, 2, -1, 3, 0),              // 5: sampler
                op(IF, -1, 0, -1));                         // open at the end
        assertThat(Verifier.verify(ir)).containsExactly(
                new Problem(0, Messages.INVALID_ELSE),
                new Problem(1, Messages.INVALID_OPCODE),
                new Problem(3, Messages.DISCARD_STAGE),
                new Problem(4, Messages.INVALID_COMPONENT_COUNT),
                new Problem(4, Messages.INVALID_DESTINATION),
                new Problem(4, Messages.INVALID_OPERAND),
                new Problem(5, Messages.INVALID_SAMPLER),
                new Problem(-1, Messages.UNBALANCED_CONTROL_FLOW));
    }

    @Test
    void randomRecordsNeverThrowAndWhatIsAcceptedStaysInBounds() {
        Random rnd = new Random(1234);
        int accepted = 0;
        for (int n = 0; n < 20000; n++) {
            int len = rnd.nextInt(8);
            List<Insn> code = new ArrayList<>();
            for (int i = 0; i < len; i++) {
                code.add(new Insn(rnd.nextInt(36), rnd.nextInt(16), rnd.nextInt(6), small(rnd), small(rnd),
                        small(rnd), small(rnd), small(rnd), small(rnd)));
            }
            ShaderIr ir = new ShaderIr("r", rnd.nextBoolean() ? Stage.VERTEX : Stage.FRAGMENT, code,
                    new float[rnd.nextInt(6)], rnd.nextInt(10),
                    new ShaderInterface(small(rnd) & 7, -1, -1, small(rnd) & 7, List.of()));
            List<Problem> problems = Verifier.verify(ir);
            assertThat(problems).allSatisfy(p -> assertThat(p.index()).isBetween(-1, len - 1));
            if (problems.isEmpty()) {
                accepted++;
                assertInBounds(ir, Limits.DEFAULT);
            }
        }
        assertThat(accepted).isBetween(500, 19999);
    }

    /**
     * The contract, restated from what the interpreter and the TGSI emitter touch per opcode:
     * every temporary, immediate, slot, lane and code of an accepted shader is in range.
     */
    private static void assertInBounds(ShaderIr ir, Limits lim) {
        int depth = 0;
        for (Insn in : ir.code()) {
            Opcode op = in.opcode();
            assertThat(op).isNotNull();
            if (op == NOP) {
                continue; // its fields are never read, so they may hold anything
            }
            assertThat(Type.of(in.ty())).isNotNull();
            assertThat(in.ncomp()).isBetween(0, 4);
            int cols = in.aux();
            switch (op) {
                case NOP, ELSE, DISCARD, BREAK, CONTINUE -> { }
                case ENDIF, ENDLOOP -> depth--;
                case LOOP -> assertThat(++depth).isLessThanOrEqualTo(lim.maxIfDepth());
                case IF -> {
                    temps(ir, in.a(), 1);
                    assertThat(++depth).isLessThanOrEqualTo(lim.maxIfDepth());
                }
                case CONST -> {
                    temps(ir, in.dst(), 1);
                    assertThat(in.aux()).isNotNegative();
                    assertThat(in.aux() + in.ncomp()).isLessThanOrEqualTo(ir.immediateCount());
                }
                case MOV, SWZ, ABS, RSQ, RCP, SIN, COS, TRUNC, SETLANE, SAMPLE -> {
                    temps(ir, in.dst(), 1);
                    temps(ir, in.a(), 1);
                }
                case ADD, SUB, MUL, MAX, MIN, POW, DOT, CMP -> {
                    temps(ir, in.dst(), 1);
                    temps(ir, in.a(), 1);
                    temps(ir, in.b(), 1);
                }
                case MULMV -> {
                    temps(ir, in.dst(), 1);
                    temps(ir, in.a(), cols);
                    temps(ir, in.b(), 1);
                }
                case MULMM -> {
                    temps(ir, in.dst(), cols);
                    temps(ir, in.a(), cols);
                    temps(ir, in.b(), cols);
                }
                case LOAD_UNI -> {
                    temps(ir, in.dst(), in.aux2());
                    assertThat(in.aux()).isNotNegative();
                    assertThat(in.aux() + in.aux2()).isLessThanOrEqualTo(lim.uniformSlots());
                }
                case LOAD_ATTR, LOAD_VAR, LOAD_FCOORD -> temps(ir, in.dst(), 1);
                case STORE_POS, STORE_VAR, STORE_COLOR -> temps(ir, in.a(), 1);
            }
            switch (op) {
                case SAMPLE -> assertThat(in.aux()).isBetween(0, lim.samplerSlots() - 1);
                case LOAD_ATTR -> assertThat(in.aux()).isBetween(0, lim.attributeSlots() - 1);
                case LOAD_VAR, STORE_VAR -> assertThat(in.aux()).isBetween(0, lim.varyingSlots() - 1);
                case CMP -> assertThat(Cmp.of(in.aux())).isNotNull();
                case DOT -> assertThat(in.aux()).isBetween(1, 4);
                case MULMV, MULMM -> assertThat(cols).isIn(3, 4);
                default -> { }
            }
            assertThat(depth).isNotNegative();
        }
        assertThat(depth).isZero();
    }

    private static void temps(ShaderIr ir, int base, int n) {
        assertThat(n).isPositive();
        assertThat(base).isNotNegative();
        assertThat(base + n).isLessThanOrEqualTo(Math.min(ir.temps(), Limits.DEFAULT.maxTemporaries()));
    }

    private static int small(Random rnd) {
        return rnd.nextInt(10) - 1;
    }
}
