package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.SroaCfgText.check;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Module;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Unrolling as text in, text out: the loops it unrolls, how, and the ones it leaves. */
class UnrollTest {
    private static final Unroll PAYS = Unroll.whenItPays();
    private static final Unroll EVERY = Unroll.everyLoop();

    /** {@code for (int i = 0; i < 3; i++) sum += w[i] * x;} over a local array, after mem2reg. */
    static final String WEIGHTS = """
            func @weights(%arg0: float) -> float { ; x
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[3]> ; w
              store %0, {0.25:float, 0.5:float, 0.25:float}:float[3]
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 (for.header)
              %1 = phi [0.0:float, bb0], [%7, bb3] : float ; sum
              %2 = phi [0:int, bb0], [%8, bb3] : int ; i
              %3 = lt %2, 3:int : bool
              condbr %3, bb2, bb4
            bb2: ; (for.body)
              %4 = access %0, %2 : ptr<function, float>
              %5 = load %4 : float
              %6 = mul %5, %arg0 : float
              %7 = add %1, %6 : float
              br bb3
            bb3: ; (for.continue)
              %8 = add %2, 1:int : int
              br bb1
            bb4: ; (for.merge)
              ret %1
            }
            """;

    @Test
    void aCounterIndexingALocalArrayUnrollsIntoCopiesWithConstantIndices() {
        // each copy's counter is its constant, the test and the step fold away, and the
        // blocks up to the test run once more before the merge block
        check(PAYS, WEIGHTS, """
                func @weights(%arg0: float) -> float { ; x
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[3]> ; w
                  store %0, {0.25:float, 0.5:float, 0.25:float}:float[3]
                  br bb1
                bb1: ; (for.header)
                  br bb2
                bb2: ; (for.body)
                  %1 = access %0, 0:int : ptr<function, float>
                  %2 = load %1 : float
                  %3 = mul %2, %arg0 : float
                  %4 = add 0.0:float, %3 : float
                  br bb3
                bb3: ; (for.continue)
                  br bb4
                bb4: ; (for.header)
                  br bb5
                bb5: ; (for.body)
                  %5 = access %0, 1:int : ptr<function, float>
                  %6 = load %5 : float
                  %7 = mul %6, %arg0 : float
                  %8 = add %4, %7 : float
                  br bb6
                bb6: ; (for.continue)
                  br bb7
                bb7: ; (for.header)
                  br bb8
                bb8: ; (for.body)
                  %9 = access %0, 2:int : ptr<function, float>
                  %10 = load %9 : float
                  %11 = mul %10, %arg0 : float
                  %12 = add %8, %11 : float
                  br bb9
                bb9: ; (for.continue)
                  br bb10
                bb10: ; (for.header)
                  br bb11
                bb11: ; (for.merge)
                  ret %12
                }
                """);
    }

    @Test
    void theCsirPipelinesGoOnToSplitTheArrayAndPromoteItsElements() {
        PassManager.Optimized o = (PassManager.Optimized) Pipeline.forCsir(true).run(SroaCfgText.parse(WEIGHTS));
        assertThat(o.ran()).containsSubsequence("unroll", "sroa", "mem2reg");
        assertThat(Printer.print(o.module())).isEqualTo("""
                func @weights(%arg0: float) -> float { ; x
                bb0: ; (entry)
                  %0 = mul 0.25:float, %arg0 : float
                  %1 = add 0.0:float, %0 : float
                  %2 = mul 0.5:float, %arg0 : float
                  %3 = add %1, %2 : float
                  %4 = add %3, %0 : float
                  ret %4
                }
                """);
        // unoptimized CSIR needs it too: no combine or CFG simplification, but no array and no loop
        PassManager.Optimized min = (PassManager.Optimized) Pipeline.minimalForCsir(true).run(SroaCfgText.parse(WEIGHTS));
        String dump = Printer.print(min.module());
        assertThat(dump).doesNotContain("alloca", "loop", "load").contains("mul 0.25:float, %arg0", "mul 0.5:float, %arg0");
        // SPIR-V's pipeline keeps the loop
        PassManager.Optimized spirv = (PassManager.Optimized) Pipeline.standard(true).run(SroaCfgText.parse(WEIGHTS));
        assertThat(loops(spirv.module())).isEqualTo(1);
    }

