package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.SroaCfgText.check;

import org.junit.jupiter.api.Test;

class SimplifyCfgTest {
    private static final SimplifyCfg CFG = new SimplifyCfg();

    @Test
    void aConstantCondBrGoesEitherWayAndTheSelectionCollapses() {
        String arms = """
                bb1: ; (if.then)
                  %0 = add %arg0, 1:int : int
                  br bb3
                bb2: ; (if.else)
                  %1 = sub %arg0, 1:int : int
                  br bb3
                bb3: ; (if.merge)
                  %2 = phi [%0, bb1], [%1, bb2] : int
                  ret %2
                }
                """;
        check(CFG, """
                func @yes(%arg0: int) -> int {
                bb0: ; selection merge=bb3 (entry)
                  condbr true:bool, bb1, bb2
                """ + arms + """

                func @no(%arg0: int) -> int {
                bb0: ; selection merge=bb3 (entry)
                  condbr false:bool, bb1, bb2
                """ + arms, """
                func @yes(%arg0: int) -> int {
                bb0: ; (entry)
                  %0 = add %arg0, 1:int : int
                  ret %0
                }

                func @no(%arg0: int) -> int {
                bb0: ; (entry)
                  %0 = sub %arg0, 1:int : int
                  ret %0
                }
                """);
    }

    @Test
    void aConstantSwitchGoesToItsCaseOrTheDefault() {
        String blocks = """
                bb1: ; (one)
                  br bb4
                bb2: ; (two)
                  br bb4
                bb3: ; (default)
                  br bb4
                bb4: ; (merge)
                  %0 = phi [10:int, bb1], [20:int, bb2], [%arg0, bb3] : int
                  ret %0
                }
                """;
        check(CFG, """
                func @two(%arg0: int) -> int {
                bb0: ; selection merge=bb4 (entry)
                  switch 2:int, bb3 [1: bb1, 2: bb2]
                """ + blocks + """

                func @none(%arg0: int) -> int {
                bb0: ; selection merge=bb4 (entry)
                  switch 5:int, bb3 [1: bb1, 2: bb2]
                """ + blocks, """
                func @two(%arg0: int) -> int {
                bb0: ; (entry)
                  ret 20:int
                }

                func @none(%arg0: int) -> int {
                bb0: ; (entry)
                  ret %arg0
                }
                """);
    }

    @Test
    void unreachableBlocksGoAndPhisForgetThem() {
        check(CFG, """
                func @u(%arg0: bool) -> int {
                bb0: ; selection merge=bb2 (entry)
                  condbr %arg0, bb1, bb2
                bb1: ; (if.then)
                  br bb2
                bb2: ; (if.merge)
                  %0 = phi [1:int, bb1], [2:int, bb0], [%1, bb3] : int
                  ret %0
                bb3: ; (dead)
                  %1 = add 1:int, 2:int : int
                  condbr %arg0, bb2, bb4
                bb4: ; (dead.too)
                  br bb3
                }
                """, """
                func @u(%arg0: bool) -> int {
                bb0: ; selection merge=bb2 (entry)
                  condbr %arg0, bb1, bb2
                bb1: ; (if.then)
                  br bb2
                bb2: ; (if.merge)
                  %0 = phi [1:int, bb1], [2:int, bb0] : int
                  ret %0
                }
                """);
    }

    @Test
    void aChainOfBlocksMergesIntoOne() {
        check(CFG, """
                func @c(%arg0: int) -> int {
                bb0: ; (entry)
                  %0 = add %arg0, 1:int : int
                  br bb1
                bb1: ; (a)
                  %1 = mul %0, 2:int : int
                  br bb2
                bb2: ; (b)
                  %2 = phi [%1, bb1] : int
                  %3 = sub %2, %0 : int
                  br bb3
                bb3: ; (c)
                  ret %3
                }
                """, """
                func @c(%arg0: int) -> int {
                bb0: ; (entry)
                  %0 = add %arg0, 1:int : int
                  %1 = mul %0, 2:int : int
                  %2 = sub %1, %0 : int
                  ret %2
                }
                """);
    }

    @Test
    void phisLoseDroppedEdgesAndOneValuePhisAreReplaced() {
        check(CFG, """
                func @p(%arg0: int) -> int {
                bb0: ; selection merge=bb4 (entry)
                  switch %arg0, bb3 [1: bb1, 2: bb2]
                bb1: ; (one)
                  br bb4
                bb2: ; (two)
                  condbr false:bool, bb4, bb5
                bb3: ; (other)
                  br bb4
                bb4: ; (merge)
                  %0 = phi [10:int, bb1], [20:int, bb2], [%arg0, bb3] : int
                  %1 = phi [7:int, bb1], [%arg0, bb2], [7:int, bb3] : int
                  %2 = add %0, %1 : int
                  ret %2
                bb5: ; (out)
                  ret 0:int
                }
                """, """
                func @p(%arg0: int) -> int {
                bb0: ; selection merge=bb4 (entry)
                  switch %arg0, bb3 [1: bb1, 2: bb2]
                bb1: ; (one)
                  br bb4
                bb2: ; (two)
                  ret 0:int
                bb3: ; (other)
                  br bb4
                bb4: ; (merge)
                  %0 = phi [10:int, bb1], [%arg0, bb3] : int
                  %1 = add %0, 7:int : int
                  ret %1
                }
                """);
    }

