package dev.csir.ssa.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Texture2D;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.AddressSpace;
import dev.csir.types.ScalarKind;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every shader csir compiles today, through the new path: it lowers to a module that verifies,
 * whose dump round-trips, and whose evaluation agrees with the CSIR interpreter's run of the
 * compiled shader on seeded random inputs. Agreement is within 1e-4 relative: CSIR computes
 * normalize, length and division through reciprocal square roots and reciprocals, the evaluator
 * with correctly rounded float operations. Textures are random 4x4 images, sampled on the
 * evaluator's side by the CSIR interpreter's rule (nearest texel, coordinates clamped to [0, 1],
 * texel {@code (int)(u * (w - 1) + 0.5)}).
 */
class CorpusModulesTest {
    static final int SEEDS = 16;

    static Module module(ShaderCorpus.Source s) {
        ModuleResult r = ShaderCompiler.compileModule(s.stage(), s.name(), s.text());
        assertThat(r.ok()).as(s.name() + "\n" + r.log()).isTrue();
        return r.module();
    }

    static List<ShaderCorpus.Source> accepted() {
        List<ShaderCorpus.Source> out = new ArrayList<>();
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            if (csir(s).ok()) {
                out.add(s);
            }
        }
        return out;
    }

    static CompileResult csir(ShaderCorpus.Source s) {
        return ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT, s.name(),
                s.text());
    }

    @Test
    void everyModuleVerifiesAndItsDumpRoundTrips() {
        List<String> failures = new ArrayList<>();
        for (ShaderCorpus.Source s : accepted()) {
            Module m = module(s);
            var problems = Verifier.verify(m);
            if (!problems.isEmpty()) {
                failures.add(s.name() + ": " + problems + "\n" + Printer.print(m));
                continue;
            }
            String text = Printer.print(m);
            String again = Printer.print(Parser.parse(text).orElseThrow());
            if (!again.equals(text)) {
                failures.add(s.name() + ": the dump does not round-trip");
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void evaluationAgreesWithTheCsirInterpreter() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (ShaderCorpus.Source s : accepted()) {
            ShaderIr ir = csir(s).ir();
            Module m = module(s);
            Random random = new Random(s.name().hashCode());
            for (int seed = 0; seed < SEEDS && failures.size() < 10; seed++) {
                String diff = compare(s, ir, m, random);
                if (diff != null) {
                    failures.add(s.name() + " seed " + seed + ": " + diff);
                    break;
                }
            }
            compared++;
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isGreaterThanOrEqualTo(8);
    }

    /** One random invocation on both sides; null when they agree. */
    private static String compare(ShaderCorpus.Source s, ShaderIr ir, Module m, Random random) {
        Interpreter exec = Interpreter.of(ir, null);
        Frame frame = exec.newFrame();
        Invocation inv = new Invocation();
        float[] fc = {random.nextInt(64) + 0.5f, random.nextInt(64) + 0.5f, random.nextFloat(), 1f};
        frame.fragCoord(fc[0], fc[1], fc[2], fc[3]);
        java.util.Map<String, Texture2D> textures = new java.util.HashMap<>();
        for (InterfaceVar v : ir.iface().vars()) {
            if (v.isSampler()) {
                int[] argb = new int[16];
                for (int i = 0; i < argb.length; i++) {
                    argb[i] = random.nextInt();
                }
                Texture2D t = new Texture2D(4, 4, argb);
                frame.texture(v.slot(), t);
                textures.put(v.name(), t);
                continue;
            }
            if (v.kind() == InterfaceVar.Kind.OUTPUT) {
                continue;
            }
            GlobalVariable g = global(m, v);
            Type t = v.kind() == InterfaceVar.Kind.UNIFORM ? member(m, v.name()) : g.valueType();
            int n = t.componentCount();
            float[] values = new float[Math.max(4, n)];
            long[] bits = new long[n];
            for (int i = 0; i < n; i++) {
                float f = switch (t.scalarKind()) {
                    case BOOL -> random.nextBoolean() ? 1 : 0;
                    case INT, UINT -> random.nextInt(11) - 5;
                    default -> random.nextFloat() * 4 - 2;
                };
                values[i] = f;
                bits[i] = t.scalarKind() == ScalarKind.FLOAT ? Float.floatToRawIntBits(f) & 0xFFFF_FFFFL
                        : (long) f & 0xFFFF_FFFFL;
            }
            if (t.scalarKind() == ScalarKind.FLOAT && n < 4 && v.kind() == InterfaceVar.Kind.INPUT
                    && s.stage() == ShaderStage.VERTEX) {
                values[3] = 1f; // an attribute's missing w reads as 1
            }
            Val.Num val = Val.Num.of(t, bits);
            switch (v.kind()) {
                case INPUT -> {
                    if (s.stage() == ShaderStage.VERTEX) {
                        frame.attribute(v.slot(), values[0], values[1], values[2], values[3]);
                    } else {
                        frame.varying(v.slot(), values[0], values[1], values[2], values[3]);
                    }
                    inv.input(v.name(), val);
                }
                case UNIFORM -> {
                    if (t instanceof dev.csir.types.MatrixType mt) {
                        frame.uniformMatrix(v.slot(), mt.columns(), values);
                    } else {
                        frame.uniform(v.slot(), values[0], values[1], values[2], values[3]);
                    }
                    inv.uniformMember(ModuleBuilder.DEFAULT_BLOCK, v.name(), val);
                }
                default -> {
                }
            }
        }
        if (s.stage() == ShaderStage.FRAGMENT) {
            inv.input("gl_FragCoord", Val.Num.of(dev.csir.types.VectorType.VEC4, bitsOf(fc)));
        }
        inv.sampler(lookup -> nearest(textures.get(lookup.texture().name()), lookup.coord().floatAt(0),
                lookup.coord().floatAt(1)));
        exec.run(frame);
        Result r = Evaluator.run(m, inv);
        if (frame.discarded() != (r.status() == Result.Status.KILLED)) {
            return "discarded: csir " + frame.discarded() + ", evaluator " + r;
        }
        if (!r.returned() && r.status() != Result.Status.KILLED) {
            return "evaluator " + r;
        }
        if (frame.discarded()) {
            return null;
        }
        for (InterfaceVar v : ir.iface().outputs()) {
            float[] want = s.stage() == ShaderStage.FRAGMENT ? frame.color() : slice(frame.varyingsOut(), v.slot());
            String d = differ(v.name(), want, r.num(v.name()));
            if (d != null) {
                return d;
            }
        }
        if (s.stage() == ShaderStage.VERTEX) {
            return differ("gl_Position", frame.position(), r.num("gl_Position"));
        }
        return null;
    }

    /** The CSIR interpreter's nearest sampling (Texture2D, the original's rule), as the evaluator asks it. */
    private static double[] nearest(Texture2D t, float u, float v) {
        if (t == null) {
            return new double[4];
        }
        u = u < 0f ? 0f : u > 1f ? 1f : u;
        v = v < 0f ? 0f : v > 1f ? 1f : v;
        int x = Math.clamp((int) (u * (t.width() - 1) + 0.5f), 0, t.width() - 1);
        int y = Math.clamp((int) (v * (t.height() - 1) + 0.5f), 0, t.height() - 1);
        int p = t.texel(x, y);
        return new double[] {((p >>> 16) & 0xFF) / 255f, ((p >>> 8) & 0xFF) / 255f, (p & 0xFF) / 255f,
            (p >>> 24) / 255f};
    }

    private static long[] bitsOf(float[] f) {
        long[] b = new long[f.length];
        for (int i = 0; i < f.length; i++) {
            b[i] = Float.floatToRawIntBits(f[i]) & 0xFFFF_FFFFL;
        }
        return b;
    }

    private static float[] slice(float[] a, int slot) {
        float[] out = new float[4];
        System.arraycopy(a, slot * 4, out, 0, 4);
        return out;
    }

    private static String differ(String name, float[] want, Val.Num got) {
        if (got == null) {
            return name + " missing from the evaluator's outputs";
        }
        for (int i = 0; i < got.size(); i++) {
            float g = switch (got.kind()) {
                case FLOAT -> got.floatAt(i);
                case BOOL -> got.boolAt(i) ? 1 : 0;
                default -> got.intAt(i);
            };
            float w = want[i];
            boolean same = (Float.isNaN(g) && Float.isNaN(w))
                    || Math.abs(g - w) <= 1e-4f * Math.max(1f, Math.max(Math.abs(g), Math.abs(w)));
            if (!same) {
                return name + "[" + i + "]: csir " + w + ", evaluator " + g;
            }
        }
        return null;
    }

    private static GlobalVariable global(Module m, InterfaceVar v) {
        return m.globals().stream().filter(g -> g.name().equals(v.name())
                && (g.space() == AddressSpace.INPUT || g.space() == AddressSpace.OUTPUT)).findFirst().orElse(null);
    }

    private static Type member(Module m, String name) {
        var block = m.global(ModuleBuilder.DEFAULT_BLOCK).orElseThrow();
        var struct = (dev.csir.types.StructType) block.valueType();
        return struct.members().get(struct.indexOf(name)).type();
    }
}