    @Test
    void aUniformArrayIndexedByTheCounterIsReadAtConstantPaths() {
        String in = """
                struct Lights { color: vec4[4], count: int }
                global @lights : ptr<uniform, Lights> set=0 binding=0 layout=std140
                global @c : ptr<output, vec4> location=0
                entry fragment @main(@c)

                func @main() -> void {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, vec4> ; sum
                  %1 = alloca : ptr<function, int> ; i
                  store %0, {0.0:float, 0.0:float, 0.0:float, 0.0:float}:vec4
                  store %1, 0:int
                  br bb1
                bb1: ; loop merge=bb5 continue=bb4 (for.header)
                  br bb2
                bb2: ; (for.check)
                  %2 = load %1 : int
                  %3 = lt %2, 4:int : bool
                  condbr %3, bb3, bb5
                bb3: ; (for.body)
                  %4 = access @lights, 0:int, %2 : ptr<uniform, vec4>
                  %5 = load %4 : vec4
                  %6 = load %0 : vec4
                  %7 = add %6, %5 : vec4
                  store %0, %7
                  br bb4
                bb4: ; (for.continue)
                  %8 = add %2, 1:int : int
                  store %1, %8
                  br bb1
                bb5: ; (for.merge)
                  %9 = load %0 : vec4
                  store @c, %9
                  ret
                }
                """;
        PassManager.Optimized o = (PassManager.Optimized) Pipeline.forCsir(true).run(SroaCfgText.parse(in));
        assertThat(Printer.print(o.module())).endsWith("""
                func @main() -> void {
                bb0: ; (entry)
                  %0 = access @lights, 0:int, 0:int : ptr<uniform, vec4>
                  %1 = load %0 : vec4
                  %2 = add {0.0:float, 0.0:float, 0.0:float, 0.0:float}:vec4, %1 : vec4
                  %3 = access @lights, 0:int, 1:int : ptr<uniform, vec4>
                  %4 = load %3 : vec4
                  %5 = add %2, %4 : vec4
                  %6 = access @lights, 0:int, 2:int : ptr<uniform, vec4>
                  %7 = load %6 : vec4
                  %8 = add %5, %7 : vec4
                  %9 = access @lights, 0:int, 3:int : ptr<uniform, vec4>
                  %10 = load %9 : vec4
                  %11 = add %8, %10 : vec4
                  store @c, %11
                  ret
                }
                """);
    }

    @Test
    void aBreakBecomesABranchOutOfALoopThatRunsOnce() {
        // the merge block's phi takes each copy's value, and the header phi used after the loop
        // (sum) gets a phi of its own there, since three copies can leave
        check(PAYS, """
                func @sumBelow(%arg0: float) -> float { ; limit
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[2]> ; w
                  store %0, {0.5:float, 1.5:float}:float[2]
                  br bb1
                bb1: ; loop merge=bb6 continue=bb5 (for.header)
                  %1 = phi [0.0:float, bb0], [%7, bb5] : float ; sum
                  %2 = phi [0:int, bb0], [%8, bb5] : int ; i
                  %3 = lt %2, 2:int : bool
                  condbr %3, bb2, bb6
                bb2: ; selection merge=bb4 (for.body)
                  %4 = access %0, %2 : ptr<function, float>
                  %5 = load %4 : float
                  %6 = gt %5, %arg0 : bool
                  condbr %6, bb3, bb4
                bb3: ; (if.then)
                  br bb6
                bb4: ; (if.merge)
                  %7 = add %1, %5 : float
                  br bb5
                bb5: ; (for.continue)
                  %8 = add %2, 1:int : int
                  br bb1
                bb6: ; (for.merge)
                  %9 = phi [-1:int, bb1], [%2, bb3] : int ; found
                  %10 = convert %9 : float
                  %11 = add %1, %10 : float
                  ret %11
                }
                """, """
                func @sumBelow(%arg0: float) -> float { ; limit
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[2]> ; w
                  store %0, {0.5:float, 1.5:float}:float[2]
                  br bb1
                bb1: ; loop merge=bb14 continue=bb13 (unroll.header)
                  br bb2
                bb2: ; (for.header)
                  br bb3
                bb3: ; selection merge=bb5 (for.body)
                  %1 = access %0, 0:int : ptr<function, float>
                  %2 = load %1 : float
                  %3 = gt %2, %arg0 : bool
                  condbr %3, bb4, bb5
                bb4: ; (if.then)
                  br bb14
                bb5: ; (if.merge)
                  %4 = add 0.0:float, %2 : float
                  br bb6
                bb6: ; (for.continue)
                  br bb7
                bb7: ; (for.header)
                  br bb8
                bb8: ; selection merge=bb10 (for.body)
                  %5 = access %0, 1:int : ptr<function, float>
                  %6 = load %5 : float
                  %7 = gt %6, %arg0 : bool
                  condbr %7, bb9, bb10
                bb9: ; (if.then)
                  br bb14
                bb10: ; (if.merge)
                  %8 = add %4, %6 : float
                  br bb11
                bb11: ; (for.continue)
                  br bb12
                bb12: ; (for.header)
                  br bb14
                bb13: ; (unroll.continue)
                  br bb1
                bb14: ; (for.merge)
                  %9 = phi [0:int, bb4], [1:int, bb9], [-1:int, bb12] : int ; found
                  %10 = phi [0.0:float, bb4], [%4, bb9], [%8, bb12] : float ; sum
                  %11 = convert %9 : float
                  %12 = add %10, %11 : float
                  ret %12
                }
                """);
    }

