package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Module;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.ssa.text.Printer;
import dev.csir.types.ArrayType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Unrolled loops evaluate as the loops did: source shaders with every kind of counted loop, and
 * text modules with arrays indexed by the counter, optimized with {@link Unroll} in the pipeline
 * (verified after every pass) and evaluated before and after on seeded random inputs.
 */
class UnrollEquivalenceTest {
    private static final CompileOptions AS_LOWERED = CompileOptions.DEFAULT.withOptimize(false);

    /** The optimizing pipeline's passes, unrolling every loop it can: inlining aside, so each function stays to be called. */
    private static final PassManager FULL = new PassManager(List.of(), List.of(new Sroa(), new Mem2Reg(), new Combine(),
            new Cse(), new Dce(), new SimplifyCfg(), Unroll.everyLoop()), true);
    /** The unoptimized compile's: no folding but the unroller's own, no CFG simplification. */
    private static final PassManager MINIMAL = new PassManager(List.of(), List.of(new Sroa(), new Mem2Reg(),
            Unroll.everyLoop()), true);

    /**
     * Counting up, down, with le, ne and steps of 2 and 3, no trip at all, a float counter, a
     * counter that wraps, break, continue, return and discard in the body, a triangular nest, and
     * what stays a loop: a bound from a uniform, break with continue, do-while.
     */
    static final String SHADER = """
            #version 330 core
            in vec2 uv;
            uniform int n;
            uniform float k;
            out vec4 c;
            float up(float x) { float s = 0.0; for (int i = 0; i < 4; i++) { s = s * x + float(i); } return s; }
            float down(float x) {
              float s = x;
              for (int i = 5; i > 0; i--) { s = s - float(i) * 0.25; }
              for (int i = 10; i >= 0; i -= 3) { s = s * 0.5 + float(i); }
              return s;
            }
            float leNe(float x) {
              float s = 0.0;
              for (int i = 1; i <= 4; i++) { s = s + x * float(i); }
              for (int i = 0; i != 8; i += 2) { s = s * 1.5 - float(i); }
              return s;
            }
            float none(float x) {
              float s = x;
              for (int i = 0; i < 0; i++) { s = 9.0; }
              for (int i = 3; i < 2; i++) { s = 7.0; }
              for (int i = 2; i > 5; i--) { s = s * 3.0; }
              return s;
            }
            float floatCount(float x) { float s = 0.0; for (float t = 0.0; t < 1.0; t += 0.25) { s = s + t * x; } return s; }
            float wraps(float x) { float s = 0.0; for (int i = 2147483645; i > 0; i++) { s = s + x; } return s; }
            float breaks(float x) { float s = 0.0; for (int i = 0; i < 6; i++) { if (s > k) { break; } s = s + x + float(i); } return s; }
            float continues(float x) {
              float s = 0.0;
              for (int i = 0; i < 5; i++) { if (x > float(i) * 0.5) { continue; } s = s + float(i); }
              return s;
            }
            float returns(float x) { for (int i = 0; i < 4; i++) { if (x < float(i) - 1.0) { return float(i); } } return -1.0; }
            float nested(float x) {
              float s = 0.0;
              for (int i = 0; i < 3; i++) { for (int j = 0; j < i; j++) { s = s + x * float(j + i); } }
              for (int i = 0; i < 2; i++) { for (int j = 0; j < n; j++) { s = s + float(i); } }
              return s;
            }
            float both(float x) {
              float s = 0.0;
              for (int i = 0; i < 4; i++) { if (s > 3.0) { break; } if (x < 0.0) { continue; } s = s + x; }
              return s;
            }
            float whiles(float x) {
              float s = x; int i = 0;
              while (i < 3) { s = s * 1.25; i++; }
              int j = 0;
              do { s = s + 1.0; j++; } while (j < 2);
              int m;
              for (m = 0; m < 3; m++) { s = s - 0.5; }
              return s + float(m);
            }
            void main() {
              float a = uv.x;
              float b = uv.y;
              for (int i = 0; i < 3; i++) { if (a > float(i)) { discard; } }
              c = vec4(up(a) + down(b) + leNe(a) + none(b), floatCount(b) + wraps(a) + breaks(b),
                       continues(a) + returns(b) + nested(a), both(b) + whiles(a));
            }
            """;