    @Test
    void anUnreachableMergeOfALiveSelectionIsKeptAsUnreachable() {
        check(CFG, """
                func @m(%arg0: bool) -> int {
                bb0: ; selection merge=bb3 (entry)
                  condbr %arg0, bb1, bb2
                bb1: ; (if.then)
                  ret 1:int
                bb2: ; (if.else)
                  ret 2:int
                bb3: ; (if.merge)
                  %0 = add 1:int, 2:int : int
                  ret %0
                }
                """, """
                func @m(%arg0: bool) -> int {
                bb0: ; selection merge=bb3 (entry)
                  condbr %arg0, bb1, bb2
                bb1: ; (if.then)
                  ret 1:int
                bb2: ; (if.else)
                  ret 2:int
                bb3: ; (if.merge)
                  unreachable
                }
                """);
    }

    @Test
    void anUnreachableContinueOfALiveLoopStillBranchesBack() {
        check(CFG, """
                func @l(%arg0: int) -> int {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb5 continue=bb4 (for.header)
                  %0 = phi [0:int, bb0], [%2, bb4] : int
                  br bb2
                bb2: ; (for.body)
                  %1 = gt %0, %arg0 : bool
                  condbr true:bool, bb3, bb4
                bb3: ; (exit)
                  ret %0
                bb4: ; (for.continue)
                  %2 = add %0, 1:int : int
                  br bb1
                bb5: ; (for.merge)
                  unreachable
                }
                """, """
                func @l(%arg0: int) -> int {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb4 continue=bb3 (for.header)
                  br bb2
                bb2: ; (for.body)
                  %0 = gt 0:int, %arg0 : bool
                  ret 0:int
                bb3: ; (for.continue)
                  br bb1
                bb4: ; (for.merge)
                  unreachable
                }
                """);
    }

    @Test
    void aLoopHeaderKeepsItsMarkerWhenItsBranchFolds() {
        check(CFG, """
                func @h(%arg0: int) -> int {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb4 continue=bb3 (while.header)
                  %0 = phi [%arg0, bb0], [%1, bb3] : int
                  condbr false:bool, bb2, bb4
                bb2: ; (while.body)
                  br bb3
                bb3: ; (while.continue)
                  %1 = add %0, 1:int : int
                  br bb1
                bb4: ; (while.merge)
                  ret %0
                }
                """, """
                func @h(%arg0: int) -> int {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb3 continue=bb2 (while.header)
                  br bb3
                bb2: ; (while.continue)
                  br bb1
                bb3: ; (while.merge)
                  ret %arg0
                }
                """);
    }

    /** Every straight-line pair here involves a header, a merge or a continue block. */
    @Test
    void headersMergesAndContinuesAreNeverMergedAway() {
        String text = """
                func @n(%arg0: int) -> int {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb5 continue=bb4 (for.header)
                  %0 = phi [0:int, bb0], [%3, bb4] : int
                  br bb2
                bb2: ; (for.check)
                  %1 = lt %0, %arg0 : bool
                  condbr %1, bb3, bb5
                bb3: ; (for.body)
                  %2 = add %0, 2:int : int
                  br bb4
                bb4: ; (for.continue)
                  %3 = add %2, 1:int : int
                  br bb1
                bb5: ; (for.merge)
                  %4 = gt %0, 10:int : bool
                  br bb6
                bb6: ; selection merge=bb9 (if)
                  condbr %4, bb7, bb8
                bb7: ; (if.then)
                  br bb9
                bb8: ; (if.else)
                  ret 0:int
                bb9: ; (if.merge)
                  ret %0
                }
                """;
        check(CFG, text, text);
    }

    @Test
    void aLoopWhoseHeaderIsUnreachableGoesEntirely() {
        check(CFG, """
                func @d(%arg0: int) -> int {
                bb0: ; selection merge=bb6 (entry)
                  condbr false:bool, bb1, bb6
                bb1: ; (if.then)
                  br bb2
                bb2: ; loop merge=bb5 continue=bb4 (for.header)
                  %0 = phi [0:int, bb1], [%2, bb4] : int
                  br bb3
                bb3: ; (for.body)
                  %1 = lt %0, 3:int : bool
                  condbr %1, bb4, bb5
                bb4: ; (for.continue)
                  %2 = add %0, 1:int : int
                  br bb2
                bb5: ; (for.merge)
                  br bb6
                bb6: ; (if.merge)
                  %3 = phi [%0, bb5], [%arg0, bb0] : int
                  ret %3
                }
                """, """
                func @d(%arg0: int) -> int {
                bb0: ; (entry)
                  ret %arg0
                }
                """);
    }

    /** Folding the switch would leave the nested selection's break to a merge that no longer is one. */
    @Test
    void aSelectionWithABreakFromANestedConstructKeepsItsBranch() {
        String text = """
                func @w(%arg0: bool) -> int {
                bb0: ; selection merge=bb4 (entry)
                  switch 1:int, bb4 [1: bb1]
                bb1: ; selection merge=bb3 (case)
                  condbr %arg0, bb2, bb3
                bb2: ; (break)
                  br bb4
                bb3: ; (inner.merge)
                  br bb4
                bb4: ; (switch.merge)
                  ret 0:int
                }
                """;
        check(CFG, text, text);
    }

    /** The continue block is reached: dropping its back edge would leave the loop without one. */
    @Test
    void aConstantBranchThatWouldDropABackEdgeStays() {
        String text = """
                func @b(%arg0: int) -> int {
                bb0: ; (entry)
                  br bb1
                bb1: ; loop merge=bb3 continue=bb2 (do.header)
                  %0 = phi [0:int, bb0], [%1, bb2] : int
                  br bb2
                bb2: ; (do.continue)
                  %1 = add %0, %arg0 : int
                  condbr false:bool, bb1, bb3
                bb3: ; (do.merge)
                  ret %1
                }
                """;
        check(CFG, text, text);
    }
}
