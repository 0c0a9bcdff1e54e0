package dev.csir.ssa.verify;

import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Function;
import dev.csir.types.ScalarType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructureRulesTest {
    /** entry: condbr to a and b; a, b and merge return (merge is unreachable, which is allowed). */
    private static final class Diamond {
        final Fixture x = new Fixture(VoidType.VOID, ScalarType.BOOL);
        final Block a = x.block("a");
        final Block b = x.block("b");
        final Block merge = x.block("merge");

        Diamond() {
            x.b.condBr(x.f.params().get(0), a, b);
            x.b.at(a).br(merge);
            x.b.at(b).br(merge);
            x.b.at(merge).ret();
        }
    }

    @Test
    void selectionMergeExistsInTheFunctionAndIsNotTheHeader() {
        Diamond d = new Diamond();
        d.x.f.entry().markSelection(null, ControlHint.NONE);
        d.x.assertOnly(0, -1, "selection header has no merge block");
        d.x.f.entry().markSelection(new Function("g", VoidType.VOID, List.of()).addBlock("m"), ControlHint.NONE);
        d.x.assertOnly(0, -1, "the merge block of the selection header is not a block of @f");
        d.x.f.entry().markSelection(d.x.f.entry(), ControlHint.NONE);
        d.x.assertOnly(0, -1, "the selection header is its own merge block");
    }

    @Test
    void selectionHeaderEndsInCondbrOrSwitch() {
        Diamond d = new Diamond();
        d.x.f.entry().markSelection(d.merge, ControlHint.FLATTEN);
        d.x.assertClean();
        d.x.f.entry().instructions().getLast().detach();
        d.x.b.at(d.x.f.entry()).br(d.a);
        d.x.assertOnly(0, -1, "selection header ends in br, expected condbr or switch");
    }

    @Test
    void eachConstructHasItsOwnMergeBlock() {
        // entry (merge m) -> inner (merge m) -> x | y -> m: both headers dominate m, yet share it
        Fixture x = new Fixture(VoidType.VOID, ScalarType.BOOL);
        Block inner = x.block("inner");
        Block left = x.block("x");
        Block right = x.block("y");
        Block m = x.block("m");
        x.f.entry().markSelection(m, ControlHint.NONE);
        x.b.condBr(x.f.params().get(0), inner, inner);
        inner.markSelection(m, ControlHint.NONE);
        x.b.at(inner).condBr(x.f.params().get(0), left, right);
        x.b.at(left).br(m);
        x.b.at(right).br(m);
        x.b.at(m).ret();
        x.assertOnly(1, -1, "the merge block bb4 is also the merge block of bb0");
    }

    @Test
    void hintsApplyToTheirKindOfHeader() {
        Diamond d = new Diamond();
        d.x.f.entry().markSelection(d.merge, ControlHint.UNROLL);
        d.x.assertOnly(0, -1, "hint unroll does not apply to a selection header");
        d.x.f.entry().markSelection(d.merge, null);
        d.x.assertOnly(0, -1, "the selection header's hint is missing (null)");
    }

    @Test
    void headerDominatesItsMerge() {
        // a is a header whose merge is also reached around it, from b
        Diamond d = new Diamond();
        d.a.markSelection(d.merge, ControlHint.NONE);
        d.a.instructions().getLast().detach();
        d.x.b.at(d.a).condBr(Constant.ofBool(true), d.merge, d.merge);
        d.x.assertOnly(1, -1, "the header does not dominate its merge block bb3");
    }

    /** entry -> header; header -> body -> continue -> header; header -> merge. */
    private static final class Loop {
        final Fixture x = new Fixture(VoidType.VOID, ScalarType.BOOL);
        final Block header = x.block("header");
        final Block body = x.block("body");
        final Block cont = x.block("continue");
        final Block merge = x.block("merge");

        Loop(boolean backEdge) {
            x.b.br(header);
            x.b.at(header).condBr(x.f.params().get(0), body, merge);
            x.b.at(body).br(cont);
            x.b.at(cont).br(backEdge ? header : merge);
            x.b.at(merge).ret();
        }
    }

    @Test
    void loopHasAContinueBlockOfTheFunctionThatIsNotItsMerge() {
        Loop l = new Loop(true);
        l.header.markLoop(l.merge, l.cont, ControlHint.DONT_UNROLL);
        l.x.assertClean();
        l.header.markLoop(l.merge, null, ControlHint.NONE);
        l.x.assertOnly(1, -1, "loop header has no continue block");
        l.header.markLoop(l.merge, new Function("g", VoidType.VOID, List.of()).addBlock("c"), ControlHint.NONE);
        l.x.assertOnly(1, -1, "the continue block of the loop header is not a block of @f");
        l.header.markLoop(l.merge, l.merge, ControlHint.NONE);
        l.x.assertOnly(1, -1, "the loop's continue block is its merge block");
        l.header.markLoop(l.merge, l.cont, ControlHint.FLATTEN);
        l.x.assertOnly(1, -1, "hint flatten does not apply to a loop header");
    }

    @Test
    void loopHeaderEndsInBrOrCondbr() {
        Loop l = new Loop(true);
        l.header.markLoop(l.merge, l.cont, ControlHint.NONE);
        l.header.instructions().getLast().detach();
        l.x.b.at(l.header).switchOn(Constant.ofInt(0), l.merge, new int[] {1}, List.of(l.body));
        l.x.assertOnly(1, -1, "loop header ends in switch, expected br or condbr");
    }

    @Test
    void reachableContinueBlockBranchesBackToTheHeader() {
        Loop l = new Loop(false);
        l.header.markLoop(l.merge, l.cont, ControlHint.NONE);
        l.x.assertOnly(1, -1, "no back edge to the loop header comes from its continue block bb3");
    }

    @Test
    void headerDominatesItsContinueBlock() {
        // the continue block is also reached from the entry, around the header
        Loop l = new Loop(true);
        l.header.markLoop(l.merge, l.cont, ControlHint.NONE);
        l.x.f.entry().instructions().getLast().detach();
        l.x.b.at(l.x.f.entry()).condBr(l.x.f.params().get(0), l.header, l.cont);
        l.x.assertOnly(1, -1, "the header does not dominate its continue block bb3");
    }
}
