package dev.csir.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ir.Insn;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.IrDump;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Each extra pass on small hand-built IR: what it rewrites and what it must leave alone. */
class PassesTest {
    private final IrBuilder b = new IrBuilder();

    private void op(Opcode op, int ncomp, int dst, int a, int bb, int aux, int aux2) {
        b.emit(op, Type.VEC4, ncomp, dst, a, bb, aux, aux2);
    }

    private void store(int t) {
        op(Opcode.STORE_COLOR, 4, -1, t, -1, 0, 0);
    }

    private ShaderIr ir() {
        ShaderIr ir = b.build("t.frag", Stage.FRAGMENT, new ShaderInterface(-1, 1, 3, -1, java.util.List.of()));
        assertThat(Verifier.verify(ir)).isEmpty();
        return ir;
    }

    /** The instruction lines of the dump (after "block 0:"). */
    private static String body(ShaderIr ir) {
        assertThat(Verifier.verify(ir)).isEmpty();
        String d = IrDump.dump(ir);
        return d.substring(d.indexOf("block 0:\n") + 9);
    }

    @Test
    void repeatedLiteralReadsTheFirstConstant() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int one = b.constant(1f);
        int x = b.temp();
        op(Opcode.ADD, 4, x, v, one, 0, 0);
        int again = b.constant(1f);
        int y = b.temp();
        op(Opcode.MUL, 4, y, x, again, 0, 0);
        store(y);
        assertThat(body(ConstantDedup.run(ir()))).isEqualTo("""
                  %0 = load_var
                  %1 = const
                  %2 = add %0 %1
                  %4 = mul %2 %1
                  store_color %4
                """);
    }

    @Test
    void constantsInOneArmDoNotServeTheOtherArmOrWhatFollows() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        op(Opcode.IF, 0, -1, v, -1, 0, 0);
        int c1 = b.constant(2f);
        store(c1);
        op(Opcode.ELSE, 0, -1, -1, -1, 0, 0);
        int c2 = b.constant(2f);
        store(c2);
        op(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
        int c3 = b.constant(2f);
        store(c3);
        ShaderIr ir = ir();
        assertThat(ConstantDedup.run(ir)).isSameAs(ir);
    }

    @Test
    void aConstantTemporaryWrittenAgainIsNotShared() {
        int c1 = b.constant(2f);
        op(Opcode.SETLANE, 1, c1, c1, -1, 1, 0); // c1 now (2, 2, 0, 0): not SSA
        int c2 = b.constant(2f);
        int x = b.temp();
        op(Opcode.ADD, 4, x, c1, c2, 0, 0);
        store(x);
        ShaderIr ir = ir();
        assertThat(ConstantDedup.run(ir)).isSameAs(ir);
    }

    @Test
    void copiesReachReadersUntilEitherSideIsWritten() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int d = b.temp();
        op(Opcode.MOV, 4, d, v, -1, 0, 0);
        store(d);                                  // reads v
        op(Opcode.SETLANE, 1, v, d, -1, 0, 1);     // reads v's lane 1, then changes v
        store(d);                                  // v changed: keeps reading d
        assertThat(body(CopyPropagation.run(ir()))).isEqualTo("""
                  %0 = load_var
                  %1 = mov %0
                  store_color %0
                  %0 = lane %0
                  store_color %1
                """);
    }

    @Test
    void aCopyInsideAnArmDoesNotReachPastEndifAndPartialCopiesCoverOnlyTheirLanes() {
        int v = b.temp(2);
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        op(Opcode.LOAD_VAR, 4, v + 1, -1, -1, 1, 0);
        int d = b.temp();
        op(Opcode.IF, 0, -1, v, -1, 0, 0);
        op(Opcode.MOV, 4, d, v, -1, 0, 0);
        op(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
        store(d);
        int p = b.temp();
        op(Opcode.MOV, 2, p, v + 1, -1, 0, 0);
        int s = b.temp();
        op(Opcode.ADD, 2, s, p, p, 0, 0);          // reads lanes 0-1: covered
        store(p);                                  // reads all four: not covered
        store(s);
        assertThat(body(CopyPropagation.run(ir()))).isEqualTo("""
                  %0 = load_var
                  %1 = load_var aux 1
                  if %0
                  %2 = mov %0
                  endif
                  store_color %2
                  %3 = mov %1
                  %4 = add %1 %1
                  store_color %3
                  store_color %4
                """);
    }

    @Test
    void overwrittenInitialisationsGoAndPartlyOverwrittenOnesStay() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int out = b.temp();
        int zero = b.constant(0f, 0f, 0f, 0f);
        op(Opcode.MOV, 4, out, zero, -1, 0, 0);    // dead: the constructor sets all four lanes
        for (int lane = 0; lane < 4; lane++) {
            op(Opcode.SETLANE, 1, out, v, -1, lane, 3 - lane);
        }
        store(out);
        int part = b.temp();
        int zero2 = b.constant(0f, 0f, 0f, 0f);
        op(Opcode.MOV, 4, part, zero2, -1, 0, 0);  // lane w survives the ncomp-3 MOV
        op(Opcode.MOV, 3, part, v, -1, 0, 0);
        store(part);
        int cond = b.temp();
        int zero3 = b.constant(0f, 0f, 0f, 0f);
        op(Opcode.MOV, 4, cond, zero3, -1, 0, 0);  // kept: only one arm overwrites it
        op(Opcode.IF, 0, -1, v, -1, 0, 0);
        op(Opcode.MOV, 4, cond, v, -1, 0, 0);
        op(Opcode.ENDIF, 0, -1, -1, -1, 0, 0);
        store(cond);
        assertThat(body(DeadWrites.run(ir()))).isEqualTo("""
                  %0 = load_var
                  %1 = lane %0 aux 0
                  %1 = lane %0 aux 1
                  %1 = lane %0 aux 2
                  %1 = lane %0 aux 3
                  store_color %1
                  %4 = const aux 4
                  %3 = mov %4
                  %3 = mov %0
                  store_color %3
                  %6 = const aux 8
                  %5 = mov %6
                  if %0
                  %5 = mov %0
                  endif
                  store_color %5
                """.replace(" aux 0", ""));
    }

    @Test
    void compactionRenumbersDenselyKeepsSpansAndSharesImmediates() {
        int unused = b.temp(3);
        int m = b.temp(4);
        op(Opcode.LOAD_UNI, 4, m, -1, -1, 0, 4);
        int c1 = b.constant(1f, 2f);
        op(Opcode.NOP, 0, unused, -1, -1, 0, 0);
        int c2 = b.constant(1f, 2f);
        int r = b.temp();
        op(Opcode.MULMV, 4, r, m, c1, 4, 0);
        int r2 = b.temp();
        op(Opcode.ADD, 4, r2, r, c2, 0, 0);
        store(r2);
        ShaderIr out = Compaction.run(ir());
        assertThat(out.temps()).isEqualTo(8);
        assertThat(out.immediateCount()).isEqualTo(2);
        assertThat(out.size()).isEqualTo(6);
        assertThat(body(out)).isEqualTo("""
                  %0 = load_uni aux 0
                  %4 = const
                  %5 = const
                  %6 = mul_mv %0 %4 aux 4
                  %7 = add %6 %5
                  store_color %7
                """);
    }

    @Test
    void unverifiedOrUnusualIrGetsOnlyTheDocumentedPass() {
        int x = b.constant(1f);
        int y = b.temp();
        op(Opcode.MOV, 4, y, x, x, 0, 0);          // b set on a MOV: not a shape the passes know
        store(y);
        ShaderIr ir = ir();
        assertThat(Optimizer.optimize(ir)).isEqualTo(Optimizer.documented(ir));
        ShaderIr bad = ir.withCode(java.util.List.of(new Insn(Opcode.MOV.code(), 0, 4, 50, 0, -1, -1, 0, 0)));
        assertThat(Optimizer.optimize(bad)).isEqualTo(Optimizer.documented(bad));
    }
    // ---------------------------------------------------------------- loops

    private void mark(Opcode op) {
        op(op, 0, -1, -1, -1, 0, 0);
    }

    /** {@code if (cond) break;} */
    private void breakIf(int cond) {
        op(Opcode.IF, 0, -1, cond, -1, 0, 0);
        mark(Opcode.BREAK);
        mark(Opcode.ENDIF);
    }

    @Test
    void aConstantInALoopServesTheRestOfItsBodyButNothingAfterTheLoop() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int before = b.constant(3f);
        mark(Opcode.LOOP);
        breakIf(v);                                // may leave before the CONSTs below ran
        int inLoop = b.constant(2f);
        store(inLoop);
        int again = b.constant(2f);                // served by the one above, in the same body
        store(again);
        int three = b.constant(3f);                // served by the one before the loop
        store(three);
        mark(Opcode.BREAK);
        mark(Opcode.ENDLOOP);
        int after = b.constant(2f);                // not served by the loop's: it may not have run
        store(after);
        store(before);
        assertThat(body(ConstantDedup.run(ir()))).isEqualTo("""
                  %0 = load_var
                  %1 = const
                  loop
                  if %0
                  break
                  endif
                  %2 = const aux 1
                  store_color %2
                  store_color %2
                  store_color %1
                  break
                  endloop
                  %5 = const aux 4
                  store_color %5
                  store_color %1
                """);
    }

    @Test
    void aConstantReadAtTheTopOfALoopBeforeItsOnlyDefinitionKeepsIt() {
        int early = b.constant(2f);
        int t = b.temp();
        mark(Opcode.LOOP);
        store(t);                                  // 0 in the first iteration, 2 afterwards
        b.immediates(2f);
        op(Opcode.CONST, 1, t, -1, -1, 1, 0);
        breakIf(t);
        mark(Opcode.ENDLOOP);
        store(early);
        ShaderIr ir = ir();
        assertThat(ConstantDedup.run(ir)).isSameAs(ir);
    }

    @Test
    void aCopyDoesNotReachIntoALoopThatWritesEitherSide() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int d = b.temp();
        op(Opcode.MOV, 4, d, v, -1, 0, 0);
        int w = b.temp();
        op(Opcode.LOAD_VAR, 4, w, -1, -1, 1, 0);
        int e = b.temp();
        op(Opcode.MOV, 4, e, w, -1, 0, 0);
        mark(Opcode.LOOP);
        store(d);                                  // the second iteration sees v doubled: stays
        store(e);                                  // nothing in the loop writes e or w: reads w
        op(Opcode.ADD, 4, v, v, v, 0, 0);
        breakIf(v);
        mark(Opcode.ENDLOOP);
        store(d);
        store(e);
        assertThat(body(CopyPropagation.run(ir()))).isEqualTo("""
                  %0 = load_var
                  %1 = mov %0
                  %2 = load_var aux 1
                  %3 = mov %2
                  loop
                  store_color %1
                  store_color %2
                  %0 = add %0 %0
                  if %0
                  break
                  endif
                  endloop
                  store_color %1
                  store_color %2
                """);
    }

    @Test
    void aCopyMadeAtTheEndOfABodyDoesNotHoldWhereTheLoopIsLeft() {
        // The BREAK leaves in the first iteration, before d = w was ever made.
        int w = b.temp();
        op(Opcode.LOAD_VAR, 4, w, -1, -1, 0, 0);
        int d = b.temp();
        mark(Opcode.LOOP);
        breakIf(w);
        op(Opcode.ADD, 4, w, w, w, 0, 0);
        op(Opcode.MOV, 4, d, w, -1, 0, 0);
        mark(Opcode.ENDLOOP);
        store(d);
        ShaderIr ir = ir();
        assertThat(CopyPropagation.run(ir)).isSameAs(ir);
    }

    @Test
    void aLoopCarriedWriteStaysThoughNothingAfterItInTheBodyReadsIt() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int t = b.temp();
        op(Opcode.MOV, 4, t, v, -1, 0, 0);
        int out = b.temp();
        mark(Opcode.LOOP);
        op(Opcode.MOV, 4, out, t, -1, 0, 0);       // reads the previous iteration's t
        int done = b.temp();
        op(Opcode.CMP, 1, done, t, v, 2, 0);
        breakIf(done);
        op(Opcode.ADD, 4, t, t, v, 0, 0);          // read only at the top, next time round
        mark(Opcode.ENDLOOP);
        store(out);
        ShaderIr ir = ir();
        assertThat(DeadWrites.run(ir)).isSameAs(ir);
    }

    @Test
    void aWriteTheBodyOverwritesBeforeAnyReadStillGoes() {
        int v = b.temp();
        op(Opcode.LOAD_VAR, 4, v, -1, -1, 0, 0);
        int out = b.temp();
        mark(Opcode.LOOP);
        int zero = b.constant(0f, 0f, 0f, 0f);
        op(Opcode.MOV, 4, out, zero, -1, 0, 0);    // dead: overwritten right below, every time
        op(Opcode.MOV, 4, out, v, -1, 0, 0);
        store(out);
        op(Opcode.IF, 0, -1, v, -1, 0, 0);
        mark(Opcode.CONTINUE);
        mark(Opcode.ENDIF);
        mark(Opcode.BREAK);
        mark(Opcode.ENDLOOP);
        assertThat(body(DeadWrites.run(ir()))).isEqualTo("""
                  %0 = load_var
                  loop
                  %1 = mov %0
                  store_color %1
                  if %0
                  continue
                  endif
                  break
                  endloop
                """);
    }
}
