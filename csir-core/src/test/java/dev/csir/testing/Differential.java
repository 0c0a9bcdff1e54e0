package dev.csir.testing;

import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Texture2D;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.ShaderIr;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.build.ModuleBuilder;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.ssa.text.ParseResult;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;
import dev.csir.types.AddressSpace;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.Random;

/**
 * Runs one shader both ways on the same seeded inputs, the CSIR interpreter on its compiled
 * shader and the evaluator on its module, and compares what they leave: whether it discarded,
 * the outputs and gl_Position. Agreement is within {@link #TOLERANCE} relative (to at least 1;
 * NaN agrees with NaN, an infinity only with itself):
 * CSIR computes normalize, length, sqrt and division through reciprocal square roots and
 * reciprocals, exp through pow, tan as sin/cos, the evaluator with correctly rounded float
 * operations (and transcendentals in double, rounded once).
 */
public final class Differential {
    /** Relative agreement required of every output component (absolute below 1). */
    public static final float TOLERANCE = 1e-4f;

    private Differential() {
    }


    /**
     * For each source, compiled for CSIR (with no diagnostic at all, not even a warning) and to a
     * module: the first of {@code runs} random invocations where the interpreter and the evaluator
     * differ. One line per source that fails; empty when all agree.
     */
    public static java.util.List<String> disagreements(ShaderStage stage, java.util.List<String> sources, int runs,
            Random random) {
        java.util.List<String> wrong = new java.util.ArrayList<>();
        String file = stage == ShaderStage.VERTEX ? "s.vert" : "s.frag";
        for (String src : sources) {
            dev.csir.CompileResult r = dev.csir.ShaderCompiler.compile(
                    stage == ShaderStage.VERTEX ? dev.csir.ir.Stage.VERTEX : dev.csir.ir.Stage.FRAGMENT, file, src);
            if (!r.ok() || !r.diagnostics().isEmpty()) {
                wrong.add(src + ":\n" + r.log());
                continue;
            }
            Module m = dev.csir.ShaderCompiler.compileModule(stage, file, src).module();
            for (int run = 0; run < runs; run++) {
                String d = compare(stage, r.ir(), m, random);
                if (d != null) {
                    wrong.add(src + ": " + d);
                    break;
                }
            }
        }
        return wrong;
    }

    /** Problems of the module: verifier findings, or a dump that does not round-trip; null when none. */
    public static String verifyAndRoundTrip(Module m) {
        var problems = Verifier.verify(m);
        if (!problems.isEmpty()) {
            return "verifier: " + problems;
        }
        String text = Printer.print(m);
        if (!(Parser.parse(text) instanceof ParseResult.Parsed parsed)) {
            return "the dump does not parse: " + Parser.parse(text);
        }
        String again = Printer.print(parsed.module());
        if (!again.equals(text)) {
            return "the dump does not round-trip";
        }
        return null;
    }

    /** The CSIR interpreter's own sampling, as the evaluator asks for it. */
    private static double[] nearest(Texture2D t, float u, float v) {
        float[] rgba = new float[4];
        Texture2D.sample(t, u, v, rgba, 0);
        return new double[] {rgba[0], rgba[1], rgba[2], rgba[3]};
    }

