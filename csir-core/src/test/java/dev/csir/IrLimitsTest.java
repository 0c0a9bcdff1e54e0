package dev.csir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Messages;
import dev.csir.ir.Insn;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.tgsi.BudgetShaders;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import dev.csir.verify.Verifier;
import dev.csir.verify.Verifier.Problem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every documented CSIR and TGSI limit at its exact edge, through {@link IrBuilder},
 * {@link Verifier} and {@link TgsiEmitter}: 384 instructions, 160 immediates, 96 temporaries,
 * IF and LOOP nesting 32 (together), the slot counts behind the interface marks (ChrisOS: 8 attributes, 8
 * varyings, 32 uniform vec4s, 4 samplers; the default profile: 16, 32, 1024 and 32, both tested) and
 * the 3600-byte TGSI budget. The language's limits, and these
 * pools reached from source, are in {@link LanguageLimitsTest}.
 */
class IrLimitsTest {
    private static final Limits D = Limits.CHRISOS;

    @Test
    void theDocumentedValues() {
        assertThat(List.of(D.maxInstructions(), D.maxImmediates(), D.maxTemporaries(), D.maxIfDepth(),
                D.attributeSlots(), D.varyingSlots(), D.uniformSlots(), D.samplerSlots(), D.tgsiBudget()))
                .containsExactly(384, 160, 96, 32, 8, 8, 32, 4, 3600);
    }

    // ---------------------------------------------------------------- the builder's pools

    // Past a limit the builder records the overflow and goes on counting, so the message can
    // say what the shader needs in all.

