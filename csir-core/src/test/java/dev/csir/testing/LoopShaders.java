package dev.csir.testing;

import dev.csir.ir.Cmp;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.InterfaceVar.Kind;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import java.util.List;

/**
 * Hand-built fragment shaders with loops (CSIR as no lowering produces yet), shared by the TGSI
 * snapshots and the VirGL draw tests. Each reads {@code vColor} (varying slot 0) and writes
 * {@code fragColor}; its loop bounds come from {@code vColor.x}, so the renderer really loops,
 * and {@link #expected} gives the colour for {@code vColor.x = 0.5}.
 */
public final class LoopShaders {
    private LoopShaders() {
    }

    /** A shader, what it shows, and its colour for vColor.x = 0.5. */
    public record Case(String name, String description, ShaderIr ir, float[] expected) {
    }

    /** Every case. */
    public static List<Case> all() {
        return List.of(breakOnly(), continueAndNesting(), continueInElse(), loopInIf());
    }

    /** Builder helpers so the cases read like the loops they build. */
    private static final class B {
        final IrBuilder b = new IrBuilder();
        final int one;
        final int limit;

        /** Starts with vColor loaded and limit = vColor.x * scale + 0.5 (so 0.5 gives scale/2 + 0.5). */
        B(float scale) {
            one = b.constant(1f);
            int v = b.temp();
            b.emit(Opcode.LOAD_VAR, Type.VEC4, 4, v, -1, -1, 0, 0);
            int scaled = b.temp();
            b.emit(Opcode.MUL, Type.FLOAT, 1, scaled, v, b.constant(scale), 0, 0);
            limit = b.temp();
            b.emit(Opcode.ADD, Type.FLOAT, 1, limit, scaled, b.constant(0.5f), 0, 0);
        }

        int zero() {
            int t = b.temp();
            b.emit(Opcode.MOV, Type.FLOAT, 1, t, b.constant(0f), -1, 0, 0);
            return t;
        }

        void add(int t, int k) {
            b.emit(Opcode.ADD, Type.FLOAT, 1, t, t, k, 0, 0);
        }

        void inc(int t) {
            add(t, one);
        }

        void mark(Opcode op) {
            b.emit(op, Type.NONE, 0, -1, -1, -1, 0, 0);
        }

        void iff(Cmp cmp, int x, int y) {
            int c = b.temp();
            b.emit(Opcode.CMP, Type.BOOL, 1, c, x, y, cmp.code(), 0);
            b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
        }

        /** {@code if (x <cmp> y) <op>;} */
        void when(Cmp cmp, int x, int y, Opcode op) {
            iff(cmp, x, y);
            mark(op);
            mark(Opcode.ENDIF);
        }

        /** Stores (x / sx, y / sy, z / sz, 1). */
        ShaderIr finish(int x, float sx, int y, float sy, int z, float sz) {
            int out = b.temp();
            b.emit(Opcode.MOV, Type.VEC4, 4, out, b.constant(0f, 0f, 0f, 1f), -1, 0, 0);
            int[] from = {x, y, z};
            float[] by = {sx, sy, sz};
            for (int lane = 0; lane < 3; lane++) {
                int scaled = b.temp();
                b.emit(Opcode.MUL, Type.FLOAT, 1, scaled, from[lane], b.constant(1f / by[lane]), 0, 0);
                b.emit(Opcode.SETLANE, Type.VEC4, 4, out, scaled, -1, lane, 0);
            }
            b.emit(Opcode.STORE_COLOR, Type.VEC4, 4, -1, out, -1, 0, 0);
            return b.build("loop.frag", Stage.FRAGMENT, ShaderInterface.of(Stage.FRAGMENT, List.of(
                    new InterfaceVar(Kind.INPUT, "vColor", Type.VEC4, 0),
                    new InterfaceVar(Kind.OUTPUT, "fragColor", Type.VEC4, 0))));
        }
    }

    /** for (i = 0;; i++) { if (i >= limit) break; sum += i; } with limit 4.5: i = 5, sum = 10. */
    static Case breakOnly() {
        B k = new B(8f);
        int i = k.zero();
        int sum = k.zero();
        k.mark(Opcode.LOOP);
        k.when(Cmp.GE, i, k.limit, Opcode.BREAK);
        k.add(sum, i);
        k.inc(i);
        k.mark(Opcode.ENDLOOP);
        return new Case("loop_break", """
                A counted loop: BGNLOOP, a conditional BRK inside IF/ENDIF, ENDLOOP. No CONTINUE, so
                no flag: the TEMP range and the immediates are the shader's own.
                """, k.finish(sum, 16f, i, 8f, i, 16f), new float[] {10f / 16, 5f / 8, 5f / 16, 1f});
    }