    /**
     * One random invocation on both sides; null when they agree, else what differs. Inputs and
     * uniforms: floats in [-2, 2), ints in [-5, 5], uints in [0, 10], bools; a vertex attribute's missing w reads 1;
     * gl_FragCoord at a pixel centre of a 64x64 target; every sampler a random 4x4 texture, which
     * the evaluator samples through the interpreter's own {@link Texture2D#sample}.
     */
    public static String compare(ShaderStage stage, ShaderIr ir, Module m, Random random) {
        Interpreter exec = Interpreter.of(ir, null);
        Frame frame = exec.newFrame();
        Invocation inv = new Invocation();
        float[] fc = {random.nextInt(64) + 0.5f, random.nextInt(64) + 0.5f, random.nextFloat(), 1f};
        frame.fragCoord(fc[0], fc[1], fc[2], fc[3]);
        java.util.Map<String, Texture2D> textures = new java.util.HashMap<>();
        // the CSIR uniforms of an array or struct member (lights[0].color), put together for the evaluator
        java.util.Map<String, Val> leaves = new java.util.HashMap<>();
        java.util.Map<String, GlobalVariable> aggregates = new java.util.LinkedHashMap<>();
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
            GlobalVariable aggregateBlock = v.kind() == InterfaceVar.Kind.UNIFORM ? aggregateBlock(m, v.name()) : null;
            Type t = aggregateBlock != null ? leafType(m, aggregateBlock, v.name())
                    : v.kind() == InterfaceVar.Kind.UNIFORM ? member(m, v.name()) : g.valueType();
            int n = t.componentCount();
            float[] values = new float[Math.max(4, n)];
            long[] bits = new long[n];
            for (int i = 0; i < n; i++) {
                float f = switch (t.scalarKind()) {
                    case BOOL -> random.nextBoolean() ? 1 : 0;
                    case INT -> random.nextInt(11) - 5;
                    case UINT -> random.nextInt(11); // a uint input is a whole float, so not negative
                    default -> random.nextFloat() * 4 - 2;
                };
                values[i] = f;
                bits[i] = t.scalarKind() == ScalarKind.FLOAT ? Float.floatToRawIntBits(f) & 0xFFFF_FFFFL
                        : (long) f & 0xFFFF_FFFFL;
            }
            if (t.scalarKind() == ScalarKind.FLOAT && n < 4 && v.kind() == InterfaceVar.Kind.INPUT
                    && stage == ShaderStage.VERTEX) {
                values[3] = 1f; // an attribute's missing w reads as 1
            }
            Val.Num val = Val.Num.of(t, bits);
            switch (v.kind()) {
                case INPUT -> {
                    // a matrix, a column at each slot from its own on
                    int rows = t instanceof MatrixType mt ? mt.rows() : 4;
                    for (int col = 0; col < (t instanceof MatrixType mt ? mt.columns() : 1); col++) {
                        float[] c = new float[4];
                        System.arraycopy(values, col * rows, c, 0, Math.min(4, values.length - col * rows));
                        if (t instanceof MatrixType && rows < 4) {
                            java.util.Arrays.fill(c, rows, 4, 0f);
                        }
                        if (stage == ShaderStage.VERTEX) {
                            frame.attribute(v.slot() + col, c[0], c[1], c[2], c[3]);
                        } else {
                            frame.varying(v.slot() + col, c[0], c[1], c[2], c[3]);
                        }
                    }
                    inv.input(v.name(), val);
                }
                case UNIFORM -> {
                    if (t instanceof MatrixType mt) {
                        frame.uniformMatrix(v.slot(), mt.columns(), mt.rows(), values);
                    } else {
                        frame.uniform(v.slot(), values[0], values[1], values[2], values[3]);
                    }
                    if (aggregateBlock != null) {
                        leaves.put(v.name(), val);
                        aggregates.put(rootName(v.name()), aggregateBlock);
                    } else {
                        inv.uniformMember(uniformBlock(m, v.name()).name(), memberName(v.name()), val);
                    }
                }
                default -> {
                }
            }
        }
        aggregates.forEach((root, block) -> {
            StructType s = (StructType) block.valueType();
            inv.uniformMember(block.name(), root, assemble(s.members().get(s.indexOf(root)).type(), root, leaves));
        });
        if (stage == ShaderStage.FRAGMENT) {
            inv.input("gl_FragCoord", Val.Num.of(VectorType.VEC4, bitsOf(fc)));
        }
        inv.sampler(new dev.csir.ssa.eval.TextureSampler() {
            @Override
            public double[] lookup(Lookup lookup) {
                Texture2D t = textures.get(lookup.texture().name());
                int[] o = lookup.offsets().isEmpty() ? new int[2] : lookup.offsets().getFirst();
                if (lookup.kind() == Kind.GATHER || !lookup.offsets().isEmpty()) {
                    float[] rgba = new float[4];
                    int packed = dev.csir.ir.TexelOffset.pack(o[0], o[1], lookup.component());
                    float u = lookup.coord().floatAt(0), v = lookup.coord().floatAt(1);
                    switch (lookup.kind()) {
                        case GATHER -> Texture2D.gather(t, u, v, packed, rgba, 0);
                        case FETCH -> Texture2D.fetchOffset(t, lookup.coord().intAt(0), lookup.coord().intAt(1),
                                lookup.lodOrBias().intAt(0), packed, rgba, 0);
                        default -> Texture2D.sampleOffset(t, u, v, packed, rgba, 0);
                    }
                    return new double[] {rgba[0], rgba[1], rgba[2], rgba[3]};
                }
                if (lookup.kind() == Kind.FETCH) {
                    float[] rgba = new float[4];
                    Texture2D.fetch(t, lookup.coord().intAt(0), lookup.coord().intAt(1), lookup.lodOrBias().intAt(0), rgba, 0);
                    return new double[] {rgba[0], rgba[1], rgba[2], rgba[3]};
                }
                // one level: the bias, the level and the derivatives change nothing
                return nearest(t, lookup.coord().floatAt(0), lookup.coord().floatAt(1));
            }

            @Override
            public int[] size(GlobalVariable texture, java.util.List<Integer> element, int lod) {
                Texture2D t = textures.get(texture.name());
                int level = Math.clamp(lod, 0, 30);
                return t == null ? new int[] {0, 0} : new int[] {Math.max(1, t.width() >> level),
                        Math.max(1, t.height() >> level)};
            }
        });
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
            float[] want = stage == ShaderStage.FRAGMENT ? slice(frame.color(), v.slot())
                    : v.type().isMatrix() ? columns(frame.varyingsOut(), v.slot(), v.type())
                    : slice(frame.varyingsOut(), v.slot());
            String d = differ(v.name(), want, r.num(v.name()));
            if (d != null) {
                return d;
            }
        }
        if (stage == ShaderStage.VERTEX) {
            return differ("gl_Position", frame.position(), r.num("gl_Position"));
        }
        return null;
    }

    /**
     * Random values for every stage input and default-block uniform of a module, for the
     * evaluator alone: mostly as {@link #compare} chooses them, and with {@code edges} also
     * zeros, negative zeros, large values, infinities and NaNs now and then.
     */
    /** The status and, when the invocation returned, the outputs of a run: what two equivalent modules share. */
    public static String outcome(Result r) {
        return r.status() == Result.Status.RETURNED ? "RETURNED " + r.outputs() : r.status().toString();
    }

    public static Invocation invocation(Module m, Random random, boolean edges) {
        Invocation inv = new Invocation();
        for (GlobalVariable g : m.globals()) {
            if (g.space() == AddressSpace.INPUT) {
                if (g.builtIn() == BuiltIn.FRAG_COORD) {
                    float[] fc = {random.nextInt(64) + 0.5f, random.nextInt(64) + 0.5f, random.nextFloat(), 1f};
                    inv.input(g.name(), Val.Num.of(VectorType.VEC4, bitsOf(fc)));
                } else if (g.builtIn() == null) {
                    inv.input(g.name(), randomValue(g.valueType(), random, edges));
                }
            } else if (g.space() == AddressSpace.UNIFORM && g.name().equals(ModuleBuilder.DEFAULT_BLOCK)) {
                for (StructType.Member member : ((StructType) g.valueType()).members()) {
                    inv.uniformMember(g.name(), member.name(), randomValue(member.type(), random, edges));
                }
            }
        }
        return inv;
    }

    private static Val.Num randomValue(Type t, Random random, boolean edges) {
        int n = t.componentCount();
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = switch (t.scalarKind()) {
                case BOOL -> random.nextBoolean() ? 1 : 0;
                case INT, UINT -> (edges && random.nextInt(50) == 0 ? random.nextInt() : random.nextInt(11) - 5)
                        & 0xFFFF_FFFFL;
                default -> Float.floatToRawIntBits(randomFloat(random, edges)) & 0xFFFF_FFFFL;
            };
        }
        return Val.Num.of(t, bits);
    }

    private static float randomFloat(Random random, boolean edges) {
        if (edges) {
            switch (random.nextInt(40)) {
                case 0 -> {
                    return 0f;
                }
                case 1 -> {
                    return -0f;
                }
                case 2 -> {
                    return random.nextBoolean() ? 1e30f : -1e30f;
                }
                case 3 -> {
                    return Float.NaN;
                }
                case 4 -> {
                    return random.nextBoolean() ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
                }
                default -> {
                }
            }
        }
        return random.nextFloat() * 4 - 2;
    }

    private static long[] bitsOf(float[] f) {
        long[] b = new long[f.length];
        for (int i = 0; i < f.length; i++) {
            b[i] = Float.floatToRawIntBits(f[i]) & 0xFFFF_FFFFL;
        }
        return b;
    }

    /** A matrix output's components, column by column from its consecutive slots. */
    private static float[] columns(float[] a, int slot, dev.csir.ir.Type t) {
        float[] out = new float[t.columns() * t.components()];
        for (int col = 0; col < t.columns(); col++) {
            System.arraycopy(a, (slot + col) * 4, out, col * t.components(), t.components());
        }
        return out;
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
            // infinities must match exactly: the relative bound of an infinity would take anything
            boolean same = (Float.isNaN(g) && Float.isNaN(w)) || g == w
                    || (Float.isFinite(g) && Float.isFinite(w)
                            && Math.abs(g - w) <= TOLERANCE * Math.max(1f, Math.max(Math.abs(g), Math.abs(w))));
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
        GlobalVariable block = uniformBlock(m, name);
        var struct = (StructType) block.valueType();
        return struct.members().get(struct.indexOf(memberName(name))).type();
    }

    /** The uniform or push-constant block that holds the CSIR uniform {@code name} (a member's, or {@code Block.member}). */
    private static GlobalVariable uniformBlock(Module m, String name) {
        return m.globals().stream().filter(g -> (g.space() == AddressSpace.UNIFORM
                || g.space() == AddressSpace.PUSH_CONSTANT) && g.valueType() instanceof StructType s
                && s.indexOf(memberName(name)) >= 0 && (!name.contains(".") || name.startsWith(s.name() + ".")))
                .findFirst().orElseThrow();
    }

    /** The name up to the first {@code [} or {@code .}: the block member a CSIR uniform belongs to. */
    private static String rootName(String name) {
        int end = 0;
        while (end < name.length() && name.charAt(end) != '[' && name.charAt(end) != '.') {
            end++;
        }
        return name.substring(0, end);
    }

    /** The block whose member of array or struct type the CSIR uniform {@code name} is part of, or null. */
    private static GlobalVariable aggregateBlock(Module m, String name) {
        String root = rootName(name);
        return m.globals().stream().filter(g -> (g.space() == AddressSpace.UNIFORM
                || g.space() == AddressSpace.PUSH_CONSTANT) && g.valueType() instanceof StructType s
                && s.indexOf(root) >= 0 && (s.members().get(s.indexOf(root)).type() instanceof dev.csir.types.ArrayType
                        || s.members().get(s.indexOf(root)).type() instanceof StructType))
                .findFirst().orElse(null);
    }

    /** The type of the leaf {@code name} ({@code lights[1].k[0]}) of an aggregate member of {@code block}. */
    private static Type leafType(Module m, GlobalVariable block, String name) {
        StructType s = (StructType) block.valueType();
        String root = rootName(name);
        Type t = s.members().get(s.indexOf(root)).type();
        String rest = name.substring(root.length());
        while (!rest.isEmpty()) {
            if (rest.charAt(0) == '[') {
                t = ((dev.csir.types.ArrayType) t).element();
                rest = rest.substring(rest.indexOf(']') + 1);
            } else {
                String field = rootName(rest.substring(1));
                t = ((StructType) t).members().get(((StructType) t).indexOf(field)).type();
                rest = rest.substring(1 + field.length());
            }
        }
        return t;
    }

    /** The value of an aggregate uniform from its leaves, named as CSIR names them. */
    private static Val assemble(Type t, String name, java.util.Map<String, Val> leaves) {
        return switch (t) {
            case dev.csir.types.ArrayType a -> {
                Val[] e = new Val[a.length()];
                for (int i = 0; i < e.length; i++) {
                    e[i] = assemble(a.element(), name + "[" + i + "]", leaves);
                }
                yield Val.Agg.of(a, e);
            }
            case StructType st -> {
                Val[] e = new Val[st.members().size()];
                for (int i = 0; i < e.length; i++) {
                    e[i] = assemble(st.members().get(i).type(), name + "." + st.members().get(i).name(), leaves);
                }
                yield Val.Agg.of(st, e);
            }
            default -> leaves.get(name);
        };
    }

    private static String memberName(String name) {
        return name.substring(name.indexOf('.') + 1);
    }
}
