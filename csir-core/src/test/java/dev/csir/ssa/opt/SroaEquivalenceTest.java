package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.ssa.text.Printer;
import dev.csir.types.PointerType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Functions with struct and array locals (the source language has neither, so they are written
 * in the text form), optimized by SROA, mem2reg, CFG simplification and DCE to a fixed point with
 * the verifier after every pass, and called before and after with the same arguments.
 */
class SroaEquivalenceTest {
    static final String MODULE = """
            struct Light { dir: vec3, power: float }
            struct Scene { lights: Light[2], n: int, w: float[3] }

            func @shade(%arg0: vec3, %arg1: int) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Scene> ; s
              %1 = alloca : ptr<function, float> ; sum
              %2 = alloca : ptr<function, int> ; i
              %3 = access %0, 0:int, 0:int, 0:int : ptr<function, vec3>
              store %3, %arg0
              %4 = access %0, 0:int, 0:int, 1:int : ptr<function, float>
              store %4, 2.0:float
              %5 = access %0, 0:int, 0:int : ptr<function, Light>
              %6 = load %5 : Light
              %7 = access %0, 0:int, 1:int : ptr<function, Light>
              store %7, %6
              %8 = access %0, 0:int, 1:int, 0:int, 1:int : ptr<function, float>
              store %8, 0.25:float
              %9 = access %0, 2:int : ptr<function, float[3]>
              store %9, {1.0:float, 2.0:float, 3.0:float}:float[3]
              %10 = access %0, 1:int : ptr<function, int>
              store %10, %arg1
              store %1, 0.0:float
              store %2, 0:int
              br bb1
            bb1: ; loop merge=bb7 continue=bb6 (for.header)
              br bb2
            bb2: ; (for.check)
              %11 = load %2 : int
              %12 = load %10 : int
              %13 = lt %11, %12 : bool
              condbr %13, bb3, bb7
            bb3: ; selection merge=bb5 (for.body)
              %14 = rem %11, 2:int : int
              %15 = eq %14, 0:int : bool
              condbr %15, bb4, bb5
            bb4: ; (if.then)
              %16 = access %0, 2:int, 1:int : ptr<function, float>
              %17 = load %16 : float
              %18 = load %1 : float
              %19 = add %18, %17 : float
              store %1, %19
              br bb5
            bb5: ; (if.merge)
              %20 = load %7 : Light
              %21 = extract %20 [1] : float
              %22 = extract %20 [0, 1] : float
              %23 = mul %21, %22 : float
              %24 = load %1 : float
              %25 = add %24, %23 : float
              store %1, %25
              %26 = access %0, 2:int, 2:int : ptr<function, float>
              store %26, %25
              br bb6
            bb6: ; (for.continue)
              %27 = add %11, 1:int : int
              store %2, %27
              br bb1
            bb7: ; (for.merge)
              %28 = load %1 : float
              %29 = load %0 : Scene
              %30 = extract %29 [2, 2] : float
              %31 = extract %29 [0, 0, 0, 2] : float
              %32 = add %28, %30 : float
              %33 = add %32, %31 : float
              ret %33
            }

            func @table(%arg0: int) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[4]> ; a
              %1 = alloca : ptr<function, int> ; i
              store %0, {0.5:float, 1.5:float, 2.5:float, 3.5:float}:float[4]
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (for.header)
              br bb2
            bb2: ; (for.check)
              %2 = load %1 : int
              %3 = lt %2, %arg0 : bool
              condbr %3, bb3, bb5
            bb3: ; (for.body)
              %4 = rem %2, 4:int : int
              %5 = access %0, %4 : ptr<function, float>
              %6 = load %5 : float
              %7 = mul %6, 2.0:float : float
              store %5, %7
              br bb4
            bb4: ; (for.continue)
              %8 = add %2, 1:int : int
              store %1, %8
              br bb1
            bb5: ; (for.merge)
              %9 = access %0, 1:int : ptr<function, float>
              %10 = load %9 : float
              ret %10
            }
            """;

    @Test
    void aggregateLocalsEvaluateTheSameAfterOptimization() {
        Module m = SroaCfgText.parse(MODULE);
        PassManager.Result result = SimplifyCfgEquivalenceTest.PIPELINE.run(m);
        assertThat(result).isInstanceOf(PassManager.Optimized.class);
        PassManager.Optimized o = (PassManager.Optimized) result;
        assertThat(o.ran()).contains("sroa", "mem2reg");
        assertThat(o.rounds()).isLessThan(PassManager.MAX_ROUNDS);
        String dump = Printer.print(o.module());
        // @shade's aggregates are gone: what stays is the vector written through a component
        // chain (mem2reg promotes whole loads and stores only); @table's dynamically indexed array stays
        assertThat(allocas(o.module(), "shade")).as(dump).containsExactly("vec3");
        assertThat(allocas(o.module(), "table")).as(dump).containsExactly("float[4]");

        Random random = new Random(7);
        List<String> failures = new ArrayList<>();
        for (int seed = 0; seed < 24; seed++) {
            Type vec3 = dev.csir.types.VectorType.VEC3;
            Val dir = SimplifyCfgEquivalenceTest.random(vec3, random);
            Val n = Val.Num.of(dev.csir.types.ScalarType.INT, random.nextInt(7));
            compare(m, o.module(), "shade", List.of(dir, n), failures);
            compare(m, o.module(), "table", List.of(n), failures);
        }
        assertThat(failures).as(dump).isEmpty();
    }

    private static void compare(Module before, Module after, String name, List<Val> args, List<String> failures) {
        Result want = Evaluator.call(before, function(before, name), args, new Invocation());
        Result got = Evaluator.call(after, function(after, name), args, new Invocation());
        assertThat(want.returned()).as(want.toString()).isTrue();
        if (!got.returned() || !want.returnValue().equals(got.returnValue())) {
            failures.add("@" + name + args + ": before " + want.returnValue() + ", after " + got);
        }
    }

    private static Function function(Module m, String name) {
        return m.functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static List<String> allocas(Module m, String name) {
        List<String> out = new ArrayList<>();
        for (Block b : function(m, name).blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.ALLOCA) {
                    out.add(((PointerType) i.type()).pointee().name());
                }
            }
        }
        return out;
    }
}
