package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * The inliner, text in and text out: each test parses a module, runs {@link Inline}, compares the
 * printed result with the expected text and runs the verifier on it.
 */
class InlineTextTest {
    /** Parses {@code text} (which must verify), inlines and checks the result verifies. */
    static Module inline(Inline pass, String text) {
        Module m = Parser.parse(text).orElseThrow();
        assertThat(Printer.print(m)).as("the input is canonical").isEqualTo(text);
        assertThat(Verifier.verify(m)).as("the input verifies").isEmpty();
        pass.run(m);
        assertThat(Verifier.verify(m)).as(Printer.print(m)).isEmpty();
        return m;
    }

    static void assertInlines(String input, String expected) {
        Module m = inline(new Inline(), input);
        assertThat(Printer.print(m)).isEqualTo(expected);
    }

    static long calls(Module m) {
        long n = 0;
        for (var f : m.functions()) {
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    n += i.op() == Opcode.CALL ? 1 : 0;
                }
            }
        }
        return n;
    }

    /**
     * The callee's one ret sits in its selection's merge, outside every construct: spliced in directly, the
     * ret becoming a branch to the rest of the block. The call was in a selection header, whose marker moves
     * to the block that now holds the condbr; the callee's alloca moves to the caller's entry.
     */
    @Test
    void directSpliceOfACalleeWhoseOnlyReturnFollowsItsSelection() {
        assertInlines("""
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = load @x : float
              %1 = call @mag(%0) : float
              %2 = gt %1, 1.0:float : bool
              condbr %2, bb1, bb2
            bb1: ; (if.then)
              store @o, %1
              br bb2
            bb2: ; (if.merge)
              ret
            }

            func @mag(%arg0: float) -> float {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, float> ; r
              store %0, %arg0
              %1 = lt %arg0, 0.0:float : bool
              condbr %1, bb1, bb2
            bb1: ; (if.then)
              %2 = neg %arg0 : float
              store %0, %2
              br bb2
            bb2: ; (if.merge)
              %3 = load %0 : float ; r
              ret %3
            }
            """, """
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; r
              %1 = load @x : float
              br bb1
            bb1: ; selection merge=bb3 (mag.entry)
              store %0, %1
              %2 = lt %1, 0.0:float : bool
              condbr %2, bb2, bb3
            bb2: ; (mag.if.then)
              %3 = neg %1 : float
              store %0, %3
              br bb3
            bb3: ; (mag.if.merge)
              %4 = load %0 : float ; r
              br bb4
            bb4: ; selection merge=bb6 (entry)
              %5 = gt %4, 1.0:float : bool
              condbr %5, bb5, bb6
            bb5: ; (if.then)
              store @o, %4
              br bb6
            bb6: ; (if.merge)
              ret
            }
            """);
    }

    /**
     * Two rets, one inside a selection: the body is wrapped in a one-trip loop; each ret stores the result and
     * breaks to the wrapper's merge, which loads it. No flag: no ret is inside a loop or switch.
     */
    @Test
    void earlyReturnInASelectionIsWrappedInALoopThatRunsOnce() {
        assertInlines("""
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @clamp1(%arg0: float) -> float {
            bb0: ; selection merge=bb2 (entry)
              %0 = gt %arg0, 1.0:float : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              ret 1.0:float
            bb2: ; (if.merge)
              ret %arg0
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : float
              %1 = call @clamp1(%0) : float
              store @o, %1
              ret
            }
            """, """
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; clamp1.result
              %1 = load @x : float
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (inline.header)
              br bb2
            bb2: ; selection merge=bb4 (clamp1.entry)
              %2 = gt %1, 1.0:float : bool
              condbr %2, bb3, bb4
            bb3: ; (clamp1.if.then)
              store %0, 1.0:float
              br bb6
            bb4: ; (clamp1.if.merge)
              store %0, %1
              br bb6
            bb5: ; (inline.continue)
              br bb1
            bb6: ; (entry)
              %3 = load %0 : float
              store @o, %3
              ret
            }
            """);
    }

    /**
     * A ret inside the callee's loop sets the flag and breaks to that loop's merge, which tests the flag and
     * breaks to the wrapper's merge; the flag is cleared before the wrapper is entered.
     */
    @Test
    void returnInsideALoopSetsTheFlagAndTheLoopMergeBreaksOutward() {
        assertInlines("""
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, int> location=0
            entry fragment @main(@x, @o)

            func @root(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              store %0, 0:int
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (for.header)
              br bb2
            bb2: ; (for.check)
              %1 = load %0 : int ; i
              %2 = lt %1, 10:int : bool
              condbr %2, bb3, bb6
            bb3: ; selection merge=bb4 (for.body)
              %3 = mul %1, %1 : int
              %4 = eq %3, %arg0 : bool
              condbr %4, bb7, bb4
            bb4: ; (if.merge)
              br bb5
            bb5: ; (for.continue)
              %5 = add %1, 1:int : int
              store %0, %5
              br bb1
            bb6: ; (for.merge)
              ret -1:int
            bb7: ; (if.then)
              ret %1
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : int
              %1 = call @root(%0) : int
              store @o, %1
              ret
            }
            """, """
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, int> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              %1 = alloca : ptr<function, int> ; root.result
              %2 = alloca : ptr<function, bool> ; root.returned
              %3 = load @x : int
              store %2, false:bool
              br bb1
            bb1: ; loop merge=bb13 continue=bb12 (inline.header)
              br bb2
            bb2: ; (root.entry)
              store %0, 0:int
              br bb3
            bb3: ; loop merge=bb8 continue=bb7 (root.for.header)
              br bb4
            bb4: ; (root.for.check)
              %4 = load %0 : int ; i
              %5 = lt %4, 10:int : bool
              condbr %5, bb5, bb8
            bb5: ; selection merge=bb6 (root.for.body)
              %6 = mul %4, %4 : int
              %7 = eq %6, %3 : bool
              condbr %7, bb11, bb6
            bb6: ; (root.if.merge)
              br bb7
            bb7: ; (root.for.continue)
              %8 = add %4, 1:int : int
              store %0, %8
              br bb3
            bb8: ; selection merge=bb10 (root.for.merge)
              %9 = load %2 : bool
              condbr %9, bb9, bb10
            bb9: ; (inline.break)
              br bb13
            bb10: ; (root.for.merge)
              store %1, -1:int
              br bb13
            bb11: ; (root.if.then)
              store %1, %4
              store %2, true:bool
              br bb8
            bb12: ; (inline.continue)
              br bb1
            bb13: ; (entry)
              %10 = load %1 : int
              store @o, %10
              ret
            }
            """);
    }

    /**
     * A ret in the inner of two loops: inner merge, then outer merge, then the wrapper's merge, each a break
     * out of the innermost loop only. A phi in a tested merge gets undef for the new break edge.
     */
    @Test
    void returnInsideNestedLoopsBreaksOutOneLoopAtATime() {
        assertInlines("""
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, int> location=0
            entry fragment @main(@x, @o)

            func @pair(%arg0: int) -> int {
            bb0: ; (entry)
              br bb1
            bb1: ; loop merge=bb9 continue=bb8 (outer.header)
              %0 = phi [0:int, bb0], [%7, bb8] : int ; i
              br bb2
            bb2: ; loop merge=bb7 continue=bb6 (inner.header)
              %1 = phi [0:int, bb1], [%5, bb6] : int ; j
              br bb3
            bb3: ; selection merge=bb5 (inner.body)
              %2 = mul %0, %1 : int
              %3 = eq %2, %arg0 : bool
              condbr %3, bb4, bb5
            bb4: ; (if.then)
              %4 = add %0, %1 : int
              ret %4
            bb5: ; (if.merge)
              br bb6
            bb6: ; (inner.continue)
              %5 = add %1, 1:int : int
              %6 = lt %5, 4:int : bool
              condbr %6, bb2, bb7
            bb7: ; (inner.merge)
              br bb8
            bb8: ; (outer.continue)
              %7 = add %0, 1:int : int
              %8 = lt %7, 4:int : bool
              condbr %8, bb1, bb9
            bb9: ; (outer.merge)
              %9 = phi [%7, bb8] : int
              ret %9
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : int
              %1 = call @pair(%0) : int
              store @o, %1
              ret
            }
            """, """
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, int> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; pair.result
              %1 = alloca : ptr<function, bool> ; pair.returned
              %2 = load @x : int
              store %1, false:bool
              br bb1
            bb1: ; loop merge=bb17 continue=bb16 (inline.header)
              br bb2
            bb2: ; (pair.entry)
              br bb3
            bb3: ; loop merge=bb13 continue=bb12 (pair.outer.header)
              %3 = phi [0:int, bb2], [%11, bb12] : int ; i
              br bb4
            bb4: ; loop merge=bb9 continue=bb8 (pair.inner.header)
              %4 = phi [0:int, bb3], [%8, bb8] : int ; j
              br bb5
            bb5: ; selection merge=bb7 (pair.inner.body)
              %5 = mul %3, %4 : int
              %6 = eq %5, %2 : bool
              condbr %6, bb6, bb7
            bb6: ; (pair.if.then)
              %7 = add %3, %4 : int
              store %0, %7
              store %1, true:bool
              br bb9
            bb7: ; (pair.if.merge)
              br bb8
            bb8: ; (pair.inner.continue)
              %8 = add %4, 1:int : int
              %9 = lt %8, 4:int : bool
              condbr %9, bb4, bb9
            bb9: ; selection merge=bb11 (pair.inner.merge)
              %10 = load %1 : bool
              condbr %10, bb10, bb11
            bb10: ; (inline.break)
              br bb13
            bb11: ; (pair.inner.merge)
              br bb12
            bb12: ; (pair.outer.continue)
              %11 = add %3, 1:int : int
              %12 = lt %11, 4:int : bool
              condbr %12, bb3, bb13
            bb13: ; selection merge=bb15 (pair.outer.merge)
              %13 = phi [%11, bb12], [undef:int, bb10] : int
              %14 = load %1 : bool
              condbr %14, bb14, bb15
            bb14: ; (inline.break)
              br bb17
            bb15: ; (pair.outer.merge)
              store %0, %13
              br bb17
            bb16: ; (inline.continue)
              br bb1
            bb17: ; (entry)
              %15 = load %0 : int
              store @o, %15
              ret
            }
            """);
    }

    /**
     * A ret in a switch case breaks to the switch's merge, which tests the flag.
     */
    @Test
    void returnInsideASwitchBreaksToTheSwitchMerge() {
        assertInlines("""
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, int> location=0
            entry fragment @main(@x, @o)

            func @pick(%arg0: int) -> int {
            bb0: ; selection merge=bb4 (entry)
              switch %arg0, bb3 [0: bb1, 1: bb2]
            bb1: ; (case0)
              ret 10:int
            bb2: ; (case1)
              br bb4
            bb3: ; (default)
              br bb4
            bb4: ; (switch.merge)
              %0 = phi [20:int, bb2], [30:int, bb3] : int
              ret %0
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : int
              %1 = call @pick(%0) : int
              store @o, %1
              ret
            }
            """, """
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, int> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; pick.result
              %1 = alloca : ptr<function, bool> ; pick.returned
              %2 = load @x : int
              store %1, false:bool
              br bb1
            bb1: ; loop merge=bb10 continue=bb9 (inline.header)
              br bb2
            bb2: ; selection merge=bb6 (pick.entry)
              switch %2, bb5 [0: bb3, 1: bb4]
            bb3: ; (pick.case0)
              store %0, 10:int
              store %1, true:bool
              br bb6
            bb4: ; (pick.case1)
              br bb6
            bb5: ; (pick.default)
              br bb6
            bb6: ; selection merge=bb8 (pick.switch.merge)
              %3 = phi [20:int, bb4], [30:int, bb5], [undef:int, bb3] : int
              %4 = load %1 : bool
              condbr %4, bb7, bb8
            bb7: ; (inline.break)
              br bb10
            bb8: ; (pick.switch.merge)
              store %0, %3
              br bb10
            bb9: ; (inline.continue)
              br bb1
            bb10: ; (entry)
              %5 = load %0 : int
              store @o, %5
              ret
            }
            """);
    }

    /**
     * Callers come first in the module, yet each callee is inlined into its callers after its own calls were:
     * every function ends up call-free. Without an entry point no function is removed.
     */
    @Test
    void nestedCallsAreInlinedCalleesFirstAndWithoutAnEntryPointEveryFunctionStays() {
        assertInlines("""
            func @outer(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = call @middle(%arg0) : float
              %1 = call @middle(%0) : float
              ret %1
            }

            func @middle(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = call @leaf(%arg0) : float
              %1 = add %0, 1.0:float : float
              ret %1
            }

            func @leaf(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = mul %arg0, 2.0:float : float
              ret %0
            }
            """, """
            func @outer(%arg0: float) -> float {
            bb0: ; (entry)
              br bb1
            bb1: ; (middle.entry)
              br bb2
            bb2: ; (middle.leaf.entry)
              %0 = mul %arg0, 2.0:float : float
              br bb3
            bb3: ; (middle.entry)
              %1 = add %0, 1.0:float : float
              br bb4
            bb4: ; (entry)
              br bb5
            bb5: ; (middle.entry)
              br bb6
            bb6: ; (middle.leaf.entry)
              %2 = mul %1, 2.0:float : float
              br bb7
            bb7: ; (middle.entry)
              %3 = add %2, 1.0:float : float
              br bb8
            bb8: ; (entry)
              ret %3
            }

            func @middle(%arg0: float) -> float {
            bb0: ; (entry)
              br bb1
            bb1: ; (leaf.entry)
              %0 = mul %arg0, 2.0:float : float
              br bb2
            bb2: ; (entry)
              %1 = add %0, 1.0:float : float
              ret %1
            }

            func @leaf(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = mul %arg0, 2.0:float : float
              ret %0
            }
            """);
    }

    /**
     * even and odd call each other: those calls and main's call of even stay; dec is inlined into both and,
     * like unused, removed once no entry point reaches it.
     */
    @Test
    void recursivePairIsLeftAloneAndUnreachedFunctionsAreRemoved() {
        assertInlines("""
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, bool> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : int
              %1 = call @even(%0) : bool
              store @o, %1
              ret
            }

            func @even(%arg0: int) -> bool {
            bb0: ; selection merge=bb2 (entry)
              %0 = eq %arg0, 0:int : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              ret true:bool
            bb2: ; (if.merge)
              %1 = call @dec(%arg0) : int
              %2 = call @odd(%1) : bool
              ret %2
            }

            func @odd(%arg0: int) -> bool {
            bb0: ; selection merge=bb2 (entry)
              %0 = eq %arg0, 0:int : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              ret false:bool
            bb2: ; (if.merge)
              %1 = call @dec(%arg0) : int
              %2 = call @even(%1) : bool
              ret %2
            }

            func @dec(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = sub %arg0, 1:int : int
              ret %0
            }

            func @unused() -> void {
            bb0: ; (entry)
              ret
            }
            """, """
            global @x : ptr<input, int> location=0 flat
            global @o : ptr<output, bool> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : int
              %1 = call @even(%0) : bool
              store @o, %1
              ret
            }

            func @even(%arg0: int) -> bool {
            bb0: ; selection merge=bb2 (entry)
              %0 = eq %arg0, 0:int : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              ret true:bool
            bb2: ; (if.merge)
              br bb3
            bb3: ; (dec.entry)
              %1 = sub %arg0, 1:int : int
              br bb4
            bb4: ; (if.merge)
              %2 = call @odd(%1) : bool
              ret %2
            }

            func @odd(%arg0: int) -> bool {
            bb0: ; selection merge=bb2 (entry)
              %0 = eq %arg0, 0:int : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              ret false:bool
            bb2: ; (if.merge)
              br bb3
            bb3: ; (dec.entry)
              %1 = sub %arg0, 1:int : int
              br bb4
            bb4: ; (if.merge)
              %2 = call @even(%1) : bool
              ret %2
            }
            """);
    }

    /**
     * A void callee with an early return, called twice: two wrappers, no result local, no flag.
     */
    @Test
    void voidCalleeWithAnEarlyReturnNeedsNoResultLocal() {
        assertInlines("""
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @put(%arg0: float) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = lt %arg0, 0.0:float : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              ret
            bb2: ; (if.merge)
              store @o, %arg0
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : float
              call @put(%0)
              %1 = neg %0 : float
              call @put(%1)
              ret
            }
            """, """
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : float
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (inline.header)
              br bb2
            bb2: ; selection merge=bb4 (put.entry)
              %1 = lt %0, 0.0:float : bool
              condbr %1, bb3, bb4
            bb3: ; (put.if.then)
              br bb6
            bb4: ; (put.if.merge)
              store @o, %0
              br bb6
            bb5: ; (inline.continue)
              br bb1
            bb6: ; (entry)
              %2 = neg %0 : float
              br bb7
            bb7: ; loop merge=bb12 continue=bb11 (inline.header)
              br bb8
            bb8: ; selection merge=bb10 (put.entry)
              %3 = lt %2, 0.0:float : bool
              condbr %3, bb9, bb10
            bb9: ; (put.if.then)
              br bb12
            bb10: ; (put.if.merge)
              store @o, %2
              br bb12
            bb11: ; (inline.continue)
              br bb7
            bb12: ; (entry)
              ret
            }
            """);
    }

    /**
     * The callee stores to its parameter's local: each inlined copy gets its own local in the caller's entry,
     * initialized from the argument, so the caller's variable is untouched.
     */
    @Test
    void mutatedParameterIsACopyPerCall() {
        assertInlines("""
            global @o : ptr<output, int> location=0
            entry fragment @main(@o)

            func @bump(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; n
              store %0, %arg0
              %1 = load %0 : int ; n
              %2 = add %1, 1:int : int
              store %0, %2
              %3 = load %0 : int ; n
              ret %3
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; v
              store %0, 5:int
              %1 = load %0 : int ; v
              %2 = call @bump(%1) : int
              %3 = call @bump(%2) : int
              %4 = load %0 : int ; v
              %5 = mul %3, %4 : int
              store @o, %5
              ret
            }
            """, """
            global @o : ptr<output, int> location=0
            entry fragment @main(@o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; v
              %1 = alloca : ptr<function, int> ; n
              %2 = alloca : ptr<function, int> ; n
              store %0, 5:int
              %3 = load %0 : int ; v
              br bb1
            bb1: ; (bump.entry)
              store %1, %3
              %4 = load %1 : int ; n
              %5 = add %4, 1:int : int
              store %1, %5
              %6 = load %1 : int ; n
              br bb2
            bb2: ; (entry)
              br bb3
            bb3: ; (bump.entry)
              store %2, %6
              %7 = load %2 : int ; n
              %8 = add %7, 1:int : int
              store %2, %8
              %9 = load %2 : int ; n
              br bb4
            bb4: ; (entry)
              %10 = load %0 : int ; v
              %11 = mul %9, %10 : int
              store @o, %11
              ret
            }
            """);
    }

    /**
     * A call in a loop header: the header keeps its marker (the back edge comes to it) and now branches to the
     * body; the rest of the header, with its br, follows the spliced callee.
     */
    @Test
    void callInALoopHeaderKeepsTheLoopMarkerOnTheHeader() {
        assertInlines("""
            global @o : ptr<output, int> location=0
            entry fragment @main(@o)

            func @next(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = add %arg0, 3:int : int
              ret %0
            }

            func @main() -> void {
            bb0: ; (entry)
              br bb1
            bb1: ; loop merge=bb3 continue=bb2 (for.header)
              %0 = phi [0:int, bb0], [%1, bb2] : int
              %1 = call @next(%0) : int
              br bb2
            bb2: ; (for.continue)
              %2 = lt %1, 10:int : bool
              condbr %2, bb1, bb3
            bb3: ; (for.merge)
              store @o, %1
              ret
            }
            """, """
            global @o : ptr<output, int> location=0
            entry fragment @main(@o)

            func @main() -> void {
            bb0: ; (entry)
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (for.header)
              %0 = phi [0:int, bb0], [%1, bb4] : int
              br bb2
            bb2: ; (next.entry)
              %1 = add %0, 3:int : int
              br bb3
            bb3: ; (for.header)
              br bb4
            bb4: ; (for.continue)
              %2 = lt %1, 10:int : bool
              condbr %2, bb1, bb5
            bb5: ; (for.merge)
              store @o, %1
              ret
            }
            """);
    }

    /**
     * kill in the callee stays a kill; a ret in a block the callee never reaches becomes unreachable, and the
     * one reachable ret (in the merge) is spliced directly.
     */
    @Test
    void killStaysAndAnUnreachableReturnBecomesUnreachable() {
        assertInlines("""
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @cut(%arg0: float) -> float {
            bb0: ; selection merge=bb2 (entry)
              %0 = lt %arg0, 0.0:float : bool
              condbr %0, bb1, bb2
            bb1: ; (if.then)
              kill
            bb2: ; (if.merge)
              ret %arg0
            bb3: ; (dead)
              ret 0.0:float
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : float
              %1 = call @cut(%0) : float
              store @o, %1
              ret
            }
            """, """
            global @x : ptr<input, float> location=0
            global @o : ptr<output, float> location=0
            entry fragment @main(@x, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @x : float
              br bb1
            bb1: ; selection merge=bb3 (cut.entry)
              %1 = lt %0, 0.0:float : bool
              condbr %1, bb2, bb3
            bb2: ; (cut.if.then)
              kill
            bb3: ; (cut.if.merge)
              br bb5
            bb4: ; (cut.dead)
              unreachable
            bb5: ; (entry)
              store @o, %0
              ret
            }
            """);
    }

    static final String TWO_BUMPS = """
            global @o : ptr<output, int> location=0
            entry fragment @main(@o)

            func @bump(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; n
              store %0, %arg0
              %1 = load %0 : int ; n
              %2 = add %1, 1:int : int
              store %0, %2
              %3 = load %0 : int ; n
              ret %3
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; v
              store %0, 5:int
              %1 = load %0 : int ; v
              %2 = call @bump(%1) : int
              %3 = call @bump(%2) : int
              %4 = load %0 : int ; v
              %5 = mul %3, %4 : int
              store @o, %5
              ret
            }
            """;

    @Test
    void growthCapLeavesCallsThatWouldMakeTheCallerTooBig() {
        // main holds 9 instructions, bump 7: a cap of 15 allows neither call
        Module none = inline(new Inline(15), TWO_BUMPS);
        assertThat(Printer.print(none)).isEqualTo(TWO_BUMPS);
        assertThat(new Inline(15).run(none)).isFalse();
        // 16 allows the first (9 + 7), after which main is too big for the second
        Module one = inline(new Inline(16), TWO_BUMPS);
        assertThat(calls(one)).isEqualTo(1);
        assertThat(one.functions()).hasSize(2);
        // the default allows both
        assertThat(calls(inline(new Inline(), TWO_BUMPS))).isZero();
    }

    /** A callee taking a resource pointer is inlined whatever the cap: back ends need that. */
    @Test
    void resourceParametersAreInlinedPastTheCap() {
        Module m = inline(new Inline(0), """
            global @uv : ptr<input, vec2> location=0
            global @tex : ptr<uniform_constant, sampler2D> set=0 binding=1
            global @o : ptr<output, vec4> location=0
            entry fragment @main(@uv, @o)

            func @tap(%arg0: ptr<uniform_constant, sampler2D>, %arg1: vec2) -> vec4 {
            bb0: ; (entry)
              %0 = samplelod %arg0, %arg1, 0.0:float : vec4
              ret %0
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @uv : vec2
              %1 = call @tap(@tex, %0) : vec4
              store @o, %1
              ret
            }
            """);
        assertThat(Printer.print(m)).isEqualTo("""
            global @uv : ptr<input, vec2> location=0
            global @tex : ptr<uniform_constant, sampler2D> set=0 binding=1
            global @o : ptr<output, vec4> location=0
            entry fragment @main(@uv, @o)

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @uv : vec2
              br bb1
            bb1: ; (tap.entry)
              %1 = samplelod @tex, %0, 0.0:float : vec4
              br bb2
            bb2: ; (entry)
              store @o, %1
              ret
            }
            """);
    }

    @Test
    void aModuleWithoutCallsIsUnchanged() {
        String text = """
                global @o : ptr<output, float> location=0
                entry fragment @main(@o)

                func @main() -> void {
                bb0: ; (entry)
                  store @o, 1.0:float
                  ret
                }
                """;
        Module m = inline(new Inline(), text);
        assertThat(Printer.print(m)).isEqualTo(text);
        assertThat(new Inline().run(m)).isFalse();
    }
}