    @Test
    void aContinueBecomesABranchOutOfALoopThatRunsOncePerCopy() {
        check(PAYS, """
                func @sumBelow(%arg0: float) -> float { ; limit
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[2]> ; w
                  store %0, {0.5:float, 1.5:float}:float[2]
                  br bb1
                bb1: ; loop merge=bb6 continue=bb5 (for.header)
                  %1 = phi [0.0:float, bb0], [%8, bb5] : float ; sum
                  %2 = phi [0:int, bb0], [%9, bb5] : int ; i
                  %3 = lt %2, 2:int : bool
                  condbr %3, bb2, bb6
                bb2: ; selection merge=bb4 (for.body)
                  %4 = access %0, %2 : ptr<function, float>
                  %5 = load %4 : float
                  %6 = gt %5, %arg0 : bool
                  condbr %6, bb3, bb4
                bb3: ; (if.then)
                  br bb5
                bb4: ; (if.merge)
                  %7 = add %1, %5 : float
                  br bb5
                bb5: ; (for.continue)
                  %8 = phi [%1, bb3], [%7, bb4] : float ; sum
                  %9 = add %2, 1:int : int
                  br bb1
                bb6: ; (for.merge)
                  ret %1
                }
                """, """
                func @sumBelow(%arg0: float) -> float { ; limit
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[2]> ; w
                  store %0, {0.5:float, 1.5:float}:float[2]
                  br bb1
                bb1: ; loop merge=bb6 continue=bb7 (unroll.header)
                  br bb2
                bb2: ; (for.header)
                  br bb3
                bb3: ; selection merge=bb5 (for.body)
                  %1 = access %0, 0:int : ptr<function, float>
                  %2 = load %1 : float
                  %3 = gt %2, %arg0 : bool
                  condbr %3, bb4, bb5
                bb4: ; (if.then)
                  br bb6
                bb5: ; (if.merge)
                  %4 = add 0.0:float, %2 : float
                  br bb6
                bb6: ; (for.continue)
                  %5 = phi [0.0:float, bb4], [%4, bb5] : float ; sum
                  br bb8
                bb7: ; (unroll.continue)
                  br bb1
                bb8: ; loop merge=bb13 continue=bb14 (unroll.header)
                  br bb9
                bb9: ; (for.header)
                  br bb10
                bb10: ; selection merge=bb12 (for.body)
                  %6 = access %0, 1:int : ptr<function, float>
                  %7 = load %6 : float
                  %8 = gt %7, %arg0 : bool
                  condbr %8, bb11, bb12
                bb11: ; (if.then)
                  br bb13
                bb12: ; (if.merge)
                  %9 = add %5, %7 : float
                  br bb13
                bb13: ; (for.continue)
                  %10 = phi [%5, bb11], [%9, bb12] : float ; sum
                  br bb15
                bb14: ; (unroll.continue)
                  br bb8
                bb15: ; (for.header)
                  br bb16
                bb16: ; (for.merge)
                  ret %10
                }
                """);
    }