    /**
     * i counts 1.. and breaks past 8.5; i == 3 continues at once; i == 5 adds 10 and continues;
     * otherwise an inner loop counts j = 1..i, continuing at j == 2, and acc gains 1. So acc = 16,
     * inner = 23, i = 9.
     */
    static Case continueAndNesting() {
        B k = new B(16f);
        int three = k.b.constant(3f);
        int five = k.b.constant(5f);
        int ten = k.b.constant(10f);
        int two = k.b.constant(2f);
        int i = k.zero();
        int acc = k.zero();
        int inner = k.zero();
        k.mark(Opcode.LOOP);
        k.inc(i);
        k.when(Cmp.GT, i, k.limit, Opcode.BREAK);
        k.when(Cmp.EQ, i, three, Opcode.CONTINUE);
        k.iff(Cmp.EQ, i, five);
        k.add(acc, ten);
        k.mark(Opcode.CONTINUE);
        k.mark(Opcode.ENDIF);
        int j = k.zero();
        k.mark(Opcode.LOOP);
        k.inc(j);
        k.when(Cmp.GT, j, i, Opcode.BREAK);
        k.when(Cmp.EQ, j, two, Opcode.CONTINUE);
        k.inc(inner);
        k.mark(Opcode.ENDLOOP);
        k.inc(acc);
        k.mark(Opcode.ENDLOOP);
        return new Case("loop_continue_nested", """
                CONTINUE lowered to a flag: the outer and the inner loop each continue, so two flag
                TEMPs follow the shader's own (declared in the TEMP range) and one IMM {1, 0, 0, 0}
                follows its immediates. Each loop sets its flag to 1.0 at the top of every
                iteration; CONTINUE sets it to 0.0, and what follows a construct holding a CONTINUE
                (to the end of its statement list) is wrapped in IF flag.xxxx ... ENDIF. The inner
                loop's CONTINUE wraps only the inner body; nothing after a CONTINUE in its own arm.
                """, k.finish(acc, 32f, inner, 64f, i, 16f), new float[] {16f / 32, 23f / 64, 9f / 16, 1f});
    }

    /**
     * i counts 1..; past 6.5 it breaks; odd i adds 1 to odd, even i continues from the ELSE arm,
     * then every odd i also adds i to sum: odd = 3, sum = 1 + 3 + 5 = 9, i = 7.
     */
    static Case continueInElse() {
        B k = new B(12f);
        int i = k.zero();
        int flip = k.zero();
        int odd = k.zero();
        int sum = k.zero();
        k.mark(Opcode.LOOP);
        k.inc(i);
        k.when(Cmp.GT, i, k.limit, Opcode.BREAK);
        k.b.emit(Opcode.SUB, Type.FLOAT, 1, flip, k.one, flip, 0, 0);
        k.iff(Cmp.NE, flip, k.zero());
        k.inc(odd);
        k.mark(Opcode.ELSE);
        k.mark(Opcode.CONTINUE);
        k.mark(Opcode.ENDIF);
        k.add(sum, i);
        k.mark(Opcode.ENDLOOP);
        return new Case("loop_continue_in_else", """
                A CONTINUE in the ELSE arm: the then-arm runs as usual, and the statement after the
                ENDIF is wrapped in IF flag.xxxx; the wrapper closes at ENDLOOP.
                """, k.finish(odd, 8f, sum, 16f, i, 8f), new float[] {3f / 8, 9f / 16, 7f / 8, 1f});
    }

    /** if (limit > 2) { loop until n >= limit (3.5): n = 4 } else { n = 1 }; then a second loop doubles d 3 times. */
    static Case loopInIf() {
        B k = new B(6f);
        int two = k.b.constant(2f);
        int three = k.b.constant(3f);
        int n = k.zero();
        k.iff(Cmp.GT, k.limit, two);
        k.mark(Opcode.LOOP);
        k.when(Cmp.GE, n, k.limit, Opcode.BREAK);
        k.inc(n);
        k.mark(Opcode.ENDLOOP);
        k.mark(Opcode.ELSE);
        k.inc(n);
        k.mark(Opcode.ENDIF);
        int d = k.zero();
        k.inc(d);
        int c = k.zero();
        k.mark(Opcode.LOOP);
        k.b.emit(Opcode.ADD, Type.FLOAT, 1, d, d, d, 0, 0);
        k.inc(c);
        k.iff(Cmp.LT, c, three);
        k.mark(Opcode.CONTINUE);
        k.mark(Opcode.ENDIF);
        k.mark(Opcode.BREAK);
        k.mark(Opcode.ENDLOOP);
        return new Case("loop_in_if", """
                A loop inside an IF arm, then a loop whose body ends with IF c CONTINUE ENDIF and an
                unconditional BRK: the BRK after the IF is wrapped, so it runs only once the
                CONTINUE is not taken.
                """, k.finish(n, 8f, d, 16f, c, 8f), new float[] {4f / 8, 8f / 16, 3f / 8, 1f});
    }
}