    /** What must stay a loop: two copies of {@code j < n}, {@code both}, and the do-while. */
    private static final int LOOPS_LEFT = 4;

    @Test
    void countedLoopsOfEveryShapeEvaluateTheSameUnrolled() {
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "loops.frag", SHADER, AS_LOWERED);
        assertThat(r.ok()).as(r.log()).isTrue();
        List<String> failures = new ArrayList<>();
        for (PassManager pipeline : List.of(FULL, MINIMAL)) {
            PassManager.Optimized o = optimized(pipeline, r.module());
            String dump = Printer.print(o.module());
            assertThat(o.ran()).as(dump).contains("unroll");
            assertThat(sourceLoops(o.module())).as(dump).isEqualTo(LOOPS_LEFT);
            Random random = new Random(11);
            for (int seed = 0; seed < 40; seed++) {
                Invocation inv = SimplifyCfgEquivalenceTest.invocation(r.module(), new Random(random.nextLong()));
                Result want = Evaluator.run(r.module(), inv);
                Result got = Evaluator.run(o.module(), inv);
                assertThat(want.status()).as(want.toString()).isIn(Result.Status.RETURNED, Result.Status.KILLED);
                if (want.status() != got.status() || !want.globals().equals(got.globals())) {
                    failures.add("seed " + seed + ": before " + want + "\nafter " + got + "\n" + dump);
                    break;
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    /** The random structured shaders of the CFG tests (loops of 0, 1 and 3 trips, nested, with returns and discard). */
    @Test
    void randomShadersEvaluateTheSameUnrolled() {
        List<String> failures = new ArrayList<>();
        int unrolled = 0;
        for (int n = 0; n < 60 && failures.isEmpty(); n++) {
            String source = new SimplifyCfgEquivalenceTest.RandomShader(new Random(5000 + n)).shader();
            ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "random" + n, source, AS_LOWERED);
            assertThat(r.ok()).as(source + "\n" + r.log()).isTrue();
            PassManager.Optimized o = optimized(FULL, r.module());
            if (o.ran().contains("unroll")) {
                unrolled++;
            }
            Random random = new Random(n);
            for (int seed = 0; seed < 8; seed++) {
                Invocation inv = SimplifyCfgEquivalenceTest.invocation(r.module(), new Random(random.nextLong()));
                Result want = Evaluator.run(r.module(), inv);
                Result got = Evaluator.run(o.module(), inv);
                if (want.status() != got.status() || !want.globals().equals(got.globals())) {
                    failures.add(source + "seed " + seed + ": before " + want + "\nafter " + got + "\n"
                            + Printer.print(o.module()));
                    break;
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(unrolled).isGreaterThan(30);
    }

    /**
     * Arrays indexed by the counter (the front end has none yet): down with ge, a uint counter
     * with ne and a step of 2 storing into a local, an index {@code i - 1} with le and a break, a
     * continue, a loop that never runs, and a float counter reading a uniform array.
     */
    static final String ARRAYS = """
            struct Lights { color: vec4[4], count: int }
            global @lights : ptr<uniform, Lights> set=0 binding=0 layout=std140
            global @c : ptr<output, vec4> location=0
            entry fragment @main(@c)

            func @down(%arg0: float, %arg1: int) -> float { ; x, n
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[4]> ; w
              store %0, {0.5:float, -1.0:float, 2.0:float, 0.25:float}:float[4]
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 (for.header)
              %1 = phi [0.0:float, bb0], [%7, bb3] : float ; s
              %2 = phi [3:int, bb0], [%8, bb3] : int ; i
              %3 = ge %2, 0:int : bool
              condbr %3, bb2, bb4
            bb2: ; (for.body)
              %4 = access %0, %2 : ptr<function, float>
              %5 = load %4 : float
              %6 = mul %1, %arg0 : float
              %7 = add %6, %5 : float
              br bb3
            bb3: ; (for.continue)
              %8 = sub %2, 1:int : int
              br bb1
            bb4: ; (for.merge)
              ret %1
            }

            func @evens(%arg0: float, %arg1: int) -> float { ; x, n
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[6]> ; a
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 (for.header)
              %1 = phi [0:uint, bb0], [%6, bb3] : uint ; u
              %2 = ne %1, 6:uint : bool
              condbr %2, bb2, bb4
            bb2: ; (for.body)
              %3 = access %0, %1 : ptr<function, float>
              %4 = convert %1 : float
              %5 = mul %4, %arg0 : float
              store %3, %5
              br bb3
            bb3: ; (for.continue)
              %6 = add %1, 2:uint : uint
              br bb1
            bb4: ; (for.merge)
              %7 = access %0, 2:int : ptr<function, float>
              %8 = load %7 : float
              %9 = access %0, 4:int : ptr<function, float>
              %10 = load %9 : float
              %11 = add %8, %10 : float
              ret %11
            }

            func @shifted(%arg0: float, %arg1: int) -> float { ; x, n
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[3]> ; w
              store %0, {1.0:float, 2.0:float, 4.0:float}:float[3]
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (for.header)
              %1 = phi [%arg0, bb0], [%9, bb5] : float ; s
              %2 = phi [1:int, bb0], [%10, bb5] : int ; i
              %3 = le %2, 3:int : bool
              condbr %3, bb2, bb6
            bb2: ; selection merge=bb4 (for.body)
              %4 = sub %2, 1:int : int
              %5 = access %0, %4 : ptr<function, float>
              %6 = load %5 : float
              %7 = gt %6, %1 : bool
              condbr %7, bb3, bb4
            bb3: ; (if.then)
              br bb6
            bb4: ; (if.merge)
              %8 = mul %6, 0.5:float : float
              %9 = add %1, %8 : float
              br bb5
            bb5: ; (for.continue)
              %10 = add %2, 1:int : int
              br bb1
            bb6: ; (for.merge)
              %11 = phi [%1, bb1], [%6, bb3] : float ; r
              ret %11
            }

            func @skips(%arg0: float, %arg1: int) -> float { ; x, n
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[4]> ; w
              store %0, {0.5:float, -1.0:float, 2.0:float, 0.25:float}:float[4]
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (for.header)
              %1 = phi [0.0:float, bb0], [%8, bb5] : float ; s
              %2 = phi [0:int, bb0], [%9, bb5] : int ; i
              %3 = lt %2, 4:int : bool
              condbr %3, bb2, bb6
            bb2: ; selection merge=bb4 (for.body)
              %4 = access %0, %2 : ptr<function, float>
              %5 = load %4 : float
              %6 = lt %2, %arg1 : bool
              condbr %6, bb3, bb4
            bb3: ; (if.then)
              br bb5
            bb4: ; (if.merge)
              %7 = add %1, %5 : float
              br bb5
            bb5: ; (for.continue)
              %8 = phi [%1, bb3], [%7, bb4] : float ; s
              %9 = add %2, 1:int : int
              br bb1
            bb6: ; (for.merge)
              %10 = mul %1, %arg0 : float
              ret %10
            }

            func @never(%arg0: float, %arg1: int) -> float { ; x, n
            bb0: ; (entry)
              %0 = alloca : ptr<function, float[4]> ; w
              store %0, {0.5:float, -1.0:float, 2.0:float, 0.25:float}:float[4]
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 (for.header)
              %1 = phi [%arg0, bb0], [%6, bb3] : float ; s
              %2 = phi [4:int, bb0], [%7, bb3] : int ; i
              %3 = lt %2, 4:int : bool
              condbr %3, bb2, bb4
            bb2: ; (for.body)
              %4 = access %0, %2 : ptr<function, float>
              %5 = load %4 : float
              %6 = add %1, %5 : float
              br bb3
            bb3: ; (for.continue)
              %7 = add %2, 1:int : int
              br bb1
            bb4: ; (for.merge)
              ret %1
            }

            func @main() -> void {
            bb0: ; (entry)
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 (for.header)
              %0 = phi [{0.0:float, 0.0:float, 0.0:float, 0.0:float}:vec4, bb0], [%6, bb3] : vec4 ; sum
              %1 = phi [0.0:float, bb0], [%7, bb3] : float ; t
              %2 = lt %1, 4.0:float : bool
              condbr %2, bb2, bb4
            bb2: ; (for.body)
              %3 = convert %1 : int
              %4 = access @lights, 0:int, %3 : ptr<uniform, vec4>
              %5 = load %4 : vec4
              %6 = add %0, %5 : vec4
              br bb3
            bb3: ; (for.continue)
              %7 = add %1, 0.25:float : float
              br bb1
            bb4: ; (for.merge)
              store @c, %0
              ret
            }
            """;

    @Test
    void arrayLoopsEvaluateTheSameWhereUnrollingPays() {
        Module m = SroaCfgText.parse(ARRAYS);
        // the pipelines CSIR gets (their passes, inlining aside): every loop here pays
        PassManager forCsir = new PassManager(List.of(), List.of(new Sroa(), new Mem2Reg(), new Combine(), new Cse(),
                new Dce(), new SimplifyCfg(), Unroll.whenItPays()), true);
        PassManager minimalForCsir = new PassManager(List.of(), List.of(new Sroa(), new Mem2Reg(), Unroll.whenItPays()), true);
        List<String> failures = new ArrayList<>();
        for (PassManager pipeline : List.of(forCsir, minimalForCsir)) {
            PassManager.Optimized o = optimized(pipeline, m);
            String dump = Printer.print(o.module());
            assertThat(sourceLoops(o.module())).as(dump).isZero();
            assertThat(dump).as("every array was split").doesNotContain("alloca");
            Random random = new Random(3);
            for (int seed = 0; seed < 24; seed++) {
                List<Val> args = List.of(Val.Num.of(ScalarType.FLOAT, Float.floatToRawIntBits(random.nextFloat() * 4 - 2)),
                        Val.Num.of(ScalarType.INT, random.nextInt(6)));
                for (Function f : m.functions()) {
                    if (f.params().isEmpty()) {
                        continue;
                    }
                    Result want = Evaluator.call(m, f, args, new Invocation());
                    Result got = Evaluator.call(o.module(), function(o.module(), f.name()), args, new Invocation());
                    if (!got.returned() || !want.returnValue().equals(got.returnValue())) {
                        failures.add("@" + f.name() + args + ": before " + want + ", after " + got + "\n" + dump);
                    }
                }
                Invocation inv = new Invocation().uniformMember("lights", "color", lights(random));
                Result want = Evaluator.run(m, inv);
                Result got = Evaluator.run(o.module(), inv);
                if (!want.globals().equals(got.globals())) {
                    failures.add("@main: before " + want + ", after " + got + "\n" + dump);
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    private static Val lights(Random random) {
        Val[] colors = new Val[4];
        for (int k = 0; k < colors.length; k++) {
            colors[k] = SimplifyCfgEquivalenceTest.random(VectorType.VEC4, random);
        }
        return Val.Agg.of(new ArrayType(VectorType.VEC4, 4), colors);
    }

    private static PassManager.Optimized optimized(PassManager pipeline, Module m) {
        PassManager.Result result = pipeline.run(m);
        assertThat(result).isInstanceOf(PassManager.Optimized.class);
        PassManager.Optimized o = (PassManager.Optimized) result;
        assertThat(o.rounds()).isLessThan(PassManager.MAX_ROUNDS);
        return o;
    }

    private static Function function(Module m, String name) {
        return m.functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** Loops of the source left (not the loops run once that the unroller makes). */
    private static int sourceLoops(Module m) {
        int n = 0;
        for (Function f : m.functions()) {
            for (Block b : f.blocks()) {
                if (b.structure() == StructureKind.LOOP && !"unroll.header".equals(b.name())) {
                    n++;
                }
            }
        }
        return n;
    }
}