    /** {@code for (i = START; i CMP; i = STEP) s += x;}: a loop that indexes nothing. */
    private static String sum(String start, String test, String step) {
        return """
                func @sum(%arg0: float, %arg1: int) -> float { ; x, n
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb4 continue=bb3 (for.header)
                  %0 = phi [0.0:float, bb0], [%3, bb3] : float ; s
                  %1 = phi [START, bb0], [%4, bb3] : int ; i
                  %2 = TEST : bool
                  condbr %2, bb2, bb4
                bb2: ; (for.body)
                  %3 = add %0, %arg0 : float
                  br bb3
                bb3: ; (for.continue)
                  %4 = STEP : int
                  br bb1
                bb4: ; (for.merge)
                  ret %0
                }
                """.replace("START", start).replace("TEST", test).replace("STEP", step);
    }

    @Test
    void loopsItCannotCountStayLoops() {
        unchanged(EVERY, sum("0:int", "lt %1, %arg1", "add %1, 1:int")); // the bound is not known
        unchanged(EVERY, sum("%arg1", "lt %1, 4:int", "add %1, 1:int")); // nor the start
        unchanged(EVERY, sum("0:int", "lt %1, 4:int", "mul %1, 2:int")); // nor a step by a constant
        unchanged(EVERY, sum("0:int", "lt %1, 4:int", "sub 1:int, %1"));
        unchanged(EVERY, sum("0:int", "ne %1, 7:int", "add %1, 2:int")); // never equal: runs until it wraps
        unchanged(EVERY, sum("0:int", "lt %1, 65:int", "add %1, 1:int")); // more than 64 trips
    }

    @Test
    void sixtyFourTripsUnrollAndTheCountIsExact() {
        assertThat(loops(unrolled(EVERY, sum("0:int", "lt %1, 64:int", "add %1, 1:int")))).isZero();
        // counted as the copies compute it: 2147483645, ...646, ...647, then it wraps below zero
        Module m = unrolled(EVERY, sum("2147483645:int", "gt %1, 0:int", "add %1, 1:int"));
        assertThat(Printer.print(m)).containsSubsequence("add 0.0:float, %arg0", "add %0, %arg0", "add %1, %arg0", "ret %2")
                .doesNotContain("%3 =");
        // down, with ge and a step of 2: 9, 7, 5, 3 (not 1)
        assertThat(Printer.print(unrolled(EVERY, sum("9:int", "ge %1, 3:int", "sub %1, 2:int")))).contains("ret %3")
                .doesNotContain("%4 =");
        // no trip at all: the result is the start
        assertThat(Printer.print(unrolled(EVERY, sum("3:int", "le %1, 2:int", "add %1, 1:int")))).contains("ret 0.0:float");
    }

    @Test
    void aLoopOverTheBudgetStaysALoop() {
        // 64 trips of a loop of 40 instructions (32 more in the body) are over 2048
        StringBuilder body = new StringBuilder("  %3 = add %0, %arg0 : float\n");
        for (int k = 0; k < 32; k++) {
            body.append("  %").append(5 + k).append(" = mul %").append(k == 0 ? 3 : 4 + k).append(", %arg0 : float\n");
        }
        String loop = sum("0:int", "lt %1, 64:int", "add %1, 1:int").replace("  %3 = add %0, %arg0 : float\n", body)
                .replace("[%3, bb3]", "[%36, bb3]");
        assertThat(Verifier.verify(dev.csir.ssa.text.Parser.parse(loop).orElseThrow())).isEmpty();
        unchanged(EVERY, loop);
        assertThat(loops(unrolled(EVERY, loop.replace("lt %1, 64:int", "lt %1, 48:int")))).isZero(); // 48 x 40 are not
    }

