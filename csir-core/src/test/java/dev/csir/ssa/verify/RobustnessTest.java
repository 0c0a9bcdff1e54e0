package dev.csir.ssa.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.types.ScalarType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The verifier reports, never throws: half-built modules with nulls wherever the model lets them be. */
class RobustnessTest {
    @Test
    void noModule() {
        assertThat(Verifier.verify(null)).containsExactly(new Problem(null, -1, -1, "there is no module (null)"));
    }

    @Test
    void nullsInTheModulesLists() {
        Module m = new Module();
        m.globals().add(null);
        m.functions().add(null);
        m.entryPoints().add(null);
        m.specConstants().add(null);
        m.functions().add(new Function(null, null, Arrays.asList((dev.csir.types.Type) null)));
        m.entryPoints().add(new EntryPoint(null, null, List.of(), List.of()));
        assertThat(Verifier.verify(m)).containsExactly(
                new Problem(null, -1, -1, "global #0 is null"),
                new Problem(null, -1, -1, "function #0 is null"),
                new Problem(null, -1, -1, "function #1 has no name"),
                new Problem(null, -1, -1, "entry point #0 is null"),
                new Problem(null, -1, -1, "entry point #1 has no stage"),
                new Problem(null, -1, -1, "entry point #1 names no function"),
                new Problem(null, -1, -1, "spec constant #0 is null"),
                new Problem(null, -1, -1, "@null has no return type"),
                new Problem(null, -1, -1, "parameter 0 of @null has type no type, which holds no value"),
                new Problem(null, -1, -1, "@null has no blocks"));
    }

    @Test
    void nullsInsideInstructions() {
        Fixture x = new Fixture(VoidType.VOID);
        SpecConstant noDefault = new SpecConstant(1, "N", null);
        x.module.specConstants().add(noDefault);
        Function g = x.module.addFunction(new Function("g", null, Arrays.asList((dev.csir.types.Type) null)));
        new Builder(g).at(g.addBlock("entry")).ret();
        x.b.emit(Opcode.ADD, ScalarType.FLOAT, noDefault, new Constant.Undef(null));
        x.b.call(g, List.of(Constant.ofInt(1)));
        x.b.emit(Opcode.PHI, ScalarType.INT, Arrays.asList((Value) null), Arrays.asList((Block) null));
        x.f.entry().markLoop(null, null, null);
        x.b.ret();
        assertThat(Verifier.verify(x.module)).containsExactly(
                new Problem(null, -1, -1, "spec constant 1 (N) has no default"),
                new Problem("f", 0, -1, "the loop header's hint is missing (null)"),
                new Problem("f", 0, -1, "loop header has no merge block"),
                new Problem("f", 0, -1, "loop header ends in ret, expected br or condbr"),
                new Problem("f", 0, -1, "loop header has no continue block"),
                new Problem("f", 0, 0, "operand 1 of add is a malformed constant: undef of no type, which has no values"),
                new Problem("f", 0, 0, "add: operand 0 is no type, expected a numeric scalar, vector or matrix"),
                new Problem("f", 0, 2, "phi after a non-phi; phis come first in a block"),
                new Problem("f", 0, 2, "operand 0 of phi is missing (null)"),
                new Problem("f", 0, 2, "target 0 of phi is missing (null)"),
                new Problem("g", -1, -1, "@g has no return type"),
                new Problem("g", -1, -1, "parameter 0 of @g has type no type, which holds no value"));
    }

    /**
     * Every operand of every instruction of the well-formed modules replaced, one at a time, by
     * each odd value; and every target by null and by a foreign block: the verifier never fails
     * itself.
     */
    @Test
    void mutilatedModulesNeverBreakTheVerifier() {
        List<Supplier<Fixture>> fixtures = List.of(WellFormedModulesTest::countingLoop,
                WellFormedModulesTest::kitchenSink);
        Block foreign = new Function("g", VoidType.VOID, List.of()).addBlock("x");
        List<Value> odd = Arrays.asList(null, new Constant.Undef(null), new SpecConstant(9, "S", null),
                Constant.ofBool(true), new Function("h", VoidType.VOID, List.of(ScalarType.INT)).params().get(0));
        int runs = 0;
        for (Supplier<Fixture> make : fixtures) {
            Fixture probe = make.get();
            List<int[]> slots = new ArrayList<>();
            for (int b = 0; b < probe.f.blocks().size(); b++) {
                List<Instruction> code = probe.f.blocks().get(b).instructions();
                for (int i = 0; i < code.size(); i++) {
                    slots.add(new int[] {b, i, code.get(i).operands().size(), code.get(i).targets().size()});
                }
            }
            for (int[] slot : slots) {
                for (int j = 0; j < slot[2]; j++) {
                    for (Value v : odd) {
                        Fixture x = make.get();
                        at(x, slot).operands().set(j, v);
                        assertSurvives(x);
                        runs++;
                    }
                }
                for (int t = 0; t < slot[3]; t++) {
                    for (Block target : Arrays.asList(null, foreign)) {
                        Fixture x = make.get();
                        at(x, slot).targets().set(t, target);
                        assertSurvives(x);
                        runs++;
                    }
                }
            }
        }
        assertThat(runs).isGreaterThan(20);
    }

    private static Instruction at(Fixture x, int[] slot) {
        return x.f.blocks().get(slot[0]).instructions().get(slot[1]);
    }

    private static void assertSurvives(Fixture x) {
        // some replacements are legal (a constant condition), so only the verifier's own failure is asserted
        assertThat(Verifier.verify(x.module)).noneMatch(p -> p.message().startsWith("the verifier failed"));
    }
}