    @Test
    void builderHolds384Instructions() {
        IrBuilder b = new IrBuilder(D);
        for (int i = 0; i < 384; i++) {
            assertThat(b.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0)).isEqualTo(i);
        }
        assertThat(b.failed()).isFalse();
        assertThat(b.failure(true)).isNull();
        b.at(7, 3);
        assertThat(b.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0)).isEqualTo(384);
        b.at(9, 1);
        b.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        assertThat(b.failure(true)).isEqualTo("shader exceeds the instruction limit: needs 386 instructions, the limit is 384");
        // located where the limit was crossed, not where counting ended
        assertThat(List.of(b.failureLine(), b.failureColumn())).containsExactly(7, 3);
    }

    @Test
    void builderHolds160Immediates() {
        IrBuilder b = new IrBuilder(D);
        assertThat(b.immediates(new float[156])).isZero();
        assertThat(b.immediates(1f, 2f, 3f, 4f)).isEqualTo(156);
        assertThat(b.failed()).isFalse();
        assertThat(b.immediates(5f)).isEqualTo(160);
        assertThat(b.failure(true)).isEqualTo("too many constants: needs 161 constant values, the limit is 160");
    }

    @Test
    void builderHolds96Temporaries() {
        IrBuilder b = new IrBuilder(D);
        assertThat(b.temp(92)).isZero();
        assertThat(b.temp(4)).isEqualTo(92);
        assertThat(b.failed()).isFalse();
        assertThat(b.temp()).isEqualTo(96);
        assertThat(b.temp(4)).isEqualTo(97);
        assertThat(b.failure(true)).isEqualTo("shader exceeds the temporary limit: needs 101 temporaries, the limit is 96");
        // a count cut short says so
        assertThat(b.failure(false)).isEqualTo("shader exceeds the temporary limit: needs at least 101 temporaries, the limit is 96");
    }

    @Test
    void theFirstOverflowIsTheOneReported() {
        IrBuilder b = new IrBuilder(D);
        b.temp(96);
        assertThat(b.constant(1f)).isEqualTo(96);
        b.immediates(new float[200]);
        assertThat(b.failure(true)).startsWith(Messages.TEMPORARY_LIMIT + ": needs 97 ");
    }

    @Test
    void countingStopsAtTheCap() {
        IrBuilder b = new IrBuilder(D);
        assertThat(b.temp(IrBuilder.CAP)).isZero();
        assertThat(b.capped()).isFalse();
        assertThat(b.temp()).isEqualTo(-1);
        assertThat(b.capped()).isTrue();
        // once stopped, nothing more is allocated: the total is a lower bound
        assertThat(b.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0)).isEqualTo(-1);
        assertThat(b.failure(true)).isEqualTo("shader exceeds the temporary limit: needs at least "
                + (IrBuilder.CAP + 1) + " temporaries, the limit is 96");
    }

    // ---------------------------------------------------------------- the verifier's sizes

    static ShaderIr vertex(List<Insn> code, int imms, int temps, ShaderInterface iface) {
        return new ShaderIr("t", Stage.VERTEX, code, new float[imms], temps, iface);
    }

    static List<Insn> nops(int n) {
        List<Insn> code = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            code.add(Insn.of(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0));
        }
        return code;
    }

    @Test
    void verifierSizes() {
        ShaderInterface none = ShaderInterface.EMPTY;
        assertThat(Verifier.verify(vertex(nops(384), 160, 96, none), D)).isEmpty();
        List<Problem> size = List.of(new Problem(-1, Messages.IR_SIZE_INVALID));
        assertThat(Verifier.verify(vertex(nops(385), 0, 1, none), D)).isEqualTo(size);
        assertThat(Verifier.verify(vertex(nops(1), 161, 1, none), D)).isEqualTo(size);
        assertThat(Verifier.verify(vertex(nops(1), 0, 97, none), D)).isEqualTo(size);
        // the same sizes pass once the limits are raised
        Limits raised = new Limits(385, 161, 97, 32, 8, 8, 32, 4, 3600, 4095);
        assertThat(Verifier.verify(vertex(nops(385), 161, 97, none), raised)).isEmpty();
    }

    @Test
    void aTemporaryPastTheLimitIsInvalidEvenWhenCounted() {
        ShaderIr ir = vertex(List.of(Insn.of(Opcode.MOV, Type.VEC4, 4, 96, 0, -1, 0, 0)), 0, 97, ShaderInterface.EMPTY);
        assertThat(Verifier.verify(ir, D)).containsExactly(new Problem(-1, Messages.IR_SIZE_INVALID),
                new Problem(0, Messages.INVALID_DESTINATION));
        ShaderIr last = vertex(List.of(Insn.of(Opcode.MOV, Type.VEC4, 4, 95, 0, -1, 0, 0)), 0, 96, ShaderInterface.EMPTY);
        assertThat(Verifier.verify(last, D)).isEmpty();
    }

    /** {@code depth} nested IFs around a discard, each closed. */
    static ShaderIr nested(int depth) {
        List<Insn> code = new ArrayList<>();
        for (int i = 0; i < depth; i++) {
            code.add(Insn.of(Opcode.IF, Type.NONE, 0, -1, 0, -1, 0, 0));
        }
        code.add(Insn.of(Opcode.DISCARD, Type.NONE, 0, -1, -1, -1, 0, 0));
        for (int i = 0; i < depth; i++) {
            code.add(Insn.of(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0));
        }
        return new ShaderIr("t", Stage.FRAGMENT, code, new float[0], 1, ShaderInterface.EMPTY);
    }

    @Test
    void ifNestsAtMost32Deep() {
        assertThat(Verifier.verify(nested(32))).isEmpty();
        assertThat(TgsiEmitter.emit(nested(32))).isInstanceOf(TgsiResult.Ok.class);
        // the innermost IF is the one refused
        assertThat(Verifier.verify(nested(33))).containsExactly(new Problem(32, Messages.INVALID_IF));
        Limits deeper = new Limits(384, 160, 96, 40, 8, 8, 32, 4, 3600, 4095);
        assertThat(Verifier.verify(nested(40), deeper)).isEmpty();
        assertThat(Verifier.verify(nested(41), deeper)).containsExactly(new Problem(40, Messages.INVALID_IF));
    }

    /**
     * {@code depth} constructs nested alternately LOOP, IF, LOOP, ... (the innermost holds a
     * BREAK), each closed; one more LOOP or IF at the innermost level when {@code innermostIf}
     * says which.
     */
    static ShaderIr mixedNesting(int depth, boolean innermostIf) {
        List<Insn> code = new ArrayList<>();
        List<Opcode> closers = new ArrayList<>();
        for (int i = 0; i < depth; i++) {
            boolean loop = i < depth - 1 ? i % 2 == 0 : !innermostIf;
            code.add(Insn.of(loop ? Opcode.LOOP : Opcode.IF, Type.NONE, 0, -1, loop ? -1 : 0, -1, 0, 0));
            closers.add(loop ? Opcode.ENDLOOP : Opcode.ENDIF);
        }
        code.add(Insn.of(Opcode.BREAK, Type.NONE, 0, -1, -1, -1, 0, 0));
        for (Opcode closer : closers.reversed()) {
            code.add(Insn.of(closer, Type.NONE, 0, -1, -1, -1, 0, 0));
        }
        return new ShaderIr("t", Stage.FRAGMENT, code, new float[0], 1, ShaderInterface.EMPTY);
    }

    @Test
    void ifsAndLoopsNestAtMost32DeepTogetherInBothProfiles() {
        for (Limits lim : List.of(Limits.CHRISOS, Limits.DEFAULT)) {
            for (boolean innermostIf : new boolean[] {false, true}) {
                assertThat(Verifier.verify(mixedNesting(32, innermostIf), lim)).isEmpty();
                assertThat(TgsiEmitter.emit(mixedNesting(32, innermostIf), null, lim))
                        .isInstanceOf(TgsiResult.Ok.class);
                // the 33rd construct, counted across both kinds, is the one refused
                String refused = innermostIf ? Messages.INVALID_IF : Messages.LOOP_TOO_DEEP;
                assertThat(Verifier.verify(mixedNesting(33, innermostIf), lim))
                        .containsExactly(new Problem(32, refused));
            }
        }
        Limits deeper = new Limits(384, 160, 96, 40, 8, 8, 32, 4, 3600, 4095);
        assertThat(Verifier.verify(mixedNesting(40, false), deeper)).isEmpty();
        assertThat(Verifier.verify(mixedNesting(41, false), deeper))
                .containsExactly(new Problem(40, Messages.LOOP_TOO_DEEP));
    }

    // ---------------------------------------------------------------- slots

    @Test
    void interfaceMarksStayBelowTheSlotCounts() {
        // Found by the random-IR property test: marks past the slot counts used to verify, and
        // TGSI then declared inputs, constants or samplers that do not exist.
        for (Limits lim : List.of(Limits.CHRISOS, Limits.DEFAULT)) {
            int a = lim.attributeSlots();
            int v = lim.varyingSlots();
            int u = lim.uniformSlots();
            int s = lim.samplerSlots();
            for (ShaderInterface ok : List.of(new ShaderInterface(a - 1, v - 1, u - 1, s - 1, List.of()),
                    ShaderInterface.EMPTY)) {
                assertThat(Verifier.verify(vertex(nops(1), 0, 1, ok), lim)).as(ok.toString()).isEmpty();
            }
            for (ShaderInterface past : List.of(new ShaderInterface(a, -1, -1, -1, List.of()),
                    new ShaderInterface(-1, v, -1, -1, List.of()), new ShaderInterface(-1, -1, u, -1, List.of()),
                    new ShaderInterface(-1, -1, -1, s, List.of()))) {
                assertThat(Verifier.verify(vertex(nops(1), 0, 1, past), lim)).as(past.toString())
                        .containsExactly(new Problem(-1, Messages.INTERFACE_MARK_RANGE));
            }
        }
    }

    @Test
    void slotOperandsStayBelowTheSlotCounts() {
        record Case(Stage stage, Opcode op, int aux, int aux2, String message) {
        }
        // each profile's last slot verifies, the one after it does not
        for (Limits lim : List.of(Limits.CHRISOS, Limits.DEFAULT)) {
            int a = lim.attributeSlots() - 1;
            int v = lim.varyingSlots() - 1;
            int u = lim.uniformSlots() - 1;
            int s = lim.samplerSlots() - 1;
            ShaderInterface all = new ShaderInterface(a, v, u, s, List.of());
            for (Case c : List.of(
                    new Case(Stage.VERTEX, Opcode.LOAD_ATTR, a, 0, Messages.INVALID_ATTRIBUTE),
                    new Case(Stage.VERTEX, Opcode.STORE_VAR, v, 0, Messages.INVALID_VARYING),
                    new Case(Stage.FRAGMENT, Opcode.LOAD_VAR, v, 0, Messages.INVALID_VARYING),
                    new Case(Stage.FRAGMENT, Opcode.SAMPLE, s, 0, Messages.INVALID_SAMPLER),
                    new Case(Stage.VERTEX, Opcode.LOAD_UNI, u, 1, Messages.INVALID_UNIFORM_LOAD),
                    new Case(Stage.VERTEX, Opcode.LOAD_UNI, u - 3, 4, Messages.INVALID_UNIFORM_LOAD))) {
                boolean load = c.op() != Opcode.STORE_VAR;
                int span = Math.max(1, c.aux2());
                Insn at = Insn.of(c.op(), Type.VEC4, 4, load ? 0 : -1, load && c.op() != Opcode.SAMPLE ? -1 : 0, -1,
                        c.aux(), c.aux2());
                Insn past = Insn.of(c.op(), Type.VEC4, 4, at.dst(), at.a(), -1, c.aux() + 1,
                        c.aux2());
                ShaderIr ok = new ShaderIr("t", c.stage(), List.of(at), new float[0], 4 * span, all);
                assertThat(Verifier.verify(ok, lim)).as(c.toString()).isEmpty();
                ShaderIr bad = new ShaderIr("t", c.stage(), List.of(past), new float[0], 4 * span, all);
                assertThat(Verifier.verify(bad, lim)).as(c.toString()).containsExactly(new Problem(0, c.message()));
            }
        }
    }

    // ---------------------------------------------------------------- TGSI

    @Test
    void tgsiBudgetIsExactOnTheFinalLength() {
        ShaderIr atBudget = BudgetShaders.ofLength(3600);
        ShaderIr over = BudgetShaders.ofLength(3601);
        assertThat(Verifier.verify(atBudget)).isEmpty();
        assertThat(TgsiEmitter.emit(atBudget, null, D)).isInstanceOfSatisfying(TgsiResult.Ok.class,
                ok -> assertThat(ok.text()).hasSize(3600));
        assertThat(TgsiEmitter.emit(over, null, D)).isInstanceOfSatisfying(TgsiResult.Failed.class, f -> assertThat(f.message())
                .isEqualTo("TGSI exceeds the VirGL command budget: needs 3601 bytes, the limit is 3600"));
        // the same shader fits once the budget is raised by the one byte it lacks
        Limits raised = new Limits(384, 160, 96, 32, 8, 8, 32, 4, 3601, 4095);
        assertThat(TgsiEmitter.emit(over, null, raised)).isInstanceOfSatisfying(TgsiResult.Ok.class,
                ok -> assertThat(ok.text()).hasSize(3601));
    }

    @Test
    void theDefaultProfileHoldsWhatTheRealConsumersTake() {
        Limits d = Limits.DEFAULT;
        assertThat(List.of(d.maxInstructions(), d.maxImmediates(), d.maxTemporaries(), d.maxIfDepth(), d.tgsiBudget()))
                .containsExactly(32767, 1024, 4096, 32, Integer.MAX_VALUE);
        assertThat(Limits.named("default")).isSameAs(d);
        assertThat(Limits.named("chrisos")).isSameAs(Limits.CHRISOS);
        assertThat(Limits.named("other")).isNull();
        assertThat(d.within(Limits.CHRISOS)).isEqualTo(Limits.CHRISOS);
        IrBuilder temps = new IrBuilder(d);
        assertThat(temps.temp(4096)).isZero();
        assertThat(temps.failed()).isFalse();
        temps.temp();
        assertThat(temps.failure(true)).isEqualTo("shader exceeds the temporary limit: needs 4097 temporaries, the limit is 4096");
        IrBuilder imms = new IrBuilder(d);
        assertThat(imms.immediates(new float[1024])).isZero();
        assertThat(imms.failed()).isFalse();
        imms.immediates(1f);
        assertThat(imms.failure(true)).isEqualTo("too many constants: needs 1025 constant values, the limit is 1024");
        IrBuilder insns = new IrBuilder(d);
        for (int i = 0; i < 32767; i++) {
            insns.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        }
        assertThat(insns.failed()).isFalse();
        insns.emit(Opcode.NOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        assertThat(insns.failure(true)).startsWith("shader exceeds the instruction limit: needs ")
                .endsWith("32768 instructions, the limit is 32767");
        ShaderInterface none = ShaderInterface.EMPTY;
        assertThat(Verifier.verify(vertex(nops(32767), 1024, 4096, none))).isEmpty();
        assertThat(Verifier.verify(vertex(nops(1), 1025, 1, none))).containsExactly(new Problem(-1, Messages.IR_SIZE_INVALID));
        assertThat(Verifier.verify(vertex(nops(1), 0, 4097, none))).containsExactly(new Problem(-1, Messages.IR_SIZE_INVALID));
    }
}