    @Test
    void aLoopThatIndexesNothingIsUnrolledOnlyWhenTheCopiesAreSmaller() {
        // three instructions a trip: four copies hold 12, the loop 10 (CSIR has loops)
        String heavier = sum("0:int", "lt %1, 4:int", "add %1, 1:int").replace("  %3 = add %0, %arg0 : float\n",
                "  %5 = mul %0, %arg0 : float\n  %6 = add %5, %arg0 : float\n  %3 = mul %6, %arg0 : float\n");
        unchanged(PAYS, heavier);
        assertThat(loops(unrolled(EVERY, heavier))).isZero();
        assertThat(loops(unrolled(PAYS, heavier.replace("lt %1, 4:int", "lt %1, 1:int")))).isZero(); // one trip
        assertThat(loops(unrolled(PAYS, heavier.replace("lt %1, 4:int", "lt %1, 0:int")))).isZero(); // none
        // one instruction a trip: four copies hold 4, fewer than the loop's 8
        assertThat(loops(unrolled(PAYS, sum("0:int", "lt %1, 4:int", "add %1, 1:int")))).isZero();
        // a loop whose copies fold to constants comes to nothing (as the conformance shader for.vert)
        String constant = heavier.replace("%arg0 : float", "2.0:float : float");
        assertThat(Printer.print(unrolled(PAYS, constant))).contains("ret 340.0:float"); // s = 4s + 4, four times
        // the hint asks for it
        assertThat(loops(unrolled(PAYS, heavier.replace("continue=bb3 (for", "continue=bb3 hint=unroll (for")))).isZero();
    }

    @Test
    void aDontUnrollHintIsObeyed() {
        unchanged(EVERY, sum("0:int", "lt %1, 4:int", "add %1, 1:int").replace("continue=bb3 (for", "continue=bb3 hint=dontunroll (for"));
    }

    @Test
    void aBreakTogetherWithAContinueStaysALoop() {
        // a break would have to leave the loop run once around the copy and the one around all copies
        unchanged(EVERY, """
                func @f(%arg0: float) -> float { ; x
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb8 continue=bb7 (for.header)
                  %0 = phi [0.0:float, bb0], [%5, bb7] : float ; s
                  %1 = phi [0:int, bb0], [%6, bb7] : int ; i
                  %2 = lt %1, 4:int : bool
                  condbr %2, bb2, bb8
                bb2: ; selection merge=bb4 (for.body)
                  %3 = gt %0, %arg0 : bool
                  condbr %3, bb3, bb4
                bb3: ; (if.then)
                  br bb8
                bb4: ; selection merge=bb6 (if.merge)
                  %4 = lt %0, 0.0:float : bool
                  condbr %4, bb5, bb6
                bb5: ; (if.then)
                  br bb7
                bb6: ; (if.merge)
                  br bb7
                bb7: ; (for.continue)
                  %5 = phi [%0, bb5], [%0, bb6] : float ; s
                  %6 = add %1, 1:int : int
                  br bb1
                bb8: ; (for.merge)
                  ret %0
                }
                """);
    }

    @Test
    void aDoWhileLoopTestsInItsContinueBlockAndStaysALoop() {
        unchanged(EVERY, """
                func @f(%arg0: float) -> float { ; x
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb3 continue=bb2 (do.header)
                  %0 = phi [0.0:float, bb0], [%2, bb2] : float ; s
                  %1 = phi [0:int, bb0], [%3, bb2] : int ; i
                  br bb2
                bb2: ; (do.test)
                  %2 = add %0, %arg0 : float
                  %3 = add %1, 1:int : int
                  %4 = lt %3, 4:int : bool
                  condbr %4, bb1, bb3
                bb3: ; (do.merge)
                  ret %0
                }
                """);
    }

    /** {@code for (i < OUTER) for (j < INNER) s += w[j] * float(i)}. */
    private static String nested(String outer, String inner) {
        return """
                func @f(%arg0: int) -> float { ; n
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[3]> ; w
                  store %0, {1.0:float, 2.0:float, 3.0:float}:float[3]
                  br bb1
                bb1: ; loop merge=bb8 continue=bb7 (for.header)
                  %1 = phi [0.0:float, bb0], [%4, bb7] : float ; s
                  %2 = phi [0:int, bb0], [%12, bb7] : int ; i
                  %3 = lt %2, OUTER : bool
                  condbr %3, bb2, bb8
                bb2: ; (for.body)
                  br bb3
                bb3: ; loop merge=bb6 continue=bb5 (for.header)
                  %4 = phi [%1, bb2], [%10, bb5] : float ; s
                  %5 = phi [0:int, bb2], [%11, bb5] : int ; j
                  %6 = lt %5, INNER : bool
                  condbr %6, bb4, bb6
                bb4: ; (for.body)
                  %7 = access %0, %5 : ptr<function, float>
                  %8 = load %7 : float
                  %9 = convert %2 : float
                  %10 = add %4, %8 : float
                  br bb5
                bb5: ; (for.continue)
                  %11 = add %5, 1:int : int
                  br bb3
                bb6: ; (for.merge)
                  br bb7
                bb7: ; (for.continue)
                  %12 = add %2, 1:int : int
                  br bb1
                bb8: ; (for.merge)
                  ret %1
                }
                """.replace("OUTER", outer).replace("INNER", inner);
    }

