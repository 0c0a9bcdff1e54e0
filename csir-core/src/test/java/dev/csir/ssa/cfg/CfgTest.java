package dev.csir.ssa.cfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Function;
import dev.csir.types.ScalarType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CfgTest {
    /** A void function of one bool parameter with {@code n} empty blocks, terminated by the helpers below. */
    private static final class Graph {
        final Function f = new Function("f", VoidType.VOID, List.of(ScalarType.BOOL));
        final Builder b = new Builder(f);
        final List<Block> bb = new ArrayList<>();

        Graph(int n) {
            for (int i = 0; i < n; i++) {
                bb.add(f.addBlock("b" + i));
            }
        }

        Graph br(int from, int to) {
            b.at(bb.get(from)).br(bb.get(to));
            return this;
        }

        Graph cond(int from, int then, int otherwise) {
            b.at(bb.get(from)).condBr(f.params().get(0), bb.get(then), bb.get(otherwise));
            return this;
        }

        Graph ret(int... at) {
            for (int i : at) {
                b.at(bb.get(i)).ret();
            }
            return this;
        }

        Cfg cfg() {
            return Cfg.of(f);
        }

        List<Block> blocks(int... indices) {
            return Arrays.stream(indices).mapToObj(bb::get).toList();
        }

        Block idomOf(Cfg cfg, int i) {
            return cfg.immediateDominator(bb.get(i));
        }
    }

    @Test
    void diamondJoinsAtItsMerge() {
        Graph g = new Graph(4).cond(0, 1, 2).br(1, 3).br(2, 3).ret(3);
        Cfg cfg = g.cfg();
        assertThat(cfg.successors(g.bb.get(0))).isEqualTo(g.blocks(1, 2));
        assertThat(cfg.predecessors(g.bb.get(3))).isEqualTo(g.blocks(1, 2));
        assertThat(cfg.predecessors(g.bb.get(0))).isEmpty();
        // depth first takes the first successor first, so reverse post-order lists it last
        assertThat(cfg.reversePostOrder()).isEqualTo(g.blocks(0, 2, 1, 3));
        assertThat(g.idomOf(cfg, 0)).isNull();
        for (int i = 1; i <= 3; i++) {
            assertThat(g.idomOf(cfg, i)).isSameAs(g.bb.get(0));
        }
        assertThat(cfg.dominanceFrontier(g.bb.get(1))).isEqualTo(g.blocks(3));
        assertThat(cfg.dominanceFrontier(g.bb.get(2))).isEqualTo(g.blocks(3));
        assertThat(cfg.dominanceFrontier(g.bb.get(0))).isEmpty();
        assertThat(cfg.dominanceFrontier(g.bb.get(3))).isEmpty();
        assertThat(cfg.dominates(g.bb.get(0), g.bb.get(3))).isTrue();
        assertThat(cfg.dominates(g.bb.get(1), g.bb.get(3))).isFalse();
        assertThat(cfg.dominates(g.bb.get(3), g.bb.get(3))).isTrue();
        assertThat(cfg.strictlyDominates(g.bb.get(3), g.bb.get(3))).isFalse();
        assertThat(cfg.dominatorTreeChildren(g.bb.get(0))).isEqualTo(g.blocks(2, 1, 3));
    }

    @Test
    void loopHeaderIsInTheFrontierOfItsBodyAndItself() {
        // 0 -> 1 (header) -> 2 (body) -> 3 (continue) -> 1; 1 -> 4 (merge)
        Graph g = new Graph(5).br(0, 1).cond(1, 2, 4).br(2, 3).br(3, 1).ret(4);
        Cfg cfg = g.cfg();
        assertThat(cfg.predecessors(g.bb.get(1))).isEqualTo(g.blocks(0, 3));
        assertThat(cfg.reversePostOrder()).isEqualTo(g.blocks(0, 1, 4, 2, 3));
        assertThat(List.of(g.idomOf(cfg, 1), g.idomOf(cfg, 2), g.idomOf(cfg, 3), g.idomOf(cfg, 4)))
                .isEqualTo(g.blocks(0, 1, 2, 1));
        assertThat(cfg.dominanceFrontier(g.bb.get(1))).isEqualTo(g.blocks(1));
        assertThat(cfg.dominanceFrontier(g.bb.get(2))).isEqualTo(g.blocks(1));
        assertThat(cfg.dominanceFrontier(g.bb.get(3))).isEqualTo(g.blocks(1));
        assertThat(cfg.dominanceFrontier(g.bb.get(4))).isEmpty();
    }

    @Test
    void nestedLoopsWithBreakAndContinue() {
        // outer header 1 (merge 7, continue 6); inner header 3 (merge 6, continue 5); 4 breaks to 6
        Graph g = new Graph(8).br(0, 1).cond(1, 2, 7).br(2, 3).cond(3, 4, 6).cond(4, 6, 5).br(5, 3).br(6, 1).ret(7);
        Cfg cfg = g.cfg();
        int[] idoms = {-1, 0, 1, 2, 3, 4, 3, 1};
        for (int i = 1; i < idoms.length; i++) {
            assertThat(g.idomOf(cfg, i)).as("idom of bb" + i).isSameAs(g.bb.get(idoms[i]));
        }
        assertThat(cfg.predecessors(g.bb.get(6))).isEqualTo(g.blocks(3, 4));
        assertThat(cfg.dominanceFrontier(g.bb.get(5))).isEqualTo(g.blocks(3));
        assertThat(cfg.dominanceFrontier(g.bb.get(4))).containsExactlyInAnyOrder(g.bb.get(3), g.bb.get(6));
        assertThat(cfg.dominanceFrontier(g.bb.get(3))).containsExactlyInAnyOrder(g.bb.get(1), g.bb.get(3));
        assertThat(cfg.dominanceFrontier(g.bb.get(6))).isEqualTo(g.blocks(1));
        assertThat(cfg.dominanceFrontier(g.bb.get(2))).isEqualTo(g.blocks(1));
        assertThat(cfg.dominanceFrontier(g.bb.get(7))).isEmpty();
        assertThat(cfg.dominates(g.bb.get(3), g.bb.get(5))).isTrue();
        assertThat(cfg.dominates(g.bb.get(4), g.bb.get(6))).isFalse();
    }

    @Test
    void switchFallThroughLooksIrreducibleButIsNot() {
        // 0 switches to 3 (default), 1 and 2; case 1 falls through into case 2
        Graph g = new Graph(4);
        g.b.at(g.bb.get(0)).switchOn(g.f.params().get(0), g.bb.get(3), new int[] {1, 2}, g.blocks(1, 2));
        g.br(1, 2).br(2, 3).ret(3);
        Cfg cfg = g.cfg();
        assertThat(cfg.successors(g.bb.get(0))).isEqualTo(g.blocks(3, 1, 2));
        assertThat(g.idomOf(cfg, 2)).isSameAs(g.bb.get(0));
        assertThat(g.idomOf(cfg, 3)).isSameAs(g.bb.get(0));
        assertThat(cfg.dominanceFrontier(g.bb.get(1))).isEqualTo(g.blocks(2));
        assertThat(cfg.dominanceFrontier(g.bb.get(2))).isEqualTo(g.blocks(3));
    }

    @Test
    void irreducibleCycleStillGetsDominators() {
        // two entries into the cycle 1 <-> 2: neither dominates the other
        Graph g = new Graph(4).cond(0, 1, 2).cond(1, 2, 3).br(2, 1).ret(3);
        Cfg cfg = g.cfg();
        assertThat(g.idomOf(cfg, 1)).isSameAs(g.bb.get(0));
        assertThat(g.idomOf(cfg, 2)).isSameAs(g.bb.get(0));
        assertThat(g.idomOf(cfg, 3)).isSameAs(g.bb.get(1));
        assertThat(cfg.dominanceFrontier(g.bb.get(1))).isEqualTo(g.blocks(2));
        assertThat(cfg.dominanceFrontier(g.bb.get(2))).isEqualTo(g.blocks(1));
    }

    @Test
    void unreachableBlocksArePredecessorsButOutsideDominance() {
        // 2 returns, so nothing reaches 4; 4 still branches to the merge 3
        Graph g = new Graph(5).cond(0, 1, 2).br(1, 3).ret(2, 3).br(4, 3);
        Cfg cfg = g.cfg();
        assertThat(cfg.reversePostOrder()).isEqualTo(g.blocks(0, 2, 1, 3));
        assertThat(cfg.isReachable(g.bb.get(4))).isFalse();
        assertThat(cfg.isReachable(g.bb.get(3))).isTrue();
        assertThat(cfg.predecessors(g.bb.get(3))).isEqualTo(g.blocks(1, 4));
        assertThat(g.idomOf(cfg, 3)).isSameAs(g.bb.get(1));
        assertThat(g.idomOf(cfg, 4)).isNull();
        assertThat(cfg.dominates(g.bb.get(0), g.bb.get(4))).isFalse();
        assertThat(cfg.dominates(g.bb.get(4), g.bb.get(4))).isFalse();
        assertThat(cfg.dominanceFrontier(g.bb.get(1))).isEmpty();
        assertThat(cfg.dominanceFrontier(g.bb.get(4))).isEmpty();
        assertThat(cfg.dominatorTreeChildren(g.bb.get(4))).isEmpty();
    }

    @Test
    void backEdgeToTheEntryPutsTheEntryInItsOwnFrontier() {
        Graph g = new Graph(2).cond(0, 0, 1).ret(1);
        Cfg cfg = g.cfg();
        assertThat(cfg.predecessors(g.bb.get(0))).isEqualTo(g.blocks(0));
        assertThat(cfg.dominanceFrontier(g.bb.get(0))).isEqualTo(g.blocks(0));
        assertThat(g.idomOf(cfg, 1)).isSameAs(g.bb.get(0));
    }

    @Test
    void duplicateForeignAndMissingTargetsMakeNoExtraEdges() {
        Graph g = new Graph(3).cond(0, 1, 1).ret(1);
        Function other = new Function("g", VoidType.VOID, List.of());
        Block foreign = other.addBlock("x");
        g.b.at(g.bb.get(2)).br(foreign);
        g.bb.get(2).terminator().targets().add(null);
        Cfg cfg = g.cfg();
        assertThat(cfg.successors(g.bb.get(0))).isEqualTo(g.blocks(1));
        assertThat(cfg.predecessors(g.bb.get(1))).isEqualTo(g.blocks(0));
        assertThat(cfg.successors(g.bb.get(2))).isEmpty();
        assertThat(cfg.indexOf(foreign)).isEqualTo(-1);
        assertThat(cfg.successors(foreign)).isEmpty();
        assertThat(cfg.isReachable(foreign)).isFalse();
    }

    @Test
    void functionWithoutBlocksOrTerminatorsIsAnEmptyGraph() {
        Function f = new Function("f", VoidType.VOID, List.of());
        assertThat(Cfg.of(f).reversePostOrder()).isEmpty();
        Block only = f.addBlock("entry");
        Cfg cfg = Cfg.of(f);
        assertThat(cfg.reversePostOrder()).containsExactly(only);
        assertThat(cfg.successors(only)).isEmpty();
        assertThat(cfg.dominanceFrontier(only)).isEmpty();
    }

    @Test
    void longChainDoesNotOverflowTheStack() {
        int n = 20_000;
        Graph g = new Graph(n);
        for (int i = 0; i + 1 < n; i++) {
            g.br(i, i + 1);
        }
        g.ret(n - 1);
        Cfg cfg = g.cfg();
        assertThat(cfg.reversePostOrder()).hasSize(n);
        assertThat(g.idomOf(cfg, n - 1)).isSameAs(g.bb.get(n - 2));
        assertThat(cfg.dominates(g.bb.get(0), g.bb.get(n - 1))).isTrue();
    }
}