    @Test
    void innerLoopsUnrollFirstAndAnOuterLoopItCannotCountStays() {
        Module m = unrolled(PAYS, nested("%arg0", "3:int"));
        assertThat(loops(m)).isEqualTo(1);
        assertThat(Printer.print(m)).contains("access %0, 0:int", "access %0, 1:int", "access %0, 2:int")
                .doesNotContain("access %0, %");
    }

    @Test
    void aTriangularLoopUnrollsOnceItsOuterLoopHas() {
        // j < i: the inner loops can be counted only in the outer loop's copies, where i is a constant
        Module m = unrolled(EVERY, nested("3:int", "%2"));
        assertThat(loops(m)).isZero();
        String dump = Printer.print(m);
        // i = 1 reads w[0]; i = 2 reads w[0] and w[1]
        assertThat(dump.split("access %0, 0:int", -1)).hasSize(3);
        assertThat(dump.split("access %0, 1:int", -1)).hasSize(2);
        assertThat(dump).doesNotContain("access %0, 2:int", "access %0, %");
    }

    @Test
    void theCsirCompileUnrollsWhatPaysAndSpirvKeepsItsLoops() {
        // the conformance shader for.vert: its copies fold to a constant
        String folds = "void main() { float s = 0.0; for (int i = 0; i < 4; i++) { s = s + 1.0; }"
                + " gl_Position = vec4(s, 0.0, 0.0, 1.0); }";
        String stays = "uniform float k; void main() { float s = 0.0; for (int i = 0; i < 4; i++) { s = s * k + k; }"
                + " gl_Position = vec4(s, 0.0, 0.0, 1.0); }";
        for (dev.csir.CompileOptions options : new dev.csir.CompileOptions[] {dev.csir.CompileOptions.DEFAULT,
            dev.csir.CompileOptions.DEFAULT.withOptimize(false)}) {
            dev.csir.CompileResult r = dev.csir.ShaderCompiler.compile(dev.csir.ir.Stage.VERTEX, "for.vert", folds, options);
            assertThat(r.ok()).as(r.log()).isTrue();
            assertThat(r.tgsi()).doesNotContain("BGNLOOP").contains("4.000000");
            dev.csir.CompileResult s = dev.csir.ShaderCompiler.compile(dev.csir.ir.Stage.VERTEX, "k.vert", stays, options);
            assertThat(s.ok()).as(s.log()).isTrue();
            assertThat(s.tgsi()).contains("BGNLOOP");
        }
        dev.csir.ModuleResult spirv = dev.csir.ShaderCompiler.compileModule(dev.csir.types.ShaderStage.VERTEX, "for.vert", folds);
        assertThat(loops(spirv.module())).isEqualTo(1);
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static void unchanged(Pass pass, String text) {
        assertThat(Verifier.verify(dev.csir.ssa.text.Parser.parse(text).orElseThrow())).as("the input verifies").isEmpty();
        PassTesting.unchanged(pass, text);
    }

    /** The module after {@code pass}, which must change it and leave it valid. */
    private static Module unrolled(Pass pass, String text) {
        Module m = dev.csir.ssa.text.Parser.parse(text).orElseThrow();
        assertThat(Verifier.verify(m)).as("the input verifies").isEmpty();
        assertThat(pass.run(m)).as("progress").isTrue();
        assertThat(Verifier.verify(m)).as(Printer.print(m)).isEmpty();
        return m;
    }

    /** Loop headers left in the module. */
    static int loops(Module m) {
        int n = 0;
        for (var f : m.functions()) {
            for (Block b : f.blocks()) {
                if (b.structure() == StructureKind.LOOP) {
                    n++;
                }
            }
        }
        return n;
    }
}
